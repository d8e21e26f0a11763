"""Tables: a header lexicon maps each column to a metric, each row's subject is its ticker or company
cell; a table whose header row names the companies is read by columns. Split from the resolver,
which hands each table block here, so that one module reads one written shape."""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING

from contracts.vocabulary import MAGNITUDE_METRICS, PERCENT_METRICS
from extractors.claims import Claim, ClaimError
from extractors.document import Document, Figure, Name
from extractors.numbers import Quantity, bare_percent, factor_percent, word_number
from extractors.rulebook import HeaderRule
from extractors.structure import Block

if TYPE_CHECKING:
    from extractors.resolver import Resolver, State

# a header marked as a percent: "%CHG", "Chg (%)", "CHG_PCT_1M"
_PERCENT_HEADER = re.compile(r"%|pct|percent", re.IGNORECASE)
# a cell of up and down sessions, "11/7"
_COUNT_PAIR = re.compile(r"\s*(\d{1,2})\s*/\s*(\d{1,2})\s*")
# a table's key, "(P = sessions played, W = up days, L = down days)": two or more short abbreviations, each
# "= its meaning", in one bracket or line (hand-written: a legend is prose, no parser reads it)
_LEGEND = re.compile(r"(?:^|[(\n])([^()\n]*?\b[A-Za-z%#]{1,5}\s*[=:]\s*[A-Za-z][^()\n]*)(?:[)\n]|$)")
_LEGEND_ENTRY = re.compile(r"(?:^|[,;:]\s*)([A-Za-z%#]{1,5})\s*[=:]\s*([A-Za-z][A-Za-z %/'’-]{1,40}?)\s*(?=[,;]|$)")
# a column headed by another month or year ("Jul return", "2025"): its figures are no claim
SKIP_COLUMN = HeaderRule("header.other_period", (), "")
# a change column beside a percent change column ("CHG" next to "%CHG"): the change in price, no claim
NET_CHANGE = HeaderRule("header.net_change", (), "")


