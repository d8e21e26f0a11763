"""The results store: where scored submissions live, as a local folder or a Hub dataset repo.

Both backends share one layout, so a folder can be pushed to the Hub as it is:

    requests/{id}.json                  the submission record (metadata, status, counts); written last
    submissions/{id}.jsonl              the submitted file, byte for byte
    scores/{id}/{scorer}/claims.jsonl   one scorer version's outputs (`mcb score` layout)
    scores/{id}/{scorer}/cells.csv
    scores/{id}/{scorer}/summary.json
    aggregates/{id}/{scorer}.json       its per-cell counts, scorer version and dataset revision,
                                        precomputed so the board never rescores; a rescore's commit marker
    tracks/{track}/{id}/                a track result (`mcb tracks score` layout): submission.jsonl, the
                                        detail files, and summary.json (written last)
    tracks/sweep/{id}/                  a dose-response sweep result (`leaderboard.sweep`): submission.jsonl,
                                        claims.jsonl, cells.csv, summary.json (written last)

The id is the content hash of the submitted file: an identical re-submission is recognised by it.
A submission has one result per scorer version (`extractors.version`): `mcb rescore` adds the
current scorer's beside the old ones, which stay readable. Stores written before scorer versions
keep their results at `scores/{id}/*` and `aggregates/{id}.json`; they read as scorer `unpinned`.
Nothing stored is ever overwritten: a write whose target exists fails, and the request record (for
a new submission) or the aggregate (for a rescore) is the commit marker, written after everything
it points to, so a crash leaves no half result on the board.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path

from filelock import FileLock

from extractors.version import UNPINNED
from leaderboard.paths import DEFAULT_RESULTS

ID_LENGTH = 16
LOCK_TIMEOUT_S = 60.0
REQUESTS, SUBMISSIONS, SCORES, AGGREGATES, TRACKS = "requests", "submissions", "scores", "aggregates", "tracks"
TRACK_SUMMARY = "summary.json"
# A scorer version names a folder: it must be a plain path segment.
_SCORER_SEGMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.+_-]*$")


class StoreError(RuntimeError):
    """The store refused a write (an existing file, a lock timeout, an unreadable record)."""


def content_hash(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def submission_id(raw: bytes) -> str:
    """Short, stable and collision-safe enough for a board: the first 16 hex digits of SHA-256."""
    return content_hash(raw)[:ID_LENGTH]


@dataclass(frozen=True)
class ModelMeta:
    """What travels beside the JSONL: who the model is. `params_b` in billions, None if unknown."""

    name: str
    revision: str
    knowledge_cutoff: str | None = None
    params_b: float | None = None
    link: str | None = None

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class SubmissionRecord:
    """The request record: one stored submission and its status."""

    id: str
    content_hash: str
    release: str
    meta: ModelMeta
    status: str
    submitted_at: str
    lines: int
    failures: int
    reason: str = ""
    # Parsed leniently (fields outside the contract kept as metadata): a rescore parses it the same way.
    lenient: bool = False

    def to_dict(self) -> dict:
        payload = asdict(self)
        payload["meta"] = self.meta.to_dict()
        return payload

    @classmethod
    def from_dict(cls, payload: Mapping) -> SubmissionRecord:
        data = dict(payload)
        data["meta"] = ModelMeta(**data["meta"])
        return cls(**data)


@dataclass(frozen=True)
class CellCounts:
    """One cell of one submission, as cells.csv gives it: every count of the metric registry and the
    per-cell values (coverage, semantic margin; None where there is none), plus the cell's weighted
    claims from claims.jsonl, (weight, leverage, family) each, for the reading weight."""

    cell_id: str
    market: str
    month: str
    arm: str
    context: str
    counts: Mapping[str, int]
    values: Mapping[str, float | None] = field(default_factory=dict)
    weighted: tuple[tuple[float, float, str], ...] = ()

    def to_dict(self) -> dict:
        return {**asdict(self), "counts": dict(self.counts), "values": dict(self.values),
                "weighted": [list(claim) for claim in self.weighted]}

    @classmethod
    def from_dict(cls, payload: Mapping) -> CellCounts:
        """Aggregates stored before the registry kept coverage and the margin as their own keys, or
        before reading weights, read as having none."""
        data = dict(payload)
        values = dict(data.pop("values", {}) or {})
        for legacy in ("coverage", "semantic_margin"):
            if legacy in data:
                values.setdefault(legacy, data.pop(legacy))
        weighted = tuple((float(w), float(lever), str(family)) for w, lever, family in data.pop("weighted", None) or ())
        return cls(**data, values=values, weighted=weighted)


@dataclass(frozen=True)
class Aggregate:
    """Everything the board needs about one submission, precomputed when it was stored."""

    submission_id: str
    release: str
    cells: tuple[CellCounts, ...]
    # summary.json's semantic_read_margin: overall and its p-value (None when not computed).
    semantic_read_margin: float | None = None
    semantic_p_value: float | None = None
    # Which scorer made these figures, against which dataset revision, when (UTC).
    scorer: str = UNPINNED
    dataset_revision: str = ""
    scored_at: str = ""

    def __post_init__(self) -> None:
        if not _SCORER_SEGMENT.match(self.scorer):
            raise StoreError(f"scorer version {self.scorer!r} cannot name a folder")

    def to_dict(self) -> dict:
        return {"submission_id": self.submission_id, "release": self.release, "cells": [c.to_dict() for c in self.cells],
                "semantic_read_margin": self.semantic_read_margin, "semantic_p_value": self.semantic_p_value,
                "scorer": self.scorer, "dataset_revision": self.dataset_revision, "scored_at": self.scored_at}

    @classmethod
    def from_dict(cls, payload: Mapping) -> Aggregate:
        """Aggregates stored before the margin or the scorer version existed read as having none."""
        return cls(payload["submission_id"], payload["release"], tuple(CellCounts.from_dict(cell) for cell in payload["cells"]),
                   payload.get("semantic_read_margin"), payload.get("semantic_p_value"),
                   payload.get("scorer") or UNPINNED, payload.get("dataset_revision") or "", payload.get("scored_at") or "")


def score_path(sid: str, scorer: str, name: str) -> str:
    return f"{SCORES}/{sid}/{name}" if scorer == UNPINNED else f"{SCORES}/{sid}/{scorer}/{name}"


def aggregate_path(sid: str, scorer: str) -> str:
    return f"{AGGREGATES}/{sid}.json" if scorer == UNPINNED else f"{AGGREGATES}/{sid}/{scorer}.json"


@dataclass(frozen=True)
class ResultBundle:
    """One scorer version's result for a stored submission: the scorer's files and the aggregate."""

    submission_id: str
    score_files: Mapping[str, bytes]
    aggregate: Aggregate

    def files(self) -> dict[str, bytes]:
        """Relative path -> bytes, the aggregate last (it is the commit marker of a rescore)."""
        sid, scorer = self.submission_id, self.aggregate.scorer
        out = {score_path(sid, scorer, name): payload for name, payload in sorted(self.score_files.items())}
        out[aggregate_path(sid, scorer)] = _json_bytes(self.aggregate.to_dict())
        return out


@dataclass(frozen=True)
class StoredBundle:
    """A scored submission ready to store: the record plus every file it points to."""

    record: SubmissionRecord
    submission: bytes
    score_files: Mapping[str, bytes]
    aggregate: Aggregate

    def files(self) -> dict[str, bytes]:
        """Relative path -> bytes, the request record last (it is the commit marker)."""
        sid = self.record.id
        out: dict[str, bytes] = {f"{SUBMISSIONS}/{sid}.jsonl": self.submission}
        out.update(ResultBundle(sid, self.score_files, self.aggregate).files())
        out[f"{REQUESTS}/{sid}.json"] = _json_bytes(self.record.to_dict())
        return out


@dataclass(frozen=True)
class TrackBundle:
    """A scored track submission ready to store: its bytes, the scorer's files, the summary."""

    track: str
    id: str
    submission: bytes
    detail_files: Mapping[str, bytes]
    summary: Mapping

    def files(self) -> dict[str, bytes]:
        """Relative path -> bytes, summary.json last (it is the commit marker)."""
        base = f"{TRACKS}/{self.track}/{self.id}"
        out = {f"{base}/submission.jsonl": self.submission}
        out.update({f"{base}/{name}": payload for name, payload in sorted(self.detail_files.items()) if name != TRACK_SUMMARY})
        out[f"{base}/{TRACK_SUMMARY}"] = _json_bytes(dict(self.summary))
        return out


