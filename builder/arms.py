"""Perturbation arms: each rewrites the daily returns of the real panel and nothing else.

Every arm keeps the first session's bar (it has no prior close inside the window to transform).
From the second session on, open, high, low and close are each read as a return on the previous
true close, transformed, and applied to the previous *transformed* close; high and low are then
re-ordered (inversion swaps them). Volume is unchanged. `real` is the identity.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from builder.panel import Panel
from contracts.vocabulary import ARM_NAMES, TRUTH_ARM, check_registry

DAMPING_FACTOR = 0.25


@dataclass(frozen=True)
class Arm:
    """A named rule for rewriting one daily return."""

    name: str
    description: str
    transform_return: Callable[[np.ndarray], np.ndarray]

    def apply(self, real: Panel) -> Panel:
        if real.arm != TRUTH_ARM:
            raise ValueError(f"arms apply to the real panel, not to {real.arm!r}")
        frames = [transform_bars(real.ticker_bars(ticker), self.transform_return) for ticker in real.tickers]
        return Panel(market=real.market, month=real.month, arm=self.name, bars=pd.concat(frames, ignore_index=True))


def transform_bars(bars: pd.DataFrame, transform_return: Callable[[np.ndarray], np.ndarray]) -> pd.DataFrame:
    """Rewrite one ticker's bars (sorted by date) by transforming each return on the previous close."""
    close = bars["close"].to_numpy(dtype=float)
    previous_close = close[:-1]
    shown_close = np.empty_like(close)
    shown_close[0] = close[0]
    shown_close[1:] = close[0] * np.cumprod(1.0 + transform_return(close[1:] / previous_close - 1.0))
    base = shown_close[:-1]
    out = bars.copy()
    out["close"] = shown_close
    for column in ("open", "high", "low"):
        values = bars[column].to_numpy(dtype=float)
        moved = values.copy()
        moved[1:] = base * (1.0 + transform_return(values[1:] / previous_close - 1.0))
        out[column] = moved
    high, low = out["high"].to_numpy(), out["low"].to_numpy()
    out["high"] = np.fmax(high, low)
    out["low"] = np.fmin(high, low)
    return out


def _identity(returns: np.ndarray) -> np.ndarray:
    return returns


def _negate(returns: np.ndarray) -> np.ndarray:
    return -returns


def _damp(returns: np.ndarray) -> np.ndarray:
    return returns * DAMPING_FACTOR


ARMS: dict[str, Arm] = {
    arm.name: arm
    for arm in (
        Arm("real", "the true prices", _identity),
        Arm("inverted", "every daily return's sign flipped", _negate),
        Arm("damped", "every daily return shrunk to a quarter, direction kept", _damp),
    )
}
check_registry("arm", ARMS, ARM_NAMES)



def apply_arm(real: Panel, arm: str) -> Panel:
    if arm not in ARMS:
        raise ValueError(f"unknown arm {arm!r}; known: {', '.join(ARMS)}")
    if arm == TRUTH_ARM:
        return real
    return ARMS[arm].apply(real)
