"""Throughput of extract-and-verify, side by side with a bare regex number scan and spaCy's blank tokenizer.

    python bench/score.py [--n 10000]

Commentaries are narrator paragraphs (all scopes and templates, both markets) mixed with
hand-written full-table style sentences, so length and phrasing resemble real replies.
"""

from __future__ import annotations

import argparse
import re
import time

import spacy

from builder.narrator import SCOPES, TEMPLATES, narrate
from extractors.extract import extract_claims
from extractors.scoring_data import in_memory
from extractors.verify import verify

NUMBER_SCAN = re.compile(r"[-+]?\d+(?:[.,]\d+)*%?")
EXTRA = (
    "GALP.LS surged from 19.43 to 21.93, while ALTR.LS fluctuated between 4.70 and 4.79. "
    "Galp peaked at 22.10 on the 26th and the group ended mixed on fears of weaker demand.",
    "NVDA and AMD fell 7.9% and 0.5%, respectively, while GOOGL led the pack with a 9.5% gain. "
    "Tesla's worst session, a 4.0% drop on Aug 5, came amid concerns about deliveries.",
)


def corpus(data, n: int) -> list[tuple[str, object]]:
    base = []
    for cell in data.cells.values():
        shown = data.shown(cell)
        for scope in SCOPES:
            for template in TEMPLATES:
                base.append((narrate(shown, scope=scope, template=template).text, cell))
        for text in EXTRA:
            base.append((text, cell))
    return [base[i % len(base)] for i in range(n)]


def timed(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000)
    args = parser.parse_args()
    data = in_memory()
    items = corpus(data, args.n)
    texts = [text for text, _ in items]
    chars = sum(map(len, texts))
    extract_claims(texts[0], "us")  # build the matchers outside the timing
    extract_claims(texts[0], "lisbon")
    nlp = spacy.blank("en")

    def bare_scan():
        for text in texts:
            for _ in NUMBER_SCAN.finditer(text):
                pass

    def tokenizer_only():
        for text in texts:
            nlp.tokenizer(text)

    claims = 0

    def extract_and_verify():
        nonlocal claims
        for text, cell in items:
            shown, true = data.shown(cell), data.true(cell)
            for claim in extract_claims(text, cell.market, cell.month):
                verify(claim, shown, true)
                claims += 1

    scan = timed(bare_scan)
    tokens = timed(tokenizer_only)
    full = timed(extract_and_verify)
    print(f"{args.n} commentaries, {chars / args.n:.0f} characters each on average, {claims} claims")
    print(f"{'stage':<28}{'seconds':>10}{'per second':>14}{'x bare scan':>14}")
    for name, seconds in (("bare re.finditer scan", scan), ("spaCy blank tokenizer", tokens), ("extract + verify", full)):
        print(f"{name:<28}{seconds:>10.3f}{args.n / seconds:>14.0f}{seconds / scan:>14.1f}")
    print(f"extract + verify / blank tokenizer: {full / tokens:.1f}x")


if __name__ == "__main__":
    main()
