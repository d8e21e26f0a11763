"""Markup that is not markdown: HTML, LaTeX and delimiter-separated (CSV) text, read with character offsets.

Models answer with an HTML `<table>`, a LaTeX `tabular`, a CSV block or prose wrapped in `<p>`, `<b>`
and `\\textbf{}`. What the extractor needs of such a text keeps every offset into it:

- `mask(text)`: the text with the markup masked one character for one (tags and LaTeX commands
  blanked, a block tag's first character a line break, entities such as `&minus;` read as the
  character they stand for, `\\%` as `%`, a CSV's delimiters and a tabular's `&` blanked), so the
  figure scanner reads `-15.77%` where the text has `$-15.77\\%$`.
- `tables(text)`: the tables such a text holds, each as its span and rows of cell spans, header row
  first, for `extractors.structure` to hand on as the same `Block` a markdown table gives;
  `regions(text)`: its list items and headings (`<li>`, `\\item`, `<h3>`, `\\section{}`), likewise.
- `widen(text, start, end)`: a figure's span widened to its whole spelling ("&minus;15.77%").

Speech markup (SSML: `<speak>`, `<say-as>`, `<prosody>`, `<break/>`, `<sub alias=…>`, a vendor's
`<amazon:domain>`) is blanked as syntax, its text kept (`_mask_ssml`): it says how words are spoken, never
what they state, so it is read as neither HTML nor an XML answer's fields.

Tags that are no HTML (`<return>+6.84%</return>`, `<best_day date="2026-08-27" pct="4.27"/>`) are an
XML answer's fields: each element is masked into the key/value line the resolver already reads
through the header lexicon (`_mask_xml`), so an element's or an attribute's name is its value's key.

HTML tables are parsed by the standard library's `html.parser` (its positions give each cell's
offsets). LaTeX and CSV are split by hand: no well-kept parser reports character offsets for
`tabular` cells, and `csv` reads fields without their positions. Each kind is detected per text by a
cheap test first, so a plain or markdown text pays only a few substring searches.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser

Span = tuple[int, int]

# ---------------------------------------------------------------- detection
HTML_TAG_NAMES = (
    "a|abbr|article|aside|b|big|blockquote|body|br|caption|center|cite|code|col|colgroup|dd|del|details|div|dl|dt|"
    "em|figcaption|figure|font|footer|h[1-6]|head|header|hr|html|i|ins|kbd|li|main|mark|ol|p|pre|q|s|section|small|"
    "span|strike|strong|sub|summary|sup|table|tbody|td|tfoot|th|thead|time|title|tr|tt|u|ul"
)
HTML_TAG = re.compile(rf"<!--.*?-->|</?(?:{HTML_TAG_NAMES})(?:\s[^<>]*)?/?>", re.IGNORECASE | re.DOTALL)
# tags that end a line of text where they stand: their first character becomes a line break
HTML_BLOCK_TAG = re.compile(r"</?(?:p|div|li|tr|h[1-6]|ul|ol|table|thead|tbody|tfoot|caption|blockquote|dd|dt|hr|br|"
                            r"section|article|header|footer|main|aside|details|summary|figure|figcaption|pre)\b",
                            re.IGNORECASE)
ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});")
LATEX_HINT = re.compile(
    r"\\(?:begin|end)\{|\\(?:textbf|textit|texttt|textrm|emph|underline|hline|cline|toprule|midrule|bottomrule|"
    r"multicolumn|multirow|caption|centering|section|subsection|item|mathrm|mathbf|text|num|SI|percent|euro|"
    r"texteuro|label)(?![a-zA-Z])|\\[%$&#]"
)
# an XML tag (its name no HTML tag's: those are HTML_TAG's), attributes `name="value"` each
XML_ATTRIBUTE = re.compile(r"""([A-Za-z_][\w:.-]*)\s*=\s*("[^"<>\n]*"|'[^'<>\n]*'|[^\s"'<>/=]+)""")
XML_TAG = re.compile(rf"""<(/?)(?!(?:{HTML_TAG_NAMES})(?![\w.-]))([A-Za-z_][\w.-]*)"""
                     r"""((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<>\n]*"|'[^'<>\n]*'|[^\s"'<>/=]+))*)\s*(/?)>""",
                     re.IGNORECASE)
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}$")
# SSML (speech markup): elements that say how the words are spoken, never what they state. `<say-as>`,
# `<sub>`, `<emphasis>` hold the written figure, name or date they voice; a `<sub>`'s `alias=` is the
# same figure spelled for speech, so it goes with the tag. A vendor's namespaced elements
# (`<amazon:domain>`, `<mstts:express-as>`) are the same kind of markup.
SSML_TAG_NAMES = (r"speak|say-as|sub|emphasis|break|prosody|lang|mark|phoneme|voice|audio|w|token|par|seq|desc|"
                  r"(?:amazon|mstts|google|polly):[\w.-]+")
SSML_TAG = re.compile(rf"""</?(?:{SSML_TAG_NAMES})(?![\w.:-])(?:\s[^<>]*)?/?>""", re.IGNORECASE)
# what marks a text as SSML: its root, or an element no other markup has
SSML_SENTENCE = re.compile(r"</?s(?:\s[^<>]*)?>", re.IGNORECASE)
SSML_HINT = re.compile(r"<(?:speak|say-as|prosody|phoneme|break\s+(?:time|strength)|amazon:|mstts:)", re.IGNORECASE)
TABULAR_BEGIN = re.compile(r"\\begin\{(tabular\*?|tabularx|tabulary|longtable|array|tblr)\}")

# ---------------------------------------------------------------- LaTeX masking
LATEX_COMMAND = re.compile(r"\\([a-zA-Z]+)\*?|\\(.)", re.DOTALL)
# a command that stands for a character, as the figure scanner reads it
LATEX_CHARACTERS = {
    "euro": "€", "texteuro": "€", "eur": "€", "percent": "%", "textdollar": "$", "textminus": "-", "pm": "±",
    "sigma": "σ", "times": "×", "approx": "≈", "to": "→", "rightarrow": "→", "uparrow": "↑", "downarrow": "↓",
    "textendash": "–", "textemdash": "—", "ldots": "…", "dots": "…", "textasciitilde": "~", "pounds": "£",
}
# accent macros (`Jer\'onimo`, `Renov\'{a}veis`, `Gon\c{c}alves`): the letter they accent, as the
# combining mark Unicode composes it with, so a name spelled with one reads as the name table spells it
LATEX_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
                 ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306", "H": "\u030b", "k": "\u0328",
                 "r": "\u030a"}
