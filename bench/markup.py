"""What reading HTML, LaTeX and CSV markup costs plain text: extraction with `extractors.markup` on, side by
side with the same extractor with it off (every text read as before markup was known), and
markup's detection pass alone, on one corpus.

    python bench/markup.py [--repeat 7]

The texts are the 120 `commentary_dev` commentaries (markdown tables, bullets, dumps and prose; none
holds HTML, LaTeX or CSV, so both stages give the same claims, which the script checks). The two
stages run interleaved text chunk by text chunk, each chunk `--repeat` times in alternating order
(so neither profits from caches the other warmed), and each stage's time is
the sum over chunks of its fastest run, so load from others on the shared machine hits both alike.
The markup cache is cleared before every run, so each run pays the detection it would pay on a new text.
The ratio is the figure.
"""

from __future__ import annotations

import argparse
import os
import time
from contextlib import contextmanager

from builder.paths import data_dir
from contracts.jsonl import read_jsonl
from extractors import markup
from extractors.extract import extract_claims

CHUNK = 20


def corpus() -> list[tuple[str, str, str]]:
    """(text, universe, month) of each commentary_dev commentary, from its cell id ("us-2026-07-...")."""
    rows = read_jsonl(data_dir() / "corpora" / "commentary_dev" / "commentary.jsonl")
    out = []
    for row in rows:
        universe, year, month = row["cell_id"].split("-")[:3]
        out.append((row["text"], universe, f"{year}-{month}"))
    return out


@contextmanager
def markup_off():
    """The extractor as it was before markup: no text is masked and no markup table or item is found."""
    real = markup.analyse
    markup.analyse = lambda text: markup.Markup((), None)
    try:
        yield
    finally:
        markup.analyse = real


def run(texts) -> tuple[float, list]:
    if hasattr(markup.analyse, "cache_clear"):
        markup.analyse.cache_clear()
    start = time.perf_counter()
    claims = [extract_claims(text, universe, month) for text, universe, month in texts]
    return time.perf_counter() - start, claims


def detect(texts) -> float:
    """markup's own pass alone: what a plain text pays for being checked."""
    markup.analyse.cache_clear()
    start = time.perf_counter()
    for text, _, _ in texts:
        markup.analyse(text)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    texts = corpus()
    run(texts)  # build each universe's extractor and meet every word once (spaCy's vocabulary grows on first sight)
    with markup_off():
        run(texts)
    print(f"{len(texts)} commentaries, load average {os.getloadavg()[0]:.1f}")
    totals = {"markup on": 0.0, "markup off": 0.0, "detection": 0.0}
    for first in range(0, len(texts), CHUNK):
        chunk = texts[first:first + CHUNK]
        best = {name: float("inf") for name in totals}
        for repeat in range(args.repeat):
            for stage in (("on", "off") if repeat % 2 == 0 else ("off", "on")):  # neither always runs first
                if stage == "on":
                    elapsed, with_markup = run(chunk)
                else:
                    with markup_off():
                        elapsed, without = run(chunk)
                best[f"markup {stage}"] = min(best[f"markup {stage}"], elapsed)
            best["detection"] = min(best["detection"], detect(chunk))
            if [[c.to_dict() for c in cs] for cs in with_markup] != [[c.to_dict() for c in cs] for cs in without]:
                raise SystemExit(f"claims differ with markup on and off in texts {first}..{first + len(chunk)}")
        for name in totals:
            totals[name] += best[name]
    for name, seconds in totals.items():
        print(f"{name:>11}: {seconds * 1e3 / len(texts):.3f} ms a commentary, {len(texts) / seconds:.0f}/s")
    print(f"ratio on/off: {totals['markup on'] / totals['markup off']:.3f}; detection alone is "
          f"{totals['detection'] / totals['markup off']:.4f} of an extraction; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
