"""The paired bootstrap over cells, shared by `mcb score` (summary.json) and the board (`leaderboard.ranking`).

One resample draws cells with replacement; the draws depend only on the number of cells and a fixed
seed, so every submission of a dataset version is resampled on the same cells (paired) and an
interval never moves when other submissions arrive. `summary.json`'s intervals over a whole
version are the board's unfiltered ones for the same reason.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

BOOTSTRAP_SEED = 20260801
BOOTSTRAP_RESAMPLES = 1000
CI_LEVEL = 0.95
# An interval needs at least this many cells with something in its denominator: with fewer, a
# percentile bootstrap over cells has a handful of distinct resamples (four cells give 35) and its
# interval describes the resampling, not the model.
MIN_INTERVAL_CELLS = 5


def interval_note(cells_with_data: int) -> str:
    """What an interval shows when there are too few cells to bootstrap."""
    return f"— ({cells_with_data} cell{'s' if cells_with_data != 1 else ''} with data; {MIN_INTERVAL_CELLS} needed)"


def resample_weights(n_cells: int, resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED) -> np.ndarray:
    """How often each cell is drawn in each resample, [B, n]; depends only on n and the seed."""
    rng = np.random.default_rng([seed, n_cells])
    draws = rng.integers(0, n_cells, size=(resamples, n_cells))
    weights = np.zeros((resamples, n_cells))
    np.add.at(weights, (np.arange(resamples)[:, None], draws), 1.0)
    return weights


def interval_percents() -> tuple[float, float]:
    """The percentiles of a two-sided CI_LEVEL interval, e.g. (2.5, 97.5)."""
    tail = (1.0 - CI_LEVEL) / 2 * 100
    return tail, 100 - tail


def nan_percentiles(values: np.ndarray, percents: Sequence[float], axis: int = 1) -> list[np.ndarray]:
    """`np.nanpercentile` (linear interpolation) along `axis`, vectorised: numpy's own applies a
    Python function per slice, which costs seconds on a board of a thousand submissions."""
    ordered = np.moveaxis(np.sort(values, axis=axis), axis, -1)  # NaN sort last
    valid = (~np.isnan(values)).sum(axis=axis)
    out = []
    for percent in percents:
        position = percent / 100.0 * np.maximum(valid - 1, 0)
        below = np.floor(position).astype(int)
        above = np.minimum(below + 1, np.maximum(valid - 1, 0))
        low = np.take_along_axis(ordered, below[..., None], axis=-1)[..., 0]
        high = np.take_along_axis(ordered, above[..., None], axis=-1)[..., 0]
        result = low + (high - low) * (position - below)
        out.append(np.where(valid > 0, result, np.nan))
    return out
