"""Figures with intervals for the charts and the Compare page: each model's read and recited rates,
and paired differences between two to four models per arm and per context.

Nothing is resampled a new way here. A model's rates and intervals come from the board's own
bootstrap (`leaderboard.ranking.bootstrap_rates`) under the same filter, so a chart's error bar is
the board's interval. A paired difference draws the cells both models answered with the seeded
draws of `extractors.bootstrap.resample_weights` (they depend only on the number of cells), applies
the same draws to both models' counts and takes the 95% percentile interval of the difference: the
pairing the board's rank groups use, over the cells the two share in that slice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import pandas as pd

from extractors.bootstrap import MIN_INTERVAL_CELLS, interval_note, interval_percents, nan_percentiles, resample_weights
from extractors.metrics import Metric, metric
from leaderboard.ranking import (
    RATES,
    BoardFilter,
    aligned_features,
    bootstrap_rates,
    latest_per_model,
    rate_features,
    rates_of,
    select,
)
from leaderboard.store import SubmissionRecord

# The two rates every chart and comparison shows: reading (higher is better) and recall (lower is).
READ, RECITED = metric("read_rate"), metric("recited_rate")
COMPARED: tuple[Metric, ...] = (READ, RECITED)
MIN_MODELS, MAX_MODELS = 2, 4
WHOLE = "all selected cells"
NOTHING_SHARED = "— (no shared cell has data for both)"


@dataclass(frozen=True)
class RateInterval:
    """A rate with its 95% interval; `cells` have something in its denominator. No interval
    (None bounds) below `MIN_INTERVAL_CELLS` cells: the board shows "—" there too."""

    point: float | None
    low: float | None
    high: float | None
    cells: int

    @property
    def has_interval(self) -> bool:
        return self.low is not None and self.high is not None

    @property
    def note(self) -> str:
        """Why there is no interval ("" when there is one)."""
        if self.has_interval:
            return ""
        return "— (nothing checkable)" if self.cells == 0 else interval_note(self.cells)


def _finite(value: float) -> float | None:
    return float(value) if value is not None and math.isfinite(value) else None


def rate_interval(point: float, low: float, high: float, cells: int) -> RateInterval:
    enough = cells >= MIN_INTERVAL_CELLS and _finite(low) is not None and _finite(high) is not None
    return RateInterval(_finite(point), _finite(low) if enough else None, _finite(high) if enough else None, int(cells))


@dataclass(frozen=True)
class ModelRates:
    """One model's read and recited rates under a filter: one point of the scatter."""

    submission: str
    model: str
    release: str
    read: RateInterval
    recited: RateInterval


def model_rates(records: Sequence[SubmissionRecord], frame: pd.DataFrame, chosen: BoardFilter = BoardFilter()) -> tuple[ModelRates, ...]:
    """Every board row's read and recited rates with the board's intervals, for the rows that have
    something checkable under `chosen` (a model with nothing to check has no point). Ordered by read
    rate, highest first, then name."""
    kept, rows = select(frame, latest_per_model(records), chosen)
    rows = rows.reset_index(drop=True)
    positions = rows.groupby("submission", sort=False).indices
    kept = [record for record in kept if record.id in positions]
    features, cell_ids = rate_features(rows), rows["cell_id"].to_numpy()
    indices = {entry.name: RATES.index(entry) for entry in COMPARED}
    out = []
    for release in sorted({record.release for record in kept}):
        mine = [record for record in kept if record.release == release]
        estimates = bootstrap_rates(aligned_features(features, cell_ids, [positions[r.id] for r in mine]), [r.id for r in mine])
        for index, record in enumerate(mine):
            read, recited = (rate_interval(estimates.points[index, k], estimates.lows[index, k], estimates.highs[index, k],
                                           estimates.cells[index, k]) for k in (indices[READ.name], indices[RECITED.name]))
            if read.point is None and recited.point is None:
                continue
            out.append(ModelRates(record.id, record.meta.name, release, read, recited))
    return tuple(sorted(out, key=lambda m: (-(m.read.point if m.read.point is not None else -1.0), m.model.casefold(), m.submission)))


