"""Delimited terse lines: one line per company cut into cells by pipes or spaced colons, each cell a
figure keyed by a word or two before it ("vol 30.1", "DD 5.7", "lo 0.87", "best d +3.6 (22/1)"), read by
the header lexicon as a terminal line's mnemonics are. A cell's key is no figure's in the next cell, a
close "= m/hi" is also the month's high, and "5 up / 15 dn" is two counts."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, claims_of


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("NOS   : +6.2%  : vol 21.4 : DD 3.9", "lisbon",
         {("NOS.LS", "period_return", 6.2), ("NOS.LS", "volatility", 21.4), ("NOS.LS", "max_drawdown", 3.9)}, set()),
        ("AMD | −4.1% | vol 48.2 | lo 151.30", "us",
         {("AMD", "period_return", -4.1), ("AMD", "volatility", 48.2), ("AMD", "range_low", 151.3)}, set()),
        # lowercase words in the line: no all-caps terminal line, the cells key it all the same
        ("Galp : +3.0% : hi 17.20 : sigma 27.5", "lisbon",
         {("GALP.LS", "range_high", 17.2), ("GALP.LS", "volatility", 27.5)}, set()),
    ],
)
def test_a_key_cell_keys_its_bare_figure(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


def test_a_key_cell_is_no_key_of_the_cell_before_it():
    # "DD" after "+1.9%" keys 4.4, not the month's return before its delimiter
    assert_shape("EDPR  : +1.9%  : DD 4.4", present=[("EDPR.LS", "period_return", 1.9), ("EDPR.LS", "max_drawdown", 4.4)],
                 absent=[("EDPR.LS", "max_drawdown", 1.9)], universe="lisbon")
    assert_shape("BCP  : −3.3%  : DD 6.1 : worst d −2.9 (9/1)", present=[
        ("BCP.LS", "period_return", -3.3), ("BCP.LS", "max_drawdown", 6.1), ("BCP.LS", "daily_move", -2.9)],
        absent=[("BCP.LS", "max_drawdown", 3.3), ("BCP.LS", "range_high", 2.9)], universe="lisbon")


def test_a_best_day_cell_is_a_dated_largest_move():
    claims = claims_of("SON   : +4.0%  : best d +2.8 (13/1)", "lisbon", "2026-01")
    move = next(c for c in claims if c.metric == "daily_move")
    assert (move.ticker, move.value, str(move.date), move.extreme) == ("SON.LS", 2.8, "2026-01-13", "largest")


def test_a_bracketed_extreme_ranks_the_key_cells_family():
    assert_shape("EDP   : +2.2%  : vol 12.9 (min)\nGALP  : +5.5%  : vol 33.0 (max)", universe="lisbon", present=[
        ("EDP.LS", "rank", "least_volatile"), ("GALP.LS", "rank", "most_volatile")])


def test_a_close_equated_to_the_month_extreme_is_both():
    assert_shape("META | −2.0% | last 702.10 = m/lo", present=[
        ("META", "price_level", 702.1), ("META", "range_low", 702.1)])
    assert_shape("REN  : +4.1%  : last 3.212 = m/hi", universe="lisbon", present=[
        ("RENE.LS", "price_level", 3.212), ("RENE.LS", "range_high", 3.212)])


def test_a_name_against_its_pipe_is_a_name():
    assert_shape("Aug-26 | m/m\nNVDA| +2.5%\nTSLA | −1.5%", present=[("NVDA", "period_return", 2.5), ("TSLA", "period_return", -1.5)])


def test_a_desk_pair_of_counts_ending_its_line_is_two_counts():
    assert_shape("AMZN | −8.0% | 6 up / 14 dn\nMA | +1.0%", present=[("AMZN", "up_days", 6), ("AMZN", "down_days", 14)],
                 absent=[("AMZN", "up_days", 14)])
    # a lowercase line after it runs the sentence on; its first word is no noun the count counts
    assert_shape("ALTR  : −4.8%  : 6 up / 13 dn\nldr GALP · lggd ALTR", universe="lisbon",
                 present=[("ALTR.LS", "up_days", 6), ("ALTR.LS", "down_days", 13)])


def test_one_spaced_colon_is_no_cell_delimiter():
    # a French colon, or a key's: the figure after it keeps the words before it
    assert_shape("Galp : max DD 4,1 %", universe="lisbon", present=[("GALP.LS", "max_drawdown", 4.1)])


def test_a_terse_line_keeps_its_keys_when_the_line_before_runs_on():
    # "~flat" ends in a word and "jmt" opens in lowercase: one sentence of two lines, each line its own cells
    assert_shape("NVG   : −0.4%  : ~flat\njmt   : −2.4%  : DD 5.7 (max)", universe="lisbon",
                 present=[("JMT.LS", "period_return", -2.4), ("JMT.LS", "max_drawdown", 5.7)])


def test_a_lowercase_word_name_opening_a_terse_line_is_a_name():
    assert_shape("LIS fev-26 | m/m\nnos | +17.0% | best d +4.3 (23/2)\nren | +5.8%", universe="lisbon",
                 present=[("NOS.LS", "period_return", 17.0), ("NOS.LS", "daily_move", 4.3), ("RENE.LS", "period_return", 5.8)])
