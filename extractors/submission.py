"""Submission files: JSONL, one response per line, validated before anything is scored.

Every problem is reported with its line number; scoring never starts on a file with problems.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

STATUSES = ("ok", "failed")
# At most this many problems are listed; the count of the rest is given.
MAX_ERRORS_SHOWN = 20


class SubmissionError(ValueError):
    """A submission that cannot be scored; `errors` are `line N: ...` messages."""

    def __init__(self, errors: list[str]):
        self.errors = errors
        shown = errors[:MAX_ERRORS_SHOWN]
        more = f"\n... and {len(errors) - len(shown)} more" if len(errors) > len(shown) else ""
        super().__init__("\n".join(shown) + more)


@dataclass(frozen=True)
class Response:
    """One submission line: a commentary for a cell (or a recorded failure to get one)."""

    line: int
    cell_id: str
    commentary: str
    sample: int = 0
    status: str = "ok"
    error: str = ""

    @property
    def failed(self) -> bool:
        return self.status == "failed"

    def to_dict(self) -> dict:
        record = {"cell_id": self.cell_id, "sample": self.sample, "status": self.status, "commentary": self.commentary}
        if self.error:
            record["error"] = self.error
        return record


def _check(number: int, record: object, cell_ids: set[str] | None) -> tuple[Response | None, list[str]]:
    where = f"line {number}"
    if not isinstance(record, dict):
        return None, [f"{where}: expected a JSON object, got {type(record).__name__}"]
    errors = []
    cell_id = record.get("cell_id")
    if not isinstance(cell_id, str) or not cell_id:
        errors.append(f"{where}: missing or empty 'cell_id'")
    elif cell_ids is not None and cell_id not in cell_ids:
        errors.append(f"{where}: unknown cell_id {cell_id!r} (not a cell of the dataset)")
    status = record.get("status", "ok")
    if status not in STATUSES:
        errors.append(f"{where}: status must be one of {', '.join(STATUSES)}, not {status!r}")
    sample = record.get("sample", 0)
    if isinstance(sample, bool) or not isinstance(sample, int) or sample < 0:
        errors.append(f"{where}: sample must be a non-negative integer, not {sample!r}")
    commentary = record.get("commentary", "" if status == "failed" else None)
    if commentary is None and status != "failed":
        errors.append(f"{where}: missing 'commentary'")
    elif commentary is not None and not isinstance(commentary, str):
        errors.append(f"{where}: 'commentary' must be text, not {type(commentary).__name__}")
    error = record.get("error", "")
    if error is not None and not isinstance(error, str):
        errors.append(f"{where}: 'error' must be text")
    if errors:
        return None, errors
    return Response(number, cell_id, commentary or "", sample, status, error or ""), []


def validate_lines(lines: Iterable[str], cell_ids: set[str] | None = None) -> tuple[list[Response], list[str]]:
    """Parse and check every line; returns the responses and the line-numbered errors (empty if valid)."""
    responses: list[Response] = []
    errors: list[str] = []
    seen: dict[tuple[str, int], int] = {}
    any_line = False
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        any_line = True
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as error:
            errors.append(f"line {number}: not valid JSON ({error.msg} at column {error.colno})")
            continue
        response, problems = _check(number, record, cell_ids)
        errors.extend(problems)
        if response is None:
            continue
        key = (response.cell_id, response.sample)
        if key in seen:
            errors.append(f"line {number}: duplicate of line {seen[key]} (cell_id {key[0]!r}, sample {key[1]})")
            continue
        seen[key] = number
        responses.append(response)
    if not any_line:
        errors.append("line 1: the submission is empty (expected one JSON object per line)")
    return responses, errors


def validate_submission(lines: Iterable[str], cell_ids: set[str] | None = None) -> list[Response]:
    """The responses of a valid submission; raises SubmissionError naming every bad line."""
    responses, errors = validate_lines(lines, cell_ids)
    if errors:
        raise SubmissionError(errors)
    return responses


def read_submission(path: Path, cell_ids: set[str] | None = None) -> list[Response]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise SubmissionError([f"line 1: {path} is not UTF-8 text ({error.reason})"]) from error
    return validate_submission(text.splitlines(), cell_ids)


def write_submission(responses: Iterable[Response | dict], path: Path) -> int:
    """Write responses as JSONL; returns the number of lines."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with path.open("w", encoding="utf-8") as handle:
        for response in responses:
            record = response.to_dict() if isinstance(response, Response) else response
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
            count += 1
    return count
