"""Extraction: every claims.md metric in several phrasings, number spellings, coordination, dates."""

from __future__ import annotations

from datetime import date

import pytest

from extractors import Claim, extract_claims
from extractors.claims import ClaimError

US_MONTH = "2026-08"
LISBON_MONTH = "2026-02"


def facts_of(text: str, universe: str = "us", month: str | None = US_MONTH) -> list[tuple]:
    return [(c.ticker, c.metric, c.value) for c in extract_claims(text, universe, month)]


def only(text: str, universe: str = "us", month: str | None = US_MONTH) -> Claim:
    claims = extract_claims(text, universe, month)
    assert len(claims) == 1, [c.to_dict() for c in claims]
    return claims[0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NVDA fell 8.2% over the month.", ("NVDA", "period_return", -8.2)),
        ("Amazon posted a 9.5% gain in August.", ("AMZN", "period_return", 9.5)),
        ("Tesla shed 13.7 per cent.", ("TSLA", "period_return", -13.7)),
        ("Broadcom added 4.4pc.", ("AVGO", "period_return", 4.4)),
        ("Mastercard returned -3.4%.", ("MA", "period_return", -3.4)),
        ("AMD slid (8.2)% as chip stocks cooled off.", ("AMD", "period_return", -8.2)),
        ("UnitedHealth was down 6.3 percent.", ("UNH", "period_return", -6.3)),
        ("Meta climbed eight percent.", ("META", "period_return", 8)),
        ("JPMorgan suffered a sharp 5.3% decline.", ("JPM", "period_return", -5.3)),
    ],
)
def test_period_return_in_many_spellings(text, expected):
    claim = only(text.replace(" as chip stocks cooled off", ""))
    assert (claim.ticker, claim.metric, claim.value) == expected


def test_stated_precision_is_kept():
    assert only("NVDA fell 8.20%.").decimals == 2
    assert only("NVDA fell 8%.").decimals == 0
    assert only("NVDA fell eight percent.").decimals == 0
    assert only("GOOGL closed the month at $409.1.").decimals == 1


def test_respectively_assigns_figures_in_order():
    got = facts_of("JNJ and JPM declined by 5.5% and 1.1%, respectively, while META edged up 2.5%.")
    assert got == [("JNJ", "period_return", -5.5), ("JPM", "period_return", -1.1), ("META", "period_return", 2.5)]


def test_company_names_coordinate_like_tickers():
    got = facts_of("Nvidia and Meta advanced 2.1% and 1.3%, respectively.")
    assert got == [("NVDA", "period_return", 2.1), ("META", "period_return", 1.3)]


def test_rank_and_return_in_one_sentence_are_two_claims():
    got = facts_of("NVDA led the pack with an 8.4% gain.")
    assert got == [("NVDA", "rank", "best_return"), ("NVDA", "period_return", 8.4)]


@pytest.mark.parametrize(
    ("text", "ticker", "rank"),
    [
        ("GOOGL topped the table for the month.", "GOOGL", "best_return"),
        ("The best performer was Alphabet.", "GOOGL", "best_return"),
        ("Tesla was the laggard.", "TSLA", "worst_return"),
        ("Tesla brought up the rear.", "TSLA", "worst_return"),
        ("AMD stood out for its volatility.", "AMD", "most_volatile"),
        ("JPM was the least volatile of the group.", "JPM", "least_volatile"),
        ("Tesla suffered the deepest drawdown.", "TSLA", "largest_drawdown"),
        ("AMD posted the biggest single-day gain.", "AMD", "largest_daily_gain"),
        ("The sharpest single-session drop belonged to NVDA.", "NVDA", "largest_daily_fall"),
    ],
)
def test_superlatives_become_ranks(text, ticker, rank):
    claim = only(text)
    assert (claim.ticker, claim.metric, claim.value) == (ticker, "rank", rank)


def test_a_shared_superlative_ranks_nobody():
    got = facts_of("AMZN and GOOGL led gains, rising 8.3% and 9.5% respectively.")
    assert got == [("AMZN", "period_return", 8.3), ("GOOGL", "period_return", 9.5)]


def test_direction_only_without_a_figure():
    assert facts_of("Tesla finished higher.") == [("TSLA", "direction", "up")]
    assert facts_of("Nvidia ended August lower.") == [("NVDA", "direction", "down")]
    assert facts_of("JPM and MA were flat.") == [("JPM", "direction", "flat"), ("MA", "direction", "flat")]
    assert facts_of("Tesla finished higher, up 3.1%.") == [("TSLA", "period_return", 3.1)]