class TableReader:
    """A table's claims: each header cell mapped to a metric by the header lexicon, each row's subject
    its ticker or company cell; a table whose header row names the companies is read by columns."""

    def __init__(self, resolver: Resolver, doc: Document, block: Block, month: str | None, sessions: list[date], state: State):
        self.r, self.doc, self.block, self.month, self.sessions, self.state = resolver, doc, block, month, sessions, state

    def _tokens(self, cell) -> tuple[int, int]:
        return self.doc.token_span(cell.start, max(cell.end, cell.start + 1))

    def _name_in(self, cell) -> Name | None:
        start, end = self._tokens(cell)
        for name in self.doc.names:
            if start <= name.start < end:
                return name
        for cue in self.doc.cues:
            if cue.label == "MARKET" and start <= cue.start < end:
                return Name(None, cue.start, cue.end, cue.rule)
        return None

    def header_rule(self, cell) -> tuple[HeaderRule | None, date | None]:
        """A header cell's metric by the header lexicon, or by what the text's key says the cell stands for
        ("W" under "(… W = up days …)"); a date as a header is that date's price."""
        doc = self.doc
        start, end = self._tokens(cell)
        for cue in doc.dates:
            if start <= cue.start < end:
                return None, cue.value
        text = doc.clean[cell.start:cell.end]
        rule = self.r.header_rule(text, self.month)
        meaning = _legend(doc.clean).get(text.strip()) if rule is None else None
        return (self.r.header_rule(meaning, self.month) if meaning else rule), None

    def claims(self) -> list[Claim]:
        rows = self.block.rows
        if len(rows) < 2:
            return []
        header = rows[0]
        header_names = [self._name_in(cell) for cell in header]
        companies = sum(1 for n in header_names if n is not None and n.ticker)
        if (companies >= 1 and header_names[0] is None) or (companies >= 2 and header_names[0] is not None and all(
                name is not None or self.header_rule(cell) == (None, None) for cell, name in zip(header, header_names))):
            return self._by_columns(header, header_names, rows[1:])  # (a name the text does not read as one: no column)
        specs = _net_changes([self.header_rule(cell) for cell in header], [self.doc.clean[c.start:c.end] for c in header],
                             self.r.words("net_change_headers"))
        subject_column = None
        for index, cell in enumerate(header):
            if self.doc.clean[cell.start:cell.end].strip().lower().strip(":*") in self.r.words("subject_headers"):
                subject_column = index
                break
        dated_by = self._date_columns(header, specs)
        out: list[Claim] = []
        for row in rows[1:]:
            subject = None
            if subject_column is not None and subject_column < len(row):
                subject = self._name_in(row[subject_column])
            if subject is None:
                for cell in row:
                    subject = self._name_in(cell)
                    if subject is not None:
                        break
            if subject is None:
                continue
            # "| NVDA return | +5.6% |": a row whose name cell also names the metric says it for the cells under
            # headers that do not ("Value")
            label_cell = next((cell for cell in row if self._name_in(cell) is not None), None)
            row_rule = self.header_rule(label_cell)[0] if label_cell is not None else None
            for index, cell in enumerate(row):
                if index >= len(specs) or index == subject_column or cell is label_cell:
                    continue
                rule, when = specs[index]
                if rule is None and when is None and row_rule is not None and row_rule.metric:
                    rule = row_rule
                column = dated_by.get(index)
                out.extend(self._cell(cell, subject, rule, when, row[column] if column is not None and column < len(row) else None))
            if subject.ticker:
                self.state.last_ticker = subject.ticker
        return out

    def _date_columns(self, header, specs) -> dict[int, int]:
        """Daily-move columns -> the date column right after each ("| Best day | Date | Worst day | Date |"):
        a header of the lexicon's `date_headers` that states no figure itself dates the move beside it."""
        words = self.r.words("date_headers")
        out = {}
        for index in range(len(header) - 1):
            rule = specs[index][0] if index < len(specs) else None
            if rule is None or rule.metric != "daily_move" or index + 1 >= len(specs) or specs[index + 1] != (None, None):
                continue
            if self.doc.clean[header[index + 1].start:header[index + 1].end].strip().lower().strip(":*") in words:
                out[index] = index + 1
        return out

    def _by_columns(self, header, header_names, body) -> list[Claim]:
        """A transposed table: each column's header names its company. A row's first cell labels its
        figures ("Return", "Max DD"); where the header has a name over every column, a row of one figure
        per name has no label and its figures are what the caption above the table says they are
        ("Figure 4  Monthly return by issuer (%)"), a row with one cell more opens with its label."""
        out: list[Claim] = []
        named_first = header_names[0] is not None
        caption: tuple[HeaderRule | None, date | None] | None = None
        for row in body:
            if not row:
                continue
            cells = list(enumerate(row[1:], start=1))
            if named_first and len(row) == len(header) + 1:
                cells = list(enumerate(row[1:]))
                rule, when = self.header_rule(row[0])
            elif named_first and len(row) == len(header):
                cells = list(enumerate(row))
                if caption is None:
                    caption = self._caption_rule()
                rule, when = caption
            else:
                rule, when = self.header_rule(row[0])
            for index, cell in cells:
                if index < len(header_names) and header_names[index] is not None:
                    out.extend(self._cell(cell, header_names[index], rule, when))
        return out

    def _caption_rule(self) -> tuple[HeaderRule | None, date | None]:
        """What the caption line right above a table says its figures are (blank lines between allowed
        up to one): "Exhibit 2: Max drawdown (%)" -> max_drawdown, by the header lexicon."""
        text = self.doc.clean
        before = text[:self.block.start].rstrip(" \t")
        if before.endswith("\n"):
            before = before[:-1]
        lines = before.split("\n")[-2:]
        line = next((line for line in reversed(lines) if line.strip()), "")
        if not line.strip() or len(line.split()) > 12:
            return None, None
        return self.r.header_rule(line, self.month), None

    def _sign_mark(self, start: int, token: int):
        """The sign cue of a one-token mark before an unsigned figure in its cell ("▼2.87%", "🔴 2.87%",
        "▲14.24%": a table that colours or arrows its changes writes no minus); a word of several tokens is
        prose, which the resolver reads."""
        return next((cue for cue in self.doc.cues if start <= cue.start and cue.end <= token and cue.end - cue.start == 1
                     and cue.label in ("UP", "DOWN")), None)

    def _cell(self, cell, subject: Name, rule: HeaderRule | None, when: date | None, date_cell=None) -> list[Claim]:
        """The claims of one cell under `rule` (or the close on `when`); a daily move's date is the one in
        the cell, or else in `date_cell`, its row's cell under a date column beside it."""
        doc = self.doc
        start, end = self._tokens(cell)
        figures = [f for f in doc.figures if start <= f.token < end]
        if rule is None and when is None:
            return []
        if rule is not None and not rule.metric:
            return []
        metric = rule.metric if rule else "price_level"
        rules = ((rule.id if rule else "header.date"), "structure.table")
        sentence = doc.text[cell.start:cell.end]  # the cell as written ("&minus;26.8%"), not from its tokens
        out = []

        def make(metric: str, figure: Figure, value, extra: tuple[str, ...] = (), **fields) -> None:
            try:
                out.append(Claim(ticker=subject.ticker, metric=metric, value=value, text=doc.text[figure.start:figure.end],
                                 sentence=sentence, start=figure.start, end=figure.end, rules=rules + extra, **fields))
            except ClaimError:
                pass

        if metric == "up_down_days":  # "12/9": up and down sessions in one cell
            counts = [(t, int(doc.lower[t])) for t in range(start, end) if doc.lower[t].isdigit() and int(doc.lower[t]) <= 31]
            if len(counts) >= 2:
                for (token, value), name in zip(counts[:2], ("up_days", "down_days")):
                    make(name, doc.figure_at.get(token) or Figure(token, _token_quantity(doc, token), "int"), value)
            else:  # "11/7" in a November cell read as a date: the cell's own digits
                pair = _COUNT_PAIR.fullmatch(doc.clean, cell.start, cell.end)
                if pair and start < end and max(int(pair.group(1)), int(pair.group(2))) <= 31:
                    for group, name in ((1, "up_days"), (2, "down_days")):
                        quantity = Quantity("number", float(pair.group(group)), 0, pair.start(group), pair.end(group))
                        make(name, Figure(start, quantity, "int"), int(pair.group(group)))
            return out
        if metric in ("up_days", "down_days"):
            for token in range(start, end):
                word = doc.lower[token]
                value = int(word) if word.isdigit() else word_number(word)
                if value is not None and value <= 31:
                    figure = doc.figure_at.get(token) or Figure(token, _token_quantity(doc, token), "int")
                    make(metric, figure, value)
                    break
            return out
        if metric == "range":
            prices = [f for f in figures if f.kind in ("price", "number", "int")]
            if len(prices) >= 2:
                low, high = sorted(prices[:2], key=lambda f: f.quantity.value)
                make("range_low", low, abs(float(low.quantity.value)), decimals=low.quantity.decimals)
                make("range_high", high, abs(float(high.quantity.value)), decimals=high.quantity.decimals)
            return out
        if metric in PERCENT_METRICS:
            percents = [f for f in figures if f.kind == "pct"] or [f for f in figures if f.kind in ("number", "int")]
            if not percents:
                return out
            figure = percents[0]
            if rule is not None and rule.factor and figure.kind != "pct":  # a "gf" column: 1.0565 is +5.65%
                quantity = factor_percent(figure.quantity)
                if quantity is None:
                    return out
            else:
                quantity = figure.quantity if figure.kind == "pct" else bare_percent(figure.quantity)
            magnitude = abs(float(quantity.value))
            if metric in MAGNITUDE_METRICS:
                value = magnitude
            else:
                mark = None if quantity.signed or (rule and rule.sign) else self._sign_mark(start, figure.token)
                sign = quantity.signed or (rule.sign if rule else 0) or (mark and (-1 if mark.label == "DOWN" else 1)) \
                    or (1 if quantity.value >= 0 else -1)
                value = magnitude * sign
                if mark:
                    rules += (mark.rule,)
            if quantity.decimals == 0 and float(value).is_integer():
                value = int(value)
            fields = {"decimals": quantity.decimals}
            if metric == "daily_move":
                dated = [c.value for c in doc.dates if start <= c.start < end and c.value]
                extra = ()
                if not dated and date_cell is not None:
                    first, last = self._tokens(date_cell)
                    dated = [c.value for c in doc.dates if first <= c.start < last and c.value]
                    extra = ("structure.date_column",) if dated else ()
                fields["date"] = dated[0] if dated else None
                if rule and rule.extreme:
                    fields["extreme"] = rule.extreme
                make(metric, figure, value, extra, **fields)
                return out
            make(metric, figure, value, **fields)
            return out
        prices = [f for f in figures if f.kind in ("price", "number")] or [f for f in figures if f.kind == "int"]
        if not prices:
            return out
        figure = prices[0]
        fields = {"decimals": figure.quantity.decimals}
        if metric == "price_level":
            if when is not None:
                fields["date"] = when
            elif len(prices) >= 2 and (path := self._path(start, end, prices[0], prices[1])):
                # "| AMZN | 242.96 → 210.00 |" under "Price" or "Close": the cell is the month's path, first close to last
                for end_figure, anchor in ((prices[0], "start"), (prices[1], "end")):
                    make(metric, end_figure, abs(float(end_figure.quantity.value)), (path,),
                         decimals=end_figure.quantity.decimals, anchor=anchor)
                return out
            elif rule and rule.anchor:
                fields["anchor"] = rule.anchor
        make(metric, figure, abs(float(figure.quantity.value)), **fields)
        return out

    def _path(self, start: int, end: int, first: Figure, last: Figure) -> str | None:
        """The rule of an arrow or path cue of the cell that joins its two prices ("242.96 → 210.00", "from
        242.96 to 210.00")."""
        return next((cue.rule for cue in self.doc.cues if cue.label in ("ARROW", "PATH")
                     and start <= cue.start <= first.token and last.token < cue.end <= end), None)


