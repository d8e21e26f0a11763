"""Scoring a submission: extract claims per response, verify each twice, count per cell.

`score_submission` is the library entry point (the leaderboard calls it directly); `mcb score` is
a thin wrapper. Every cell of the dataset gets a row, answered or not, holding every count of the
metric registry (`extractors.metrics`) and each metric's value for that cell; summary.json holds
the same counts and metrics summed overall, per arm and per context. Rates leave their
denominator's zeros empty, never 0.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from builder.cells import Cell
from builder.facts import RANK_RULES
from contracts.jsonl import dumps_line
from contracts.submission import Response
from extractors import version
from extractors.claims import Claim
from extractors.extract import extract_claims
from contracts.vocabulary import COVERAGE_CONTEXTS, SWEEP_CONFIG
from extractors.metrics import (
    CELL_VALUES,
    COUNT_NAMES,
    METRICS,
    RATE_DECIMALS,
    WEIGHT_CLAIMS,
    count_cell,
    metric_values,
)
from extractors.oracle import view_of
from extractors.scoring_data import ScoringData
from extractors.verdicts import Verdict
from extractors.sweep import dose_response
from extractors.verify import verify
from extractors.weight import WeightedClaim, claim_weight, weight_summary, weighted_claims

CLAIM_FIELDS = ("cell_id", "sample", "ticker", "metric", "value", "verdict", "detail", "shown_value", "true_value",
                "distinguishable", "weight", "text", "date", "anchor", "extreme", "decimals", "start", "end", "rules")
CELL_KEYS = ("cell_id", "market", "month", "arm", "context")
# Each rate, ratio and weight of the registry is also written per cell (a sum's per-cell value is its count).
CELL_METRICS = tuple(m for m in METRICS if m.kind in ("rate", "ratio", "weight"))
CELL_FIELDS = (*CELL_KEYS, *COUNT_NAMES, *CELL_VALUES, *(m.name for m in CELL_METRICS))
COVERAGE = "coverage"


@dataclass(frozen=True)
class ScoredClaim:
    cell_id: str
    sample: int
    claim: Claim
    verdict: Verdict

    def to_dict(self) -> dict:
        row = {"cell_id": self.cell_id, "sample": self.sample, **self.claim.to_dict(), **self.verdict.to_dict()}
        row.pop("sentence", None)
        row["weight"] = claim_weight(row)
        return {name: row.get(name) for name in CLAIM_FIELDS}


def score_response(response: Response, cell: Cell, data: ScoringData) -> list[ScoredClaim]:
    """Claims of one commentary with their verdicts (none for a failed line)."""
    if response.failed:
        return []
    shown, true = data.shown(cell), data.true(cell)
    claims = extract_claims(response.commentary, cell.market, cell.month)
    return [ScoredClaim(cell.cell_id, response.sample, claim, verify(claim, shown, true)) for claim in claims]


def key_facts(cell: Cell, data: ScoringData) -> set[tuple[str, str, str]]:
    """The facts coverage is measured against: each ticker's month return and each rank's leader."""
    facts = view_of(data.shown(cell)).facts
    keys = {(ticker, "period_return", "") for ticker in facts.tickers}
    keys |= {(leader, "rank", rank) for rank, leader in facts.leaders.items() if rank in RANK_RULES}
    return keys


def coverage_of(scored: list[ScoredClaim], keys: set[tuple[str, str, str]]) -> float:
    stated = set()
    for item in scored:
        if item.verdict.detail != "supported":
            continue
        claim = item.claim
        stated.add((claim.ticker, claim.metric, claim.value if claim.metric == "rank" else ""))
    return len(stated & keys) / len(keys) if keys else 0.0


@dataclass(frozen=True)
class ScoreResult:
    """Everything `mcb score` writes: claim rows, one row per cell, and the summary."""

    claims: list[dict]
    cells: list[dict]
    summary: dict

    @property
    def failures(self) -> int:
        return int(self.summary["failures"])

    def write(self, out_dir: Path) -> list[Path]:
        out_dir = Path(out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        claims_path, cells_path, summary_path = out_dir / "claims.jsonl", out_dir / "cells.csv", out_dir / "summary.json"
        with claims_path.open("w", encoding="utf-8", newline="\n") as handle:
            for row in self.claims:
                handle.write(dumps_line(row))
        with cells_path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=CELL_FIELDS)
            writer.writeheader()
            for row in self.cells:
                writer.writerow({key: "" if row.get(key) is None else row.get(key) for key in CELL_FIELDS})
        summary_path.write_text(json.dumps(self.summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        return [claims_path, cells_path, summary_path]

    def with_cell_values(self, name: str, per_cell: Mapping[str, float | None]) -> "ScoreResult":
        """The result with a per-cell value (e.g. the semantic margin) filled in and the summary's
        metrics recomputed; keys the summary gained beyond `summary_of`'s are kept."""
        if name not in CELL_VALUES:
            raise KeyError(f"{name!r} is not a per-cell value of the metric registry; known: {', '.join(CELL_VALUES)}")
        rows = [{**row, name: per_cell.get(row["cell_id"])} for row in self.cells]
        summary = {**self.summary, **summary_of(rows, self.summary.get("model"), self.summary.get("dataset", ""),
                                                self.summary.get("dataset_revision", ""))}
        return ScoreResult(self.claims, rows, summary)


