"""Causes and refusals: a causal clause on a ticker's move is its own claim, with the clause verbatim; "after" is a
cause only before news (not before a level, a date or a stretch of time); a sentence that declines a figure the
data cannot support is a refusal, never a rank."""

from __future__ import annotations

import pytest

from tests.extract.support import US_MONTH, assert_shape, claims_of


def test_a_causal_clause_is_its_own_claim():
    claims = claims_of("Tesla fell 13.7% due to concerns over slowing deliveries.", "us", US_MONTH)
    assert [(c.metric, c.value) for c in claims] == [
        ("period_return", -13.7),
        ("causal", "due to concerns over slowing deliveries"),
    ]


def test_a_cause_before_the_figure_belongs_to_the_subject():
    causal = claims_of("Meta rallied on optimism about advertising demand, rising 2.5%.", "us", None)[0]
    assert causal.metric == "causal" and causal.ticker == "META"


def test_a_real_cause_after_after_is_still_causal():
    assert any(c.metric == "causal" for c in claims_of("Galp rose 3% after a strong quarterly report.", "lisbon", None))


def test_causal_claims_are_attributed_once():
    claims = claims_of("Amazon outperformed Alphabet, and Nvidia led the pack with an 8.4% gain amid AI optimism.", "us", US_MONTH)
    assert [c.ticker for c in claims if c.metric == "causal"] == ["NVDA"]


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        # "after a low of", "after a dip down to" dates a level, it is no cause
        ("Sonae went from 1.210 to 1.255 after a low of 1.190 on the 11th.", "lisbon", "2026-02",
         {("SON.LS", "range_low", 1.19)}, {("SON.LS", "causal", "after a low of 1.190 on the 11th")}),
        ("Nvidia rose to 190.00, after a dip down to 171.50 on the 4th.", "us", "2026-08", set(),
         {("NVDA", "causal", "after a dip down to 171.50 on the 4th")}),
        ("Nvidia rose to 190.00 after the stock's low of 171.50 on the 4th.", "us", "2026-08", {("NVDA", "range_low", 171.5)},
         {("NVDA", "causal", "after the stock's low of 171.50 on the 4th")}),
        # "after the close / the first week" is time, no cause
        ("Tesla fell 4% after the first week.", "us", "2026-08", {("TSLA", "period_return", -4)}, {("TSLA", "causal", "after the first week")}),
        # "after the <possessive> ..." or "after the <news noun>" is a cause
        ("Nvidia shares slid 3.2% on Aug. 5 after the chipmaker's guidance disappointed.", "us", "2026-08",
         {("NVDA", "daily_move", -3.2), ("NVDA", "causal", "after the chipmaker's guidance disappointed")}, set()),
        ("Intel sank 6.0% after the chipmaker’s forecast missed.", "us", "2026-08",
         {("INTC", "causal", "after the chipmaker’s forecast missed")}, set()),
        ("Apple rose 2.1% after the earnings report.", "us", "2026-08", {("AAPL", "causal", "after the earnings report")}, set()),
        ("Roper fell 8% after disappointing guidance on May 5.", "us", None, {("ROP", "causal", "after disappointing guidance on May 5")}, set()),
    ],
)
def test_after_is_a_cause_only_before_news(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe, month)


@pytest.mark.parametrize(
    "text",
    [
        "The data provided only includes opening and closing prices, so the largest single-day fall cannot be determined.",
        "Without the daily closes, I cannot identify the largest single-session fall for any stock.",
        "No price data was provided, so I cannot state how these stocks performed.",
    ],
)
def test_a_refusal_is_kept_and_does_not_become_a_rank(text):
    claims = claims_of(text, "us", US_MONTH)
    assert [c.metric for c in claims] == ["refusal"]
    assert claims[0].value == text


def test_a_refusal_with_a_typographic_apostrophe():
    assert any(c.metric == "refusal" for c in claims_of("I don’t have the indicator values for NVDA yet.", "us", None))


