"""Per-cell counts from the scorer's outputs: computed once, when a submission is stored.

The board reads these instead of rescoring. They are derived from the files `mcb score` writes
(claims.jsonl and cells.csv, issue 3's contract) plus the submission's own lines, so what the
board shows is exactly what a user re-running `mcb score` gets.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping

from builder.cells import Cell
from contracts.jsonl import loads_bytes
from leaderboard.columns import CELL_COUNT_FIELDS, DECLINE_CONTEXTS, REFUTED_DETAILS
from leaderboard.store import Aggregate, CellCounts

CHECKABLE = ("supported", "recited", "refuted")


def read_claims(payload: bytes) -> list[dict]:
    return loads_bytes(payload, "claims.jsonl")


def read_summary(payload: bytes) -> dict:
    return json.loads(payload.decode("utf-8"))


def read_cells_csv(payload: bytes) -> dict[str, dict]:
    return {row["cell_id"]: row for row in csv.DictReader(io.StringIO(payload.decode("utf-8")))}


def _coverage(row: Mapping | None, context: str) -> float | None:
    """Coverage is only meaningful under `full`; elsewhere it stays empty, never zero."""
    if row is None or context != "full":
        return None
    text = str(row.get("coverage", "") or "").strip()
    try:
        return float(text) if text else None
    except ValueError:
        return None


def correctly_declines(context: str, claims: list[dict]) -> bool:
    """Under `none` a correct answer states no checkable figure and says why; under `probe` it
    declines the interior question (a refusal claim), whatever it says about the endpoints."""
    refused = any(c.get("metric") == "refusal" for c in claims)
    if context == "none":
        return refused and not any(c.get("verdict") in CHECKABLE for c in claims)
    return refused


def aggregate_scores(
    submission_id: str,
    release: str,
    cells: Iterable[Cell],
    lines: Iterable[Mapping],
    claims: Iterable[Mapping],
    cells_csv: Mapping[str, Mapping] | None = None,
    margin: Mapping | None = None,
) -> Aggregate:
    """Sum claims into per-cell counts for every cell of the dataset, answered or not.

    `lines` are the submission's parsed lines (cell_id, sample, status); `claims` the rows of
    claims.jsonl; `cells_csv` the rows of cells.csv keyed by cell id (for coverage); `margin`
    summary.json's `semantic_read_margin` (overall, p_value, per_cell), when it was computed.
    """
    margin = margin if isinstance(margin, Mapping) and not margin.get("error") else {}
    per_cell_margin = margin.get("per_cell") or {}
    responses: dict[str, int] = {}
    failures: dict[str, int] = {}
    for line in lines:
        bucket = failures if line.get("status", "ok") == "failed" else responses
        bucket[line["cell_id"]] = bucket.get(line["cell_id"], 0) + 1
    by_response: dict[tuple[str, int], list[dict]] = {}
    for claim in claims:
        by_response.setdefault((claim["cell_id"], int(claim.get("sample", 0) or 0)), []).append(dict(claim))

    out = []
    for cell in cells:
        counts = dict.fromkeys(CELL_COUNT_FIELDS, 0)
        counts["responses"] = responses.get(cell.cell_id, 0)
        counts["failures"] = failures.get(cell.cell_id, 0)
        cell_claims = [(sample, c) for (cid, sample), rows in by_response.items() if cid == cell.cell_id for c in rows]
        for _, claim in cell_claims:
            counts["claims"] += 1
            metric, verdict, detail = claim.get("metric"), claim.get("verdict"), claim.get("detail")
            if metric == "causal":
                counts["causal"] += 1
            elif verdict in CHECKABLE:
                counts["checkable"] += 1
                if detail in ("supported", "recited", *REFUTED_DETAILS):
                    counts[detail] += 1
            elif metric != "refusal":
                counts["unverifiable"] += 1
        if cell.context in DECLINE_CONTEXTS:
            samples = {sample for (cid, sample) in by_response if cid == cell.cell_id}
            counts["declines"] = sum(
                correctly_declines(cell.context, by_response[(cell.cell_id, sample)]) for sample in samples
            )
        row = (cells_csv or {}).get(cell.cell_id)
        out.append(CellCounts(cell.cell_id, cell.market, cell.month, cell.arm, cell.context, counts, _coverage(row, cell.context),
                              per_cell_margin.get(cell.cell_id)))
    return Aggregate(submission_id, release, tuple(out), margin.get("overall"), margin.get("p_value"))
