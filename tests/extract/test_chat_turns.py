"""Chat transcripts: only the assistant's turns carry claims; the user's turns are read for their subjects
and questions, and a figure the text denies or withdraws ("…, not 4.07%") is no claim."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("User: I thought Tesla was up 20%?\n\nAssistant: No, Tesla rose 14.2%, closing at $367.95.", "us",
         {("TSLA", "period_return", 14.2), ("TSLA", "price_level", 367.95)}, {("TSLA", "period_return", 20)}),
        ("**You:** And Amazon, wasn't its low around $190?\n\n**Assistant:** A bit higher: its lowest close was $198.79.", "us",
         {("AMZN", "range_low", 198.79)}, {("AMZN", "range_low", 190)}),
        ("Human: Galp fell 5% in February, right?\nAI: Galp actually gained 9.30% over the month.", "lisbon",
         {("GALP.LS", "period_return", 9.30)}, {("GALP.LS", "period_return", -5)}),
        ("### Me\nNOS only +3%? I had it nearer 17%.\n\n### Assistant\nNOS rose 17.05%, from €4.400 to €5.150.", "lisbon",
         {("NOS.LS", "period_return", 17.05), ("NOS.LS", "price_level", 5.150)}, {("NOS.LS", "period_return", 3), ("NOS.LS", "period_return", 17)}),
        # a user turn with no assistant label ends at its paragraph
        ("User: was Nvidia up 10%?\n\nNvidia rose 6.8% in August.", "us", {("NVDA", "period_return", 6.8)}, {("NVDA", "period_return", 10)}),
        # a line that opens with another word before a colon is no speaker label
        ("Your watchlist: Tesla rose 14.2% in August.", "us", {("TSLA", "period_return", 14.2)}, set()),
    ],
)
def test_user_turns_carry_no_claims(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Apologies, I misread the table: EDP Renováveis rose 4.70%, not 4.07%.", "lisbon",
         {("EDPR.LS", "period_return", 4.70)}, {("EDPR.LS", "period_return", 4.07)}),
        ("Nvidia fell 3.1% rather than 1.3%.", "us", {("NVDA", "period_return", -3.1)}, {("NVDA", "period_return", -1.3)}),
        ("Amazon closed at $210.00 instead of $201.00.", "us", {("AMZN", "price_level", 210.00)}, {("AMZN", "price_level", 201.00)}),
        ("Tesla was not up 5% but 14.2%.", "us", {("TSLA", "period_return", 14.2)}, {("TSLA", "period_return", 5)}),
    ],
)
def test_a_denied_figure_is_no_claim(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Correction: I gave Tesla's volatility as 23%, I swapped the digits. It's about 32%.",
         {("TSLA", "volatility", 32)}, {("TSLA", "volatility", 23), ("TSLA", "period_return", 32)}),
        ("Sorry: I put UnitedHealth's drawdown at 6.8% earlier. It was 8.6%.",
         {("UNH", "max_drawdown", 8.6)}, {("UNH", "max_drawdown", 6.8)}),
        ("I quoted Meta's close as $572.34 by mistake; it closed at $572.43.", {("META", "price_level", 572.43)}, {("META", "price_level", 572.34)}),
    ],
)
def test_a_withdrawn_figure_is_no_claim_and_its_correction_keeps_its_measure(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("AMD was the most volatile, about 86% annualised, versus roughly 34% for Amazon and 23% for Tesla.",
         {("AMZN", "volatility", 34), ("TSLA", "volatility", 23)}, {("TSLA", "period_return", 23)}),
        ("Drawdowns were 21.3% for AMD, 12.1% for Nvidia and 8.0% for Meta.",
         {("AMD", "max_drawdown", 21.3), ("NVDA", "max_drawdown", 12.1), ("META", "max_drawdown", 8.0)}, set()),
        ("Tesla rose 14.2% for the month and 3% on Aug 5.", {("TSLA", "period_return", 14.2)}, {("TSLA", "volatility", 3)}),
    ],
)
def test_figures_each_for_a_name_share_one_measure(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("**You:** which was the most volatile? and the drawdowns?\n\n**Assistant:** BCP on both counts: volatility of about 31.9%.",
         {("BCP.LS", "rank", "most_volatile"), ("BCP.LS", "rank", "largest_drawdown")}, set()),
        ("User: Which stock was the most volatile? And the drawdowns?\nAssistant: Galp, in both cases.",
         {("GALP.LS", "rank", "most_volatile"), ("GALP.LS", "rank", "largest_drawdown")}, set()),
        # without "both" the answer takes the first question's rank only
        ("You: which was the most volatile, and what about drawdowns?\n\nAssistant: Galp again, roughly 56% annualised.",
         {("GALP.LS", "rank", "most_volatile")}, {("GALP.LS", "rank", "largest_drawdown")}),
        # the calmest asks no largest drawdown
        ("Which stock was the calmest? And the drawdowns?\n\nSonae, in both cases.",
         {("SON.LS", "rank", "least_volatile")}, {("SON.LS", "rank", "largest_drawdown")}),
    ],
)
def test_an_answer_takes_the_ranks_its_questions_asked(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon", month="2026-02")
