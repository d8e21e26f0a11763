"""What a prompt displays: the one rounding every shown price goes through.

A prompt prints each price with `price_text` (the market's `price_decimals` from
`data/universes.toml`). The shown panel the oracle checks claims against is built from those very
strings (`shown_panel` parses what `price_text` prints), so a model that computes from its prompt
is checked against exactly the numbers it read: BCP's real 0.9358 -> 0.8916 is shown, and checked,
as 0.936 -> 0.892. The true panel stays the source prices.

Rounding is Python's correctly rounded decimal formatting of the binary value (`f"{x:.3f}"`);
numpy's `round` multiplies by a power of ten first and can land on the other side of a tie, which
is why the panel is not rounded with it.
"""

from __future__ import annotations

import math

from builder.arms import apply_arm
from builder.panel import PRICE_COLUMNS, Panel
from builder.universes import Universe, get_universe

SHOWN = "shown"
TRUE = "true"
VIEWS: tuple[str, ...] = (SHOWN, TRUE)
"""A stored panel is either what an arm's prompt displayed (`shown`) or the source prices (`true`)."""


def price_text(value: float, universe: Universe) -> str:
    """A price as every prompt prints it: the market's fixed number of decimals."""
    return f"{value:.{universe.price_decimals}f}"


def shown_price(value: float, universe: Universe) -> float:
    """The number a reader of `price_text(value)` sees (NaN, a missing open, stays NaN)."""
    return value if math.isnan(value) else float(price_text(value, universe))


def shown_panel(panel: Panel) -> Panel:
    """`panel` with every price as the prompt displays it; sessions, tickers and volume unchanged."""
    universe = get_universe(panel.market)
    bars = panel.bars.copy()
    for column in PRICE_COLUMNS:
        bars[column] = [shown_price(float(value), universe) for value in bars[column]]
    return Panel(market=panel.market, month=panel.month, arm=panel.arm, bars=bars)


def shown_arm(real: Panel, arm: str) -> Panel:
    """What a prompt of `arm` displays: the arm applied to the source prices, then rounded for display."""
    return shown_panel(apply_arm(real, arm))