@dataclass(frozen=True)
class Difference:
    """first − second on one metric over one slice of the cells both answered, paired."""

    metric: str
    slice: str
    first: str
    second: str
    point: float | None
    low: float | None
    high: float | None
    shared: int
    cells: int

    @property
    def note(self) -> str:
        if self.low is not None:
            return ""
        return NOTHING_SHARED if self.cells == 0 else interval_note(self.cells)

    @property
    def significant(self) -> bool:
        """The 95% interval excludes zero."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)


@dataclass(frozen=True)
class ComparedModel:
    submission: str
    model: str
    release: str


@dataclass(frozen=True)
class Comparison:
    """Paired differences for every pair of the chosen models, per metric and slice."""

    models: tuple[ComparedModel, ...]
    slices: tuple[str, ...]
    differences: tuple[Difference, ...]

    def name(self, submission: str) -> str:
        return next(m.model for m in self.models if m.submission == submission)

    def find(self, metric_name: str, slice_name: str, first: str, second: str) -> Difference:
        for entry in self.differences:
            if (entry.metric, entry.slice, entry.first, entry.second) == (metric_name, slice_name, first, second):
                return entry
        raise KeyError(f"no difference {metric_name} / {slice_name} / {first} - {second}")


def slice_name(dimension: str, value: str) -> str:
    return f"{dimension} {value}"


def _slices(rows: pd.DataFrame) -> list[tuple[str, pd.Series]]:
    """The whole selection, then each arm the compared rates count, then each context."""
    arms = [arm for arm in READ.arms if arm in set(rows["arm"])]
    contexts = [context for context in READ.contexts if context in set(rows["context"])]
    return ([(WHOLE, pd.Series(True, index=rows.index))]
            + [(slice_name("arm", arm), rows["arm"] == arm) for arm in arms]
            + [(slice_name("context", context), rows["context"] == context) for context in contexts])


def paired_difference(first: np.ndarray, second: np.ndarray, entry: Metric, slice_label: str, ids: tuple[str, str]) -> Difference:
    """first − second of one rate from two models' rate features on the same cells, in the same order."""
    k = RATES.index(entry)
    shared = len(first)
    with_data = int(((first[:, 2 * k + 1] > 0) & (second[:, 2 * k + 1] > 0)).sum())
    if shared == 0:
        return Difference(entry.name, slice_label, *ids, None, None, None, 0, 0)
    point = _finite(rates_of(first.sum(axis=0))[k] - rates_of(second.sum(axis=0))[k])
    low = high = None
    if with_data >= MIN_INTERVAL_CELLS and point is not None:
        weights = resample_weights(shared)
        draws = rates_of(weights @ first)[:, k] - rates_of(weights @ second)[:, k]
        low, high = (_finite(bound[0]) for bound in nan_percentiles(draws[None, :], interval_percents(), axis=1))
    return Difference(entry.name, slice_label, *ids, point, low, high, shared, with_data)


def compare(records: Sequence[SubmissionRecord], frame: pd.DataFrame, submissions: Sequence[str],
            chosen: BoardFilter = BoardFilter()) -> Comparison:
    """Paired differences of the read and recited rates for every pair of `submissions` (2 to 4),
    over the cells of `chosen` both answered (same dataset version, same cell id), per slice."""
    submissions = list(dict.fromkeys(submissions))
    if not MIN_MODELS <= len(submissions) <= MAX_MODELS:
        raise ValueError(f"compare {MIN_MODELS} to {MAX_MODELS} models, not {len(submissions)}")
    by_id = {record.id: record for record in records}
    unknown = [sid for sid in submissions if sid not in by_id]
    if unknown:
        raise ValueError(f"unknown submission(s) {', '.join(unknown)}")
    picked = [by_id[sid] for sid in submissions]
    narrowed = BoardFilter(chosen.markets, chosen.arms, chosen.contexts, scorer=chosen.scorer)
    _, rows = select(frame, picked, narrowed)
    rows = rows.reset_index(drop=True)
    features = rate_features(rows)
    slices = _slices(rows)
    differences = []
    for one, other in combinations(picked, 2):
        for label, mask in slices:
            mine = rows[mask & (rows["submission"] == one.id)]
            theirs = rows[mask & (rows["submission"] == other.id)]
            keys = lambda part: list(zip(part["release"], part["cell_id"]))  # noqa: E731
            shared = sorted(set(keys(mine)) & set(keys(theirs)))
            order = lambda part: part.index[pd.Index(keys(part)).get_indexer(shared)]  # noqa: E731
            a = features[order(mine)] if shared else np.zeros((0, features.shape[1]))
            b = features[order(theirs)] if shared else np.zeros((0, features.shape[1]))
            for entry in COMPARED:
                differences.append(paired_difference(a, b, entry, label, (one.id, other.id)))
    models = tuple(ComparedModel(r.id, r.meta.name, r.release) for r in picked)
    return Comparison(models, tuple(label for label, _ in slices), tuple(differences))


def signed_points(value: float | None) -> str:
    """A difference of shares in percentage points, with its sign: "+62.3 pp"."""
    return "—" if value is None else f"{100 * value:+.1f} pp"
