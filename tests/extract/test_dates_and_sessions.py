"""Dates and sessions: a move tied to one session is a daily move with its date; dates resolve against the
cell's month; a dated close keeps its date and a month-end close its anchor."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import LISBON_MONTH, US_MONTH, assert_shape, claims_of


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Its worst session, a 4.0% drop on Aug 5, hit NVDA hard.", 5),
        ("NVDA's steepest one-day drop came on Aug. 27th, when it lost 8.7%.", 27),
        ("On Wednesday the 5th, AMD jumped 6.2%, its best session of the month.", 5),
        ("AMD fell 3.1% on 12 August.", 12),
    ],
)
def test_a_daily_move_carries_its_date(text, day):
    moves = [c for c in claims_of(text, "us", US_MONTH) if c.metric == "daily_move"]
    assert len(moves) == 1 and moves[0].date == date(2026, 8, day)


def test_the_largest_daily_move_is_marked_extreme_and_signed():
    claims = claims_of("NVDA's worst session was a 4.0% drop on 5 August.", "us", US_MONTH)
    move = next(c for c in claims if c.metric == "daily_move")
    assert (move.value, move.extreme, move.date) == (-4.0, "largest", date(2026, 8, 5))


def test_dates_stay_unresolved_without_a_month():
    claims = claims_of("NVDA peaked at 227.98 on the 26th.", "us", None)
    assert claims[0].date is None and claims[0].metric == "range_high"


def test_a_dated_close_keeps_its_date_and_a_month_end_close_its_anchor():
    claims = claims_of("Nvidia closed at $206.64 on 5 August and ended the month at US$ 224.09.", "us", US_MONTH)
    assert [(c.metric, c.value, c.date, c.anchor) for c in claims] == [
        ("price_level", 206.64, date(2026, 8, 5), None),
        ("price_level", 224.09, None, "end"),
    ]
    claims = claims_of("BCP closed at €0.812 on 27 February, having opened February at EUR 0.790.", "lisbon", LISBON_MONTH)
    assert [(c.value, c.date, c.anchor) for c in claims] == [(0.812, date(2026, 2, 27), None), (0.79, None, "start")]


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # "on the last day", "the next day" mark a single session
        ("Alphabet then jumped 4.4% on the last day.", {("GOOGL", "daily_move", 4.4)}, {("GOOGL", "period_return", 4.4)}),
    ],
)
def test_a_named_session_makes_a_daily_move(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # a figure with its own span of weeks is no single session's move
        ("Sysco slid after its report (-9% that day, -15% over 5 weeks).", {("SYY", "daily_move", -9), ("SYY", "period_return", -15)},
         {("SYY", "daily_move", -15)}),
        # a horizon in an earlier clause does not reach past "but"
        ("Coinbase is down 50% from 52-week highs but jumped 11.2% on May 6 from its lows.", {("COIN", "daily_move", 11.2)},
         {("COIN", "max_drawdown", 11.2)}),
    ],
)
def test_a_session_reference_reaches_its_own_figure_only(text, present, absent):
    assert_shape(text, present, absent, month=None)
