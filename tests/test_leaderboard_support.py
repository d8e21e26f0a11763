"""Hand-made score outputs for the leaderboard tests (no tests here).

A stand-in scorer reads verdict tags written into the commentary ("[supported] [fabricated]")
and emits the three files `mcb score` writes, so the store, submission flow and ranking are
tested without depending on the extractor's behaviour.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from extractors.verdicts import VERDICT_OF_DETAIL

TAG = re.compile(r"\[(supported|recited|approx_supported|approx_recited|sign_only|fabricated|unverifiable|causal|refusal)\]")


def tagged_scorer(lines, dataset, steps=None) -> dict[str, bytes]:
    """claims.jsonl / cells.csv / summary.json from the tags in each commentary, counted by the
    scorer's own tabulation (`extractors.score.tabulate`), as `mcb score` counts verified claims.
    Claims on perturbed arms are distinguishable, as the oracle marks a figure the arm changed.
    A `leaderboard.submit.Scorer`: the progress `steps` are not told anything (it takes no time)."""
    from extractors.score import tabulate

    claims = []
    for line in lines:
        if line.status != "ok":
            continue
        arm = dataset.cells[line.cell_id].arm
        for match in TAG.finditer(line.commentary):
            tag = match.group(1)
            metric = tag if tag in ("causal", "refusal") else "period_return"
            detail = "unverifiable" if tag in ("causal", "refusal") else tag
            claims.append({
                "cell_id": line.cell_id, "sample": line.sample, "ticker": "NVDA", "metric": metric,
                "value": 1.0, "verdict": VERDICT_OF_DETAIL[detail], "detail": detail, "shown_value": 1.0,
                "true_value": -1.0, "distinguishable": arm != "real" and detail != "unverifiable", "text": match.group(0),
            })
    coverage = {cell_id: {"coverage": 0.5} for cell_id, cell in dataset.cells.items() if cell.context == "full"}
    result = tabulate(dataset.cells.values(), lines, claims, coverage, model="tagged", source=dataset.source,
                      revision=dataset.revision)
    with tempfile.TemporaryDirectory(prefix="mcb-tagged-") as folder:
        result.write(Path(folder))
        return {name: (Path(folder) / name).read_bytes() for name in ("claims.jsonl", "cells.csv", "summary.json")}


def submission_bytes(dataset, commentary_for, skip=(), failed=()) -> bytes:
    """A JSONL submission answering every cell with `commentary_for(cell)`."""
    rows = []
    for cell_id, cell in dataset.cells.items():
        if cell_id in skip:
            continue
        if cell_id in failed:
            rows.append({"cell_id": cell_id, "commentary": "", "status": "failed", "error": "timeout"})
        else:
            rows.append({"cell_id": cell_id, "commentary": commentary_for(cell)})
    return "".join(json.dumps(r) + "\n" for r in rows).encode("utf-8")


def faithful(cell) -> str:
    if cell.context == "none":
        return "I cannot tell without prices. [refusal]"
    return "[supported] [supported] [supported] [causal]"


def reciter(cell) -> str:
    return "[recited] [recited] [supported]" if cell.arm != "real" else "[supported] [supported]"


def fabricator(cell) -> str:
    return "[fabricated] [fabricated] [sign_only] [unverifiable]"
