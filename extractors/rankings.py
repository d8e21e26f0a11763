"""Ranked lists: a position in a list or table ranked by a measure is a rank claim.

Position 1 of a list a line introduces as ranked ("Top 3", "Ranked by annualised vol:", "Bottom 3 (worst
first)") holds the measure's top (or, for a list written from the bottom, its bottom); the last position
holds the other end only where the list names every company the document names. A `Rank` column's 1 is
the best return, its last row the worst on the same condition. Ties ("3=") and middle positions rank
nobody. The lists are found by line, so a numbered run markdown leaves inside a paragraph counts too.
"""

from __future__ import annotations

import re

from extractors import markup
from extractors.claims import Claim, ClaimError
from extractors.document import Document, Name
from extractors.structure import Block

# "1. Galp: ...", "10) Altri", "#1 AMD", "- 2. NOS": a line's position marker; "3=" is a tie
LINE_MARKER = re.compile(r"(?m)^[ \t]*(?:[-*•][ \t]+)?#?(\d{1,2})(=)?(?:[.)]|(?=[ \t]))[ \t]*")
RANK_HEADERS = frozenset({"rank", "#", "pos", "pos.", "position", "no", "no.", "place"})

# "RANK %CHG DESC  1) TSLA  2) NVDA  3) MA ... 10) GOOGL": positions run along one line (rank grammar)
INLINE_MARKER = re.compile(r"(?<![\w.,])(\d{1,2})[.)][ \t]+(?=\S)")
# a list that is one end of the field by its heading: "Top 3", "Bottom five", "Laggards", "Winners"
PARTIAL = re.compile(r"\b(?:(?:top|bottom|best|worst)[ -]?(?:\d{1,2}|three|five|ten)|leaders|laggards|winners|losers|gainers|"
                     r"decliners|advancers)\b")
# what a list is ranked by, from its introducing line: (words, rank of its top, rank of its bottom)
MEASURES = (
    (("vol", "volatility", "σ", "annualised", "annualized", "std"), "most_volatile", "least_volatile"),
    (("drawdown", "peak-to-trough", "dd", "trough"), "largest_drawdown", None),
    (("top", "bottom", "rank", "ranked", "ranking", "best", "worst", "performers", "return", "returns", "chg", "δ",
      "leaderboard", "leaders", "laggards", "winners", "losers", "m/m"), "best_return", "worst_return"),
)
# an introducing line that lists counts ranks nobody by return
COUNT_WORDS = ("up days", "days up", "sessions up", "down days", "days down", "sessions down", "sessions (up")
# words that say the list starts from its bottom
ASCENDING = ("lowest first", "ascending", "worst first", "from the bottom", "bottom", "least first", "smallest first",
             "laggards", "losers", "calmest first")


# an introducing line that names both ends ("Leaders and laggards", "Best and worst", "Winners & losers") heads a
# list from its top: its bottom word says no order from the bottom
TOP_WORDS = frozenset({"top", "best", "leaders", "winners", "gainers", "advancers"})
BOTTOM_WORDS = frozenset({"bottom", "worst", "laggards", "losers", "decliners"})
EXPLICIT_ASCENDING = frozenset({"lowest first", "ascending", "worst first", "from the bottom", "least first", "smallest first",
                                "calmest first"})


def _measure(intro: str) -> tuple[str | None, str | None, bool] | None:
    words = set(re.findall(r"[\w/\-σδ]+", intro))
    if any(w in intro for w in COUNT_WORDS):
        return None
    both_ends = bool(words & TOP_WORDS and words & BOTTOM_WORDS)
    for keys, top, bottom in MEASURES:
        if words & set(keys):
            stated = [w for w in ASCENDING if w in intro]  # "worst first", "ascending" say the order outright
            return top, bottom, bool(stated) and (not both_ends or any(w in EXPLICIT_ASCENDING for w in stated))
    return None