LATEX_ACCENT = re.compile(r"""\\(?:(['`^"~=.])|([cvuHkr])(?=[\s{]))\s*(?:\{\s*(\\i|[A-Za-z])\s*\}|(\\i|[A-Za-z]))""")
# symbols that a backslash escapes: the symbol itself (`\%` is a percent sign, `\$` a dollar)
LATEX_ESCAPED = frozenset("%$&#£€")
# commands whose first N brace groups are not text (`\multicolumn{2}{c}{Close}` keeps only "Close")
LATEX_DROPPED_ARGS = {
    "begin": 1, "end": 1, "label": 1, "ref": 1, "cite": 1, "vspace": 1, "hspace": 1, "cline": 1, "cmidrule": 1,
    "multicolumn": 2, "multirow": 2, "usepackage": 1, "documentclass": 1, "includegraphics": 1, "rowcolor": 1,
    "cellcolor": 1, "setlength": 2, "renewcommand": 2, "newcommand": 2, "color": 1, "textcolor": 1,
    "arraystretch": 0, "resizebox": 2, "scalebox": 1, "addlinespace": 0, "footnotesize": 0,
}
# an environment's column specification after `\begin{...}` (`{lrrr}`; tabularx has a width first)
TABULAR_SPEC_ARGS = {"tabular": 1, "tabular*": 2, "tabularx": 2, "tabulary": 2, "longtable": 1, "array": 1, "tblr": 1,
                     "minipage": 1, "multicols": 1}
# commands that open a line
LATEX_OPENS = frozenset({"item", "section", "subsection", "subsubsection", "paragraph", "begin", "end", "caption",
                         "hline", "toprule", "midrule", "bottomrule"})
# headings and their levels
LATEX_HEADINGS = {"section": 1, "subsection": 2, "subsubsection": 3, "paragraph": 4}
LIST_ENVIRONMENTS = ("itemize", "enumerate", "description")
HTML_LIST_TAG = re.compile(r"<(/?)(ul|ol|li|h[1-6])\b[^<>]*>", re.IGNORECASE)
# a collapsible section: its <summary> is the heading of what the <details> holds, up to </details>
HTML_DETAILS_TAG = re.compile(r"<(/?)(details|summary)\b[^<>]*>", re.IGNORECASE)
DETAILS_LEVEL = 6  # below every markdown heading: a section under "### Leaders" is inside it
LATEX_LIST_TOKEN = re.compile(r"\\(begin|end)\{(itemize|enumerate|description)\}|\\item(?![a-zA-Z])(?:\s*\[[^\]\n]*\])?"
                              r"|\\(section|subsection|subsubsection|paragraph)\*?\s*(?=\{)")
# commands that are syntax around the text, never part of a figure's spelling
LATEX_SYNTAX = frozenset({"label", "cline", "cmidrule", "centering", "ref", "cite", "vspace", "hspace", "addlinespace",
                          "multicolumn", "multirow", "rowcolor", "cellcolor", "textcolor", "color"})
# a sign alone in math before a figure: "$-$15.77\\%"
LATEX_SIGN_MATH = re.compile(r"\$([-−+])\$(?=\d)")
# inline math `$...$` (no space inside its ends, not a price: "$5 and $6", "$5-$6" stay dollars)
LATEX_MATH = re.compile(r"(?<![\\$])\$(?=[^\s$])[^$\n]{0,120}?(?<=[^\s\\])\$(?![\d$])")

# ---------------------------------------------------------------- CSV
DELIMITERS = ("\t", ";", ",")
NUMERIC_FIELD = re.compile(r"^[\s\"'(]*[-+−]?[$€£]?\s?[-+−]?\d[\d.,\s]*(?:%|pp|bps|€|\$)?[\s\"')]*$")
HEADER_WORDS = re.compile(r"^\"?[A-Za-z][\w%().$€/-]*(?: [\w%().$€/-]+){0,2}\"?$")
DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")
# a spreadsheet's heading cells as a paste carries them: a column letter ("A", "G", "AA"), a row number ("21")
COLUMN_LETTER = re.compile(r"[A-Z]{1,2}$")
ROW_NUMBER = re.compile(r"\d{1,5}$")
# a spreadsheet formula: "=" opening a cell or a word, then a cell reference ("=C2/B2-1", "=1-B2/MAX(B$2:B2)") or a
# function ("=AVERAGE(B23:K23)", "=STDEV.S(Daily!C3:C20)*SQRT(252)"); its operands are no figures
FORMULA_START = re.compile(r"(?<![^\s(\"'`])=(?=[-+(]?(?:\$?[A-Z]{1,3}\$?\d{1,5}\b|[A-Z][A-Z0-9.]{1,15}\(|[A-Za-z_]\w*!|\d[\d.]*[-+*/^]\$?[A-Z]{1,3}\$?\d))")
# a date written as a column's heading in a sheet ("2/27/2026", "27/02/2026", "2026-02-27", "27.02.2026")
SHEET_DATE = re.compile(r"\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}$|\d{1,2}/\d{1,2}$")
THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")


@dataclass(frozen=True)
class Table:
    """A table found in markup: its span and its rows of cell spans, the header row first; `kind` is
    html | latex | delimited."""

    kind: str
    start: int
    end: int
    rows: tuple[tuple[Span, ...], ...]


# how a character was masked: GLUE belongs to a figure's spelling where it touches one (an entity,
# LaTeX), MARK is syntax around it (an HTML tag, a CSV delimiter, a tabular's `&`)
# (SPACE: a written space, "\\,", "~", "&nbsp;", inside a figure's spelling but never at its ends)
GLUE, MARK, SPACE = 1, 2, 3


@dataclass(frozen=True)
class Region:
    """A list item (`level`: its list depth) or a heading (`level`: 1-6) written in HTML or LaTeX: the
    span of its text, for `extractors.structure` to hand on as an item or heading `Block`. Found by
    hand rather than through markdown-it on the masked text: blanked tags leave indentation that
    markdown reads as code."""

    kind: str
    start: int
    end: int
    level: int
    until: int = 0  # a heading whose section closes before this offset (`</details>`); 0: the next heading's


@dataclass(frozen=True)
class Markup:
    """What a text holds besides markdown: its tables, the masked text (None when nothing needed
    masking), its list items and headings (`<li>`, `\\item`, `<h3>`, `\\section`) and per character
    how it was masked (`how`)."""

    tables: tuple[Table, ...]
    masked: str | None
    regions: tuple[Region, ...] = ()
    how: bytes = b""


def mask(text: str) -> str:
    """`text` with HTML, LaTeX and CSV syntax masked one character for one (see the module docstring)."""
    masked = analyse(text).masked
    return text if masked is None else masked


def tables(text: str) -> tuple[Table, ...]:
    return analyse(text).tables


def regions(text: str) -> tuple[Region, ...]:
    return analyse(text).regions


