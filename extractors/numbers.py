"""Numbers as commentary spells them: percents, prices, counts and dates, with stated precision.

spaCy's tokenizer splits `(8.2)%`, `4,70 €` and `US$206.64` inconsistently, so figures are read
by one compiled pattern over the sentence text; the extractor places them among spaCy's tokens
by character offset.

Speed: each case-insensitive pattern is read through a `Scanner` (a lowercase twin over the
lowered text, tried only where a match can begin); the matches are those of `pattern.finditer`.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, replace
from datetime import date


def word_alternation(words: str) -> str:
    """`fell|fall|falls` as the same alternation factored by shared prefixes, `f(?:ell|all(?:|s))`.

    Alternatives with different first characters never match at the same place, and those sharing
    one keep their order, so the factored pattern matches exactly what the plain one does; `re`
    then tests one character per branch instead of trying every word at every word boundary.
    """
    listed = words.split("|")
    if any(not re.fullmatch(r"[\w' -]+", word) for word in listed):
        raise ValueError("word_alternation takes literal words")

    def factor(suffixes: list[str]) -> str:
        groups: dict[str, list[str]] = {}
        for suffix in suffixes:
            groups.setdefault(suffix[:1], []).append(suffix[1:])
        branches = []
        for head, rest in groups.items():
            if head == "":
                branches.append("")
            elif len(rest) == 1:
                branches.append(re.escape(head + rest[0]))
            else:
                branches.append(re.escape(head) + "(?:" + factor(rest) + ")")
        return "|".join(branches)

    return factor(listed)


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
_SIGN = r"[+\-\u2212\u2013\u2010\u2011\u2012]"
# "23.4 points", "4.2 pts": a spread in percentage points (a stock's "points" are no level), read as "pp";
# percentage points also as Korean and Vietnamese write them: "약 7.4%p 상회", "khoảng 3,8 điểm %"
_PCT_UNIT = (r"(?:\s?%p\b|\s?điểm\s?%|\s?%|\s?per\s?cent\b|\s?percent\b|\s?pct\b|pc\b|\s?percentage points?\b|\s?pp\b"
             r"|\s?points?\b|\s?pts\b)")
_CURRENCY_BEFORE = r"(?:US\$|\$|€|£|EUR|USD)"
# "€4,35", "EUR 4,350": after a euro sign, a comma with two or three digits and no further digit group is a
# Portuguese decimal comma ("$1,234" and "€1,234.50" keep the comma as a thousands separator).
_EURO_BEFORE = r"(?:€|EUR)"
# Korean writes the currency's word glued to the figure, and a particle after it ("367.95달러", "0.764유로에서")
KOREAN_CURRENCY = frozenset({"달러", "유로"})
_CURRENCY_AFTER = rf"(?:€|EUR\b|euros?\b|USD\b|dollars\b|\$(?![\d.])|{'|'.join(sorted(KOREAN_CURRENCY))})"
_SCALE = r"\s?(?:billion|million|trillion|bn|mn|m|k|b|tn)\b"

# "one point six percent", "seven point four per cent", "three and a half percent", "half a percent",
# "a quarter of a percent", "three-quarters of a percent": spelled figures with their stated precision.
_WORD_UNIT = r"(?:per\s?cent|percent)\b"
_FRACTIONS = {"half": (0.5, 1), "quarter": (0.25, 2), "quarters": (0.25, 2), "third": (1 / 3, 2), "thirds": (1 / 3, 2)}
_SPELLED_PCT = (
    rf"(?P<spell>\b(?:(?P<spell_int>{WORD_NUMBER_RE})\s+point\s+(?P<spell_dec>{WORD_NUMBER_RE}(?:\s+{WORD_NUMBER_RE})?)"
    rf"|(?P<spell_whole>{WORD_NUMBER_RE})\s+and\s+an?\s+(?P<spell_frac>half|quarter|third)"
    rf"|(?:(?P<spell_count>{WORD_NUMBER_RE})[-\s])?(?:an?\s+)?(?P<spell_part>half|quarter|quarters|third|thirds)(?:\s+of)?\s+(?:an?\s+)?)"
    rf"\s*(?:a\s+)?(?:of\s+a\s+)?{_WORD_UNIT})"
)
# "+160bps", "12 basis points": a percent in hundredths, precision two more places.
_BPS = rf"(?P<bps>(?<![\w.])(?P<bps_sign>{_SIGN})?(?P<bps_num>\d+(?:\.\d+)?)\s?(?:bps|bp|basis\s+points?)\b)"

# "13½%", "7½ per cent", "15 and a half percent": a fraction after the digits, as a sign or in words.
_VULGAR = {"½": (0.5, 1), "¼": (0.25, 2), "¾": (0.75, 2)}
_VFRAC = (rf"(?P<vfrac>(?<![\w.])(?P<vfrac_sign>{_SIGN})?(?P<vfrac_int>\d+)"
          rf"(?:(?P<vfrac_part>[½¼¾])|\s+and\s+an?\s+(?P<vfrac_word>half|quarter))\s?(?:%|per\s?cent\b|percent\b))")
# "lost a fifth of its value": a share of the stock's own value is a percent move.
_PARTS_OF_VALUE = {"half": 50.0, "third": 33.3, "quarter": 25.0, "fifth": 20.0, "tenth": 10.0}
_PART_OF_VALUE = (
    r"(?P<part>\b(?:a|one)\s+(?P<part_word>half|third|quarter|fifth|tenth)\s+of\s+"
    r"(?:its|their|the\s+stock's|the\s+shares'?)\s+(?:market\s+)?(?:value|worth|valuation)\b)"
)
# "x1.1412", "×0.9516": a growth factor (end over start) written for a return, a figure near 1 with three or
# more decimals after an "x"; a multiple ("2x", "x1.5 book", "3.5x revenue") is not one.
_FACTOR = r"(?P<gf>(?<![\w.])[x×](?P<gf_num>(?:0\.[5-9]|1\.[0-4])\d{2,})(?![\d.,%]|\s?x\b))"
# "down a couple of percent": two, as loosely as the text says it.
_COUPLE = r"(?P<couple>\ba\s+couple\s+(?:of\s+)?(?:per\s?cent|percent|%)(?!\w))"

QUANTITY_RE = re.compile(
    "|".join(
        (
            _SPELLED_PCT,
            _BPS,
            _VFRAC,
            _PART_OF_VALUE,
            _COUPLE,
            _FACTOR,
            rf"(?P<acc>\((?P<acc_num>{_NUM})\)\s?%)",
            rf"(?P<wpct>\b(?P<wpct_num>{WORD_NUMBER_RE})\s(?:per\s?cent|percent)\b)",
            rf"(?P<edec>(?:(?<![\w.])(?P<edec_sign>{_SIGN}))?{_EURO_BEFORE}\s?(?P<edec_num>\d{{1,3}},\d{{2,3}})(?![\d]|[.,]\d))",
            rf"(?P<cpre>(?:(?<![\w.])(?P<cpre_sign>{_SIGN}))?{_CURRENCY_BEFORE}\s?(?P<cpre_num>{_NUM})(?![\d.,]*s\b)(?P<cpre_scale>{_SCALE})?)",
            rf"(?P<cpct>(?<![\d.,])(?P<cpct_sign>{_SIGN})?(?P<cpct_num>\d{{1,3}},\d{{1,2}})(?!\d)\s?(?:%|pc\b|per\s?cent\b|por cento\b))",
            rf"(?P<comma>(?<![\d.,])(?P<comma_num>\d{{1,3}},\d{{1,3}})\s?(?:€|EUR\b|euros?\b))",
            # a quarter's number is no figure: Vietnamese "quý 2", Korean "3분기" (as "Q2" is one word)
            rf"(?P<num>(?<![\w.%])(?<!quý )(?P<num_sign>{_SIGN})?(?P<num_num>{_NUM})"
            rf"(?P<num_unit>{_PCT_UNIT}|[ \t]?{_CURRENCY_AFTER}|{_SCALE}|(?:st|nd|rd|th)\b|-?(?:day|week|month|year|session|d|y|w)\b|분기)?)",
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
    unit: str = ""  # "%", "pp" (percentage points), "bps", or "" for prices and bare numbers
    spoken: bool = False  # said in words ("eleven point six"), read from the digits `extractors.spoken` wrote


def bare_percent(quantity: Quantity) -> Quantity:
    """A bare number under a percent key or column as a percent. Structured answers often give
    fractions ("return: -0.1357", "max_drawdown: 0.1818"): a number under 1 with three or more
    decimals is a fraction and reads as 100 times itself (-13.57%); "8.44" stays 8.44%."""
    if abs(quantity.value) < 1 and quantity.decimals >= 3:
        return replace(quantity, kind="pct", value=round(quantity.value * 100, quantity.decimals - 2), decimals=quantity.decimals - 2,
                       unit="%")  # rounded as written: 0.14242 is 14.242, not 14.241999…
    return replace(quantity, kind="pct", unit="%")


def factor_percent(quantity: Quantity) -> Quantity | None:
    """A growth factor as the return it states: 1.0565 -> +5.65%, 0.9825 -> -1.75% (two decimals fewer).
    None unless the figure is near 1 (0.5 to 1.5) with three or more decimals: "2x" or "3.5" is a multiple."""
    if quantity.signed or quantity.decimals < 3 or not 0.5 <= quantity.value < 1.5:
        return None
    places = quantity.decimals - 2
    value = round((quantity.value - 1) * 100, places)
    return replace(quantity, kind="pct", value=value, decimals=places, unit="%", signed=1 if value > 0 else -1 if value < 0 else 0)


def _decimals(number: str) -> int:
    return len(number.split(".")[1]) if "." in number else 0


def _value(number: str) -> float:
    return float(number.replace(",", ""))


COMPOUND_NUMBER_RE = re.compile(r"\b(?:" + "|".join(_TENS) + r")-(?:" + "|".join(_UNITS) + r")\b", re.IGNORECASE)


def compound_number_spans(text: str) -> list[tuple[int, int]]:
    """Spans of hyphenated number words ("twenty-one"), which the tokenizer would cut in three."""
    return [(m.start(), m.end()) for m in COMPOUND_NUMBER_RE.finditer(text)] if "-" in text else []


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
# Kelvin sign); a text holding one is read by the case-insensitive patterns themselves.
_FOLD_EXCEPTIONS = frozenset("\u017f\u0131\u0130\u212a")
_NUMBER_WORDS_RE = "|".join(sorted(WORD_NUMBERS, key=len, reverse=True))
# The same alternation factored by shared prefixes (same matches, fewer tries per word boundary).
NUMBER_WORDS_FACTORED = word_alternation(_NUMBER_WORDS_RE)


def lowercase(text: str) -> str | None:
    """`text.lower()` when matching it case-sensitively equals matching `text` case-insensitively
    (same length, no _FOLD_EXCEPTIONS); else None."""
    return text.lower() if _FOLD_EXCEPTIONS.isdisjoint(text) else None


@dataclass(frozen=True)
class Scanner:
    """A case-insensitive pattern, read fast with the same matches as `pattern.finditer(text)`.

    Python's `re` tries a large case-insensitive alternation at every character. The scanner runs
    the pattern's case-sensitive lowercase twin over the lowered text (the match groups come out
    lowercased; every reader lowercases them anyway), and only at the positions its `starts`
    patterns find: together they must find every position where a match can begin. `starts` maps
    each start pattern to a word the text must hold for that pattern to be needed ("" for always).
    A text with none of `needs` (lowered) holds no match.
    """

    pattern: re.Pattern
    lowered: re.Pattern
    starts: tuple[tuple[re.Pattern, str], ...]
    needs: tuple[str, ...] = ()

    @classmethod
    def of(cls, pattern: re.Pattern, starts: dict[str, str], needs: tuple[str, ...] = ()) -> Scanner:
        if re.search(r"\\[A-Z]|\(\?P=", pattern.pattern):
            raise ValueError("a pattern with uppercase escapes or back-references has no lowercase twin")
        twin = re.compile(pattern.pattern.lower().replace("(?p<", "(?P<"), pattern.flags & ~re.IGNORECASE)
        return cls(pattern, twin, tuple((re.compile(start), gate) for start, gate in starts.items()), needs)

    def finditer(self, text: str, lowered: str | None) -> list[re.Match]:
        """Every match, left to right; `lowered` is `lowercase(text)`."""
        if lowered is None:
            return list(self.pattern.finditer(text))
        if self.needs and not any(need in lowered for need in self.needs):
            return []
        return self.finditer_at(lowered, self.start_positions(lowered))

    def start_positions(self, lowered: str) -> list[int]:
        patterns = [start for start, gate in self.starts if gate in lowered]
        if len(patterns) == 1:
            return [m.start() for m in patterns[0].finditer(lowered)]
        return sorted({m.start() for start in patterns for m in start.finditer(lowered)})

    def finditer_at(self, lowered: str, starts: list[int]) -> list[re.Match]:
        """The lowercase twin's matches, trying only `starts` (ascending)."""
        found, end, match_at = [], 0, self.lowered.match
        for start in starts:
            if start < end:
                continue
            match = match_at(lowered, start)
            if match:
                found.append(match)
                end = max(match.end(), start + 1)  # never empty: the patterns need a digit or word
        return found


