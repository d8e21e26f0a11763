"""Lists: figures over a list of names in order ("respectively"), and a figure after each name of a list."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, facts_in_order


def test_respectively_assigns_figures_in_order():
    got = facts_in_order("JNJ and JPM declined by 5.5% and 1.1%, respectively, while META edged up 2.5%.")
    assert got == [("JNJ", "period_return", -5.5), ("JPM", "period_return", -1.1), ("META", "period_return", 2.5)]


def test_company_names_coordinate_like_tickers():
    got = facts_in_order("Nvidia and Meta advanced 2.1% and 1.3%, respectively.")
    assert got == [("NVDA", "period_return", 2.1), ("META", "period_return", 1.3)]


def test_a_figure_in_brackets_after_each_name_of_a_list():
    got = facts_in_order("Micron (-13.25%), AMD (-10.86%) and **Nvidia** (-6.20%) all fell.")
    assert got == [("MU", "period_return", -13.25), ("AMD", "period_return", -10.86), ("NVDA", "period_return", -6.2)]


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # an Oxford-comma subject list stays a list
        ("Amazon, Alphabet, and Nvidia rose 3.0%, 4.0% and 5.0% respectively.",
         {("AMZN", "period_return", 3.0), ("GOOGL", "period_return", 4.0), ("NVDA", "period_return", 5.0)}, set()),
        # no relation before the clause: "rising ... respectively" after a plain list stays with the list
        ("Nvidia and AMD, rising 6.0% and 4.0% respectively, led.", {("NVDA", "period_return", 6.0), ("AMD", "period_return", 4.0)}, set()),
    ],
)
def test_a_figure_list_over_a_name_list(text, present, absent):
    assert_shape(text, present, absent)
