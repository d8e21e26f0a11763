"""The submission line, parsed once: for `mcb score`, `mcb run` (resuming), `mcb submit` and the Submit page.

A submission is JSONL, one object per line. The contract fields are `cell_id`, `commentary`,
`sample` (default 0), `status` (`ok` | `failed`, default `ok`) and `error`. An ok line carries
commentary text and no error; a failed line carries `commentary: null` (or none) and an `error`
saying why, so a failed call can never be read as an empty answer. Every other field is metadata
kept beside the line: the run metadata `mcb run` writes (`model`, `n_tokens`, `attempts`, ...)
is always allowed and type-checked; any other field is an error in strict mode (the default: a
typo such as `comentary` is caught) and kept as metadata in lenient mode.

The parser is total: any text gives responses or problems, never an exception. The limits of
`contracts.limits` are checked before the work they bound (the line count before any line is
decoded, the nesting depth before a line reaches the JSON decoder, a text field's length before
anything is scored); NaN and Infinity (not JSON), NUL and lone surrogates (UTF-8 cannot store them)
are refused with their line and field.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from contracts.jsonl import decode_utf8, dumps_line, numbered_lines
from contracts.limits import MAX_COMMENTARY_CHARS, MAX_JSON_DEPTH, MAX_LINES
from contracts.problems import InvalidInput, Problem
from contracts.text import unstorable_char
from contracts.vocabulary import FAILURE_KINDS, STATUSES

FieldKind = Literal["text", "integer", "number", "failure"]


@dataclass(frozen=True)
class FieldSpec:
    """One field of a submission line: its JSON kind, whether null is allowed, and what it means."""

    name: str
    kind: FieldKind
    nullable: bool
    description: str

    def problem(self, value: object) -> str | None:
        """Why `value` does not fit, or None when it does."""
        if value is None:
            return None if self.nullable else "must not be null"
        if self.kind == "text":
            ok = isinstance(value, str)
        elif self.kind == "integer":
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        elif self.kind == "number":
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        else:
            ok = value in FAILURE_KINDS
        if ok:
            return None
        wanted = {"text": "text", "integer": "a non-negative integer", "number": "a finite number",
                  "failure": f"a failure kind (one of {', '.join(FAILURE_KINDS)})"}[self.kind]
        return f"must be {wanted}{' or null' if self.nullable else ''}, not {value!r}"


CONTRACT_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("cell_id", "text", False, "the cell answered, `{market}-{month}-{arm}-{context}` (a cell of the dataset version)"),
    FieldSpec("commentary", "text", True, "the model's reply; text on an ok line, null (or absent) on a failed line"),
    FieldSpec("sample", "integer", False, "which answer to this cell, 0, 1, ... (default 0); one line per (cell_id, sample)"),
    FieldSpec("status", "text", False, "`ok` (default) or `failed`: a failed call is a failure, never empty commentary"),
    FieldSpec("error", "text", True, "why the call failed (required on a failed line; `mcb run` starts it with the "
              "failure kind); null on an ok line"),
)
RUN_METADATA_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("model", "text", False, "model name as sent to the server"),
    FieldSpec("server_model", "text", True, "the model the server says it ran"),
    FieldSpec("temperature", "number", False, "sampling temperature"),
    FieldSpec("max_tokens", "integer", False, "reply budget per answer"),
    FieldSpec("num_ctx", "integer", True, "Ollama context size sent, if any"),
    FieldSpec("n_tokens", "integer", False, "prompt size sent (WordPiece tokens)"),
    FieldSpec("prompt_tokens", "integer", True, "prompt tokens the server reported reading"),
    FieldSpec("completion_tokens", "integer", True, "reply tokens the server reported"),
    FieldSpec("finish_reason", "text", True, "the server's finish reason"),
    FieldSpec("latency_s", "number", True, "seconds from request to reply"),
    FieldSpec("attempts", "integer", False, "requests made for this line (0: not sent)"),
    FieldSpec("release", "text", False, "dataset release of the prompt answered"),
    FieldSpec("failure", "failure", True, "the failure kind of a failed line"),
    FieldSpec("finished_at", "text", False, "when the line was written (UTC, ISO 8601)"),
    FieldSpec("partial", "text", True, "what a `length` failure got before the reply budget ran out; kept apart, "
              "never scored (absent in files written before it existed)"),
)
CONTRACT_NAMES: tuple[str, ...] = tuple(spec.name for spec in CONTRACT_FIELDS)
RUN_METADATA_NAMES: tuple[str, ...] = tuple(spec.name for spec in RUN_METADATA_FIELDS)
_METADATA_SPECS: dict[str, FieldSpec] = {spec.name: spec for spec in RUN_METADATA_FIELDS}
UNKNOWN_FIELD = (f"unknown field; allowed: {', '.join(CONTRACT_NAMES)} and the run metadata "
                 f"({', '.join(RUN_METADATA_NAMES)}); lenient parsing keeps any other field as metadata")


class InvalidSubmission(InvalidInput):
    """A submission with problems: nothing of it is scored or stored."""


@dataclass(frozen=True)
class Response:
    """One parsed submission line: a commentary for a cell, or a recorded failure to get one.

    `commentary` is "" on a failed line (the file says null); `metadata` holds every other field
    of the line as written, run metadata included.
    """

    line: int
    cell_id: str
    commentary: str
    sample: int = 0
    status: str = "ok"
    error: str = ""
    metadata: Mapping[str, object] = field(default_factory=dict, compare=False)

    @property
    def failed(self) -> bool:
        return self.status == "failed"

    @property
    def key(self) -> tuple[str, int]:
        return (self.cell_id, self.sample)

    def to_dict(self) -> dict:
        """The line as the contract writes it: failed lines carry `commentary: null`, metadata after."""
        record = {"cell_id": self.cell_id, "sample": self.sample, "status": self.status,
                  "commentary": None if self.failed else self.commentary, "error": self.error if self.failed else None}
        record.update((name, value) for name, value in self.metadata.items() if name not in record)
        return record


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _strings(value: object) -> Iterator[str]:
    """Every string in a decoded JSON value, keys included (depth is bounded before decoding)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def text_problem(value: object) -> str | None:
    """What no text of a line may be (its first instance): longer than the limit, or holding NUL or
    a lone surrogate."""
    for text in _strings(value):
        if len(text) > MAX_COMMENTARY_CHARS:
            return (f"text of {len(text):,} characters; the limit is {MAX_COMMENTARY_CHARS:,} "
                    "(contracts.limits.MAX_COMMENTARY_CHARS)")
        if (why := unstorable_char(text)) is not None:
            return f"text {why}; NUL and lone surrogates cannot be stored"
    return None


