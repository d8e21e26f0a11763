"""Ranking: sum the stored per-cell counts over the selected cells, with paired bootstrap intervals.

Every figure is a metric of the scorer's registry (`extractors.metrics`), aggregated here from the
counts cells.csv holds; nothing is counted twice. The board is ordered by the read rate on the
perturbed arms (supported ÷ distinguishable checkable claims on `inverted` and `damped`): only there
can a claim that read the data be told from one that was remembered.

Intervals are a paired bootstrap over cells: for each dataset release, every resample draws the
same cells (by cell id) for every submission, 95% percentile, with a seed fixed per release and
number of cells, so a row's interval does not move when other submissions arrive. A rate whose
denominator is empty in fewer than `MIN_INTERVAL_CELLS` cells of the selection gets no interval
("—" and the reason). Ranks are rank groups, as LMArena's: a model's rank is 1 + the number of
models significantly better than it (the 95% interval of the paired difference in read rate lies
above zero), so models that cannot be told apart share a rank.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from extractors.bootstrap import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, CI_LEVEL, nan_percentiles, resample_weights
from extractors.metrics import (
    CELL_VALUES,
    COUNT_NAMES,
    METRICS,
    MIN_INTERVAL_CELLS,
    PRIMARY,
    WEIGHT_CLAIMS,
    Metric,
    interval_note,
    metric,
)
from extractors.weight import NO_WEIGHTED_CLAIM, point_weight, resampled_weights_many
from leaderboard.columns import COLUMN_NAMES, MODEL, RANK, SCORER, ci_header
from leaderboard.store import Aggregate, SubmissionRecord

RATE_DECIMALS = 3
# Submissions bootstrapped at once: bounds memory at CHUNK x resamples x rates floats.
CHUNK = 128
SIZE_BUCKETS: dict[str, tuple[float, float]] = {
    "< 10B": (0.0, 10.0),
    "10B-100B": (10.0, 100.0),
    "> 100B": (100.0, math.inf),
}
SIZE_CHOICES: tuple[str, ...] = ("all", *SIZE_BUCKETS, "unknown")
CUTOFF_CHOICES: tuple[str, ...] = ("all", "before the month", "after the month", "unknown")
RATES: tuple[Metric, ...] = tuple(m for m in METRICS if m.kind == "rate")
WEIGHTS: tuple[Metric, ...] = tuple(m for m in METRICS if m.kind == "weight")
PRIMARY_METRIC = metric(PRIMARY)
PRIMARY_INDEX = RATES.index(PRIMARY_METRIC)
# The tie-break after rank and read rate: the share of fabricated claims, lower first.
TIE_BREAK = metric("fabricated_rate")
NOTHING_CHECKABLE = "— (nothing checkable)"


@dataclass(frozen=True)
class BoardFilter:
    """What the reader selected. Empty tuples mean "all"."""

    markets: tuple[str, ...] = ()
    arms: tuple[str, ...] = ()
    contexts: tuple[str, ...] = ()
    size: str = "all"
    cutoff: str = "all"
    search: str = ""
    # "" ranks each submission's current-scorer result (its newest where it has none); a version ranks that one's.
    scorer: str = ""

    def __post_init__(self) -> None:
        if self.size not in SIZE_CHOICES:
            raise ValueError(f"size must be one of {', '.join(SIZE_CHOICES)}, not {self.size!r}")
        if self.cutoff not in CUTOFF_CHOICES:
            raise ValueError(f"cutoff must be one of {', '.join(CUTOFF_CHOICES)}, not {self.cutoff!r}")


FRAME_KEYS = ("submission", "scorer", "preferred", "release", "cell_id", "market", "month", "arm", "context")


def preferred_results(entries: Iterable[tuple[SubmissionRecord, Aggregate]], current: str | None) -> dict[str, str]:
    """Submission id -> the scorer version the board shows by default: the current scorer's result
    where one is stored, else the newest result (a result stored before versions counts as oldest)."""
    chosen: dict[str, tuple[tuple, str]] = {}
    for record, aggregate in entries:
        key = (aggregate.scorer == current, aggregate.scored_at or record.submitted_at, aggregate.scorer)
        if record.id not in chosen or key > chosen[record.id][0]:
            chosen[record.id] = (key, aggregate.scorer)
    return {sid: scorer for sid, (_, scorer) in chosen.items()}


def cells_frame(entries: Iterable[tuple[SubmissionRecord, Aggregate]], current: str | None = None) -> pd.DataFrame:
    """One row per (submission, scorer version, cell) with its counts and per-cell values: the long
    table every view filters. `preferred` marks each submission's default result (`preferred_results`)."""
    entries = list(entries)
    preferred = preferred_results(entries, current)
    rows = []
    for record, aggregate in entries:
        for cell in aggregate.cells:
            rows.append({
                "submission": record.id, "scorer": aggregate.scorer, "preferred": preferred[record.id] == aggregate.scorer,
                "release": aggregate.release, "cell_id": cell.cell_id, "market": cell.market,
                "month": cell.month, "arm": cell.arm, "context": cell.context,
                **{name: cell.values.get(name) for name in CELL_VALUES},
                **{name: int(cell.counts.get(name, 0) or 0) for name in COUNT_NAMES},
                WEIGHT_CLAIMS: cell.weighted,
            })
    frame = pd.DataFrame(rows, columns=[*FRAME_KEYS, *CELL_VALUES, *COUNT_NAMES, WEIGHT_CLAIMS])
    for name in CELL_VALUES:
        frame[name] = pd.to_numeric(frame[name], errors="coerce")
    frame["preferred"] = frame["preferred"].astype(bool)
    return frame.sort_values(["submission", "cell_id"], kind="stable").reset_index(drop=True)


