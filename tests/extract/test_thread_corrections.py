"""A thread's corrections: "17.3 not 17.1, sorry" and "*18.43" opening a line restate the figure stated before
them with the corrected number, keeping its name, metric, sign and date; the withdrawn figure quoted in the
correction is no claim, and a figure that only looks like a correction restates nothing."""

from __future__ import annotations

from tests.extract.support import facts

THREAD = "Ben  2:18 PM\nmostly. AMD −17.1% on 2/4 after the guidance disappointed\n\nBen  2:19 PM\n{}\n"


def test_a_correction_restates_the_figure_it_names():
    found = facts(THREAD.format("17.3 not 17.1, sorry"), "us", "2026-02")
    assert ("AMD", "daily_move", -17.3) in found and ("AMD", "daily_move", -17.1) in found
    assert not any(value in (17.1, 17.3) for _, _, value in found)  # the sign is the corrected claim's


def test_a_star_restates_the_nearest_figure_it_is_a_slip_of():
    text = "mike  17:48\ngalp peaked 18.34 on the 17th then −3.2% on the 21st\n\nmike  17:49\n*18.43\n"
    found = facts(text, "lisbon", "2025-11")
    assert ("GALP.LS", "range_high", 18.43) in found
    assert not [f for f in found if f[2] in (-18.43, 3.2)]


def test_what_only_looks_like_a_correction_restates_nothing():
    # a star bullet, a figure far from any stated before, and "not" naming no figure stated
    for line in ("* 17.3", "*52.0", "17.3 not 19.9, sorry"):
        found = facts(THREAD.format(line), "us", "2026-02")
        assert found == {("AMD", "daily_move", -17.1), ("AMD", "causal", "after the guidance disappointed")}, line


def test_a_star_that_names_the_withdrawn_figure():
    text = "pedro  09:20\ngalp vol 31.0 annualised\n\npedro  09:21\n*30.1, not 31.0\n"
    assert facts(text, "lisbon", "2026-01") == {("GALP.LS", "volatility", 31.0), ("GALP.LS", "volatility", 30.1)}
