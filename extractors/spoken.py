"""Figures spoken in words, rewritten as digits one character for one.

Transcripts, voice assistants and small models say their figures: "up fourteen point two percent",
"minus six point two", "three hundred twenty-two dollars and eight cents", "five euros fifteen",
"down eight and a half", "seventeen point oh five", "on the twenty-seventh". Every later stage
(`extractors.numbers`, the cue matchers, the resolver) reads digits, so this stage writes each such
figure's digits right-aligned in the span its words held, blanks before them ("     14.2 percent"):
the text keeps its length, every offset still points into the original, and a figure's stated
precision is the number of decimal words spoken.

`text2num` reads the whole-number words ("three hundred twenty-two" -> 322); no library finds
spoken figures with their offsets or reads "point oh five" and "dollars and eight cents", so the
spans and the decimal, currency and sign grammar are written here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from text_to_num import text2num

from extractors.numbers import word_alternation

_UNITS = "one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_DIGIT_WORDS = {"zero": 0, "oh": 0, "o": 0, **{word: index + 1 for index, word in enumerate(_UNITS)}}
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
    "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}

_SMALL = r"(?:" + "|".join(_TENS) + r")(?:[-\s](?:" + "|".join(_UNITS) + r"))?|" + "|".join(_TEENS + _UNITS + ["zero"])
# a whole number in words: "seventeen", "twenty-two", "three hundred (and) twenty-two", "one thousand two hundred"
_WHOLE = rf"(?:(?:{_SMALL})\s+thousand(?:\s+(?:and\s+)?)?)?(?:(?:{_SMALL})\s+hundred(?:\s+(?:and\s+)?(?:{_SMALL}))?|{_SMALL})"
_TWO_DIGITS = r"(?:" + "|".join(_TENS) + r")(?:[-\s](?:" + "|".join(_UNITS) + r"))?|" + "|".join(_TEENS)
_DIGIT = r"(?:zero|oh|o|" + "|".join(_UNITS) + r")"
_SIGN = r"(?:(?P<{}>minus|plus|negative)\s+)?"
_CURRENCY = r"(?P<cur>dollars?|bucks|euros?|cents?)"
_ORDINAL = (r"(?:(?:twenty|thirty)[-\s](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|"
            + "|".join(sorted(_ORDINALS, key=len, reverse=True)) + r")")

SPOKEN_RE = re.compile(
    # "three hundred twenty-two dollars and eight cents", "five euros fifteen", "two hundred dollars"
    rf"\b(?P<money>(?P<m_whole>{_WHOLE})\s+{_CURRENCY}(?:\s+(?:and\s+)?(?P<m_cents>{_SMALL})(?:\s+cents?)?)?)\b"
    # "fourteen point two", "minus six point two", "seventeen point oh five", "zero point nine six"
    rf"|\b(?P<point>{_SIGN.format('p_sign')}(?P<p_whole>{_WHOLE})\s+point\s+(?P<p_digits>{_DIGIT}(?:[\s-]+{_DIGIT})*))\b"
    # "three hundred sixty-seven ninety-five": hundreds, then the cents, as prices are read aloud
    rf"|\b(?P<hc>(?P<hc_whole>(?:{_SMALL})\s+hundred\s+(?:and\s+)?(?:{_SMALL}))\s+(?P<hc_cents>{_TWO_DIGITS}))\b"
    # "eight and a half", "ten and a quarter" (a percent with its unit is `extractors.numbers`' own)
    rf"|\b(?P<frac>{_SIGN.format('f_sign')}(?P<f_whole>{_WHOLE})\s+and\s+an?\s+(?P<f_part>half|quarter))\b(?!\s+(?:per\s?cent|percent)\b)"
    # "minus two", "plus three" before a unit or a stop: a signed whole number
    rf"|\b(?P<signed>(?P<s_sign>minus|plus)\s+(?P<s_whole>{_WHOLE}))\b"
    # "the twenty-seventh", "on the fifth,": a day of the month (not "the fifth of its value", "the third-best")
    rf"|(?<=\bthe\s)(?P<ordinal>{_ORDINAL})\b(?=\s*[,.;:)]|\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)",
)
_FRACTIONS = {"half": ("5", 1), "quarter": ("25", 2)}
_CURRENCY_SIGNS = {"dollar": "$", "dollars": "$", "bucks": "$", "euro": "€", "euros": "€"}
# a cheap test first: most texts speak no figure
_ANY = re.compile(r"\b(?:point|hundred|thousand|dollars?|bucks|euros?|minus|plus|negative|and an? (?:half|quarter)|"
                  r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|teenth|tieth)\b")
# where a spoken figure can begin: a number word or a sign word (an ordinal day: after "the "); the full
# pattern is tried only there, over the lowercased text (a case-insensitive alternation tried at every
# character cost more than the rest of the extractor)
_STARTS = re.compile(r"\b(?:" + word_alternation("|".join(["minus", "plus", "negative", "zero", *_UNITS, *_TEENS, *_TENS]))
                     + r")\b|(?<=\bthe )" + _ORDINAL)

@lru_cache(maxsize=4096)
def _whole(words: str) -> int | None:
    try:
        return text2num(re.sub(r"\s+", " ", words.lower().replace("-", " ")), "en")
    except ValueError:
        return None


def _digits(match: re.Match) -> str | None:
    """The figure a match speaks, as it is written in digits, or None when it is no figure."""
    groups = match.groupdict()
    sign = "-" if (groups["p_sign"] or groups["f_sign"] or groups["s_sign"] or "").lower() in ("minus", "negative") else ""
    if groups["money"]:
        whole, cur = _whole(groups["m_whole"]), groups["cur"].lower()
        if whole is None:
            return None
        if cur.startswith("cent"):
            return None if groups["m_cents"] else f"$0.{whole:02d}" if whole < 100 else None
        cents = _whole(groups["m_cents"]) if groups["m_cents"] else None
        if groups["m_cents"] and (cents is None or cents > 99):
            return None
        return _CURRENCY_SIGNS[cur] + (f"{whole}.{cents:02d}" if cents is not None else str(whole))
    if groups["point"]:
        whole = _whole(groups["p_whole"])
        digits = [_DIGIT_WORDS[word.lower()] for word in re.split(r"[\s-]+", groups["p_digits"])]
        return None if whole is None else sign + f"{whole}." + "".join(map(str, digits))
    if groups["hc"]:
        whole, cents = _whole(groups["hc_whole"]), _whole(groups["hc_cents"])
        return None if whole is None or cents is None else f"{whole}.{cents:02d}"
    if groups["frac"]:
        whole = _whole(groups["f_whole"])
        part, _ = _FRACTIONS[groups["f_part"].lower()]
        return None if whole is None else sign + f"{whole}.{part}"
    if groups["signed"]:
        whole = _whole(groups["s_whole"])
        return None if whole is None else sign + str(whole)
    word = groups["ordinal"].lower().replace("-", " ")
    if " " in word:
        tens, unit = word.split()
        day = {"twenty": 20, "thirty": 30}[tens] + _ORDINALS[unit]
    else:
        day = _ORDINALS[word]
    if day > 31:
        return None
    return f"{day}{'st' if day % 10 == 1 and day != 11 else 'nd' if day % 10 == 2 and day != 12 else 'rd' if day % 10 == 3 and day != 13 else 'th'}"


def speak_digits(text: str) -> tuple[str, dict[int, int]]:
    """`text` with every spoken figure written in digits, right-aligned in its own span (same length),
    and where each figure's digits now start -> where its words started (a claim's text is the words)."""
    lowered = text.lower()
    if len(lowered) != len(text) or not _ANY.search(lowered):
        return text, {}
    pieces, last, moved = [], 0, {}
    for start in _STARTS.finditer(lowered):
        if start.start() < last:
            continue
        match = SPOKEN_RE.match(lowered, start.start())
        if match is None:
            continue
        digits = _digits(match)
        width = match.end() - match.start()
        if digits is None or len(digits) > width:
            continue
        pieces.append(text[last:match.start()])
        pieces.append(digits.rjust(width))
        moved[match.end() - len(digits)] = match.start()
        last = match.end()
    if not pieces:
        return text, {}
    pieces.append(text[last:])
    return "".join(pieces), moved
