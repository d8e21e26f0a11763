"""Sports commentary: a race's or league's winner is the best return, its last finisher or relegated
side the worst; "pips"/"nips"/"edges" with a company right after are an outperformance."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, facts


@pytest.mark.parametrize("text, ticker, rank", [
    ("Meta lifts the trophy, up 3.2%.", "META", "best_return"),
    ("Nvidia wins the league at a stroll.", "NVDA", "best_return"),
    ("Apple, top of the table all month, added 4.4%.", "AAPL", "best_return"),
    ("Uber is the lanterne rouge, down 7.7%.", "UBER", "worst_return"),
    ("Relegated: Amazon. A 5.5% fall.", "AMZN", "worst_return"),
    ("Tesla spent the month propping up the table.", "TSLA", "worst_return"),
    ("**Champions: Meta.** The social network added 3.2%.", "META", "best_return"),
    ("Uber finished bottom of the table, down 7.7%.", "UBER", "worst_return"),
])
def test_sports_winners_and_last_places_are_ranks(text, ticker, rank):
    got = facts(text, "us", "2026-03")
    assert (ticker, "rank", rank) in got
    other = "worst_return" if rank == "best_return" else "best_return"
    assert (ticker, "rank", other) not in got


def test_pips_is_an_outperformance_of_its_object():
    got = facts("Amazon pips Tesla by a whisker, 4.12% against 4.05%.", "us", "2026-03")
    assert ("AMZN", "outperformed", "TSLA") in got
    assert ("TSLA", "outperformed", "AMZN") not in got
    assert ("AMZN", "period_return", 4.12) in got and ("TSLA", "period_return", 4.05) in got


def test_edges_as_a_move_is_no_relation():
    got = facts("Tesla edges higher, up 1.1%, and Meta fell.", "us", "2026-03")
    assert not any(metric == "outperformed" for _, metric, _ in got)


def test_a_league_position_column_ranks_its_first_and_complete_last():
    text = ("| Pos | Club | Month |\n|---|---|---|\n| 1 | Tesla | −4.6% |\n| 2 | Amazon | −13.6% |\n| 3 | AMD | −18.7% |")
    got = facts(text, "us", "2026-02")  # February's panel holds only these three
    assert ("TSLA", "rank", "best_return") in got and ("AMD", "rank", "worst_return") in got
    assert ("AMZN", "rank", "best_return") not in got and ("AMZN", "rank", "worst_return") not in got


def test_a_goal_conceded_is_a_fall():
    got = facts("BCP conceded 3.6% on 5 February alone.", "lisbon", "2026-02")
    assert ("BCP.LS", "daily_move", -3.6) in got


def test_a_stock_that_limps_home_at_a_price_closes_there():
    got = facts("It hit the bottom at $198.79 on 13 February and limped home at $210.00.", "us", "2026-02")
    assert ("AMZN", "price_level", 210.0) not in got  # no one named: nothing to attach
    got = facts("Amazon hit the bottom at $198.79 on 13 February and limped home at $210.00.", "us", "2026-02")
    assert ("AMZN", "price_level", 210.0) in got and ("AMZN", "range_low", 210.0) not in got


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        # "the league" / "the division" is the group a sports voice ranks over
        ("BCP sank 8.7% from the top, the worst in the league.", "lisbon", "2026-02",
         {("BCP.LS", "rank", "largest_drawdown")}, {("BCP.LS", "rank", "worst_return")}),
        # a league named for something else scopes no one: a day's own best stays unranked
        ("NOS had its best day in a league of its own, +4.3% on 23 February.", "lisbon", "2026-02",
         {("NOS.LS", "daily_move", 4.3)}, {("NOS.LS", "rank", "largest_daily_gain")}),
    ],
)
def test_the_league_is_the_group(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe, month)
