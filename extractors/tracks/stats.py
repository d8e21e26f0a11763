"""The statistics the tracks report, as small pure functions tested against hand-computed values."""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence

import numpy as np
from scipy.stats import binomtest

from extractors.defaults import KS_PERMUTATIONS as DEFAULT_PERMUTATIONS

ALPHA = 0.05


def mean(values: Sequence[float]) -> float | None:
    return float(np.mean(values)) if len(values) else None


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Pearson correlation; None when it is undefined (fewer than two pairs, or a constant side)."""
    if len(x) != len(y):
        raise ValueError(f"pearson needs pairs: {len(x)} x values, {len(y)} y values")
    if len(x) < 2:
        return None
    a, b = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if np.ptp(a) == 0 or np.ptp(b) == 0:
        return None
    return float(np.corrcoef(a, b)[0, 1])


def ks_statistic(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sample Kolmogorov-Smirnov statistic: the largest gap between the empirical CDFs."""
    if not len(a) or not len(b):
        raise ValueError("the KS statistic needs two non-empty samples")
    x, y = np.sort(np.asarray(a, dtype=float)), np.sort(np.asarray(b, dtype=float))
    grid = np.concatenate([x, y])
    return float(np.max(np.abs(np.searchsorted(x, grid, "right") / len(x) - np.searchsorted(y, grid, "right") / len(y))))


def _ks_of_labels(in_a: np.ndarray, group_ends: np.ndarray, n_a: int, n_b: int) -> np.ndarray:
    """KS statistics for rows of boolean labels laid out in pooled sorted order."""
    cdf_a = np.cumsum(in_a, axis=-1) / n_a
    cdf_b = np.cumsum(~in_a, axis=-1) / n_b
    return np.max(np.abs(cdf_a - cdf_b)[..., group_ends], axis=-1)


def ks_permutation_test(a: Sequence[float], b: Sequence[float], permutations: int = DEFAULT_PERMUTATIONS,
                        seed: int = 0) -> tuple[float, float]:
    """(KS statistic, permutation p-value): labels reshuffled `permutations` times with a seeded generator.

    p = (1 + #{permuted statistic >= observed}) / (1 + permutations), so it is never zero.
    """
    if permutations < 1:
        raise ValueError(f"permutations must be at least 1, got {permutations}")
    n_a, n_b = len(a), len(b)
    if not n_a or not n_b:
        raise ValueError("the KS permutation test needs two non-empty samples")
    pooled = np.concatenate([np.asarray(a, dtype=float), np.asarray(b, dtype=float)])
    order = np.argsort(pooled, kind="stable")
    ordered = pooled[order]
    group_ends = np.flatnonzero(np.r_[ordered[1:] != ordered[:-1], True])
    labels = np.arange(n_a + n_b) < n_a
    observed = float(_ks_of_labels(labels[order], group_ends, n_a, n_b))
    rng = np.random.default_rng(seed)
    shuffled = rng.permuted(np.broadcast_to(labels, (permutations, n_a + n_b)), axis=1)
    null = _ks_of_labels(shuffled[:, order], group_ends, n_a, n_b)
    exceed = int(np.sum(null >= observed - 1e-12))
    return observed, (1 + exceed) / (1 + permutations)


def bonferroni(p_values: Sequence[float]) -> list[float]:
    """Each p-value times the number of tests, capped at 1."""
    m = len(p_values)
    return [min(1.0, p * m) for p in p_values]


def binomial_greater(successes: int, trials: int, chance: float) -> float | None:
    """One-sided binomial p-value that the success rate exceeds `chance`; None with no trials."""
    if trials == 0:
        return None
    if not 0 < chance < 1:
        raise ValueError(f"chance must be in (0, 1), got {chance}")
    return float(binomtest(successes, trials, chance, alternative="greater").pvalue)


def stable_seed(*parts: object) -> int:
    """A seed from names (not Python's salted hash), so a rerun draws the same permutations."""
    return zlib.crc32("|".join(str(p) for p in parts).encode())


def percent(numerator: int, denominator: int) -> float | None:
    return 100.0 * numerator / denominator if denominator else None


def finite_or_none(value: float | None) -> float | None:
    return None if value is None or not math.isfinite(value) else float(value)
