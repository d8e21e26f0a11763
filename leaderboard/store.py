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
Every write is a bundle of files whose last file is its commit marker: the request record (a new
submission), the aggregate (a rescore), the track summary (a track result). Each file goes to a temp
file, is fsynced and renamed into place, then the folder is fsynced; the marker goes last. So a
write killed at any step leaves no half result on the board: without its marker nothing of the
bundle is committed (the board never lists it), and the next write of the same bundle replaces
those orphans and completes it. A committed file is never overwritten: a bundle whose marker exists
is not written again.

Reading never takes the board down: a record, aggregate or track summary that cannot be read (not
UTF-8, not JSON, the wrong shape or types, another submission's) is left out and named in
`contents().damage`, beside the files `mcb store check --repair` moved to `quarantine/` (listed in
`quarantine/log.jsonl`), so the board shows everything else with an integrity notice.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path

from filelock import FileLock, Timeout

from contracts.vocabulary import SWEEP_CONFIG
from extractors.version import UNPINNED
from leaderboard.paths import DEFAULT_RESULTS

ID_LENGTH = 16
LOCK_TIMEOUT_S = 60.0
REQUESTS, SUBMISSIONS, SCORES, AGGREGATES, TRACKS = "requests", "submissions", "scores", "aggregates", "tracks"
QUARANTINE = "quarantine"
QUARANTINE_LOG = f"{QUARANTINE}/log.jsonl"
TRACK_SUMMARY = "summary.json"
SCORE_NAMES: tuple[str, ...] = ("claims.jsonl", "cells.csv", "summary.json")
TEMP_PREFIX = ".tmp-"
# A scorer version names a folder: it must be a plain path segment.
_SCORER_SEGMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.+_-]*$")
# A submission id: the first ID_LENGTH hex digits of the file's SHA-256.
_ID = re.compile(rf"^[0-9a-f]{{{ID_LENGTH}}}$")


class StoreError(RuntimeError):
    """The store refused a write (a lock timeout, a refused claim) or a stored file cannot be read."""


@dataclass(frozen=True)
class Damage:
    """A stored file the board could not use, and why (or a file `mcb store check --repair` quarantined)."""

    path: str
    reason: str
    quarantined: bool = False

    def __str__(self) -> str:
        return f"{self.path} ({'quarantined: ' if self.quarantined else ''}{self.reason})"


def is_submission_id(name: str) -> bool:
    return bool(_ID.match(name))


