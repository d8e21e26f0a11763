"""Numbers as commentary spells them: percents, prices, counts and dates, with stated precision.

spaCy's tokenizer splits `(8.2)%`, `4,70 €` and `US$206.64` inconsistently, so figures are read
by one compiled pattern over the sentence text; the extractor places them among spaCy's tokens
by character offset.

Speed: Python's `re` tries a large case-insensitive alternation at every character. `TextIndex`
finds, once per text, the few positions where each pattern can begin a match (its literal first
words and characters), and `scan` tries the pattern only there; the matches are exactly those of
`pattern.finditer(text)`.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date

WORD_NUMBERS: dict[str, int] = {
    word: index
    for index, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}
WORD_NUMBERS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90})
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
WORD_NUMBER_RE = (
    r"(?:(?:" + "|".join(_TENS) + r")[-\s](?:" + "|".join(_UNITS) + r")|"
    + "|".join(sorted(WORD_NUMBERS, key=len, reverse=True))
    + r")"
)

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
_SIGN = r"[+\-\u2212\u2013]"
_PCT_UNIT = r"(?:%|\s?per\s?cent\b|\s?percent\b|\s?pct\b|pc\b|\s?percentage points?\b|\s?pp\b)"
_CURRENCY_BEFORE = r"(?:US\$|\$|€|£|EUR|USD)"
_CURRENCY_AFTER = r"(?:€|EUR\b|euros?\b|USD\b|dollars\b)"
_SCALE = r"\s?(?:billion|million|trillion|bn|mn|m|k|b|tn)\b"

QUANTITY_RE = re.compile(
    "|".join(
        (
            rf"(?P<acc>\((?P<acc_num>{_NUM})\)\s?%)",
            rf"(?P<wpct>\b(?P<wpct_num>{WORD_NUMBER_RE})\s(?:per\s?cent|percent)\b)",
            rf"(?P<cpre>(?:(?<![\w.])(?P<cpre_sign>{_SIGN}))?{_CURRENCY_BEFORE}\s?(?P<cpre_num>{_NUM})(?P<cpre_scale>{_SCALE})?)",
            rf"(?P<cpct>(?<![\d.,])(?P<cpct_sign>{_SIGN})?(?P<cpct_num>\d{{1,3}},\d{{1,2}})(?!\d)\s?(?:%|pc\b|per\s?cent\b|por cento\b))",
            rf"(?P<comma>(?<![\d.,])(?P<comma_num>\d{{1,3}},\d{{1,3}})\s?(?:€|EUR\b|euros?\b))",
            rf"(?P<num>(?<![\w.])(?P<num_sign>{_SIGN})?(?P<num_num>{_NUM})"
            rf"(?P<num_unit>{_PCT_UNIT}|\s?{_CURRENCY_AFTER}|{_SCALE}|(?:st|nd|rd|th)\b|-?(?:day|week|month|year|session|d|y|w)\b)?)",
        )
    ),
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Quantity:
    """A figure in the text: `kind` is `pct`, `price` or `number` (bare, meaning decided by context)."""

    kind: str
    value: float
    decimals: int
    start: int
    end: int
    signed: int = 0  # +1/-1 when the text wrote the sign (or accounting brackets), else 0
    currency: bool = False


def _decimals(number: str) -> int:
    return len(number.split(".")[1]) if "." in number else 0


def _value(number: str) -> float:
    return float(number.replace(",", ""))


def word_number(text: str) -> int | None:
    """`twenty-one` -> 21; None when the text is not a number word."""
    words = re.split(r"[-\s]+", text.lower())
    if len(words) == 1:
        return WORD_NUMBERS.get(words[0])
    if len(words) == 2 and words[0] in _TENS and words[1] in _UNITS:
        return WORD_NUMBERS[words[0]] + WORD_NUMBERS[words[1]]
    return None


def _sign_of(text: str | None) -> int:
    if not text:
        return 0
    return 1 if text == "+" else -1


# Characters that match an ASCII letter case-insensitively without lowering to it (ſ, ı, İ, the
# Kelvin sign); a text holding one is scanned the plain way.
_FOLD_EXCEPTIONS = frozenset("\u017f\u0131\u0130\u212a")
_WORD_RE = re.compile(r"\w+")
# Every character a QUANTITY_RE match can begin with, apart from letters (currency codes, number words).
_QUANTITY_FIRST_RE = re.compile(r"[\d(+\-\u2212\u2013$€£.]")
_CURRENCY_WORDS = ("us$", "eur", "usd")
_DATE_PREFIXES = frozenset(("mon", "tue", "wed", "thu", "fri", "sat", "sun", "the", "jan", "feb", "mar", "apr", "may",
                            "jun", "jul", "aug", "sep", "oct", "nov", "dec"))
_ASCII_DIGITS = frozenset("0123456789")


def _find_all(haystack: str, needle: str) -> list[int]:
    found, at = [], haystack.find(needle)
    while at >= 0:
        found.append(at)
        at = haystack.find(needle, at + 1)
    return found


@dataclass(frozen=True)
class TextIndex:
    """One text's words (start, lowered) and lowered form, shared by the patterns' start finders."""

    text: str
    lowered: str
    words: tuple[tuple[int, str], ...]

    @classmethod
    def of(cls, text: str) -> TextIndex | None:
        """None when case-insensitive matching cannot be read off `str.lower` (see _FOLD_EXCEPTIONS)."""
        if not _FOLD_EXCEPTIONS.isdisjoint(text):
            return None
        lowered = text.lower()
        return cls(text, lowered, tuple((m.start(), m.group().lower()) for m in _WORD_RE.finditer(text)))

    def quantity_starts(self) -> list[int]:
        """Where a QUANTITY_RE match can begin: a digit not after a digit, a sign, bracket, currency
        symbol or point, a currency code, or a number word (before "per cent")."""
        text = self.text
        starts = [m.start() for m in _QUANTITY_FIRST_RE.finditer(text)
                  if not (m.start() and text[m.start()] in _ASCII_DIGITS and text[m.start() - 1] in _ASCII_DIGITS)]
        for needle in _CURRENCY_WORDS:
            starts += _find_all(self.lowered, needle)
        if "per" in self.lowered:
            starts += [start for start, word in self.words if word in WORD_NUMBERS]
        return sorted(set(starts))

    def date_starts(self) -> list[int]:
        """Where a DATE_RE match can begin: a word that is a number or opens a weekday, "the" or a month."""
        return [start for start, word in self.words if word[0].isdigit() or word[:3] in _DATE_PREFIXES]

    def word_starts(self, words: frozenset[str]) -> list[int]:
        """Words from `words` and words opening with a digit."""
        return [start for start, word in self.words if word[0].isdigit() or word in words]


def scan(pattern: re.Pattern, text: str, starts: list[int] | None) -> list[re.Match]:
    """`pattern.finditer(text)`, trying the pattern only at `starts` (every position where one of
    its matches can begin); all positions when `starts` is None. `pattern` never matches empty."""
    if starts is None:
        return list(pattern.finditer(text))
    found, end = [], 0
    for start in starts:
        if start < end:
            continue
        match = pattern.match(text, start)
        if match:
            found.append(match)
            end = max(match.end(), start + 1)
    return found


def find_quantities(text: str, offset: int = 0, index: TextIndex | None = None) -> list[Quantity]:
    """Every percent and price in `text`, plus bare numbers; scales ($80 billion), ordinals and
    horizons (200-day, 7d) are recognised so that they are skipped, not misread. `index` is
    `TextIndex.of(text)` when the caller already has it."""
    index = index if index is not None else TextIndex.of(text)
    found: list[Quantity] = []
    for match in scan(QUANTITY_RE, text, index.quantity_starts() if index else None):
        start, end = match.start() + offset, match.end() + offset
        if match.group("acc"):
            number = match.group("acc_num")
            found.append(Quantity("pct", -_value(number), _decimals(number), start, end, signed=-1))
        elif match.group("wpct"):
            value = word_number(match.group("wpct_num"))
            if value is not None:
                found.append(Quantity("pct", float(value), 0, start, end))
        elif match.group("cpre"):
            if match.group("cpre_scale"):
                continue
            number = match.group("cpre_num")
            found.append(Quantity("price", _value(number), _decimals(number), start, end,
                                  signed=_sign_of(match.group("cpre_sign")), currency=True))
        elif match.group("cpct"):
            number = match.group("cpct_num").replace(",", ".")
            sign = _sign_of(match.group("cpct_sign"))
            found.append(Quantity("pct", float(number) * (sign or 1), _decimals(number), start, end, signed=sign))
        elif match.group("comma"):
            number = match.group("comma_num").replace(",", ".")
            found.append(Quantity("price", float(number), _decimals(number), start, end, currency=True))
        else:
            number, unit = match.group("num_num"), (match.group("num_unit") or "").strip().lower()
            sign = _sign_of(match.group("num_sign"))
            value = _value(number) * (sign or 1)
            if unit and unit[0] in "%pc" and not unit.startswith("percentage"):
                found.append(Quantity("pct", value, _decimals(number), start, end, signed=sign))
            elif unit.startswith("percentage"):
                found.append(Quantity("pct", value, _decimals(number), start, end, signed=sign))
            elif unit in ("€", "eur", "euro", "euros", "usd", "dollars"):
                found.append(Quantity("price", abs(value), _decimals(number), start, end, currency=True))
            elif not unit:
                found.append(Quantity("number", value, _decimals(number), start, end, signed=sign))
            # otherwise a scale, an ordinal or a horizon: not a claim figure
    return found


_MONTHS = {name.lower(): index for index, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): index for index, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
_MONTH_RE = r"(?P<{g}>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_WEEKDAY_RE = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)"
_ORD = r"(?:st|nd|rd|th)?"

DATE_RE = re.compile(
    "|".join(
        (
            r"(?P<iso>\b(?P<iso_y>20\d\d)-(?P<iso_m>\d\d)-(?P<iso_d>\d\d)\b)",
            rf"(?P<dm>\b{_WEEKDAY_RE}?(?:the\s+)?(?P<dm_d>\d{{1,2}}){_ORD}(?:\s+of)?\s+{_MONTH_RE.format(g='dm_m')}(?![a-z]))",
            rf"(?P<md>\b{_WEEKDAY_RE}?{_MONTH_RE.format(g='md_m')}\s+(?:the\s+)?(?P<md_d>\d{{1,2}}){_ORD}(?![\d,.]\d)(?!\d))",
            rf"(?P<th>\b{_WEEKDAY_RE}?the\s+(?P<th_d>\d{{1,2}})(?:st|nd|rd|th)\b)",
        )
    ),
    re.IGNORECASE,
)


@dataclass(frozen=True)
class DateMention:
    start: int
    end: int
    date: date | None  # None when the month is unknown or the day does not exist


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def find_dates(text: str, month: str | None, offset: int = 0, index: TextIndex | None = None) -> list[DateMention]:
    """Dates in the prose, resolved against the cell's month (`YYYY-MM`) when one is given."""
    year, month_number = (int(month[:4]), int(month[5:7])) if month else (None, None)
    index = index if index is not None else TextIndex.of(text)
    found = []
    for match in scan(DATE_RE, text, index.date_starts() if index else None):
        start, end = match.start() + offset, match.end() + offset
        resolved = None
        if match.group("iso"):
            resolved = _safe_date(int(match.group("iso_y")), int(match.group("iso_m")), int(match.group("iso_d")))
        elif year is not None:
            if match.group("dm") or match.group("md"):
                prefix = "dm" if match.group("dm") else "md"
                named = _MONTHS[match.group(f"{prefix}_m").lower()]
                resolved = _safe_date(year, named, int(match.group(f"{prefix}_d")))
            else:
                resolved = _safe_date(year, month_number, int(match.group("th_d")))
        found.append(DateMention(start, end, resolved))
    return found
