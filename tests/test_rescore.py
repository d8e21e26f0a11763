"""A pinned scorer: every result records the scorer version and dataset revision; `mcb rescore` adds
the current scorer's results beside the old ones, which stay readable, and nothing is lost."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import extractors.version
from extractors.version import UNPINNED, fingerprint, scorer_files, scorer_version
from leaderboard.columns import READ_RATE, SCORER
from leaderboard.ranking import BoardFilter, cells_frame, rank
from leaderboard.rescore import rescore_store
from leaderboard.store import LocalStore, ModelMeta
from leaderboard.submit import Datasets, load_datasets, submit
from tests.test_leaderboard_support import faithful, fabricator, submission_bytes, tagged_scorer

NEXT_RELEASE = "2099.1.0"


@pytest.fixture(scope="module")
def datasets(default_build) -> Datasets:
    return load_datasets([default_build])


def files_of(store: LocalStore) -> dict[str, bytes]:
    return {str(p.relative_to(store.root)): p.read_bytes() for p in store.root.rglob("*") if p.is_file() and p.name != ".lock"}


def board(store: LocalStore, chosen: BoardFilter = BoardFilter()):
    return rank(store.records(), cells_frame(store.entries(), scorer_version()), chosen).set_index("model")


def stored(datasets, tmp_path) -> tuple[LocalStore, dict[str, str]]:
    store = LocalStore(tmp_path / "results")
    dataset = datasets.get(datasets.latest)
    ids = {}
    for name, commentary in (("faithful", faithful), ("fabricator", fabricator)):
        outcome = submit(submission_bytes(dataset, commentary), ModelMeta(name, "v1"), store, datasets, scorer=tagged_scorer)
        assert outcome.status == "scored", outcome.reason
        ids[name] = outcome.record.id
    return store, ids


def test_every_stored_result_records_the_scorer_version_and_the_dataset_revision(datasets, tmp_path):
    store, ids = stored(datasets, tmp_path)
    dataset = datasets.get(datasets.latest)
    version = scorer_version()
    assert version.startswith(extractors.version.package_version() + "+")
    for sid in ids.values():
        assert store.scorers(sid) == [version]
        result = store.aggregate(sid)
        assert (result.scorer, result.dataset_revision) == (version, dataset.revision) and result.scored_at
        summary = json.loads(store.score_file(sid, "summary.json", version))
        assert summary["scorer"] == version and summary["dataset_revision"] == dataset.revision
        assert (store.root / "scores" / sid / version / "cells.csv").is_file()
    assert set(board(store)[SCORER]) == {version}


def test_a_rescore_changes_a_stored_results_version_and_nothing_is_lost(datasets, tmp_path, monkeypatch):
    store, ids = stored(datasets, tmp_path)
    old = scorer_version()
    before = files_of(store)
    old_board = board(store)

    monkeypatch.setattr(extractors.version, "package_version", lambda: NEXT_RELEASE)  # a new scorer release
    new = scorer_version()
    assert new != old and new.startswith(NEXT_RELEASE + "+")
    outcomes = rescore_store(LocalStore(store.root), datasets, scorer=tagged_scorer)
    assert {(o.id, o.status, o.scorer) for o in outcomes} == {(sid, "rescored", new) for sid in ids.values()}

    after = files_of(store)
    assert {name: after.get(name) for name in before} == before, "every earlier file is still there, byte for byte"
    fresh = LocalStore(store.root)
    for sid in ids.values():
        assert sorted(fresh.scorers(sid)) == sorted([old, new])
        assert fresh.aggregate(sid, old).scorer == old, "the old result stays readable"
        assert fresh.aggregate(sid).scorer == new
    now = board(fresh)
    assert set(now[SCORER]) == {new}, "the board uses the current scorer by default"
    assert list(now[READ_RATE]) == list(old_board[READ_RATE])
    pinned = board(fresh, BoardFilter(scorer=old))
    assert set(pinned[SCORER]) == {old} and len(pinned) == len(ids), "and shows the old results when asked"

    again = rescore_store(fresh, datasets, scorer=tagged_scorer)
    assert {o.status for o in again} == {"current"}
    assert files_of(store) == after, "a second rescore writes nothing"


def test_a_store_from_before_scorer_versions_reads_as_unpinned_and_is_rescored(datasets, tmp_path):
    """The layout stores had before results were versioned: scores/{id}/*, aggregates/{id}.json."""
    store, ids = stored(datasets, tmp_path)
    version = scorer_version()
    for sid in ids.values():  # move each result to the old layout, as an old store holds it
        for path in (store.root / "scores" / sid / version).iterdir():
            path.rename(store.root / "scores" / sid / path.name)
        (store.root / "scores" / sid / version).rmdir()
        legacy = json.loads((store.root / "aggregates" / sid / f"{version}.json").read_text())
        for key in ("scorer", "dataset_revision", "scored_at"):
            legacy.pop(key)
        for cell in legacy["cells"]:  # before the registry: coverage and the margin were their own keys
            values = cell.pop("values")
            cell.update(coverage=values["coverage"], semantic_margin=values["semantic_margin"])
        (store.root / "aggregates" / sid / f"{version}.json").unlink()
        (store.root / "aggregates" / sid).rmdir()
        (store.root / "aggregates" / f"{sid}.json").write_text(json.dumps(legacy))
    old = LocalStore(store.root)
    before = files_of(old)
    assert set(board(old)[SCORER]) == {UNPINNED}
    assert board(old).loc["faithful", READ_RATE] == 1.0

    outcomes = rescore_store(old, datasets, scorer=tagged_scorer)
    assert {o.status for o in outcomes} == {"rescored"}
    fresh = LocalStore(store.root)
    assert set(board(fresh)[SCORER]) == {version}
    assert {name: files_of(fresh).get(name) for name in before} == before
    assert all(fresh.aggregate(sid, UNPINNED).scorer == UNPINNED for sid in ids.values())


def test_a_submission_whose_dataset_is_not_loaded_is_skipped_with_the_reason(datasets, tmp_path, monkeypatch):
    store, ids = stored(datasets, tmp_path)
    monkeypatch.setattr(extractors.version, "package_version", lambda: NEXT_RELEASE)
    outcomes = rescore_store(store, Datasets({}), scorer=tagged_scorer)
    assert {o.status for o in outcomes} == {"skipped"}
    assert all("is not loaded" in o.reason for o in outcomes)
    assert all(len(store.scorers(sid)) == 1 for sid in ids.values())


def test_the_scorer_hash_covers_rule_files_name_tables_and_extractor_code(tmp_path):
    root, data = tmp_path / "project", tmp_path / "project" / "data"
    for relative, text in {
        "extractors/extract.py": "RULES = 1\n", "extractors/cli.py": "# arguments\n", "extractors/rules/ranks.toml": "a = 1\n",
        "contracts/vocabulary.py": "X = 1\n", "data/universes.toml": "[markets.us]\n", "data/other_names.toml": "\n",
        "data/prices/us-2026-08.csv": "date\n",
    }.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text)
    files = scorer_files(root, data)
    assert set(files) == {"extractors/extract.py", "extractors/rules/ranks.toml", "contracts/vocabulary.py",
                          "data/universes.toml", "data/other_names.toml"}
    base = fingerprint(files)
    for relative, changed in (("extractors/rules/ranks.toml", True), ("data/universes.toml", True),
                              ("extractors/extract.py", True), ("extractors/cli.py", False), ("data/prices/us-2026-08.csv", False)):
        original = (root / relative).read_text()
        (root / relative).write_text(original + "# edited\n")
        assert (fingerprint(scorer_files(root, data)) != base) is changed, relative
        (root / relative).write_text(original)
    (root / "extractors/rules/new.jsonl").write_text("{}\n")
    assert fingerprint(scorer_files(root, data)) != base, "a new rule file changes the version"


def test_mcb_rescore_from_the_command_line_with_the_real_scorer(default_build, tmp_path, monkeypatch):
    from mcb import app

    sub, results = tmp_path / "faithful.jsonl", tmp_path / "results"
    invoke = lambda *args: CliRunner().invoke(app, [str(a) for a in args])  # noqa: E731
    assert invoke("baseline", "faithful", "--dataset", default_build, "--out", sub).exit_code == 0
    submitted = invoke("submit", sub, "--model", "m", "--revision", "r1", "--dataset", default_build, "--results", results)
    assert submitted.exit_code == 0, submitted.output
    old = scorer_version()

    monkeypatch.setattr(extractors.version, "package_version", lambda: NEXT_RELEASE)
    rescored = invoke("rescore", "--results", results, "--dataset", default_build)
    assert rescored.exit_code == 0, rescored.output
    assert "1 rescored, 0 already current, 0 skipped" in rescored.output
    shown = invoke("leaderboard", "--no-serve", "--results", results)
    assert scorer_version() in shown.output and old not in shown.output.replace(f"{old} (current)", "")
    [record] = LocalStore(results).records()
    assert sorted(LocalStore(results).scorers(record.id)) == sorted([old, scorer_version()])
    skipped = invoke("rescore", "--results", results, "--dataset", default_build)
    assert skipped.exit_code == 0 and "0 rescored, 1 already current" in skipped.output