def _json(payload: bytes, path: str) -> object:
    """A stored JSON file, or StoreError naming it and why it cannot be read."""
    try:
        return json.loads(payload.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise StoreError(f"{path}: not UTF-8 (byte {error.start})") from error
    except (ValueError, RecursionError) as error:
        raise StoreError(f"{path}: not JSON ({error})") from error


def _typed(payload: object, types: Mapping[str, tuple], path: str, required: tuple[str, ...]) -> dict:
    """The known fields of a stored object, each checked against its types (int never bool, numbers
    finite); unknown fields are left out, so a newer writer's extra field does not hide a record."""
    if not isinstance(payload, dict):
        raise StoreError(f"{path}: expected a JSON object, got {type(payload).__name__}")
    missing = [name for name in required if name not in payload]
    if missing:
        raise StoreError(f"{path}: missing field(s) {', '.join(missing)}")
    out = {}
    for name, allowed in types.items():
        if name not in payload:
            continue
        value = payload[name]
        ok = any(value is None if kind is None else
                 (isinstance(value, kind) and not isinstance(value, bool) if kind in (int, float) else isinstance(value, kind))
                 for kind in allowed)
        if ok and isinstance(value, float) and not math.isfinite(value):
            ok = False
        if not ok:
            raise StoreError(f"{path}: field {name!r} has {value!r}")
        out[name] = float(value) if float in allowed and isinstance(value, int) else value
    return out


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


_META_TYPES = {"name": (str,), "revision": (str,), "knowledge_cutoff": (str, None), "params_b": (float, None),
               "link": (str, None)}
_RECORD_TYPES = {"id": (str,), "content_hash": (str,), "release": (str,), "status": (str,), "submitted_at": (str,),
                 "lines": (int,), "failures": (int,), "reason": (str,), "lenient": (bool,), "submitter": (str,)}


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
    # Who submitted it (the Hugging Face account on the Space; the Hub identity or --submitter on the
    # CLI); "" for records stored before submitters were recorded. A row is (name, revision, release, submitter).
    submitter: str = ""

    def to_dict(self) -> dict:
        payload = asdict(self)
        payload["meta"] = self.meta.to_dict()
        return payload

    @property
    def row_key(self) -> tuple[str, str, str, str]:
        return (self.meta.name, self.meta.revision, self.release, self.submitter)

    @classmethod
    def from_dict(cls, payload: object, path: str = "record") -> SubmissionRecord:
        """A stored record, every field type-checked; StoreError naming the file and field otherwise."""
        data = _typed(payload, _RECORD_TYPES, path, ("id", "content_hash", "release", "status", "submitted_at",
                                                     "lines", "failures"))
        meta = payload.get("meta") if isinstance(payload, dict) else None
        data["meta"] = ModelMeta(**_typed(meta, _META_TYPES, f"{path} meta", ("name", "revision")))
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
    def from_dict(cls, payload: object, path: str = "cell") -> CellCounts:
        """A stored cell, type-checked. Aggregates stored before the registry kept coverage and the
        margin as their own keys, or before reading weights, read as having none."""
        data = _typed(payload, _CELL_TYPES, path, ("cell_id", "market", "month", "arm", "context", "counts"))
        values = dict(data.pop("values", None) or {})
        for legacy in ("coverage", "semantic_margin"):
            if legacy in payload:
                values.setdefault(legacy, payload[legacy])
        counts = data["counts"]
        if not all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in counts.items()):
            raise StoreError(f"{path}: counts must map names to integers")
        if not all(isinstance(k, str) and (v is None or (isinstance(v, (int, float)) and not isinstance(v, bool)
                                                          and math.isfinite(v))) for k, v in values.items()):
            raise StoreError(f"{path}: values must map names to finite numbers or null")
        weighted = _weighted(data.pop("weighted", None) or (), path)
        return cls(**data, values=values, weighted=weighted)


_CELL_TYPES = {"cell_id": (str,), "market": (str,), "month": (str,), "arm": (str,), "context": (str,), "counts": (dict,),
               "values": (dict, None), "weighted": (list, None)}


def _weighted(claims: list, path: str) -> tuple[tuple[float, float, str], ...]:
    """A cell's reading weights: each claim a [weight, lever, family] triple of two finite numbers and a name."""
    def number(value: object) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)

    if not all(isinstance(claim, list) and len(claim) == 3 and number(claim[0]) and number(claim[1])
               and isinstance(claim[2], str) for claim in claims):
        raise StoreError(f"{path}: weighted must list [weight, lever, family] triples of finite numbers and a name")
    return tuple((float(w), float(lever), family) for w, lever, family in claims)
_AGGREGATE_TYPES = {"submission_id": (str,), "release": (str,), "cells": (list,), "semantic_read_margin": (float, None),
                    "semantic_p_value": (float, None), "scorer": (str, None), "dataset_revision": (str, None),
                    "scored_at": (str, None)}


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
    def from_dict(cls, payload: object, path: str = "aggregate") -> Aggregate:
        """A stored aggregate, type-checked. Aggregates stored before the margin or the scorer version
        existed read as having none."""
        data = _typed(payload, _AGGREGATE_TYPES, path, ("submission_id", "release", "cells"))
        cells = tuple(CellCounts.from_dict(cell, f"{path} cell {index + 1}") for index, cell in enumerate(data["cells"]))
        return cls(data["submission_id"], data["release"], cells, data.get("semantic_read_margin"),
                   data.get("semantic_p_value"), data.get("scorer") or UNPINNED, data.get("dataset_revision") or "",
                   data.get("scored_at") or "")


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


def _check_track_summary(summary: dict, track: str, path: str) -> None:
    """A paper track's summary (`mcb tracks score`): its own track, a status, a model object."""
    if summary.get("track") != track:
        raise StoreError(f"{path}: is a summary of track {summary.get('track')!r}, stored under {track!r}")
    if not isinstance(summary.get("status"), str) or not isinstance(summary.get("model", {}), dict):
        raise StoreError(f"{path}: lacks a status or has a model that is not an object")