def scorer_choices(frame: pd.DataFrame) -> list[str]:
    """Every scorer version with a stored result, for the board's scorer filter."""
    return sorted(frame["scorer"].unique().tolist()) if not frame.empty else []


def latest_per_model(records: Iterable[SubmissionRecord]) -> list[SubmissionRecord]:
    """One row per model and dataset version and submitter: the latest submission of (name, revision,
    release, submitter), so no submitter's file can replace another's row."""
    latest: dict[tuple[str, str, str, str], SubmissionRecord] = {}
    for record in records:
        if record.status != "scored":
            continue
        key = record.row_key
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
    mask &= frame["preferred"] if not chosen.scorer else frame["scorer"] == chosen.scorer
    for name, values in (("market", chosen.markets), ("arm", chosen.arms), ("context", chosen.contexts)):
        if values:
            mask &= frame[name].isin(values)
    rows = frame[mask]
    if chosen.cutoff in ("before the month", "after the month"):
        cutoffs = rows["submission"].map({r.id: _cutoff_month(r.meta.knowledge_cutoff) for r in kept})
        after = rows["month"] > cutoffs
        rows = rows[after if chosen.cutoff == "before the month" else ~after]
    return kept, rows


def applies(rows: pd.DataFrame, entry: Metric) -> np.ndarray:
    """Which rows (cells) a metric counts: its arms and its contexts."""
    return (rows["arm"].isin(entry.arms) & rows["context"].isin(entry.contexts)).to_numpy()


def rate_features(rows: pd.DataFrame) -> np.ndarray:
    """Per cell, for every rate: [numerator, denominator], zero where the rate does not apply. [n, 2R]"""
    columns = []
    for entry in RATES:
        mask = applies(rows, entry)
        columns.append(np.where(mask, rows[entry.numerator].to_numpy(), 0))
        columns.append(np.where(mask, rows[entry.denominator].to_numpy(), 0))
    return np.stack(columns, axis=-1).astype(float) if len(rows) else np.zeros((0, 2 * len(RATES)))


def rates_of(sums: np.ndarray) -> np.ndarray:
    """[..., 2R] numerator/denominator sums -> [..., R] rates, NaN where the denominator is 0."""
    numerators, denominators = sums[..., 0::2], sums[..., 1::2]
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominators > 0, numerators / denominators, np.nan)