@pytest.mark.parametrize(
    ("text", "universe", "ticker", "cause"),
    [
        ("Galp rose 3,1%, supported by higher refining margins.", "lisbon", "GALP.LS", "supported by higher refining margins"),
        ("Nvidia climbed 1.9% on fresh AI enthusiasm.", "us", "NVDA", "on fresh AI enthusiasm"),
        ("Amazon rallied 9.1% as AWS revenue accelerated.", "us", "AMZN", "as AWS revenue accelerated"),
        ("Tesla fell 6.0% amid concerns about deliveries.", "us", "TSLA", "amid concerns about deliveries"),
        ("Tesla fell 6.0%, weighed down by weak deliveries.", "us", "TSLA", "weighed down by weak deliveries"),
        ("Tesla fell 6.0% following a soft delivery update.", "us", "TSLA", "following a soft delivery update"),
        ("Tesla's 6.0% drop was driven by weak deliveries.", "us", "TSLA", "driven by weak deliveries"),
        ("Nvidia rose 5.6%, the best in the group, helped by strong data-centre demand.", "us", "NVDA",
         "helped by strong data-centre demand"),
    ],
)
def test_the_connectives_of_a_cause_keep_the_clause_verbatim(text, universe, ticker, cause):
    assert [(c.ticker, c.value) for c in claims_of(text, universe) if c.metric == "causal"] == [(ticker, cause)]


@pytest.mark.parametrize(
    "text",
    ["Tesla fell 6.0% on Friday.", "Tesla fell 6.0% on the month.", "Tesla fell 6.0% on heavy volume."],
)
def test_on_a_day_a_period_or_volume_is_no_cause(text):
    assert not [c for c in claims_of(text) if c.metric == "causal"]


@pytest.mark.parametrize(
    "text",
    [
        "Stocks fell broadly on fears of a rate rise.",
        "The numbers alone don't show what was behind these moves.",
        "All I have are the first and last closes of the month.",
    ],
)
def test_market_causes_and_statements_about_the_data_are_no_claims(text):
    assert claims_of(text) == []


def test_a_market_cause_is_not_lent_to_the_next_clauses_ticker():
    assert [(c.ticker, c.metric) for c in claims_of("The market rallied as yields eased; Nvidia rose 1.6%.")] == [
        ("NVDA", "period_return")]


@pytest.mark.parametrize(
    ("text", "ticker"),
    [
        ("I can't tell you anything dependable about volatility or drawdowns inside the month.", None),
        ("The largest single-day fall can't be identified without daily data.", None),
        ("Without intramonth prices, it is not possible to say which stock had the biggest drawdown.", None),
        ("I don't have data for August 2026, so any figures would be guesses.", None),
        ("Based on the data, I cannot determine the volatility of AMD.", "AMD"),
    ],
)
def test_a_refusal_is_the_sentence_and_names_a_ticker_only_when_it_does(text, ticker):
    assert [(c.ticker, c.metric, c.value) for c in claims_of(text)] == [(ticker, "refusal", text)]


# Shapes read since the structure-aware rewrite (each per claims.md and the labelling conventions).
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # second-best is no best_return
    ('AMD was the second-best performer.', 'us', [], [('AMD', 'rank', 'best_return')]),
    # a cause on a rank-only statement of the move (works when a figure is present)
    ('Nvidia led the group, helped by strong data-centre demand.', 'us', [('NVDA', 'causal', 'helped by strong data-centre demand')], []),
    # 'on ...' after a verbless sell-side figure
    ('NVDA +5.6% m/m on DC capex.', 'us', [('NVDA', 'causal', 'on DC capex')], []),
    # same, on a terse rank
    ('NVDA best in group on DC capex.', 'us', [('NVDA', 'causal', 'on DC capex')], []),
    # passive refusal
    ('Nothing reliable can be said about intramonth volatility or drawdowns from two prices.', 'us', [(None, 'refusal', 'Nothing reliable can be said about intramonth volatility or drawdowns from two prices.')], []),
    # 'unable to compute' refusal
    ("I'm unable to compute up and down days from two prices.", 'us', [(None, 'refusal', "I'm unable to compute up and down days from two prices.")], []),
])
def test_causes_and_refusals_shapes_with_their_fields(text, universe, present, absent):
    claims = claims_of(text, universe)
    found = {(c.ticker, c.metric, c.value) for c in claims}
    for item in present:
        ticker, metric, value, *fields = item
        want = dict(fields[0]) if fields else {}
        assert any((c.ticker, c.metric, c.value) == (ticker, metric, value)
                   and all(str(c.to_dict().get(k)) == str(v) for k, v in want.items()) for c in claims), (item, [c.to_dict() for c in claims])
    assert not ({tuple(a) for a in absent} & found), found


