"""Outlines: "I. AMD (AMD)", "   A. Return", "      1. +5.93% …", "(a)", "i." — each marked line a list item at its
depth, the name a top line gives holding for the levels under it until the next top line names another."""

from __future__ import annotations

import pytest

from extractors.structure import blocks, outline_items
from tests.extract.support import assert_shape, facts

INDENTED = """Outline: January 2026

I. AMD (AMD)
   A. Return
      1. +5.93% for the month.
      2. From $223.47 to $236.73.
   B. Risk
      1. Annualised volatility 51.4%.

II. Amazon (AMZN)
   A. Return
      1. +5.65%, a close second to AMD.
      2. The first close, $226.50, was also its low for the month.
   B. Risk
      1. Least volatile of the three: 28.4%.
      2. Drawdown: 6.62%.
"""

FLUSH = """I. Tesla (TSLA)
A. Return: +14.24%
B. Path
1. Peak: $367.95
2. Drawdown: 5.1%
II. Nvidia (NVDA)
A. Return: +6.84%
B. Path
1. Peak: $227.98
2. Drawdown: 4.4%
"""


def test_an_indented_outline_is_items_at_the_depth_of_their_indentation():
    items = outline_items(INDENTED)
    texts = [(INDENTED[b.start:b.end].split()[0], b.level) for b in items]
    assert texts[:4] == [("I.", 1), ("A.", 2), ("1.", 3), ("2.", 3)]
    assert ("II.", 1) in texts


def test_a_flush_outline_takes_its_depths_from_the_order_of_its_marker_kinds():
    levels = [(FLUSH[b.start:b.end].split()[0], b.level) for b in outline_items(FLUSH)]
    assert levels[:5] == [("I.", 1), ("A.", 2), ("B.", 2), ("1.", 3), ("2.", 3)]


@pytest.mark.parametrize("text", [INDENTED, FLUSH.replace("\n", "\n\n")])
def test_the_figures_under_a_top_line_are_its_company_s(text):
    found = facts(text, month="2026-01")
    if "Amazon" in text:
        assert {("AMZN", "volatility", 28.4), ("AMZN", "max_drawdown", 6.62), ("AMZN", "range_low", 226.5)} <= found
        assert not {("AMD", "volatility", 28.4), ("AMD", "max_drawdown", 6.62), ("AMD", "range_low", 226.5)} & found
    else:
        assert {("NVDA", "range_high", 227.98), ("NVDA", "max_drawdown", 4.4), ("TSLA", "max_drawdown", 5.1)} <= found
        assert ("TSLA", "range_high", 227.98) not in found


@pytest.mark.parametrize("text", [
    "(a) Galp: +9.3%\n(b) EDP: +5.9%\n(c) BCP: -4.7%\n",  # one kind: a flat list
    "1. Galp: +9.3%\n2. EDP: +5.9%\n",  # too short
    "I. Summary\nThe month was mixed.\nII. Detail\n",  # an unindented prose line ends it
])
def test_no_outline_without_three_marked_lines_of_two_kinds_at_two_depths(text):
    assert outline_items(text) == []


def test_an_outline_s_lines_are_no_prose_paragraph():
    kinds = {INDENTED[b.start:b.end].strip()[:3]: b.kind for b in blocks(INDENTED)}
    assert kinds["II."] == "item" and kinds["Out"] == "prose"


def test_bracketed_and_roman_lowercase_markers_nest_under_a_numbered_line():
    text = ("1. Galp Energia (GALP.LS)\n   (a) Return: -15.77%\n   (b) Worst day\n      (i) -14.71% on 9 December\n"
            "2. EDP (EDP.LS)\n   (a) Return: +2.54%\n")
    assert_shape(text, [("GALP.LS", "period_return", -15.77), ("EDP.LS", "period_return", 2.54),
                        ("GALP.LS", "daily_move", -14.71)], universe="lisbon", month="2025-12")


def test_a_point_naming_a_rival_after_its_figure_is_no_list_entry_for_the_rival():
    found = facts(INDENTED, month="2026-01")
    assert ("AMD", "rank", "best_return") not in found


@pytest.mark.parametrize("text, pair", [
    ("Amazon rose 5.65%, a close second to AMD.", ("AMD", "outperformed", "AMZN")),
    ("Amazon, second only to Tesla, rose 5%.", ("TSLA", "outperformed", "AMZN")),
    ("Nvidia finished runner-up to Meta.", ("META", "outperformed", "NVDA")),
])
def test_second_to_a_name_is_behind_it(text, pair):
    assert pair in facts(text, month="2026-01")


def test_second_to_none_compares_with_nobody():
    assert not any(m == "outperformed" for _, m, _ in facts("Tesla was second to none, up 14%."))


@pytest.mark.parametrize("text, down", [
    ("BCP: +9.80%. Up 13 sessions, down 7.", 7),
    ("BCP was up 13 sessions, down 7; REN fell 2%.", 7),
])
def test_the_other_count_after_its_direction_word_ends_its_clause(text, down):
    assert ("BCP.LS", "down_days", down) in facts(text, "lisbon", "2025-12")


def test_a_bare_move_after_a_count_stays_no_count():
    found = facts("BCP rose on 12 of 20 sessions, down 5 on 12/23.", "lisbon", "2025-12")
    assert ("BCP.LS", "down_days", 5) not in found


@pytest.mark.parametrize("intro, first", [
    ("Leaders and laggards", "best_return"),
    ("Best and worst performers", "best_return"),
    ("Laggards", "worst_return"),
    ("Top 3 (worst first)", "worst_return"),
])
def test_an_intro_naming_both_ends_lists_from_the_top(intro, first):
    text = f"{intro}\n1. NOS: +17.0%\n2. Galp: +9.3%\n3. BCP: -4.7%\n"
    ranks = {(t, v) for t, m, v in facts(text, "lisbon") if m == "rank"}
    assert ("NOS.LS", first) in ranks
