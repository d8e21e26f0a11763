"""Oracle and verdicts: tolerance from stated precision, approximate bands, every metric's arithmetic."""

from __future__ import annotations

from datetime import date
from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from builder.display import shown_arm
from builder.facts import panel_facts
from builder.panel import load_panel
from builder.vocabulary import METRICS, TEXT_METRICS
from extractors.claims import Claim
from extractors.oracle import ORACLES, tolerance, view_of
from extractors.verdicts import DETAILS, VERDICT_OF_DETAIL, Verdict
from extractors.verify import verify


@pytest.fixture(scope="module")
def panels():
    """Each arm as its prompts display it, and the source prices as `true`."""
    real = load_panel("us", "2026-08")
    return {"real": shown_arm(real, "real"), "inverted": shown_arm(real, "inverted"), "damped": shown_arm(real, "damped"),
            "true": real}


def test_every_checkable_metric_has_one_registered_oracle():
    assert set(ORACLES) == set(METRICS) - set(TEXT_METRICS)


@pytest.mark.parametrize(("decimals", "expected"), [(0, 0.5), (1, 0.05), (2, 0.005), (3, 0.0005)])
def test_tolerance_is_half_a_unit_of_the_last_stated_decimal(decimals, expected):
    assert tolerance(Claim("NVDA", "period_return", 4.2, decimals=decimals)) == pytest.approx(expected)


@lru_cache(maxsize=1)
def _us_pair():
    real = load_panel("us", "2026-08")
    return shown_arm(real, "inverted"), real


@settings(deadline=None)
@given(st.sampled_from(("NVDA", "AMZN", "GOOGL", "META", "TSLA", "JPM", "UNH", "AVGO", "MA", "AMD")), st.integers(0, 3))
def test_any_figure_rounded_from_the_shown_value_is_supported(ticker, decimals):
    shown, real = _us_pair()
    value = round(view_of(shown).facts.tickers[ticker].period_return, decimals)
    assert verify(Claim(ticker, "period_return", value, decimals=decimals), shown, real).detail == "supported"


def test_seed_rounding_cases_are_approx_supported_not_fabricated(panels):
    inverted, real = panels["inverted"], panels["true"]
    for ticker, value in (("AMZN", 8.3), ("NVDA", -7.5)):
        verdict = verify(Claim(ticker, "period_return", value, decimals=1), inverted, real)
        assert (verdict.verdict, verdict.detail, verdict.distinguishable) == ("refuted", "approx_supported", True)


def test_the_true_figure_on_a_perturbed_arm_is_recited(panels):
    verdict = verify(Claim("NVDA", "period_return", 6.8, decimals=1), panels["inverted"], panels["true"])
    assert (verdict.verdict, verdict.detail) == ("recited", "recited")
    assert verdict.shown_value == pytest.approx(-7.93, abs=0.01) and verdict.true_value == pytest.approx(6.84, abs=0.01)


def test_near_the_truth_only_is_approx_recited(panels):
    verdict = verify(Claim("NVDA", "period_return", 6.0, decimals=1), panels["inverted"], panels["true"])
    assert verdict.detail == "approx_recited" and verdict.verdict == "refuted"


def test_right_sign_wrong_size_is_sign_only_and_wrong_sign_is_fabricated(panels):
    assert verify(Claim("NVDA", "period_return", -3.0, decimals=1), panels["inverted"], panels["true"]).detail == "sign_only"
    assert verify(Claim("NVDA", "period_return", 3.0, decimals=1), panels["inverted"], panels["true"]).detail == "fabricated"


def test_the_real_arm_cannot_tell_reading_from_recall(panels):
    verdict = verify(Claim("NVDA", "period_return", 6.8, decimals=1), panels["real"], panels["true"])
    assert verdict.detail == "supported" and verdict.distinguishable is False


def test_volatility_under_inversion_is_not_distinguishable(panels):
    vol = view_of(panels["inverted"]).facts.tickers["NVDA"].volatility
    verdict = verify(Claim("NVDA", "volatility", round(vol), decimals=0), panels["inverted"], panels["true"])
    assert verdict.detail == "supported" and verdict.distinguishable is False


def test_price_level_by_date_and_anchor(panels):
    inverted, real = panels["inverted"], panels["true"]
    on_fifth = Claim("NVDA", "price_level", 194.42, decimals=2, date=date(2026, 8, 5))
    assert verify(on_fifth, inverted, real).detail == "supported"
    assert verify(Claim("NVDA", "price_level", 219.22, decimals=2, date=date(2026, 8, 5)), inverted, real).detail == "recited"
    assert verify(Claim("NVDA", "price_level", 206.64, decimals=2, anchor="start"), inverted, real).detail == "supported"
    assert verify(Claim("NVDA", "price_level", 206.64, decimals=2), inverted, real).detail == "unverifiable"
    weekend = Claim("NVDA", "price_level", 206.64, decimals=2, date=date(2026, 8, 1))
    assert verify(weekend, inverted, real).detail == "unverifiable"


