"""A commentary as the resolver reads it: tokens in which every figure is one token, with the cues,
names, sentences and clauses found over them.

spaCy's tokenizer splits `(8.2)%`, `4,70 €` and `+5.4%/-12.0%` in ways no pattern should have to
know, so figures and dates are read first by `extractors.numbers` and each becomes a single token
whose NORM says its kind (`<pct>`, `<price>`, `<num>`, `<int>`, `<date>`); everything else is
spaCy's tokenization. The cue rules (`extractors/rules/cues.toml`) run through one `SpanRuler`
over lowercased tokens, the name tables through a second over exact spellings. The document keeps
running counts (words, commas, names, figures, clause breaks) so the resolver can test "within N
words, not across a comma" between any two tokens in constant time.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from functools import cache
from datetime import date
from itertools import accumulate

from extractors.markup import analyse, mask, widen
from extractors.numbers import DateMention, Quantity, find_dates, find_quantities, lowercase

# Characters replaced before tokenizing, one for one so that offsets into the text hold:
# markdown emphasis, no-break spaces, typographic apostrophes ("don’t" reads as "don't"), and the
# full-width forms CJK text writes ASCII in ("−4.58％", "（AMZN）", "Answer：", "Nvidia、Meta", the
# ideographic space and full stop): each is its ASCII character, as Unicode's compatibility mapping has it (NFKC
# itself is not one for one: it spells "½" in three characters).
_FULL_WIDTH = {chr(code): chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)}
# A full-width or ideographic mark carries its own spacing, so CJK text writes no space after it ("1）BCP（Millennium
# bcp）：The bank", "最高）of €0.8962"): folded to ASCII, each is still a token of its own (`full_width_marks`).
_FULL_WIDTH_MARKS = frozenset(ch for ch in list(_FULL_WIDTH) + ["\u3001", "\u3002"] if not ch.isalnum() and ch not in "％＄．")
_BLANKS = str.maketrans({**_FULL_WIDTH, "\u3000": " ", "\u3001": ",", "\u3002": ".", "*": " ", "\u00a0": " ", "\u202f": " ", "_": " ",
                         "`": " ", "\u2019": "'", "\u2018": "'", "\uff0a": " ", "\uff3f": " ", "\uff40": " "})
# Markdown's marks, which clean_text blanks: around a sentence's words, its quote keeps them.
_MARKS = frozenset("*_`")
# Tokens that end a clause: a semicolon, a spaced dash, a pipe between table-like fields.
CLAUSE_TOKENS = frozenset({";", "—", "–", "|", "•"})
# A colon standing between spaces, in a line it cuts into three or more cells ("GALP  : +14.1% : hi 16.85 :
# vol 30.1"), is a cell delimiter like a pipe: a cell's key is no figure's in the next cell.
SPACED_COLON = re.compile(r"(?<=[ \t]):(?=[ \t])")
SENTENCE_FINAL = frozenset({".", "!", "?", "…", "。"})


@dataclass(frozen=True)
class Figure:
    """A figure token: its quantity, and `kind` as the resolver's table names it (pct | price | number)."""

    token: int
    quantity: Quantity
    kind: str

    @property
    def start(self) -> int:
        return self.quantity.start

    @property
    def end(self) -> int:
        return self.quantity.end


@dataclass(frozen=True)
class Cue:
    """A cue rule's match: tokens [start, end), its label and the rule's id; `value` carries a date
    for the session cues and dates."""

    label: str
    rule: str
    start: int
    end: int
    value: object = None


@dataclass(frozen=True)
class Name:
    """A subject named in the text: `ticker` (None for an index, a sector or the market), tokens
    [start, end), and `rule` naming how it was recognised."""

    ticker: str | None
    start: int
    end: int
    rule: str


