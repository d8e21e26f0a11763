"""The results store: atomic, append-only, deduplicated by content hash."""

from __future__ import annotations

import threading

import pytest

from leaderboard.store import (
    Aggregate,
    CellCounts,
    LocalStore,
    ModelMeta,
    StoredBundle,
    StoreError,
    SubmissionRecord,
    content_hash,
    submission_id,
)


SCORER = "2026.8.0+0123456789ab"


def bundle(raw: bytes, name: str = "m") -> StoredBundle:
    sid = submission_id(raw)
    record = SubmissionRecord(sid, content_hash(raw), "2026.08", ModelMeta(name, "r1"), "scored", "2026-09-01T00:00:00Z", 1, 0)
    cell = CellCounts("us-2026-08-real-full", "us", "2026-08", "real", "full", {"claims": 2, "supported": 2}, {"coverage": 0.5})
    aggregate = Aggregate(sid, "2026.08", (cell,), scorer=SCORER, dataset_revision="feedface", scored_at="2026-09-01T00:00:00Z")
    return StoredBundle(record, raw, {"claims.jsonl": b"", "cells.csv": b"cell_id\n", "summary.json": b"{}"}, aggregate)


def test_put_writes_the_shared_layout_with_the_request_record(tmp_path):
    store = LocalStore(tmp_path)
    record, written = store.put(bundle(b'{"cell_id": "x"}\n'))
    assert written
    for relative in (f"requests/{record.id}.json", f"submissions/{record.id}.jsonl", f"aggregates/{record.id}/{SCORER}.json",
                     *(f"scores/{record.id}/{SCORER}/{name}" for name in ("claims.jsonl", "cells.csv", "summary.json"))):
        assert (tmp_path / relative).is_file(), relative
    assert not list(tmp_path.rglob(".tmp-*")), "temp files are renamed into place, never left behind"


def test_records_and_aggregates_read_back_from_a_fresh_store(tmp_path):
    record, _ = LocalStore(tmp_path).put(bundle(b"a\n", name="<b>bold</b>"))
    fresh = LocalStore(tmp_path)
    assert fresh.ids() == [record.id]
    assert fresh.record(record.id) == record
    assert fresh.aggregate(record.id).cells[0].counts["supported"] == 2
    assert (fresh.aggregate(record.id).scorer, fresh.aggregate(record.id).dataset_revision) == (SCORER, "feedface")
    assert fresh.scorers(record.id) == [SCORER]
    assert fresh.submission_text(record.id) == "a\n"


def test_an_identical_file_is_recognised_not_duplicated(tmp_path):
    store = LocalStore(tmp_path)
    first, written = store.put(bundle(b"same\n", name="first"))
    second, again = store.put(bundle(b"same\n", name="second"))
    assert second == first and written and not again, "the second put writes nothing and says so"
    assert LocalStore(tmp_path).ids() == [first.id]
    assert LocalStore(tmp_path).find(b"same\n") == first
    assert LocalStore(tmp_path).find(b"other\n") is None


def test_nothing_stored_is_ever_overwritten(tmp_path):
    store = LocalStore(tmp_path)
    record, _ = store.put(bundle(b"keep\n"))
    target = tmp_path / f"submissions/{record.id}.jsonl"
    assert store._commit({f"submissions/{record.id}.jsonl": b"clobber"}, "test") is False, "a committed file is not written"
    assert target.read_bytes() == b"keep\n"
    assert store.put(bundle(b"keep\n", name="again"))[1] is False
    assert target.read_bytes() == b"keep\n"


def test_concurrent_writers_are_serialised_and_all_land(tmp_path):
    payloads = [f"line {i}\n".encode() for i in range(12)]
    errors = []

    def write(raw: bytes) -> None:
        try:
            LocalStore(tmp_path).put(bundle(raw))
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=write, args=(raw,)) for raw in payloads]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert len(LocalStore(tmp_path).ids()) == len(payloads)


def test_an_empty_store_lists_nothing(tmp_path):
    assert LocalStore(tmp_path / "missing").records() == []


def test_a_scorer_version_that_cannot_name_a_folder_is_refused():
    with pytest.raises(StoreError, match="cannot name a folder"):
        Aggregate("x", "2026.08", (), scorer="../../etc")
