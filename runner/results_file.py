"""The results file: append-only JSONL, one current line per (cell_id, sample), nothing edited in place.

- Each line is appended with a single `write` on an O_APPEND descriptor and fsynced, so a crash
  loses at most the line being written, never an earlier one.
- Resuming skips every (cell, sample) whose line is `ok`. A `failed` line is retried: before the
  retry is sent, the failed line is appended to the sidecar `<stem>.superseded<suffix>` and the
  file is rewritten without it through a temporary file and an atomic rename. So the file stays a
  valid submission (no duplicate keys) and every failure ever recorded survives in the sidecar.
- A file written by another model or other sampling settings is refused, not mixed into.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from contracts.jsonl import numbered_lines as jsonl_lines
from contracts.submission import InvalidSubmission, read_submission
from runner.records import AnswerLine, RecordError

COMPATIBLE_FIELDS = ("model", "temperature", "max_tokens")
"""A resumed run must match the file on these, or the submission would mix two configurations."""


class ResultsFileError(ValueError):
    """The results file cannot be resumed; the message names the file, line and field."""


@dataclass(frozen=True)
class Existing:
    """The lines already in the file, by (cell_id, sample)."""

    lines: dict[tuple[str, int], AnswerLine]

    def is_ok(self, key: tuple[str, int]) -> bool:
        line = self.lines.get(key)
        return line is not None and line.status == "ok"

    def is_failed(self, key: tuple[str, int]) -> bool:
        line = self.lines.get(key)
        return line is not None and line.status == "failed"


def superseded_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}.superseded{path.suffix}")


def read_existing(path: Path) -> Existing:
    """Parse every line with the submission contract (strict: a run's file holds only contract and
    run metadata fields), then rebuild the runner's typed lines; a missing file is an empty run."""
    if not path.exists():
        return Existing({})
    try:
        responses = read_submission(path)
    except InvalidSubmission as error:
        raise ResultsFileError(f"{path}: {error.summary('; ')}; remove or fix the line(s) to resume") from error
    lines: dict[tuple[str, int], AnswerLine] = {}
    for response in responses:
        try:
            line = AnswerLine.from_response(response, f"{path} line {response.line}")
        except RecordError as error:
            raise ResultsFileError(str(error)) from error
        lines[line.key] = line
    return Existing(lines)


def numbered_lines(path: Path) -> Iterable[tuple[int, str]]:
    """The file's non-blank lines, split on "\n" only (`contracts.jsonl`)."""
    if not path.exists():
        return []
    return list(jsonl_lines(path.read_text(encoding="utf-8")))


def check_compatible(existing: Existing, path: Path, expected: dict[str, object]) -> None:
    """Refuse to resume into a file written with another model or sampling settings."""
    for line in existing.lines.values():
        for name in COMPATIBLE_FIELDS:
            if getattr(line, name) != expected[name]:
                raise ResultsFileError(
                    f"{path}: cell {line.cell_id} sample {line.sample} has {name}={getattr(line, name)!r}, "
                    f"this run has {name}={expected[name]!r}; write to another --out"
                )


def supersede(path: Path, keys: set[tuple[str, int]]) -> int:
    """Move the failed lines of `keys` to the sidecar, then atomically rewrite the file without them."""
    if not keys:
        return 0
    kept: list[str] = []
    moved: list[str] = []
    for _, raw in numbered_lines(path):
        data = json.loads(raw)
        key = (data["cell_id"], data["sample"])
        (moved if key in keys and data["status"] == "failed" else kept).append(raw)
    if not moved:
        return 0
    with LineAppender(superseded_path(path)) as history:
        for raw in moved:
            history.write_raw(raw)
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write("".join(raw + "\n" for raw in kept))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    return len(moved)


class LineAppender:
    """Appends whole lines with one write each on an O_APPEND descriptor, fsynced per line."""

    def __init__(self, path: Path) -> None:
        self._path = Path(path)
        self._fd: int | None = None

    def __enter__(self) -> "LineAppender":
        self._path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self._path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def write(self, line: AnswerLine) -> None:
        self.write_raw(line.to_json())

    def write_raw(self, raw: str) -> None:
        if self._fd is None:
            raise RuntimeError("LineAppender used outside its `with` block")
        data = (raw.rstrip("\n") + "\n").encode("utf-8")
        while data:
            written = os.write(self._fd, data)
            data = data[written:]
        os.fsync(self._fd)