def widen(text: str, start: int, end: int) -> tuple[int, int]:
    """A figure's span in the masked text, widened to its whole spelling in `text`: "&minus;15.77%"
    and "$-15.77\\%$" where the scanner read "−15.77%" (masked characters of an entity or of LaTeX
    that touch the figure, never a tag)."""
    how = analyse(text).how
    if not how:
        return start, end
    first, last = start, end
    while start > 0 and how[start - 1] in (GLUE, SPACE) and not text[start - 1].isspace():
        start -= 1
        if how[start] == GLUE:
            first = start
    while end < len(text) and how[end] in (GLUE, SPACE) and not text[end].isspace():
        end += 1
        if how[end - 1] == GLUE:
            last = end
    span = text[first:last]  # "\\SI{-15.77}{\\percent}" closes its brace
    while span.count("{") > span.count("}") and last < len(text) and text[last] == "}":
        last += 1
        span = text[first:last]
    while span.count("}") > span.count("{") and first > 0 and text[first - 1] == "{":
        first -= 1
        span = text[first:last]
    return first, last


@lru_cache(maxsize=64)
def analyse(text: str) -> Markup:
    """The markup of `text`: the structure and the cleaning stage both ask, so it is read once."""
    is_html = "<" in text and HTML_TAG.search(text) is not None
    has_entity = "&" in text and ENTITY.search(text) is not None
    is_latex = "\\" in text and LATEX_HINT.search(text) is not None
    is_xml = "<" in text and XML_TAG.search(text) is not None
    is_ssml = "<" in text and SSML_HINT.search(text) is not None
    html_cells = _parse_html_tables(text) if is_html and "<table" in text.lower() else []
    tabulars = _tabular_bodies(text) if is_latex and "\\begin" in text else []
    excluded = [(t["start"], t["end"]) for t in html_cells] + [(begin, end) for begin, _, _, end in tabulars]
    delimited = _delimited_tables(text, excluded) if "\n" in text else []
    formulas = _formulas(text) if "=" in text else []
    if not (is_html or has_entity or is_latex or is_xml or delimited or formulas):
        return Markup((), None)
    chars = list(text)
    produced = bytearray(len(text))  # GLUE or MARK where masking changed or blanked the character
    if is_ssml:
        _mask_ssml(text, chars, produced)
    if is_xml:
        _mask_xml(text, chars, produced)
    if is_html or has_entity:
        _mask_html(text, chars, produced, is_html)
    if is_latex:
        _mask_latex(text, chars, produced, tabulars)
    for table in delimited:
        _mask_delimited(text, chars, produced, table)
    for start, end in formulas:
        _put(chars, produced, start, end, how=MARK)
    _pull_units(text, chars, produced)
    masked = "".join(chars)
    # where a cell's text starts and ends: masked characters of its figure's spelling ("&minus;") count
    edges = "".join(ch if ch != " " or produced[i] != GLUE or text[i].isspace() else "x" for i, ch in enumerate(masked)) \
        if html_cells or tabulars else masked
    found = [Table("html", t["start"], t["end"], rows) for t in html_cells if (rows := _grid(t["rows"], masked, edges))]
    found.extend(_latex_tables(text, masked, tabulars, edges))
    found.extend(_trimmed(table, masked) for table, *_ in delimited)
    found.sort(key=lambda t: t.start)
    regions = (_html_regions(text) if is_html else []) + (_latex_regions(text) if is_latex else [])
    regions.sort(key=lambda r: r.start)
    kept = []
    for region in regions:  # trimmed to its text; none inside a table
        start, end = _strip(masked, region.start, region.end)
        if end > start and not any(t.start <= start < t.end for t in found):
            kept.append(Region(region.kind, start, end, region.level, region.until))
    return Markup(tuple(found), masked, tuple(kept), bytes(produced))


def _put(chars: list[str], produced: bytearray, start: int, end: int, value: str = "", at_end: bool = False,
         how: int = GLUE) -> None:
    """Blank [start, end) and write `value` at its start (or, `at_end`, at its end)."""
    for i in range(start, end):
        chars[i] = " "
        produced[i] = how
    if value and len(value) <= end - start:
        first = end - len(value) if at_end else start
        for offset, ch in enumerate(value):
            chars[first + offset] = ch


# ================================================================ HTML
def _mask_html(text: str, chars: list[str], produced: bytearray, is_html: bool) -> None:
    if is_html:
        for match in HTML_TAG.finditer(text):
            start, end = match.span()
            if produced[start]:
                continue  # an SSML sentence, masked already
            _put(chars, produced, start, end, how=MARK)
            block = HTML_BLOCK_TAG.match(text, start)
            if block and not _in_pipe_line(text, start):  # "<br>" in a markdown table's cell breaks no line
                chars[start] = "\n"
    for match in ENTITY.finditer(text):
        value = html.unescape(match.group(0))
        following = text[match.end():match.end() + 1]
        if _close_up(chars, produced, match.start(), match.end(), " " if value.isspace() else value, following):
            continue
        if value.isspace():
            _put(chars, produced, match.start(), match.end(), how=SPACE)
        else:
            _put(chars, produced, match.start(), match.end(), value, at_end=following[:1].isdigit() or following == ".")


# ================================================================ XML
def _mask_ssml(text: str, chars: list[str], produced: bytearray) -> None:
    """SSML's elements blanked as syntax (MARK), their text kept where it stands: `<say-as
    interpret-as="cardinal">5.5</say-as> percent` reads "5.5 percent", `<sub alias="fourteen point two
    percent">14.2%</sub>` reads "14.2%". Not read as an XML answer's fields (`_mask_xml`): no element
    of speech markup names a measure. A sentence element (`<s>`) ends its sentence as a block tag ends
    a line, which HTML's `<s>` (struck text) does not."""
    for match in SSML_TAG.finditer(text):
        _put(chars, produced, match.start(), match.end(), how=MARK)
    for match in SSML_SENTENCE.finditer(text):
        _put(chars, produced, match.start(), match.end(), how=MARK)
        if not _in_pipe_line(text, match.start()):
            chars[match.start()] = "\n"


