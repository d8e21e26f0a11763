"""Facts: the oracle's answers for every ticker of a panel, computed by price arithmetic alone."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from datetime import date

import numpy as np

from builder.panel import Panel

TRADING_DAYS_PER_YEAR = 252
# A month whose return rounds to 0.0% at one decimal has no direction to state.
# A month is "flat" (direction `flat`, what "roughly flat", "little changed" and "went nowhere" claim)
# when its return is inside this band, in percentage points either way.
FLAT_BAND_PERCENT = 0.05


def percent_change(start: float, end: float) -> float:
    return (end / start - 1.0) * 100.0


def daily_returns(closes: np.ndarray) -> np.ndarray:
    """Simple daily returns in percent, one per session after the first."""
    return (closes[1:] / closes[:-1] - 1.0) * 100.0


def annualised_volatility(closes: np.ndarray) -> float:
    """Sample standard deviation of daily simple returns times sqrt(252), in percent."""
    returns = closes[1:] / closes[:-1] - 1.0
    if returns.size < 2:
        return math.nan
    return float(np.std(returns, ddof=1) * math.sqrt(TRADING_DAYS_PER_YEAR) * 100.0)


def max_drawdown(closes: np.ndarray) -> float:
    """Largest peak-to-trough fall of the closes, as a positive percent."""
    running_peak = np.maximum.accumulate(closes)
    return float(np.max((1.0 - closes / running_peak) * 100.0))


def direction_of(period_return: float) -> str:
    if abs(period_return) < FLAT_BAND_PERCENT:
        return "flat"
    return "up" if period_return > 0 else "down"


@dataclass(frozen=True)
class TickerFacts:
    """What a panel says about one ticker over its month (percents are in percent units)."""

    ticker: str
    first_date: date
    first_close: float
    last_date: date
    last_close: float
    period_return: float
    direction: str
    min_close: float
    min_close_date: date
    max_close: float
    max_close_date: date
    min_low: float
    max_high: float
    max_drawdown: float
    largest_daily_gain: float
    largest_daily_gain_date: date
    largest_daily_fall: float
    largest_daily_fall_date: date
    volatility: float
    up_days: int
    down_days: int
    sessions: int

    def to_dict(self) -> dict:
        return asdict(self)


def ticker_facts(panel: Panel, ticker: str) -> TickerFacts:
    bars = panel.ticker_bars(ticker)
    dates = list(bars["date"])
    closes = bars["close"].to_numpy(dtype=float)
    moves = daily_returns(closes)
    gain_index = int(np.argmax(moves))
    fall_index = int(np.argmin(moves))
    period_return = percent_change(closes[0], closes[-1])
    return TickerFacts(
        ticker=ticker,
        first_date=dates[0],
        first_close=float(closes[0]),
        last_date=dates[-1],
        last_close=float(closes[-1]),
        period_return=period_return,
        direction=direction_of(period_return),
        min_close=float(closes.min()),
        min_close_date=dates[int(np.argmin(closes))],
        max_close=float(closes.max()),
        max_close_date=dates[int(np.argmax(closes))],
        min_low=float(np.nanmin(bars["low"].to_numpy(dtype=float))),
        max_high=float(np.nanmax(bars["high"].to_numpy(dtype=float))),
        max_drawdown=max_drawdown(closes),
        largest_daily_gain=float(moves[gain_index]),
        largest_daily_gain_date=dates[gain_index + 1],
        largest_daily_fall=float(moves[fall_index]),
        largest_daily_fall_date=dates[fall_index + 1],
        volatility=annualised_volatility(closes),
        up_days=int(np.sum(moves > 0)),
        down_days=int(np.sum(moves < 0)),
        sessions=len(dates),
    )


# Each rank names the fact it orders by and whether the largest value wins.
RANK_RULES: dict[str, tuple[str, bool]] = {
    "best_return": ("period_return", True),
    "worst_return": ("period_return", False),
    "most_volatile": ("volatility", True),
    "least_volatile": ("volatility", False),
    "largest_drawdown": ("max_drawdown", True),
    "largest_daily_gain": ("largest_daily_gain", True),
    "largest_daily_fall": ("largest_daily_fall", False),
}


@dataclass(frozen=True)
class PanelFacts:
    """Facts for every ticker of one panel, and which ticker holds each rank."""

    market: str
    month: str
    arm: str
    tickers: dict[str, TickerFacts]
    leaders: dict[str, str]

    def ranks_held(self, ticker: str) -> list[str]:
        return [rank for rank, leader in self.leaders.items() if leader == ticker]

    def ordered(self, rank: str) -> list[str]:
        """Tickers from the holder of `rank` downwards."""
        fact, largest_first = RANK_RULES[rank]
        return sorted(self.tickers, key=lambda t: getattr(self.tickers[t], fact), reverse=largest_first)


def panel_facts(panel: Panel) -> PanelFacts:
    per_ticker = {ticker: ticker_facts(panel, ticker) for ticker in panel.tickers}
    facts = PanelFacts(panel.market, panel.month, panel.arm, per_ticker, {})
    leaders = {rank: facts.ordered(rank)[0] for rank in RANK_RULES}
    return PanelFacts(panel.market, panel.month, panel.arm, per_ticker, leaders)