def _finite(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _check_sweep_summary(summary: dict, track: str, path: str) -> None:
    """A sweep summary (`leaderboard.sweep`), down to the fields the slopes table and the plot read:
    config sweep, a model name, meta, and a dose response of finite estimates and points (or none)."""
    if summary.get("config") != SWEEP_CONFIG or not isinstance(summary.get("model"), str) \
            or not isinstance(summary.get("meta"), dict):
        raise StoreError(f"{path}: not a sweep summary (needs config {SWEEP_CONFIG!r}, a model name and meta)")
    response = summary.get("dose_response")
    if response is None:
        return
    per_k, points = (response.get("per_k", []), response.get("points", [])) if isinstance(response, dict) else (None, None)
    if not isinstance(per_k, list) or not isinstance(points, list) or not isinstance(response.get("slope", {}), dict):
        raise StoreError(f"{path}: dose_response must hold a slope object and per_k and points lists")
    if not all(isinstance(entry, dict) and _finite(entry.get("k")) for entry in per_k):
        raise StoreError(f"{path}: dose_response per_k holds an entry without a finite k")
    for entry in [response.get("slope") or {}, *per_k]:
        if any(
                entry.get(name) is not None and not _finite(entry[name]) for name in ("weight", "ci_low", "ci_high")) \
                or any(not isinstance(entry.get(name, 0), int) for name in ("claims", "cells", "cells_with_claims")):
            raise StoreError(f"{path}: dose_response holds an estimate that is not finite numbers and counts")
    if any(not isinstance(point, dict) or not all(_finite(point.get(name)) for name in ("k", "shown", "true", "claimed"))
           or not all(isinstance(point.get(name), (str, type(None))) for name in ("ticker", "context", "cell_id"))
           for point in points):
        raise StoreError(f"{path}: dose_response holds a point without finite k, shown, true and claimed values "
                         "or with a ticker, context or cell id that is not text")


# How each kind of track summary is checked when read; a paper track's by default.
_SUMMARY_CHECKS: dict[str, Callable[[dict, str, str], None]] = {SWEEP_CONFIG: _check_sweep_summary}


@dataclass(frozen=True)
class StoreContents:
    """Everything the board shows, read past damage: the readable records, their readable results,
    every readable track summary by track, and what could not be read (or was quarantined)."""

    records: list[SubmissionRecord]
    entries: list[tuple[SubmissionRecord, Aggregate]]
    tracks: dict[str, list[dict]]
    damage: list[Damage]


# A check run under the store's lock just before a bundle is written; raises StoreError to refuse it.
WriteCheck = Callable[[], None]


@dataclass
class ResultsStore(ABC):
    """Read and append scored submissions. Subclasses supply four file primitives; the rest is shared.

    Records and aggregates are cached per store instance once read: a committed file never changes.
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
    def _commit(self, files: Mapping[str, bytes], message: str, check: WriteCheck | None = None) -> bool:
        """Write `files` in order, the last one (the commit marker) last. False, and nothing written,
        when the marker already exists; `check` runs first, under the lock, and may refuse. Files of
        an earlier write of the bundle that died before its marker are replaced."""

    @property
    @abstractmethod
    def location(self) -> str: ...

    def refresh(self) -> None:
        """Pick up submissions stored by other processes (a no-op for a local folder)."""

    def _names(self, folder: str) -> list[str]:
        """`_list` without the temp files of writes in progress (or killed)."""
        return [name for name in self._list(folder) if not name.startswith(".")]

    def _read_checked(self, relative: str) -> bytes:
        try:
            return self._read(relative)
        except FileNotFoundError as error:
            raise StoreError(f"{relative}: missing") from error
        except OSError as error:
            raise StoreError(f"{relative}: cannot be read ({error})") from error

    def ids(self) -> list[str]:
        """Committed submissions: every `requests/ID.json` whose name is a submission id."""
        return sorted(name[: -len(".json")] for name in self._names(REQUESTS)
                      if name.endswith(".json") and is_submission_id(name[: -len(".json")]))

    def record(self, sid: str) -> SubmissionRecord:
        """One request record; StoreError naming the file and why when it cannot be read."""
        cached = self._record_cache.get(sid)
        if cached is None:
            path = f"{REQUESTS}/{sid}.json"
            cached = SubmissionRecord.from_dict(_json(self._read_checked(path), path), path)
            if cached.id != sid:
                raise StoreError(f"{path}: holds the record of {cached.id!r}")
            self._record_cache[sid] = cached
        return cached

    def records(self) -> list[SubmissionRecord]:
        """Every record the board can show: readable, with a readable result (the rest are named in
        `contents().damage`)."""
        return self.contents().records

    def find(self, raw: bytes) -> SubmissionRecord | None:
        """The stored record of this exact file, if it was submitted before (StoreError if it is damaged)."""
        sid = submission_id(raw)
        return self.record(sid) if self._exists(f"{REQUESTS}/{sid}.json") else None

    def scorers(self, sid: str) -> list[str]:
        """The scorer versions with a stored result for this submission (`unpinned` for one stored
        before scorer versions), in no particular order; `results` orders them by when they were made."""
        versions = sorted(name[: -len(".json")] for name in self._names(f"{AGGREGATES}/{sid}")
                          if name.endswith(".json") and _SCORER_SEGMENT.match(name[: -len(".json")]))
        return ([UNPINNED] if self._exists(aggregate_path(sid, UNPINNED)) else []) + versions

    def results(self, sid: str) -> list[Aggregate]:
        """Every stored result of one submission, oldest first (a legacy result first of all);
        StoreError on the first one that cannot be read."""
        return sorted((self.aggregate(sid, scorer) for scorer in self.scorers(sid)),
                      key=lambda a: (a.scorer != UNPINNED, a.scored_at, a.scorer))

    def _readable_results(self, sid: str, damage: list[Damage]) -> list[Aggregate]:
        found = []
        for scorer in self.scorers(sid):
            try:
                found.append(self.aggregate(sid, scorer))
            except StoreError as error:
                damage.append(Damage(aggregate_path(sid, scorer), _reason(error, aggregate_path(sid, scorer))))
        return sorted(found, key=lambda a: (a.scorer != UNPINNED, a.scored_at, a.scorer))

    def aggregate(self, sid: str, scorer: str | None = None) -> Aggregate:
        """One scorer version's result; without a version, the newest one stored."""
        if scorer is None:
            found = self.results(sid)
            if not found:
                raise StoreError(f"submission {sid} has no stored result in {self.location}")
            return found[-1]
        cached = self._aggregate_cache.get((sid, scorer))
        if cached is None:
            path = aggregate_path(sid, scorer)
            cached = Aggregate.from_dict(_json(self._read_checked(path), path), path)
            if cached.submission_id != sid or cached.scorer != scorer:
                raise StoreError(f"{path}: holds the result of {cached.submission_id} by scorer {cached.scorer}")
            self._aggregate_cache[(sid, scorer)] = cached
        return cached

    def entries(self) -> list[tuple[SubmissionRecord, Aggregate]]:
        """(record, result) for every readable result of every readable submission: what the board ranks."""
        return self.contents().entries

    def contents(self) -> StoreContents:
        """Everything readable, and every file that is not (see the module docstring): never raises
        on a bad stored file, so one cannot take the board down."""
        damage = self.quarantined()
        records, entries = [], []
        for sid in self.ids():
            try:
                record = self.record(sid)
            except StoreError as error:
                damage.append(Damage(f"{REQUESTS}/{sid}.json", _reason(error, f"{REQUESTS}/{sid}.json")))
                continue
            results = self._readable_results(sid, damage)
            if not results:
                damage.append(Damage(f"{REQUESTS}/{sid}.json", "no readable result: left off the board"))
                continue
            records.append(record)
            entries.extend((record, result) for result in results)
        tracks = {}
        for track in self._names(TRACKS):
            tracks[track] = []
            for sid in self.track_ids(track):
                try:
                    tracks[track].append(self.track_summary(track, sid))
                except StoreError as error:
                    path = f"{TRACKS}/{track}/{sid}/{TRACK_SUMMARY}"
                    damage.append(Damage(path, _reason(error, path)))
        return StoreContents(records, entries, tracks, damage)

    def quarantined(self) -> list[Damage]:
        """The files `mcb store check --repair` moved aside (quarantine/log.jsonl), each with its reason."""
        if not self._exists(QUARANTINE_LOG):
            return []
        try:
            text = self._read(QUARANTINE_LOG).decode("utf-8", "replace")
        except OSError as error:
            return [Damage(QUARANTINE_LOG, f"cannot be read ({error})")]
        found = []
        for raw in text.split("\n"):
            try:
                entry = json.loads(raw) if raw.strip() else None
            except ValueError:
                entry = None
            if isinstance(entry, dict) and isinstance(entry.get("path"), str):
                found.append(Damage(entry["path"], str(entry.get("reason", "")), quarantined=True))
        return found

    def submission_bytes(self, sid: str) -> bytes:
        """The stored file, checked against the record's content hash (StoreError if missing or altered)."""
        path = f"{SUBMISSIONS}/{sid}.jsonl"
        payload = self._read_checked(path)
        record = self.record(sid)
        if content_hash(payload) != record.content_hash:
            raise StoreError(f"{path}: its content does not match the record's hash (altered or truncated)")
        return payload

    def submission_text(self, sid: str) -> str:
        payload = self.submission_bytes(sid)
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError as error:
            raise StoreError(f"{SUBMISSIONS}/{sid}.jsonl: not UTF-8") from error

    def score_file(self, sid: str, name: str, scorer: str | None = None) -> bytes:
        """One of the scorer's files; without a version, the newest result's."""
        return self._read_checked(score_path(sid, scorer or self.aggregate(sid).scorer, name))

    def put_result(self, bundle: ResultBundle) -> bool:
        """Store another scorer version's result of a stored submission; False (nothing written) when
        that version's result is already stored. Older results are left as they are."""
        sid, scorer = bundle.submission_id, bundle.aggregate.scorer
        if not self._exists(f"{REQUESTS}/{sid}.json"):
            raise StoreError(f"no stored submission {sid} in {self.location}")
        if not self._commit(bundle.files(), f"rescore {sid} with scorer {scorer}"):
            return False
        self._aggregate_cache[(sid, scorer)] = bundle.aggregate
        return True

    def track_ids(self, track: str) -> list[str]:
        """Stored results of one track (only those whose summary, the commit marker, exists)."""
        return [sid for sid in self._names(f"{TRACKS}/{track}")
                if is_submission_id(sid) and self._exists(f"{TRACKS}/{track}/{sid}/{TRACK_SUMMARY}")]

    def track_summary(self, track: str, sid: str) -> dict:
        """One track (or sweep) result's summary; StoreError naming the file when it is not a readable
        summary of that track."""
        path = f"{TRACKS}/{track}/{sid}/{TRACK_SUMMARY}"
        summary = _json(self._read_checked(path), path)
        if not isinstance(summary, dict):
            raise StoreError(f"{path}: expected a JSON object, got {type(summary).__name__}")
        _SUMMARY_CHECKS.get(track, _check_track_summary)(summary, track, path)
        return summary

    def track_summaries(self) -> dict[str, list[dict]]:
        """Every readable track summary, by track (unreadable ones are in `contents().damage`)."""
        return self.contents().tracks

    def put_track(self, bundle: TrackBundle, check: WriteCheck | None = None) -> bool:
        """Store a track result; False (and nothing written) when this exact file is already stored."""
        return self._commit(bundle.files(), f"track {bundle.track} {bundle.id}", check)

    def put(self, bundle: StoredBundle, check: WriteCheck | None = None) -> tuple[SubmissionRecord, bool]:
        """Store a scored submission: (its record, True), or (the record already stored for this exact
        file, False) with nothing written. `check` runs under the lock first and may refuse (StoreError)."""
        sid = bundle.record.id
        if not self._commit(bundle.files(), f"submission {sid}: {bundle.record.meta.name}", check):
            return self.record(sid), False
        self._record_cache[sid] = bundle.record
        self._aggregate_cache[(sid, bundle.aggregate.scorer)] = bundle.aggregate
        return bundle.record, True


def _reason(error: StoreError, path: str) -> str:
    """A StoreError's message without the path it starts with (the Damage carries the path)."""
    text = str(error)
    return text[len(path) + 2:] if text.startswith(f"{path}: ") else text


def _fsync_folder(folder: Path) -> None:
    """Make a rename durable: the folder's entry is on disk once the folder is fsynced."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def write_atomically(target: Path, payload: bytes) -> None:
    """Temp file in the target's folder, fsync, rename into place, fsync the folder: a reader sees
    the old state or the whole new file, never part of it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=target.parent, prefix=TEMP_PREFIX, suffix=target.suffix)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    _fsync_folder(target.parent)


