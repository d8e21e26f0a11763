"""Questions and answers, one-word asides and comparisons between figures: a question that ranks
without naming is answered by the next sentence's first name; a direction said in one word belongs
to the name before it or to the name the question asked about; a signed bare number after a name is
a percent in a text that writes percents; a figure "at" a name is that name's; a figure compared with
another ("than", "against") measures the same thing, for the compared name."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, facts


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        ("Q: Who came out on top? Nothing came close.\nQ: Which name did best?\nA: Broadcom, up 9.0%.", "us", "2026-08",
         {("AVGO", "rank", "best_return"), ("AVGO", "period_return", 9.0)}, set()),
        ("Which stock was the most volatile? Tesla, at roughly 61% annualised.", "us", "2026-08",
         {("TSLA", "rank", "most_volatile"), ("TSLA", "volatility", 61.0)}, set()),
        ("And the weakest? Navigator, which shed 4.1%.", "lisbon", "2026-02",
         {("NVG.LS", "rank", "worst_return")}, set()),
        # a question that names its answer itself keeps the rank where it is said
        ("Was Nvidia the best performer? Yes. Amazon lagged.", "us", "2026-08",
         {("NVDA", "rank", "best_return")}, {("AMZN", "rank", "best_return")}),
    ],
)
def test_a_question_ranks_the_first_name_of_its_answer(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe, month)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Did Altri rise or fall? Lower, slightly.", "lisbon", {("ALTR.LS", "direction", "down")}, set()),
        ("Meta? Up, barely.", "us", {("META", "direction", "up")}, set()),
        ("CTT green as well. Navigator flat.", "lisbon", {("CTT.LS", "direction", "up"), ("NVG.LS", "direction", "flat")}, set()),
        # a sign word that starts a longer clause is no one-word direction
        ("Nvidia down the list of worries, analysts said.", "us", set(), {("NVDA", "direction", "down")}),
    ],
)
def test_a_one_word_direction(text, universe, present, absent):
    assert_shape(text, present, absent, universe)


def test_signed_bare_numbers_after_names_are_percents_where_the_text_writes_percents():
    assert_shape("Netflix +4.2%, then AMD -2, JPM +1.5 and Uber -0.8 on the month.",
                 {("NFLX", "period_return", 4.2), ("AMD", "period_return", -2.0), ("JPM", "period_return", 1.5),
                  ("UBER", "period_return", -0.8)}, universe="us")
    # without a percent anywhere, a signed number is no percent
    assert not any(metric == "period_return" for _, metric, _ in facts("AMD -2, JPM +1.5.", "us"))


def test_a_figure_at_a_name_is_that_names_even_as_an_object():
    assert_shape("Sonae, down 3.0%, finished just ahead of Galp at −3.4%.",
                 {("SON.LS", "period_return", -3.0), ("GALP.LS", "period_return", -3.4)},
                 {("SON.LS", "period_return", -3.4)}, universe="lisbon")


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Nvidia's volatility, 48%, ran well above Amazon's 31%.",
         {("NVDA", "volatility", 48.0), ("AMZN", "volatility", 31.0)}, {("AMZN", "period_return", 31.0)}),
        ("Meta was a little less volatile than Amazon, about 27% annualised against 35%.",
         {("META", "volatility", 27.0), ("AMZN", "volatility", 35.0)}, {("META", "volatility", 35.0)}),
        # the compared figure's own cue wins
        ("Tesla's drawdown of 20% was larger than its 5% gain.", {("TSLA", "max_drawdown", 20.0), ("TSLA", "period_return", 5.0)},
         {("TSLA", "max_drawdown", 5.0)}),
    ],
)
def test_a_compared_figure_measures_what_the_first_does(text, present, absent):
    assert_shape(text, present, absent, universe="us")


def test_a_dated_superlative_that_opens_its_sentence_ranks_a_day():
    assert_shape("The steepest drop was Tesla's 6.1% slide on August 12.",
                 {("TSLA", "rank", "largest_daily_fall")}, {("TSLA", "rank", "worst_return")}, universe="us")
    # after its name, a dated superlative is the name's own best day, not a rank among the names
    assert_shape("Uber rose 7%, with the biggest move a 4.0% gain on August 6.", set(),
                 {("UBER", "rank", "largest_daily_gain")}, universe="us")


def test_a_name_missing_from_the_data_is_no_refusals_subject():
    claims = [f for f in facts("Oracle isn't in the data you gave me, so I can't quote its return.", "us") if f[1] == "refusal"]
    assert len(claims) == 1 and claims[0][0] is None


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # headlines in capitals, accents dropped, several words to a name
        ("JERONIMO MARTINS SHEDS 4.0%; EDP RENOVAVEIS UP 2.2%", "lisbon",
         {("JMT.LS", "period_return", -4.0), ("EDPR.LS", "period_return", 2.2)}, set()),
        # a market's name qualifies the superlative; it owns no rank
        ("NOS CLIMBS 6.1%, BEST PSI PERFORMER", "lisbon", {("NOS.LS", "rank", "best_return")}, set()),
        ("Sonae rose 4.4%, the best performance in the index.", "lisbon", {("SON.LS", "rank", "best_return")}, set()),
        ("MASTERCARD ADDS 3.0%, TOPS MEGA-CAP PACK", "us", {("MA", "rank", "best_return")}, set()),
        # a market word inside a company descriptor is no subject
        ("Galp fell, the oil major's shares losing 6.0% to €15.10.", "lisbon",
         {("GALP.LS", "period_return", -6.0), ("GALP.LS", "price_level", 15.1)}, set()),
        # a closing low without its determiner
        ("BCP SLIPS 2.0%, CLOSES AT MONTH LOW EUR 0.851", "lisbon",
         {("BCP.LS", "range_low", 0.851)}, set()),
        # a name's own worst day, labelled without a colon, ranks nothing
        ("- REN: drawdown 4.1%; worst day −2.25% (12 Feb).", "lisbon", {("RENE.LS", "daily_move", -2.25)},
         {("RENE.LS", "rank", "largest_daily_fall")}),
    ],
)
def test_headline_and_report_shorthand(text, universe, present, absent):
    assert_shape(text, present, absent, universe)


def test_a_name_right_before_a_superlative_owns_it():
    assert_shape("Bottom line: Uber worst name of the month, Netflix best.",
                 {("UBER", "rank", "worst_return"), ("NFLX", "rank", "best_return")},
                 {("NFLX", "rank", "worst_return")}, universe="us")


def test_one_day_after_a_move_is_when_it_happened_not_a_count():
    assert_shape("Sonae fell 7% in ONE session.", {("SON.LS", "daily_move", -7.0)}, {("SON.LS", "down_days", 1)},
                 universe="lisbon")


def test_a_sentence_opening_on_its_verb_is_about_the_company_before():
    assert_shape("Altri had a rough month. Closed at 4.10, down 6% over the month.",
                 {("ALTR.LS", "period_return", -6.0)}, universe="lisbon")
    # a sentence that names its own subject keeps it
    assert_shape("Altri had a rough month. Ended lower too: BCP down 2%.", {("BCP.LS", "period_return", -2.0)},
                 {("ALTR.LS", "period_return", -2.0)}, universe="lisbon")


def test_a_price_where_no_one_is_named_belongs_to_the_company_before():
    assert_shape("Take Navigator. The first close shown is €3.40 and the last is €3.52.",
                 {("NVG.LS", "price_level", 3.4), ("NVG.LS", "price_level", 3.52)}, universe="lisbon")
    # percents are not carried so: in reasoning they are as often probabilities
    found = facts("Navigator closed at €3.52. Simulations give 54% with zero drift.", "lisbon")
    assert not any(ticker == "NVG.LS" and value == 54 for ticker, _, value in found)


def test_the_object_of_matched_lends_no_figure():
    assert_shape("Sonae nearly matched Galp, with a 4.1% gain.", {("SON.LS", "period_return", 4.1)},
                 {("GALP.LS", "period_return", 4.1)}, universe="lisbon")