def _mask_xml(text: str, chars: list[str], produced: bytearray) -> None:
    """An XML answer's elements as the key/value lines the resolver reads (`Resolver.header_rule`):
    `<return>+6.84%</return>` masks to "return: +6.84% ;", the tag's name moved one character left
    over its `<` and its `>` a colon where text follows; an attribute `pct="4.27"` to "pct: 4.27", so
    `<best_day date="2026-08-27" pct="4.27"/>` reads "best_day 2026-08-27 pct: 4.27": a subject or
    date attribute (`ticker=`, `date=`: lexicon subject_headers, date_attributes) keeps only its value,
    which names or dates the figures after it (so does any attribute holding an ISO date: `from=`); any other attribute the header lexicon reads as no
    metric (`rank="2"`, `class=`, `order=`) is blanked, so it neither states a figure nor breaks a
    subject's line. A leaf's closing tag ends its field (";"), a container's its line, so each
    `<stock>` or `<item>` is a line of its own."""
    bare, metric_key = _attribute_readers()
    previous_end, previous_closed = -1, False
    for match in XML_TAG.finditer(text):
        start, end = match.span()
        if produced[start]:
            continue  # an SSML element, masked already
        closing, name, attributes, empty = match.group(1), match.group(2), match.group(3), match.group(4)
        _put(chars, produced, start, end, how=MARK)
        container = previous_closed and not text[previous_end:start].strip()
        previous_end, previous_closed = end, bool(closing or empty)
        if closing:
            chars[start + 1] = "\n" if container else ";"
            continue
        for offset, ch in enumerate(name):
            chars[start + offset] = ch
        at = start + 1 + len(name)
        for attribute in XML_ATTRIBUTE.finditer(attributes):
            key, value = attribute.group(1), attribute.group(2)
            value_start = at + attribute.start(2) + (1 if value[:1] in "\"'" else 0)
            inner = value.strip("\"'")
            if key.lower() not in bare and not ISO_DATE.match(inner):  # from="2026-08-05": a date, by its value
                if not metric_key(key):
                    continue
                key_start = at + attribute.start(1)
                for offset, ch in enumerate(key + ":"):
                    chars[key_start + offset] = ch
            for offset, ch in enumerate(inner):
                chars[value_start + offset] = ch
        if empty:
            chars[end - 1] = ";"
        elif text[end:end + 1].strip() and text[end:end + 1] != "<":
            chars[end - 2] = ":"  # the element holds its value: its name (and attributes) the key


@lru_cache(maxsize=1)
def _attribute_readers():
    """The subject and date attribute names (lexicon) and whether the header lexicon reads an attribute's
    name as a metric, from the committed rulebook, read once (markup itself holds no word lists)."""
    from extractors.resolver import SKIP_COLUMN, Resolver
    from extractors.rulebook import rulebook

    book = rulebook()
    bare = frozenset(w.lower() for name in ("subject_headers", "date_attributes") for w in book.lexicon[name])
    resolver = Resolver(book)

    @lru_cache(maxsize=256)
    def metric_key(name: str) -> bool:
        rule = resolver.header_rule(name, None)
        return rule is not None and rule is not SKIP_COLUMN and bool(rule.metric)

    return bare, metric_key


def _close_up(chars: list[str], produced: bytearray, start: int, end: int, value: str, following: str) -> bool:
    """Between two words, an entity or escape masked in place would split a name ("S&amp;P&nbsp;500" ->
    "S&    P      500"): instead the word before it (with its space, in "Johnson &amp; Johnson") moves
    right to meet its value and the word after: "S&P 500", "AT&T", "Johnson & Johnson". Only words
    without digits move, so no figure's offsets change. False where there is no word on both sides."""
    if len(value) != 1 or not following:
        return False
    spaced = following == " " and value == "&" and start > 0 and chars[start - 1] == " "
    if not (following.isalnum() or spaced):
        return False
    word = start - 1 if spaced else start
    while word > 0 and start - word < 40 and not chars[word - 1].isspace():
        word -= 1
    segment = chars[word:start]
    if any(ch.isdigit() for ch in segment) or not any(ch.isalpha() for ch in segment):
        return False
    _put(chars, produced, word, end)
    chars[end - len(segment) - 1:end] = [*segment, value]
    return True



def _in_pipe_line(text: str, at: int) -> bool:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return "|" in text[start:end if end >= 0 else len(text)]


class _OffsetParser(HTMLParser):
    """An HTML parser that knows each tag's character offset in the text (HTMLParser gives line and column)."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=False)
        self.line_starts = [0, *(m.end() for m in re.finditer("\n", text))]
        self.text = text
        self.done: list[dict] = []
        self.open: list[dict] = []

    def _at(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column


class _TableParser(_OffsetParser):
    """Cell spans of every `<table>`: a cell runs from the end of its `<td>`/`<th>` tag to the tag that
    closes it (`</td>`, the next cell, the row's end: HTML lets end tags be left out)."""

    def _close_cell(self, table: dict, at: int) -> None:
        if table["cell"] is not None:
            cell = table["cell"]
            cell["end"] = at
            table["row"].append(cell)
            table["cell"] = None

    def _close_row(self, table: dict, at: int) -> None:
        self._close_cell(table, at)
        if table["row"]:
            table["rows"].append(table["row"])
        table["row"] = None

    def handle_starttag(self, tag, attrs):
        at = self._at()
        end = at + len(self.get_starttag_text() or "")
        if tag == "table":
            self.open.append({"start": at, "rows": [], "row": None, "cell": None})
            return
        if not self.open:
            return
        table = self.open[-1]
        if tag == "tr":
            self._close_row(table, at)
            table["row"] = []
        elif tag in ("td", "th"):
            self._close_cell(table, at)
            if table["row"] is None:
                table["row"] = []
            spans = dict(attrs)
            table["cell"] = {"tag": at, "start": end, "end": end, "header": tag == "th",
                             "colspan": _span_count(spans.get("colspan")), "rowspan": _span_count(spans.get("rowspan"))}
        elif tag in ("thead", "tbody", "tfoot", "caption"):
            self._close_row(table, at)

    def handle_endtag(self, tag):
        if not self.open:
            return
        at = self._at()
        table = self.open[-1]
        if tag in ("td", "th"):
            self._close_cell(table, at)
        elif tag in ("tr", "thead", "tbody", "tfoot"):
            self._close_row(table, at)
        elif tag == "table":
            self._close_row(table, at)
            close = self.text.find(">", at)
            table["end"] = close + 1 if close >= 0 else len(self.text)
            self.done.append(self.open.pop())

    def close(self):
        super().close()
        while self.open:  # a table never closed ends with the text
            table = self.open.pop()
            self._close_row(table, len(self.text))
            table["end"] = len(self.text)
            self.done.append(table)


@dataclass(frozen=True)
class Sequence:
    """A markup element holding a run of child elements of one tag (`<ol>`'s `<li>`s, `<top3>`'s
    `<item>`s): its own tag and attribute values (what the run may be ordered by, as `data-sort=
    "monthly-return"` or `order="worst first"`) and each child's span, in document order."""

    tag: str
    attributes: str
    start: int
    end: int
    items: tuple[Span, ...]


# elements that never hold a run to rank: a table's rows are read by the table reader
_NO_SEQUENCE = frozenset({"table", "thead", "tbody", "tfoot", "tr", "td", "th", "colgroup", "html", "head"})
_VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "col", "wbr", "area", "base", "source"})


