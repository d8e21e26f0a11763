"""Other periods and other quantities: a figure for another horizon, another month, a forecast, a spread or
something other than the share price is not a claim about this month's move."""

from __future__ import annotations

import pytest

from tests.extract.support import claims_of, assert_shape, facts, facts_in_order


@pytest.mark.parametrize(
    "text",
    [
        "NVDA is up 13% year-to-date.",
        "Alphabet announced an $80 billion buyback.",
        "Nvidia trades above its 200-day average.",
    ],
)
def test_other_horizons_and_scaled_amounts_are_not_month_claims(text):
    assert facts_in_order(text) == []


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # a figure tied to a month other than the cell's is another period's, not a claim about this month
        ("UnitedHealth rebounded 6.3% in August, recovering from a 4.2% slide in July.",
         {("UNH", "period_return", 6.3)}, {("UNH", "period_return", -4.2)}),
        ("UnitedHealth recovered July's 4.2% slide, rising 6.3%.", {("UNH", "period_return", 6.3)}, {("UNH", "period_return", -4.2)}),
        ("Apple closed at $231.40 in August, up from $220.10 in July.", {("AAPL", "price_level", 231.4)}, {("AAPL", "price_level", 220.1)}),
        # the cell's own month keeps its figure
        ("Tesla fell 4.0% in August.", {("TSLA", "period_return", -4.0)}, set()),
        ("Tesla rebounded in August by 3.5%.", {("TSLA", "period_return", 3.5)}, set()),
    ],
)
def test_a_figure_in_another_named_month_is_no_claim(text, present, absent):
    assert_shape(text, present, absent)


def test_without_the_cells_month_a_named_month_keeps_its_figure():
    assert ("UNH", "period_return", -4.2) in facts("UnitedHealth fell 4.2% in July.", month=None)


def test_a_figure_about_revenue_is_no_return():
    assert_shape("Despite 15% cloud revenue growth, Oracle fell 4.0%.", {("ORCL", "period_return", -4.0)}, {("ORCL", "period_return", 15)},
                 month=None)


@pytest.mark.parametrize(
    ("text", "universe"),
    [
        # other horizons
        ("Nvidia is up 31% year to date.", "us"),
        ("Nvidia has gained 31% over 12 months.", "us"),
        ("Nvidia is up 31% over the past twelve months.", "us"),
        ("NVDA prior 12m +9%.", "us"),
        ("Nvidia gained 1.2% in the final week.", "us"),
        ("Nvidia fell 2.0% in the first half of the month.", "us"),
        # forecasts and targets
        ("Analysts see Nvidia at $250 within a year.", "us"),
        ("Goldman raised its price target on Nvidia to $250.", "us"),
        ("We see Galp at €18 in a year's time.", "lisbon"),
        ("Nvidia is expected to rise 10% next month.", "us"),
        # shares of something, ranges of percents, other quantities
        ("Nvidia makes up 7% of the index.", "us"),
        ("Nvidia rose 7%–8% over the month.", "us"),
        ("Nvidia traded 7-8% higher.", "us"),
        ("Nvidia's gross margin was 75%.", "us"),
        ("Nvidia's dividend yield is 0.03%.", "us"),
        ("Nvidia trades at 35x earnings.", "us"),
    ],
)
def test_figures_for_other_periods_forecasts_and_other_quantities_are_no_claims(text, universe):
    assert facts_in_order(text, universe) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NVDA +5.6% m/m, +31% YTD.", [("NVDA", "period_return", 5.6)]),
        ("NVDA (TP $250) +5.6% m/m.", [("NVDA", "period_return", 5.6)]),
        ("Nvidia rose 5.6% in August 2026.", [("NVDA", "period_return", 5.6)]),
    ],
)
def test_the_months_figure_survives_beside_another_periods(text, expected):
    assert facts_in_order(text) == expected


def test_an_outlook_section_adds_no_claim():
    assert facts_in_order("## Nvidia\n\nRose 3.1%.\n\n## Outlook\n\nWe expect gains of 5% next month.") == [("NVDA", "period_return", 3.1)]