def _first_ticker(doc: Document, start: int, end: int) -> Name | None:
    for name in doc.names:
        if name.ticker and start <= doc.starts[name.start] < end:
            return name
    return None


def _named_rows(doc: Document, rows) -> list[tuple[Name, object, tuple[int, int]]]:
    """Each row that names a company: (its first name, the cell naming it, the row's character span)."""
    body = []
    for row in rows:
        cell = next((c for c in row if _first_ticker(doc, c.start, c.end)), None)
        if cell is not None:
            body.append((_first_ticker(doc, cell.start, cell.end), cell, (row[0].start, row[-1].end)))
    return body


def _claim_first(doc: Document, block: Block, body: list, found: tuple, rule: str, claim):
    """An ordered table's first named row takes its measure's top (its bottom when the order ascends); the
    table's last row, its other end and the block's text are returned for the caller's completeness test."""
    if len(body) < 2:
        return None
    top, bottom, ascending = found
    first_rank, last_rank = (bottom, top) if ascending else (top, bottom)
    sentence = doc.text[block.start:block.end]
    first = body[0]
    claim(first[0], first_rank, first[1].start, first[1].end, sentence, rule, first[2])
    return body[-1], last_rank, sentence


def _after_a_figure(doc: Document, name: Name, start: int) -> bool:
    """Whether a figure stands between a line's marker and its first name: "1. +5.65%, a close second to AMD"
    is an outline's point about the company its heading names, no list entry for AMD."""
    return any(start <= f.quantity.start < doc.starts[name.start] for f in doc.figures)


def _named(doc: Document) -> set[str]:
    """The companies a complete list must hold: those the text names that are in the month's panel (a name
    outside the universe, or one the month has no prices for, is no competitor of the field)."""
    return {n.ticker for n in doc.names if n.ticker and (not doc.panel or n.ticker in doc.panel)}


def position_ranks(doc: Document, blocks: list[Block], made: list[Claim]) -> list[Claim]:
    """The rank claims positions give that no other rule made."""
    have = [(c.ticker, c.value, c.start) for c in made if c.metric == "rank"]
    out: list[Claim] = []

    def claim(name: Name, rank: str | None, start: int, end: int, sentence: str, rule: str, within: tuple[int, int]) -> None:
        """`within`: the line or row; a rank another rule read there ("#1" as a superlative) is the same claim."""
        if rank is None or any(t == name.ticker and v == rank and within[0] <= at < within[1] for t, v, at in have):
            return
        have.append((name.ticker, rank, start))
        try:
            out.append(Claim(ticker=name.ticker, metric="rank", value=rank, text=doc.text[start:end], sentence=sentence,
                             start=start, end=end, rules=(rule, "subject.list_item", name.rule)))
        except ClaimError:
            pass

    _lists(doc, claim)
    _inline_lists(doc, claim)
    _markup_lists(doc, claim)
    for block in blocks:
        if block.kind == "table":
            _table(doc, block, claim, made)
    return out