QUANTITY_SCANNER = Scanner.of(QUANTITY_RE, {
    # a spelled figure's first word, when a percent is spelled out
    rf"\b(?=(?:{NUMBER_WORDS_FACTORED}|an?\s+(?:half|quarter|third)|half|quarter|three-quarters|two-thirds)[-\s])": "cent",
    # a currency symbol; the first digit of a run (no branch begins after a digit); a sign before a
    # digit, point or currency; a bracket or point before a digit (one character class first, so
    # `re` skips to candidates at C speed)
    r"[\d(+\-\u2212\u2013$€£.](?:(?<=\d)\d*|(?<=[+\-\u2212\u2013])(?=[\d.$€£ue])|(?<=[(.])(?=[\d.])|(?<=[$€£]))": "",
    r"us\$|usd|eur": "",
    # a growth factor's "x" ("x1.1412")
    r"[x×](?=[01]\.\d)": "",
    # "a fifth of its value", "a couple of percent"
    r"\b(?:a|one)\s+(?=half|third|quarter|fifth|tenth|couple)": "of",
    # "five per cent": a number word, when a percent is spelled out (every spelling holds "cent")
    rf"\b(?=(?:{NUMBER_WORDS_FACTORED})[-\s])": "cent",
})


_NO_TEXT = object()
# a percent sign right after a currency amount ("$14.24%"): the amount is a percent
STRAY_PERCENT = re.compile(r"[ \t]?%")


