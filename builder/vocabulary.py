"""The claim vocabulary of `shared/claims.md`: the one place its names are spelled."""

from __future__ import annotations

from typing import Literal, get_args

Metric = Literal[
    "period_return",
    "direction",
    "price_level",
    "range_low",
    "range_high",
    "max_drawdown",
    "daily_move",
    "volatility",
    "rank",
    "outperformed",
    "up_days",
    "down_days",
    "causal",
    "refusal",
]
METRICS: tuple[str, ...] = get_args(Metric)

RankName = Literal[
    "best_return",
    "worst_return",
    "most_volatile",
    "least_volatile",
    "largest_drawdown",
    "largest_daily_gain",
    "largest_daily_fall",
]
RANKS: tuple[str, ...] = get_args(RankName)

Direction = Literal["up", "down", "flat"]
DIRECTIONS: tuple[str, ...] = get_args(Direction)

Anchor = Literal["start", "end"]
ANCHORS: tuple[str, ...] = get_args(Anchor)

# Metrics whose value is a signed or unsigned percent, as opposed to a price, a count or a word.
PERCENT_METRICS: frozenset[str] = frozenset({"period_return", "max_drawdown", "daily_move", "volatility"})
PRICE_METRICS: frozenset[str] = frozenset({"price_level", "range_low", "range_high"})
COUNT_METRICS: frozenset[str] = frozenset({"up_days", "down_days"})
# Metrics that carry text rather than a checkable value.
TEXT_METRICS: frozenset[str] = frozenset({"causal", "refusal"})
