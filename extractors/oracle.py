"""The oracle: price arithmetic that answers each claim's metric from a panel.

The panel is either the shown one (exactly the numbers the prompt displayed, `builder.display`)
or the true one (the source prices); the arithmetic is the same on both.

A registry, one small function per metric under its claims.md name. Each returns the candidate
true values (several where the metric is honestly ambiguous) or None when the panel cannot answer.

Documented choices:
- Ranges are read from closes: `range_high` is the month's highest close, `range_low` its lowest
  close, never the intraday high or low ("traded between A and B", "peaked at", "bottomed at";
  the labelled dev corpus's convention 4). The prompts' tables show highs and lows too, but a
  figure equal only to an intraday extreme is not the range the vocabulary names.
- `price_level` with a date is that session's close; with anchor `start`/`end` the first/last
  close; with neither it has no period point and is unverifiable.
- `daily_move` with a date is that session's close-to-close return; undated with `extreme:
  largest` it is the largest gain (positive claim) or fall (negative claim); otherwise unverifiable.
- `rank` is answered by the leader's ticker, `outperformed` by the ticker with the higher return.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from builder.facts import PanelFacts, TickerFacts, panel_facts
from builder.panel import Panel
from extractors.claims import Claim

# Approximate band: percent metrics within this many percentage points (and the same sign) ...
APPROX_PERCENT_POINTS = 1.0
# ... price levels within this relative distance ...
APPROX_PRICE_RELATIVE = 0.02
# ... counts within this many sessions.
APPROX_COUNT_SESSIONS = 1
# Float noise allowance when comparing a stated figure with its tolerance edge.
EPSILON = 1e-9
SIGNED_METRICS: frozenset[str] = frozenset({"period_return", "daily_move"})


@dataclass(frozen=True)
class PanelView:
    """A panel's facts plus per-ticker lookups by session, computed once per panel."""

    panel: Panel
    facts: PanelFacts
    closes: dict[str, dict[date, float]]
    moves: dict[str, dict[date, float]]

    def ticker(self, ticker: str | None) -> TickerFacts | None:
        return self.facts.tickers.get(ticker) if ticker else None


@lru_cache(maxsize=64)
def view_of(panel: Panel) -> PanelView:
    """Panels are compared by identity, so the cache holds each loaded panel's arithmetic once."""
    closes: dict[str, dict[date, float]] = {}
    moves: dict[str, dict[date, float]] = {}
    for ticker in panel.tickers:
        bars = panel.ticker_bars(ticker)
        dates = list(bars["date"])
        values = bars["close"].to_numpy(dtype=float)
        closes[ticker] = dict(zip(dates, values.tolist()))
        moves[ticker] = dict(zip(dates[1:], ((values[1:] / values[:-1] - 1.0) * 100.0).tolist()))
    return PanelView(panel, panel_facts(panel), closes, moves)


@dataclass(frozen=True)
class Answer:
    """What the panel says: `candidates` to compare with `claimed` (the claim's comparable value)."""

    candidates: tuple
    claimed: float | int | str


Compute = Callable[[Claim, PanelView], Answer | None]


@dataclass(frozen=True)
class Oracle:
    metric: str
    kind: str  # "percent", "price", "count" or "label": how tolerance and bands apply
    compute: Compute


def _register(registry: dict[str, Oracle], metric: str, kind: str) -> Callable[[Compute], Compute]:
    def add(function: Compute) -> Compute:
        registry[metric] = Oracle(metric, kind, function)
        return function

    return add


def _finite(*values: float) -> tuple:
    return tuple(value for value in values if value is not None and not (isinstance(value, float) and math.isnan(value)))


