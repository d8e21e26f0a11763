"""Document structure before sentences: tables, list items, headings and prose, with character spans.

Models write markdown: tables with a header row, bullets whose bold name is the subject of the whole
item, headings that name the company below them, and dumps of "NVDA: 206.64 -> 189.77" lines.
`markdown-it-py` parses the block structure (GFM tables included); this module turns its tokens into
`Block`s that keep character offsets into the text, so every claim can still point at its span.
Cells are cut from the raw table lines by their pipes (markdown-it gives cell text, not offsets).

Two shapes markdown has no syntax for are recognised by hand, since no parser knows them: a plain
text table (lines with the same number of cells split by pipes, tabs or runs of spaces, under a
header line of words) and a text with no markdown at all (one prose block, parsed without
markdown-it, which is the common case and the slow part of parsing).

Tables in other markup (an HTML `<table>`, a LaTeX `tabular`, CSV lines) are found by
`extractors.markup` and become the same table `Block`; the rest of the text is read as above with
its markup masked and those tables, and the list items and headings `extractors.markup` finds
(`<li>`, `\\item`, `<h3>`, `\\section{}`), blanked out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from extractors import markup

BLOCK_KINDS = ("prose", "item", "heading", "table")
# A text needs markdown-it only when a line opens with a block marker or holds a pipe.
MARKDOWN_HINT = re.compile(r"(?m)^[ \t]*(?:[#>|*+-]|\d{1,2}[.)]\s)|\|")
PLAIN_CELL_SPLIT = re.compile(r"\t+| {2,}")
TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}")


@dataclass(frozen=True)
class Cell:
    start: int
    end: int


@dataclass(frozen=True)
class Block:
    """A piece of the document: `kind` in BLOCK_KINDS, its character span, and for a heading its level
    (1-6), for an item its list depth (1 for a top-level bullet). A table's `rows` hold its cells, the
    header row first."""

    kind: str
    start: int
    end: int
    level: int = 0
    rows: tuple[tuple[Cell, ...], ...] = ()
    until: int = 0  # a heading whose section closes before this offset (a `<details>` block); 0: none


def _line_starts(text: str) -> list[int]:
    starts = [0]
    for match in re.finditer("\n", text):
        starts.append(match.end())
    return starts


def _span(text: str, starts: list[int], first_line: int, end_line: int) -> tuple[int, int]:
    start = starts[first_line] if first_line < len(starts) else len(text)
    end = starts[end_line] - 1 if end_line < len(starts) else len(text)
    return start, max(start, end)


def _pipe_cells(text: str, start: int, end: int) -> tuple[Cell, ...]:
    """The cells of one table line, each stripped of spaces, by its unescaped pipes."""
    line = text[start:end]
    bounds = [m.start() for m in re.finditer(r"(?<!\\)\|", line)]
    edges = [-1, *bounds, len(line)]
    cells = []
    for left, right in zip(edges, edges[1:]):
        piece = line[left + 1:right]
        if left == -1 and not piece.strip() and bounds:
            continue  # the leading pipe
        if right == len(line) and not piece.strip() and bounds:
            continue  # the trailing pipe
        stripped_start = left + 1 + (len(piece) - len(piece.lstrip()))
        stripped_end = right - (len(piece) - len(piece.rstrip()))
        cells.append(Cell(start + stripped_start, start + max(stripped_start, stripped_end)))
    return tuple(cells)


def _plain_cells(text: str, start: int, end: int) -> tuple[Cell, ...]:
    line = text[start:end]
    if "|" in line:
        return _pipe_cells(text, start, end)
    cells, position = [], 0
    for piece in PLAIN_CELL_SPLIT.split(line):
        at = line.index(piece, position) if piece else position
        position = at + len(piece)
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            cells.append(Cell(start + at + lead, start + at + len(piece.rstrip())))
    return tuple(cells)


def _plain_tables(text: str, start: int, end: int, header_like) -> list[Block]:
    """Split a paragraph into prose and plain-text tables: two or more lines with the same number (3+)
    of cells, the first of which is a header (`header_like` says whether its cells are header words).
    A header line of company names alone (`header_like` says "names") heads a transposed table of two
    or more columns, whose lines hold a figure under each name, or a label and then the figures
    ("Return (%)   9.3   5.9")."""
    lines, position = [], start
    for raw in text[start:end].split("\n"):
        lines.append((position, position + len(raw)))
        position += len(raw) + 1
    cells = [_plain_cells(text, a, b) for a, b in lines]
    blocks: list[Block] = []
    index, prose_from = 0, None
    while index < len(lines):
        width = len(cells[index])
        widths = (width, width + 1)
        run = index + 1
        while run < len(lines) and (len(cells[run]) in widths or TABLE_SEPARATOR.match(text[lines[run][0]:lines[run][1]])):
            run += 1
        framed = index + 2 < len(lines) and width >= 1 and (
            len(cells[index + 1]) == width + 1 or (len(cells[index + 1]) == 1 and len(cells[index + 2]) == width + 1))
        kind = header_like([text[c.start:c.end] for c in cells[index]]) if (width >= 2 and run - index >= 2) or framed else False
        if kind != "names":  # an ordinary header's rows have its width
            run = index + 1
            while run < len(lines) and (len(cells[run]) == width or TABLE_SEPARATOR.match(text[lines[run][0]:lines[run][1]])):
                run += 1
        frame = _frame_rows(lines, cells, index, width) if kind is True and framed else None
        if frame is not None:  # a printed DataFrame
            if prose_from is not None:
                blocks.append(Block("prose", lines[prose_from][0], lines[index - 1][1]))
                prose_from = None
            head, run = frame
            rows = ((head, *cells[index]), *(cells[i] for i in range(index + 1, run) if len(cells[i]) == width + 1))
            blocks.append(Block("table", lines[index][0], lines[run - 1][1], rows=rows))
            index = run
            continue
        if kind and (kind == "names" or width >= 3) and run - index >= 2:
            if prose_from is not None:
                blocks.append(Block("prose", lines[prose_from][0], lines[index - 1][1]))
                prose_from = None
            rows = tuple(cells[i] for i in range(index, run) if not TABLE_SEPARATOR.match(text[lines[i][0]:lines[i][1]]))
            blocks.append(Block("table", lines[index][0], lines[run - 1][1], rows=rows))
            index = run
            continue
        if prose_from is None:
            prose_from = index
        index += 1
    if prose_from is not None:
        blocks.append(Block("prose", lines[prose_from][0], lines[-1][1]))
    return blocks


def _frame_rows(lines, cells, index: int, width: int) -> tuple[Cell, int] | None:
    """A printed pandas DataFrame ("print(df.round(4))"): a header line of the columns, then, under an
    optional line naming the index alone ("ticker"), one row a line with one cell more than the header,
    its index label first. The header gains that first cell (the index's name, or an empty one) so that
    each row's cells stand under their headers. Returns that cell and the end of the frame's lines."""
    run = index + 1
    head = Cell(lines[index][0], lines[index][0])
    if len(cells[run]) == 1 and width >= 2 and cells[run][0].start - lines[run][0] < 2:
        head, run = cells[run][0], run + 1
    first = run
    while run < len(lines) and len(cells[run]) == width + 1:
        run += 1
    return (head, run) if run > first else None


@cache
def _parser():
    """markdown-it's block rules only: the blocks' line spans are all this module reads, and inline
    parsing (emphasis, links) would double the cost."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    parser.disable("inline")
    return parser


# Bullets markdown has no syntax for, read as "-" (one character for one, so offsets hold).
BULLETS = re.compile(r"(?m)^([ \t]*)[•▪‣◦●■□➤►→✓✔]([ \t])")
# A table drawn with box-drawing characters (a terminal's or a code block's "┌──┬──┐ / │ a │ b │"),
# light, heavy or double: its rules read as a markdown table's pipes and dashes, one character for
# one, so the table reader reads it like any other table (and its separator lines are skipped).
BOX_PIPES = "│┃║┆┇┊┋╎╏┌┐└┘├┤┬┴┼┏┓┗┛┣┫┳┻╋┍┑┕┙┝┥┯┷┿┎┒┖┚┠┨┰┸╂╔╗╚╝╠╣╦╩╬╒╕╘╛╞╡╤╧╪╓╖╙╜╟╢╥╨╫╭╮╯╰"
BOX_DASHES = "─━═┄┅┈┉╌╍"
BOX_TABLE = str.maketrans(BOX_PIPES + BOX_DASHES, "|" * len(BOX_PIPES) + "-" * len(BOX_DASHES))
BOX_HINT = re.compile(f"[{BOX_PIPES}]")


def blocks(text: str, header_like=lambda cells: False) -> list[Block]:
    """The blocks of `text` in order. `header_like(cells)` tells a plain-text table's header line."""
    if not text.strip():
        return []
    found = markup.analyse(text)
    text = BULLETS.sub(lambda m: m.group(1) + "-" + m.group(2), found.masked or text)
    if BOX_HINT.search(text):
        text = text.translate(BOX_TABLE)
    out = [Block("table", t.start, t.end, rows=tuple(tuple(Cell(a, b) for a, b in row) for row in t.rows))
           for t in found.tables]
    out += [Block(r.kind, r.start, r.end, r.level, until=r.until) for r in found.regions]
    out += [item for item in outline_items(text) if not any(b.start < item.end and item.start < b.end for b in out)]
    if not out:
        return _markdown_blocks(text, header_like)
    # the rest of the text, with each markup block blanked (its line breaks kept, so offsets hold)
    chars = list(text)
    for block in out:
        for index in range(block.start, block.end):
            if chars[index] != "\n":
                chars[index] = " "
    taken = sorted((b.start, b.end) for b in out)
    for block in _markdown_blocks("".join(chars), header_like):
        pieces = [(block.start, block.end)]
        for first, last in taken:  # a block keeps only its parts outside them
            pieces = [part for start, end in pieces
                      for part in ((start, min(end, first)), (max(start, last), end)) if part[1] > part[0]]
        for start, end in pieces:
            if text[start:end].strip():
                out.append(block if (start, end) == (block.start, block.end) else Block(block.kind, start, end, block.level))
    out.sort(key=lambda b: b.start)
    return out


# An outline's marker opening a line: "I.", "IV.", "A.", "1.", "a.", "iv.", "a)", "(a)", "(iv)", "1.2"
OUTLINE_MARKER = re.compile(r"(?m)^([ \t]*)(?:\((?P<bracketed>[A-Za-z]{1,4}|\d{1,2})\)|(?P<closed>[A-Za-z]{1,4}|\d{1,2})[.)]"
                            r"|(?P<dotted>\d{1,2}(?:\.\d{1,2})+)\.?)[ \t]+(?=\S)")
ROMAN = re.compile(r"(?i)(?=[ivxlc])m{0,3}(?:c[md]|d?c{0,3})(?:x[cl]|l?x{0,3})(?:i[xv]|v?i{0,3})$")


def _outline_kind(marker: str, bracketed: bool, romans: frozenset[str]) -> str:
    """A marker's kind: "1", "1.1", "I" (roman), "A", "a", "i", each bracketed or not. "I", "V", "X" alone
    are roman numerals only where the outline writes other numerals of that case ("II.", "iv.")."""
    if marker[0].isdigit():
        kind = "1.1" if "." in marker else "1"
    elif ROMAN.match(marker) and (len(marker) > 1 or ("I" if marker.isupper() else "i") in romans):
        kind = "I" if marker.isupper() else "i"
    elif len(marker) == 1:
        kind = "A" if marker.isupper() else "a"
    else:
        return ""
    return f"({kind})" if bracketed else kind


def outline_items(text: str) -> list[Block]:
    """An outline ("I. AMD (AMD)", "   A. Return", "      1. +5.93% for the month", "(a)", "i.") as list items,
    one a marked line with the unmarked, indented lines under it, each at its depth: the rank of its
    indentation, or, in an outline written flush, of its marker's kind in the order the kinds first appear.
    Markdown knows only "1." lists (and folds "A." and "ii." lines into their paragraph), so an outline's
    lower levels would lose the name its top line gives them. Only a run of three or more marked lines of two
    kinds or more, at two depths or more, is an outline: a flat "a) … b) …" list stays what markdown reads."""
    if not OUTLINE_MARKER.search(text):
        return []
    lines, position = [], 0
    for raw in text.split("\n"):
        lines.append((position, raw))
        position += len(raw) + 1
    runs: list[list[tuple[int, int, str, bool, int]]] = []  # (line, indent, marker, bracketed, end) per item
    current: list = []
    for index, (start, raw) in enumerate(lines):
        match = OUTLINE_MARKER.match(raw)
        if match and "|" not in raw:
            marker = match.group("bracketed") or match.group("closed") or match.group("dotted")
            current.append([index, len(match.group(1).expandtabs(4)), marker, bool(match.group("bracketed")), start + len(raw)])
        elif not raw.strip():
            continue  # blank lines between an outline's sections
        elif current and raw[:1] in " \t" and not raw.lstrip().startswith(("-", "*", "+", "|", "#", ">")):
            current[-1][4] = start + len(raw)  # a continuation line of the item above
        else:
            if current:
                runs.append(current)
            current = []
    if current:
        runs.append(current)
    out: list[Block] = []
    for run in runs:
        if len(run) < 3:
            continue
        romans = frozenset(("I" if m.isupper() else "i") for _, _, m, _, _ in run if len(m) > 1 and ROMAN.match(m))
        kinds = [_outline_kind(m, b, romans) for _, _, m, b, _ in run]
        if "" in kinds or len(set(kinds)) < 2:
            continue
        indents = sorted({indent for _, indent, _, _, _ in run})
        order = list(dict.fromkeys(kinds))
        levels = [indents.index(i) + 1 for _, i, _, _, _ in run] if len(indents) >= 2 else [order.index(k) + 1 for k in kinds]
        if len(set(levels)) < 2:
            continue
        for (index, indent, _, _, end), level in zip(run, levels):
            start = lines[index][0] + indent if "\t" not in lines[index][1][:indent] else lines[index][0]
            out.append(Block("item", start, end, level=level))
    return out


def _markdown_blocks(text: str, header_like) -> list[Block]:
    if not MARKDOWN_HINT.search(text):
        if "\n" in text and ("  " in text or "\t" in text):
            return _plain_tables(text, 0, len(text), header_like)
        return [Block("prose", 0, len(text))]
    starts = _line_starts(text)
    out: list[Block] = []
    depth = 0
    table_lines: list[int] = []
    for token in _parser().parse(text):
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif kind in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif kind == "heading_open" and token.map:
            start, end = _span(text, starts, *token.map)
            out.append(Block("heading", start, end, level=int(token.tag[1:])))
        elif kind == "paragraph_open" and token.map:
            start, end = _span(text, starts, *token.map)
            if depth:
                out.append(Block("item", start, end, level=depth))
            else:
                out.extend(_plain_tables(text, start, end, header_like))
        elif kind in ("fence", "code_block") and token.map:
            first, last = token.map
            if kind == "fence":
                first, last = first + 1, max(first + 1, last - 1)
            start, end = _span(text, starts, first, last)
            out.extend(_plain_tables(text, start, end, header_like))
        elif kind == "table_open" and token.map:
            table_lines = list(range(*token.map))
        elif kind == "table_close" and table_lines:
            rows = []
            for line in table_lines:
                start, end = _span(text, starts, line, line + 1)
                if TABLE_SEPARATOR.match(text[start:end]) and set(text[start:end].strip()) <= set("|-: "):
                    continue
                rows.append(_pipe_cells(text, start, end))
            first, _ = _span(text, starts, table_lines[0], table_lines[0] + 1)
            _, last = _span(text, starts, table_lines[-1], table_lines[-1] + 1)
            out.append(Block("table", first, last, rows=tuple(rows)))
            table_lines = []
    return out


# A speaker label opening a line: "User:", "**You:**", "> **Human**:", "### Assistant", "[User]", "Q (me):".
SPEAKER_LABEL = re.compile(r"(?m)^[ \t>#*_\[\-]*([A-Za-z][A-Za-z0-9.\-]{0,15})[ \t]*[*_\]]*[ \t]*(?::|[*_]*[ \t]*$|—|–)")


def user_turns(text: str, user_words, assistant_words) -> list[tuple[int, int]]:
    """The character spans of a chat transcript's user turns, which carry no claims.

    A transcript ("User: …\\n\\nAssistant: …", "**You:** … **Assistant:** …", "### Human" over a paragraph)
    holds text that is not the model's: the user's question, a figure the user states or doubts ("I
    thought Tesla was up 20%?", "wasn't its low around $190?") or echoes. The user's turn runs from its
    label to the next speaker's label; with no assistant label anywhere in the text it ends at its
    paragraph. Its words are still read (the resolver takes a question's subject and rank into the
    answer that follows), only its claims are dropped. A label is a speaker word of the lexicon at a
    line's start, before a colon (or alone on its line, a heading or bold), so prose ("You can see …")
    is never one."""
    if ":" not in text and "#" not in text and "*" not in text:
        return []
    labels = []
    for match in SPEAKER_LABEL.finditer(text):
        word = match.group(1).lower().rstrip(".")
        if word in user_words:
            labels.append((match.start(), "user"))
        elif word in assistant_words:
            labels.append((match.start(), "assistant"))
    if not any(kind == "user" for _, kind in labels):
        return []
    answered = any(kind == "assistant" for _, kind in labels)
    out = []
    for index, (start, kind) in enumerate(labels):
        if kind != "user":
            continue
        end = labels[index + 1][0] if index + 1 < len(labels) else len(text)
        if not answered:
            gap = text.find("\n\n", start)
            end = min(end, gap) if gap != -1 else end
        out.append((start, end))
    return out