def _json_bytes(payload: object) -> bytes:
    return (json.dumps(payload, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode("utf-8")


@dataclass
class ResultsStore(ABC):
    """Read and append scored submissions. Subclasses supply four file primitives; the rest is shared.

    Aggregates are cached per store instance: stored files never change, so the cache never goes stale.
    """

    _aggregate_cache: dict[tuple[str, str], Aggregate] = field(default_factory=dict, init=False, repr=False)
    _record_cache: dict[str, SubmissionRecord] = field(default_factory=dict, init=False, repr=False)

    @abstractmethod
    def _list(self, folder: str) -> list[str]:
        """File names directly under `folder` (relative to the store root)."""

    @abstractmethod
    def _read(self, relative: str) -> bytes: ...

    @abstractmethod
    def _exists(self, relative: str) -> bool: ...

    @abstractmethod
    def _write_new(self, files: Mapping[str, bytes], message: str) -> None:
        """Write every file atomically, refusing (StoreError) if any target already exists."""

    @property
    @abstractmethod
    def location(self) -> str: ...

    def refresh(self) -> None:
        """Pick up submissions stored by other processes (a no-op for a local folder)."""

    def ids(self) -> list[str]:
        return sorted(name[: -len(".json")] for name in self._list(REQUESTS) if name.endswith(".json"))

    def record(self, sid: str) -> SubmissionRecord:
        cached = self._record_cache.get(sid)
        if cached is None:
            try:
                cached = SubmissionRecord.from_dict(json.loads(self._read(f"{REQUESTS}/{sid}.json")))
            except (KeyError, TypeError, ValueError) as error:
                raise StoreError(f"unreadable request record {sid} in {self.location}: {error}") from error
            self._record_cache[sid] = cached
        return cached

    def records(self) -> list[SubmissionRecord]:
        return [self.record(sid) for sid in self.ids()]

    def find(self, raw: bytes) -> SubmissionRecord | None:
        """The stored record of this exact file, if it was submitted before."""
        sid = submission_id(raw)
        return self.record(sid) if self._exists(f"{REQUESTS}/{sid}.json") else None

    def scorers(self, sid: str) -> list[str]:
        """The scorer versions with a stored result for this submission (`unpinned` for one stored
        before scorer versions), in no particular order; `results` orders them by when they were made."""
        versions = sorted(name[: -len(".json")] for name in self._list(f"{AGGREGATES}/{sid}") if name.endswith(".json"))
        return ([UNPINNED] if self._exists(aggregate_path(sid, UNPINNED)) else []) + versions

    def results(self, sid: str) -> list[Aggregate]:
        """Every stored result of one submission, oldest first (a legacy result first of all)."""
        return sorted((self.aggregate(sid, scorer) for scorer in self.scorers(sid)),
                      key=lambda a: (a.scorer != UNPINNED, a.scored_at, a.scorer))

    def aggregate(self, sid: str, scorer: str | None = None) -> Aggregate:
        """One scorer version's result; without a version, the newest one stored."""
        if scorer is None:
            found = self.results(sid)
            if not found:
                raise StoreError(f"submission {sid} has no stored result in {self.location}")
            return found[-1]
        cached = self._aggregate_cache.get((sid, scorer))
        if cached is None:
            cached = Aggregate.from_dict(json.loads(self._read(aggregate_path(sid, scorer))))
            self._aggregate_cache[(sid, scorer)] = cached
        return cached

    def entries(self) -> list[tuple[SubmissionRecord, Aggregate]]:
        """(record, result) for every stored result of every submission: what the board ranks."""
        return [(record, result) for record in self.records() for result in self.results(record.id)]

    def submission_bytes(self, sid: str) -> bytes:
        return self._read(f"{SUBMISSIONS}/{sid}.jsonl")

    def submission_text(self, sid: str) -> str:
        return self.submission_bytes(sid).decode("utf-8")

    def score_file(self, sid: str, name: str, scorer: str | None = None) -> bytes:
        """One of the scorer's files; without a version, the newest result's."""
        return self._read(score_path(sid, scorer or self.aggregate(sid).scorer, name))

    def put_result(self, bundle: ResultBundle) -> bool:
        """Store another scorer version's result of a stored submission; False (nothing written) when
        that version's result is already stored. Older results are left as they are."""
        sid, scorer = bundle.submission_id, bundle.aggregate.scorer
        if not self._exists(f"{REQUESTS}/{sid}.json"):
            raise StoreError(f"no stored submission {sid} in {self.location}")
        if self._exists(aggregate_path(sid, scorer)):
            return False
        self._write_new(bundle.files(), f"rescore {sid} with scorer {scorer}")
        self._aggregate_cache[(sid, scorer)] = bundle.aggregate
        return True

    def track_ids(self, track: str) -> list[str]:
        """Stored results of one track (only those whose summary, the commit marker, exists)."""
        return [sid for sid in self._list(f"{TRACKS}/{track}") if self._exists(f"{TRACKS}/{track}/{sid}/{TRACK_SUMMARY}")]

    def track_summary(self, track: str, sid: str) -> dict:
        return json.loads(self._read(f"{TRACKS}/{track}/{sid}/{TRACK_SUMMARY}"))

    def put_track(self, bundle: TrackBundle) -> bool:
        """Store a track result; False (and nothing written) when this exact file is already stored."""
        if self._exists(f"{TRACKS}/{bundle.track}/{bundle.id}/{TRACK_SUMMARY}"):
            return False
        self._write_new(bundle.files(), f"track {bundle.track} {bundle.id}")
        return True

    def put(self, bundle: StoredBundle) -> SubmissionRecord:
        """Store a scored submission; an identical file already stored is returned, not duplicated."""
        if self._exists(f"{REQUESTS}/{bundle.record.id}.json"):
            return self.record(bundle.record.id)
        self._write_new(bundle.files(), f"submission {bundle.record.id}: {bundle.record.meta.name}")
        self._record_cache[bundle.record.id] = bundle.record
        self._aggregate_cache[(bundle.record.id, bundle.aggregate.scorer)] = bundle.aggregate
        return bundle.record


@dataclass
class LocalStore(ResultsStore):
    """A folder on disk (default `results/`). Writes go to a temp file and are renamed into place,
    serialised across processes by a file lock beside the folder's contents."""

    root: Path = DEFAULT_RESULTS

    def __post_init__(self) -> None:
        self.root = Path(self.root)

    @property
    def location(self) -> str:
        return str(self.root)

    def _lock(self) -> FileLock:
        self.root.mkdir(parents=True, exist_ok=True)
        return FileLock(str(self.root / ".lock"), timeout=LOCK_TIMEOUT_S)

    def _list(self, folder: str) -> list[str]:
        path = self.root / folder
        return sorted(os.listdir(path)) if path.is_dir() else []

    def _read(self, relative: str) -> bytes:
        return (self.root / relative).read_bytes()

    def _exists(self, relative: str) -> bool:
        return (self.root / relative).exists()

    def _write_new(self, files: Mapping[str, bytes], message: str) -> None:
        with self._lock():
            clashes = [name for name in files if self._exists(name)]
            if clashes:
                raise StoreError(f"refusing to overwrite {', '.join(clashes)} in {self.root}")
            for relative, payload in files.items():
                target = self.root / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                handle, temp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=target.suffix)
                try:
                    with os.fdopen(handle, "wb") as out:
                        out.write(payload)
                        out.flush()
                        os.fsync(out.fileno())
                    os.replace(temp, target)
                except BaseException:
                    Path(temp).unlink(missing_ok=True)
                    raise


@dataclass
class HubStore(ResultsStore):
    """A Hugging Face dataset repo with the same layout. Each submission is one Hub commit (atomic
    there), made against the revision last read so a concurrent writer makes it fail, not clobber;
    reads come from a local snapshot refreshed by `refresh()`. A local file lock serialises writers
    sharing one machine."""

    repo_id: str = ""
    cache_dir: Path | None = None
    token: str | None = None
    api: object | None = None
    _snapshot: Path | None = field(default=None, init=False, repr=False)
    _revision: str | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.repo_id:
            raise StoreError("HubStore needs a dataset repo id, e.g. org/market-claim-bench-results")
        if self.api is None:
            from huggingface_hub import HfApi

            self.api = HfApi(token=self.token)
        self.cache_dir = Path(self.cache_dir or Path(tempfile.gettempdir()) / "mcb-hub-results" / self.repo_id.replace("/", "__"))

    @property
    def location(self) -> str:
        return f"hf://datasets/{self.repo_id}"

    def refresh(self) -> None:
        info = self.api.dataset_info(self.repo_id)
        if info.sha == self._revision and self._snapshot is not None:
            return
        path = self.api.snapshot_download(
            repo_id=self.repo_id, repo_type="dataset", revision=info.sha, local_dir=str(self.cache_dir),
            allow_patterns=[f"{REQUESTS}/*", f"{AGGREGATES}/*", f"{TRACKS}/*/*/{TRACK_SUMMARY}"],
        )
        self._snapshot, self._revision = Path(path), info.sha

    def _root(self) -> Path:
        if self._snapshot is None:
            self.refresh()
        return self._snapshot

    def _list(self, folder: str) -> list[str]:
        path = self._root() / folder
        return sorted(os.listdir(path)) if path.is_dir() else []

    def _read(self, relative: str) -> bytes:
        local = self._root() / relative
        if not local.exists():
            local = Path(self.api.hf_hub_download(self.repo_id, relative, repo_type="dataset", revision=self._revision, local_dir=str(self.cache_dir)))
        return local.read_bytes()

    def _exists(self, relative: str) -> bool:
        return (self._root() / relative).exists()

    def _write_new(self, files: Mapping[str, bytes], message: str) -> None:
        from huggingface_hub import CommitOperationAdd

        self.cache_dir.mkdir(parents=True, exist_ok=True)
        with FileLock(str(self.cache_dir) + ".lock", timeout=LOCK_TIMEOUT_S):
            self.refresh()
            clashes = [name for name in files if self._exists(name)]
            if clashes:
                raise StoreError(f"refusing to overwrite {', '.join(clashes)} in {self.location}")
            operations = [CommitOperationAdd(path_in_repo=name, path_or_fileobj=payload) for name, payload in files.items()]
            self.api.create_commit(
                repo_id=self.repo_id, repo_type="dataset", operations=operations, commit_message=message,
                parent_commit=self._revision,
            )
            self._snapshot = None
            self.refresh()


def open_store(results: str | Path | None = None, hub_repo: str | None = None) -> ResultsStore:
    """A Hub store when a repo is named, else the local folder (default `results/`)."""
    if hub_repo:
        return HubStore(repo_id=hub_repo)
    return LocalStore(root=Path(results) if results else DEFAULT_RESULTS)
