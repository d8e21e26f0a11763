"""Scoring a submission: extract claims per response, verify each twice, count per cell.

`score_submission` is the library entry point (the leaderboard calls it directly); `mcb score` is
a thin wrapper. Every cell of the dataset gets a row, answered or not; rates leave their
denominator's zeros empty, never 0.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from builder.cells import Cell
from builder.facts import RANK_RULES
from extractors.claims import Claim
from extractors.extract import extract_claims
from extractors.oracle import view_of
from extractors.scoring_data import ScoringData
from contracts.submission import Response
from extractors.verdicts import CHECKABLE_VERDICTS, DETAILS, VERDICTS, Verdict
from extractors.verify import verify

CLAIM_FIELDS = ("cell_id", "sample", "ticker", "metric", "value", "verdict", "detail", "shown_value", "true_value",
                "distinguishable", "text", "date", "anchor", "extreme", "decimals", "start", "end")
REFUTED_DETAILS = tuple(d for d in DETAILS if d not in ("supported", "recited", "unverifiable"))
COUNT_FIELDS = ("responses", "failures", "claims", "checkable", "distinguishable", *VERDICTS[:3], *REFUTED_DETAILS,
                "unverifiable", "causal", "refusals")
RATE_FIELDS = tuple(f"{name}_rate" for name in ("supported", "recited", "refuted", *REFUTED_DETAILS))
CELL_FIELDS = ("cell_id", "market", "month", "arm", "context", *COUNT_FIELDS, "coverage", *RATE_FIELDS)
# Contexts where coverage (share of the panel's key facts stated correctly) means something.
COVERAGE_CONTEXTS = ("full",)
RATE_DECIMALS = 4


@dataclass(frozen=True)
class ScoredClaim:
    cell_id: str
    sample: int
    claim: Claim
    verdict: Verdict

    def to_dict(self) -> dict:
        row = {"cell_id": self.cell_id, "sample": self.sample, **self.claim.to_dict(), **self.verdict.to_dict()}
        row.pop("sentence", None)
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


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, RATE_DECIMALS) if whole else None


def _counts(scored: Iterable[ScoredClaim]) -> dict[str, int]:
    counts = dict.fromkeys(COUNT_FIELDS, 0)
    for item in scored:
        counts["claims"] += 1
        metric, verdict = item.claim.metric, item.verdict
        if metric == "causal":
            counts["causal"] += 1
        elif metric == "refusal":
            counts["refusals"] += 1
        elif verdict.verdict in CHECKABLE_VERDICTS:
            counts["checkable"] += 1
            counts[verdict.verdict] += 1
            if verdict.detail in REFUTED_DETAILS:
                counts[verdict.detail] += 1
            counts["distinguishable"] += int(verdict.distinguishable)
        else:
            counts["unverifiable"] += 1
    return counts


def _with_rates(counts: dict[str, int]) -> dict:
    row = dict(counts)
    for name in ("supported", "recited", "refuted", *REFUTED_DETAILS):
        row[f"{name}_rate"] = _rate(counts[name], counts["checkable"])
    return row


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
        with claims_path.open("w", encoding="utf-8") as handle:
            for row in self.claims:
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
        with cells_path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=CELL_FIELDS)
            writer.writeheader()
            for row in self.cells:
                writer.writerow({key: "" if row.get(key) is None else row.get(key) for key in CELL_FIELDS})
        summary_path.write_text(json.dumps(self.summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        return [claims_path, cells_path, summary_path]


def _group_summary(rows: list[dict], field: str) -> dict[str, dict]:
    groups: dict[str, dict[str, int]] = {}
    for row in rows:
        totals = groups.setdefault(row[field], dict.fromkeys(COUNT_FIELDS, 0))
        for name in COUNT_FIELDS:
            totals[name] += row[name]
    return {key: _with_rates(value) for key, value in groups.items()}


def score_submission(responses: Iterable[Response], data: ScoringData, model: str | None = None) -> ScoreResult:
    """Score validated responses against `data`; responses must name cells of `data`."""
    by_cell: dict[str, list[Response]] = {}
    for response in responses:
        if response.cell_id not in data.cells:
            raise KeyError(f"line {response.line}: unknown cell_id {response.cell_id!r}")
        by_cell.setdefault(response.cell_id, []).append(response)
    claim_rows: list[dict] = []
    cell_rows: list[dict] = []
    for cell_id, cell in data.cells.items():
        answered = by_cell.get(cell_id, [])
        scored_per_response = [score_response(response, cell, data) for response in answered]
        scored = [item for group in scored_per_response for item in group]
        claim_rows.extend(item.to_dict() for item in scored)
        counts = _counts(scored)
        counts["responses"] = sum(not r.failed for r in answered)
        counts["failures"] = sum(r.failed for r in answered)
        coverage = None
        ok = [group for group, response in zip(scored_per_response, answered) if not response.failed]
        if cell.context in COVERAGE_CONTEXTS and ok:
            keys = key_facts(cell, data)
            coverage = round(sum(coverage_of(group, keys) for group in ok) / len(ok), RATE_DECIMALS)
        row = {"cell_id": cell_id, "market": cell.market, "month": cell.month, "arm": cell.arm, "context": cell.context,
               **_with_rates(counts), "coverage": coverage}
        cell_rows.append(row)
    totals = dict.fromkeys(COUNT_FIELDS, 0)
    for row in cell_rows:
        for name in COUNT_FIELDS:
            totals[name] += row[name]
    summary = {
        "failures": totals["failures"],
        "model": model,
        "dataset": data.source,
        "cells": len(cell_rows),
        "cells_answered": sum(1 for row in cell_rows if row["responses"]),
        "overall": _with_rates(totals),
        "per_arm": _group_summary(cell_rows, "arm"),
        "per_context": _group_summary(cell_rows, "context"),
        "note": "rates exclude unverifiable, causal and refusal claims from the denominator; null where it is 0",
    }
    return ScoreResult(claim_rows, cell_rows, summary)