@dataclass
class Document:
    text: str
    clean: str
    starts: list[int]
    ends: list[int]
    lower: list[str]
    orth: list[str]
    figures: list[Figure]
    dates: list[Cue]
    cues: list[Cue]
    names: list[Name]
    sentences: list[tuple[int, int]] = field(default_factory=list)
    # running counts: _words[i] is the number of word tokens before token i, and so on
    _words: list[int] = field(default_factory=list)
    _commas: list[int] = field(default_factory=list)
    _breaks: list[int] = field(default_factory=list)
    _names: list[int] = field(default_factory=list)
    _figures: list[int] = field(default_factory=list)
    figure_at: dict[int, Figure] = field(default_factory=dict)
    # the sort keys of cues, figures and names, so a sentence takes its own by bisection
    cue_starts: list[int] = field(default_factory=list)
    figure_tokens: list[int] = field(default_factory=list)
    name_starts: list[int] = field(default_factory=list)
    figures_sorted: bool = True
    # the first token of each line, and the session label each line opens with (extractors.frames, cached)
    line_starts: list[int] = field(default_factory=list)
    frames: dict = field(default_factory=dict)
    # a descriptor's words -> the companies of the universe they fit ("search giant" -> GOOGL), set by the extractor
    descriptors: dict[str, frozenset[str]] = field(default_factory=dict)
    # the month's panel: the universe's tickers less those the month has no prices for (empty: not known)
    panel: frozenset[str] = frozenset()

    def __len__(self) -> int:
        return len(self.lower)

    # ---------------------------------------------------------------- counts between tokens
    def words_between(self, left: int, right: int) -> int:
        """Word tokens in [left, right) (figures and names count as words)."""
        return self._words[right] - self._words[left] if right > left else 0

    def commas_between(self, left: int, right: int) -> int:
        return self._commas[right] - self._commas[left] if right > left else 0

    def breaks_between(self, left: int, right: int) -> int:
        return self._breaks[right] - self._breaks[left] if right > left else 0

    def names_between(self, left: int, right: int) -> int:
        return self._names[right] - self._names[left] if right > left else 0

    def figures_between(self, left: int, right: int) -> int:
        return self._figures[right] - self._figures[left] if right > left else 0

    # ---------------------------------------------------------------- text
    def span_text(self, start: int, end: int) -> str:
        """The original text of tokens [start, end)."""
        return self.text[self.starts[start]:self.ends[end - 1]] if end > start else ""

    def char_span(self, start: int, end: int) -> tuple[int, int]:
        return self.starts[start], self.ends[end - 1]

    def quote_span(self, first: int, last: int) -> tuple[int, int]:
        """The characters a sentence of tokens [first, last) quotes: its tokens' text with the markdown marks
        around them ("**Broadcom** fell 2%."), which are no tokens; not the marks after its final stop."""
        start, end = self.starts[first], self.ends[last - 1]
        while start > 0 and self.clean[start - 1] == " " and self.text[start - 1] in _MARKS:
            start -= 1
        if self.orth[last - 1] not in SENTENCE_FINAL:
            while end < len(self.clean) and self.clean[end] == " " and self.text[end] in _MARKS:
                end += 1
        return start, end

    def token_span(self, start: int, end: int) -> tuple[int, int]:
        """The tokens [first, last) inside characters [start, end): those ending after `start` and starting
        before `end` (a run of spaces is no token, so a cell or block may open or close on a gap)."""
        first = bisect_right(self.ends, start)
        return first, max(first, bisect_left(self.starts, end))

    def token_at(self, char: int) -> int:
        """The token holding character `char` (or the next one)."""
        return max(0, bisect_right(self.starts, char) - 1)

    def in_range(self, items: list, keys: list[int], start: int, end: int) -> list:
        return items[bisect_left(keys, start):bisect_left(keys, end)]

    def sentence_cues(self, start: int, end: int) -> list[Cue]:
        """The cues starting in tokens [start, end), in document order."""
        return self.in_range(self.cues, self.cue_starts, start, end)

    def sentence_figures(self, start: int, end: int) -> list[Figure]:
        """The figures in tokens [start, end), in document order."""
        if self.figures_sorted:
            return self.in_range(self.figures, self.figure_tokens, start, end)
        return [f for f in self.figures if start <= f.token < end]

    def sentence_names(self, start: int, end: int) -> list[Name]:
        return self.in_range(self.names, self.name_starts, start, end)


def _figure_kind(quantity: Quantity) -> tuple[str, str]:
    """(resolver kind, token NORM) of a quantity."""
    if quantity.kind == "pct":
        return "pct", "<pct>"
    if quantity.kind == "price":
        return "price", "<price>"
    if quantity.decimals == 0 and float(quantity.value).is_integer():
        return "int", "<int>"
    return "number", "<num>"


# A wire story's slug opening its headline ("BRIEF-Amazon.com Shares Surge …", "UPDATE 2-Galp …"): a desk's
# label glued to the company's name, which it would otherwise hide ("BRIEF-Amazon.com" is no name)
WIRE_SLUG = re.compile(r"(?m)^(?:BRIEF|RPT|REFILE|CORRECTED|UPDATE \d{1,2}|WRAPUP \d{1,2})-(?=[A-Z])")


