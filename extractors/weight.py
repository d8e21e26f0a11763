"""The reading weight: how far a claimed figure moved from the truth toward what was shown (issue 17).

Per claim. A numeric claim (a percent or a price) on a perturbed arm whose shown value `s` and true
value `t` are distinguishable, with claimed value `c`, gets `w = (c - t) / (s - t)`: 1 means it
read exactly, 0 means it recited exactly, values between mean it blended memory with the input,
values far outside mean neither. No tolerance band enters; `s` and `t` are the oracle's nearest
candidates, the same values the verdict shows. Session counts get none: a count cannot be stated
between two counts that differ by one, so its `w` would measure rounding, not reading.

Per model. The reading weight is the median regression through the origin (least absolute
deviations) of `c - t` on `s - t` over the model's weighted claims. Minimising
`sum |(c - t) - b (s - t)|` is minimising `sum |s - t| * |w - b|`, so the estimate is the median of
the claims' `w` weighted by `|s - t|`: robust to the few claims that are neither (a fabricated
figure moves the median by one claim, not by its size), and claims whose shown and true values
barely differ, where rounding the stated figure swings `w` most, count least. Price levels enter in
percent of the true price, so `|s - t|` is in percentage points for every family. The interval is
the 95% percentile bootstrap over cells (`extractors.bootstrap`, the board's draws).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from extractors.bootstrap import (
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    MIN_INTERVAL_CELLS,
    interval_note,
    interval_percents,
    resample_weights,
)

CLAIM_WEIGHT_DECIMALS = 4
LEVERAGE_DECIMALS = 6
WEIGHT_DECIMALS = 3
# Relative slack when deciding whether cumulative mass has reached half the total (float sums).
_HALF_SLACK = 1e-12


@dataclass(frozen=True)
class Family:
    """Metrics whose weights are pooled together; `relative` ones (prices) are compared in percent of the truth."""

    name: str
    header: str
    metrics: frozenset[str]
    relative: bool = False


FAMILIES: dict[str, Family] = {
    family.name: family
    for family in (
        Family("returns", "returns (period and daily)", frozenset({"period_return", "daily_move"})),
        Family("price_levels", "price levels (closes and ranges)", frozenset({"price_level", "range_low", "range_high"}),
               relative=True),
        Family("drawdown_volatility", "drawdown and volatility", frozenset({"max_drawdown", "volatility"})),
    )
}
FAMILY_OF: dict[str, Family] = {metric: family for family in FAMILIES.values() for metric in family.metrics}
WEIGHTED_METRICS: frozenset[str] = frozenset(FAMILY_OF)


def _rounded(value: float, decimals: int) -> float:
    """Rounded, with -0.0 written as 0.0."""
    return round(float(value), decimals) + 0.0


def _number(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def claim_weight(row: Mapping) -> float | None:
    """`(c - t) / (s - t)` of one verified claim row (claims.jsonl's fields), or None where it has none:
    not a percent or price metric, not distinguishable, or a value missing."""
    if row.get("metric") not in WEIGHTED_METRICS or not row.get("distinguishable"):
        return None
    claimed, shown, true = (_number(row.get(name)) for name in ("value", "shown_value", "true_value"))
    if claimed is None or shown is None or true is None or shown == true:
        return None
    return _rounded((claimed - true) / (shown - true), CLAIM_WEIGHT_DECIMALS)


def leverage(row: Mapping) -> float:
    """`|s - t|` in the family's units: percentage points, or percent of the true price for price levels."""
    shown, true = float(row["shown_value"]), float(row["true_value"])
    gap = abs(shown - true)
    return 100.0 * gap / abs(true) if FAMILY_OF[row["metric"]].relative else gap


class WeightedClaim(NamedTuple):
    """What the estimate needs of one claim: its weight, its leverage `|s - t|` and its family. A plain
    tuple, so a cell's claims travel to the board's aggregate as JSON lists."""

    weight: float
    leverage: float
    family: str

    @classmethod
    def of(cls, row: Mapping) -> WeightedClaim | None:
        """From a claims.jsonl row: its stored `weight` (computed when the row predates the field), else None."""
        weight = _number(row["weight"]) if "weight" in row else claim_weight(row)
        if weight is None or row.get("metric") not in WEIGHTED_METRICS:
            return None
        lever = round(leverage(row), LEVERAGE_DECIMALS)
        return cls(weight, lever, FAMILY_OF[row["metric"]].name) if lever > 0 else None


def weighted_claims(rows: Iterable[Mapping]) -> tuple[WeightedClaim, ...]:
    return tuple(claim for claim in (WeightedClaim.of(row) for row in rows) if claim is not None)


def _medians_from_cumulative(ordered: np.ndarray, cumulative: np.ndarray) -> np.ndarray:
    """Weighted medians from each row's cumulative mass over `ordered` values (ascending): the first
    value where the mass reaches half the total, averaged with the next one when it stops exactly at half."""
    total = cumulative[:, -1:]
    half, slack = total / 2.0, _HALF_SLACK * total
    # The cumulative mass never decreases along a row, so "the first position where it reaches h" is
    # "how many positions fall short of h": a comparison and a sum, no search.
    last = len(ordered) - 1
    lower = np.minimum((cumulative < half - slack).sum(axis=1), last)
    upper = np.minimum((cumulative <= half + slack).sum(axis=1), last)
    medians = (ordered[lower] + ordered[upper]) / 2.0
    return np.where(total[:, 0] > 0, medians, np.nan)


def weighted_medians(values: np.ndarray, mass: np.ndarray) -> np.ndarray:
    """The weighted median of `values` under each row of `mass` ([B, N], N = len(values)), NaN where a row
    has no mass. Where the cumulative mass stops exactly at half, the midpoint of the two middle values."""
    if values.size == 0:
        return np.full(mass.shape[0], np.nan)
    order = np.argsort(values, kind="stable")
    return _medians_from_cumulative(values[order], np.cumsum(mass[:, order], axis=1))


CellClaims = Sequence[Sequence]
"""Per cell, its weighted claims: `WeightedClaim`s, or the (weight, leverage, family) lists an aggregate stores."""


def resampled_weights(claims_by_cell: CellClaims, draws: np.ndarray) -> np.ndarray:
    """The reading weight under each resample: `draws` [B, n] says how often each of the n cells is drawn;
    `claims_by_cell[j]` holds cell j's weighted claims. Returns [B]."""
    return resampled_weights_many([claims_by_cell], draws)[0]


# Submissions resampled at once by `resampled_weights_many`: bounds memory at CHUNK x B x cells floats.
CHUNK = 64


def resampled_weights_many(submissions: Sequence[CellClaims], draws: np.ndarray) -> np.ndarray:
    """`resampled_weights` for S submissions on the same draws (the board's paired resamples): [S, B].

    A claim's mass in a resample is its cell's draw count times its leverage, so the cumulative mass
    up to the j-th claim (sorted by weight) is `draws . L[j]`, where `L[j, c]` is the leverage cell c
    has among the first j claims. The median is found by bisection on j for every resample and
    submission at once: a few products of [S, B, cells] instead of a [B, claims] cumulative sum per
    submission (the board runs this for every row it shows; `bench/reading_weight.py` times it)."""
    out = np.full((len(submissions), draws.shape[0]), np.nan)
    for start in range(0, len(submissions), CHUNK):
        out[start:start + CHUNK] = _bisected_medians(submissions[start:start + CHUNK], draws)
    return out


def _bisected_medians(submissions: Sequence[CellClaims], draws: np.ndarray) -> np.ndarray:
    resamples = draws.shape[0]
    prepared = [_cumulative_leverage(claims_by_cell) for claims_by_cell in submissions]
    claims = max((len(p[0]) for p in prepared), default=0)
    cells = max((len(p[1]) for p in prepared), default=0)
    result = np.full((len(submissions), resamples), np.nan)
    if claims == 0:
        return result
    # Padded: a submission's extra claim rows repeat its total (never reached: each search stops at its
    # own last claim), its extra cells are never drawn.
    ordered = np.zeros((len(submissions), claims))
    so_far = np.zeros((len(submissions), claims, cells))
    drawn = np.zeros((len(submissions), resamples, cells))
    last = np.zeros(len(submissions), dtype=int)
    for index, (values, used, cumulative) in enumerate(prepared):
        if not len(values):
            continue
        count, width = cumulative.shape
        ordered[index, :count], ordered[index, count:] = values, values[-1]
        so_far[index, :count, :width], so_far[index, count:, :width] = cumulative, cumulative[-1]
        drawn[index, :, :width] = draws[:, used]
        last[index] = count - 1
    total = np.einsum("sbc,sc->sb", drawn, so_far[np.arange(len(submissions)), last]).ravel()
    half, slack = total / 2.0, _HALF_SLACK * total
    # Flattened: entry e = s * B + b is submission s under resample b; submission s's claim j is row
    # s * claims + j of the stacked L, so a whole row is copied by one `take` (cheap) per entry.
    flat, drawn = so_far.reshape(-1, cells), drawn.reshape(-1, cells)
    base = np.repeat(np.arange(len(submissions)) * claims, resamples)
    stop = np.repeat(last, resamples)

    def mass(position: np.ndarray, entries: np.ndarray | None) -> np.ndarray:
        """Cumulative mass up to `position` (a claim per entry) of the chosen entries (None: all)."""
        rows = drawn if entries is None else drawn[entries]
        start = base if entries is None else base[entries]
        return np.einsum("kc,kc->k", rows, np.take(flat, start + position, axis=0))

    def first_reaching(target: np.ndarray, entries: np.ndarray | None) -> np.ndarray:
        """Per chosen entry: the first claim whose cumulative mass reaches `target` (a bisection)."""
        last_claim = stop if entries is None else stop[entries]
        low, high = np.zeros(len(target), dtype=int), last_claim.copy()
        for _ in range(int(claims).bit_length()):
            middle = (low + high) // 2
            short = mass(middle, entries) < target
            low, high = np.where(short, middle + 1, low), np.where(short, high, middle)
        return np.minimum(low, last_claim)  # past the last claim only where nothing was drawn (NaN below)

    lower = first_reaching(half - slack, None)
    # Where the mass at the lower median stops exactly at half, the upper median is the first claim
    # past it (ties are rare: searched again only there); elsewhere the two are the same claim.
    upper = lower.copy()
    ties = np.flatnonzero((mass(lower, None) <= half + slack) & (total > 0))
    if len(ties):
        upper[ties] = first_reaching(np.nextafter(half[ties] + slack[ties], np.inf), ties)
    shape = (len(submissions), resamples)
    medians = (np.take_along_axis(ordered, lower.reshape(shape), axis=1)
               + np.take_along_axis(ordered, upper.reshape(shape), axis=1)) / 2.0
    return np.where(total.reshape(shape) > 0, medians, np.nan)


def _cumulative_leverage(claims_by_cell: CellClaims) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(weights ascending, the cells that hold claims, L): `L[j, c]` is the leverage the c-th of those
    cells has among the first j + 1 claims."""
    values = np.array([claim[0] for claims in claims_by_cell for claim in claims], dtype=float)
    if values.size == 0:
        return values, np.zeros(0, dtype=int), np.zeros((0, 0))
    levers = np.array([claim[1] for claims in claims_by_cell for claim in claims], dtype=float)
    cells = np.array([j for j, claims in enumerate(claims_by_cell) for _ in claims], dtype=int)
    order = np.argsort(values, kind="stable")
    used, column = np.unique(cells[order], return_inverse=True)
    cumulative = np.zeros((len(order), len(used)))
    cumulative[np.arange(len(order)), column] = levers[order]
    np.cumsum(cumulative, axis=0, out=cumulative)
    return values[order], used, cumulative


def point_weight(claims: Iterable[Sequence]) -> float | None:
    """The reading weight of a set of weighted claims, None when there are none."""
    claims = list(claims)
    if not claims:
        return None
    value = weighted_medians(np.array([c[0] for c in claims], dtype=float), np.array([[c[1] for c in claims]], dtype=float))[0]
    return _rounded(value, WEIGHT_DECIMALS) if math.isfinite(value) else None


@dataclass(frozen=True)
class WeightEstimate:
    """A reading weight with its 95% bootstrap interval over cells (None, with `note`, when too few cells)."""

    weight: float | None
    low: float | None
    high: float | None
    claims: int
    cells_with_claims: int
    cells: int
    note: str = ""

    def to_dict(self) -> dict:
        return {"weight": self.weight, "ci_low": self.low, "ci_high": self.high, "claims": self.claims,
                "cells_with_claims": self.cells_with_claims, "cells": self.cells, "note": self.note}


NO_WEIGHTED_CLAIM = "— (no distinguishable percent or price claim)"


def estimate(claims_by_cell: CellClaims, resamples: int = BOOTSTRAP_RESAMPLES,
             seed: int = BOOTSTRAP_SEED) -> WeightEstimate:
    """The reading weight over these cells (in a fixed order: the bootstrap's draws depend on it) with
    its interval; cells without a weighted claim still count in the resampling, as for the rates."""
    n_cells = len(claims_by_cell)
    claims = sum(len(cell) for cell in claims_by_cell)
    with_claims = sum(1 for cell in claims_by_cell if cell)
    point = point_weight(claim for cell in claims_by_cell for claim in cell)
    if point is None:
        return WeightEstimate(None, None, None, 0, 0, n_cells, NO_WEIGHTED_CLAIM)
    if with_claims < MIN_INTERVAL_CELLS:
        return WeightEstimate(point, None, None, claims, with_claims, n_cells, interval_note(with_claims))
    draws = resample_weights(n_cells, resamples, seed)
    low, high = np.nanpercentile(resampled_weights(claims_by_cell, draws), interval_percents())
    return WeightEstimate(point, _rounded(low, WEIGHT_DECIMALS), _rounded(high, WEIGHT_DECIMALS), claims,
                          with_claims, n_cells)


def describe_weight(entry: Mapping) -> str:
    """One line for a `WeightEstimate.to_dict()`: the weight, its interval or why there is none, the claims."""
    if entry.get("weight") is None:
        return entry.get("note") or NO_WEIGHTED_CLAIM
    interval = (f"[{entry['ci_low']:.3f}, {entry['ci_high']:.3f}]" if entry.get("ci_low") is not None
                else entry.get("note", ""))
    return (f"{entry['weight']:.3f} {interval} over {entry['claims']} claims in {entry['cells_with_claims']} of "
            f"{entry['cells']} cells")


DEFINITION = ("w = (c - t) / (s - t) per distinguishable percent or price claim (c claimed, s shown, t true); the "
              "model's weight is the median regression through the origin of c - t on s - t (the |s - t|-weighted "
              "median of w; price levels in percent of the true price), 95% bootstrap over cells; 1 read, 0 recited")


def weight_summary(cells: Sequence[Mapping], claims_by_cell: Mapping[str, Sequence[WeightedClaim]]) -> dict:
    """summary.json's `reading_weight`: overall, per arm, per context and per metric family, each with its interval.

    `cells` are the dataset's cell rows (cell_id, arm, context); resampling is over them in cell-id
    order, as the board's paired bootstrap draws them, so the overall interval is the board's
    unfiltered one and each arm's the board's with that arm selected."""
    ordered = sorted(cells, key=lambda row: row["cell_id"])

    def over(rows: Sequence[Mapping], family: str | None = None) -> dict:
        chosen = [[c for c in claims_by_cell.get(row["cell_id"], ()) if family is None or c[2] == family] for row in rows]
        return estimate(chosen).to_dict()

    return {
        "definition": DEFINITION,
        "overall": over(ordered),
        "per_arm": {arm: over([r for r in ordered if r["arm"] == arm]) for arm in dict.fromkeys(r["arm"] for r in cells)},
        "per_context": {context: over([r for r in ordered if r["context"] == context])
                        for context in dict.fromkeys(r["context"] for r in cells)},
        "per_family": {name: {"header": family.header, "metrics": sorted(family.metrics), **over(ordered, name)}
                       for name, family in FAMILIES.items()},
    }