@dataclass(frozen=True)
class Estimates:
    """Paired bootstrap over one release's cells for S submissions and R rates.

    `points`, `lows`, `highs`: [S, R]; `cells`: [S, R] cells with a non-empty denominator;
    `primary`: [S, B] the resampled read rate, kept for the paired comparisons.
    """

    ids: tuple[str, ...]
    points: np.ndarray
    lows: np.ndarray
    highs: np.ndarray
    cells: np.ndarray
    primary: np.ndarray


def bootstrap_rates(features: Sequence[np.ndarray], ids: Sequence[str], resamples: int = BOOTSTRAP_RESAMPLES,
                    seed: int = BOOTSTRAP_SEED) -> Estimates:
    """Features [n, 2R] per submission, aligned on the same n cells (the pairing); one weight matrix for all."""
    stacked = np.stack(features) if len(features) else np.zeros((0, 0, 2 * len(RATES)))  # [S, n, 2R]
    n_cells = stacked.shape[1]
    points = rates_of(stacked.sum(axis=1))
    cells = (stacked[..., 1::2] > 0).sum(axis=1)
    tail = (1.0 - CI_LEVEL) / 2 * 100
    if n_cells == 0:
        empty = np.full_like(points, np.nan)
        return Estimates(tuple(ids), points, empty, empty, cells, np.full((len(ids), resamples), np.nan))
    weights = resample_weights(n_cells, resamples, seed)
    lows, highs, primary = [], [], []
    for start in range(0, len(ids), CHUNK):
        rates = rates_of(np.einsum("bn,snk->sbk", weights, stacked[start:start + CHUNK]))  # [s, B, R]
        low, high = nan_percentiles(rates, [tail, 100 - tail], axis=1)
        lows.append(low)
        highs.append(high)
        primary.append(rates[..., PRIMARY_INDEX].astype(np.float32))
    return Estimates(tuple(ids), points, np.concatenate(lows), np.concatenate(highs), cells, np.concatenate(primary))


def rank_groups(estimates: Estimates) -> list[int | None]:
    """1 + the number of models significantly better on the read rate, for models with an interval
    (None for the rest). Better means the 95% interval of the paired difference lies above zero:
    fewer than 2.5% of the paired resamples have the other model's read rate at or below this one's.
    Where the two marginal intervals do not even overlap that holds without computing it."""
    eligible = estimates.cells[:, PRIMARY_INDEX] >= MIN_INTERVAL_CELLS
    points, lows, highs = (a[:, PRIMARY_INDEX] for a in (estimates.points, estimates.lows, estimates.highs))
    tail = (1.0 - CI_LEVEL) / 2
    any_missing = bool(np.isnan(estimates.primary[eligible]).any())
    ranks: list[int | None] = []
    for i in range(len(estimates.ids)):
        if not eligible[i]:
            ranks.append(None)
            continue
        better = eligible & (points > points[i])
        better[i] = False
        clear = better & (lows > highs[i])
        close = np.flatnonzero(better & ~clear)
        significant = int(clear.sum())
        if len(close):
            others, mine = estimates.primary[close], estimates.primary[i]  # [k, B], [B]
            if any_missing:
                valid = ~(np.isnan(others) | np.isnan(mine))
                draws = valid.sum(axis=1)
                not_better = ((others <= mine) & valid).sum(axis=1)
            else:
                draws = np.full(len(close), len(mine))
                not_better = (others <= mine).sum(axis=1)
            significant += int(((draws > 0) & (not_better < tail * draws)).sum())
        ranks.append(1 + significant)
    return ranks


def _round(value: float | None) -> float | None:
    return None if value is None or not math.isfinite(value) else round(float(value), RATE_DECIMALS)


def format_ci(low: float, high: float, cells: int = MIN_INTERVAL_CELLS) -> str:
    """A rate's interval; "—" and why when nothing is checkable or too few cells have data."""
    if cells == 0 or not (math.isfinite(low) and math.isfinite(high)):
        return NOTHING_CHECKABLE
    if cells < MIN_INTERVAL_CELLS:
        return interval_note(cells)
    return f"[{low:.{RATE_DECIMALS}f}, {high:.{RATE_DECIMALS}f}]"