def _spelled(match: re.Match) -> tuple[float, int] | None:
    """The value and stated precision of a spelled percent ("one point six" -> 1.6, 1)."""
    if match.group("spell_int"):
        whole = word_number(match.group("spell_int"))
        digits = [word_number(word) for word in match.group("spell_dec").split()]
        if whole is None or any(d is None or d > 9 for d in digits):
            return None
        return float(f"{whole}." + "".join(str(d) for d in digits)), len(digits)
    if match.group("spell_whole"):
        whole = word_number(match.group("spell_whole"))
        part, decimals = _FRACTIONS[match.group("spell_frac").lower()]
        return (None if whole is None else round(whole + part, decimals)), decimals
    part, decimals = _FRACTIONS[match.group("spell_part").lower()]
    count = word_number(match.group("spell_count")) if match.group("spell_count") else 1
    return (None if count is None else round(count * part, decimals)), decimals


DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")
# A comma with one or two digits after it, before a unit or after a sign or currency ("13,6 %", "210,00 $",
# "€ 0,82", "-15,77") cannot separate thousands: the text writes decimal commas.
_DECIMAL_COMMA_EVIDENCE = re.compile(
    r"(?<![\d.,])(?:(?:[+\-\u2212]|(?:\$|€|eur|usd)\s?)\d{1,4},\d{1,2}(?![\d,])"
    r"|\d{1,4},\d{1,2}(?![\d,])\s?(?:%|\$|€|eur\b|usd\b|euros?\b|dollars?\b|per\s?cent\b|percent\b|pct\b))",
    re.IGNORECASE,
)
# "$1,234.50": a thousands comma before a decimal point; such a text keeps its commas as thousands.
_THOUSANDS_EVIDENCE = re.compile(r"\d,\d{3}\.\d")