def check_line(item: object, number: int | None, cell_ids: Collection[str] | None = None,
               lenient: bool = False) -> tuple[Response | None, list[Problem]]:
    """One decoded line against the contract: the Response, or every problem found on it."""
    if not isinstance(item, dict):
        return None, [Problem(number, None, f"expected a JSON object, got {type(item).__name__}", "object")]
    problems: list[Problem] = []

    def add(name: str | None, message: str, kind: str = "") -> None:
        problems.append(Problem(number, name, message, kind))

    for name, value in item.items():
        if (why := text_problem([name, value])) is not None:
            add(name, why, "text")
    if problems:
        return None, problems

    metadata = {name: value for name, value in item.items() if name not in CONTRACT_NAMES}
    for name, value in metadata.items():
        spec = _METADATA_SPECS.get(name)
        if spec is None:
            if not lenient:
                add(name, UNKNOWN_FIELD, "unknown_field")
        elif not lenient and (why := spec.problem(value)):
            add(name, why, "metadata_type")
    cell_id = item.get("cell_id")
    if not isinstance(cell_id, str) or not cell_id:
        add("cell_id", "is required and must be text", "cell_id")
    elif cell_ids is not None and cell_id not in cell_ids:
        add("cell_id", f"unknown cell id {cell_id!r} for this dataset version", "unknown_cell")
    status = item.get("status", "ok")
    if status not in STATUSES:
        add("status", f"must be one of {', '.join(STATUSES)}, not {status!r}", "status")
    sample = item.get("sample", 0)
    if isinstance(sample, bool) or not isinstance(sample, int) or sample < 0:
        add("sample", f"must be a non-negative integer, not {sample!r}", "sample")
    commentary, error = item.get("commentary"), item.get("error")
    if error is not None and not isinstance(error, str):
        add("error", f"must be text or null, not {type(error).__name__}", "error_type")
    elif status == "failed" and _blank(error):
        add("error", "a failed line must say why in 'error'", "error_missing")
    elif status == "ok" and not _blank(error):
        add("error", "an ok line carries no error (a failed call has status 'failed')", "error_on_ok")
    if commentary is not None and not isinstance(commentary, str):
        add("commentary", f"must be text (or null on a failed line), not {type(commentary).__name__}", "commentary_type")
    elif status == "failed" and not _blank(commentary):
        add("commentary", "a failed line has commentary null, never text", "commentary_on_failed")
    elif status == "ok" and _blank(commentary):
        add("commentary", "an ok line needs commentary text (record a failed call with status 'failed' and an error)",
            "commentary_missing")
    if problems:
        return None, problems
    failed = status == "failed"
    return Response(number or 0, cell_id, "" if failed else commentary, sample, status,
                    error if failed else "", metadata), []


