"""Printed outputs: a notebook's `Out[n]:` lines state what the `In [n]:` expression above them computes."""

from __future__ import annotations

from tests.extract.support import facts

CELL = ("In [4]: (px.iloc[-1] / px.iloc[0] - 1).round(4)\nOut[4]:\namd     0.0593\namzn    0.0565\ntsla   -0.0175\n\n"
        "notes\n- tsla: hi=451.67")


def test_an_output_of_last_over_first_less_one_is_each_names_return():
    got = facts(CELL, "us", "2026-01")
    assert {("AMD", "period_return", 5.93), ("AMZN", "period_return", 5.65), ("TSLA", "period_return", -1.75)} <= got
    assert ("TSLA", "period_return", -0.0175) not in got


def test_an_output_whose_expression_computes_nothing_known_states_nothing_new():
    got = facts(CELL.replace("(px.iloc[-1] / px.iloc[0] - 1).round(4)", "px.corr().iloc[0]"), "us", "2026-01")
    assert ("AMD", "period_return", 5.93) not in got


def test_an_annualised_volatility_expression_gives_volatility():
    text = "In [7]: (px.pct_change().std() * np.sqrt(252) * 100).round(1)\nOut[7]:\namd     51.4\ntsla    38.2\n"
    got = facts(text, "us", "2026-01")
    assert {("AMD", "volatility", 51.4), ("TSLA", "volatility", 38.2)} <= got
