"""Ranking: sum the stored per-cell counts over the selected cells, with bootstrap intervals.

The board is ordered by the read rate on the perturbed arms (supported ÷ checkable on `inverted`
and `damped`): only there can a claim that read the data be told from one that was remembered.
Intervals resample cells (the unit that was prompted), 95% percentile, with a fixed seed so a
submission's interval does not move when other submissions arrive.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from leaderboard.columns import (
    CELL_COUNT_FIELDS,
    COLUMN_NAMES,
    DECLINE_CONTEXTS,
    MODEL,
    PERTURBED_ARMS,
    RANK,
    READ_RATE,
    REFUTED_DETAILS,
    SEMANTIC_MARGIN,
)
from leaderboard.store import Aggregate, SubmissionRecord

BOOTSTRAP_SEED = 20260801
BOOTSTRAP_RESAMPLES = 1000
CI_LEVEL = 0.95
RATE_DECIMALS = 3
SIZE_BUCKETS: dict[str, tuple[float, float]] = {
    "< 10B": (0.0, 10.0),
    "10B-100B": (10.0, 100.0),
    "> 100B": (100.0, math.inf),
}
SIZE_CHOICES: tuple[str, ...] = ("all", *SIZE_BUCKETS, "unknown")
CUTOFF_CHOICES: tuple[str, ...] = ("all", "before the month", "after the month", "unknown")
# Numerators of the bootstrapped rates over checkable claims; the read rate uses perturbed cells only.
OTHER_RATES: tuple[str, ...] = ("recited", *REFUTED_DETAILS)


@dataclass(frozen=True)
class BoardFilter:
    """What the reader selected. Empty tuples mean "all"."""

    markets: tuple[str, ...] = ()
    arms: tuple[str, ...] = ()
    contexts: tuple[str, ...] = ()
    size: str = "all"
    cutoff: str = "all"
    search: str = ""

    def __post_init__(self) -> None:
        if self.size not in SIZE_CHOICES:
            raise ValueError(f"size must be one of {', '.join(SIZE_CHOICES)}, not {self.size!r}")
        if self.cutoff not in CUTOFF_CHOICES:
            raise ValueError(f"cutoff must be one of {', '.join(CUTOFF_CHOICES)}, not {self.cutoff!r}")


def cells_frame(entries: Iterable[tuple[SubmissionRecord, Aggregate]]) -> pd.DataFrame:
    """One row per (submission, cell) with its counts: the long table every view filters."""
    rows = []
    for record, aggregate in entries:
        for cell in aggregate.cells:
            rows.append({
                "submission": record.id, "cell_id": cell.cell_id, "market": cell.market, "month": cell.month,
                "arm": cell.arm, "context": cell.context, "coverage": cell.coverage,
                "semantic_margin": cell.semantic_margin, **cell.counts,
            })
    columns = ["submission", "cell_id", "market", "month", "arm", "context", "coverage", "semantic_margin", *CELL_COUNT_FIELDS]
    frame = pd.DataFrame(rows, columns=columns)
    return frame.sort_values(["submission", "cell_id"], kind="stable").reset_index(drop=True)


def latest_per_model(records: Iterable[SubmissionRecord]) -> list[SubmissionRecord]:
    """One row per model and dataset version: the latest submission of (name, revision, release)."""
    latest: dict[tuple[str, str, str], SubmissionRecord] = {}
    for record in records:
        if record.status != "scored":
            continue
        key = (record.meta.name, record.meta.revision, record.release)
        if key not in latest or (record.submitted_at, record.id) > (latest[key].submitted_at, latest[key].id):
            latest[key] = record
    return list(latest.values())


def size_matches(params_b: float | None, size: str) -> bool:
    if size == "all":
        return True
    if size == "unknown":
        return params_b is None
    if params_b is None:
        return False
    low, high = SIZE_BUCKETS[size]
    return low <= params_b < high


def _cutoff_month(cutoff: str | None) -> str | None:
    return cutoff[:7] if cutoff else None


def select(frame: pd.DataFrame, records: Sequence[SubmissionRecord], chosen: BoardFilter) -> tuple[list[SubmissionRecord], pd.DataFrame]:
    """The records and cell rows the filter keeps. The cutoff filter is per cell: "before the
    month" keeps the cells whose month lies after the model's knowledge cutoff (nothing to recall)."""
    needle = chosen.search.strip().casefold()
    kept = [
        r for r in records
        if size_matches(r.meta.params_b, chosen.size)
        and (not needle or needle in r.meta.name.casefold() or needle in r.meta.revision.casefold())
        and (chosen.cutoff in ("all",) or (chosen.cutoff == "unknown") == (r.meta.knowledge_cutoff is None))
    ]
    mask = frame["submission"].isin([r.id for r in kept])
    for name, values in (("market", chosen.markets), ("arm", chosen.arms), ("context", chosen.contexts)):
        if values:
            mask &= frame[name].isin(values)
    rows = frame[mask]
    if chosen.cutoff in ("before the month", "after the month"):
        cutoffs = rows["submission"].map({r.id: _cutoff_month(r.meta.knowledge_cutoff) for r in kept})
        after = rows["month"] > cutoffs
        rows = rows[after if chosen.cutoff == "before the month" else ~after]
    return kept, rows