# A markdown footnote's mark in the body ("slipped 2.46% the next session[^4]") or opening its definition
# ("[^4]: Galp still finished the month at €18.22."): blanked in the clean text, where it would glue to a word;
# `subjects.footnote` reads the marks in the raw text
FOOTNOTE_MARKS = re.compile(r"(?m)^[ \t]*\[\^[\w-]{1,12}\]:|\[\^[\w-]{1,12}\]")


def clean_text(text: str) -> str:
    """The text with markdown emphasis, quote markers and odd spaces blanked and other markup (HTML, LaTeX,
    CSV delimiters: `extractors.markup`) masked, one character for one; a wire slug and footnote marks
    blanked likewise."""
    masked = mask(text).translate(_BLANKS).replace("\r", " ")
    if "-" in masked and WIRE_SLUG.search(masked):
        masked = WIRE_SLUG.sub(lambda m: " " * len(m.group(0)), masked)
    if "[^" in masked:  # "the next session[^4]": the mark is no part of the word (the raw text keeps it)
        masked = FOOTNOTE_MARKS.sub(lambda m: " " * len(m.group(0)), masked)
    return blank_quote_markers(masked)


# The marker a quoted line opens with: an e-mail reply's "> " / ">> " / "> > ", a markdown blockquote's ">".
QUOTE_MARKER = re.compile(r"^[ \t]*>(?:[ \t]*>)*(?=[ \t]|$)", re.MULTILINE)


def blank_quote_markers(clean: str) -> str:
    """`clean` with the quote markers at its lines' starts blanked, one character for one. A quoted line
    is layout: its words read like any other line's, so a sentence wrapped across two quoted lines
    ("month\n> return and last close") stays one sentence and a quoted line's first word opens it. Only
    in a text with two quoted lines or more: a lone "> 5%" may be a threshold."""
    if ">" not in clean:
        return clean
    found = list(QUOTE_MARKER.finditer(clean))
    if len(found) < 2:
        return clean
    chars = list(clean)
    for match in found:
        for index in range(match.start(), match.end()):
            if chars[index] == ">":
                chars[index] = " "
    return "".join(chars)


# A word broken across a line end by a hyphen, as typeset text and PDF extracts break them: "de-\nclined",
# "per-\n  formance", "Mota-\nEngil".
LINE_HYPHEN = re.compile(r"(?<![\w-])([^\W\d_]+(?:-[^\W\d_]+)*?)-[ \t]*\n[ \t]*([^\W\d_]+(?:-[^\W\d_]+)*)")
_HYPHEN_PAIR = re.compile(r"([^\W\d_]+)-(?=([^\W\d_]+))")


def hyphen_pairs(texts) -> frozenset[tuple[str, str]]:
    """The (left, right) word pairs of the hyphenated compounds in `texts` ("peak-to-trough" gives
    (peak, to) and (to, trough)): a compound broken at its own hyphen keeps it."""
    return frozenset((m.group(1).lower(), m.group(2).lower()) for text in texts for m in _HYPHEN_PAIR.finditer(text))


def join_line_hyphens(clean: str, compounds: frozenset[tuple[str, str]] = frozenset()) -> tuple[str, list[tuple[int, int]]]:
    """`clean` with every word broken across a line end rejoined, one character for one: "de-\nclined 9.1%"
    reads "declined   9.1%", the hyphen and the line break (and any indent) moved behind the word as
    blanks, so every offset outside the broken word holds and the word's token, widened over the blanks
    (the returned spans), still covers the word as written. A compound broken at its own hyphen
    ("single-\nday", "peak-to-\ntrough": a pair the rules or the text itself spell hyphenated; "Mota-\nEngil":
    a capital after the break) keeps the hyphen. Hyphenated compounds within a line are never touched."""
    if "-" not in clean or "\n" not in clean:
        return clean, []
    pads: list[tuple[int, int]] = []
    pieces: list[str] = []
    position = 0
    local = None
    for match in LINE_HYPHEN.finditer(clean):
        left_word, right = match.group(1), match.group(2)
        left, head = left_word.rsplit("-", 1)[-1], right.split("-", 1)[0]
        if len(left) < 2 or len(head) < 2:
            continue
        if local is None:
            local = hyphen_pairs([clean])
        pair = (left.lower(), head.lower())
        # a capital after the break is a compound's own hyphen ("Mota-\nEngil", "Coca-\nCola")
        joiner = "-" if not right[0].islower() or pair in compounds or pair in local else ""
        joined = left_word + joiner + right
        width = match.end() - match.start()
        pieces.append(clean[position:match.start()])
        pieces.append(joined + " " * (width - len(joined)))
        pads.append((match.start() + len(joined), match.end()))
        position = match.end()
    if not pads:
        return clean, []
    pieces.append(clean[position:])
    return "".join(pieces), pads