# Shapes read since the structure-aware rewrite (each per claims.md and the labelling conventions).
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # nothing extracted: the July clause mutes the August figure too
    ('Nvidia gained 2.0% in July before rising 5.6% in August.', 'us', [('NVDA', 'period_return', 5.6)], [('NVDA', 'period_return', 2.0)]),
    # a year's return is another period
    ("Nvidia's 2025 return was 38%.", 'us', [], [('NVDA', 'period_return', 38)]),
    # the cell is August 2026: another year's August is another period
    ('Nvidia rose 5.6% in August 2025.', 'us', [], [('NVDA', 'period_return', 5.6)]),
    # distance from a moving average read as a daily move
    ('Nvidia closed at $180.20, 12% above its 200-day average.', 'us', [('NVDA', 'price_level', 180.2)], [('NVDA', 'daily_move', 12)]),
    # a share of the index read as a return
    ("Nvidia accounts for 7% of the S&P 500's weight.", 'us', [], [('NVDA', 'period_return', 7)]),
])
def test_other_periods_shapes_with_their_fields(text, universe, present, absent):
    claims = claims_of(text, universe)
    found = {(c.ticker, c.metric, c.value) for c in claims}
    for item in present:
        ticker, metric, value, *fields = item
        want = dict(fields[0]) if fields else {}
        assert any((c.ticker, c.metric, c.value) == (ticker, metric, value)
                   and all(str(c.to_dict().get(k)) == str(v) for k, v in want.items()) for c in claims), (item, [c.to_dict() for c in claims])
    assert not ({tuple(a) for a in absent} & found), found


# Round five: a bound that counts moves, and a position's weight in a book.
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    ("Galp had two sessions below −3% (4 Feb −3.15%, 18 Feb −3.40%).", "lisbon",
     {("GALP.LS", "daily_move", -3.15), ("GALP.LS", "daily_move", -3.4)}, {("GALP.LS", "daily_move", -3.0), ("GALP.LS", "period_return", -3.0)}),
    ("Tesla logged four days of more than 5%, and rose 14.2% on the month.", "us",
     {("TSLA", "period_return", 14.2)}, {("TSLA", "period_return", 5.0), ("TSLA", "daily_move", 5.0)}),
    ("AMD saw three daily moves above 4% and ended 2.9% lower.", "us",
     {("AMD", "period_return", -2.9)}, {("AMD", "period_return", 4.0), ("AMD", "daily_move", 4.0)}),
    # a single drop "of over 6%" is a move, hedged; only a plural count of moves is bounded
    ("EDP had a drop of over 6% on 6 February.", "lisbon", {("EDP.LS", "daily_move", -6.0)}, set()),
])
def test_a_bound_on_counted_moves_is_no_move(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize("text", [
    "Galp and Altri slipped 4%, together ~30% of the book.",
    "Tesla is 12% of our book.",
])
def test_a_weight_in_the_book_is_no_return(text):
    universe = "lisbon" if "Galp" in text else "us"
    found = facts(text, universe)
    assert not {f for f in found if f[2] in (30, 12)}, found


# Round five: "could" as a translated past ("konnte", "a pu"), known by a past-tense verb coordinated with it.
@pytest.mark.parametrize(("text", "present", "absent"), [
    ("The share of Sonae could increase by 5,5 percent and closed the month at 1,402 EUR.",
     {("SON.LS", "period_return", 5.5), ("SON.LS", "price_level", 1.402)}, set()),
    ("Altri could gain 3,1 percent, then slipped back on the last day.", {("ALTR.LS", "period_return", 3.1)}, set()),
    ("Analysts think Sonae could increase by 5,5 percent next month.", set(), {("SON.LS", "period_return", 5.5)}),
    ("Sonae could rise 5% if rates fall.", set(), {("SON.LS", "period_return", 5)}),
])
def test_a_translated_past_could_is_no_forecast(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon")


@pytest.mark.parametrize(("text", "present", "absent"), [
    ("Uber added 3.3% post-earnings.", {("UBER", "period_return", 3.3)}, set()),
    ("Netflix slid 3.1% pre-earnings and then recovered.", {("NFLX", "period_return", -3.1)}, set()),
    ("Despite 15% earnings growth, Uber fell 4%.", {("UBER", "period_return", -4)}, {("UBER", "period_return", 15)}),
])
def test_a_time_around_a_report_is_no_quantity_of_earnings(text, present, absent):
    assert_shape(text, present, absent, month=None)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # a period word that names which report moved the stock is no other period of the figure
        ("On Aug 5 AMD fell 7.0% following a second-quarter report.", ("AMD", "daily_move", -7.0)),
        ("Netflix gained 4.4% in August after its Q2 results.", ("NFLX", "period_return", 4.4)),
        ("Meta rose 3.0% over the month on upbeat full-year guidance.", ("META", "period_return", 3.0)),
        ("Uber slid 2.5% this month as quarterly bookings missed.", ("UBER", "period_return", -2.5)),
    ],
)
def test_a_reports_period_is_no_period_of_the_figure(text, kept):
    assert kept in facts(text)