def _lists(doc: Document, claim) -> None:
    text = doc.text
    marked = [m for m in LINE_MARKER.finditer(text)]  # only the lines that open on a position: no pass over the rest
    named = None
    index = 0
    while index < len(marked):
        run = [marked[index]]
        index += 1
        while index < len(marked) and marked[index].start() == _line_end(text, run[-1].start()) + 1:
            run.append(marked[index])
            index += 1
        intro_end = run[0].start() - 1
        while intro_end > 0 and text[intro_end - 1] == "\n":
            intro_end -= 1  # blank lines between the introducing line and its list
        if intro_end <= 0:
            continue
        intro_start = text.rfind("\n", 0, intro_end) + 1
        intro = text[intro_start:intro_end]
        if not intro.strip() or LINE_MARKER.match(intro) or "|" in text[run[0].start():_line_end(text, run[0].start())]:
            continue
        found = _measure(intro.lower())
        if found is None:
            continue
        top, bottom, ascending = found
        partial = PARTIAL.search(intro.lower()) is not None  # "Top 3", "Bottom 5": a part of the field, whatever it names
        items = []
        for m in run:
            line_end = _line_end(text, m.start())
            name = _first_ticker(doc, m.end(), line_end)
            if name is None or _after_a_figure(doc, name, m.end()):
                continue
            marker_end = m.start() + len(m.group(0).rstrip())
            items.append((int(m.group(1)), bool(m.group(2)), m.start() + len(m.group(0)) - len(m.group(0).lstrip(" \t-*•")),
                          marker_end, text[m.start():line_end], name, (m.start(), line_end)))
        if not items:
            continue
        first, last = items[0], items[-1]
        first_rank, last_rank = (bottom, top) if ascending else (top, bottom)
        if not first[1] and (ascending or first[0] == 1):
            claim(first[5], first_rank, first[2], first[3], first[4].strip(), "rank.list_position", first[6])
        if named is None:
            named = _named(doc)
        if len(items) >= 3 and not partial and not last[1] and last is not first and {i[5].ticker for i in items} >= named:
            claim(last[5], last_rank, last[2], last[3], last[4].strip(), "rank.list_position", last[6])


def _inline_lists(doc: Document, claim) -> None:
    """A ranked list written along one line: the words before its first position say what it ranks by
    ("RANK %CHG DESC", "Ranked by return:"); each position's name is the first company right after its
    marker. Position 1 is the top; the last is the bottom where the list is elided to its end ("3) MA ...
    10) GOOGL"), where its number is the count of companies the text names, or where it names them all."""
    text = doc.text
    by_line: dict[int, list[re.Match]] = {}
    for m in INLINE_MARKER.finditer(text):  # only the markers: no pass over every line
        by_line.setdefault(text.rfind("\n", 0, m.start()) + 1, []).append(m)
    named = None
    for start, markers in by_line.items():
        if len(markers) < 3 or markers[0].start() == start:
            continue  # a line opening on its position is a line list (_lists)
        line_end = _line_end(text, start)
        items = []
        for m in markers:
            name = _first_ticker(doc, m.end(), m.end() + 1)
            if name is not None:
                items.append((int(m.group(1)), m.start(), m.end(), name))
        numbers = [i[0] for i in items]
        if len(items) < 3 or numbers != sorted(numbers) or numbers[0] != 1 or len(set(numbers)) != len(numbers):
            continue
        intro = text[start:markers[0].start()].lower()
        found = _measure(intro)
        if found is None:
            continue
        top, bottom, ascending = found
        first_rank, last_rank = (bottom, top) if ascending else (top, bottom)
        first, last = items[0], items[-1]
        line = text[start:line_end].strip()
        claim(first[3], first_rank, first[1], first[2], line, "rank.inline_position", (start, line_end))
        if named is None:
            named = _named(doc)
        elided = text[max(start, last[1] - 6):last[1]].rstrip().endswith(("...", "…"))
        if last_rank and not PARTIAL.search(intro) and (
                elided or last[0] == len(named) or {i[3].ticker for i in items} >= named):
            claim(last[3], last_rank, last[1], last[2], line, "rank.inline_position", (start, line_end))


# a markup element's tag and attribute words, split where a writer glues them ("top3", "data-sort", "worst_first")
GLUED = re.compile(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])|[_=\"'-]")
TAGS = re.compile(r"<[^<>]*>")


