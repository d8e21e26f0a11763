"""What the reading-weight column costs the board: `rank()` with and without it, side by side in one run.

    python bench/reading_weight.py [--submissions 1000] [--rounds 5]

The four baselines are scored for real (the claim scorer, no embeddings) on the default cells; the
board's input is then S submissions, each mixing the baselines' stored cells cell by cell (every
cell's counts and weighted claims are a real scored cell), under distinct ids. Each round times the
unfiltered board and one filtered to an arm, first with the registry's weight metric estimated
(1,000 paired resamples, as served) and then without it, alternating. Prints the medians, their
ratio and the load average: on a shared machine, read the ratio with the load beside it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def claims_scorer(lines, dataset, steps=None) -> dict[str, bytes]:  # the Scorer protocol; no bars here
    from extractors.score import score_submission

    result = score_submission(lines, dataset)
    with tempfile.TemporaryDirectory(prefix="mcb-bench-") as folder:
        result.write(Path(folder))
        return {name: (Path(folder) / name).read_bytes() for name in ("claims.jsonl", "cells.csv", "summary.json")}


def board_inputs(submissions: int):
    """(records, aggregates) of `submissions` mixtures of the four baselines' real scored cells."""
    from extractors.baselines import BASELINES, baseline_submission
    from extractors.scoring_data import in_memory
    from leaderboard.seed import baseline_meta, submission_jsonl
    from leaderboard.store import LocalStore, ModelMeta
    from leaderboard.submit import Datasets, submit

    data = in_memory()
    datasets = Datasets({next(iter(data.cells.values())).release: data})
    store = LocalStore(Path(tempfile.mkdtemp(prefix="mcb-bench-weight-")))
    stored = [submit(submission_jsonl(baseline_submission(name, data)), baseline_meta(name), store, datasets,
                     scorer=claims_scorer).record for name in BASELINES]
    pools = [store.aggregate(record.id) for record in stored]
    entries = []
    for index in range(submissions):
        rng = random.Random(index)
        cells = tuple(rng.choice(pools).cells[position] for position in range(len(pools[0].cells)))
        sid = f"bench{index:011d}"
        record = replace(stored[0], id=sid, meta=ModelMeta(f"bench-model-{index:04d}", "r1"))
        entries.append((record, replace(pools[0], submission_id=sid, cells=cells)))
    return entries


def timed(function) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--submissions", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    import leaderboard.ranking as ranking
    from leaderboard.ranking import BoardFilter, cells_frame, rank

    print(f"scoring the baselines and mixing {args.submissions} submissions ...", flush=True)
    entries = board_inputs(args.submissions)
    records, frame = [record for record, _ in entries], cells_frame(entries)
    claims = sum(len(cell.weighted) for _, aggregate in entries for cell in aggregate.cells)
    print(f"{len(records)} submissions, {len(frame)} cells, {claims} weighted claims", flush=True)
    served = ranking.WEIGHTS
    with_weight, without = [], []
    for _ in range(args.rounds):
        for weights, out in ((served, with_weight), ((), without)):
            ranking.WEIGHTS = weights
            out.append(timed(lambda: (rank(records, frame), rank(records, frame, BoardFilter(arms=("inverted",))))))
    ranking.WEIGHTS = served
    a, b = statistics.median(with_weight), statistics.median(without)
    print(f"rank() unfiltered + one arm, median of {args.rounds}: with the reading weight {a:.2f} s, "
          f"without {b:.2f} s, ratio {a / b:.2f}x; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
