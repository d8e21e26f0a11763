"""Per-cell counts from the scorer's outputs, read once when a submission is stored.

The board reads these instead of rescoring. Nothing is counted here: every count and per-cell
value is a column of the cells.csv `mcb score` writes (`extractors.metrics`), and each cell's
weighted claims are the `weight`s claims.jsonl records (`extractors.weight`), so what the board
shows is exactly what a user re-running `mcb score` gets.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping

from contracts.jsonl import loads_bytes
from extractors.metrics import CELL_VALUES, COUNT_NAMES
from extractors.version import UNPINNED
from extractors.weight import WeightedClaim, weighted_claims
from leaderboard.store import Aggregate, CellCounts

# summary.json's key for the margin (extractors.embeddings.SUMMARY_KEY; not imported: it loads the embeddings code).
MARGIN_KEY = "semantic_read_margin"


def read_claims(payload: bytes) -> list[dict]:
    return loads_bytes(payload, "claims.jsonl")


def read_summary(payload: bytes) -> dict:
    return json.loads(payload.decode("utf-8"))


def read_cells_csv(payload: bytes) -> dict[str, dict]:
    return {row["cell_id"]: row for row in csv.DictReader(io.StringIO(payload.decode("utf-8")))}


def _number(text: object) -> float | None:
    """A cells.csv value: empty means none (never zero)."""
    text = str(text if text is not None else "").strip()
    try:
        return float(text) if text else None
    except ValueError:
        return None


def weighted_by_cell(claims: Iterable[Mapping]) -> dict[str, tuple[WeightedClaim, ...]]:
    """Each cell's weighted claims, from claims.jsonl rows (`extractors.weight.WeightedClaim.of`)."""
    rows: dict[str, list[Mapping]] = {}
    for claim in claims:
        rows.setdefault(claim["cell_id"], []).append(claim)
    return {cell_id: weighted_claims(group) for cell_id, group in rows.items()}


def aggregate_scores(submission_id: str, release: str, cells_csv: Mapping[str, Mapping], summary: Mapping,
                     scored_at: str = "", claims: Iterable[Mapping] = ()) -> Aggregate:
    """One CellCounts per row of cells.csv (every cell of the dataset, answered or not), stamped with
    the scorer version and dataset revision summary.json records.

    summary.json's `semantic_read_margin` (its overall and p-value) travels with the aggregate when it
    was computed. A count cells.csv lacks reads as 0: a file written before a count existed says
    nothing about it, and the rates it feeds show "—". `claims` (claims.jsonl's rows) give each cell's
    weighted claims.
    """
    weighted = weighted_by_cell(claims)
    margin = summary.get(MARGIN_KEY)
    margin = margin if isinstance(margin, Mapping) and not margin.get("error") else {}
    cells = tuple(
        CellCounts(row["cell_id"], row["market"], row["month"], row["arm"], row["context"],
                   {name: int(float(row.get(name) or 0)) for name in COUNT_NAMES},
                   {name: _number(row.get(name)) for name in CELL_VALUES},
                   tuple(weighted.get(row["cell_id"], ())))
        for row in cells_csv.values()
    )
    return Aggregate(submission_id, release, cells, margin.get("overall"), margin.get("p_value"),
                     summary.get("scorer") or UNPINNED, summary.get("dataset_revision") or "", scored_at)
