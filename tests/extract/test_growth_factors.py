"""Growth factors: a notebook writes a return as end over start ("gf=1.0312", "x0.9470"). A figure near 1 with
three or more decimals under a factor key (header.growth_factor) or after an "x" states the percent it implies
(numbers.factor_percent); a multiple ("2x", "x1.5 book", "3.5x sales") states nothing."""

from __future__ import annotations

from extractors.numbers import Quantity, factor_percent
from tests.extract.support import assert_shape, facts


def test_a_factor_key_states_its_return():
    assert_shape("- pltr: gf=1.0312  p1=171.40",
                 present=[("PLTR", "period_return", 3.12), ("PLTR", "price_level", 171.4)],
                 absent=[("PLTR", "period_return", 1.0312), ("PLTR", "price_level", 1.0312)])
    assert_shape("avgo: factor=0.9561", present=[("AVGO", "period_return", -4.39)], absent=[("AVGO", "period_return", 0.9561)])


def test_an_x_before_a_figure_near_one_is_a_factor():
    assert_shape("nflx   x1.0633  hv=22.8\nbac    x0.9712  lo=44.10",
                 present=[("NFLX", "period_return", 6.33), ("BAC", "period_return", -2.88), ("BAC", "range_low", 44.1)],
                 absent=[("NFLX", "period_return", 1.0633), ("BAC", "period_return", 0.9712)])


def test_a_factor_stays_the_return_when_another_key_follows():
    found = facts("bcp    x1.0230  mdd=3.15", universe="lisbon")
    assert ("BCP.LS", "period_return", 2.3) in found and ("BCP.LS", "max_drawdown", 3.15) in found
    assert ("BCP.LS", "max_drawdown", 2.3) not in found


def test_a_factor_column_in_a_table():
    assert_shape("| Ticker | GF | Vol |\n|---|---|---|\n| AMD | 1.0815 | 52% |",
                 present=[("AMD", "period_return", 8.15), ("AMD", "volatility", 52.0)],
                 absent=[("AMD", "period_return", 1.0815)])


def test_multiples_are_no_factors():
    found = facts("AVGO trades at x1.5 book and 3.5x sales; NVDA rose 2x since 2024.")
    assert not any(metric == "period_return" for _, metric, _ in found), found
    assert factor_percent(Quantity("number", 2.0, 0, 0, 1)) is None
    assert factor_percent(Quantity("number", 1.25, 2, 0, 4)) is None  # two decimals: a multiple as often as a factor
    assert factor_percent(Quantity("number", 1.0041, 4, 0, 6)).value == 0.41
