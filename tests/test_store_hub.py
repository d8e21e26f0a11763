"""The Hub store's side of issue 16, against a local stand-in for the Hub API (no Hub is reachable
here; this is a contract test of the calls `HubStore` makes: `dataset_info`, `snapshot_download`,
`hf_hub_download`, `create_commit` with `parent_commit`).

A bad file in the results repo is left out and named, as on a local store; a name held by another
submitter is refused; a commit made against a revision that moved meanwhile is refused by the Hub
and nothing is half written.
"""

from __future__ import annotations

import fnmatch
import shutil
from dataclasses import dataclass
from pathlib import Path

import httpx2
import pytest
from huggingface_hub.errors import HfHubHTTPError

from leaderboard.store import HubStore, StoreError
from leaderboard.submit import load_datasets, make_meta, submit
from tests.test_leaderboard_support import faithful, reciter, submission_bytes, tagged_scorer


@dataclass
class Info:
    sha: str


class StandInHub:
    """A dataset repo as a folder; each commit bumps the revision."""

    def __init__(self, root: Path) -> None:
        self.root, self.revision = root, 0
        root.mkdir(parents=True, exist_ok=True)

    def dataset_info(self, repo_id: str) -> Info:
        return Info(sha=f"rev{self.revision}")

    def _files(self) -> list[str]:
        return [p.relative_to(self.root).as_posix() for p in self.root.rglob("*") if p.is_file()]

    def snapshot_download(self, repo_id, repo_type, revision, local_dir, allow_patterns) -> str:
        for relative in self._files():
            if any(fnmatch.fnmatch(relative, pattern) for pattern in allow_patterns):
                target = Path(local_dir) / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(self.root / relative, target)
        return str(local_dir)

    def hf_hub_download(self, repo_id, filename, repo_type, revision, local_dir) -> str:
        target = Path(local_dir) / filename
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(self.root / filename, target)
        return str(target)

    def create_commit(self, repo_id, repo_type, operations, commit_message, parent_commit) -> None:
        if parent_commit != f"rev{self.revision}":  # what the Hub answers when the parent is not the head
            response = httpx2.Response(412, request=httpx2.Request("POST", f"https://huggingface.co/api/datasets/{repo_id}/commit/main"))
            raise HfHubHTTPError(f"412 Precondition Failed: parent {parent_commit} is not the head rev{self.revision}",
                                 response=response)
        for operation in operations:
            target = self.root / operation.path_in_repo
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(operation.path_or_fileobj)
        self.revision += 1

    def corrupt(self, relative: str, payload: bytes) -> None:
        """Someone pushes a bad file straight to the repo."""
        (self.root / relative).write_bytes(payload)
        self.revision += 1


@pytest.fixture(scope="module")
def datasets(default_build):
    return load_datasets([default_build])


def hub_store(hub: StandInHub, cache: Path) -> HubStore:
    return HubStore(repo_id="org/results", cache_dir=cache, api=hub)


def test_a_bad_file_in_the_results_repo_is_named_and_the_rest_is_served(datasets, tmp_path):
    hub = StandInHub(tmp_path / "repo")
    store = hub_store(hub, tmp_path / "cache")
    data = datasets.get(datasets.latest)
    good = submit(submission_bytes(data, faithful), make_meta("good", "r1"), store, datasets, scorer=tagged_scorer,
                  submitter="alice")
    bad = submit(submission_bytes(data, reciter), make_meta("bad", "r1"), store, datasets, scorer=tagged_scorer,
                 submitter="bob")
    assert {good.status, bad.status} == {"scored"}
    hub.corrupt(f"requests/{bad.record.id}.json", b'{"id": "' + bad.record.id.encode())
    fresh = hub_store(hub, tmp_path / "fresh-cache")
    contents = fresh.contents()
    assert [r.meta.name for r in contents.records] == ["good"]
    assert [d.path for d in contents.damage] == [f"requests/{bad.record.id}.json"]


def test_the_hub_store_refuses_a_held_name_and_a_commit_on_a_moved_revision(datasets, tmp_path):
    hub = StandInHub(tmp_path / "repo")
    store = hub_store(hub, tmp_path / "cache")
    data = datasets.get(datasets.latest)
    held = submit(submission_bytes(data, faithful), make_meta("held", "r1"), store, datasets, scorer=tagged_scorer,
                  submitter="alice")
    taken = submit(submission_bytes(data, reciter), make_meta("HELD", "r1"), hub_store(hub, tmp_path / "c2"), datasets,
                   scorer=tagged_scorer, submitter="mallory")
    assert held.status == "scored" and taken.status == "rejected" and "held by alice" in taken.reason

    racer = hub_store(hub, tmp_path / "c3")
    racer.refresh()
    real_refresh = racer.refresh

    def refresh_then_someone_commits():  # another writer lands between this writer's read and its commit
        real_refresh()
        if not getattr(racer, "_raced", False):
            racer._raced = True
            hub.corrupt("unrelated.txt", b"another writer's commit")

    racer.refresh = refresh_then_someone_commits
    before = sorted(p.relative_to(hub.root).as_posix() for p in hub.root.rglob("*") if p.is_file())
    with pytest.raises(StoreError, match="refused the commit .*412.*nothing was written"):
        submit(submission_bytes(data, lambda c: f"late {c.cell_id}"), make_meta("late", "r1"), racer, datasets,
               scorer=tagged_scorer, submitter="carol")
    after = sorted(p.relative_to(hub.root).as_posix() for p in hub.root.rglob("*") if p.is_file())
    assert set(after) - set(before) == {"unrelated.txt"}, "the refused commit wrote nothing"
