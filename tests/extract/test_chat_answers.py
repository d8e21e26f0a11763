"""Chat answers: a direction said before the paragraph gives the figures, a descriptor's own extreme day,
and names "not far behind" the leader named before them."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("**Meta and AMD** — Both ended higher. Meta rose 3.0%, while AMD added about 1%.", "us",
         {("META", "period_return", 3.0), ("AMD", "period_return", 1)}, {("META", "direction", "up"), ("AMD", "direction", "up")}),
        ("Galp finished lower. Over the month the oil company lost 2.2%.", "lisbon", {("GALP.LS", "period_return", -2.2)},
         {("GALP.LS", "direction", "down")}),
        # a direction with no figure for that name in its paragraph stays
        ("Both finished higher: Meta rose 3.0%, and JPM ended higher too.", "us", {("JPM", "direction", "up")}, set()),
    ],
)
def test_a_direction_the_paragraph_states_as_a_figure_is_no_claim(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Nvidia gained 4%. The chipmaker's single best day was August 12, when it rose 5.1%.",
         {("NVDA", "daily_move", 5.1)}, {("NVDA", "rank", "largest_daily_gain")}),
        ("Amazon slid 8%. The retailer's worst session came on the 5th, a 4.4% drop.",
         {("AMZN", "daily_move", -4.4)}, {("AMZN", "rank", "largest_daily_fall")}),
    ],
)
def test_a_descriptors_extreme_day_is_its_own(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Tesla was the clear winner at +9%. Meta and UNH weren't far behind, up 7% and 6.5%.", "us",
         {("TSLA", "outperformed", "META"), ("TSLA", "outperformed", "UNH")}, set()),
        ("NOS had the best month of the ten. Galp came close, and EDP followed.", "lisbon",
         {("NOS.LS", "outperformed", "GALP.LS"), ("NOS.LS", "outperformed", "EDP.LS")}, set()),
        # no leader named before: no comparison
        ("Meta and UNH weren't far behind.", "us", set(), {("META", "outperformed", "UNH"), ("UNH", "outperformed", "META")}),
    ],
)
def test_names_behind_the_leader(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)
