"""Price levels: a close after "ended the month" is the last close, ", its lowest close" after a level is also the
month's extreme, a peer comparison after a level is not, and a price per share is a price while a dividend is not."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import LISBON_MONTH, US_MONTH, assert_shape, claims_of


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Broadcom ended the month 4.4% higher at $409.50.", 409.5),
        ("Apple finished August up 3.1% at $231.40.", 231.4),
        ("Broadcom ended August at $409.50.", 409.5),
    ],
)
def test_a_level_after_ending_the_month_is_anchored_at_the_end(text, value):
    levels = [(c.value, c.anchor) for c in claims_of(text, "us", US_MONTH) if c.metric == "price_level"]
    assert levels == [(value, "end")]


def test_a_level_after_an_intervening_clause_is_not_the_close():
    claims = claims_of("Broadcom ended the month 4.4% higher after trading at $399.10.", "us", US_MONTH)
    assert [c.anchor for c in claims if c.metric == "price_level"] == [None]


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # a level followed by "its lowest/best close" is also the extreme
        ("Galp finished at 17.050, its lowest close.", "lisbon",
         {("GALP.LS", "price_level", 17.05), ("GALP.LS", "range_low", 17.05)}, set()),
        ("Meta ended at $610.20, its best close of the stretch.", "us", {("META", "range_high", 610.2)}, set()),
        # "ended at its low, X" is also the last close
        ("EDP ended at its low, €4.012, down 2.0%.", "lisbon",
         {("EDP.LS", "range_low", 4.012), ("EDP.LS", "price_level", 4.012)}, set()),
        # ", its highest/lowest close" after a dated level is also the range extreme
        ("Mastercard closed at $589.31 on August 31, its highest close of the month.", "us",
         {("MA", "price_level", 589.31), ("MA", "range_high", 589.31)}, set()),
        ("Apple closed at $201.10 on Aug. 4, its lowest close.", "us", {("AAPL", "price_level", 201.1), ("AAPL", "range_low", 201.1)}, set()),
        ("Apple closed at $201.10 on Aug. 4, its lowest since May.", "us", {("AAPL", "price_level", 201.1)}, {("AAPL", "range_low", 201.1)}),
    ],
)
def test_its_lowest_or_highest_close_after_a_level_is_the_extreme(text, universe, present, absent):
    assert_shape(text, present, absent, universe)


def test_the_last_close_after_ended_at_its_low_is_anchored_at_the_end():
    claims = claims_of("EDP ended at its low, €4.012, down 2.0%.", "lisbon", LISBON_MONTH)
    assert [c.anchor for c in claims if c.metric == "price_level"] == ["end"]


def test_a_dated_level_keeps_its_date_when_it_is_also_the_extreme():
    claims = claims_of("Mastercard closed at $589.31 on August 31, its highest close of the month.", "us", US_MONTH)
    assert [(c.metric, c.date) for c in claims] == [("price_level", date(2026, 8, 31)), ("range_high", None)]


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # "the highest in the group" after a level ranks it among peers: no claim about the window's range
        ("Apple closed at $201.10 on Aug. 4, the highest in the group.",
         {("AAPL", "price_level", 201.1)}, {("AAPL", "range_high", 201.1)}),
        ("Meta ended at $572.34, the lowest of the ten.", set(), {("META", "range_low", 572.34)}),
        # "its highest/lowest close" still states the window's extreme
        ("Mastercard closed at $589.31 on August 31, its highest close of the month.",
         {("MA", "price_level", 589.31), ("MA", "range_high", 589.31)}, set()),
    ],
)
def test_a_peer_comparison_after_a_level_is_not_the_range(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # a price "per share" after a trading cue is still a price; a dividend is not
        ("On May 4, Apple was trading at $201.15 per share.", {("AAPL", "price_level", 201.15)}, set()),
        ("Verizon pays a $0.68 dividend around the record date.", set(), {("VZ", "range_high", 0.68), ("VZ", "price_level", 0.68)}),
    ],
)
def test_a_price_per_share_is_a_price_and_a_dividend_is_not(text, present, absent):
    assert_shape(text, present, absent, month=None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Meta opened the month at $598.40 and ended it at $590.10.", [(598.4, "start"), (590.1, "end")]),
        ("Meta started August at $612.91.", [(612.91, "start")]),
        ("Meta's first close was $612.91.", [(612.91, "start")]),
        ("Meta closed at US$610.20.", [(610.2, "end")]),
        ("Meta settled at $600.10.", [(600.1, "end")]),
        ("Meta finished at $600.10.", [(600.1, "end")]),
    ],
)
def test_the_first_and_last_close_in_the_words_models_use(text, expected):
    assert [(c.value, c.anchor) for c in claims_of(text) if c.metric == "price_level"] == expected


def test_a_level_mentioned_beside_a_drawdown_is_still_the_last_close():
    claims = claims_of("Broadcom closed at $318.55, after falling as much as 6.4% from its high during the month.")
    assert [(c.metric, c.value, c.anchor) for c in claims] == [("price_level", 318.55, "end"), ("max_drawdown", 6.4, None)]


# Round five: a peak or low qualified as one of several ("an earlier peak", "a local low") is a dated price.
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    ("Amazon hit $250.10 on the 27th, above an earlier peak of $246.20 on the 12th.", "us",
     {("AMZN", "price_level", 246.2)}, {("AMZN", "range_high", 246.2)}),
    ("Meta bounced off a local low of $702.15 on Aug 7 and ended at $737.30.", "us",
     {("META", "price_level", 702.15), ("META", "price_level", 737.3)}, {("META", "range_low", 702.15)}),
    ("Galp topped out at 18.70. The previous high of 18.12 on the 6th gave way to 17.55 on the 10th.", "lisbon",
     {("GALP.LS", "range_high", 18.7), ("GALP.LS", "price_level", 18.12), ("GALP.LS", "price_level", 17.55)},
     {("GALP.LS", "range_high", 18.12), ("GALP.LS", "range_high", 17.55)}),
])
def test_an_earlier_or_local_extreme_is_a_price_not_the_months_extreme(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


# Round five: a worked sum's operands are no prices.
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    ("Meta's drawdown: the peak of 751.20 fell to 702.15, which is (751.20 − 702.15) / 751.20 ≈ 0.0653.", "us",
     {("META", "price_level", 702.15)}, {("META", "range_high", 0.0653), ("META", "price_level", 0.0653)}),
    ("Galp last closed at 18.22, and 18.22 / 16.67 = 1.0930, a 9.30% gain.", "lisbon",
     {("GALP.LS", "price_level", 18.22), ("GALP.LS", "period_return", 9.3)},
     {("GALP.LS", "price_level", 16.67), ("GALP.LS", "price_level", 1.093)}),
])
def test_the_numbers_of_a_worked_sum_are_no_claims(text, universe, present, absent):
    claims = claims_of(text, universe)
    found = {(c.ticker, c.metric, c.value) for c in claims}
    assert set(present) <= found and not set(absent) & found, found
    assert sum(1 for c in claims if c.metric == "price_level" and c.value == 702.15) <= 1


@pytest.mark.parametrize(("text", "present", "absent"), [
    # ", the best showing of the group" ranks the return; the close before it is no high
    ("Uber ended at $88.40, the best showing of the group.", {("UBER", "price_level", 88.4), ("UBER", "rank", "best_return")},
     {("UBER", "range_high", 88.4)}),
    ("Tesla closed at $367.95, its best close of the month.", {("TSLA", "price_level", 367.95), ("TSLA", "range_high", 367.95)}, set()),
])
def test_a_superlative_of_a_return_after_a_close_is_no_high(text, present, absent):
    assert_shape(text, present, absent)


# Round five: "ended at its low" read through "the month's" and through an approximation before the figure.
@pytest.mark.parametrize(("text", "value"), [
    ("EDP fell 4%, closing at the month's low of €3.612.", 3.612),
    ("Altri ended the month at its lowest close, a touch under €4.50.", 4.5),
    ("Navigator shed about 4% and finished the month at its lowest close, a little above €3.30.", 3.3),
])
def test_ended_at_its_low_through_possessives_and_approximations(text, value):
    claims = claims_of(text, "lisbon", LISBON_MONTH)
    got = {(c.metric, c.value, c.anchor) for c in claims if c.value == value}
    assert got == {("range_low", value, None), ("price_level", value, "end")}, got


@pytest.mark.parametrize(
    ("text", "month", "expected"),
    [
        # the second close of a comparison takes the anchor stated after it, not the verb before the first
        ("Tesla finished the month at $402.51 against $421.81 at the start of the month.", "2026-02",
         [(402.51, "end"), (421.81, "start")]),
        ("Tesla closed the month at $311.21 as against $425.30 at the start of July.", "2026-07",
         [(311.21, "end"), (425.3, "start")]),
        ("Amazon ended at $210.00, down from $242.96 a month earlier.", "2026-02", [(210.0, "end"), (242.96, "start")]),
        # "opening close" is the first close, though "close" alone is the last
        ("It never got back to its opening close of $425.30.", "2026-07", [(425.3, "start")]),
    ],
)
def test_a_close_takes_the_anchor_stated_after_it_or_its_opening_noun(text, month, expected):
    text = text if text.startswith(("Tesla", "Amazon")) else "Tesla dropped 7.5% early on. " + text
    levels = [(c.value, c.anchor) for c in claims_of(text, "us", month) if c.metric == "price_level"]
    assert levels == expected


# ---- a close on a dated session is that session's close, not the month's last

@pytest.mark.parametrize(
    "text",
    [
        "Alphabet sank 7.1% on July 23, closing at $317.69.",
        "Alphabet sank 7.1% on July 23, finishing at $317.69.",
        "Tesla lost 14.5% on July 23, and Alphabet sank 7.1% the same day, closing at a month low of $317.69.",
        "On July 23 Alphabet closed at its low, $317.69.",
    ],
)
def test_a_close_written_after_a_dated_move_is_that_sessions(text):
    closes = [c for c in claims_of(text, "us", "2026-07") if c.metric == "price_level"]
    assert [(c.ticker, c.value, c.date, c.anchor) for c in closes] == [("GOOGL", 317.69, date(2026, 7, 23), None)]


@pytest.mark.parametrize(
    "text",
    ["Alphabet sank 7.1% on July 23, ending the month at $317.69.", "Alphabet ended the month at its low of $317.69."],
)
def test_a_close_that_ends_the_month_keeps_its_end_anchor(text):
    closes = [c for c in claims_of(text, "us", "2026-07") if c.metric == "price_level"]
    assert [(c.value, c.date, c.anchor) for c in closes] == [(317.69, None, "end")]


# ---- round eleven (spreadsheet pastes): a price set off by a comma after its price word
@pytest.mark.parametrize("text", [
    "EDP's last close, 4.516, was also its high.",
    "EDP's last cell, 4.516, is also its MAX for the month, so it closed on the high.",
])
def test_a_price_apposed_to_its_end_word_is_the_close(text):
    claims = [c for c in claims_of(text, "lisbon", "2026-02") if c.ticker == "EDP.LS"]
    assert {(c.metric, c.value, c.anchor) for c in claims} >= {("price_level", 4.516, "end"), ("range_high", 4.516, None)}


def test_a_max_key_after_a_price_is_no_high():
    assert not any(c.metric == "range_high" for c in claims_of("NOS 5.15, max DD 9.1%.", "lisbon", "2026-02"))