def _features(rows: pd.DataFrame) -> np.ndarray:
    """Per cell: [supported and checkable on perturbed arms, checkable, then each other numerator]."""
    perturbed = rows["arm"].isin(PERTURBED_ARMS).to_numpy()
    columns = [
        np.where(perturbed, rows["supported"].to_numpy(), 0),
        np.where(perturbed, rows["checkable"].to_numpy(), 0),
        rows["checkable"].to_numpy(),
        *(rows[name].to_numpy() for name in OTHER_RATES),
    ]
    return np.stack(columns, axis=-1).astype(float)


def _rates(sums: np.ndarray) -> np.ndarray:
    """sums [..., K] -> rates [..., 1 + len(OTHER_RATES)], NaN where the denominator is 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        read = np.where(sums[..., 1] > 0, sums[..., 0] / sums[..., 1], np.nan)
        others = np.where(sums[..., 2:3] > 0, sums[..., 3:] / sums[..., 2:3], np.nan)
    return np.concatenate([read[..., None], others], axis=-1)


def _resample_weights(n_cells: int, resamples: int, seed: int) -> np.ndarray:
    """How often each cell is drawn in each resample, [B, n]; depends only on n and the seed."""
    rng = np.random.default_rng([seed, n_cells])
    draws = rng.integers(0, n_cells, size=(resamples, n_cells))
    weights = np.zeros((resamples, n_cells))
    np.add.at(weights, (np.arange(resamples)[:, None], draws), 1.0)
    return weights


def bootstrap_rates(
    per_submission: dict[str, np.ndarray], resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED
) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Point rates and 95% percentile bounds for each submission's [n_cells, K] feature matrix.

    Submissions with the same number of cells share one weight matrix and one einsum.
    """
    out: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    by_size: dict[int, list[str]] = {}
    for sid, features in per_submission.items():
        by_size.setdefault(features.shape[0], []).append(sid)
    tail = (1.0 - CI_LEVEL) / 2 * 100
    for n_cells, sids in by_size.items():
        stacked = np.stack([per_submission[sid] for sid in sids])  # [S, n, K]
        points = _rates(stacked.sum(axis=1))
        if n_cells == 0:
            lows = highs = np.full_like(points, np.nan)
        else:
            sums = np.einsum("bn,snk->sbk", _resample_weights(n_cells, resamples, seed), stacked)
            rates = _rates(sums)  # [S, B, R]
            with warnings.catch_warnings():  # all-NaN slices (nothing checkable) are expected
                warnings.simplefilter("ignore", RuntimeWarning)
                lows, highs = np.nanpercentile(rates, [tail, 100 - tail], axis=1)
        for index, sid in enumerate(sids):
            out[sid] = (points[index], lows[index], highs[index])
    return out