def writes_decimal_commas(text: str) -> bool:
    """Whether a text writes decimal commas (a translated or European voice), whatever its universe."""
    return "," in text and bool(_DECIMAL_COMMA_EVIDENCE.search(text)) and not _THOUSANDS_EVIDENCE.search(text)


def find_quantities(text: str, offset: int = 0, lowered: str | None | object = _NO_TEXT,
                    decimal_comma: bool = False) -> list[Quantity]:
    """Every percent and price in `text`, plus bare numbers; scales ($80 billion), ordinals and
    horizons (200-day, 7d) are recognised so that they are skipped, not misread. `lowered` is
    `lowercase(text)` when the caller already has it. With `decimal_comma` (a universe whose prices
    never reach 1,000, such as Lisbon) a bare "4,385" is 4.385, not 4385."""
    lowered = lowercase(text) if lowered is _NO_TEXT else lowered
    if decimal_comma and "," in text:
        # every comma between digits is a decimal point here (no price in such a universe reaches 1,000):
        # read a copy with points, character for character, so offsets hold ("€0,8120" is 0.8120, 4 decimals)
        text = DECIMAL_COMMA.sub(".", text)
        lowered = lowercase(text)
    found: list[Quantity] = []
    for match in QUANTITY_SCANNER.finditer(text, lowered):
        start, end = match.start() + offset, match.end() + offset
        if match.group("spell"):
            spelled = _spelled(match)
            if spelled and spelled[0] is not None:
                found.append(Quantity("pct", spelled[0], spelled[1], start, end, unit="%"))
        elif match.group("bps"):
            number = match.group("bps_num")
            sign = _sign_of(match.group("bps_sign"))
            found.append(Quantity("pct", round(_value(number) / 100 * (sign or 1), _decimals(number) + 2), _decimals(number) + 2,
                                  start, end, signed=sign, unit="bps"))
        elif match.group("vfrac"):
            part, places = _VULGAR[match.group("vfrac_part")] if match.group("vfrac_part") \
                else _FRACTIONS[match.group("vfrac_word").lower()]
            sign = _sign_of(match.group("vfrac_sign"))
            found.append(Quantity("pct", (int(match.group("vfrac_int")) + part) * (sign or 1), places, start, end, signed=sign, unit="%"))
        elif match.group("part"):
            found.append(Quantity("pct", _PARTS_OF_VALUE[match.group("part_word")], 0, start, end, unit="%"))
        elif match.group("couple"):
            found.append(Quantity("pct", 2.0, 0, start, end, unit="%"))
        elif match.group("gf"):
            number = match.group("gf_num")
            factor = factor_percent(Quantity("number", _value(number), _decimals(number), start, end))
            if factor is not None:
                found.append(factor)
        elif match.group("acc"):
            number = match.group("acc_num")
            found.append(Quantity("pct", -_value(number), _decimals(number), start, end, signed=-1, unit="%"))
        elif match.group("wpct"):
            value = word_number(match.group("wpct_num"))
            if value is not None:
                found.append(Quantity("pct", float(value), 0, start, end, unit="%"))
        elif match.group("cpre") or match.group("edec"):
            if match.group("cpre_scale"):
                continue
            euro = bool(match.group("edec"))
            number = (match.group("edec_num") or "").replace(",", ".") if euro else match.group("cpre_num")
            sign = _sign_of(match.group("edec_sign" if euro else "cpre_sign"))
            stray = STRAY_PERCENT.match(text, match.end())
            if stray:  # "$14.24%", "€25.15 %": a small model's stray currency sign before a percent is a percent
                value = _value(number) if not euro else float(number)
                found.append(Quantity("pct", value * (sign or 1), _decimals(number), start, stray.end() + offset,
                                      signed=sign, unit="%"))
                continue
            found.append(Quantity("price", _value(number) if not euro else float(number), _decimals(number), start, end,
                                  signed=sign, currency=True))
        elif match.group("cpct"):
            number = match.group("cpct_num").replace(",", ".")
            sign = _sign_of(match.group("cpct_sign"))
            found.append(Quantity("pct", float(number) * (sign or 1), _decimals(number), start, end, signed=sign, unit="%"))
        elif match.group("comma"):
            number = match.group("comma_num").replace(",", ".")
            found.append(Quantity("price", float(number), _decimals(number), start, end, currency=True))
        else:
            number, unit = match.group("num_num"), (match.group("num_unit") or "").strip().lower()
            sign = _sign_of(match.group("num_sign"))
            if decimal_comma and re.fullmatch(r"\d{1,3},\d{1,3}", number):
                number = number.replace(",", ".")
            value = _value(number) * (sign or 1)
            if unit.startswith(("percentage", "point", "điểm")) or unit in ("pp", "pts", "%p"):
                found.append(Quantity("pct", value, _decimals(number), start, end, signed=sign, unit="pp"))
            elif unit and unit[0] in "%pc":
                found.append(Quantity("pct", value, _decimals(number), start, end, signed=sign, unit="%"))
            elif unit in ("€", "eur", "euro", "euros", "usd", "dollars", "$") or unit in KOREAN_CURRENCY:
                found.append(Quantity("price", abs(value), _decimals(number), start, end, currency=True))
            elif not unit:
                found.append(Quantity("number", value, _decimals(number), start, end, signed=sign))
            # otherwise a scale, an ordinal or a horizon: not a claim figure
    # a run of digits too long for a float is no figure (its value would be infinite)
    return [q for q in found if q.value - q.value == 0]