def parse_ci(text: object) -> tuple[float, float] | None:
    """The bounds `format_ci` wrote, or None for its "—" notes (and anything else)."""
    if not isinstance(text, str) or not text.startswith("[") or not text.endswith("]"):
        return None
    try:
        low, high = (float(part) for part in text[1:-1].split(","))
    except ValueError:
        return None
    return (low, high) if math.isfinite(low) and math.isfinite(high) else None


def aligned_features(features: np.ndarray, cell_ids: np.ndarray, positions: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Each submission's rows of `features` on the union of their cell ids (zeros where one lacks a
    cell), so the bootstrap draws the same cells for all of them."""
    union = np.unique(np.concatenate([cell_ids[p] for p in positions])) if positions else np.array([])
    out = []
    for rows in positions:
        mine = cell_ids[rows]
        if len(mine) == len(union) and (mine == union).all():  # the usual case: every cell of the version, in order
            out.append(features[rows])
            continue
        aligned = np.zeros((len(union), features.shape[1]))
        aligned[np.searchsorted(union, mine)] = features[rows]
        out.append(aligned)
    return out


@dataclass(frozen=True)
class WeightColumn:
    """One weight metric's point, interval and cells with claims for each of S submissions."""

    points: list[float | None]
    lows: np.ndarray
    highs: np.ndarray
    cells: list[int]

    def interval(self, index: int) -> str:
        if self.cells[index] == 0:
            return NO_WEIGHTED_CLAIM
        return format_ci(self.lows[index], self.highs[index], self.cells[index])


def bootstrap_weight(rows: pd.DataFrame, entry: Metric, positions: Sequence[np.ndarray],
                     resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED) -> WeightColumn:
    """A weight metric (`extractors.weight`) per submission over the selected cells it applies to,
    resampled on the same draws as the rates (the union of the submissions' cell ids, in id order)."""
    cell_ids = rows["cell_id"].to_numpy()
    union = np.unique(np.concatenate([cell_ids[p] for p in positions])) if positions else np.array([])
    mask = applies(rows, entry)
    claims = rows[entry.numerator].to_numpy()
    draws = resample_weights(len(union), resamples, seed) if len(union) else np.zeros((resamples, 0))
    submissions = []
    for mine in positions:
        per_cell: list = [()] * len(union)
        for index, where in zip(mine, np.searchsorted(union, cell_ids[mine])):
            if mask[index]:
                per_cell[where] = claims[index] or ()
        submissions.append(per_cell)
    points = [point_weight(claim for cell in per_cell for claim in cell) for per_cell in submissions]
    cells = [sum(1 for cell in per_cell if cell) for per_cell in submissions]
    stacked = resampled_weights_many(submissions, draws) if submissions else np.zeros((0, resamples))
    tail = (1.0 - CI_LEVEL) / 2 * 100
    lows, highs = nan_percentiles(stacked, [tail, 100 - tail], axis=1)
    return WeightColumn(points, lows, highs, cells)


def other_values(rows: pd.DataFrame) -> pd.DataFrame:
    """Every ratio, sum and mean of the registry per submission, over the selected cells it applies to."""
    columns = {}
    by = rows["submission"]
    for entry in METRICS:
        if entry.interval:
            continue
        mask = applies(rows, entry)
        if entry.kind == "mean":
            columns[entry.header] = rows[entry.numerator].where(mask).groupby(by).mean()
            continue
        numerator = rows[entry.numerator].where(mask, 0).groupby(by).sum()
        if entry.kind == "sum":
            columns[entry.header] = numerator.astype(int)
            continue
        denominator = rows[entry.denominator].where(mask, 0).groupby(by).sum()
        columns[entry.header] = (numerator / denominator.where(denominator > 0)).astype(float)
    table = pd.DataFrame(columns)
    for entry in METRICS:
        if entry.kind in ("mean", "ratio"):
            table[entry.header] = table[entry.header].round(RATE_DECIMALS)
    return table.astype(object).where(table.notna(), None)