def _round(value: float) -> float | None:
    return None if value is None or not math.isfinite(value) else round(float(value), RATE_DECIMALS)


def format_ci(low: float, high: float) -> str:
    """A rate with nothing checkable shows "—", not 0."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return "—"
    return f"[{low:.{RATE_DECIMALS}f}, {high:.{RATE_DECIMALS}f}]"


def rank(records: Sequence[SubmissionRecord], frame: pd.DataFrame, chosen: BoardFilter = BoardFilter()) -> pd.DataFrame:
    """The board for a filter: one row per model and release, every column of `COLUMN_NAMES`."""
    kept, rows = select(frame, latest_per_model(records), chosen)
    groups = {sid: group for sid, group in rows.groupby("submission", sort=False)}
    estimates = bootstrap_rates({sid: _features(group) for sid, group in groups.items()})
    table = []
    for record in kept:
        group = groups.get(record.id)
        if group is None:
            continue
        point, low, high = estimates[record.id]
        totals = group[list(CELL_COUNT_FIELDS)].sum()
        declining = group[group["context"].isin(DECLINE_CONTEXTS)]
        coverage = group.loc[group["context"] == "full", "coverage"].dropna()
        # Mean of the per-cell margins in the selection: unfiltered, that is summary.json's overall.
        margins = pd.to_numeric(group["semantic_margin"], errors="coerce").dropna()
        row = {
            MODEL: record.meta.name,
            "revision": record.meta.revision,
            "release": record.release,
            "params (B)": record.meta.params_b,
            "knowledge cutoff": record.meta.knowledge_cutoff or "unknown",
            "unverifiable": int(totals["unverifiable"]),
            "causal": int(totals["causal"]),
            "coverage (full)": _round(coverage.mean()) if len(coverage) else None,
            SEMANTIC_MARGIN: _round(margins.mean()) if len(margins) else None,
            "claims / response": _round(totals["claims"] / totals["responses"]) if totals["responses"] else None,
            "declines (none/probe)": _round(declining["declines"].sum() / declining["responses"].sum())
            if len(declining) and declining["responses"].sum() else None,
            "failures": int(totals["failures"]),
            "cells": int(len(group)),
            "link": record.meta.link or "",
            "submitted": record.submitted_at,
            "submission": record.id,
        }
        for index, name in enumerate((READ_RATE, *OTHER_RATES)):
            row[name] = _round(point[index])
            row[f"{name} 95% CI"] = format_ci(low[index], high[index])
        table.append(row)
    board = pd.DataFrame(table, columns=[c for c in COLUMN_NAMES if c != RANK])
    if board.empty:
        return pd.DataFrame(columns=list(COLUMN_NAMES))
    board["_missing"] = board[READ_RATE].isna()
    board = board.sort_values(
        ["_missing", READ_RATE, "fabricated", MODEL, "submission"], ascending=[True, False, True, True, True],
        na_position="last", kind="stable",
    ).drop(columns="_missing")
    board.insert(0, RANK, range(1, len(board) + 1))
    return board.reset_index(drop=True)


def cell_table(frame: pd.DataFrame, submission: str) -> pd.DataFrame:
    """Every cell of one submission, including cells with no answer, no claims or only failures."""
    rows = frame[frame["submission"] == submission].copy()
    rows["status"] = [
        "failed" if f and not r else "no answer" if not r else "no claims" if not c else "scored"
        for r, f, c in zip(rows["responses"], rows["failures"], rows["claims"])
    ]
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = rows["supported"] / rows["checkable"]
    rows["read rate"] = [format_rate(v) for v in rate]
    rows["coverage"] = [format_rate(v) if v is not None and not pd.isna(v) else "" for v in rows["coverage"]]
    shown = ["cell_id", "market", "arm", "context", "status", *CELL_COUNT_FIELDS, "read rate", "coverage"]
    return rows[shown].reset_index(drop=True)


def format_rate(value: float) -> str:
    return "—" if value is None or not math.isfinite(value) else f"{value:.{RATE_DECIMALS}f}"
