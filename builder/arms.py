"""Perturbation arms: one parameterised family, each member rewriting the daily returns of the real panel.

An arm is a scale `k`: every shown daily return is `k` times the true one. `real` is k = 1,
`inverted` k = -1, `damped` k = 0.25; the dose-response sweep (`SWEEP_SCALES`) adds more members
under derived names (`km0.5`, `k0.5`, `k2`). Every arm keeps the first session's bar (it has no
prior close inside the window to transform). From the second session on, open, high, low and
close are each read as a return on the previous true close, multiplied by `k`, and applied to the
previous *transformed* close; high and low are then re-ordered (a negative `k` swaps them). Volume
is unchanged. `real` is the identity.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from builder.panel import Panel
from contracts.vocabulary import ARM_NAMES, SWEEP_ARM_NAMES, TRUTH_ARM, check_registry

DAMPING_FACTOR = 0.25
INVERSION_SCALE = -1.0
SWEEP_SCALES: tuple[float, ...] = (-1.0, -0.5, 0.25, 0.5, 2.0)
"""The dose-response sweep's k values, strongest inversion first (the optional `sweep` config)."""


class ArmError(ValueError):
    """An arm that cannot be applied: an unknown name, or a k that would make a shown price non-positive."""


@dataclass(frozen=True)
class Arm:
    """A named member of the family: every shown daily return is `scale` times the true one."""

    name: str
    description: str
    scale: float

    def __post_init__(self) -> None:
        if isinstance(self.scale, bool) or not isinstance(self.scale, (int, float)) or not math.isfinite(self.scale):
            raise ArmError(f"arm {self.name!r}: scale must be a finite number, not {self.scale!r}")

    def transform_return(self, returns: np.ndarray) -> np.ndarray:
        return returns * self.scale

    def apply(self, real: Panel) -> Panel:
        if real.arm != TRUTH_ARM:
            raise ArmError(f"arms apply to the real panel, not to {real.arm!r}")
        frames = []
        for ticker in real.tickers:
            bars = transform_bars(real.ticker_bars(ticker), self.transform_return)
            prices = bars[["open", "high", "low", "close"]].to_numpy(dtype=float)
            if (prices[~np.isnan(prices)] <= 0).any():
                raise ArmError(f"arm {self.name!r} (k = {self.scale:g}) makes a shown price of {ticker} in "
                               f"{real.market} {real.month} zero or negative: a daily move times k reaches -100%")
            frames.append(bars)
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


ARMS: dict[str, Arm] = {
    arm.name: arm
    for arm in (
        Arm("real", "the true prices", 1.0),
        Arm("inverted", "every daily return's sign flipped", INVERSION_SCALE),
        Arm("damped", "every daily return shrunk to a quarter, direction kept", DAMPING_FACTOR),
    )
}
check_registry("arm", ARMS, ARM_NAMES)


def scaled_arm_name(scale: float) -> str:
    """The family member's name: a default arm's where one has this k, else `k` + the value (`m` for minus)."""
    for arm in ARMS.values():
        if arm.scale == scale:
            return arm.name
    return f"k{'m' if scale < 0 else ''}{abs(scale):g}"


def scaled_arm(scale: float) -> Arm:
    """The arm with shown daily return = `scale` x true daily return."""
    name = scaled_arm_name(scale)
    return ARMS[name] if name in ARMS else Arm(name, f"every daily return times {scale:g}", float(scale))


SWEEP_ARMS: dict[str, Arm] = {arm.name: arm for arm in (scaled_arm(scale) for scale in SWEEP_SCALES)}
check_registry("sweep arm", SWEEP_ARMS, SWEEP_ARM_NAMES)
FAMILY: dict[str, Arm] = {**ARMS, **SWEEP_ARMS}
"""Every arm a dataset may hold, default and sweep, by name."""


def arm_named(name: str) -> Arm:
    if name not in FAMILY:
        raise ArmError(f"unknown arm {name!r}; known: {', '.join(FAMILY)}")
    return FAMILY[name]


def scale_of(name: str) -> float:
    """An arm's k (1 for `real`)."""
    return arm_named(name).scale


def apply_arm(real: Panel, arm: str) -> Panel:
    chosen = arm_named(arm)
    if chosen.name == TRUTH_ARM:
        return real
    return chosen.apply(real)