def test_the_figures_own_quarter_stays_another_period():
    assert not facts("Tesla gained 20% over the second quarter.")


@pytest.mark.parametrize(("text", "present", "absent"), [
    # a modal before "have" and a place: the figure before it is stated
    ("Outside the league: Mota-Engil +15.3% would have finished second.", {("EGL.LS", "period_return", 15.3)}, set()),
    # a modal before "have" and a move: the move is hypothetical
    ("Galp would have gained 5% without the strike.", set(), {("GALP.LS", "period_return", 5)}),
])
def test_would_have_is_a_forecast_only_before_a_move(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon", month="2026-02")


# Round ten (period_mixing): a review that weaves the month with other periods.
@pytest.mark.parametrize(("text", "month", "present", "absent"), [
    # an earlier move the month follows is no cause, and its period still times it
    ("AMD rose 5.9% in January. That follows a 78% gain in 2025.", "2026-01",
     {("AMD", "period_return", 5.9)}, {("AMD", "period_return", 78)}),
    ("BCP was flat at +0.3%, a pause after a year-to-date rise of roughly 60%.", "2025-10",
     {("BCP.LS", "period_return", 0.3)}, {("BCP.LS", "period_return", 60)}),
    # a period word inside a cause with no figure of its own still leaves the month's figure alone
    ("Galp rose 3% after its 2025 results.", "2026-02", {("GALP.LS", "period_return", 3)}, set()),
    # the cell's year alone is the year; after the month or a date it dates the month
    ("Sonae's 2025 gain is now about 45%.", "2025-10", set(), {("SON.LS", "period_return", 45)}),
    ("Sonae gained 45% in 2025.", "2025-10", set(), {("SON.LS", "period_return", 45)}),
    ("In October 2025 Sonae gained 6.5%.", "2025-10", {("SON.LS", "period_return", 6.5)}, set()),
    ("On 30 October 2025 Sonae rose 2%.", "2025-10", {("SON.LS", "daily_move", 2)}, set()),
    # the year so far and a season are other periods
    ("Amazon rose 5.7% on the month, and so 5.7% for the year so far.", "2026-01", {("AMZN", "period_return", 5.7)}, set()),
    ("Galp is still down about 5% for the year.", "2025-10", set(), {("GALP.LS", "period_return", -5)}),
    ("Galp is well below the €20 it reached in the spring of 2024.", "2025-10", set(), {("GALP.LS", "price_level", 20)}),
])
def test_a_review_weaving_other_periods_claims_only_the_month(text, month, present, absent):
    universe = "us" if text.startswith(("AMD", "Amazon")) else "lisbon"
    assert_shape(text, present, absent, universe=universe, month=month)


@pytest.mark.parametrize(("text", "present", "absent"), [
    # a report named by its months is a report; the move it explains is one session's
    ("The shares of Jerónimo Martins jumped 11.4% on 30 October after nine-month results.",
     {("JMT.LS", "daily_move", 11.4)}, set()),
    # the figure for nine months is still another period
    ("Jerónimo Martins is up 12% over nine months.", set(), {("JMT.LS", "period_return", 12)}),
    ("Since the start of the year Jerónimo Martins is still up some 30 %.", set(), {("JMT.LS", "period_return", 30)}),
])
def test_a_reports_months_name_the_report(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon", month="2025-10")


@pytest.mark.parametrize(("text", "universe", "absent"), [
    # a period opening the sentence scopes its clause: the rank or the direction in it is of that period
    ("Over the trailing twelve months Amazon is still the panel's strongest name.", "us", {("AMZN", "rank", "best_return")}),
    ("Year to date Jerónimo is still the laggard among the Lisbon retailers.", "lisbon", {("JMT.LS", "rank", "worst_return")}),
    ("Over five years Nvidia is up something like 900%, so maybe just hold.", "us", {("NVDA", "direction", "up")}),
])
def test_a_fronted_other_period_scopes_the_ranks_and_directions_of_its_clause(text, universe, absent):
    assert_shape(text, set(), absent, universe)


def test_a_month_named_after_a_fronted_period_takes_the_scope_back():
    assert_shape("Year to date Tesla is up 40%, but in July it was the worst performer.", {("TSLA", "rank", "worst_return")},
                 set(), "us", "2026-07")
