"""Notebook notes: `key=value` pairs glued without spaces ("lo=171.20", "hv=44.2") are keys like "Low: 171.20";
an equals sign after a word is a token of its own, so the header lexicon reads every key a table header can
be, and notebook shorthand (hv, p0/p1, bd/wd) is spelled there once. A lowercase ticker opens the line."""

from __future__ import annotations

from tests.extract.support import assert_shape, claims_of


def test_glued_keys_read_through_the_header_lexicon():
    assert_shape("- avgo: lo=288.10  hi=312.75  hv=41.3  up=12 dn=9",
                 present=[("AVGO", "range_low", 288.1), ("AVGO", "range_high", 312.75), ("AVGO", "volatility", 41.3),
                          ("AVGO", "up_days", 12)],
                 absent=[("AVGO", "period_return", 41.3), ("AVGO", "price_level", 288.1)])


def test_start_and_end_prices_as_p0_and_p1():
    claims = {(c.metric, c.value, c.anchor) for c in claims_of("nvda: p0=180.40 p1=176.15")}
    assert ("price_level", 180.4, "start") in claims and ("price_level", 176.15, "end") in claims
    assert not any(anchor is None for _, _, anchor in claims)


def test_a_glued_drawdown_fraction_is_its_percent():
    found = {(c.ticker, c.metric, round(c.value, 4)) for c in claims_of("- tsla: mdd=0.0735")}
    assert ("TSLA", "max_drawdown", 7.35) in found and ("TSLA", "max_drawdown", 0.0735) not in found


def test_dn_is_the_down_days_only_beside_up():
    assert_shape("- avgo: hv=41.3  up=12 dn=9", present=[("AVGO", "up_days", 12), ("AVGO", "down_days", 9)])
    assert_shape("- avgo: dn=9 up=12", present=[("AVGO", "up_days", 12), ("AVGO", "down_days", 9)])
    assert_shape("- avgo: hv=41.3  dn=4", present=[("AVGO", "volatility", 41.3)], absent=[("AVGO", "down_days", 4)])


def test_an_up_down_key_over_a_slashed_pair():
    assert_shape("- avgo: hv=41.3  up/dn=13/9", present=[("AVGO", "up_days", 13), ("AVGO", "down_days", 9)],
                 absent=[("AVGO", "up_days", 9), ("AVGO", "down_days", 13)])


def test_return_keys_of_a_notebook():
    assert_shape("- avgo: r=+6.40%  mdd=4.1\n- nflx: ret=-0.0233\n- pltr: mret=0.1012  r1m=0.1012",
                 present=[("AVGO", "period_return", 6.4), ("AVGO", "max_drawdown", 4.1), ("NFLX", "period_return", -2.33),
                          ("PLTR", "period_return", 10.12)],
                 absent=[("AVGO", "max_drawdown", 6.4), ("NFLX", "period_return", -0.0233), ("PLTR", "period_return", 0.1012)])


def test_a_statistic_of_a_pair_is_no_return():
    assert_shape("avgo/nvda corr r=0.81  rho=0.77  r2=0.66\navgo sharpe=1.92", present=[],
                 absent=[("AVGO", "period_return", 81.0), ("NVDA", "period_return", 81.0), ("AVGO", "period_return", 1.92),
                         ("AVGO", "period_return", 66.0)])


def test_a_glued_key_is_its_own_word_only():
    assert_shape("- avgo: p0=301.20=lo  hi=344.90 03-18", month="2026-03",
                 present=[("AVGO", "price_level", 301.2), ("AVGO", "range_low", 301.2), ("AVGO", "range_high", 344.9)],
                 absent=[("AVGO", "range_low", 344.9)])


def test_a_price_set_equal_to_a_second_key():
    assert_shape("- nflx: p1=97.15 (=hi)  p0=90.02", month="2026-03",
                 present=[("NFLX", "price_level", 97.15), ("NFLX", "range_high", 97.15), ("NFLX", "price_level", 90.02)],
                 absent=[("NFLX", "range_high", 90.02)])


def test_an_extreme_marked_after_a_keyed_figure_ranks_its_measure():
    assert_shape("- amd: hv=61.0 (max)  mdd=12.2 (max of 3)\n- unh: hv=19.4 ← min\n- avgo: bd=+5.10% 03-04 <- max",
                 month="2026-03",
                 present=[("AMD", "rank", "most_volatile"), ("AMD", "rank", "largest_drawdown"), ("UNH", "rank", "least_volatile"),
                          ("AVGO", "rank", "largest_daily_gain")],
                 absent=[("AMD", "rank", "best_return"), ("UNH", "rank", "worst_return"), ("AVGO", "rank", "least_volatile")])
    assert_shape("- nflx: hi=97.15 (max)  lo=88.40 (min)\n- jpm: hv=15.2 (best)", month="2026-03",
                 present=[("NFLX", "range_high", 97.15), ("JPM", "volatility", 15.2)],
                 absent=[("NFLX", "rank", "best_return"), ("NFLX", "rank", "worst_return"), ("JPM", "rank", "most_volatile"),
                         ("JPM", "rank", "least_volatile")])


def test_an_arrowed_extreme_belongs_to_its_own_line():
    assert_shape("edp    hv=12.9  → lowest\njmt    r=-0.0211  # worst", universe="lisbon", month="2026-03",
                 present=[("EDP.LS", "rank", "least_volatile"), ("JMT.LS", "rank", "worst_return")],
                 absent=[("JMT.LS", "rank", "least_volatile"), ("EDP.LS", "rank", "worst_return")])
