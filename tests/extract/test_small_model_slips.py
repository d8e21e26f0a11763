"""Small models' slips: a name paired with another's ticker, a stray currency sign before a percent, and a bare
figure whose metric the sentence names (round eight's labelling cases 7 and 8)."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("4. Alphabet (AMZN): The stock price decreased by 9.15% from 373.51 to 339.35.", "us",
         {("GOOGL", "period_return", -9.15), ("GOOGL", "price_level", 373.51)}, {("AMZN", "period_return", -9.15)}),
        ("- Amazon (TSLA) rose 5.65% on the month.", "us", {("AMZN", "period_return", 5.65)}, {("TSLA", "period_return", 5.65)}),
        ("* **Navigator (ALTR.LS)** increased by 3.84%", "lisbon", {("NVG.LS", "period_return", 3.84)}, {("ALTR.LS", "period_return", 3.84)}),
        # the right ticker, or two symbols, stay as they are
        ("Tesla (TSLA) rose 14.2%.", "us", {("TSLA", "period_return", 14.2)}, set()),
    ],
)
def test_a_name_with_anothers_ticker_is_the_named_company(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Semapa rose €25.15% over the month.", "lisbon", {("SEM.LS", "period_return", 25.15)}, {("SEM.LS", "price_level", 25.15)}),
        ("Tesla gained $14.24% in total.", "us", {("TSLA", "period_return", 14.24)}, {("TSLA", "price_level", 14.24)}),
        ("AMD fell US$2.87 % over the month.", "us", {("AMD", "period_return", -2.87)}, set()),
        ("Nvidia closed at $220.78.", "us", {("NVDA", "price_level", 220.78)}, set()),
    ],
)
def test_a_currency_sign_before_a_percent_is_a_percent(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("The volatility of AMD was 56.0, which is the highest.", {("AMD", "volatility", 56.0)}, {("AMD", "price_level", 56.0)}),
        ("UNH had the lowest volatility of 9.84.", {("UNH", "volatility", 9.84)}, {("UNH", "range_low", 9.84)}),
        ("Meta's volatility was 31.2 for the month.", {("META", "volatility", 31.2)}, set()),
        ("AMD had a max drawdown of 21.3 from its peak.", {("AMD", "max_drawdown", 21.3)}, set()),
        ("The biggest daily increase was NVDA with 8.74 on August 27.", {("NVDA", "daily_move", 8.74)}, {("NVDA", "price_level", 8.74)}),
        ("The largest one-day drop was AMD with -6.1 on August 5.", {("AMD", "daily_move", -6.1)}, set()),
        # a price word nearer the figure keeps it a price
        ("Nvidia's volatility was high and it closed at 220.78.", {("NVDA", "price_level", 220.78)}, {("NVDA", "volatility", 220.78)}),
    ],
)
def test_a_bare_figure_after_its_metric_is_that_percent(text, present, absent):
    assert_shape(text, present, absent)