def _cell_row(cell: Cell, counts: Mapping[str, int], values: Mapping[str, float | None],
              weighted: tuple[WeightedClaim, ...] = ()) -> dict:
    """One cells.csv row; it also carries the cell's weighted claims (for the weight metrics, not written)."""
    row = {"cell_id": cell.cell_id, "market": cell.market, "month": cell.month, "arm": cell.arm, "context": cell.context,
           **counts, **{name: values.get(name) for name in CELL_VALUES}, WEIGHT_CLAIMS: weighted}
    row.update({m.name: m.value([row]) for m in CELL_METRICS})
    return row


def _totals(rows: Sequence[Mapping]) -> dict:
    """Counts summed and every metric computed over `rows` (each metric keeps to its arms and contexts)."""
    return {**{name: sum(int(row[name]) for row in rows) for name in COUNT_NAMES}, **metric_values(rows)}


def summary_of(rows: Sequence[Mapping], model: str | None, source: str, revision: str = "") -> dict:
    """summary.json: the failure count first, which scorer made it against which dataset revision,
    then the counts and metrics overall, per arm and per context."""
    overall = _totals(rows)
    return {
        "failures": overall["failures"],
        "model": model,
        "scorer": version.scorer_version(),
        "dataset": source,
        "dataset_revision": revision,
        "cells": len(rows),
        "cells_answered": sum(1 for row in rows if row["responses"]),
        "overall": overall,
        "per_arm": {arm: _totals([r for r in rows if r["arm"] == arm]) for arm in dict.fromkeys(r["arm"] for r in rows)},
        "per_context": {context: _totals([r for r in rows if r["context"] == context])
                        for context in dict.fromkeys(r["context"] for r in rows)},
        "reading_weight": weight_summary(rows, {row["cell_id"]: row.get(WEIGHT_CLAIMS) or () for row in rows}),
        "metrics": {m.name: m.describe() for m in METRICS},
        "note": "rates exclude unverifiable, causal and refusal claims from the denominator; null where it is 0; "
                "each metric sums only the arms and contexts its definition names",
    }


def tabulate(cells: Iterable[Cell], responses: Sequence[Response], claims: Sequence[Mapping],
             values: Mapping[str, Mapping[str, float | None]] | None = None, model: str | None = None,
             source: str = "", revision: str = "") -> ScoreResult:
    """Count verified claim rows into one row per cell (answered or not) and the summary.

    `values` gives per-cell values that are not counts (`coverage`, `semantic_margin`) by cell id.
    """
    by_line: dict[tuple[str, int], list[Mapping]] = {}
    for claim in claims:
        by_line.setdefault((claim["cell_id"], int(claim.get("sample") or 0)), []).append(claim)
    by_cell: dict[str, list[Response]] = {}
    for response in responses:
        by_cell.setdefault(response.cell_id, []).append(response)
    rows = []
    for cell in cells:
        lines = [(r.failed, by_line.get(r.key, [])) for r in by_cell.get(cell.cell_id, [])]
        weighted = weighted_claims(claim for failed, group in lines if not failed for claim in group)
        rows.append(_cell_row(cell, count_cell(cell.context, lines), (values or {}).get(cell.cell_id, {}), weighted))
    return ScoreResult([dict(c) for c in claims], rows, summary_of(rows, model, source, revision))


def score_submission(responses: Iterable[Response], data: ScoringData, model: str | None = None,
                     on_cell: Callable[[], None] | None = None) -> ScoreResult:
    """Score validated responses against `data`; responses must name cells of `data`. `on_cell` is
    called after each cell of `data` is scored (a progress bar counts them)."""
    responses = list(responses)
    by_cell: dict[str, list[Response]] = {}
    for response in responses:
        if response.cell_id not in data.cells:
            raise KeyError(f"line {response.line}: unknown cell_id {response.cell_id!r}")
        by_cell.setdefault(response.cell_id, []).append(response)
    claim_rows: list[dict] = []
    values: dict[str, dict[str, float | None]] = {}
    for cell_id, cell in data.cells.items():
        answered = [r for r in by_cell.get(cell_id, []) if not r.failed]
        scored = [score_response(response, cell, data) for response in answered]
        claim_rows.extend(item.to_dict() for group in scored for item in group)
        if cell.context in COVERAGE_CONTEXTS and answered:
            keys = key_facts(cell, data)
            values[cell_id] = {COVERAGE: round(sum(coverage_of(group, keys) for group in scored) / len(scored), RATE_DECIMALS)}
        if on_cell:
            on_cell()
    result = tabulate(data.cells.values(), responses, claim_rows, values, model, data.source, data.revision)
    result.summary["config"] = data.config
    if data.config == SWEEP_CONFIG:
        result.summary["dose_response"] = dose_response(result.claims, result.cells)
    return result
