"""Printed outputs: a notebook cell's `Out[n]:` block of "name value" lines states what its `In [n]:`
expression computes, so the expression is the block's only header.

    In [4]: (px.iloc[-1] / px.iloc[0] - 1).round(4)
    Out[4]:
    amd     0.0593
    tsla   -0.0175

Each line is the named company's return (a fraction, read as a percent: 5.93%). The expressions are a
short table of regexes with rule ids, as the header lexicon is for words: an expression is code, which no
word list reads. A block whose expression matches no entry states nothing, and its lines are left to the
sentence stage as before.
"""

from __future__ import annotations

import re

from extractors.claims import Claim, ClaimError
from extractors.document import Document

# (rule id, what the expression computes, metric): first match wins
EXPRESSIONS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    # last close over first close, less one: the period's return
    ("output.return.last_over_first", re.compile(r"iloc\[\s*-1\s*\]\s*/\s*[\w.]*iloc\[\s*0\s*\]\s*-\s*1|"
                                                 r"iloc\[\s*-1\s*\]\s*\.div\([\w.]*iloc\[\s*0\s*\]\)\s*\.?sub\(\s*1|"
                                                 r"\.pct_change\(\s*(?:periods\s*=\s*)?len"), "period_return"),
    # the standard deviation of daily changes, annualised
    ("output.volatility.annualised", re.compile(r"pct_change\(\)\s*\.std\(\).*(?:sqrt\(\s*252|252\s*\*\*\s*0?\.5)"), "volatility"),
)
CELL = re.compile(r"(?m)^In \[(\d+)\]:[ \t]*(.+)\n(?:.*\n){0,2}?Out\[\1\]:[ \t]*\n((?:[ \t]*\S+[ \t]+[-+−]?\d+(?:\.\d+)?[ \t]*(?:\n|$))+)")
LINE = re.compile(r"(?m)^[ \t]*(\S+)[ \t]+([-+−]?)(\d+(?:\.(\d+))?)[ \t]*$")


def printed_outputs(doc: Document, made: list[Claim]) -> list[Claim]:
    """`made` less the claims the sentence stage read inside an output block, plus the block's own."""
    if "Out[" not in doc.text:
        return made
    spans, found = [], []
    for cell in CELL.finditer(doc.text):
        rule = next(((rid, metric) for rid, pattern, metric in EXPRESSIONS if pattern.search(cell.group(2))), None)
        if rule is None:
            continue
        block_start, block_end = cell.start(3), cell.end(3)
        spans.append((block_start, block_end))
        for line in LINE.finditer(doc.text, block_start, block_end):
            name = next((n for n in doc.names if n.ticker and doc.starts[n.start] == line.start(1)), None)
            if name is None:
                continue
            sign = -1 if line.group(2) in ("-", "−") else 1
            number, decimals = float(line.group(3)), len(line.group(4) or "")
            if abs(number) < 1.5 and decimals >= 3:  # a fraction ("0.0593"): its percent, two decimals fewer
                number, decimals = round(number * 100, decimals - 2), decimals - 2
            start = line.start(2) if line.group(2) else line.start(3)
            try:
                found.append(Claim(ticker=name.ticker, metric=rule[1], value=sign * number, decimals=decimals,
                                   text=doc.text[start:line.end(3)], sentence=cell.group(0).strip(), start=start,
                                   end=line.end(3), rules=(rule[0], "structure.printed_output", name.rule)))
            except ClaimError:
                continue
    if not spans:
        return made
    kept = [c for c in made if not any(a <= c.start < b for a, b in spans)]
    return sorted(kept + found, key=lambda c: c.start)