def test_from_to_path_is_two_anchored_levels():
    claims = extract_claims("GALP.LS surged from 19.43 to 21.93.", "lisbon", LISBON_MONTH)
    assert [(c.ticker, c.metric, c.value, c.anchor) for c in claims] == [
        ("GALP.LS", "price_level", 19.43, "start"),
        ("GALP.LS", "price_level", 21.93, "end"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "ALTR.LS fluctuated between 4.70 and 4.79.",
        "Altri traded in a 4.70-4.79 range.",
        "Altri moved between €4.70 and €4.79 during February.",
        "Altri oscillated between 4,70 € and 4,79 €.",
    ],
)
def test_ranges_give_low_and_high(text):
    got = facts_of(text, "lisbon", LISBON_MONTH)
    assert got == [("ALTR.LS", "range_low", 4.7), ("ALTR.LS", "range_high", 4.79)]


def test_peaks_and_bottoms_with_dates_resolved_against_the_month():
    claims = extract_claims("NVDA peaked at 227.98 on the 26th and bottomed at $184.67 on Aug. 3rd.", "us", US_MONTH)
    assert [(c.metric, c.value, c.date) for c in claims] == [
        ("range_high", 227.98, date(2026, 8, 26)),
        ("range_low", 184.67, date(2026, 8, 3)),
    ]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Its worst session, a 4.0% drop on Aug 5, hit NVDA hard.", 5),
        ("NVDA's steepest one-day drop came on Aug. 27th, when it lost 8.7%.", 27),
        ("On Wednesday the 5th, AMD jumped 6.2%, its best session of the month.", 5),
        ("AMD fell 3.1% on 12 August.", 12),
    ],
)
def test_daily_moves_carry_their_date(text, day):
    moves = [c for c in extract_claims(text, "us", US_MONTH) if c.metric == "daily_move"]
    assert len(moves) == 1 and moves[0].date == date(2026, 8, day)


def test_largest_daily_move_is_marked_extreme_and_signed():
    claims = extract_claims("NVDA's worst session was a 4.0% drop on 5 August.", "us", US_MONTH)
    move = next(c for c in claims if c.metric == "daily_move")
    assert (move.value, move.extreme, move.date) == (-4.0, "largest", date(2026, 8, 5))


def test_dates_stay_unresolved_without_a_month():
    claims = extract_claims("NVDA peaked at 227.98 on the 26th.", "us", None)
    assert claims[0].date is None and claims[0].metric == "range_high"


def test_drawdown_and_volatility():
    assert facts_of("NVDA fell 10.6% from its peak.") == [("NVDA", "max_drawdown", 10.6)]
    assert facts_of("Tesla's maximum drawdown reached 14.3%.") == [("TSLA", "max_drawdown", 14.3)]
    assert facts_of("NVDA showed annualised volatility near 46%.") == [("NVDA", "volatility", 46)]
    assert facts_of("AMD's volatility ran at 56.2% annualized.") == [("AMD", "volatility", 56.2)]


def test_up_and_down_day_counts():
    assert facts_of("NVDA rose on 12 of 21 sessions.") == [("NVDA", "up_days", 12)]
    assert facts_of("Mastercard posted 11 down days against 9 up days.") == [("MA", "down_days", 11), ("MA", "up_days", 9)]
    assert facts_of("JPM closed lower in twelve of the 21 sessions.") == [("JPM", "down_days", 12)]


def test_outperformed_both_ways():
    assert facts_of("NVDA outperformed AMD.") == [("NVDA", "outperformed", "AMD")]
    assert facts_of("Tesla lagged Broadcom over the month.") == [("AVGO", "outperformed", "TSLA")]


def test_price_levels_with_dates_and_anchors():
    claims = extract_claims("Nvidia closed at $206.64 on 5 August and ended the month at US$ 224.09.", "us", US_MONTH)
    assert [(c.metric, c.value, c.date, c.anchor) for c in claims] == [
        ("price_level", 206.64, date(2026, 8, 5), None),
        ("price_level", 224.09, None, "end"),
    ]
    claims = extract_claims("BCP closed at €0.812 on 27 February, having opened February at EUR 0.790.", "lisbon", LISBON_MONTH)
    assert [(c.value, c.date, c.anchor) for c in claims] == [(0.812, date(2026, 2, 27), None), (0.79, None, "start")]