class _TreeParser(_OffsetParser):
    """Every element's tag, attributes, span and children, HTML or XML alike. An end tag closes the
    innermost open element of its name (elements left open inside it end there, as HTML's `<li>`
    without `</li>` does); an end tag nothing opened is read past."""

    def _element(self, tag, attrs) -> dict:
        return {"tag": tag, "attributes": " ".join(str(value) for _, value in attrs if value),
                "start": self._at(), "end": None, "children": []}

    def handle_starttag(self, tag, attrs):
        if tag in _VOID:
            return
        if tag == "li" and self.open and self.open[-1]["tag"] == "li":
            self._close(len(self.open) - 1, self._at())  # "<li>a <li>b": the first item ends at the second
        element = self._element(tag, attrs)
        if self.open:
            self.open[-1]["children"].append(element)
        self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        element = self._element(tag, attrs)
        element["end"] = element["start"] + len(self.get_starttag_text() or "")
        if self.open:
            self.open[-1]["children"].append(element)

    def handle_endtag(self, tag):
        for depth in range(len(self.open) - 1, -1, -1):
            if self.open[depth]["tag"] == tag:
                close = self.text.find(">", self._at())
                self._close(depth, close + 1 if close >= 0 else len(self.text))
                return

    def _close(self, depth: int, at: int) -> None:
        while len(self.open) > depth:
            element = self.open.pop()
            element["end"] = at
            self.done.append(element)

    def close(self):
        super().close()
        self._close(0, len(self.text))


def sequences(text: str) -> tuple[Sequence, ...]:
    """The runs of like elements a text's markup holds (see `Sequence`), for `extractors.rankings`: an
    ordered answer written as `<ol>` or as XML has no position numbers to read on its lines. The standard
    library's `html.parser` reads both (it gives each tag's position); a text with no closing tag pays one
    substring search."""
    if "</" not in text:
        return ()
    parser = _TreeParser(text)
    parser.feed(text)
    parser.close()
    out = []
    for element in sorted(parser.done, key=lambda e: e["start"]):
        children = [c for c in element["children"] if c["end"] is not None]
        if element["tag"] in _NO_SEQUENCE or len(children) < 2:
            continue
        tags = [c["tag"] for c in children]
        tag = max(dict.fromkeys(tags), key=tags.count)
        items = tuple((c["start"], c["end"]) for c in children if c["tag"] == tag)
        if len(items) >= 2 and tag not in _NO_SEQUENCE:
            out.append(Sequence(element["tag"], element["attributes"], element["start"], element["end"], items))
    return tuple(out)


def _span_count(value) -> int:
    try:
        return max(1, min(int(str(value).strip()), 50))
    except (TypeError, ValueError):
        return 1


def _parse_html_tables(text: str) -> list[dict]:
    parser = _TableParser(text)
    parser.feed(text)
    parser.close()
    return sorted(parser.done, key=lambda t: t["start"])


def _grid(rows: list[list[dict]], masked: str, edges: str) -> tuple[tuple[Span, ...], ...]:
    """Rows of cell spans laid on the table's column grid: a cell spanning columns or rows fills each
    place it covers. Header rows (all `<th>`) stack into one: each column is headed by its lowest
    header cell ("Aug 3" under a "Close" spanning two columns). Elsewhere a spanned place repeats no
    figure: it gets an empty cell."""
    grid: list[list[dict | None]] = []
    carry: dict[int, tuple[dict, int]] = {}  # column -> (cell, rows still to cover) from a rowspan
    for row in rows:
        placed: list[dict | None] = []
        column = 0
        queue = list(row)
        while queue or column in carry:
            if column in carry:
                cell, left = carry.pop(column)
                placed.append({**cell, "copy": True})
                if left > 1:
                    carry[column] = (cell, left - 1)
                column += 1
                continue
            cell = queue.pop(0)
            for part in range(cell["colspan"]):
                placed.append(cell if part == 0 else {**cell, "copy": True})
                if cell["rowspan"] > 1:
                    carry[column] = (cell, cell["rowspan"] - 1)
                column += 1
        grid.append(placed)
    head = 0
    while head < len(grid) - 1 and grid[head] and all(c is not None and c["header"] for c in grid[head]) \
            and grid[head + 1] and all(c is not None and c["header"] for c in grid[head + 1]):
        head += 1
    out: list[tuple[Span, ...]] = []
    if head:
        width = max(len(r) for r in grid[:head + 1])
        header = []
        for column in range(width):
            below = [grid[r][column] for r in range(head + 1) if column < len(grid[r]) and grid[r][column] is not None]
            header.append(_cell_span(below[-1], masked, edges) if below else (0, 0))
        out.append(tuple(header))
        body = grid[head + 1:]
    else:
        body = grid
        if body:
            out.append(tuple(_cell_span(c, masked, edges) for c in body[0]))
            body = body[1:]
    for row in body:
        out.append(tuple(_blank_point(masked, c["tag"]) if c.get("copy") else _cell_span(c, masked, edges) for c in row))
    return tuple(r for r in out if r)


def _cell_span(cell: dict, masked: str, edges: str) -> Span:
    start, end = _strip(edges, cell["start"], cell["end"])
    return (start, end) if end > start else _blank_point(masked, cell["tag"])


