"""Facts: the oracle's numbers, checked by hand on shipped data."""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest

from builder.arms import apply_arm
from builder.facts import RANK_RULES, panel_facts
from builder.panel import load_panel


@pytest.fixture(scope="module")
def august():
    return load_panel("us", "2026-08")


def test_nvda_true_august_facts_by_hand(august):
    facts = panel_facts(august).tickers["NVDA"]
    closes = august.series("NVDA")
    assert facts.first_close == 206.64 and facts.first_date == date(2026, 8, 3)
    assert facts.last_close == closes.iloc[-1] and facts.last_date == date(2026, 8, 31)
    assert round(facts.period_return, 2) == 6.84
    assert facts.direction == "up"
    assert facts.max_close == closes.max() and facts.min_close == closes.min()
    moves = closes.pct_change().dropna() * 100
    assert facts.largest_daily_fall == pytest.approx(moves.min())
    assert facts.largest_daily_fall_date == moves.idxmin()
    assert facts.largest_daily_gain == pytest.approx(moves.max())
    assert facts.up_days == int((moves > 0).sum()) and facts.down_days == int((moves < 0).sum())
    assert facts.up_days + facts.down_days <= facts.sessions - 1
    peak = closes.cummax()
    assert facts.max_drawdown == pytest.approx(((1 - closes / peak) * 100).max())
    assert facts.volatility == pytest.approx(np.std(closes.pct_change().dropna(), ddof=1) * np.sqrt(252) * 100)


def test_inversion_flips_direction_and_keeps_volatility(august):
    true = panel_facts(august).tickers["GOOGL"]
    shown = panel_facts(apply_arm(august, "inverted")).tickers["GOOGL"]
    assert true.direction == "down" and shown.direction == "up"
    assert shown.volatility == pytest.approx(true.volatility, rel=1e-9)
    assert shown.largest_daily_gain == pytest.approx(-true.largest_daily_fall, rel=1e-9)
    assert shown.largest_daily_gain_date == true.largest_daily_fall_date


def test_damping_shrinks_volatility_to_a_quarter(august):
    true = panel_facts(august).tickers["TSLA"]
    damped = panel_facts(apply_arm(august, "damped")).tickers["TSLA"]
    assert damped.volatility == pytest.approx(true.volatility / 4, rel=1e-9)
    assert damped.direction == true.direction


def test_every_rank_has_a_leader_that_holds_the_extreme(august):
    facts = panel_facts(august)
    assert set(facts.leaders) == set(RANK_RULES)
    returns = {t: f.period_return for t, f in facts.tickers.items()}
    assert facts.leaders["best_return"] == max(returns, key=returns.get)
    assert facts.leaders["worst_return"] == min(returns, key=returns.get)
    assert facts.ordered("best_return")[0] == facts.leaders["best_return"]
    assert "best_return" in facts.ranks_held(facts.leaders["best_return"])


def test_inversion_swaps_best_and_worst(august):
    true = panel_facts(august).leaders
    shown = panel_facts(apply_arm(august, "inverted")).leaders
    assert shown["best_return"] == true["worst_return"]
    assert shown["worst_return"] == true["best_return"]
