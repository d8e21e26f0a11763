"""Desk shorthand: semicolon-chained notes with abbreviations that end no sentence ("outperf.", "cov."),
bracketed signs ("(−) 1.4%"), "lo / hi" and "px" prices, "1d best" labels, bare counts ("8 up / 11 dn")
and spreads in points or basis points that are no claim."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("MA (−) 3.2% m/m; JPM (+) 0.4%.", "us", {("MA", "period_return", -3.2), ("JPM", "period_return", 0.4)},
         {("MA", "period_return", 3.2)}),
        ("REN (-) 2,2%, Altri (+) 1,9% on the month.", "lisbon", {("RENE.LS", "period_return", -2.2), ("ALTR.LS", "period_return", 1.9)}, set()),
        # a bracketed sign with no figure is a direction, also for a name with only a drawdown beside it
        ("NOS, BCP mid-single-digit (+); BCP DD 3.0%.", "lisbon",
         {("NOS.LS", "direction", "up"), ("BCP.LS", "direction", "up"), ("BCP.LS", "max_drawdown", 3.0)}, set()),
        ("Meta (−) 2.5%, worst.", "us", {("META", "period_return", -2.5)}, {("META", "direction", "down")}),
    ],
)
def test_a_bracketed_sign_signs_the_figure_after_it(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # an abbreviation point before ";", "," or ":" ends no sentence: the line keeps its subject
        ("UNH +1.1% m/m, top of cov.; lo 402.10 / hi 431.55; ann. vol 24%.", "us",
         {("UNH", "rank", "best_return"), ("UNH", "range_high", 431.55), ("UNH", "volatility", 24)}, set()),
        ("NVDA -3.0% (underperf. META by ~200bp); mth lo 171.20.", "us",
         {("META", "outperformed", "NVDA"), ("NVDA", "range_low", 171.20), ("NVDA", "period_return", -3.0)},
         {("META", "period_return", 2.0), ("META", "range_low", 171.20)}),
        ("AMZN rtn -2.0%; px first 231.00, px last 226.38.", "us",
         {("AMZN", "price_level", 231.00), ("AMZN", "price_level", 226.38)}, set()),
    ],
)
def test_a_desk_line_keeps_its_name_across_abbreviations(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


def test_px_alone_is_the_last_close_and_px_first_the_first():
    from tests.extract.support import claims_of

    got = {(c.ticker, c.value, c.anchor) for c in claims_of("TSLA px first 322.08; px 367.95.") if c.metric == "price_level"}
    assert got == {("TSLA", 322.08, "start"), ("TSLA", 367.95, "end")}


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # "1d best" / "1d worst" label the name's own extreme day: no rank
        ("GOOGL +2.2%; 1d best +4.1% (8/12); 1d worst (−) 3.3% (8/20).",
         {("GOOGL", "daily_move", 4.1), ("GOOGL", "daily_move", -3.3)},
         {("GOOGL", "rank", "best_return"), ("GOOGL", "rank", "worst_return"), ("GOOGL", "rank", "largest_daily_gain")}),
        # "best 1d in cov." ranks the day among the names covered
        ("AVGO +5.0%, +6.2% d/d 8/14 (best 1d in cov.).", {("AVGO", "rank", "largest_daily_gain"), ("AVGO", "daily_move", 6.2)},
         {("AVGO", "rank", "best_return")}),
    ],
)
def test_a_day_word_before_a_superlative_is_a_label(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("JPM +0.9%; 12 up / 9 dn; max DD 2.1%.", "us", {("JPM", "up_days", 12), ("JPM", "down_days", 9)}, set()),
        ("EDP -1.0%, 7 up, 12 down.", "lisbon", {("EDP.LS", "up_days", 7), ("EDP.LS", "down_days", 12)}, set()),
        # a bare number and a direction word that close no clause are no count
        ("Meta +3.1% m/m with 2 up moves after results.", "us", {("META", "period_return", 3.1)}, {("META", "up_days", 2)}),
    ],
)
def test_a_bare_count_and_its_direction(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "absent"),
    [
        ("Spreads: NVDA vs AMD ~+640bp m/m.", "us", {("NVDA", "period_return", 6.4), ("AMD", "period_return", 6.4)}),
        ("BCP vs NOS: +3.5pp on the month.", "lisbon", {("BCP.LS", "period_return", 3.5), ("NOS.LS", "period_return", 3.5)}),
        ("TSLA -1.0%, underperf. AMZN by 350bp.", "us", {("AMZN", "period_return", 3.5), ("TSLA", "period_return", 3.5)}),
    ],
)
def test_a_spread_between_two_names_is_no_claim(text, universe, absent):
    assert_shape(text, (), absent, universe=universe)