# ================================================================ LaTeX
def _mask_latex(text: str, chars: list[str], produced: bytearray, tabulars: list[tuple[int, int, int, int]]) -> None:
    position = 0
    for match in LATEX_COMMAND.finditer(text):
        if match.start() < position:
            continue
        start, end = match.span()
        name, symbol = match.group(1), match.group(2)
        accent = LATEX_ACCENT.match(text, start)
        if accent:  # "Jer\'onimo" reads "Jerónimo", the word closed up to the letter
            position = accent.end()
            letter = accent.group(3) or accent.group(4)
            value = unicodedata.normalize("NFC", ("i" if letter == "\\i" else letter)
                                          + LATEX_ACCENTS[accent.group(1) or accent.group(2)])
            if not _close_up(chars, produced, start, position, value, text[position:position + 1]):
                _put(chars, produced, start, position, value, at_end=True)
            continue
        if symbol is not None:
            position = end
            if symbol == "&" and _close_up(chars, produced, start, end, "&", text[end:end + 1]):
                pass  # "S\\&P 500" reads "S&P 500"
            elif symbol in "$€£":  # "to \\$311.21" reads "to $ 311.21": no second blank before the price
                _put(chars, produced, start, end, symbol + " ")
            elif symbol in LATEX_ESCAPED:
                _put(chars, produced, start, end, " " + symbol)  # "15.77\%" reads "15.77 %"
            elif symbol == "\\":  # a line's (a row's) end, with its optional spacing ("\\[2pt]")
                group = _group_end(text, end, "[")
                position = group or end
                _put(chars, produced, start, position, how=MARK)
                if not _in_pipe_line(text, start):
                    chars[start] = "\n"
            elif symbol != "|" and not symbol.isalnum():  # "\|" is a markdown table's escaped pipe
                _put(chars, produced, start, end, how=SPACE if symbol in " ,;:!" else GLUE)  # "\,", "\ ", "\(", "\{"
            continue
        if name in LATEX_CHARACTERS:
            end = _skip_space(text, end)  # a control word swallows the spaces after it ("\textminus 15.77")
            _put(chars, produced, start, end, LATEX_CHARACTERS[name], at_end=text[end:end + 1].isdigit())
            position = end
            continue
        cursor = end
        if name in ("begin", "end"):
            environment = re.match(r"\s*\{([^{}]*)\}", text[cursor:])
            if environment:
                cursor += environment.end()
                dropped = TABULAR_SPEC_ARGS.get(environment.group(1), 0) if name == "begin" else 0
                cursor = _drop_groups(text, cursor, dropped)
        elif name in LATEX_DROPPED_ARGS:
            cursor = _drop_groups(text, cursor, LATEX_DROPPED_ARGS[name], parentheses=name == "cmidrule")
        opens = name in LATEX_OPENS
        _put(chars, produced, start, cursor, how=MARK if opens or name in LATEX_SYNTAX else GLUE)
        if opens and not _in_pipe_line(text, start):
            chars[start] = "\n"
        position = cursor
    for match in LATEX_SIGN_MATH.finditer(text):  # "$-$15.77": the sign, next to its figure
        if not produced[match.start()]:
            _put(chars, produced, match.start(), match.end(), match.group(1), at_end=True)
    for match in LATEX_MATH.finditer(text):
        if not produced[match.start()]:
            _put(chars, produced, match.start(), match.start() + 1)
            _put(chars, produced, match.end() - 1, match.end())
    for index, ch in enumerate(text):
        if ch in "{}~" and not produced[index] and (index == 0 or text[index - 1] != "\\"):
            chars[index] = " "
            produced[index] = SPACE  # a brace is inside a figure's spelling ("\\num{-1.2}"), never its end
    for _, body_start, body_end, _ in tabulars:
        for index in range(body_start, body_end):
            if text[index] == "&" and not produced[index] and text[index - 1] != "\\":
                chars[index] = _field_break(text, index)
                produced[index] = MARK


def _drop_groups(text: str, cursor: int, braces: int, parentheses: bool = False) -> int:
    """Past a command's optional `[...]` (and, for `\\cmidrule`, `(...)`) groups and its first `braces`
    brace groups: the arguments that are no text."""
    while True:
        group = _group_end(text, cursor, "[(" if parentheses else "[")
        if group is None and braces > 0:
            group = _group_end(text, cursor, "{")
            if group is not None:
                braces -= 1
        if group is None:
            return cursor
        cursor = group


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t":
        at += 1
    return at


def _group_end(text: str, at: int, openers: str = "{[(") -> int | None:
    """The end of the group opening at `at` (after spaces) with one of `openers`, if one does."""
    at = _skip_space(text, at)
    if at >= len(text) or text[at] not in openers:
        return None
    opener = text[at]
    closer = {"{": "}", "[": "]", "(": ")"}[opener]
    depth = 0
    for index in range(at, min(len(text), at + 400)):
        ch = text[index]
        if ch == opener and text[index - 1] != "\\":
            depth += 1
        elif ch == closer and text[index - 1] != "\\":
            depth -= 1
            if depth == 0:
                return index + 1
    return None


def _tabular_bodies(text: str) -> list[tuple[int, int, int, int]]:
    """(begin, body start, body end, end) of each tabular environment: its body runs from after the
    column specification to `\\end{...}`."""
    out = []
    for match in TABULAR_BEGIN.finditer(text):
        body_start = _drop_groups(text, match.end(), TABULAR_SPEC_ARGS.get(match.group(1), 1))
        closing = "\\end{" + match.group(1) + "}"
        body_end = text.find(closing, body_start)
        end = body_end + len(closing) if body_end >= 0 else len(text)
        out.append((match.start(), body_start, body_end if body_end >= 0 else len(text), end))
    return out


def _latex_tables(text: str, masked: str, tabulars: list[tuple[int, int, int, int]], edges: str) -> list[Table]:
    """Rows split at `\\\\`, cells at unescaped `&` (masked to `|`); a `\\multicolumn{n}` cell fills n
    columns (in the header it heads each of them; in a body row the others are empty)."""
    out = []
    for begin, body_start, body_end, end in tabulars:
        rows: list[tuple[Span, ...]] = []
        row_start = body_start
        row_ends = [m.start() for m in re.finditer(r"\\\\", text[body_start:body_end])]
        for row_end in [body_start + b for b in row_ends] + [body_end]:
            cells: list[Span] = []
            cell_start = row_start
            bounds = [i for i in range(row_start, row_end) if text[i] == "&" and masked[i] in " |"]
            for cell_end in [*bounds, row_end]:
                span = _strip(edges, cell_start, cell_end)
                columns = re.search(r"\\multicolumn\s*\{\s*(\d+)\s*\}", text[cell_start:cell_end])
                cells.append(span if span[1] > span[0] else _blank_point(masked, cell_start))
                for _ in range((_span_count(columns.group(1)) if columns else 1) - 1):
                    cells.append(span if not rows else _blank_point(masked, cell_start))
                cell_start = cell_end + 1
            row_start = row_end + 2
            if any(e > s for s, e in cells):
                rows.append(tuple(cells))
        if len(rows) >= 2:
            out.append(Table("latex", begin, end, tuple(rows)))
    return out


# ================================================================ delimiter-separated
def _fields(line: str, delimiter: str) -> list[Span] | None:
    """[start, end) of each field of one CSV line, a quoted field's delimiters kept inside it; None when
    a quote is left open."""
    spans, start, quoted, index = [], 0, False, 0
    while index < len(line):
        ch = line[index]
        if ch == '"':
            if quoted and line[index + 1:index + 2] == '"':
                index += 2
                continue
            quoted = not quoted
        elif ch == delimiter and not quoted:
            spans.append((start, index))
            start = index + 1
        index += 1
    if quoted:
        return None
    spans.append((start, len(line)))
    return spans


