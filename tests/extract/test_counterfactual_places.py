"""Counterfactual places: "would have topped this table" states a place not taken, so the name keeps its own
figure and gets no rank and no comparison (round nine c, case 13; round ten, case 8)."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Off the list, Palantir's +48.3% would have topped this table by a mile.", "us",
         {("PLTR", "period_return", 48.3)}, {("PLTR", "rank", "best_return")}),
        ("NOS was the standout performer. Mota-Engil rose +15.26% and would have placed second.", "lisbon",
         {("NOS.LS", "rank", "best_return"), ("EGL.LS", "period_return", 15.26)}, {("NOS.LS", "outperformed", "EGL.LS")}),
        ("Uber, up 31%, would have been the best of the lot.", "us", {("UBER", "period_return", 31)}, {("UBER", "rank", "best_return")}),
        # the clause after the counterfactual is the writer's own again
        ("Palantir would have led the group, but Tesla topped the table with +14.2%.", "us",
         {("TSLA", "rank", "best_return")}, {("PLTR", "rank", "best_return")}),
        # a plain past is stated
        ("Tesla topped the table with +14.2%.", "us", {("TSLA", "rank", "best_return")}, set()),
    ],
)
def test_a_place_it_would_have_taken_is_no_rank(text, universe, present, absent):
    assert_shape(text, present, absent, universe)