@dataclass
class LocalStore(ResultsStore):
    """A folder on disk (default `results/`). Writes go to a temp file and are renamed into place,
    serialised across processes by a file lock beside the folder's contents (an OS lock: a killed
    writer's lock is released with its process)."""

    root: Path = DEFAULT_RESULTS

    def __post_init__(self) -> None:
        self.root = Path(self.root)

    @property
    def location(self) -> str:
        return str(self.root)

    def lock(self) -> FileLock:
        self.root.mkdir(parents=True, exist_ok=True)
        return FileLock(str(self.root / ".lock"), timeout=LOCK_TIMEOUT_S)

    def _list(self, folder: str) -> list[str]:
        path = self.root / folder
        return sorted(os.listdir(path)) if path.is_dir() else []

    def _read(self, relative: str) -> bytes:
        return (self.root / relative).read_bytes()

    def _exists(self, relative: str) -> bool:
        return (self.root / relative).exists()

    def _commit(self, files: Mapping[str, bytes], message: str, check: WriteCheck | None = None) -> bool:
        marker = list(files)[-1]
        try:
            with self.lock():
                if self._exists(marker):
                    return False
                if check is not None:
                    check()
                # Under the lock no other writer is running: every temp file here is a killed write's.
                for folder in {(self.root / relative).parent for relative in files}:
                    for stale in folder.glob(f"{TEMP_PREFIX}*") if folder.is_dir() else ():
                        stale.unlink(missing_ok=True)
                for relative, payload in files.items():
                    write_atomically(self.root / relative, payload)
        except Timeout as error:
            raise StoreError(f"{self.root} is locked by another writer (waited {LOCK_TIMEOUT_S:g} s); try again") from error
        return True


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
            allow_patterns=[f"{REQUESTS}/*", f"{AGGREGATES}/*", f"{TRACKS}/*/*/{TRACK_SUMMARY}", QUARANTINE_LOG],
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

    def _commit(self, files: Mapping[str, bytes], message: str, check: WriteCheck | None = None) -> bool:
        from huggingface_hub import CommitOperationAdd
        from huggingface_hub.errors import HfHubHTTPError

        self.cache_dir.mkdir(parents=True, exist_ok=True)
        with FileLock(str(self.cache_dir) + ".lock", timeout=LOCK_TIMEOUT_S):
            self.refresh()
            if self._exists(list(files)[-1]):
                return False
            if check is not None:
                check()
            operations = [CommitOperationAdd(path_in_repo=name, path_or_fileobj=payload) for name, payload in files.items()]
            try:
                self.api.create_commit(
                    repo_id=self.repo_id, repo_type="dataset", operations=operations, commit_message=message,
                    parent_commit=self._revision,
                )
            except HfHubHTTPError as error:  # e.g. 412: another writer committed since this one read
                raise StoreError(f"{self.location} refused the commit ({' '.join(str(error).split())[:300]}); "
                                 "nothing was written: if another submission landed meanwhile, submit again") from error
            self._snapshot = None
            self.refresh()
        return True


def open_store(results: str | Path | None = None, hub_repo: str | None = None) -> ResultsStore:
    """A Hub store when a repo is named, else the local folder (default `results/`)."""
    if hub_repo:
        return HubStore(repo_id=hub_repo)
    return LocalStore(root=Path(results) if results else DEFAULT_RESULTS)