def _markup_lists(doc: Document, claim) -> None:
    """A ranked list written in markup, whose items carry no position numbers: `<ol class="ranked">`,
    `<top3 order="best first">` with `<item>`s, `<bottom3 order="worst first">`. What the run ranks by is read
    as for a line list from the element's own tag and attributes; an `<ol>` (a numbered list) may also take it
    from the line before it, as a markdown list does. Each item's company is the first it names."""
    text = doc.text
    named = None
    for run in markup.sequences(text):
        declared = GLUED.sub(" ", f"{run.tag} {run.attributes}".lower())
        intro = declared
        if run.tag == "ol":
            line_start = text.rfind("\n", 0, max(0, text.rfind("\n", 0, run.start)))
            intro += " " + TAGS.sub(" ", text[line_start + 1:run.start]).lower()
        found = _measure(intro)
        if found is None:
            continue
        top, bottom, ascending = found
        items = []
        for start, end in run.items:
            name = _first_ticker(doc, start, end)
            if name is not None:
                items.append((name, start, end))
        if len(items) < 2:
            continue
        first_rank, last_rank = (bottom, top) if ascending else (top, bottom)

        def place(item, rank):
            name, start, end = item
            at, to = doc.starts[name.start], doc.ends[name.end - 1]
            claim(name, rank, at, to, TAGS.sub(" ", text[start:_line_end(text, at)]).strip(), "rank.markup_position",
                  (start, end))

        place(items[0], first_rank)
        if named is None:
            named = _named(doc)
        last = items[-1]
        if len(items) >= 3 and not PARTIAL.search(intro) and {i[0].ticker for i in items} >= named:
            place(last, last_rank)


def _line_end(text: str, start: int) -> int:
    end = text.find("\n", start)
    return len(text) if end < 0 else end


# rank grammar for tables: the line before a table declares its order ("ranked by monthly change", "sorted by
# return, best first") or what its bold marks ("Best and worst performers are shown in **bold**")
DECLARED_ORDER = re.compile(r"\b(?:ranked|sorted|ordered|arranged|listed|ranking|sorting)\s+(?:from\s+\w+\s+to\s+\w+\s+)?(?:by|on|according to)\b")
BOLD_LEGEND = re.compile(r"\b(?:in|as|are|is)\s+(?:\*\*)?bold(?:\*\*)?|\bbold(?:ed|face)?\b|\*\*bold\*\*")
LEGEND_BEST = re.compile(r"\b(?:best|top|strongest|leader|leaders|winner|winners|highest)\b")
LEGEND_WORST = re.compile(r"\b(?:worst|bottom|weakest|laggard|laggards|loser|losers|lowest)\b")
RETURN_HEADER = re.compile(r"chg|change|return|rtn|δ|perf|%")
PCT_CELL = re.compile(r"([+\-−–]?)\s*(\d+(?:[.,]\d+)?)\s*%")


ORDER_RETURN_WORDS = ("change", "return", "returns", "performance", "gain", "gains", "move", "chg", "%", "m/m", "mtd",
                      "percentage", "percent", "rtn", "δ", "result", "results")
MEASURE_VOL_DD = ("vol", "volatility", "σ", "drawdown", "peak-to-trough", "dd")
ORDER_NOT_MEASURES = ("ticker", "tickers", "name", "names", "symbol", "alphabetically", "alphabetical", "sector", "sectors",
                      "weight", "weighting", "size", "cap", "capitalisation", "capitalization", "input", "exchange", "date")


def _around(doc: Document, block: Block) -> tuple[str, str]:
    """The paragraph right before a table and the one right after it (a note under it), lower case."""
    text = doc.text
    before_end = text.rfind("\n", 0, block.start)
    before_start = text.rfind("\n\n", 0, max(0, before_end))
    before = text[before_start + 1 if before_start >= 0 else 0:max(0, before_end)]
    after_start = block.end
    after_end = text.find("\n\n", after_start + 2)
    after = text[after_start:after_end if after_end >= 0 else len(text)]
    return before.lower()[-600:], after.lower()[:400]


