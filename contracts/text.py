"""Text people type beside a submission (model names, revisions, submitters, cutoffs), and the
characters no stored text may hold: normalised and checked once, for the CLI, the Space and the
track path alike.

A name is shown on the board, in the CSV and in a terminal, so it is NFC-normalised (a name typed
with a combining accent and one typed precomposed are one name) and refused when it holds a
character that can disguise it: control characters, bidi controls (U+202E can make "evil" read
"live"), zero-width characters (two names that look identical), private-use, unassigned and
surrogate code points, line and paragraph separators. A knowledge cutoff is a real calendar date
(or month) that is not in the future.
"""

from __future__ import annotations

import calendar
import re
import unicodedata
from datetime import date, datetime, timezone

from contracts.limits import MAX_NAME_CHARS

# Unicode general categories a name may not hold, with what the message calls them.
REFUSED_CATEGORIES: dict[str, str] = {
    "Cc": "a control character",
    "Cf": "an invisible format character (bidi control, zero-width, BOM)",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Cn": "an unassigned code point",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
# Characters no stored text may hold (a commentary may hold newlines, tabs and any letter).
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_CUTOFF = re.compile(r"^(\d{4})-(\d{2})(?:-(\d{2}))?$")


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def describe_char(char: str) -> str:
    """`U+202E (RIGHT-TO-LEFT OVERRIDE)`, or `U+0000` for a character Unicode gives no name."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X} ({name})" if name else f"U+{ord(char):04X}"


def unstorable_char(text: str) -> str | None:
    """Why `text` cannot be stored (a NUL or a lone surrogate, which UTF-8 cannot encode), or None."""
    found = _UNSTORABLE.search(text)
    if found is None:
        return None
    char = found.group()
    what = "NUL" if char == "\x00" else "a lone surrogate"
    return f"holds {what} ({describe_char(char)}) at character {found.start() + 1}"


def storable(text: str) -> str:
    """`text` with every NUL and lone surrogate replaced by U+FFFD: for messages built from a
    server's or a user's text, so that writing them can never fail."""
    return _UNSTORABLE.sub("\ufffd", text)


def name_problem(value: object, max_chars: int = MAX_NAME_CHARS) -> str | None:
    """Why a name, revision or submitter cannot be shown on the board, or None when it can.
    Expects the value already NFC-normalised and stripped (`clean_name`)."""
    if not isinstance(value, str) or not value.strip():
        return "is required"
    if len(value) > max_chars:
        return f"is {len(value):,} characters; the limit is {max_chars} (contracts.limits)"
    for position, char in enumerate(value, start=1):
        category = unicodedata.category(char)
        if category in REFUSED_CATEGORIES:
            return (f"holds {describe_char(char)}, {REFUSED_CATEGORIES[category]}, at character {position}; "
                    "names may not hold control, bidi or zero-width characters")
    if value != nfc(value):
        return "is not NFC-normalised"
    return None


def clean_name(value: object) -> object:
    """NFC-normalised and stripped (non-text is returned as is, to fail `name_problem`)."""
    return nfc(value).strip() if isinstance(value, str) else value


def today_utc() -> date:
    return datetime.now(timezone.utc).date()


def parse_cutoff(value: str, today: date | None = None) -> tuple[date, date]:
    """A knowledge cutoff `YYYY-MM` or `YYYY-MM-DD` as (first day, last day) it covers; ValueError
    saying why when it is not a real date, or is after today."""
    match = _CUTOFF.match(value) if isinstance(value, str) else None
    if match is None:
        raise ValueError(f"must be YYYY-MM or YYYY-MM-DD, not {value!r}")
    year, month, day = int(match[1]), int(match[2]), match[3]
    try:
        first = date(year, month, int(day) if day else 1)
    except ValueError as error:
        raise ValueError(f"{value!r} is not a real date ({error})") from error
    today = today or today_utc()
    if first > today:
        raise ValueError(f"{value!r} is after today ({today.isoformat()}): a knowledge cutoff is in the past")
    return first, first if day else first.replace(day=calendar.monthrange(year, month)[1])


def cutoff_problem(value: object, today: date | None = None) -> str | None:
    """Why a declared knowledge cutoff is unusable, or None (None itself means "not declared")."""
    if value is None:
        return None
    try:
        parse_cutoff(value, today)  # type: ignore[arg-type]
    except ValueError as error:
        return str(error)
    return None