def rank(records: Sequence[SubmissionRecord], frame: pd.DataFrame, chosen: BoardFilter = BoardFilter()) -> pd.DataFrame:
    """The board for a filter: one row per model and release, every column of `COLUMN_NAMES`."""
    kept, rows = select(frame, latest_per_model(records), chosen)
    rows = rows.reset_index(drop=True)
    positions = rows.groupby("submission", sort=False).indices
    kept = [record for record in kept if record.id in positions]
    features, cell_ids, others = rate_features(rows), rows["cell_id"].to_numpy(), other_values(rows)
    cell_scorers = rows["scorer"].to_numpy()
    table = []
    for release in sorted({record.release for record in kept}):
        mine = [record for record in kept if record.release == release]
        estimates = bootstrap_rates(aligned_features(features, cell_ids, [positions[r.id] for r in mine]), [r.id for r in mine])
        weights = {entry.name: bootstrap_weight(rows, entry, [positions[r.id] for r in mine]) for entry in WEIGHTS}
        for index, (record, position) in enumerate(zip(mine, rank_groups(estimates))):
            row = {
                RANK: position,
                MODEL: record.meta.name,
                "revision": record.meta.revision,
                "release": record.release,
                SCORER: cell_scorers[positions[record.id][0]],
                "params (B)": record.meta.params_b,
                "knowledge cutoff": record.meta.knowledge_cutoff or "unknown",
                "cells": int(len(positions[record.id])),
                "link": record.meta.link or "",
                "submitter": record.submitter,
                "submitted": record.submitted_at,
                "submission": record.id,
                **others.loc[record.id].to_dict(),
            }
            for r, entry in enumerate(RATES):
                row[entry.header] = _round(estimates.points[index, r])
                row[ci_header(entry)] = format_ci(estimates.lows[index, r], estimates.highs[index, r],
                                                  int(estimates.cells[index, r]))
            for entry in WEIGHTS:
                row[entry.header] = _round(weights[entry.name].points[index])
                row[ci_header(entry)] = weights[entry.name].interval(index)
            table.append(row)
    if not table:
        return pd.DataFrame(columns=list(COLUMN_NAMES))
    board = pd.DataFrame(table, columns=list(COLUMN_NAMES))
    board["_unranked"] = board[RANK].isna()
    board = board.sort_values(
        ["_unranked", RANK, PRIMARY_METRIC.header, TIE_BREAK.header, MODEL, "submission"],
        ascending=[True, True, False, True, True, True], na_position="last", kind="stable",
    ).drop(columns="_unranked")
    board[RANK] = board[RANK].astype("Int64")
    return board.reset_index(drop=True)


def cell_table(frame: pd.DataFrame, submission: str) -> pd.DataFrame:
    """Every cell of one submission, including cells with no answer, no claims or only failures."""
    rows = frame[(frame["submission"] == submission) & frame["preferred"]].copy()
    rows["status"] = [
        "failed" if f and not r else "no answer" if not r else "no claims" if not c else "scored"
        for r, f, c in zip(rows["responses"], rows["failures"], rows["claims"])
    ]
    records = rows.to_dict("records")
    rows[PRIMARY_METRIC.header] = [format_rate(PRIMARY_METRIC.value([row])) for row in records]
    coverage = metric("coverage")
    rows[coverage.header] = [format_rate(row[coverage.numerator]) if coverage.applies(row["arm"], row["context"])
                             and not pd.isna(row[coverage.numerator]) else "" for row in records]
    for entry in WEIGHTS:
        rows[entry.header] = [format_rate(entry.value([row])) for row in records]
    shown = ["cell_id", "market", "arm", "context", "status", *COUNT_NAMES, PRIMARY_METRIC.header,
             *(entry.header for entry in WEIGHTS), coverage.header]
    return rows[shown].reset_index(drop=True)


def format_rate(value: float | None) -> str:
    return "—" if value is None or not math.isfinite(value) else f"{value:.{RATE_DECIMALS}f}"
