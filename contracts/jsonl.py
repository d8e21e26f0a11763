"""JSONL, read and written one way everywhere: a line ends at "\\n" and nowhere else.

Written by hand because the standard tools get one thing wrong for JSONL: `str.splitlines()`
also breaks at U+2028, U+2029, U+0085, \\x1c-\\x1e, \\v and \\f, which `json.dumps(...,
ensure_ascii=False)` leaves raw inside strings, so a commentary containing a line separator would
be cut in two. Lines are numbered from 1 in the file as written (blank lines count), so an error
names the line an editor shows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from contracts.problems import InvalidInput, Problem

# JSON's own whitespace: a line holding only these is blank (a trailing "\r" of CRLF files included).
JSON_WHITESPACE = " \t\r"


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) for every non-blank line of `text`, split on "\\n" only."""
    for number, raw in enumerate(text.split("\n"), start=1):
        if raw.strip(JSON_WHITESPACE):
            yield number, raw


def decode_utf8(payload: bytes, source: str = "") -> str:
    """Bytes as text, or an InvalidInput naming the line of the first byte that is not UTF-8."""
    try:
        return payload.decode("utf-8")
    except UnicodeDecodeError as error:
        line = payload.count(b"\n", 0, error.start) + 1
        prefix = f"{source}: " if source else ""
        raise InvalidInput([Problem(line, None, f"{prefix}not UTF-8 (byte 0x{payload[error.start]:02x} at offset {error.start})",
                                    "utf8")]) from error


def loads_lines(text: str, source: str = "") -> list:
    """Every non-blank line parsed as JSON; InvalidInput naming each line that is not."""
    rows, problems = [], []
    for number, raw in numbered_lines(text):
        try:
            rows.append(json.loads(raw))
        except json.JSONDecodeError as error:
            prefix = f"{source}: " if source else ""
            problems.append(Problem(number, None, f"{prefix}not valid JSON ({error.msg}: column {error.colno})", "json"))
    if problems:
        raise InvalidInput(problems)
    return rows


def loads_bytes(payload: bytes, source: str = "") -> list:
    return loads_lines(decode_utf8(payload, source), source)


def read_jsonl(path: Path) -> list:
    """A JSONL file's rows (UTF-8)."""
    path = Path(path)
    return loads_bytes(path.read_bytes(), str(path))


def dumps_line(row: object) -> str:
    """One JSONL line, newline included; non-ASCII kept as is (the reader above is safe with it)."""
    return json.dumps(row, ensure_ascii=False) + "\n"


def dumps_rows(rows: Iterable[object]) -> bytes:
    return "".join(dumps_line(row) for row in rows).encode("utf-8")


def write_jsonl(rows: Iterable[object], path: Path) -> int:
    """Write rows as JSONL (parents created); returns the number of lines."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        for row in rows:
            handle.write(dumps_line(row))
            count += 1
    return count
