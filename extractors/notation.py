"""Notebook notation: ranks and orders a quant writes as code-like notes instead of prose.

- A company written as the value of an extreme key is that extreme: "argmax(r)=amzn", "idxmin(hv) -> unh",
  "r.idxmax() = 'NVDA'", "ret.nlargest(1): amd", "best=galp  worst=altr", "top: amd", "max -> amzn",
  "hv_max=amd". The key's measure (read by the header lexicon: r, ret, hv, mdd, bd ...) says which rank;
  a key naming no measure ranks the return. "best"/"worst" rank only a return or a day ("best hv" could be
  either end of the volatility).
- A chain of companies ordered by ">" or "<" on one line ("amd > amzn > tsla", "tsla < amzn < amd") is one
  `outperformed` claim per adjacent step (make_notes round nine, case 7), unless the line says it orders
  another measure ("hv: amd > amzn").

Found by line in the text, the companies by the document's names; a rank another rule already read on the
same line is not made twice. The words are the lexicon's (notation_max_keys ...), the grammar is here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from extractors.claims import Claim, ClaimError
from extractors.document import Document, Name

# the measure's (top, bottom) ranks
RANKS = {"period_return": ("best_return", "worst_return"), "volatility": ("most_volatile", "least_volatile"),
         "max_drawdown": ("largest_drawdown", None), "daily_move": ("largest_daily_gain", "largest_daily_fall")}
# measures a chain of names may not be ordered by and still be an order of returns
OTHER_MEASURES = frozenset({"volatility", "max_drawdown", "daily_move", "up_days", "down_days", "up_down_days"})
MEASURE = r"[A-Za-z%][\w%]{0,11}"
SEPARATOR = r"\s*(?:=|:=|==|:|->|-->|→|⟶|=>|⇒|\bis\b)\s*['\"`]?$"


def _alternation(words) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


class Notation:
    """The notation readers, compiled once from the lexicon."""

    def __init__(self, words: Callable[[str], frozenset[str]]):
        high, low = words("notation_max_keys"), words("notation_min_keys")
        self.high, self.low, self.return_only = high, low, words("notation_return_only_keys")
        ends = _alternation(high | low)
        self.key = re.compile(
            r"(?:^|[\s;,|(\[{])(?:"
            rf"(?:np\.|pd\.)?(?P<f>{ends})\s*\(\s*(?P<fm>{MEASURE})?\s*\)"  # argmax(r), idxmin(hv), max(r)
            rf"|(?P<om>{MEASURE})\s*\.\s*(?P<o>{ends})\s*\(\s*(?:1\s*)?\)(?:\s*\.\s*index\s*\[\s*0\s*\])?"  # r.idxmax(), ret.nlargest(1)
            rf"|(?P<sm>{MEASURE})\s*\.\s*sort_values\s*\((?P<sa>[^)]*)\)\s*\.\s*index\s*\[\s*(?P<sp>0|-1)\s*\]"
            rf"|(?P<w>{ends})(?:[ _](?P<wm>{MEASURE}))?"  # best, worst r, max_hv
            rf"|(?P<mm>{MEASURE})[ _.](?P<m>{ends})"  # hv_max, r.max
            rf"){SEPARATOR}", re.IGNORECASE)

    def ranks(self, doc: Document, header_rule, made: list[Claim]) -> list[Claim]:
        """Rank claims of names written as an extreme key's value."""
        have = {(c.ticker, c.value, _line_start(doc.text, c.start)) for c in made if c.metric == "rank"}
        out: list[Claim] = []
        for name in doc.names:
            if not name.ticker:
                continue
            start = doc.starts[name.start]
            line = _line_start(doc.text, start)
            match = self.key.search(doc.text[line:start])
            if match is None:
                continue
            rank = self._rank(match, header_rule)
            if rank is None or (name.ticker, rank, line) in have:
                continue
            have.add((name.ticker, rank, line))
            out.extend(_claim(doc, name.ticker, "rank", rank, line + match.start(), doc.ends[name.end - 1], "rank.notation_key", name))
        return out

    def _rank(self, match: re.Match, header_rule) -> str | None:
        groups = match.groupdict()
        if groups["sm"] is not None:  # sort_values(ascending=False).index[0] is the top
            descending = re.search(r"ascending\s*=\s*False", groups["sa"] or "") is not None
            top = (groups["sp"] == "0") == descending
            return self._measure_rank(groups["sm"], top, header_rule)
        end = next(groups[g] for g in ("f", "o", "w", "m") if groups[g] is not None).lower()
        measure = next((groups[g] for g in ("fm", "om", "wm", "mm") if groups[g] is not None), None)
        top = end in self.high
        if end in self.return_only and measure is not None:
            rule = header_rule(measure)
            if rule is None or rule.metric not in ("period_return", "daily_move"):
                return None
        return self._measure_rank(measure, top, header_rule)

    @staticmethod
    def _measure_rank(measure: str | None, top: bool, header_rule) -> str | None:
        metric = "period_return"
        if measure is not None:
            rule = header_rule(measure)
            if rule is None or rule.metric not in RANKS:
                return None
            metric = rule.metric
        return RANKS[metric][0 if top else 1]

    def chains(self, doc: Document, header_rule) -> list[Claim]:
        """`outperformed` claims of the names a line orders by ">" or "<"."""
        text = doc.text
        if ">" not in text and "<" not in text:
            return []
        names = [n for n in doc.names if n.ticker]
        out: list[Claim] = []
        for left, right in zip(names, names[1:]):
            a_end, b_start = doc.ends[left.end - 1], doc.starts[right.start]
            gap = text[a_end:b_start]
            step = gap.strip()
            if step not in (">", ">>", "≫", "<", "<<", "≪") or "\n" in gap or left.ticker == right.ticker:
                continue
            if self._other_measure(doc, header_rule, a_end, names):
                continue
            winner, loser = (left, right) if step[0] in ">≫" else (right, left)
            where = a_end + gap.index(step)
            out.extend(_claim(doc, winner.ticker, "outperformed", loser.ticker, where, where + len(step), "relation.notation_chain", winner))
        return out

    @staticmethod
    def _other_measure(doc: Document, header_rule, at: int, names: list[Name]) -> bool:
        """Whether the line orders another measure than the return: a key word of one before the chain or in
        the comment after it ("hv: amd > amzn", "# by mdd")."""
        text = doc.text
        line = _line_start(text, at)
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        taken = [(doc.starts[n.start], doc.ends[n.end - 1]) for n in names if line <= doc.starts[n.start] < end]
        for word in re.finditer(r"[A-Za-z%σ][\w%/σ.-]*", text[line:end]):
            if any(a <= line + word.start() < b for a, b in taken):
                continue
            rule = header_rule(word.group(0).strip(".").lower())
            if rule is not None and rule.metric in OTHER_MEASURES:
                return True
        return False


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


def _claim(doc: Document, ticker: str, metric: str, value: str, start: int, end: int, rule: str, name: Name) -> list[Claim]:
    line_end = doc.text.find("\n", end)
    sentence = doc.text[_line_start(doc.text, start):line_end if line_end >= 0 else len(doc.text)].strip()
    try:
        return [Claim(ticker=ticker, metric=metric, value=value, text=doc.text[start:end], sentence=sentence,
                      start=start, end=end, rules=(rule, "subject.notation", name.rule))]
    except ClaimError:
        return []