# A figure's unit written after the markup that closes the figure: "<say-as …>5.5</say-as> percent",
# "**5.5** percent", "\\textbf{5.5} euros". The unit words are those the figure scanner reads after a space.
PARTED_UNIT = re.compile(r"(?<=\d)( {2,})((?:per\s?cent|percent|pct|percentage points?|euros?|dollars|EUR|USD)\b)",
                         re.IGNORECASE)


def join_parted_units(clean: str, text: str) -> tuple[str, list[tuple[int, int]]]:
    """`clean` with a unit word that masked markup parted from its figure moved back beside it, one
    character for one: "5.5          percent" (the blanks a closing tag left) reads "5.5 percent" and the
    blanks go behind the word, as `join_line_hyphens` moves a broken word's. Only where the blanks
    between are markup's (some character of `text` there is no space): spaces the writer typed stay."""
    if "  " not in clean:
        return clean, []
    pads: list[tuple[int, int]] = []
    pieces: list[str] = []
    position = 0
    for match in PARTED_UNIT.finditer(clean):
        gap_start, gap_end = match.span(1)
        if not text[gap_start:gap_end].strip():
            continue
        word = match.group(2)
        pieces.append(clean[position:gap_start])
        pieces.append(" " + word + " " * (gap_end - gap_start - 1))
        pads.append((gap_start + 1 + len(word), match.end()))
        position = match.end()
    if not pads:
        return clean, []
    pieces.append(clean[position:])
    return "".join(pieces), pads


