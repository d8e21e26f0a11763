"""Throughput of extract-and-verify, side by side with a bare regex number scan, spaCy's blank tokenizer and
the spaCy work the extractor cannot do without.

    python bench/score.py [--corpus commentary_dev|generated] [--n 4000] [--repeat 3]

`commentary_dev` (the default) is the labelled corpus of 120 commentaries in 15 LLM-like voices
(`data/corpora/commentary_dev/`: markdown tables and bullets, dumps, prose, 553 characters on
average), each verified against its own cell's shown and true panels. `generated` is the older
mix: narrator paragraphs (all scopes and templates, both markets) and the committed paraphrase
corpora over month and ten-session windows.

The "spaCy floor" stage is the library work every commentary needs before any rule logic runs: the
tokenizer, the `Doc` rebuilt from the extractor's words (figures and dates forced to one token each) and
its four `PhraseMatcher`s (names in two cases, cue phrases over LOWER and NORM), none of the gated
`Matcher`s. Its rate is an upper bound for any extractor built on spaCy's matchers, as issue 12 asks.

The machine may be shared: the stages run interleaved chunk by chunk, each chunk `--repeat` times,
and each stage's time is the sum over chunks of its fastest run, so a burst of someone else's
load hits all stages alike. The ratios are the figure; the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import re
import time

import spacy
from spacy.tokens import Doc

from builder.arms import apply_arm
from builder.display import shown_arm
from builder.narrator import SCOPES, TEMPLATES, narrate
from builder.panel import Panel, load_panel
from builder.paths import data_dir
from builder.windows import slice_panel
from contracts.jsonl import read_jsonl
from extractors.extract import extract_claims, extractor_for
from extractors.oracle import view_of
from extractors.scoring_data import in_memory
from extractors.verify import verify

NUMBER_SCAN = re.compile(r"[-+]?\d+(?:[.,]\d+)*%?")
PARAPHRASE_CORPORA = ("narrator", "rules", "newswire", "pathrange")
CHUNK = 400


class Item:
    """One commentary with the market, month and the shown and true panels it is verified against."""

    __slots__ = ("text", "market", "month", "shown", "true")

    def __init__(self, text: str, market: str, month: str, shown: Panel, true: Panel):
        self.text, self.market, self.month, self.shown, self.true = text, market, month, shown, true


def commentary_dev_items() -> list[Item]:
    """The labelled corpus, each commentary with its cell's shown panel (as the prompt displayed it) and true panel."""
    reals: dict[tuple[str, str], Panel] = {}
    shown: dict[tuple[str, str, str], Panel] = {}
    items = []
    for row in read_jsonl(data_dir() / "corpora" / "commentary_dev" / "commentary.jsonl"):
        market, _, rest = row["cell_id"].partition("-")
        month, arm = rest[:7], rest[8:].split("-")[0]
        if (market, month) not in reals:
            reals[(market, month)] = load_panel(market, month)
        key = (market, month, arm)
        if key not in shown:
            shown[key] = shown_arm(reals[(market, month)], arm)
        items.append(Item(row["text"], market, month, shown[key], reals[(market, month)]))
    return items


def generated_items() -> list[Item]:
    data = in_memory()
    items = []
    for cell in data.cells.values():
        shown, true = data.shown(cell), data.true(cell)
        items.extend(Item(narrate(shown, scope=scope, template=template).text, cell.market, cell.month, shown, true)
                     for scope in SCOPES for template in TEMPLATES)
    reals: dict[tuple[str, str], Panel] = {}
    windows: dict[tuple[str, str, str, str], Panel] = {}
    for name in PARAPHRASE_CORPORA:
        for row in read_jsonl(data_dir() / "corpora" / f"{name}.jsonl"):
            market, month, window, arm = row["market"], row["month"], row["window"], row["arm"]
            if (market, month) not in reals:
                reals[(market, month)] = load_panel(market, month)
            for which in (arm, "real"):
                if (market, month, window, which) not in windows:
                    real = slice_panel(reals[(market, month)], window)
                    windows[(market, month, window, which)] = real if which == "real" else apply_arm(real, which)
            items.append(Item(row["text"], market, month, windows[(market, month, window, arm)],
                              windows[(market, month, window, "real")]))
    return items


CORPORA = {"commentary_dev": commentary_dev_items, "generated": generated_items}


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
    parser.add_argument("--corpus", choices=tuple(CORPORA), default="commentary_dev")
    parser.add_argument("--n", type=int, default=4_000)
    parser.add_argument("--repeat", type=int, default=3, help="runs per chunk and stage; the fastest counts")
    args = parser.parse_args()
    base = CORPORA[args.corpus]()
    items = [base[i % len(base)] for i in range(args.n)]
    # build the matchers, and each panel's arithmetic (once per panel in real scoring too), outside the timing
    for item in base:
        view_of(item.shown), view_of(item.true)
        for claim in extract_claims(item.text, item.market, item.month):
            verify(claim, item.shown, item.true)
    nlp = spacy.blank("en")
    claims = 0

    def bare_scan(chunk):
        for item in chunk:
            for _ in NUMBER_SCAN.finditer(item.text):
                pass

    def tokenizer_only(chunk):
        for item in chunk:
            nlp.tokenizer(item.text)

    extractors = {item.market: extractor_for(item.market) for item in base}

    def spacy_floor(chunk):
        for item in chunk:
            extractor = extractors[item.market]
            tokens = extractor.nlp.make_doc(item.text)
            doc = Doc(extractor.nlp.vocab, words=[t.text for t in tokens], spaces=[bool(t.whitespace_) for t in tokens])
            extractor.names(doc), extractor.names_any_case(doc)
            extractor.cues.phrases(doc), extractor.cues.norm_phrases(doc)

    def extract_only(chunk):
        for item in chunk:
            extract_claims(item.text, item.market, item.month)

    def extract_and_verify(chunk):
        nonlocal claims
        for item in chunk:
            for claim in extract_claims(item.text, item.market, item.month):
                verify(claim, item.shown, item.true)
                claims += 1

    stages = {
        "bare re.finditer scan": bare_scan,
        "spaCy blank tokenizer": tokenizer_only,
        "spaCy floor": spacy_floor,
        "extract": extract_only,
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
    scan, tokens, full = seconds["bare re.finditer scan"], seconds["spaCy blank tokenizer"], seconds["extract + verify"]
    print(f"{args.corpus}: {args.n} commentaries ({len(base)} distinct), {chars / args.n:.0f} characters each on average, "
          f"{claims // args.repeat} claims; best of {args.repeat} per {CHUNK}-commentary chunk, one core")
    print(f"load average (1, 5, 15 min): {load_before} before, {load_after} after")
    print(f"{'stage':<28}{'seconds':>10}{'per second':>14}{'x bare scan':>14}{'x tokenizer':>14}")
    for name, spent in seconds.items():
        print(f"{name:<28}{spent:>10.3f}{args.n / spent:>14.0f}{spent / scan:>14.1f}{spent / tokens:>14.1f}")
    print(f"extract + verify: {args.n / full:.0f} commentaries/s, {full / scan:.1f}x bare scan, {full / tokens:.1f}x blank tokenizer")
    print(f"spaCy floor: {args.n / seconds['spaCy floor']:.0f} commentaries/s, the most any extractor on these matchers could run")


if __name__ == "__main__":
    main()