def _delimited_tables(text: str, excluded: list[Span] = ()) -> list[tuple[Table, str, tuple[Span, ...]]]:
    """Runs of two or more lines split by one delimiter (tab, semicolon, comma) into the same number (2+)
    of fields, under a header line whose fields are words, each line below holding a bare number; and a
    spreadsheet's grid pasted with its column letters and row numbers (`_sheet_grid`). Each comes with
    the spans that are no cell (a grid's letters and row numbers), to blank. Found without the header
    lexicon, so the cleaning stage and the structure agree on them."""
    if "\t" not in text and ";" not in text and "," not in text:
        return []
    lines, position = [], 0
    for raw in text.split("\n"):
        lines.append((position, raw))
        position += len(raw) + 1
    found: list[tuple[Table, str, tuple[Span, ...]]] = []
    taken = {i for i, (start, raw) in enumerate(lines) if any(start < e and s < start + len(raw) + 1 for s, e in excluded)}
    for delimiter in DELIMITERS:
        if delimiter not in text:
            continue
        counts = [raw.count(delimiter) if "|" not in raw else 0 for _, raw in lines]
        if not any(counts[i] and counts[i + 1] for i in range(len(counts) - 1)):
            continue
        fields = [(_fields(raw, delimiter) if counts[i] and i not in taken else None) for i, (_, raw) in enumerate(lines)]
        for grid in _sheet_grids(lines, fields):
            found.append((grid[0], delimiter, grid[1]))
            table = grid[0]
            taken.update(i for i, (start, _) in enumerate(lines) if table.start <= start <= table.end)
            for i in range(len(lines)):
                if i in taken:
                    fields[i] = None
        index = 0
        while index < len(lines):
            width = len(fields[index]) if fields[index] else 0
            run = index + 1
            while run < len(lines) and fields[run] and len(fields[run]) == width:
                run += 1
            if width >= 2 and run - index >= 2 and _is_table(lines, fields, index, run, delimiter):
                rows = tuple(tuple((lines[i][0] + a, lines[i][0] + b) for a, b in fields[i]) for i in range(index, run))
                found.append((Table("delimited", lines[index][0], lines[run - 1][0] + len(lines[run - 1][1]), rows), delimiter, ()))
                taken.update(range(index, run))
                index = run
                continue
            index += 1
    return found


def _sheet_grids(lines, fields) -> list[tuple[Table, tuple[Span, ...]]]:
    """Grids pasted from a spreadsheet with the sheet's own headings typed in: a line of consecutive
    column letters ("\tA\tB\tC", "\tG\tH\tI"), then lines that each open with a row number ("1\tTicker\t…",
    "21\t27/02/2026\t…", "5\t\t\t" for a blank row). The letters and row numbers only say where a cell
    sits (the prose's "D4", "row 23"); the table is the rest, its first line the header, whose cells may be
    dates ("2/27/2026": that session's closes). A row may end early (a sheet drops trailing blanks)."""
    out = []
    index = 0
    while index < len(lines):
        texts = [lines[index][1][a:b].strip() for a, b in fields[index]] if fields[index] else []
        if not _column_letters(texts):
            index += 1
            continue
        width = len(texts)
        run = index + 1
        while run < len(lines) and fields[run] and 2 <= len(fields[run]) <= width \
                and ROW_NUMBER.match(lines[run][1][slice(*fields[run][0])].strip()):
            run += 1
        if run - index >= 3:
            rows = tuple(tuple((lines[i][0] + a, lines[i][0] + b) for a, b in fields[i][1:]) for i in range(index + 1, run))
            header = [lines[index + 1][1][a:b].strip() for a, b in fields[index + 1][1:]]
            if any(any(ch.isalpha() for ch in h) for h in header) and all(
                    h and len(h) <= 40 and (any(ch.isalpha() for ch in h) or SHEET_DATE.match(h)) for h in header):
                blanks = ((lines[index][0], lines[index][0] + len(lines[index][1])),
                          *((lines[i][0] + fields[i][0][0], lines[i][0] + fields[i][0][1]) for i in range(index + 1, run)))
                end = lines[run - 1][0] + len(lines[run - 1][1])
                out.append((Table("delimited", lines[index][0], end, rows), blanks))
                index = run
                continue
        index += 1
    return out


def _formulas(text: str) -> list[Span]:
    """The spans of spreadsheet formulas (`FORMULA_START`): up to the first blank outside brackets and quotes,
    or a closing mark of the prose around it ("=MAX(B2:B20).", "(=C2/B2-1)")."""
    out = []
    for match in FORMULA_START.finditer(text):
        depth, quoted, index = 0, False, match.end()
        while index < len(text):
            ch = text[index]
            if ch == '"':
                quoted = not quoted
            elif not quoted and ch == "(":
                depth += 1
            elif not quoted and ch == ")":
                if depth == 0:
                    break
                depth -= 1
            elif not quoted and depth == 0 and (ch.isspace() or ch in ",;"):
                break
            elif ch == "\n":
                break
            index += 1
        end = index
        while end > match.end() and text[end - 1] in ".:" and depth == 0:
            end -= 1  # the sentence's stop after the formula
        out.append((match.start(), end))
    return out


def _column_letters(texts: list[str]) -> bool:
    """Whether a line's fields are a sheet's column letters, consecutive after an optional blank corner."""
    letters = texts[1:] if texts and not texts[0] else texts
    if len(letters) < 2 or not all(COLUMN_LETTER.match(t) for t in letters):
        return False
    numbers = [sum((ord(ch) - 64) * 26 ** place for place, ch in enumerate(reversed(t))) for t in letters]
    return all(b == a + 1 for a, b in zip(numbers, numbers[1:]))


def _is_table(lines, fields, first: int, end: int, delimiter: str) -> bool:
    def texts(i):
        _, raw = lines[i]
        return [raw[a:b].strip() for a, b in fields[i]]

    header = texts(first)
    if not any(any(ch.isalpha() for ch in h) for h in header) or not all(h and len(h) <= 40 and (
            (any(ch.isalpha() for ch in h) and not NUMERIC_FIELD.match(h)) or SHEET_DATE.match(h)) for h in header):
        return False  # words, or dates as a sheet heads its columns of closes ("Ticker\t2/2/2026\t2/27/2026")
    if len(header) == 2 and not all(HEADER_WORDS.match(h) for h in header):
        return False  # two fields: a header of short words ("Ticker,Return"), never a clause of prose
    for i in range(first + 1, end):
        row = texts(i)
        if delimiter == "," and any(len(cell) > 60 for cell in row):
            return False
        if not any(cell and NUMERIC_FIELD.match(cell) for cell in row):
            return False
    return True


def _field_break(text: str, at: int) -> str:
    """What a field delimiter masks to: a blank, but a pipe between two figures, which a blank would
    join ("Jul 31,200.75" is no "Jul 31 200"); never a pipe after a word, which the tokenizer would
    keep on it ("NVDA|")."""
    before, after = text[at - 1:at], text[at + 1:at + 2]
    return "|" if before and after and (before.isdigit() or before == "%") and (after.isdigit() or after in "+-−$€£") else " "


