"""Notes and threads that drop their subject: after a sentence about one company, a lowercase fragment that
opens on its verb, its figure or its metric ("bottomed at 203.17 on 1/9", "+7.7 on 1/21 alone",
"max DD only 6.6%", "11 green days out of 19"), a day's move in a sentence naming no one ("The big day
was the 14th, +3.1%") and a rank said alone ("Best of the bunch.") are about that company. A bare number
after a move word or its own sign, dated to a session, is that session's move in a text that writes percents."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape

US_JAN = {"universe": "us", "month": "2026-01"}


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("$AMD +4.1% on the month. bottomed at 198.20 on 1/12.", {("AMD", "range_low", 198.2)}),
        ("$AMZN +3.3%. 12 green days out of 19. max DD only 4.9%.", {("AMZN", "up_days", 12), ("AMZN", "max_drawdown", 4.9)}),
        ("$TSLA -2.2%. then -3.0% on the final day, ouch. closed 421.10", {("TSLA", "daily_move", -3.0), ("TSLA", "price_level", 421.1)}),
    ],
)
def test_a_lowercase_fragment_goes_on_about_the_last_company(text, present):
    assert_shape(text, present, **US_JAN)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("$AMD +4.1%. +6.2 on 1/14 alone.", {("AMD", "daily_move", 6.2)}, set()),
        ("$TSLA -2.2%. down 3.9 on 1/16, up 2.8 on 1/21.", {("TSLA", "daily_move", -3.9), ("TSLA", "daily_move", 2.8)}, set()),
        # a price "to" a level on a date stays a price
        ("$AMD +4.1%. fell to 203.17 on 1/9.", set(), {("AMD", "daily_move", -203.17), ("AMD", "period_return", -203.17)}),
    ],
)
def test_a_dated_bare_number_after_a_move_word_is_that_days_move(text, present, absent):
    assert_shape(text, present, absent, **US_JAN)


def test_a_bare_number_is_no_move_in_a_text_without_percents():
    assert_shape("Tesla closed down 3.9 on 1/16.", set(), {("TSLA", "daily_move", -3.9)}, **US_JAN)


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("Amazon rose 5.7%. Best of the bunch, by far.", {("AMZN", "rank", "best_return")}),
        ("$JMT +11.8% on the month. the winner, not close", {("JMT.LS", "rank", "best_return")}),
        ("Tesla fell 1.8%. The worst day was the 20th, −4.2%.", {("TSLA", "daily_move", -4.2)}),
    ],
)
def test_a_rank_or_a_days_move_in_a_sentence_naming_no_one(text, present):
    universe = "lisbon" if "$JMT" in text else "us"
    assert_shape(text, present, universe=universe, month="2025-10" if universe == "lisbon" else "2026-01")


def test_a_ranked_heading_over_a_count_is_no_ones():
    assert_shape("NOS +3.0%. Bottom 3 (worst first)", set(), {("NOS.LS", "rank", "worst_return")}, universe="lisbon", month="2025-10")


def test_a_rank_over_the_peers_ranks_the_topic_also_beside_figures():
    # "Steadiest of the three (28.4% vol)": a rank said over the peers, with the figure it rests on
    assert_shape("Amazon +5.65%. Steadiest of the three (28.4% vol), 11 up days / 8 down.",
                 {("AMZN", "rank", "least_volatile"), ("AMZN", "volatility", 28.4)}, universe="us", month="2026-01")
    # a key on the company's own extreme, or a rank over no peers, beside figures ranks no one
    assert_shape("AMD +5.93%. Best day: +7.71% (Jan 21).", {("AMD", "daily_move", 7.71)},
                 {("AMD", "rank", "largest_daily_gain")}, universe="us", month="2026-01")
    assert_shape("NOS +3.0%. Bottom 3 (worst first): -4.1%, -3.2%, -1.0%", set(), {("NOS.LS", "rank", "worst_return")},
                 universe="lisbon", month="2025-10")


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("Galp rose 6%. Almost all of it on the 30th, +5.1%, after strong quarterly results.",
         {("GALP.LS", "causal", "after strong quarterly results")}),
        ("A Sonae subiu 4%. Quase tudo dia 21, +3,2%, depois dos resultados.", {("SON.LS", "causal", "depois dos resultados")}),
    ],
)
def test_a_cause_in_a_sentence_naming_no_one_explains_its_move(text, present):
    assert_shape(text, present, universe="lisbon", month="2025-10")


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("AMD swung hard: its annualised volatility came to 86%, the highest.", {("AMD", "rank", "most_volatile")}, set()),
        ("UnitedHealth was steady, volatility 24%, the lowest.", {("UNH", "rank", "least_volatile")}, set()),
        ("Nvidia closed at $200, the highest.", set(), {("NVDA", "rank", "best_return")}),
    ],
)
def test_the_highest_closing_a_clause_ranks_the_figure_before(text, present, absent):
    assert_shape(text, present, absent, month="2026-07")
