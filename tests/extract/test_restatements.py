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


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Jerónimo Martins was the least volatile — its annualised volatility was under 10% (9.8%).", "lisbon",
         {("JMT.LS", "volatility", 10), ("JMT.LS", "volatility", 9.8)}, {("JMT.LS", "period_return", 9.8)}),
        ("Amazon's drawdown was about 18% (18.2%).", "us", {("AMZN", "max_drawdown", 18.2)}, {("AMZN", "period_return", 18.2)}),
        ("AMD's volatility was under 90% (86.4%).", "us", {("AMD", "volatility", 86.4)}, {("AMD", "period_return", 86.4)}),
        # a bracketed figure far from the one before it is another measure
        ("Tesla's volatility was 32% (up 14.2% on the month).", "us", {("TSLA", "period_return", 14.2)}, {("TSLA", "volatility", 14.2)}),
    ],
)
def test_an_exact_percent_in_brackets_restates_the_round_one(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # speech says the unit once: the exact figure after the round one is a bare decimal
        ("JPMorgan rose just under one percent, 0.96 to be exact.", "us",
         {("JPM", "period_return", 1), ("JPM", "period_return", 0.96)}, set()),
        ("The winner was NOS, up 17 percent, or seventeen point zero five, to be exact.", "lisbon",
         {("NOS.LS", "period_return", 17), ("NOS.LS", "period_return", 17.05)}, set()),
        ("Meta fell about 9 percent, 9.17 to be precise.", "us", {("META", "period_return", -9.17)}, set()),
        # a number far from the percent, or a price, restates nothing
        ("NOS rose 17 percent and closed at 5.15, to be exact.", "lisbon",
         {("NOS.LS", "period_return", 17)}, {("NOS.LS", "period_return", 5.15)}),
        ("Tesla rose about 14 percent, to $367.95 to be exact.", "us",
         {("TSLA", "period_return", 14)}, {("TSLA", "period_return", 367.95)}),
    ],
)
def test_a_bare_exact_figure_restates_the_round_percent(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)
