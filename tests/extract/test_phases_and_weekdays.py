"""Narrative by phase: a stretch of the month ("in the third week", "the last three sessions") dates the
sessions and prices told in it but is no claim of its own; a weekday that owns or brings its move
("Thursday's 7.5% drop", "Monday brought a rebound", "on the very first Friday") makes a daily move."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("In the second week Nvidia slipped 2.2% on Tuesday.", {("NVDA", "daily_move", -2.2)}, {("NVDA", "period_return", -2.2)}),
        ("The first week was calm: Meta opened the month at $612.91 and drifted.", {("META", "price_level", 612.91)}, set()),
        ("By the final week Amazon had given up 3.1%.", set(), {("AMZN", "period_return", -3.1)}),
        ("The last four sessions alone added about 11% to AMD.", set(), {("AMD", "period_return", 11)}),
        ("The first five sessions alone took 4% off Galp.", set(), {("GALP.LS", "period_return", 4), ("GALP.LS", "period_return", -4)}),
    ],
)
def test_a_stretch_of_the_month_dates_its_sessions_and_makes_no_claim(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon" if "Galp" in text else "us", month="2025-10" if "Galp" in text else "2026-07")


def test_a_stretch_with_no_cell_is_the_texts_own_period():
    assert_shape("Nvidia fell 4% in the final week.", {("NVDA", "period_return", -4)}, month=None)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Tesla sold off early; Wednesday's 3.4% drop set the tone.", {("TSLA", "daily_move", -3.4)}, {("TSLA", "period_return", -3.4)}),
        ("Amazon struggled, though Friday brought a 2.5% bounce.", {("AMZN", "daily_move", 2.5)}, {("AMZN", "period_return", 2.5)}),
        ("AMD lost 1.8% on the very first Monday.", {("AMD", "daily_move", -1.8)}, {("AMD", "period_return", -1.8)}),
        ("The same Tuesday Broadcom fell 2.6%.", {("AVGO", "daily_move", -2.6)}, {("AVGO", "period_return", -2.6)}),
    ],
)
def test_a_weekday_that_owns_or_brings_a_move_makes_it_daily(text, present, absent):
    assert_shape(text, present, absent, month="2026-07")


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("Meta opened at $612.91 — which proved to be its low — and climbed.", {("META", "price_level", 612.91), ("META", "range_low", 612.91)}),
        ("Nvidia started at $197.58 – which turned out to be its high.", {("NVDA", "price_level", 197.58), ("NVDA", "range_high", 197.58)}),
        ("Alphabet slid from 340.10 to 317.69 at the low on the 23rd.", {("GOOGL", "range_low", 317.69)}),
    ],
)
def test_an_extreme_said_after_a_dash_or_at_the_low_is_the_prices(text, present):
    assert_shape(text, present, month="2026-07")