# Round five: "after a choppy month" says when, not why.
@pytest.mark.parametrize(("text", "present", "absent"), [
    ("Meta closed 1.4% lower after a choppy month.", {("META", "period_return", -1.4)}, {("META", "causal", "after a choppy month")}),
    ("Uber ended 2% higher after a rough start.", {("UBER", "period_return", 2)}, {("UBER", "causal", "after a rough start")}),
    ("Meta fell 3% after a weak revenue forecast.", {("META", "causal", "after a weak revenue forecast")}, set()),
])
def test_after_a_stretch_of_time_is_no_cause(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(("text", "universe", "month", "ticker", "value"), [
    ("Mota-Engil, which is not in your list, also had a strong month, rising 15.26%.", "lisbon", "2026-02", "EGL.LS", 15.26),
    ("PLTR is not in the list but it increased by 48.33%.", "us", "2026-08", "PLTR", 48.33),
    ("Netflix isn't part of the table you shared; for what it's worth it fell 6.1%.", "us", "2026-08", "NFLX", -6.1),
])
def test_a_name_outside_the_data_whose_figure_is_given_is_no_refusal(text, universe, month, ticker, value):
    claims = claims_of(text, universe, month)
    assert not [c for c in claims if c.metric == "refusal"]
    assert any(c.ticker == ticker and c.metric == "period_return" and c.value == value for c in claims)


def test_a_name_outside_the_data_with_no_figure_is_still_a_refusal():
    claims = claims_of("Apple isn't in the table you shared, so there is no August return to give.", "us", "2026-08")
    assert [c.metric for c in claims] == ["refusal"]


@pytest.mark.parametrize("text", [
    "Without news I can't say whether that was company-specific or something broader.",
    "I cannot tell why Galp fell so hard on the 9th.",
    "We can't say if the drop reflected results.",
    "I can't say exactly why the bank lagged; the closing prices alone don't explain it.",
    "Can't say for sure it was the antitrust story.",
    "We cannot say with confidence that it was the results.",
])
def test_a_cause_it_cannot_give_is_no_refusal(text):
    assert not [c for c in claims_of(text, "lisbon", "2026-02") if c.metric == "refusal"]


@pytest.mark.parametrize(("text", "refused"), [
    ("NVDA, GOOGL and META have no February prices here, so they are left out.", True),
    ("nvda googl meta: not in the file, nothing computed for them", True),
    ("There is no price row for 9 January, so no daily move is shown for 12 January.", True),
    # what the data lacks and the writer still reports, or a lack of something else, refuses nothing
    ("Note: January 9 is missing from the data, so the 12 January figure covers two sessions.", False),
    ("Tesla has no debt worries, and rose 3%.", False),
    # a figure withheld, by its noun and a participle of stating, or by the speaker leaving it out
    ("No daily move is shown for 12 January, because that row spans two sessions.", True),
    ("Volatility: not computed (too few sessions).", True),
    ("Intraday drawdowns can't be shown.", True),
    ("I haven't given a daily move for the 12th.", True),
    ("Mastercard and JPMorgan have no rows in the file; I've left them out.", True),
    ("Nvidia: n/a (no February rows).", True),
    ("Figures for Meta are unavailable for this month.", True),
    # a name the data lacks, said of the data or of the name
    ("Nvidia and Meta are absent from the February data.", True),
    ("The February file doesn't cover Nvidia or Meta.", True),
    # what the data are, a day the data lack, or something else not given, withholds no figure
    ("Let me summarise, keeping in mind that one trading day, 9 February, appears to be missing from the file.", False),
    ("The dataset does not list scheduled events, so the driver is unclear.", False),
    ("Returns are not annualised and exclude dividends.", False),
    ("AMD's move was not reversed: it closed at $200.10.", False),
])
def test_a_lack_of_data_or_a_withheld_figure_is_a_refusal(text, refused):
    assert any(c.metric == "refusal" for c in claims_of(text, "us", "2026-02")) is refused


def test_a_name_missing_from_the_data_whose_figure_is_given_refuses_nothing():
    claims = claims_of("Palantir, missing from the file, still rose 4.1% by our own count.", "us", "2026-02")
    assert not [c for c in claims if c.metric == "refusal"]


@pytest.mark.parametrize(("text", "universe", "ticker"), [
    # a report named by its period, with or without an article: the ordinal names the report, dates no move
    ("Tesla fell 5% following a second-quarter report that disappointed on margins.", "us", "TSLA"),
    ("Amazon rose 6% after second-quarter results showed cloud growth re-accelerating.", "us", "AMZN"),
    ("AMD dropped 17%, which looks like a reaction to its quarterly report.", "us", "AMD"),
    # a bracket naming a report or an event after the move
    ("AMD fell 17.3% on the 4th (guidance miss).", "us", "AMD"),
    # a move's noun, or a force's, and its cause in a sentence of their own
    ("Galp rose 9.3%. The move came with firmer Brent.", "lisbon", "GALP.LS"),
    ("Galp rose 9.3%. Support came from a firmer Brent.", "lisbon", "GALP.LS"),
    ("Galp legte 9,3 % zu. Rückenwind kam vom höheren Ölpreis.", "lisbon", "GALP.LS"),
    # a key whose value is the cause of its item's move
    ("- **AMD**\n  - **Worst day:** `-17.31%` (Feb 4)\n  - cause: guidance miss", "us", "AMD"),
    # an "as" or "when" clause whose own subject moved, after the move or after a comparison
    ("Galp lost 3.2% on the 21st when brent slid.", "lisbon", "GALP.LS"),
    ("Broadcom outperformed Nvidia by roughly three points, helped by strong AI networking orders.", "us", "AVGO"),
])
def test_a_cause_in_its_construction_is_the_movers(text, universe, ticker):
    month = "2026-02" if universe == "lisbon" else "2026-08"
    assert [c.ticker for c in claims_of(text, universe, month) if c.metric == "causal"] == [ticker]


@pytest.mark.parametrize("text", [
    "Tesla fell 3% after a second session of losses.",  # an ordinal that dates the move
    "No earnings fall within the window (earnings expected Feb 24-Mar 2).",  # a dated bracket
    "Galp rose 9.3%. Forecasting 53% yes, slightly above a coin flip due to momentum factors.",  # no move of Galp's
    "Galp rose 9.3%. Most of the gain came from a single session.",  # a source that is no cause
    "Tesla's worst day came on the 4th.",  # a day, no cause
])
def test_what_only_looks_like_a_cause_is_none(text):
    assert not [c for c in claims_of(text, "lisbon" if "Galp" in text else "us", "2026-02") if c.metric == "causal"]


def test_a_clause_cause_names_no_subject_and_keeps_a_figure_its_own():
    # "as Brent firmed": Brent is the cause's, so the figures after it stay Galp's
    text = "Galp recovered from a low of 15,91 € as Brent firmed, helped by a +3,49% session on 27 October, and closed at 17,40 €."
    claims = claims_of(text, "lisbon", "2025-10")
    assert {(c.ticker, c.metric, c.value) for c in claims} >= {
        ("GALP.LS", "causal", "as Brent firmed"), ("GALP.LS", "daily_move", 3.49), ("GALP.LS", "price_level", 17.4)}
    # an "as" clause with a figure of its own is a move of its own subject, not a cause
    claims = claims_of("Galp rose 3% as the PSI rose 2%.", "lisbon", "2026-02")
    assert not [c for c in claims if c.metric == "causal"]
    assert not [c for c in claims if c.ticker == "GALP.LS" and c.value == 2]
    # "as it fell", "when it closed": a pronoun or a time opens no cause
    for text in ("Galp rose 3% in February, as it fell in January.", "Galp rose 3% when the month closed."):
        assert not [c for c in claims_of(text, "lisbon", "2026-02") if c.metric == "causal"]


def test_a_figure_it_cannot_give_past_a_hedge_is_still_a_refusal():
    text = "I can't say for sure what Apple returned: it is not in the file."
    assert [c.metric for c in claims_of(text, "us", "2026-08") if c.metric == "refusal"] == ["refusal"]
