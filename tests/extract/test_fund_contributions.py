"""A fund letter's contributions: a holding's part in the fund's return, in basis points, is its weight
times its move, no claim; the holding's own move beside it still is one."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, facts


@pytest.mark.parametrize(
    ("text", "kept", "dropped"),
    [
        ("Mastercard advanced 4.2%, contributing +38 bps.", ("MA", "period_return", 4.2), ("MA", "period_return", 0.38)),
        ("Apple detracted (−27 bps) after a 3.5% decline.", ("AAPL", "period_return", -3.5), ("AAPL", "period_return", -0.27)),
        ("Visa fell 2.9%, costing the Fund about 11 bps.", ("V", "period_return", -2.9), ("V", "period_return", -0.11)),
        ("Our holding in Netflix (6.4% of capital) rose 8.0%.", ("NFLX", "period_return", 8.0), ("NFLX", "period_return", 6.4)),
    ],
)
def test_a_contribution_in_basis_points_is_no_claim(text, kept, dropped):
    got = facts(text, month="2026-05")
    assert kept in got
    assert dropped not in got


@pytest.mark.parametrize(
    ("text", "kept", "dropped"),
    [
        # a weight stated of the position, the holding, the allocation: what the fund holds, not the move
        ("Apple, our largest position at 8.1%, rose 2.0%.", ("AAPL", "period_return", 2.0), ("AAPL", "period_return", 8.1)),
        ("Visa gained 1.4%; the weight of the position is about 2.5%.", ("V", "period_return", 1.4), ("V", "period_return", 2.5)),
        ("We added a new holding (1.2%) in Netflix, which then climbed 8.0%.", ("NFLX", "period_return", 8.0), ("NFLX", "period_return", 1.2)),
        ("Oracle, a 3% weighting, slipped 0.6%.", ("ORCL", "period_return", -0.6), ("ORCL", "period_return", 3)),
        # a contribution in brackets after the move, with or without its weight
        ("Intel lost 4.4% (−18 bps).", ("INTC", "period_return", -4.4), ("INTC", "period_return", -0.18)),
    ],
)
def test_a_holdings_weight_is_no_claim(text, kept, dropped):
    got = facts(text, month="2026-05")
    assert kept in got
    assert dropped not in got


def test_a_holding_that_moves_keeps_its_move():
    assert ("AAPL", "period_return", 3.1) in facts("Our holding in Apple rose 3.1% in the month.", month="2026-05")


def test_a_bracketed_holding_weight_leaves_the_move_after_it():
    assert_shape("NOS (7.5% weight) added 8.5% and contributed +64 bps.", present=[("NOS.LS", "period_return", 8.5)],
                 absent=[("NOS.LS", "period_return", 7.5)], universe="lisbon", month="2026-01")