def test_price_approximate_band_is_two_percent_relative(panels):
    last = view_of(panels["damped"]).facts.tickers["NVDA"].last_close
    near = Claim("NVDA", "price_level", round(last * 1.015, 2), decimals=2, anchor="end")
    far = Claim("NVDA", "price_level", round(last * 1.2, 2), decimals=2, anchor="end")
    assert verify(near, panels["damped"], panels["true"]).detail == "approx_supported"
    assert verify(far, panels["damped"], panels["true"]).detail == "fabricated"


def test_ranges_are_read_from_closes_not_intraday_extremes(panels):
    """Convention 4 of the labelled dev corpus: "traded between A and B", "peaked at", "bottomed at" are closes."""
    facts = view_of(panels["real"]).facts.tickers["NVDA"]
    assert facts.min_low < facts.min_close and facts.max_high > facts.max_close
    for metric, close, intraday in (("range_low", facts.min_close, facts.min_low), ("range_high", facts.max_close, facts.max_high)):
        assert verify(Claim("NVDA", metric, round(close, 2), decimals=2), panels["real"], panels["true"]).detail == "supported"
        verdict = verify(Claim("NVDA", metric, round(intraday, 2), decimals=2), panels["real"], panels["true"])
        assert verdict.detail != "supported" and verdict.shown_value == pytest.approx(close)


def test_daily_move_by_date_and_largest(panels):
    facts = panel_facts(panels["inverted"]).tickers["NVDA"]
    dated = Claim("NVDA", "daily_move", round(facts.largest_daily_fall, 1), decimals=1, date=facts.largest_daily_fall_date)
    assert verify(dated, panels["inverted"], panels["true"]).detail == "supported"
    largest = Claim("NVDA", "daily_move", round(facts.largest_daily_fall, 1), decimals=1, extreme="largest")
    assert verify(largest, panels["inverted"], panels["true"]).detail == "supported"
    assert verify(Claim("NVDA", "daily_move", -4.0, decimals=1), panels["inverted"], panels["true"]).detail == "unverifiable"


def test_interior_truth_under_sparse_is_recital(panels):
    """The scorer always checks against full panels: the true largest fall is recital on an arm."""
    true_facts = panel_facts(panels["true"]).tickers["NVDA"]
    claim = Claim("NVDA", "daily_move", round(true_facts.largest_daily_fall, 1), decimals=1, extreme="largest")
    assert verify(claim, panels["inverted"], panels["true"]).detail == "recited"


def test_ranks_check_the_leader_and_outperformed_compares_returns(panels):
    inverted, real = panels["inverted"], panels["true"]
    assert verify(Claim("GOOGL", "rank", "best_return"), inverted, real).detail == "supported"
    assert verify(Claim("TSLA", "rank", "best_return"), inverted, real).detail == "recited"
    assert verify(Claim("AMD", "rank", "best_return"), inverted, real).detail == "fabricated"
    assert verify(Claim("GOOGL", "outperformed", "NVDA"), inverted, real).detail == "supported"
    assert verify(Claim("NVDA", "outperformed", "GOOGL"), inverted, real).detail == "recited"


def test_counts_direction_and_drawdown(panels):
    facts = panel_facts(panels["inverted"]).tickers["TSLA"]
    inverted, real = panels["inverted"], panels["true"]
    assert verify(Claim("TSLA", "up_days", facts.up_days), inverted, real).detail == "supported"
    assert verify(Claim("TSLA", "up_days", facts.up_days + 1), inverted, real).detail in ("approx_supported", "recited")
    assert verify(Claim("TSLA", "direction", "down"), inverted, real).detail == "supported"
    assert verify(Claim("TSLA", "direction", "up"), inverted, real).detail == "recited"
    drawdown = Claim("TSLA", "max_drawdown", round(facts.max_drawdown, 1), decimals=1)
    assert verify(drawdown, inverted, real).detail == "supported"


def test_outsiders_causal_and_refusal_are_unverifiable(panels):
    inverted, real = panels["inverted"], panels["true"]
    for claim in (
        Claim("AAPL", "period_return", -4.5, decimals=1),
        Claim(None, "period_return", 2.1, decimals=1),
        Claim("NVDA", "causal", "on fears of a rate rise"),
        Claim(None, "refusal", "cannot be determined"),
        Claim("NVDA", "outperformed", "AAPL"),
    ):
        verdict = verify(claim, inverted, real)
        assert (verdict.verdict, verdict.detail, verdict.distinguishable) == ("unverifiable", "unverifiable", False)


def test_verdict_names_live_in_one_table():
    assert set(VERDICT_OF_DETAIL) == set(DETAILS)
    with pytest.raises(ValueError):
        Verdict("supported", "fabricated")
