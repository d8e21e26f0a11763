"""Lists: figures over a list of names in order ("respectively"), and a figure after each name of a list."""

from __future__ import annotations

import pytest

from tests.extract.support import claims_of, assert_shape, facts, facts_in_order


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


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        ("JNJ/MA +2.2%/-0.9%.", "us", [("JNJ", "period_return", 2.2), ("MA", "period_return", -0.9)]),
        ("AMZN/TSLA -3.1%/+4.6% m/m.", "us", [("AMZN", "period_return", -3.1), ("TSLA", "period_return", 4.6)]),
        ("Galp/EDP +3,2%/-1,1%.", "lisbon", [("GALP.LS", "period_return", 3.2), ("EDP.LS", "period_return", -1.1)]),
    ],
)
def test_a_slash_pair_of_names_takes_a_slash_pair_of_figures(text, universe, expected):
    assert facts_in_order(text, universe) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MA trailed JPM (-0.9% vs +1.2%).",
         {("JPM", "outperformed", "MA"), ("MA", "period_return", -0.9), ("JPM", "period_return", 1.2)}),
        ("Intel lagged AMD in August (+1.1% vs +6.3%).",
         {("AMD", "outperformed", "INTC"), ("INTC", "period_return", 1.1), ("AMD", "period_return", 6.3)}),
        ("Amazon beat Broadcom, +12.4% vs +5.4%.",
         {("AMZN", "outperformed", "AVGO"), ("AMZN", "period_return", 12.4), ("AVGO", "period_return", 5.4)}),
    ],
)
def test_a_comparison_with_figures_in_order_gives_each_name_its_figure(text, expected):
    assert facts(text) == expected


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        ("Meta, Amazon and Tesla ended the month higher. Their closing prices were $610.20, $231.40 and $344.90, respectively.", "us",
         [("META", "direction", "up"), ("AMZN", "direction", "up"), ("TSLA", "direction", "up"),
          ("META", "price_level", 610.2), ("AMZN", "price_level", 231.4), ("TSLA", "price_level", 344.9)]),
        ("Galp and EDP both rose. Their closing prices were €17,10 and €3,85, respectively.", "lisbon",
         [("GALP.LS", "price_level", 17.1), ("EDP.LS", "price_level", 3.85)]),
    ],
)
def test_their_respectively_maps_onto_the_list_just_named(text, universe, expected):
    assert facts_in_order(text, universe) == expected


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        ("Monthly closing lows for Nvidia and Broadcom were $171.20 and $296.40, respectively, and the highs $190.40 and $322.75.", "us",
         [("NVDA", "range_low", 171.2), ("AVGO", "range_low", 296.4), ("NVDA", "range_high", 190.4), ("AVGO", "range_high", 322.75)]),
        ("Mid-table finishes went to AVGO, JPM and MA (+2.20%, +1.15% and -0.85%, respectively).", "us",
         [("AVGO", "period_return", 2.2), ("JPM", "period_return", 1.15), ("MA", "period_return", -0.85)]),
        ("Broadcom and JPMorgan were up 2.2% and down 0.4%.", "us",
         [("AVGO", "period_return", 2.2), ("JPM", "period_return", -0.4)]),
        ("Gains for Nvidia and AMD were 1.6% and 2.4%, respectively.", "us",
         [("NVDA", "period_return", 1.6), ("AMD", "period_return", 2.4)]),
        ("Nvidia and AMD had volatility of 41% and 55%, respectively.", "us", [("NVDA", "volatility", 41), ("AMD", "volatility", 55)]),
        ("Nvidia, AMD and Broadcom closed at $180.20, $160.05 and $318.55.", "us",
         [("NVDA", "price_level", 180.2), ("AMD", "price_level", 160.05), ("AVGO", "price_level", 318.55)]),
        ("Nvidia and AMD: +1.6% and +2.4%.", "us", [("NVDA", "period_return", 1.6), ("AMD", "period_return", 2.4)]),
        ("Broadcom (AVGO), JPMorgan (JPM) and Mastercard ended August higher, rising 2.2%, 1.2% and 0.5%, respectively.", "us",
         [("AVGO", "period_return", 2.2), ("JPM", "period_return", 1.2), ("MA", "period_return", 0.5)]),
        ("The Galp and NOS rose 3,1% and 0,9%, respectively.", "lisbon",
         [("GALP.LS", "period_return", 3.1), ("NOS.LS", "period_return", 0.9)]),
    ],
)
def test_a_figure_list_of_any_metric_over_a_name_list(text, universe, expected):
    assert facts_in_order(text, universe) == expected


def test_a_cross_sectional_range_gives_the_two_figures_and_no_rank():
    assert facts_in_order("Returns spanned -5.95% (TSLA) to +9.12% (AMZN).") == [
        ("TSLA", "period_return", -5.95), ("AMZN", "period_return", 9.12)]


# Shapes read since the structure-aware rewrite (each per claims.md and the labelling conventions).
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # a verb inside the figure list: every name gets every figure (9 claims)
    ('Meta, Amazon and Tesla gained 4.0%, 9.1% and lost 6.0%, respectively.', 'us', [('AMZN', 'period_return', 9.1), ('META', 'period_return', 4.0), ('TSLA', 'period_return', -6.0)], [('AMZN', 'period_return', 4.0)]),
    # "of August's N sessions": no count, a direction instead
    ("Broadcom closed higher on twelve of August's twenty-one sessions and lower on nine.", 'us', [('AVGO', 'down_days', 9), ('AVGO', 'up_days', 12)], [('AVGO', 'direction', 'up')]),
])
def test_respectively_and_lists_shapes_with_their_fields(text, universe, present, absent):
    claims = claims_of(text, universe)
    found = {(c.ticker, c.metric, c.value) for c in claims}
    for item in present:
        ticker, metric, value, *fields = item
        want = dict(fields[0]) if fields else {}
        assert any((c.ticker, c.metric, c.value) == (ticker, metric, value)
                   and all(str(c.to_dict().get(k)) == str(v) for k, v in want.items()) for c in claims), (item, [c.to_dict() for c in claims])
    assert not ({tuple(a) for a in absent} & found), found


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        # a list of "shares of X" (or "X shares") is a list of names
        ("Shares of Broadcom, Amazon and UnitedHealth ended August higher, gaining 4.4%, 2.9% and 0.8%, respectively.", "us",
         [("AVGO", "period_return", 4.4), ("AMZN", "period_return", 2.9), ("UNH", "period_return", 0.8)]),
        ("Shares of Broadcom, shares of Amazon and shares of UnitedHealth gained 4.4%, 2.9% and 0.8%, respectively.", "us",
         [("AVGO", "period_return", 4.4), ("AMZN", "period_return", 2.9), ("UNH", "period_return", 0.8)]),
        ("Tesla shares, Meta shares and AMD shares rose 3.1%, 2.2% and 1.1%, respectively.", "us",
         [("TSLA", "period_return", 3.1), ("META", "period_return", 2.2), ("AMD", "period_return", 1.1)]),
        ("The shares of Galp and the shares of Altri rose 2,5% and 1,2%, respectively.", "lisbon",
         [("GALP.LS", "period_return", 2.5), ("ALTR.LS", "period_return", 1.2)]),
    ],
)
def test_a_list_of_shares_of_names_takes_its_figures_in_order(text, universe, expected):
    assert facts_in_order(text, universe, None) == expected