def widen_over_pads(spans: list[tuple[int, int]], pads: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Token spans with each token that ends where a rejoined word's blanks begin widened over them."""
    if not pads:
        return spans
    ends = dict(pads)
    return [(start, ends.get(end, end)) for start, end in spans]


def forced_tokens(clean: str, month: str | None, decimal_comma: bool) -> tuple[list[Quantity], list[DateMention]]:
    """Figures and dates of the text, none overlapping (a date wins over the number in it)."""
    lowered = lowercase(clean)
    dates = find_dates(clean, month, lowered=lowered)
    quantities = find_quantities(clean, lowered=lowered, decimal_comma=decimal_comma)
    if dates:
        spans = [(d.start, d.end) for d in dates]
        quantities = [q for q in quantities if not any(q.start < e and s < q.end for s, e in spans)]
    return quantities, dates


def full_width_marks(text: str) -> list[tuple[int, int]]:
    """The spans of the full-width and ideographic marks in `text` ("（", "）", "：", "。"), each a token of its own
    (a figure's own "％" and a full-width decimal point stay inside the figure)."""
    if text.isascii():
        return []
    return [(i, i + 1) for i, ch in enumerate(text) if ch in _FULL_WIDTH_MARKS]


# a run of kana or ideographs, or of Hangul syllables (a Korean word and the particle glued to it, "변동성이")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}|[\uac00-\ud7a3]{2,}")


def cjk_word_spans(text: str, vocabulary: frozenset[str], longest: int) -> list[tuple[int, int]]:
    """The rules' own CJK words inside longer runs of CJK characters ("个交易日上涨" holds "交易日" and "上涨",
    "最大回撤仅" holds "最大回撤"), by longest match from the left. Chinese and Japanese write no spaces between
    words, and the tokenizer keeps a run whole; a general segmenter (jieba, pkuseg) would cut the rules' terms
    differently ("最大 / 回撤") and needs a dictionary of its own, where only the words the rules spell matter."""
    if not vocabulary or text.isascii():
        return []
    spans = []
    for run in _CJK_RUN.finditer(text):
        if run.group() in vocabulary:
            continue
        i, end = run.start(), run.end()
        while i < end:
            for size in range(min(longest, end - i), 0, -1):
                if text[i:i + size] in vocabulary:
                    spans.append((i, i + size))
                    i += size
                    break
            else:
                i += 1
    return spans


_HANGUL_RUN = re.compile(r"[\uac00-\ud7a3]+")


def korean_ending_spans(text: str, stems: frozenset[str], endings: frozenset[str]) -> list[tuple[int, int]]:
    """The particles and endings Korean glues to a word ("Tesla가", "+14.24%로", "변동성이", "최하위이며", "높았고"),
    each span to be read as a space: the ending of a Hangul run that follows a Latin name, a figure or a bracket
    with no space, or one of the rules' own Korean words (`stems`), when the whole rest of the run is one of
    `endings` (lexicon korean_endings, a closed class). So "최하위이며," ends its clause at the comma as "worst,"
    does, and "AMD의 연환산 변동성이 56.0%로" is "AMD 연환산 변동성 56.0%". A run that is a word of its own is kept
    whole: a Korean word the rules do not spell ("유나이티드헬스") loses nothing."""
    if not endings or text.isascii():
        return []
    spans = []
    for run in _HANGUL_RUN.finditer(text):
        word, start = run.group(), run.start()
        glued = start > 0 and not text[start - 1].isspace()
        for cut in range(len(word)):  # the shortest stem first: "하락했고" is "하락" and "했고"
            stem, rest = word[:cut], word[cut:]
            if rest in endings and ((not stem and glued) or stem in stems):
                spans.append((start + cut, run.end()))
                break
    return spans


def blank_spans(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with each span blanked, one character for one."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def words_and_spaces(clean: str, token_spans: list[tuple[int, int]], forced: list[tuple[int, int]]) -> tuple[list[str], list[bool], list[tuple[int, int]]]:
    """spaCy's tokens with every forced span (a figure, a date) made one token, as `Doc(words, spaces)`
    wants them: a token overlapping a forced span keeps only its parts outside it. Whitespace that
    holds a line break becomes a token of its own (lines and paragraphs end sentences); a run of
    spaces within a line ("two spaces after a full stop", the blanks left by "**Tesla**'s") is no
    token, so it is never a word and never stands between two words (the Doc's text then has one
    space where `clean` has several; every offset comes from `spans`)."""
    forced = sorted(forced)
    keys = [start for start, _ in forced]
    count = len(forced)
    pieces = list(forced)
    later = 0  # forced spans starting at or before the token's start (tokens come in order)
    for start, end in token_spans:
        while later < count and keys[later] <= start:
            later += 1
        if (later == 0 or forced[later - 1][1] <= start) and (later == count or keys[later] >= end):
            pieces.append((start, end))  # no forced span touches the token: the common case
            continue
        position = start
        index = max(0, later - 1)
        while index < count and forced[index][0] < end:
            f_start, f_end = forced[index]
            if f_end > position:
                if f_start > position:
                    pieces.append((position, f_start))
                position = max(position, f_end)
            index += 1
        if position < end:
            pieces.append((position, end))
    pieces.sort()
    words: list[str] = []
    spaces: list[bool] = []
    spans: list[tuple[int, int]] = []
    position = 0

    def gap_to(start: int) -> None:
        nonlocal position
        gap = clean[position:start]
        if gap and gap[0] == " " and words:
            spaces[-1] = True
            gap, position = gap[1:], position + 1
        if gap and "\n" not in gap and not gap.strip():
            if words:
                spaces[-1] = True
            gap = ""
        if gap:
            words.append(gap)
            spaces.append(False)
            spans.append((position, start))
        position = start

    for start, end in pieces:
        if start < position:
            continue
        if clean[start].isspace() and not clean[start:end].strip() and "\n" not in clean[start:end]:
            continue  # spaCy's token for a run of spaces: the gap before the next token, no token
        if start == position + 1 and words and clean[position] == " ":
            spaces[-1] = True  # one space after a token: its trailing space, the common gap
            position = start
        elif start > position:
            gap_to(start)
        words.append(clean[start:end])
        spaces.append(False)
        spans.append((start, end))
        position = end
    gap_to(len(clean))
    return words, spaces, spans


def sentence_bounds(orth: list[str], is_space: list[bool], starts: list[int], text: str, breaks: list[int]) -> list[tuple[int, int]]:
    """Sentence token spans by spaCy's sentencizer rule (a token after a sentence-final mark starts a
    sentence, unless it is punctuation itself), plus a break at each forced boundary (a block's
    start) and at a line break that is no wrapped sentence (the line before ends in a mark, or the
    next begins with a capital, a digit, a symbol or a marker)."""
    bounds: list[tuple[int, int]] = []
    first, seen_final = 0, False
    forced = set(breaks)
    count = len(orth)
    for i in range(count):
        token = orth[i]
        if i in forced and i > first:
            bounds.append((first, i))
            first, seen_final = i, False
        if is_space[i] and "\n" in token:
            previous = next((orth[j] for j in range(i - 1, first - 1, -1) if not is_space[j]), "")
            following = next((orth[j] for j in range(i + 1, count) if not is_space[j]), "")
            wrapped = previous and previous[-1].isalpha() and previous[-1].islower() and following[:1].islower()
            if not wrapped and previous and following and not _opens_key(orth, is_space, i + 1):
                # a hard line break inside a sentence (typeset text, PDF extracts); a line opening with a key
                # ("worst: AMD") is a line of its own
                wrapped = ((previous in LINE_CONTINUING_MARKS or (previous[-1].isalpha() and _line_has_lowercase(orth, is_space, i)))
                           and following[:1].islower()) or (
                    previous.lower() in LINE_CONTINUING_WORDS and (following[:1].isalnum() or following[:1] in "$€£+-−"))
            if not wrapped and following == "(" and previous not in SENTENCE_FINAL and _line_has_lowercase(orth, is_space, i):
                # a bracket opening the next line on a lowercase word is an aside of the line before, wrapped
                # ("Jerónimo Martins -8,2%\n(closed on the minimum of the month, 20,44 €)")
                inside = next((orth[j] for j in range(i + 1, count) if not is_space[j] and orth[j] != "("), "")
                wrapped = len(inside) > 1 and inside[:1].islower()
            if not wrapped and i + 1 > first:
                bounds.append((first, i + 1))
                first, seen_final = i + 1, False
            continue
        if seen_final and token not in SENTENCE_FINAL and not (len(token) == 1 and not token.isalnum() and token not in "([\"'“‘$€£"):
            bounds.append((first, i))
            first, seen_final = i, False
        if token in SENTENCE_FINAL and not _abbreviation_point(orth, starts, i) and not _ellipsis_inside(orth, i):
            seen_final = True
        elif token.endswith(".") and len(token) > 1 and (token[:-1].isdigit() or (
                token[:-1].replace(".", "").isalpha() and token[:-1].lower() not in ADJECTIVE_INITIALISMS
                and _capital_follows(orth, i))):
            seen_final = True  # "... beat Tesla Inc. Tesla had ...": an abbreviation that ends its sentence
    if first < count:
        bounds.append((first, count))
    return [(a, b) for a, b in bounds if any(not is_space[j] for j in range(a, b))]


# A line ending in one of these runs on into the next line: a comma, a footnote mark after it, before a
# lowercase word ("(16.9%)²,\nfalling from ..."), as does a line of prose ending in a word ("... in February.
# NOS\nwas the best"; an all-caps headline ends its line); a word no sentence ends on, before anything that is
# no mark ("rose 8.7% on\n27 August", "a closing high of\n$427.76").
LINE_CONTINUING_MARKS = frozenset({",", "¹,", "²,", "³,", "⁴,"})
LINE_CONTINUING_WORDS = frozenset({"on", "of", "the", "a", "an", "to", "at", "from", "by", "with", "in", "and", "or", "than",
                                   "for", "into", "its", "their", "his", "her", "but", "as", "between", "over", "after",
                                   "before", "since", "until", "versus", "vs", "nearly", "almost", "around", "about"})
def _line_has_lowercase(orth: list[str], is_space: list[bool], end: int) -> bool:
    """Whether the line ending at token `end` is prose (holds a lowercase letter), not an all-caps headline."""
    for j in range(end - 1, -1, -1):
        if is_space[j] and "\n" in orth[j]:
            return False
        if any(ch.islower() for ch in orth[j]):
            return True
    return False


def _opens_key(orth: list[str], is_space: list[bool], start: int) -> bool:
    """Whether the tokens from `start` open with a key: a word or two and then ":" or "="."""
    words = 0
    for j in range(start, min(len(orth), start + 8)):
        if is_space[j]:
            if "\n" in orth[j]:
                return False
            continue
        if orth[j] in (":", "="):
            return words > 0
        words += 1
        if words > 2:
            return False
    return False


# Words a point after them abbreviates instead of ending the sentence ("approx. 4.1%", "vol 55% ann.,").
ABBREVIATIONS = frozenset({"approx", "ca", "c", "ann", "est", "avg", "vs", "yr", "yrs", "mo", "mos", "wk", "wks", "no", "inc",
                           "corp", "co", "ltd", "mn", "bn", "pct", "chg", "vol", "max", "min", "appx", "abt", "incl", "excl",
                           "cf", "e.g", "i.e", "resp", "st", "mt", "jr", "sr", "dr", "mr", "ms", "mrs", "u.s", "u.k",
                           # desk notes: "(outperf. +0.3pp vs AMZN)", "best of cov.", "worst sess. −4.1%"
                           "outperf", "underperf", "perf", "cov", "sess", "rtn", "dn", "mth", "mtd"})
# Initialisms that qualify the noun after them, which a headline capitalises ("Worst Of U.S. Megacaps"): no
# sentence ends on them before a capital, as one may on "Tesla Inc. Tesla had"
ADJECTIVE_INITIALISMS = frozenset({"u.s", "u.k", "e.u"})
# A point right before one of these is glued to an abbreviation even when the word is no known one
# ("best of cov.;", "Ex-cov.:"): a sentence never ends on a point a comma, semicolon or colon follows.
CONTINUING_MARKS = frozenset({",", ";", ":"})
# Abbreviations that never end a sentence, whatever follows them.
NEVER_FINAL = frozenset({"vs", "outperf", "underperf", "approx", "incl", "excl"})


def _abbreviation_point(orth: list[str], starts: list[int], index: int) -> bool:
    """A "." glued to an abbreviation ("approx.", "ann.") that a lowercase word or a figure follows."""
    if orth[index] != "." or index == 0:
        return False
    if starts[index] != starts[index - 1] + len(orth[index - 1]):
        return False
    following = next((orth[j] for j in range(index + 1, len(orth)) if orth[j].strip()), "")
    if following in CONTINUING_MARKS and orth[index - 1][-1:].isalpha():
        return True
    if orth[index - 1].lower() in NEVER_FINAL and following:
        return True  # "vs. Amazon", "underperf. AMZN by 2pp": a name may follow
    if orth[index - 1].lower() not in ABBREVIATIONS:
        return False
    return bool(following) and (following[:1].islower() or following[:1].isdigit() or following[:1] in "(),;$€+-−")


def _ellipsis_inside(orth: list[str], index: int) -> bool:
    """"REN 15.0% … highest Galp 30.1%": an ellipsis a lowercase word follows trails a list, it ends no sentence."""
    if orth[index] not in ("…", "..."):
        return False
    following = next((orth[j] for j in range(index + 1, len(orth)) if orth[j].strip()), "")
    return following[:1].islower()


def _capital_follows(orth: list[str], index: int) -> bool:
    following = next((orth[j] for j in range(index + 1, len(orth)) if orth[j].strip()), "")
    return following[:1].isupper() and len(following) > 1 and not following.isupper()


def prefix(values) -> list[int]:
    return list(accumulate(values, initial=0))


def build(doc, text: str, clean: str, spans: list[tuple[int, int]], quantities: list[Quantity], dates: list[DateMention],
          cue_spans, name_spans, block_starts: list[int], spoken: dict[int, int] | None = None,
          words: list[str] | None = None, lower: list[str] | None = None) -> Document:
    """Assemble the Document from the spaCy Doc and what was found over it; `spoken` maps where a spoken
    figure's digits start to where its words do (`extractors.spoken`), so its claim quotes the words;
    `words` are the tokens' text (needed where a rejoined word's span is wider than its word:
    `join_line_hyphens`), `lower` their lowercase, when the caller has them already."""
    starts = [s for s, _ in spans]
    ends = [e for _, e in spans]
    orth = list(words) if words is not None else [clean[s:e] for s, e in spans]
    lower = list(lower) if lower is not None else [word.lower() for word in orth]
    is_space = [not word.strip() for word in orth]
    figures: list[Figure] = []
    date_cues: list[Cue] = []
    by_start = {s: i for i, s in enumerate(starts)}
    how = analyse(text).how  # how HTML, LaTeX or CSV masked each character (empty: markdown alone is not masked)
    masked = bool(how)
    for quantity in quantities:
        index = by_start.get(quantity.start)
        if index is None:
            continue
        kind, _ = _figure_kind(quantity)
        if quantity.spoken and spoken:  # "fourteen point two percent", not the blanks before "14.2"
            quantity = replace(quantity, start=spoken[quantity.start])
        elif masked:  # a claim's span covers the figure as written: "&minus;15.77%", "$-15.77\%$"
            start, end = widen(text, quantity.start, quantity.end)
            if (start, end) != (quantity.start, quantity.end):
                quantity = replace(quantity, start=start, end=end)
        figures.append(Figure(index, quantity, kind))
    for mention in dates:
        index = by_start.get(mention.start)
        if index is not None:
            date_cues.append(Cue("DATE", "date.explicit", index, index + 1, mention.date))
    name_tokens = [0] * len(orth)
    inner = [0] * len(orth)  # a name counts as one word, however many tokens spell it ("shares of Advanced Micro Devices")
    for name in name_spans:
        for i in range(name.start, name.end):
            name_tokens[i] = 1
            inner[i] = 1 if i > name.start else 0
    figure_tokens = [0] * len(orth)
    date_tokens = {cue.start for cue in date_cues}
    for figure in figures:
        figure_tokens[figure.token] = 0 if _year_of_date(figure, orth, date_tokens) else 1
    clause_labels = {"CLAUSE"}
    break_tokens = [1 if word in CLAUSE_TOKENS else 0 for word in orth]
    for index in cell_colons(clean, by_start):
        break_tokens[index] = 1
    for cue in cue_spans:
        if cue.label in clause_labels:
            break_tokens[cue.start] = 1
    document = Document(
        text=text, clean=clean, starts=starts, ends=ends, lower=lower, orth=orth, figures=figures, dates=date_cues,
        cues=sorted([*cue_spans, *date_cues], key=lambda c: (c.start, -c.end)), names=name_spans,
    )
    document._words = prefix([1 if (w[:1].isalnum() or figure) and not space and not within else 0
                              for w, figure, space, within in zip(orth, figure_tokens, is_space, inner)])
    document._commas = prefix([1 if w == "," else 0 for w in orth])
    document._breaks = prefix(break_tokens)
    document._names = prefix(name_tokens)
    document._figures = prefix(figure_tokens)
    document.figure_at = {f.token: f for f in figures}
    document.cue_starts = [cue.start for cue in document.cues]
    document.figure_tokens = [f.token for f in figures]
    document.figures_sorted = all(a <= b for a, b in zip(document.figure_tokens, document.figure_tokens[1:]))
    document.name_starts = [name.start for name in name_spans]
    document.line_starts = [0] + [i + 1 for i, word in enumerate(orth) if is_space[i] and "\n" in word]
    token_breaks = [bisect_left(starts, b) for b in block_starts]
    document.sentences = sentence_bounds(orth, is_space, starts, clean, token_breaks)
    if masked:
        document.sentences = _without_markup_ends(document.sentences, is_space, text, how, starts, ends)
    return document


def _year_of_date(figure: Figure, orth: list[str], date_tokens: set[int]) -> bool:
    """A year written right after its date ("27 August 2026") is part of the date: it stands between no
    two words as a figure ("a single session (27 August 2026) accounted for 8.7%"). After a comma ("Jan 27,
    2026") it is left a figure: there it as often opens what follows."""
    if figure.kind != "int" or not 1990 <= figure.quantity.value <= 2100:
        return False
    i = figure.token - 1
    while i >= 0 and not orth[i].strip():
        i -= 1
    return i in date_tokens


def cell_colons(clean: str, by_start: dict[int, int]) -> list[int]:
    """The tokens of the colons that delimit a terse line's cells: spaced colons, two or more in one line
    (with its pipes), as in "JMT   : −2.4%  : DD 5.7 (max) : worst d −3.8 (14/1)". One spaced colon is a
    key's or a French colon ("Galp : +14,1 %")."""
    if " :" not in clean and "\t:" not in clean:
        return []
    out: list[int] = []
    position = 0
    for line in clean.split("\n"):
        if line.count(":") >= 2:
            found = [m.start() for m in SPACED_COLON.finditer(line)]
            if len(found) + line.count("|") >= 2 and found:
                out.extend(by_start[position + at] for at in found if position + at in by_start)
        position += len(line) + 1
    return out


def _without_markup_ends(sentences: list[tuple[int, int]], is_space: list[bool], text: str, how: bytes,
                         starts: list[int], ends: list[int]) -> list[tuple[int, int]]:
    """Sentences without the blank tokens at their ends that masked markup made ("</p>", "\\\\"), so a
    sentence's original text, which a refusal quotes, is its words and not its tags. Markdown's own
    blanked marks ("**") stay, as in a text without markup."""
    def markup_only(token: int) -> bool:
        marks = [how[i] for i in range(starts[token], ends[token]) if not text[i].isspace()]
        return is_space[token] and bool(marks) and all(marks)

    out = []
    for first, last in sentences:
        while last - first > 1 and markup_only(last - 1):
            last -= 1
        while last - first > 1 and markup_only(first):
            first += 1
        out.append((first, last))
    return out


SUFFIXED_SEARCH = re.compile(r"(?<![\w.])[A-Z]{2,6}\.[A-Z]{1,2}(?!\w)(?!\.\w)")
BARE_SYMBOL = re.compile(r"^[A-Z]{2,5}$")


def session_dates(universe, month: str | None) -> list[date]:
    """The sessions of the cell's month as the shipped panel has them (the exchange calendar minus
    the universe's declared gaps); empty when the month is unknown."""
    if not month or not re.fullmatch(r"\d{4}-\d{2}", month):
        return []
    return list(_sessions(universe.name, month))


@cache
def _sessions(universe_name: str, month: str) -> tuple[date, ...]:
    from builder.panel import exchange_sessions
    from builder.universes import get_universe

    universe = get_universe(universe_name)
    gaps = universe.gap_dates()
    try:
        return tuple(day for day in exchange_sessions(universe, month) if day not in gaps)
    except Exception:  # a month outside the calendar's range names no sessions
        return ()
