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