def check_text(text: str, cell_ids: Collection[str] | None = None,
               lenient: bool = False) -> tuple[list[Response], list[Problem]]:
    """Every line of a submission's text: the valid responses and every problem (empty if valid)."""
    responses: list[Response] = []
    problems: list[Problem] = []
    seen: dict[tuple[str, int], int] = {}
    lines = list(numbered_lines(text))
    if len(lines) > MAX_LINES:
        return [], [Problem(None, None, f"the file holds {len(lines):,} lines; the limit is {MAX_LINES:,} "
                                        "(contracts.limits.MAX_LINES); nothing was read", "lines")]
    for number, raw in lines:
        item, why = decode_line(raw)
        if why is not None:
            problems.append(Problem(number, None, why, "json"))
            continue
        response, found = check_line(item, number, cell_ids, lenient)
        problems.extend(found)
        if response is None:
            continue
        if response.key in seen:
            problems.append(Problem(number, "cell_id", f"duplicate of line {seen[response.key]} "
                                    f"(cell_id {response.cell_id!r}, sample {response.sample})", "duplicate"))
            continue
        seen[response.key] = number
        responses.append(response)
    if not lines:
        problems.append(Problem(None, None, "the file holds no submission lines (expected one JSON object per line)", "empty"))
    return responses, problems


# A JSON string literal (escapes included), removed before counting brackets.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def nesting_exceeds(raw: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether a JSON text nests arrays and objects deeper than `limit`, found without decoding it."""
    if raw.count("[") + raw.count("{") <= limit:
        return False
    depth = 0
    for bracket in _BRACKET.finditer(_JSON_STRING.sub("", raw)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > limit:
            return True
    return False


def _not_json(constant: str) -> None:
    raise ValueError(f"{constant} is not JSON (use null)")


def decode_line(raw: str) -> tuple[object, str | None]:
    """(value, None), or (None, why the line is not JSON the contract can read)."""
    if nesting_exceeds(raw):
        return None, f"nested deeper than {MAX_JSON_DEPTH} arrays or objects (contracts.limits.MAX_JSON_DEPTH)"
    try:
        return json.loads(raw, parse_constant=_not_json), None
    except json.JSONDecodeError as error:
        return None, f"not valid JSON ({error.msg}: column {error.colno})"
    except (ValueError, RecursionError) as error:
        return None, f"not valid JSON ({error})"


def parse_text(text: str, cell_ids: Collection[str] | None = None, lenient: bool = False) -> list[Response]:
    """The responses of a valid submission; InvalidSubmission listing every problem otherwise."""
    responses, problems = check_text(text, cell_ids, lenient)
    if problems:
        raise InvalidSubmission(problems)
    return responses


def parse_bytes(raw: bytes, cell_ids: Collection[str] | None = None, lenient: bool = False) -> list[Response]:
    try:
        text = decode_utf8(raw)
    except InvalidInput as error:
        raise InvalidSubmission(error.problems) from error
    return parse_text(text, cell_ids, lenient)


def read_submission(path: Path, cell_ids: Collection[str] | None = None, lenient: bool = False) -> list[Response]:
    return parse_bytes(Path(path).read_bytes(), cell_ids, lenient)


def submission_bytes(responses: Iterable[Response | Mapping]) -> bytes:
    """The contract's JSONL for `responses` (Response objects or line dicts)."""
    return "".join(dumps_line(r.to_dict() if isinstance(r, Response) else dict(r)) for r in responses).encode("utf-8")


def write_submission(responses: Iterable[Response | Mapping], path: Path) -> int:
    """Write responses as JSONL; returns the number of lines."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = submission_bytes(responses)
    path.write_bytes(payload)
    return payload.count(b"\n")