def _mask_delimited(text: str, chars: list[str], produced: bytearray, found: tuple[Table, str, tuple[Span, ...]]) -> None:
    """A delimiter becomes a field break (`_field_break`: a comma between figures is no thousands
    comma); a quoted
    field loses its quotes; a comma between digits in a number field is a decimal comma where the
    delimiter is a semicolon or a tab (as in European CSV), and in a quoted field unless it groups thousands."""
    table, delimiter, blanks = found
    for start, end in blanks:  # a grid's column letters and row numbers
        _put(chars, produced, start, end, how=MARK)
    for row in table.rows:
        for index, (start, end) in enumerate(row):
            if index and text[start - 1] == delimiter:
                chars[start - 1] = _field_break(text, start - 1)
                produced[start - 1] = MARK
            field = text[start:end]
            stripped = field.strip()
            quoted = len(stripped) >= 2 and stripped[0] == stripped[-1] == '"'
            if quoted:
                left = start + field.index('"')
                right = start + field.rindex('"')
                _put(chars, produced, left, left + 1, how=MARK)
                _put(chars, produced, right, right + 1, how=MARK)
                stripped = stripped[1:-1].strip()
            if "," in stripped and NUMERIC_FIELD.match(stripped) and (
                    delimiter != "," or (quoted and not THOUSANDS.search(stripped))):
                for match in DECIMAL_COMMA.finditer(field):
                    chars[start + match.start()] = "."
                    produced[start + match.start()] = 1


# ================================================================ items and headings
def _html_regions(text: str) -> list[Region]:
    """`<li>` items (each up to the next list tag: a nested list's items are their own), `<hN>` headings and
    a `<details>` section's `<summary>`, a heading whose section closes at `</details>`."""
    out: list[Region] = _details_regions(text) if "<summary" in text.lower() else []
    if "<l" not in text.lower() and "<h" not in text.lower():
        return out
    depth, item_from, heading = 0, None, None
    for match in HTML_LIST_TAG.finditer(text):
        closing, tag = match.group(1), match.group(2).lower()
        if tag[0] == "h":
            if not closing:
                heading = (match.end(), int(tag[1]))
            elif heading:
                out.append(Region("heading", heading[0], match.start(), heading[1]))
                heading = None
            continue
        if item_from is not None:
            out.append(Region("item", item_from, match.start(), max(depth, 1)))
            item_from = None
        if tag in ("ul", "ol"):
            depth = max(0, depth - 1) if closing else depth + 1
        elif not closing:
            item_from = match.end()
    if item_from is not None:
        out.append(Region("item", item_from, len(text), max(depth, 1)))
    return out


def _details_regions(text: str) -> list[Region]:
    """"<details><summary>Tesla — −4.58%</summary> - Worst day: … </details>": the summary names what the
    section's lines are about, as a heading does, but only up to the section's close (a nested section's
    summary sits one level deeper)."""
    out: list[Region] = []
    opened: list[int] = []  # the open sections' indices into `out` (None: one with no summary yet)
    summary = None
    for match in HTML_DETAILS_TAG.finditer(text):
        closing, tag = match.group(1), match.group(2).lower()
        if tag == "summary":
            if not closing:
                summary = match.end()
            elif summary is not None:
                out.append(Region("heading", summary, match.start(), DETAILS_LEVEL, len(text)))
                if opened and opened[-1] is None:
                    opened[-1] = len(out) - 1
                summary = None
        elif not closing:
            opened.append(None)
        elif opened:
            index = opened.pop()
            if index is not None:
                region = out[index]
                out[index] = Region(region.kind, region.start, region.end, region.level, match.start())
    return out


def _latex_regions(text: str) -> list[Region]:
    """`\\item`s of itemize/enumerate (each up to the next item or list boundary) and `\\section{...}` headings."""
    if "\\item" not in text and "section" not in text and "\\paragraph" not in text:
        return []
    out: list[Region] = []
    depth, item_from = 0, None
    for match in LATEX_LIST_TOKEN.finditer(text):
        if match.group(3):  # a heading: the text of its brace group
            group = _group_end(text, match.end(), "{")
            if group:
                out.append(Region("heading", match.end() + 1, group - 1, LATEX_HEADINGS[match.group(3)]))
            continue
        if item_from is not None:
            out.append(Region("item", item_from, match.start(), max(depth, 1)))
            item_from = None
        if match.group(1):
            depth = depth + 1 if match.group(1) == "begin" else max(0, depth - 1)
        else:
            item_from = match.end()
    if item_from is not None:
        out.append(Region("item", item_from, len(text), max(depth, 1)))
    return out


# ================================================================ shared
PULLED = frozenset("%€$£")
SIGNS = frozenset("-−+")


def _pull_units(text: str, chars: list[str], produced: bytearray) -> None:
    """Masking can leave blanks between a figure and its unit ("15\\,\\%" -> "15   %", "15&nbsp;%"
    -> "15      %") or its sign ("\\textminus 15"); move the unit (or the sign) next to the figure,
    as the text means it. Only across blanks of a figure's spelling, never across a tag."""
    count = len(chars)
    for index in range(count):
        ch = chars[index]
        if ch in PULLED and (produced[index] or ch == "%"):
            left = index - 1
            while left >= 0 and chars[left] == " " and produced[left] in (GLUE, SPACE):
                left -= 1
            if left >= 0 and index - left > (2 if produced[index] else 1) and chars[left].isdigit():
                chars[left + 1], chars[index] = ch, " "
                produced[left + 1] = produced[index] = GLUE
                continue
        if (ch in PULLED or ch in SIGNS) and produced[index]:
            right = index + 1
            while right < count and chars[right] == " " and produced[right] in (GLUE, SPACE):
                right += 1
            if right < count and right - index > (1 if ch in SIGNS else 2) and chars[right].isdigit():
                chars[right - 1], chars[index] = ch, " "
                produced[right - 1] = produced[index] = GLUE


def _strip(masked: str, start: int, end: int) -> Span:
    while start < end and masked[start] in " \t\n\r|":
        start += 1
    while end > start and masked[end - 1] in " \t\n\r|":
        end -= 1
    return start, end


def _trimmed(table: Table, masked: str) -> Table:
    def cell(start: int, end: int) -> Span:
        span = _strip(masked, start, end)
        return span if span[1] > span[0] else _blank_point(masked, start)

    return Table(table.kind, table.start, table.end, tuple(tuple(cell(a, b) for a, b in row) for row in table.rows))


def _blank_point(masked: str, near: int) -> Span:
    """An empty cell at a place no figure token covers: a blank the masking made, or a field break."""
    for index in range(max(1, near), min(len(masked), near + 200)):
        if masked[index] == "|" or (masked[index].isspace() and masked[index - 1].isspace()):
            return index, index
    return near, near
