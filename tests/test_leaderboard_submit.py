"""Submission flow: validate before storing, name the line and field, store nothing on rejection."""

from __future__ import annotations

import json

import pytest

from contracts.jsonl import numbered_lines
from leaderboard.store import LocalStore, ModelMeta
from leaderboard.submit import (
    MAX_SUBMISSION_BYTES,
    Datasets,
    load_datasets,
    make_meta,
    submit,
)
from tests.test_leaderboard_support import faithful, submission_bytes, tagged_scorer

META = ModelMeta("tester", "v1", "2025-06", 8.0, "https://example.org/model")


@pytest.fixture(scope="module")
def datasets(default_build) -> Datasets:
    return load_datasets([default_build])


@pytest.fixture()
def store(tmp_path) -> LocalStore:
    return LocalStore(tmp_path / "results")


def snapshot(store: LocalStore) -> dict[str, bytes]:
    root = store.root
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file() and p.name != ".lock"} if root.exists() else {}


def dataset(datasets):
    return datasets.get(datasets.latest)


def test_a_valid_submission_is_scored_stored_and_counts_failures(datasets, store):
    cells = list(dataset(datasets).cells)
    raw = submission_bytes(dataset(datasets), faithful, failed={cells[0]})
    outcome = submit(raw, META, store, datasets, scorer=tagged_scorer)
    assert outcome.status == "scored", outcome.reason
    assert outcome.record.failures == 1
    assert store.ids() == [outcome.record.id]
    aggregate = store.aggregate(outcome.record.id)
    assert len(aggregate.cells) == len(cells), "every cell is kept, answered or not"
    assert sum(c.counts["failures"] for c in aggregate.cells) == 1


def test_resubmitting_the_same_file_is_recognised(datasets, store):
    raw = submission_bytes(dataset(datasets), faithful)
    first = submit(raw, META, store, datasets, scorer=tagged_scorer)
    again = submit(raw, ModelMeta("someone else", "v9"), store, datasets, scorer=tagged_scorer)
    assert again.status == "duplicate" and again.record == first.record
    assert len(store.ids()) == 1


@pytest.mark.parametrize(
    "mutate, expected",
    [
        (lambda rows: rows.__setitem__(2, "{not json"), "line 3: not valid JSON"),
        (lambda rows: rows.__setitem__(4, json.dumps({"cell_id": "us-1999-01-real-full", "commentary": "x"})),
         "line 5, field 'cell_id': unknown cell id"),
        (lambda rows: rows.__setitem__(1, json.dumps({"cell_id": json.loads(rows[1])["cell_id"], "commentary": 7})),
         "line 2, field 'commentary'"),
        (lambda rows: rows.__setitem__(0, json.dumps({**json.loads(rows[0]), "sample": -1})), "line 1, field 'sample'"),
        (lambda rows: rows.__setitem__(0, json.dumps({**json.loads(rows[0]), "status": "failed"})), "line 1, field 'error'"),
        (lambda rows: rows.__setitem__(0, json.dumps({**json.loads(rows[0]), "colour": "red"})), "line 1, field 'colour'"),
        (lambda rows: rows.append(rows[3]), "line 25, field 'cell_id': duplicate of line 4"),
        (lambda rows: rows.__delitem__(slice(0, 3)), "field 'cell_id': only 21 of 24 cells answered"),
    ],
)
def test_a_broken_submission_names_line_and_field_and_stores_nothing(datasets, store, mutate, expected):
    submit(submission_bytes(dataset(datasets), faithful), META, store, datasets, scorer=tagged_scorer)
    before = snapshot(store)
    rows = [raw for _, raw in numbered_lines(submission_bytes(dataset(datasets), lambda cell: f"other {cell.cell_id} [supported]").decode())]
    mutate(rows)
    outcome = submit(("\n".join(rows) + "\n").encode(), META, store, datasets, scorer=tagged_scorer)
    assert outcome.status == "rejected"
    assert expected in outcome.reason
    assert snapshot(store) == before


def test_non_utf8_and_oversized_files_are_rejected(datasets, store):
    bad = b'{"cell_id": "x", "commentary": "ok"}\n{"cell_id": "\xff"}\n'
    outcome = submit(bad, META, store, datasets, scorer=tagged_scorer)
    assert outcome.status == "rejected" and "line 2: not UTF-8" in outcome.reason
    huge = b" " * (MAX_SUBMISSION_BYTES + 1)
    assert "limit" in submit(huge, META, store, datasets, scorer=tagged_scorer).reason
    assert snapshot(store) == {}


def test_metadata_is_validated_by_field(datasets, store):
    raw = submission_bytes(dataset(datasets), faithful)
    bad = make_meta("", "v1", knowledge_cutoff="June 2025", params_b="many", link="javascript:alert(1)")
    outcome = submit(raw, bad, store, datasets, scorer=tagged_scorer)
    assert outcome.status == "rejected"
    for field in ("name", "knowledge_cutoff", "params_b", "link"):
        assert f"field '{field}'" in outcome.reason
    assert snapshot(store) == {}


def test_form_metadata_turns_blanks_into_unknowns():
    meta = make_meta(" m ", "v1", knowledge_cutoff=" ", params_b="70B", link="")
    assert meta == ModelMeta("m", "v1", None, 70.0, None)


def test_an_unknown_dataset_version_is_rejected(datasets, store):
    outcome = submit(b"", META, store, datasets, release="1999.01", scorer=tagged_scorer)
    assert outcome.status == "rejected" and "field 'release'" in outcome.reason
