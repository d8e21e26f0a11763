"""The claim vocabulary of `shared/claims.md`: spelled in `contracts.vocabulary`, named here for
builder code and older imports."""

from __future__ import annotations

from contracts.vocabulary import (
    ANCHORS,
    COUNT_METRICS,
    DIRECTIONS,
    METRICS,
    PERCENT_METRICS,
    PRICE_METRICS,
    RANKS,
    TEXT_METRICS,
    Anchor,
    Direction,
    Metric,
    RankName,
)

__all__ = ["ANCHORS", "COUNT_METRICS", "DIRECTIONS", "METRICS", "PERCENT_METRICS", "PRICE_METRICS", "RANKS",
           "TEXT_METRICS", "Anchor", "Direction", "Metric", "RankName"]
