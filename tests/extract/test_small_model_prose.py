"""Small-model prose: ungrammatical verbs ("has went up", "go down 14 days"), list items that drop the
percent sign ("UnitedHealth: down 2.85"), a price sentence that names no one, and a market name after a
superlative's article ("the best stock of the PSI")."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("The Nvidia stock go down 9 days and go up 12 days in the month.", "us",
         {("NVDA", "down_days", 9), ("NVDA", "up_days", 12)}, set()),
        ("Galp went up 11 sessions.", "lisbon", {("GALP.LS", "up_days", 11)}, set()),
    ],
)
def test_a_direction_then_a_count_of_days(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Sonae has went up. NOS has went down also.", "lisbon", {("SON.LS", "direction", "up"), ("NOS.LS", "direction", "down")}, set()),
        # the paragraph gives the figure: the direction is no claim of its own
        ("The stock of Meta has went up. Meta went up 2.10 percent.", "us", {("META", "period_return", 2.1)}, {("META", "direction", "up")}),
    ],
)
def test_went_up_with_no_figure_is_a_direction(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Other stocks:\n- Meta: up 2.10 percent\n- Alphabet: down 1.41\n- JPM:\n", "us",
         {("GOOGL", "period_return", -1.41)}, {("GOOGL", "price_level", 1.41)}),
        ("- Sonae: +3.10%\n- Altri: up 0.95\n", "lisbon", {("ALTR.LS", "period_return", 0.95)}, set()),
        # a price after the word is still a price
        ("Meta rose 2%. Alphabet: down to 181.20.", "us", set(), {("GOOGL", "period_return", -181.2)}),
    ],
)
def test_a_way_word_and_a_bare_number_after_a_name_are_a_move(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Nvidia went up 1.06 percent. The highest price was 212.50.", "us", {("NVDA", "range_high", 212.5)}, set()),
        ("Galp went up 4.6%. The lowest price was 13.10 and it closed at 14.02.", "lisbon",
         {("GALP.LS", "range_low", 13.1)}, set()),
        ("REN is the best stock of the PSI.", "lisbon", {("RENE.LS", "rank", "best_return")}, set()),
    ],
)
def test_a_sentence_naming_no_one_and_a_market_after_the_superlative(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)
