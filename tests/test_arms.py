"""The perturbation arms: the seed's reference figures on shipped data, and properties on every real window."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.arms import ARMS, DAMPING_FACTOR, apply_arm, transform_bars
from builder.facts import annualised_volatility, percent_change
from builder.panel import load_panel
from tests import reference_figures as ref

SHIPPED_PANELS = [("us", "2026-08"), ("lisbon", "2026-02"), ("lisbon", "2026-01")]


@pytest.fixture(scope="module")
def august():
    return load_panel("us", "2026-08")


def test_nvda_first_eight_sessions_shown_under_inverted_match_the_seed(august):
    inverted = apply_arm(august, "inverted").series("NVDA")
    assert [d.isoformat() for d in inverted.index[:8]] == list(ref.NVDA_FIRST_EIGHT_SESSIONS)
    assert tuple(np.round(inverted.iloc[:8].to_numpy(), 2)) == ref.NVDA_INVERTED_FIRST_EIGHT
    assert tuple(august.series("NVDA").iloc[:8]) == ref.NVDA_TRUE_FIRST_EIGHT


def test_nvda_eight_session_returns_and_volatility_match_the_seed(august):
    true = august.series("NVDA").iloc[:8].to_numpy()
    shown = apply_arm(august, "inverted").series("NVDA").iloc[:8].to_numpy()
    assert round(percent_change(true[0], true[-1]), 2) == ref.NVDA_EIGHT_RETURN_TRUE
    assert round(percent_change(shown[0], shown[-1]), 2) == ref.NVDA_EIGHT_RETURN_INVERTED
    assert round(annualised_volatility(true) / 100, 4) == ref.NVDA_EIGHT_VOLATILITY
    assert round(annualised_volatility(shown) / 100, 4) == ref.NVDA_EIGHT_VOLATILITY


@pytest.mark.parametrize("ticker", sorted(ref.MONTH_RETURNS_TRUE_VS_INVERTED))
def test_whole_month_returns_true_vs_inverted_match_the_seed(august, ticker):
    expected_true, expected_inverted = ref.MONTH_RETURNS_TRUE_VS_INVERTED[ticker]
    true = august.series(ticker)
    shown = apply_arm(august, "inverted").series(ticker)
    assert round(percent_change(true.iloc[0], true.iloc[-1]), 2) == expected_true
    assert round(percent_change(shown.iloc[0], shown.iloc[-1]), 2) == expected_inverted


def test_real_arm_is_the_truth_itself(august):
    assert apply_arm(august, "real") is august


def test_volume_is_unchanged_by_every_arm(august):
    for arm in ARMS:
        assert (apply_arm(august, arm).bars["volume"] == august.bars["volume"]).all()


def test_lisbon_arms_keep_open_missing():
    panel = load_panel("lisbon", "2026-02")
    for arm in ARMS:
        assert apply_arm(panel, arm).bars["open"].isna().all()


@st.composite
def real_windows(draw):
    """A window of one ticker's real bars from a shipped month (never synthetic prices)."""
    market, month = draw(st.sampled_from(SHIPPED_PANELS))
    panel = load_panel(market, month)
    ticker = draw(st.sampled_from(panel.tickers))
    bars = panel.ticker_bars(ticker)
    start = draw(st.integers(0, len(bars) - 3))
    stop = draw(st.integers(start + 2, len(bars)))
    return bars.iloc[start:stop].reset_index(drop=True)


def _returns(values: np.ndarray) -> np.ndarray:
    return values[1:] / values[:-1] - 1.0


@settings(max_examples=60, deadline=None)
@given(window=real_windows(), arm=st.sampled_from(sorted(ARMS)))
def test_every_arm_keeps_the_first_bar_and_ohlc_consistency(window, arm):
    shown = transform_bars(window, ARMS[arm].transform_return)
    first_true = window.iloc[0][["open", "high", "low", "close", "volume"]].to_numpy(dtype=float)
    first_shown = shown.iloc[0][["open", "high", "low", "close", "volume"]].to_numpy(dtype=float)
    np.testing.assert_array_equal(np.nan_to_num(first_true, nan=-1), np.nan_to_num(first_shown, nan=-1))
    tolerance = 1e-9 * shown["close"].abs().max()
    assert (shown["low"] <= shown["close"] + tolerance).all()
    assert (shown["close"] <= shown["high"] + tolerance).all()
    opens = shown["open"].dropna()
    assert (shown.loc[opens.index, "low"] <= opens + tolerance).all()
    assert (opens <= shown.loc[opens.index, "high"] + tolerance).all()


@settings(max_examples=60, deadline=None)
@given(window=real_windows())
def test_inverted_daily_returns_are_exactly_the_negated_true_ones(window):
    shown = transform_bars(window, ARMS["inverted"].transform_return)
    np.testing.assert_allclose(_returns(shown["close"].to_numpy()), -_returns(window["close"].to_numpy()),
                               rtol=0, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(window=real_windows())
def test_damped_daily_returns_are_a_quarter_of_the_true_ones(window):
    shown = transform_bars(window, ARMS["damped"].transform_return)
    np.testing.assert_allclose(_returns(shown["close"].to_numpy()),
                               DAMPING_FACTOR * _returns(window["close"].to_numpy()), rtol=0, atol=1e-12)
    true_moves = np.sign(_returns(window["close"].to_numpy()))
    assert (np.sign(_returns(shown["close"].to_numpy())) == true_moves).all()


@settings(max_examples=40, deadline=None)
@given(window=real_windows())
def test_inverted_high_is_built_from_the_true_low(window):
    """Inversion turns the deepest intraday dip into the highest intraday point."""
    shown = transform_bars(window, ARMS["inverted"].transform_return)
    previous_true = window["close"].to_numpy()[:-1]
    previous_shown = shown["close"].to_numpy()[:-1]
    expected_high = previous_shown * (1 - (window["low"].to_numpy()[1:] / previous_true - 1))
    np.testing.assert_allclose(shown["high"].to_numpy()[1:], expected_high, rtol=1e-12)
    assert not math.isnan(shown["high"].iloc[-1])