def build_registry() -> dict[str, Oracle]:
    """The metric -> oracle table. `causal` and `refusal` have no oracle on purpose."""
    registry: dict[str, Oracle] = {}

    @_register(registry, "period_return", "percent")
    def period_return(claim: Claim, view: PanelView) -> Answer | None:
        facts = view.ticker(claim.ticker)
        return Answer((facts.period_return,), claim.value) if facts else None

    @_register(registry, "direction", "label")
    def direction(claim: Claim, view: PanelView) -> Answer | None:
        facts = view.ticker(claim.ticker)
        return Answer((facts.direction,), claim.value) if facts else None

    @_register(registry, "price_level", "price")
    def price_level(claim: Claim, view: PanelView) -> Answer | None:
        facts = view.ticker(claim.ticker)
        if facts is None:
            return None
        if claim.date is not None:
            close = view.closes[claim.ticker].get(claim.date)
            return Answer((close,), claim.value) if close is not None else None
        if claim.anchor == "start":
            return Answer((facts.first_close,), claim.value)
        if claim.anchor == "end":
            return Answer((facts.last_close,), claim.value)
        return None

    @_register(registry, "range_low", "price")
    def range_low(claim: Claim, view: PanelView) -> Answer | None:
        facts = view.ticker(claim.ticker)
        return Answer((facts.min_close,), claim.value) if facts else None

    @_register(registry, "range_high", "price")
    def range_high(claim: Claim, view: PanelView) -> Answer | None:
        facts = view.ticker(claim.ticker)
        return Answer((facts.max_close,), claim.value) if facts else None

    @_register(registry, "max_drawdown", "percent")
    def max_drawdown(claim: Claim, view: PanelView) -> Answer | None:
        facts = view.ticker(claim.ticker)
        return Answer((facts.max_drawdown,), claim.value) if facts else None

    @_register(registry, "daily_move", "percent")
    def daily_move(claim: Claim, view: PanelView) -> Answer | None:
        facts = view.ticker(claim.ticker)
        if facts is None:
            return None
        if claim.date is not None:
            move = view.moves[claim.ticker].get(claim.date)
            return Answer((move,), claim.value) if move is not None else None
        if claim.extreme == "largest":
            extreme = facts.largest_daily_fall if float(claim.value) < 0 else facts.largest_daily_gain
            return Answer((extreme,), claim.value)
        return None

    @_register(registry, "volatility", "percent")
    def volatility(claim: Claim, view: PanelView) -> Answer | None:
        facts = view.ticker(claim.ticker)
        return Answer(_finite(facts.volatility), claim.value) if facts and _finite(facts.volatility) else None

    @_register(registry, "rank", "label")
    def rank(claim: Claim, view: PanelView) -> Answer | None:
        if view.ticker(claim.ticker) is None:
            return None
        return Answer((view.facts.leaders[claim.value],), claim.ticker)

    @_register(registry, "outperformed", "label")
    def outperformed(claim: Claim, view: PanelView) -> Answer | None:
        mine, other = view.ticker(claim.ticker), view.ticker(str(claim.value))
        if mine is None or other is None:
            return None
        winner = mine.ticker if mine.period_return > other.period_return else other.ticker
        return Answer((winner,), claim.ticker)

    @_register(registry, "up_days", "count")
    def up_days(claim: Claim, view: PanelView) -> Answer | None:
        facts = view.ticker(claim.ticker)
        return Answer((facts.up_days,), claim.value) if facts else None

    @_register(registry, "down_days", "count")
    def down_days(claim: Claim, view: PanelView) -> Answer | None:
        facts = view.ticker(claim.ticker)
        return Answer((facts.down_days,), claim.value) if facts else None

    return registry


ORACLES: dict[str, Oracle] = build_registry()


def stated_decimals(claim: Claim) -> int:
    """The claim's stated precision; without one, the decimals its value prints with."""
    if claim.decimals is not None:
        return claim.decimals
    text = repr(float(claim.value)) if not isinstance(claim.value, int) else "0"
    return 0 if text.endswith(".0") or "." not in text else len(text.split(".")[1])


def tolerance(claim: Claim) -> float:
    """Half a unit of the last stated decimal: "4.2%" -> 0.05, "8%" -> 0.5, "206.64" -> 0.005."""
    return 0.5 * 10.0 ** -stated_decimals(claim)


def within_tolerance(claim: Claim, kind: str, claimed, actual) -> bool:
    if kind == "label":
        return claimed == actual
    return abs(float(claimed) - float(actual)) <= tolerance(claim) + EPSILON


def _sign(value: float) -> float:
    """`numpy.sign` for a Python float (NaN for NaN), without the numpy call."""
    return float((value > 0) - (value < 0)) if value == value else math.nan


def within_band(claim: Claim, kind: str, claimed, actual) -> bool:
    """The approximate band of DESIGN.md: coarser than stated precision, same direction."""
    if kind == "label":
        return False
    claimed, actual = float(claimed), float(actual)
    if kind == "percent":
        same_sign = claim.metric not in SIGNED_METRICS or _sign(claimed) == _sign(actual) or abs(actual) < EPSILON
        return same_sign and abs(claimed - actual) <= APPROX_PERCENT_POINTS + EPSILON
    if kind == "price":
        return actual > 0 and abs(claimed - actual) / actual <= APPROX_PRICE_RELATIVE + EPSILON
    return abs(claimed - actual) <= APPROX_COUNT_SESSIONS


def same_sign(claim: Claim, claimed, actual) -> bool:
    """Whether a signed claim at least points the way the panel moved."""
    return claim.metric in SIGNED_METRICS and float(claimed) != 0 and _sign(float(claimed)) == _sign(float(actual))


def kind_of(metric: str) -> str | None:
    oracle = ORACLES.get(metric)
    return oracle.kind if oracle else None

