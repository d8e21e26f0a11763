"""Restatements: a hedged figure said again exactly ("roughly 6% — 5.85% if we want to be exact", "about
19% — or, more precisely, 18.70%") is read from the first figure's words, across the dash between them;
a spaced em dash between two percents is an aside, no range of percents."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Netflix slid by roughly 4% — or, more precisely, 3.92%.", "us",
         {("NFLX", "period_return", -4), ("NFLX", "period_return", -3.92)}, {("NFLX", "period_return", 3.92)}),
        ("Sonae added about 5% — 4.87% if we want to be exact — over January.", "lisbon",
         {("SON.LS", "period_return", 5), ("SON.LS", "period_return", 4.87)}, set()),
        ("Meta fell about 9%, or 9.61% to be precise.", "us",
         {("META", "period_return", -9), ("META", "period_return", -9.61)}, set()),
    ],
)
def test_a_restated_figure_is_read_from_the_first(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


def test_a_tight_dash_between_percents_stays_a_range():
    assert_shape("Palantir stock dropped roughly 7%–8% on the news.", present=[],
                 absent=[("PLTR", "period_return", -7), ("PLTR", "period_return", -8)])
