"""Every figure's text on the page, in one place: shares as percentages with one decimal, intervals
as "62.3% ± 4.1", counts as integers, other numbers to two decimals, a missing value as "—".

The CSV keeps the raw values; only the page formats. The ± is half the width of the 95% interval
(bootstrap intervals need not be symmetric: the exact bounds go in the cell's hover text).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from leaderboard.columns import Unit
from leaderboard.ranking import parse_ci

MISSING = "—"
SHARE_DECIMALS = 1
NUMBER_DECIMALS = 2


@dataclass(frozen=True)
class Figure:
    """One cell of a table: its text, the value it sorts by ("" sorts last) and its hover text."""

    text: str
    sort: str = ""
    title: str = ""


def as_float(value: object) -> float | None:
    """A finite float from a number or a numeric string; None for anything else ("—", NaN, None)."""
    if value is None or isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def percent(value: object) -> str:
    number = as_float(value)
    return MISSING if number is None else f"{100 * number:.{SHARE_DECIMALS}f}%"


def number(value: object, unit: Unit = "number") -> str:
    """A value in its unit: share -> "62.3%", count -> "12", number -> "0.51"."""
    figure = as_float(value)
    if figure is None:
        return MISSING
    if unit == "share":
        return percent(figure)
    if unit == "count":
        return f"{figure:.0f}"
    return f"{figure:.{NUMBER_DECIMALS}f}"


def half_width(low: float, high: float, unit: Unit) -> str:
    half = (high - low) / 2
    return f"{100 * half:.{SHARE_DECIMALS}f}" if unit == "share" else f"{half:.{NUMBER_DECIMALS}f}"


def interval(value: object, ci: object, unit: Unit) -> Figure:
    """A point with its interval: "62.3% ± 4.1"; the bounds, or why there are none, on hover."""
    point = as_float(value)
    bounds = parse_ci(ci)
    text = number(point, unit)
    if point is None:
        return Figure(text, "", str(ci) if ci else "")
    if bounds is None:
        return Figure(f"{text} ± {MISSING}", repr(point), f"no interval: {ci}" if ci else "")
    low, high = bounds
    return Figure(f"{text} ± {half_width(low, high, unit)}", repr(point),
                  f"95% CI [{number(low, unit)}, {number(high, unit)}]")


def text(value: object) -> str:
    """Text on one line (a table is one HTML block: a line break could end it); "" when missing."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return " ".join(str(value).split())


def figure(value: object, unit: Unit) -> Figure:
    """A cell with no interval: numbers sort by value, text case-insensitively."""
    if unit == "text":
        shown = text(value)
        return Figure(shown, shown.casefold())
    point = as_float(value)
    return Figure(number(point, unit), "" if point is None else repr(point))


def claim_value(value: object) -> str:
    """A claim's shown, true or weight value on Read one: two decimals, as the claim states them."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return MISSING
    if isinstance(value, float):
        return f"{value:.{NUMBER_DECIMALS}f}"
    return str(value)