def _declared(doc: Document, block: Block, claim) -> None:
    """A table without a rank column whose introducing line declares an order ("The table shows the top two
    and bottom two names, ranked by monthly change"): its first row holds the measure's top, its last the
    bottom where the table marks it (an elided middle row "…", "top N and bottom N", "best to worst") or
    names every company the text names (README convention 11; make_notes round eight case 4). A table
    only introduced, in the input's order, ranks nobody."""
    rows = block.rows
    before, _ = _around(doc, block)
    order = DECLARED_ORDER.search(before)
    if order is None:
        return
    sentence_start = max(before.rfind(". ", 0, order.start()), before.rfind("\n", 0, order.start())) + 1
    intro = before[sentence_start:]
    scope = intro[order.end() - sentence_start:][:80]
    words = re.findall(r"[\w/%σδ\-]+", scope)[:6]
    if not words or set(words) & set(ORDER_NOT_MEASURES):
        return  # "sorted by ticker", "listed by sector": the input's order, not a ranking
    found = _measure(" ".join(words)) if set(words) & set(MEASURE_VOL_DD) else (
        ("best_return", "worst_return", any(w in scope for w in ASCENDING)) if set(words) & set(ORDER_RETURN_WORDS) else None)
    if found is None:
        return
    body = _named_rows(doc, rows[1:])
    opened = _claim_first(doc, block, body, found, "rank.table_declared", claim)
    if opened is None:
        return
    last, last_rank, sentence = opened
    elided = any(not any(_first_ticker(doc, c.start, c.end) for c in row)
                 and re.search(r"…|\.\.\.|omitted", doc.text[row[0].start:row[-1].end]) for row in rows[1:])
    marks_bottom = elided or re.search(r"\b(?:bottom|worst|lowest|last)\b", intro) is not None
    if len(body) >= 3 and (marks_bottom or {b[0].ticker for b in body} >= _named(doc)):
        claim(last[0], last_rank, last[1].start, last[1].end, sentence, "rank.table_declared", last[2])


# a short heading over a table that says its order: "Gainers (best first)", "**Top 5**", "Laggards (worst first)"
# ("Leaders" or "Laggards" alone may be in any order: only an order stated, or a top N, ranks)
ORDER_HEADING = re.compile(r"\b(?:best|worst|highest|lowest|largest|smallest) first\b|\b(?:top|bottom)[ -]?(?:\d{1,2}|three|five|ten)\b|"
                           r"\b(?:leaderboard|standings|ranked|ranking)\b")


def _headed(doc: Document, block: Block, claim) -> None:
    """A table under a short heading that orders it ("**Gainers (best first)**" over a half-table): its first
    company is the heading's top, read as a list's introducing line is (`_measure`); rows name the companies,
    or, in a transposed table, the header's cells do. Its last is the other end only where it names every
    company the text names and the heading is no one end of the field."""
    before, _ = _around(doc, block)
    intro = before.strip().rsplit("\n", 1)[-1].strip(" *#_:")
    if not intro or len(intro) > 60 or DECLARED_ORDER.search(intro) or not ORDER_HEADING.search(intro):
        return
    found = _measure(intro)
    if found is None:
        return
    header_names = [(_first_ticker(doc, c.start, c.end), c) for c in block.rows[0]]
    if sum(1 for name, _ in header_names if name) >= 2:
        body = [(name, cell, (cell.start, cell.end)) for name, cell in header_names if name]
    else:
        body = _named_rows(doc, block.rows[1:])
    opened = _claim_first(doc, block, body, found, "rank.table_heading", claim)
    if opened is None:
        return
    last, last_rank, sentence = opened
    if len(body) >= 3 and not PARTIAL.search(intro) and {b[0].ticker for b in body} >= _named(doc):
        claim(last[0], last_rank, last[1].start, last[1].end, sentence, "rank.table_heading", last[2])


