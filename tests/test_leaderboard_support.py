"""Hand-made score outputs for the leaderboard tests (no tests here).

A stand-in scorer reads verdict tags written into the commentary ("[supported] [fabricated]")
and emits the three files `mcb score` writes, so the store, submission flow and ranking are
tested without depending on the extractor's behaviour.
"""

from __future__ import annotations

import csv
import io
import json
import re

from extractors.verdicts import VERDICT_OF_DETAIL

TAG = re.compile(r"\[(supported|recited|approx_supported|approx_recited|sign_only|fabricated|unverifiable|causal|refusal)\]")


def tagged_scorer(lines, dataset) -> dict[str, bytes]:
    """claims.jsonl / cells.csv / summary.json from the tags in each commentary."""
    claims = []
    for line in lines:
        if line.status != "ok":
            continue
        for match in TAG.finditer(line.commentary):
            tag = match.group(1)
            metric = tag if tag in ("causal", "refusal") else "period_return"
            detail = "unverifiable" if tag in ("causal", "refusal") else tag
            claims.append({
                "cell_id": line.cell_id, "sample": line.sample, "ticker": "NVDA", "metric": metric,
                "value": 1.0, "verdict": VERDICT_OF_DETAIL[detail], "detail": detail, "shown_value": 1.0,
                "true_value": -1.0, "distinguishable": True, "text": match.group(0),
            })
    out = io.StringIO()
    writer = csv.DictWriter(out, ["cell_id", "claims", "coverage"])
    writer.writeheader()
    for cell_id, cell in dataset.cells.items():
        n = sum(c["cell_id"] == cell_id for c in claims)
        writer.writerow({"cell_id": cell_id, "claims": n, "coverage": "0.5" if cell.context == "full" else ""})
    summary = {"failures": sum(line.status == "failed" for line in lines), "claims": len(claims)}
    return {
        "claims.jsonl": "".join(json.dumps(c) + "\n" for c in claims).encode(),
        "cells.csv": out.getvalue().encode(),
        "summary.json": json.dumps(summary).encode(),
    }


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
