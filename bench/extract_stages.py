"""Where extraction's time goes: each stage's share of `extract_claims` over the labelled corpus, by module.

    python bench/extract_stages.py [--repeat 3] [--top 12]

The extractor's cost is spread over many small functions, so a flat profile is hard to read; this
groups it by the module whose code spends it. A function's own time counts for its module; the time of
a builtin or C method (`sorted`, `any`, `str.lower`, a regex) counts for the modules that called it, in
proportion to their calls' time. spaCy's Cython (tokenizer, matchers, Doc) and markdown-it count as
stages of their own. cProfile adds a cost per Python call, so Python-heavy stages read somewhat larger
than they run; the shares, not the seconds, are the figure. The top functions by own time follow.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from collections import defaultdict
from pathlib import Path

from contracts.jsonl import read_jsonl
from builder.paths import data_dir
from extractors.extract import extract_claims, extractor_for

# (label, path fragment) in order: the first fragment a function's file holds names its stage
STAGES = (
    ("resolver (resolver, subjects, tables, frames, rankings, claims)",
     ("extractors/resolver.py", "extractors/subjects.py", "extractors/tables.py", "extractors/frames.py",
      "extractors/rankings.py", "extractors/claims.py")),
    ("cue matching (extractors/matching.py)", ("extractors/matching.py",)),
    ("spaCy matchers (Cython)", ("spacy/matcher",)),
    ("spaCy tokenizer and Doc (Cython)", ("spacy/",)),
    ("document (tokens, sentences, counts)", ("extractors/document.py",)),
    ("figures and dates (numbers, spoken)", ("extractors/numbers.py", "extractors/spoken.py")),
    ("structure and markup", ("extractors/structure.py", "extractors/markup.py")),
    ("markdown-it", ("markdown_it/",)),
    ("names", ("extractors/names.py",)),
    ("extract (the pipeline's own code)", ("extractors/extract.py",)),
)


ROOT = str(Path(__file__).resolve().parents[1]) + "/"


def stage_of(path: str) -> str:
    for label, fragments in STAGES:
        if any(fragment in path for fragment in fragments):
            return label
    return "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="passes over the corpus under the profiler")
    parser.add_argument("--top", type=int, default=12, help="functions listed by own time")
    args = parser.parse_args()
    items = []
    for row in read_jsonl(data_dir() / "corpora" / "commentary_dev" / "commentary.jsonl"):
        market, _, rest = row["cell_id"].partition("-")
        items.append((row["text"], market, rest[:7]))
    for market in {market for _, market, _ in items}:
        extractor_for(market)
    for text, market, month in items:  # warm every cache a first call fills
        extract_claims(text, market, month)
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(args.repeat):
        for text, market, month in items:
            extract_claims(text, market, month)
    profile.disable()
    stats = pstats.Stats(profile).stats
    spent: dict[str, float] = defaultdict(float)
    for (path, _, name), (_, _, own, _, callers) in stats.items():
        if path != "~":  # Python or Cython code: its own time is its module's
            spent[stage_of(path)] += own
            continue
        # a builtin: its time goes to its callers' stages, by the time each call spent in it
        total = sum(caller[2] for caller in callers.values()) or 1.0
        for (caller_path, _, _), caller in callers.items():
            spent[stage_of(caller_path)] += own * caller[2] / total
    whole = sum(spent.values())
    count = len(items) * args.repeat
    print(f"commentary_dev: {len(items)} commentaries x {args.repeat}, {whole / count * 1e3:.2f} ms each under cProfile")
    print(f"{'stage':<68}{'share':>8}")
    for label, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        print(f"{label:<68}{seconds / whole:>8.1%}")
    print(f"\ntop {args.top} functions by own time")
    ranked = sorted(stats.items(), key=lambda item: -item[1][2])[:args.top]
    for (path, line, name), (_, calls, own, _, _) in ranked:
        where = path.split("site-packages/")[-1].removeprefix(ROOT) if path != "~" else ""
        print(f"{own / whole:>7.1%}  {calls:>8}  {name} {where}:{line}" if where else f"{own / whole:>7.1%}  {calls:>8}  {name}")


if __name__ == "__main__":
    main()