def _bold_legend(doc: Document, block: Block, claim) -> None:
    """Rank grammar: where the answer says what bold marks ("Best and worst performers of the ten are shown in
    **bold**"), a bold return cell is that rank: of two bold rows the higher figure is the best, the lower
    the worst; a legend naming only one end gives that end to its one bold row. Bold with no legend ranks
    nobody (make_notes round eight case 2)."""
    before, after = _around(doc, block)
    legend = next((line for part in (before, after) for line in re.split(r"(?<=[.!?])\s|\n", part)
                   if BOLD_LEGEND.search(line)), None)
    if legend is None:
        return
    best, worst = LEGEND_BEST.search(legend) is not None, LEGEND_WORST.search(legend) is not None
    if not (best or worst):
        return
    rows = block.rows
    header = [doc.clean[c.start:c.end].strip().lower() for c in rows[0]]
    marked = []
    for row in rows[1:]:
        name = next((_first_ticker(doc, c.start, c.end) for c in row if _first_ticker(doc, c.start, c.end)), None)
        if name is None:
            continue
        for index, cell in enumerate(row):
            raw = doc.text[cell.start:cell.end]
            if "**" not in raw and "__" not in raw or index >= len(header) or not RETURN_HEADER.search(header[index]):
                continue
            if re.search(r"vol|σ|drawdown|dd|high|low", header[index]):
                continue
            m = PCT_CELL.search(doc.clean[cell.start:cell.end])
            if m:
                value = float(m.group(2).replace(",", ".")) * (-1 if m.group(1) in "-−–" and m.group(1) else 1)
                marked.append((value, name, cell, (row[0].start, row[-1].end)))
                break
    if not marked:
        return
    sentence = doc.text[block.start:block.end]
    marked.sort(key=lambda m: m[0])
    if best and worst and len(marked) == 2:
        ends = ((marked[-1], "best_return"), (marked[0], "worst_return"))
    elif best != worst and len(marked) == 1:
        ends = ((marked[0], "best_return" if best else "worst_return"),)
    else:
        return
    for (value, name, cell, within), rank in ends:
        claim(name, rank, cell.start, cell.end, sentence, "rank.table_bold_legend", within)


def _table(doc: Document, block: Block, claim, made: list[Claim] = ()) -> None:
    rows = block.rows
    if len(rows) < 3:
        return
    header = [doc.clean[c.start:c.end].strip().lower().strip("*:") for c in rows[0]]
    column = next((i for i, h in enumerate(header) if h in RANK_HEADERS), None)
    if column is None:
        _bold_legend(doc, block, claim)
        _declared(doc, block, claim)
        _headed(doc, block, claim)
        return
    # a return column: by its header's spelling, or by the returns the header lexicon read in its cells
    # ("| Pos | Club | Month |": the month's own column)
    if not any(re.search(r"chg|change|return|rtn|δ|%", h) for h in header) and not any(
            c.metric == "period_return" and "structure.table" in c.rules and block.start <= c.start < block.end for c in made):
        return
    body = []
    for row in rows[1:]:
        if column >= len(row):
            continue
        cell = doc.clean[row[column].start:row[column].end].strip()
        m = re.fullmatch(r"#?(\d{1,2})(=)?(?:\.0)?\.?", cell)  # "3", "#3", "3=", "3.", a frame's float "3.0"
        name = next((_first_ticker(doc, c.start, c.end) for c in row if _first_ticker(doc, c.start, c.end)), None)
        if m and name is not None:
            body.append((int(m.group(1)), bool(m.group(2)), row[column], name, (row[0].start, row[-1].end)))
    if not body:
        return
    sentence = doc.text[block.start:block.end]
    # the rows by their position, not their order: a data frame printed in ticker order keeps its rank column
    by_position = sorted(body, key=lambda b: b[0])
    first, last = by_position[0], by_position[-1]
    positions = [b[0] for b in body]
    if positions != sorted(positions) and sorted(positions) != list(range(1, len(body) + 1)):
        return  # out of order and not every position once: no order to read
    if first[0] == 1 and not first[1]:
        claim(first[3], "best_return", first[2].start, first[2].end, sentence, "rank.table_position", first[4])
    if len(body) >= 3 and last[0] == len(body) and not last[1] and {b[3].ticker for b in body} >= _named(doc):
        claim(last[3], "worst_return", last[2].start, last[2].end, sentence, "rank.table_position", last[4])
