"""Counts: "rose on 12 of 21 sessions" is up_days 12; a count of names, or a span of sessions, is no count."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, claims_of, facts_in_order


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NVDA rose on 12 of 21 sessions.", [("NVDA", "up_days", 12)]),
        ("Mastercard posted 11 down days against 9 up days.", [("MA", "down_days", 11), ("MA", "up_days", 9)]),
        ("JPM closed lower in twelve of the 21 sessions.", [("JPM", "down_days", 12)]),
    ],
)
def test_up_and_down_day_counts(text, expected):
    assert facts_in_order(text) == expected


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # "rising on 7 of 9" counts sessions it does not name; "in 3 of 10 names" is no count
        ("Meta +2.0%, up on six of nine, closed at $600.10.", "us", {("META", "up_days", 6), ("META", "price_level", 600.1)}, set()),
        ("REN -1.9%, falling in 5 of 9.", "lisbon", {("RENE.LS", "down_days", 5)}, set()),
        ("Tesla fell in 3 of 10 names we follow.", "us", set(), {("TSLA", "down_days", 3)}),
        ("Meta finished up in 9 of twenty-one sessions.", "us", {("META", "up_days", 9)}, set()),
        # "in ten sessions" after a figure is a span, no count
        ("NOS climbed from 4,20 € to 4,55 € in ten sessions.", "lisbon", {("NOS.LS", "price_level", 4.55)}, {("NOS.LS", "up_days", 10)}),
    ],
)
def test_a_count_of_sessions_and_what_is_not_one(text, universe, present, absent):
    assert_shape(text, present, absent, universe)


def test_a_bare_count_is_not_read_twice_where_its_sessions_are_named():
    claims = claims_of("Meta finished up in 9 of twenty-one sessions.")
    assert [(c.metric, c.value) for c in claims if c.metric.endswith("_days")] == [("up_days", 9)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Fun fact: Alphabet finished up in 13 sessions.", [("GOOGL", "up_days", 13)]),
        ("Broadcom closed higher in twelve of the twenty-one sessions and lower in nine.",
         [("AVGO", "up_days", 12), ("AVGO", "down_days", 9)]),
        ("MA gained in 12 of 21 sessions, while UNH fell in 13.", [("MA", "up_days", 12), ("UNH", "down_days", 13)]),
        ("Meta had 12 up days and 9 down days.", [("META", "up_days", 12), ("META", "down_days", 9)]),
        ("Meta rose on 11 days and fell on 10.", [("META", "up_days", 11), ("META", "down_days", 10)]),
        ("Meta posted gains on 12 of the 21 trading days.", [("META", "up_days", 12)]),
        ("Meta closed in the red on 9 of 21 days.", [("META", "down_days", 9)]),
    ],
)
def test_counts_in_the_words_models_use(text, expected):
    assert facts_in_order(text) == expected


def test_a_lisbon_count_over_the_months_sessions():
    assert facts_in_order("Galp rose in 11 of the month's 20 sessions.", "lisbon") == [("GALP.LS", "up_days", 11)]


@pytest.mark.parametrize(
    "text",
    [
        "Breadth 3/5 up/down.",
        "3 stocks went up and 5 went down.",
        "August had 21 trading sessions.",
        "Meta fell for five straight sessions.",
    ],
)
def test_breadth_session_totals_and_streaks_are_no_counts(text):
    assert not [c for c in claims_of(text) if c.metric in ("up_days", "down_days")]


# Round five: a count in the sentence before licenses elliptic counts in this one; a bare count after a
# verb of scoring counts the way the last count did.
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    ("Altri rose on 11 of 19 sessions. Navigator only managed 8 and fell on 10.", "lisbon",
     {("ALTR.LS", "up_days", 11), ("NVG.LS", "up_days", 8), ("NVG.LS", "down_days", 10)}, set()),
    ("Meta fell on 12 of 21 sessions. Amazon posted 14.", "us", {("META", "down_days", 12), ("AMZN", "down_days", 14)}, set()),
    # no count before: no elliptic count
    ("Navigator only managed 8 and fell on 10.", "lisbon", set(), {("NVG.LS", "up_days", 8), ("NVG.LS", "down_days", 10)}),
    # a count two sentences back licenses nothing
    ("Altri rose on 11 of 19 sessions. Galp fell 3%. Navigator managed 8.", "lisbon", {("ALTR.LS", "up_days", 11)},
     {("NVG.LS", "up_days", 8)}),
    # a scored count of something else is none
    ("Altri rose on 11 of 19 sessions. Navigator posted 8 upgrades.", "lisbon", set(), {("NVG.LS", "up_days", 8)}),
])
def test_an_elliptic_count_after_a_counting_sentence(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        # any sign word of the lexicon signs a count, in the full form and the elliptic one after it
        ("Nvidia climbed on 11 days and shed on 8.", "us", [("NVDA", "up_days", 11), ("NVDA", "down_days", 8)]),
        ("Sonae picked up on 10 days and slumped on 6.", "lisbon", [("SON.LS", "up_days", 10), ("SON.LS", "down_days", 6)]),
        ("AVGO added in 10 of 21 sessions, while TSLA dipped in 13.", "us", [("AVGO", "up_days", 10), ("TSLA", "down_days", 13)]),
        ("Amazon retreated in 9 of 21 sessions.", "us", [("AMZN", "down_days", 9)]),
        ("Meta tumbled on 8 of the month's 21 days.", "us", [("META", "down_days", 8)]),
    ],
)
def test_a_count_takes_any_sign_word(text, universe, expected):
    assert [f for f in facts_in_order(text, universe) if f[1].endswith("_days")] == expected


def test_the_other_count_and_a_count_in_a_sentence_naming_no_one():
    # "vs 7 down" is the other count, and "11 up days / 8 down." is read once
    assert facts_in_order("BCP.LS: 11 up days vs 7 down", "lisbon") == [("BCP.LS", "up_days", 11), ("BCP.LS", "down_days", 7)]
    assert facts_in_order("Amazon: 11 up days / 8 down.", "us") == [("AMZN", "up_days", 11), ("AMZN", "down_days", 8)]
    # a count of sessions in a sentence naming no one is the company the text is on ...
    text = "Tesla fell 1.75%. Rough patch on Jan 20 (-4.17%); closed lower on 11 of 19 sessions."
    assert ("TSLA", "down_days", 11) in facts_in_order(text, "us", "2026-01")
    # ... but a count of names, or a breadth line, is none
    for text in ("Tesla fell 1.75%. Breadth: 6 up, 4 down.", "Tesla fell 1.75%. Six of the ten names closed lower."):
        assert not [f for f in facts_in_order(text, "us", "2026-01") if f[1] in ("up_days", "down_days")]
    # "and 7 up" is no count without a count before it
    assert not [f for f in facts_in_order("Galp rose 3% and 7 up names followed.", "lisbon") if f[1] == "up_days"]
