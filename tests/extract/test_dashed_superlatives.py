"""Dashed superlatives: a slide's bullet "AVGO max DD 16.9% — deepest" ranks the family of the figure before the
dash, and only where the superlative closes its line; a price's dash ("$367.95 — highest close") is the stock's
own extreme, and a superlative that goes on ("— highest close since May") is no rank."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        ("- AVGO max DD 16.9% — deepest\n- AMD ann. vol 56.0% — highest\n", "us", "2026-08",
         {("AVGO", "rank", "largest_drawdown"), ("AMD", "rank", "most_volatile")}, {("AVGO", "rank", "worst_return")}),
        ("- JPM ann. vol 13.7% — lowest\n", "us", "2026-08", {("JPM", "rank", "least_volatile")}, set()),
    ],
)
def test_a_dashed_superlative_ranks_the_figure_before_it(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe, month)


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        ("- Tesla +14.2% — highest close since May\n", "us", "2026-08", set(), {("TSLA", "rank", "best_return")}),
        ("- Tesla closed at $367.95 — highest\n", "us", "2026-08", set(), {("TSLA", "rank", "best_return")}),
    ],
)
def test_a_dashed_superlative_that_goes_on_or_follows_a_price_ranks_nothing(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe, month)
