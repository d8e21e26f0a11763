"""Drawdowns and volatility: "fell N% from its peak", "N% below its best", "from 52-week highs" are drawdowns;
"volatility near N%", "volatile at N%" are volatility figures, never returns."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, claims_of, facts, facts_in_order


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NVDA fell 10.6% from its peak.", [("NVDA", "max_drawdown", 10.6)]),
        ("Tesla's maximum drawdown reached 14.3%.", [("TSLA", "max_drawdown", 14.3)]),
        ("NVDA showed annualised volatility near 46%.", [("NVDA", "volatility", 46)]),
        ("AMD's volatility ran at 56.2% annualized.", [("AMD", "volatility", 56.2)]),
    ],
)
def test_drawdown_and_volatility(text, expected):
    assert facts_in_order(text) == expected


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # "N% below its best" is a drawdown
        ("Meta was never more than 6.2% below its best.", "us", {("META", "max_drawdown", 6.2)}, {("META", "period_return", 6.2)}),
        ("Sonae sat 3.1% below its best close by the end.", "lisbon", {("SON.LS", "max_drawdown", 3.1)}, {("SON.LS", "daily_move", 3.1)}),
        # "volatile at" is a volatility figure
        ("JPMorgan, most volatile at 41 per cent, finished at $301.20.", "us",
         {("JPM", "volatility", 41), ("JPM", "rank", "most_volatile")}, {("JPM", "period_return", 41)}),
        ("EDP up 1.1%; REN down 2.3%, least volatile at 9%.", "lisbon",
         {("RENE.LS", "volatility", 9), ("RENE.LS", "period_return", -2.3)}, {("RENE.LS", "period_return", -9)}),
    ],
)
def test_below_its_best_and_volatile_at(text, universe, present, absent):
    assert_shape(text, present, absent, universe)


def test_a_fall_from_52_week_highs_is_a_drawdown():
    assert_shape("Workday has fallen 41% from 52-week highs.", {("WDAY", "max_drawdown", 41)}, {("WDAY", "period_return", -41)}, month=None)


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        # terse abbreviations get their metric, never a period return
        ("NVDA DD 7.3%, vol 46%.", "us", [("NVDA", "max_drawdown", 7.3), ("NVDA", "volatility", 46)]),
        ("NVDA max DD 7.3%; realised vol ~46%.", "us", [("NVDA", "max_drawdown", 7.3), ("NVDA", "volatility", 46)]),
        ("AMD: vol 55%, MDD 12.1%.", "us", [("AMD", "volatility", 55), ("AMD", "max_drawdown", 12.1)]),
        ("Galp +3,2% m/m; vol 24%; DD 5,1%.", "lisbon",
         [("GALP.LS", "period_return", 3.2), ("GALP.LS", "volatility", 24), ("GALP.LS", "max_drawdown", 5.1)]),
        ("TSLA σ = 62%.", "us", [("TSLA", "volatility", 62)]),
        ("AMD's annualized volatility was roughly 55%.", "us", [("AMD", "volatility", 55)]),
    ],
)
def test_terse_drawdown_and_volatility_abbreviations(text, universe, expected):
    assert facts_in_order(text, universe) == expected


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("At one point Intel was down 12% from its peak.", 12),
        ("At its low point Meta stood 8.1% under its earlier peak.", 8.1),
        ("Tesla was 14.2% off its high by the 19th.", 14.2),
        ("UnitedHealth saw the largest peak-to-trough decline, at 8.8%.", 8.8),
    ],
)
def test_a_fall_from_the_peak_is_a_positive_drawdown(text, value):
    assert [(c.metric, c.value) for c in claims_of(text) if c.metric != "rank"] == [("max_drawdown", value)]


def test_a_hyphenated_period_before_the_peak_is_the_drawdowns():
    # round seven's sector descriptors: "its mid-month peak", "its late-July high"
    assert_shape("At its worst Nvidia stood 12.3% below its mid-month peak.", present=[("NVDA", "max_drawdown", 12.3)],
                 absent=[("NVDA", "period_return", 12.3)])


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        ("BCP had a maximum drawdown of 8.7%, from €0.9406 on 3 February to €0.8586 on 13 February.", "lisbon", "2026-02",
         {("BCP.LS", "range_high", 0.9406), ("BCP.LS", "range_low", 0.8586)}, {("BCP.LS", "price_level", 0.9406)}),
        ("Galp's drawdown was about 21.1% — from €17.70 to €13.96.", "lisbon", "2025-12",
         {("GALP.LS", "range_high", 17.70), ("GALP.LS", "range_low", 13.96)}, {("GALP.LS", "price_level", 17.70)}),
        ("Broadcom's peak-to-trough fall was 16.9%, from $427.76 to $355.59.", "us", "2026-08",
         {("AVGO", "range_high", 427.76), ("AVGO", "range_low", 355.59)}, set()),
        # a rising path after a drawdown is the month's path
        ("NOS had a drawdown of 6%, then rose from €4.40 to €5.15.", "lisbon", "2026-02",
         {("NOS.LS", "price_level", 4.40), ("NOS.LS", "price_level", 5.15)}, {("NOS.LS", "range_high", 4.40)}),
    ],
)
def test_a_drawdowns_path_is_its_high_and_low(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe=universe, month=month)


@pytest.mark.parametrize("text", [
    "Amazon limped home at $210.00; 18.8% from top to bottom.",
    "Amazon fell 13.6%, 18.8% from peak to trough.",
    "Amazon fell 13.6%; top to bottom 18.8%.",
])
def test_a_stretch_from_top_to_bottom_is_the_drawdown(text):
    assert_shape(text, present=[("AMZN", "max_drawdown", 18.8)],
                 absent=[("AMZN", "period_return", 18.8), ("AMZN", "period_return", -18.8), ("AMZN", "rank", "worst_return")])


@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    ("AMD hatte mit 9,1 % auch den tiefsten Drawdown, Tesla lag hinter beiden.", "us",
     {("AMD", "max_drawdown", 9.1), ("AMD", "rank", "largest_drawdown")}, {("AMD", "period_return", -9.1), ("TSLA", "rank", "largest_drawdown")}),
    ("With 9.1%, AMD had the deepest drawdown, Tesla trailed.", "us",
     {("AMD", "max_drawdown", 9.1), ("AMD", "rank", "largest_drawdown")}, {("TSLA", "rank", "largest_drawdown")}),
    ("Mit 30,1 % war Galp der volatilste Wert.", "lisbon", {("GALP.LS", "volatility", 30.1)}, {("GALP.LS", "period_return", 30.1)}),
    # a verb before the figure keeps it a return: "with" must lead the figure
    ("AMD fell 9.1% and had a drawdown of 12%.", "us",
     {("AMD", "period_return", -9.1), ("AMD", "max_drawdown", 12)}, {("AMD", "max_drawdown", 9.1)}),
])
def test_a_figure_led_by_with_is_the_measure_its_clause_names(text, universe, present, absent):
    assert_shape(text, present, absent, universe)


def test_a_dash_elaborates_a_measures_topic_and_a_bound_on_the_rest_is_no_figure():
    assert_shape("The other drawdowns were small — none above about 3.3% (EDP, 3.29%).",
                 present=[("EDP.LS", "max_drawdown", 3.29)],
                 absent=[("EDP.LS", "max_drawdown", 3.3), ("EDP.LS", "period_return", 3.29)], universe="lisbon")
    # a forecast's topic stops at the dash: the move after it is stated
    assert_shape("Someone will ask about Palantir, so it's on here — up 48.3% in August.",
                 present=[("PLTR", "period_return", 48.3)], month="2026-08")


@pytest.mark.parametrize(("text", "present", "absent"), [
    # the distance below the first close "at the worst point" is the trough's depth
    ("AMD lost 18.70%, 21.8% below its opening close at the worst point.", {("AMD", "max_drawdown", 21.8)},
     {("AMD", "period_return", -21.8)}),
    # a first-day high names the peak's day, not a daily move
    ("From its first-day high, Amazon was down as much as 18.18%.", {("AMZN", "max_drawdown", 18.18)},
     {("AMZN", "daily_move", -18.18)}),
    # without the worst point, a figure below the first close is where the month ended
    ("Tesla ended the month 4% below its first close.", set(), {("TSLA", "max_drawdown", 4)}),
    ("Meta sat 3% under its opening level at month-end.", set(), {("META", "max_drawdown", 3)}),
])
def test_a_figure_below_the_first_close_at_the_worst_point_is_the_drawdown(text, present, absent):
    assert_shape(text, present, absent, "us")


# ---- a measure noun owned by the figure before it lends nothing to a later figure

def test_a_drawdown_noun_with_its_own_figure_names_no_later_move():
    claims = claims_of("Tesla slid to a low of $416.56 on the 29th, a 7.8% drawdown, before a 3.3% bounce on the final day.",
                       "us", "2026-01")
    assert {(c.metric, c.value) for c in claims if c.metric in ("max_drawdown", "daily_move")} == {
        ("max_drawdown", 7.8), ("daily_move", 3.3)}


def test_a_gapped_name_shares_the_drawdown_noun():
    assert ("AMD", "max_drawdown", 3.3) in facts("Tesla had a 7.8% drawdown and AMD 3.3%.")


@pytest.mark.parametrize("peak", ["first-day high", "opening high", "starting peak", "first-day peak"])
def test_a_fall_from_the_first_days_high_is_a_drawdown(peak):
    assert ("AMZN", "max_drawdown", 18.18) in facts(f"From its {peak}, Amazon fell 18.18%.", "us", "2026-02")


# ---- round eleven (spreadsheet pastes): the first close named by its date
@pytest.mark.parametrize("text", [
    "Amazon's trough of 198.79 on 2/13 left it 18.2% under its 2/2 close at the worst point.",
    "Amazon was 18.2% under its Feb 2 close at the worst point.",
])
def test_a_figure_under_a_dated_close_at_the_worst_point_is_the_drawdown(text):
    found = facts(text, month="2026-02")
    assert ("AMZN", "max_drawdown", 18.2) in found
    assert not any(m == "daily_move" and abs(v) == 18.2 for _, m, v in found)