def test_portuguese_decimal_comma_and_names():
    got = facts_of("Galp rose 12,86% while EDP Renováveis fell 3,1 % and Jerónimo Martins gained eight per cent.", "lisbon", LISBON_MONTH)
    assert got == [("GALP.LS", "period_return", 12.86), ("EDPR.LS", "period_return", -3.1), ("JMT.LS", "period_return", 8)]


def test_causal_clauses_are_their_own_claims():
    claims = extract_claims("Tesla fell 13.7% due to concerns over slowing deliveries.", "us", US_MONTH)
    assert [(c.metric, c.value) for c in claims] == [
        ("period_return", -13.7),
        ("causal", "due to concerns over slowing deliveries"),
    ]
    causal = extract_claims("Meta rallied on optimism about advertising demand, rising 2.5%.", "us")[0]
    assert causal.metric == "causal" and causal.ticker == "META"


@pytest.mark.parametrize(
    "text",
    [
        "The data provided only includes opening and closing prices, so the largest single-day fall cannot be determined.",
        "Without the daily closes, I cannot identify the largest single-session fall for any stock.",
        "No price data was provided, so I cannot state how these stocks performed.",
    ],
)
def test_refusals_are_kept_and_do_not_become_ranks(text):
    claims = extract_claims(text, "us", US_MONTH)
    assert [c.metric for c in claims] == ["refusal"]
    assert claims[0].value == text


def test_outsiders_yield_claims_and_indices_no_ticker():
    got = facts_of("The S&P 500 rose 2.1%, while Apple fell 4.5% and Johnson & Johnson slipped 1.4%.")
    assert got == [(None, "period_return", 2.1), ("AAPL", "period_return", -4.5), ("JNJ", "period_return", -1.4)]


def test_a_figure_is_not_stolen_by_the_previous_ticker_across_an_index():
    got = facts_of("Nvidia rose 1.8%, and the S&P 500 closed at 6,939.03.")
    assert got[0] == ("NVDA", "period_return", 1.8)
    assert all(ticker != "NVDA" for ticker, metric, _ in got if metric == "price_level")


def test_other_horizons_and_scaled_amounts_are_not_month_claims():
    assert facts_of("NVDA is up 13% year-to-date.") == []
    assert facts_of("Alphabet announced an $80 billion buyback.") == []
    assert facts_of("Nvidia trades above its 200-day average.") == []


def test_pronoun_sentence_continues_the_previous_subject():
    got = facts_of("NVDA was the weakest. It fell 7.9% and closed at $189.77.")
    assert got == [("NVDA", "rank", "worst_return"), ("NVDA", "period_return", -7.9), ("NVDA", "price_level", 189.77)]


def test_spans_point_into_the_input():
    text = "**Broadcom** plunged **12.59%** after its report."
    claim = extract_claims(text, "us")[0]
    assert text[claim.start:claim.end] == claim.text == "12.59%"
    assert claim.sentence == text


def test_markdown_and_several_claims_per_sentence():
    got = facts_of("Micron (-13.25%), AMD (-10.86%) and **Nvidia** (-6.20%) all fell.")
    assert got == [("MU", "period_return", -13.25), ("AMD", "period_return", -10.86), ("NVDA", "period_return", -6.2)]


def test_universe_object_is_accepted():
    from builder.universes import get_universe

    assert facts_of("Galp rose 3.0%.", "lisbon") == [
        (c.ticker, c.metric, c.value) for c in extract_claims("Galp rose 3.0%.", get_universe("lisbon"))
    ]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"metric": "returns", "value": 1.0}, "unknown metric"),
        ({"metric": "rank", "value": "best"}, "rank must be"),
        ({"metric": "direction", "value": "sideways"}, "direction must be"),
        ({"metric": "price_level", "value": -3.0}, "positive"),
        ({"metric": "up_days", "value": 2.5}, "integer"),
        ({"metric": "period_return", "value": "8%"}, "finite number"),
        ({"metric": "price_level", "value": 3.0, "anchor": "middle"}, "anchor"),
    ],
)
def test_claims_are_validated_at_construction(fields, message):
    with pytest.raises(ClaimError, match=message):
        Claim(ticker="NVDA", **fields)


def test_to_dict_round_trips():
    claim = extract_claims("AMD fell 3.1% on 12 August.", "us", US_MONTH)[0]
    record = claim.to_dict()
    assert record["date"] == "2026-08-12" and {"ticker", "metric", "value", "text", "sentence", "decimals", "start", "end"} <= set(record)
    assert Claim.from_dict(record) == claim