def _net_changes(specs: list, headers: list[str], change_words: frozenset[str]) -> list:
    """Terminal grids give a change twice, in price and in percent ("CHG" and "%CHG", "CHG_NET_1M" and
    "CHG_PCT_1M"): where two return columns stand in one header and some are marked as percents, an
    unmarked change column (`net_change_headers`, or one naming itself net) is the price change, no claim."""
    returns = [i for i, (rule, _) in enumerate(specs) if rule is not None and rule.metric == "period_return"]
    percent = {i for i in returns if _PERCENT_HEADER.search(headers[i])}
    if len(returns) < 2 or not percent:
        return specs
    net = {i for i in returns if i not in percent and (
        (words := headers[i].strip().lower().replace("_", " ")) in change_words or " net " in f" {words} ")}
    return [(NET_CHANGE, None) if i in net else spec for i, spec in enumerate(specs)]


def _token_quantity(doc: Document, token: int):
    from extractors.numbers import Quantity

    return Quantity("number", 0.0, 0, doc.starts[token], doc.ends[token])


_LEGENDS: dict[str, dict[str, str]] = {}


def _legend(text: str) -> dict[str, str]:
    """Abbreviation -> meaning, from every key of two or more entries in the text (kept per text: each
    header cell of each table asks)."""
    found = _LEGENDS.get(text)
    if found is None:
        found = {}
        if "=" in text or ":" in text:
            for group in _LEGEND.finditer(text):
                entries = _LEGEND_ENTRY.findall(group.group(1).strip())
                if len(entries) >= 2:
                    found.update((key, meaning.strip()) for key, meaning in entries)
        if len(_LEGENDS) > 256:
            _LEGENDS.clear()
        _LEGENDS[text] = found
    return found
