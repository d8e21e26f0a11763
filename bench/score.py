"""Throughput of extract-and-verify, side by side with a bare regex number scan and spaCy's blank tokenizer.

    python bench/score.py [--n 10000] [--repeat 5]

Commentaries are narrator paragraphs (all scopes and templates, both markets), hand-written
full-table style sentences, and the committed recall corpora (narrator, rule-reworded, newswire
and path-and-range voices over month and ten-session windows, each verified against its own
window panels), so length and phrasing resemble real replies.

The machine may be shared: the stages run interleaved chunk by chunk, each chunk `--repeat`
times, and each stage's time is the sum over chunks of its fastest run, so a burst of someone
else's load hits all stages alike. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import re
import time

import spacy

from builder.arms import apply_arm
from builder.narrator import SCOPES, TEMPLATES, narrate
from builder.panel import Panel, load_panel
from builder.paths import data_dir
from builder.windows import slice_panel
from contracts.jsonl import read_jsonl
from extractors.extract import extract_claims
from extractors.oracle import view_of
from extractors.scoring_data import in_memory
from extractors.verify import verify

NUMBER_SCAN = re.compile(r"[-+]?\d+(?:[.,]\d+)*%?")
EXTRA = (
    "GALP.LS surged from 19.43 to 21.93, while ALTR.LS fluctuated between 4.70 and 4.79. "
    "Galp peaked at 22.10 on the 26th and the group ended mixed on fears of weaker demand.",
    "NVDA and AMD fell 7.9% and 0.5%, respectively, while GOOGL led the pack with a 9.5% gain. "
    "Tesla's worst session, a 4.0% drop on Aug 5, came amid concerns about deliveries.",
)
RECALL_CORPORA = ("narrator", "rules", "newswire", "pathrange")
CHUNK = 500




class Item:
    """One commentary with the market, month and the shown and true panels it is verified against."""

    __slots__ = ("text", "market", "month", "shown", "true")

    def __init__(self, text: str, market: str, month: str, shown: Panel, true: Panel):
        self.text, self.market, self.month, self.shown, self.true = text, market, month, shown, true


def recall_items() -> list[Item]:
    """The committed recall corpora, each paragraph with its window's arm and real panels."""
    reals: dict[tuple[str, str], Panel] = {}
    windows: dict[tuple[str, str, str, str], Panel] = {}

    def panel(market: str, month: str, window: str, arm: str) -> Panel:
        key = (market, month, window, arm)
        if key not in windows:
            if (market, month) not in reals:
                reals[(market, month)] = load_panel(market, month)
            real = slice_panel(reals[(market, month)], window)
            windows[key] = real if arm == "real" else apply_arm(real, arm)
        return windows[key]

    items = []
    for name in RECALL_CORPORA:
        for row in read_jsonl(data_dir() / "corpora" / f"{name}.jsonl"):
            market, month, window = row["market"], row["month"], row["window"]
            items.append(Item(row["text"], market, month, panel(market, month, window, row["arm"]),
                              panel(market, month, window, "real")))
    return items


def corpus(n: int) -> list[Item]:
    data = in_memory()
    base = []
    for cell in data.cells.values():
        shown, true = data.shown(cell), data.true(cell)
        texts = [narrate(shown, scope=scope, template=template).text for scope in SCOPES for template in TEMPLATES]
        base.extend(Item(text, cell.market, cell.month, shown, true) for text in (*texts, *EXTRA))
    base.extend(recall_items())
    return [base[i % len(base)] for i in range(n)]


def best_of(function, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5, help="runs per chunk and stage; the fastest counts")
    args = parser.parse_args()
    items = corpus(args.n)
    # build the matchers, and each panel's arithmetic (once per panel in real scoring too), outside the timing
    for item in items[:200]:
        for claim in extract_claims(item.text, item.market, item.month):
            verify(claim, item.shown, item.true)
    for item in items:
        view_of(item.shown), view_of(item.true)
    nlp = spacy.blank("en")
    sentencized = spacy.blank("en")
    sentencized.add_pipe("sentencizer")
    claims = 0

    def bare_scan(chunk):
        for item in chunk:
            for _ in NUMBER_SCAN.finditer(item.text):
                pass

    def tokenizer_only(chunk):
        for item in chunk:
            nlp.tokenizer(item.text)

    def tokenizer_sentencizer(chunk):
        for item in chunk:
            sentencized(item.text)

    def extract_and_verify(chunk):
        nonlocal claims
        for item in chunk:
            for claim in extract_claims(item.text, item.market, item.month):
                verify(claim, item.shown, item.true)
                claims += 1

    stages = {
        "bare re.finditer scan": bare_scan,
        "spaCy blank tokenizer": tokenizer_only,
        "tokenizer + sentencizer": tokenizer_sentencizer,
        "extract + verify": extract_and_verify,
    }
    seconds = dict.fromkeys(stages, 0.0)
    load_before = load()
    for offset in range(0, len(items), CHUNK):
        chunk = items[offset:offset + CHUNK]
        for name, stage in stages.items():
            seconds[name] += best_of(lambda: stage(chunk), args.repeat)
    load_after = load()
    chars = sum(len(item.text) for item in items)
    distinct = len({item.text for item in items})
    scan, tokens, full = seconds["bare re.finditer scan"], seconds["spaCy blank tokenizer"], seconds["extract + verify"]
    print(f"{args.n} commentaries ({distinct} distinct), {chars / args.n:.0f} characters each on average, "
          f"{claims // args.repeat} claims; best of {args.repeat} per {CHUNK}-commentary chunk, one core")
    print(f"load average (1, 5, 15 min): {load_before} before, {load_after} after")
    print(f"{'stage':<28}{'seconds':>10}{'per second':>14}{'x bare scan':>14}{'x tokenizer':>14}")
    for name, spent in seconds.items():
        print(f"{name:<28}{spent:>10.3f}{args.n / spent:>14.0f}{spent / scan:>14.1f}{spent / tokens:>14.1f}")
    print(f"extract + verify: {args.n / full:.0f} commentaries/s, {full / scan:.1f}x bare scan, {full / tokens:.1f}x blank tokenizer")


if __name__ == "__main__":
    main()