_MONTHS = {name.lower(): index for index, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): index for index, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
# month name or abbreviation (lowercase) -> month number
MONTH_NUMBERS: dict[str, int] = dict(_MONTHS)
_MONTH_RE = r"(?P<{g}>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_WEEKDAY_RE = r"(?:(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?,?\s+)"
_ORD = r"(?:st|nd|rd|th)?"
# Romance month names inside English ("a 27 de outubro", "el 14 de enero", "il 31 luglio", "le 1er août", "dia 31",
# "el día 4"): read as dates after a day number, kept out of MONTH_NUMBERS (a bare "mars" or "mai" names no month)
_ROMANCE_MONTH_NAMES = (
    ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"),
    ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"),
    ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"),
    ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"),
    ("janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout", "septembre", "octobre", "novembre", "decembre"),
    ("janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto", "setiembre", "octubre", "noviembre", "diciembre"),
    # German inside English, after a day number with its dot ("am 21. Januar", "bis 3. März")
    ("januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember"),
    ("jänner", "feber", "maerz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember"),
)
_PT_MONTHS = {name: index for names in _ROMANCE_MONTH_NAMES for index, name in enumerate(names, 1)}
_PT_MONTH_RE = "|".join(sorted(_PT_MONTHS, key=len, reverse=True))

DATE_RE = re.compile(
    "|".join(
        (
            r"(?P<iso>\b(?P<iso_y>20\d\d)-(?P<iso_m>\d\d)-(?P<iso_d>\d\d)\b)",
            rf"(?P<ptdm>\b(?<![\d.,])(?P<ptdm_d>\d{{1,2}})(?:er|º|°|\.)?\s+(?:de\s+|di\s+)?(?P<ptdm_m>{_PT_MONTH_RE})(?![a-zà-ÿ]))",
            r"(?P<dia>\bd[ií]a\s+(?P<dia_d>\d{1,2})(?![\d,.]\d)(?!\d))",
            # French and Italian articles before a bare day of the cell's month: "−7,04 % le 5", "plus bas le 13",
            # "il 31"; not a figure ("le 5 %") nor a day before its month ("le 4 août" is ptdm's)
            rf"(?P<le>\b(?:le|il)\s+(?P<le_d>\d{{1,2}})(?:er)?(?![\d,.]\d)(?!\d)(?![ \t\u00a0]*(?:%|€|\$|pc\b|per\b|percent|pour))"
            rf"(?!\s+(?:de\s+|di\s+)?(?:{_PT_MONTH_RE}|{'|'.join(sorted(_MONTHS, key=len, reverse=True))})(?![a-zà-ÿ])))",
            rf"(?P<dm>\b{_WEEKDAY_RE}?(?:the\s+)?(?<![\d.,])(?P<dm_d>\d{{1,2}}){_ORD}(?:\s+of)?\s+{_MONTH_RE.format(g='dm_m')}(?![a-z]))",
            rf"(?P<md>\b{_WEEKDAY_RE}?{_MONTH_RE.format(g='md_m')}\s+(?:the\s+)?(?P<md_d>\d{{1,2}}){_ORD}(?![\d,.]\d)(?!\d))",
            rf"(?P<th>\b{_WEEKDAY_RE}?the\s+(?P<th_d>\d{{1,2}})(?:st|nd|rd|th)\b)",
            # German numeric dates: "21.01.", "am 20.01.2026" (day, month), read only in the cell's month and only where
            # the dot closes a date, not a sentence ("closed at 14.01. Then" is a price): a mark, a lowercase word or
            # a figure follows, or a German date word ("am", "vom", "Stand") stands before
            r"(?P<dedm>(?<![\w.,/$€£])(?:(?<=am )|(?<=vom )|(?<=zum )|(?<=bis )|(?<=stand )|(?<=seit ))?(?P<dedm_d>\d{1,2})\.(?P<dedm_m>\d{1,2})\.(?:20\d\d)?"
            r"(?=[,;:)\]–—.]|[ \t]*\n|\s*$|\s+[a-zäöü+\-−\d]))",
            rf"(?P<deam>(?<![\w.])(?:am|vom|zum|bis|seit)\s+(?P<deam_d>\d{{1,2}})\.(?![\d,])(?!\s+(?:{_PT_MONTH_RE})(?![a-zà-ÿ])))",
            # "7/31", "8/19": a numeric month and day, read only where one side is the cell's month; with the cell's
            # year after them as a sheet writes its dates ("2/27/2026", "27/02/2026")
            r"(?P<slash>(?<![\w/.])(?P<slash_a>\d{1,2})/(?P<slash_b>\d{1,2})(?:/(?P<slash_y>20\d\d))?(?![\w/]|\.\d))",
            # a notebook's dates: "01-21" (two digits each, read like "1/21": only where one side is the cell's month;
            # not a range of percents, "10-12%"), "14-jan", "22-Jan-26" (a day, a hyphen, a month name)
            r"(?P<mmdd>(?<![\w/.:\-\u2212])(?P<mmdd_a>\d\d)-(?P<mmdd_b>\d\d)(?![\w/%\-]|\.\d|\s?(?:%|pp|bps?)\b))",
            rf"(?P<dmon>(?<![\w/.:\-\u2212])(?P<dmon_d>\d{{1,2}})-{_MONTH_RE.format(g='dmon_m')}(?:-(?:20)?\d\d)?(?![\w\-]))",
            # Chinese and Japanese: "12月19日", "2026年2月4日" (year, month, day)
            r"(?P<cjk>(?:(?P<cjk_y>20\d\d)年)?(?P<cjk_m>\d{1,2})月(?P<cjk_d>\d{1,2})日)",
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


DATE_SCANNER = Scanner.of(DATE_RE, {
    # a weekday; "the" before a day number; a day number before a month; an ISO date; a month before a day number
    r"\b(?=(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s|the\s+\d|\d{1,2}(?:st|nd|rd|th|er|º|°)?(?:\s+of)?\s+[a-z]|20\d\d-"
    r"|\d{1,2}\.\s+[a-zä]|\d{1,2}\.\d{1,2}\.|\d{1,2}月\d|(?:am|vom|zum|bis|seit)\s+\d|d[ií]a\s+\d|(?:le|il)\s+\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:the\s+)?\d|\d{1,2}/\d|\d\d-\d\d|\d{1,2}-[a-z])": "",
})


def find_dates(text: str, month: str | None, offset: int = 0, lowered: str | None | object = _NO_TEXT) -> list[DateMention]:
    """Dates in the prose, resolved against the cell's month (`YYYY-MM`) when one is given."""
    year, month_number = (int(month[:4]), int(month[5:7])) if month else (None, None)
    lowered = lowercase(text) if lowered is _NO_TEXT else lowered
    found = []
    for match in DATE_SCANNER.finditer(text, lowered):
        start, end = match.start() + offset, match.end() + offset
        resolved = None
        if match.group("slash") or match.group("mmdd"):
            if month_number is None:
                continue
            prefix = "slash" if match.group("slash") else "mmdd"
            first, second = int(match.group(f"{prefix}_a")), int(match.group(f"{prefix}_b"))
            if prefix == "slash" and match.group("slash_y") and int(match.group("slash_y")) != year:
                continue  # "2/27/2025" in a 2026 cell is another month
            if first == month_number:
                resolved = _safe_date(year, first, second)
            elif second == month_number:
                resolved = _safe_date(year, second, first)
            else:
                continue  # "3/5 up/down" is no date of this month
            if resolved is None:
                continue
        elif match.group("dedm"):
            if month_number is None or int(match.group("dedm_m")) != month_number:
                continue  # "14.08." in a July cell is no date of this month
            after = text[match.end() - offset:match.end() - offset + 3].lstrip(" \t")
            led = re.search(r"(?:am|vom|zum|bis|stand|seit)\s+$", lowered[max(0, match.start() - 7):match.start()])
            if after[:1].isupper() and not led:
                continue  # "closed at 14.01. Then": a price ending its sentence
            resolved = _safe_date(year, month_number, int(match.group("dedm_d")))
            if resolved is None:
                continue
        elif match.group("iso"):
            resolved = _safe_date(int(match.group("iso_y")), int(match.group("iso_m")), int(match.group("iso_d")))
        elif match.group("cjk"):
            cjk_year = int(match.group("cjk_y")) if match.group("cjk_y") else year
            if cjk_year is None:
                continue
            resolved = _safe_date(cjk_year, int(match.group("cjk_m")), int(match.group("cjk_d")))
        elif year is not None:
            if match.group("ptdm"):
                resolved = _safe_date(year, _PT_MONTHS[match.group("ptdm_m").lower()], int(match.group("ptdm_d")))
            elif match.group("dia"):
                resolved = _safe_date(year, month_number, int(match.group("dia_d")))
            elif match.group("le"):
                resolved = _safe_date(year, month_number, int(match.group("le_d")))
            elif match.group("deam"):
                resolved = _safe_date(year, month_number, int(match.group("deam_d")))
            elif match.group("dm") or match.group("md") or match.group("dmon"):
                prefix = "dm" if match.group("dm") else "md" if match.group("md") else "dmon"
                named = _MONTHS[match.group(f"{prefix}_m").lower()]
                resolved = _safe_date(year, named, int(match.group(f"{prefix}_d")))
            else:
                resolved = _safe_date(year, month_number, int(match.group("th_d")))
        found.append(DateMention(start, end, resolved))
    return found
