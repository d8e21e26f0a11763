"""Fault injection: a submit SIGKILLed at every step of its write never blocks a later one.

A child process (forked, so it starts at once with everything imported) runs the real submit path
into a fresh store and kills itself with SIGKILL at step N of the write: before a temp file is
created, once it exists empty, halfway through its bytes, after its fsync, after its rename, after
the folder's fsync, for every file of the bundle in turn. After each kill the store must hold
either nothing committed or the whole submission (never half), `mcb store check` may find only
temp files and orphans (never a committed file it cannot read), the board must read it without
damage, and submitting the same file again must succeed and leave a clean store. N runs until the
child finishes without being killed, so every step is covered. The same is done for a rescore's
bundle and a track result's.
"""

from __future__ import annotations

import os
import signal
import tempfile
import time
from pathlib import Path

import pytest

import leaderboard.store as store_module
from leaderboard.integrity import check_store
from leaderboard.store import Aggregate, LocalStore, ResultBundle
from leaderboard.submit import load_datasets, make_meta, submit
from tests.test_leaderboard_support import faithful, submission_bytes, tagged_scorer

CHILD_TIMEOUT_S = 60.0
META = make_meta("victim", "r1")
SUBMITTER = "alice"


class KillAt:
    """Counts the write's steps in the child and SIGKILLs the process at step `target`."""

    def __init__(self, target: int) -> None:
        self.target, self.step = target, 0

    def tick(self) -> None:
        self.step += 1
        if self.step == self.target:
            os.kill(os.getpid(), signal.SIGKILL)

    def install(self) -> None:
        real_mkstemp, real_fdopen, real_fsync, real_replace = tempfile.mkstemp, os.fdopen, os.fsync, os.replace
        real_fsync_folder = store_module._fsync_folder
        killer = self

        def mkstemp(*args, **kwargs):
            killer.tick()  # before the temp file exists
            made = real_mkstemp(*args, **kwargs)
            killer.tick()  # the temp file exists, empty
            return made

        class HalfThenKill:
            """A file whose `write` stops halfway once, so a temp file is caught half written."""

            def __init__(self, handle):
                self._handle = handle

            def write(self, payload):
                half = len(payload) // 2
                self._handle.write(payload[:half])
                self._handle.flush()
                killer.tick()
                return half + self._handle.write(payload[half:])

            def __getattr__(self, name):
                return getattr(self._handle, name)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                return self._handle.__exit__(*exc)

        def fdopen(fd, *args, **kwargs):
            return HalfThenKill(real_fdopen(fd, *args, **kwargs))

        def fsync(fd):
            real_fsync(fd)
            killer.tick()  # after an fsync (a temp file's)

        def replace(source, target):
            real_replace(source, target)
            killer.tick()  # after the rename, before the folder's fsync

        def fsync_folder(folder):
            real_fsync_folder(folder)
            killer.tick()  # after the folder's fsync

        store_module.tempfile.mkstemp = mkstemp
        store_module.os.fdopen = fdopen
        store_module.os.fsync = fsync
        store_module.os.replace = replace
        store_module._fsync_folder = fsync_folder


def run_killed(target: int, action) -> bool:
    """Fork; in the child run `action` with the killer armed at `target`. True if the child was killed."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            KillAt(target).install()
            action()
        finally:
            os._exit(0)
    deadline = time.monotonic() + CHILD_TIMEOUT_S
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"the child at step {target} hung")
        time.sleep(0.01)
    if os.WIFSIGNALED(status):
        assert os.WTERMSIG(status) == signal.SIGKILL
        return True
    assert os.WEXITSTATUS(status) == 0
    return False


@pytest.fixture(scope="module")
def datasets(default_build):
    return load_datasets([default_build])


@pytest.fixture(scope="module")
def raw(datasets) -> bytes:
    payload = submission_bytes(datasets.get(datasets.latest), faithful)
    # Warm every import and cache the submit path uses, so the forked child only writes.
    warm = Path(tempfile.mkdtemp(prefix="mcb-warm-"))
    assert submit(payload, META, LocalStore(warm), datasets, scorer=tagged_scorer, submitter=SUBMITTER).status == "scored"
    return payload


def assert_consistent(root: Path, sid: str) -> bool:
    """The store's invariants after a kill; returns whether the submission is committed."""
    store = LocalStore(root)
    findings = check_store(store)
    assert {f.kind for f in findings} <= {"temp", "orphan"}, [str(f) for f in findings]
    contents = store.contents()
    assert contents.damage == [], [str(d) for d in contents.damage]
    committed = sid in store.ids()
    if committed:  # all or nothing: a committed submission has every file it points to
        assert [r.id for r in contents.records] == [sid] and len(contents.entries) == 1
        assert store.submission_bytes(sid)
        assert store.score_file(sid, "claims.jsonl") is not None
    else:
        assert contents.records == [] and contents.entries == []
    return committed


def test_a_submit_killed_at_every_step_of_its_write_never_blocks_a_resubmit(datasets, raw, tmp_path):
    from leaderboard.store import submission_id

    sid = submission_id(raw)
    steps, committed_at = 0, None
    for target in range(1, 500):
        root = tmp_path / f"kill-{target}"
        killed = run_killed(target, lambda: submit(raw, META, LocalStore(root), datasets, scorer=tagged_scorer,
                                                   submitter=SUBMITTER))
        if not killed:
            steps = target - 1
            break
        committed = assert_consistent(root, sid)
        if committed and committed_at is None:
            committed_at = target
        again = submit(raw, META, LocalStore(root), datasets, scorer=tagged_scorer, submitter=SUBMITTER)
        assert again.status == ("duplicate" if committed else "scored"), again.reason
        assert check_store(LocalStore(root)) == [], "the re-submit replaced every orphan and swept every temp file"
        assert assert_consistent(root, sid)
    assert steps >= 6 * 6, f"expected six kill points for each of the six files, got {steps}"
    assert committed_at is not None and committed_at > steps - 6, "only the request record's rename commits"


def test_a_rescore_killed_at_every_step_never_blocks_the_next_rescore(datasets, raw, tmp_path):
    from leaderboard.store import submission_id

    sid = submission_id(raw)

    def prepare(root: Path) -> ResultBundle:
        store = LocalStore(root)
        assert submit(raw, META, store, datasets, scorer=tagged_scorer, submitter=SUBMITTER).status == "scored"
        old = store.aggregate(sid)
        newer = Aggregate(sid, old.release, old.cells, scorer="9.9.9+feedfacecafe", scored_at="2099-01-01T00:00:00Z")
        return ResultBundle(sid, {name: store.score_file(sid, name) for name in ("claims.jsonl", "cells.csv", "summary.json")},
                            newer)

    for target in range(1, 500):
        root = tmp_path / f"rescore-{target}"
        bundle = prepare(root)
        if not run_killed(target, lambda: LocalStore(root).put_result(bundle)):
            assert target > 4 * 6
            break
        store = LocalStore(root)
        assert {f.kind for f in check_store(store)} <= {"temp", "orphan"}
        assert store.contents().damage == []
        stored_now = "9.9.9+feedfacecafe" in store.scorers(sid)
        assert LocalStore(root).put_result(bundle) is (not stored_now)
        assert check_store(LocalStore(root)) == []
        assert [a.scorer for a in LocalStore(root).results(sid)][-1] == "9.9.9+feedfacecafe"
