"""`mcb store check [--repair]`: find every stored file the board cannot use, and move it aside.

What a local store can hold besides committed results (see `leaderboard.store`):
- `temp`: a `.tmp-*` file of a write that was killed before its rename;
- `orphan`: the files of a write that was killed before its commit marker (a submission, scores or
  an aggregate without their request record; a scorer's files without its aggregate; a track
  result without its summary). The board never lists them and the next write of the same bundle
  replaces them; repair moves them aside all the same;
- `unreadable`: a committed file that cannot be read: a request record, aggregate or track summary
  that is not UTF-8, not JSON, of the wrong shape or types; a request whose submission is missing
  or does not match its content hash; an aggregate whose score files are missing. The board leaves
  it out and names it.

`--repair` moves each finding to `quarantine/<its path>` (never deletes) and appends it, with the
reason, to `quarantine/log.jsonl`, which the board reads to name quarantined files in its integrity
notice. A quarantined request record makes its submission uncommitted: submitting the file again
stores it afresh.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Literal

from contracts.jsonl import loads_bytes
from extractors.version import UNPINNED
from leaderboard.store import (
    AGGREGATES,
    QUARANTINE,
    QUARANTINE_LOG,
    REQUESTS,
    SCORE_NAMES,
    SCORES,
    SUBMISSIONS,
    TEMP_PREFIX,
    TRACK_SUMMARY,
    TRACKS,
    LocalStore,
    StoreError,
    aggregate_path,
    is_submission_id,
    score_path,
)

FindingKind = Literal["temp", "orphan", "unreadable"]


@dataclass(frozen=True)
class Finding:
    """One file the board cannot use: its path (relative to the store), what kind of problem, and why."""

    path: str
    kind: FindingKind
    reason: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.path} ({self.reason})"


def _files(store: LocalStore) -> list[str]:
    """Every file of the store (relative, POSIX), except the lock and the quarantine."""
    found = []
    for folder, names, files in os.walk(store.root):
        relative_folder = Path(folder).relative_to(store.root)
        if relative_folder.parts[:1] == (QUARANTINE,):
            names[:] = []
            continue
        for name in files:
            relative = (relative_folder / name).as_posix()
            if relative != ".lock":
                found.append(relative)
    return sorted(found)


def check_store(store: LocalStore) -> list[Finding]:
    """Every temp, orphaned and unreadable file of a local store; an empty list for a healthy one."""
    files = _files(store)
    findings: list[Finding] = [Finding(f, "temp", "left by a write that was killed before its rename")
                               for f in files if Path(f).name.startswith(TEMP_PREFIX)]
    files = [f for f in files if not Path(f).name.startswith(TEMP_PREFIX)]
    committed: set[str] = set()  # files a readable commit marker accounts for
    damaged: dict[str, str] = {}  # submission id -> its unreadable request record

    def unreadable(path: str, reason: str) -> None:
        findings.append(Finding(path, "unreadable", reason[len(path) + 2:] if reason.startswith(f"{path}: ") else reason))

    for sid in store.ids():
        request = f"{REQUESTS}/{sid}.json"
        try:
            store.record(sid)
            store.submission_bytes(sid)
        except StoreError as error:
            unreadable(request, str(error))
            damaged[sid] = request
            continue
        committed.update({request, f"{SUBMISSIONS}/{sid}.jsonl"})
        results = 0
        for scorer in store.scorers(sid):
            marker = aggregate_path(sid, scorer)
            score_files = [score_path(sid, scorer, name) for name in SCORE_NAMES]
            try:
                store.aggregate(sid, scorer)
            except StoreError as error:
                unreadable(marker, str(error))
                continue
            missing = [path for path in score_files if not (store.root / path).is_file()]
            if missing:
                unreadable(marker, f"its score file(s) {', '.join(missing)} are missing")
                continue
            broken = next((f"{path}: {why}" for path in score_files if (why := _score_file_problem(store.root / path))), None)
            if broken:
                unreadable(marker, f"its score file {broken}")
                continue
            committed.update({marker, *score_files})
            results += 1
        if not results:
            unreadable(request, "no readable result")
            damaged[sid] = request
            committed.difference_update({request, f"{SUBMISSIONS}/{sid}.jsonl"})
    for track in sorted(p.name for p in (store.root / TRACKS).iterdir() if p.is_dir()) if (store.root / TRACKS).is_dir() else ():
        for sid in store.track_ids(track):
            marker = f"{TRACKS}/{track}/{sid}/{TRACK_SUMMARY}"
            try:
                store.track_summary(track, sid)
            except StoreError as error:
                unreadable(marker, str(error))
                continue
            committed.update(f for f in files if f.startswith(f"{TRACKS}/{track}/{sid}/"))
    flagged = {finding.path for finding in findings}
    for path in files:
        if path in committed or path in flagged or path == QUARANTINE_LOG:
            continue
        owner = next((request for sid, request in damaged.items() if f"/{sid}" in f"/{path}"), None)
        reason = f"belongs to {owner}, which is unreadable" if owner else _orphan_reason(path)
        findings.append(Finding(path, "orphan", reason))
    return sorted(findings, key=lambda f: f.path)


def _score_file_problem(path: Path) -> str | None:
    """Why a scorer's output file cannot be read back (claims.jsonl, cells.csv, summary.json), or None."""
    payload = path.read_bytes()
    try:
        if path.suffix == ".jsonl":
            loads_bytes(payload, path.name)
        elif path.suffix == ".json":
            json.loads(payload.decode("utf-8"))
        else:
            payload.decode("utf-8")
    except (ValueError, RecursionError) as error:
        return " ".join(str(error).split())[:200]
    return None


def _orphan_reason(path: str) -> str:
    parts = path.split("/")
    top = parts[0]
    if top == REQUESTS:
        return "not a request record of a submission id" if not is_submission_id(Path(path).stem) else "unreadable"
    if top in (SUBMISSIONS, SCORES):
        return "no request record commits it (a write killed before its marker)"
    if top == AGGREGATES:
        scorer = UNPINNED if len(parts) == 2 else Path(path).stem
        return f"no request record commits this {scorer} result (a write killed before its marker)"
    if top == TRACKS:
        return "no summary.json commits this track result (a write killed before its marker)"
    return "not part of the store's layout"


def repair_store(store: LocalStore, findings: list[Finding] | None = None) -> list[Finding]:
    """Move every finding into `quarantine/` and log it; returns what was moved. Under the store's
    lock, so no write is in progress (every temp file is then a dead write's)."""
    with store.lock():
        findings = check_store(store) if findings is None else findings
        moved = []
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        log = store.root / QUARANTINE_LOG
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as handle:
            for finding in findings:
                source = store.root / finding.path
                if not source.exists():
                    continue
                target = store.root / QUARANTINE / finding.path
                while target.exists():
                    target = target.with_name(target.name + ".again")
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(source, target)
                handle.write(json.dumps({"path": finding.path, "kind": finding.kind, "reason": finding.reason,
                                         "moved_to": target.relative_to(store.root).as_posix(), "at": stamp},
                                        ensure_ascii=False) + "\n")
                moved.append(finding)
            handle.flush()
            os.fsync(handle.fileno())
    store._record_cache.clear()
    store._aggregate_cache.clear()
    return moved
