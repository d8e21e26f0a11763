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
