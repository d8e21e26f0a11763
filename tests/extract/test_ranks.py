"""Ranks: a single-name superlative is one rank claim (and a figure beside it another); a session superlative
ranks the day, not the month; "the highest in the group" after a figure ranks that figure's family."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, claims_of, facts, facts_in_order, only


def test_a_rank_and_a_return_in_one_sentence_are_two_claims():
    got = facts_in_order("NVDA led the pack with an 8.4% gain.")
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
def test_a_superlative_becomes_a_rank(text, ticker, rank):
    claim = only(text)
    assert (claim.ticker, claim.metric, claim.value) == (ticker, "rank", rank)


def test_a_shared_superlative_ranks_nobody():
    got = facts_in_order("AMZN and GOOGL led gains, rising 8.3% and 9.5% respectively.")
    assert got == [("AMZN", "period_return", 8.3), ("GOOGL", "period_return", 9.5)]


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # terse appositive ranks
        ("Sonae -4.4%, worst, down to EUR 1.201.", "lisbon", {("SON.LS", "rank", "worst_return"), ("SON.LS", "period_return", -4.4)}, set()),
        ("EDP +3.0%; Galp +1.2%; Altri -0.7%, worst.", "lisbon", {("ALTR.LS", "rank", "worst_return")}, {("GALP.LS", "rank", "worst_return")}),
        ("Amazon climbed 6.6% in August, best, ending at $230.40.", "us", {("AMZN", "rank", "best_return")}, set()),
        ("Meta slid 9.0%, weakest in the group, with an 11.2% drawdown.", "us",
         {("META", "rank", "worst_return"), ("META", "max_drawdown", 11.2)}, set()),
        # "tops", "top", "leading", "No. 1", "last"; "the best in ...", "X the best."
        ("Meta +4.1% in the period, tops; Amazon -1.0%, last.", "us",
         {("META", "rank", "best_return"), ("AMZN", "rank", "worst_return")}, set()),
        ("Sonae up 3.3 per cent, No. 1; REN -0.4%, top of nothing.", "lisbon", {("SON.LS", "rank", "best_return")}, set()),
        ("Navigator +2.6%, leading, with REN +1.1%.", "lisbon", {("NVG.LS", "rank", "best_return")}, {("RENE.LS", "rank", "best_return")}),
        ("Broadcom ended 5.0% higher, the best in the group.", "us", {("AVGO", "rank", "best_return")}, set()),
        ("NOS and REN were the only risers, NOS the best.", "lisbon", {("NOS.LS", "rank", "best_return")}, {("RENE.LS", "rank", "best_return")}),
        # "the only gainer/loser", "trailed." at a clause end, "led the first/last ... sessions"
        ("Altri went from 4.100 to 4.150, the only gainer, at 1.2%.", "lisbon",
         {("ALTR.LS", "rank", "best_return"), ("ALTR.LS", "period_return", 1.2)}, set()),
        ("Tesla, at -3.3%, trailed.", "us", {("TSLA", "rank", "worst_return")}, set()),
        ("Nvidia +1.4% led the last ten sessions.", "us", {("NVDA", "rank", "best_return")}, set()),
        # "the month's laggard", "the group's leader", "the group's best," rank
        ("Tesla was the month's laggard, down 13.7%, and its worst session came on the 14th with a 6.1% drop.", "us",
         {("TSLA", "rank", "worst_return"), ("TSLA", "period_return", -13.7), ("TSLA", "daily_move", -6.1)}, set()),
        ("Tesla was the month’s worst performer, down 13.7%.", "us", {("TSLA", "rank", "worst_return")}, set()),
        ("Galp was the group's leader at +6.0%.", "lisbon", {("GALP.LS", "rank", "best_return")}, set()),
        ("Meta, the group’s best, rose 6.0%.", "us", {("META", "rank", "best_return")}, set()),
        ("Tesla was the worst, down 13.7%.", "us", {("TSLA", "rank", "worst_return")}, {("TSLA", "rank", "largest_daily_fall")}),
        # a superlative with a noun before its subject: "The calmest name was X"
        ("The steadiest stock was JPMorgan, at 9% annualised.", "us",
         {("JPM", "rank", "least_volatile"), ("JPM", "volatility", 9)}, set()),
    ],
)
def test_a_single_name_superlative_ranks_the_month(text, universe, present, absent):
    assert_shape(text, present, absent, universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # "worst single day" ranks the session, not the month
        ("Meta had the worst single day of the group, shedding 6.3% on Aug. 12.", "us",
         {("META", "rank", "largest_daily_fall"), ("META", "daily_move", -6.3)}, {("META", "rank", "worst_return")}),
        ("Sonae had the best single session of the group, a 2.2% rise on 9 February.", "lisbon",
         {("SON.LS", "rank", "largest_daily_gain")}, {("SON.LS", "rank", "best_return")}),
        ("Altri -1.5%; its 2.4% drop on Feb. 10 led the daily losers.", "lisbon",
         {("ALTR.LS", "rank", "largest_daily_fall"), ("ALTR.LS", "daily_move", -2.4)}, set()),
        # a one-day extreme ranked through "the group's"/"the month's" or "for any stock"
        ("EDP's 2.9% fall on Feb 4 was the group's biggest one-day drop.", "lisbon",
         {("EDP.LS", "rank", "largest_daily_fall"), ("EDP.LS", "daily_move", -2.9)}, set()),
        ("Galp's 6.1% gain on the 5th was the month's sharpest one-day rise.", "lisbon",
         {("GALP.LS", "rank", "largest_daily_gain"), ("GALP.LS", "daily_move", 6.1)}, set()),
        ("Amazon's 5.5% slide on the 9th was the worst day for any stock in the group.", "us",
         {("AMZN", "rank", "largest_daily_fall")}, {("AMZN", "rank", "worst_return")}),
        # "the month's worst session" is the ticker's day, not a rank among peers
        ("Tesla had the month's worst session, a 6.1% drop on the 14th.", "us",
         {("TSLA", "daily_move", -6.1)}, {("TSLA", "rank", "worst_return")}),
        # "the worst/best session/day/single day" ranks the day
        ("Tesla had the worst session, a 6.1% drop on Aug. 14.", "us",
         {("TSLA", "rank", "largest_daily_fall"), ("TSLA", "daily_move", -6.1)}, {("TSLA", "rank", "worst_return")}),
        ("Intel had the weakest single day, falling 4.8% on the 6th.", "us",
         {("INTC", "rank", "largest_daily_fall"), ("INTC", "daily_move", -4.8)}, {("INTC", "rank", "worst_return")}),
        ("Nvidia had the best trading day, a 5.2% jump on Aug. 5.", "us",
         {("NVDA", "rank", "largest_daily_gain"), ("NVDA", "daily_move", 5.2)}, {("NVDA", "rank", "best_return")}),
        # a dated fall said after its name is the name's own worst day, no one's rank
        ("Amazon fell steadily, with the sharpest drop (-5.55%) coming on Aug 6.", "us",
         {("AMZN", "daily_move", -5.55)}, {("AMZN", "rank", "worst_return"), ("AMZN", "rank", "largest_daily_fall")}),
        # scoped over the group the month's superlative stands
        ("Tesla plunged 26.8% over the month, the biggest decline of the group.", "us", {("TSLA", "rank", "worst_return")}, set()),
    ],
)
def test_a_session_superlative_ranks_the_day(text, universe, present, absent):
    assert_shape(text, present, absent, universe)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Broadcom's annualized volatility was roughly 38%, the highest in the group.",
         {("AVGO", "volatility", 38), ("AVGO", "rank", "most_volatile")}, {("AVGO", "rank", "best_return")}),
        ("Apple's volatility ran at 14%, the lowest of the ten names.", {("AAPL", "rank", "least_volatile")}, set()),
        ("Nvidia rose 8.4% in August, the highest in the group.", {("NVDA", "period_return", 8.4), ("NVDA", "rank", "best_return")}, set()),
        ("Tesla fell 13.7%, the lowest in the pack.", {("TSLA", "rank", "worst_return")}, set()),
        ("Meta suffered a 12.5% drawdown, the highest in the group.", {("META", "rank", "largest_drawdown")}, set()),
        # "since May" compares with the past, not with peers; a small drawdown or a daily move ranks nothing
        ("Tesla fell 13.7%, the lowest since May.", {("TSLA", "period_return", -13.7)}, {("TSLA", "rank", "worst_return")}),
        ("Intel's drawdown was 3%, the lowest in the group.", {("INTC", "max_drawdown", 3)}, {("INTC", "rank", "largest_drawdown")}),
        ("Tesla jumped 6% on Aug. 5, the highest in the group.", {("TSLA", "daily_move", 6)}, {("TSLA", "rank", "best_return")}),
    ],
)
def test_the_highest_in_the_group_ranks_the_figures_family(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "universe", "ticker", "rank"),
    [
        ("Mastercard held up best, slipping just 0.3%.", "us", "MA", "best_return"),
        ("Broadcom was the star of the show this month.", "us", "AVGO", "best_return"),
        ("NOS was the great highlight of February.", "lisbon", "NOS.LS", "best_return"),
        ("Amazon was the standout.", "us", "AMZN", "best_return"),
        ("Meta was the clear winner, up 4.0%.", "us", "META", "best_return"),
        ("Amazon topped the leaderboard with a 9.1% gain.", "us", "AMZN", "best_return"),
        ("Amazon finished first among the ten.", "us", "AMZN", "best_return"),
        ("Amazon was the best-performing stock.", "us", "AMZN", "best_return"),
        ("Amazon outpaced every other name in the group.", "us", "AMZN", "best_return"),
        ("Intel was the worst of the month.", "us", "INTC", "worst_return"),
        ("Intel had the weakest showing.", "us", "INTC", "worst_return"),
        ("Tesla finished dead last.", "us", "TSLA", "worst_return"),
        ("Tesla ranked last, down 6.0%.", "us", "TSLA", "worst_return"),
        ("Tesla was the worst-performing name, down 6.0%.", "us", "TSLA", "worst_return"),
        ("Tesla underperformed all its peers.", "us", "TSLA", "worst_return"),
        ("The calmest was JPMorgan.", "us", "JPM", "least_volatile"),
        ("Nvidia, the group's most volatile stock, swung wildly.", "us", "NVDA", "most_volatile"),
        ("UnitedHealth saw the largest peak-to-trough decline, at 8.8%.", "us", "UNH", "largest_drawdown"),
    ],
)
def test_the_idioms_of_a_single_name_superlative(text, universe, ticker, rank):
    ranks = [(c.ticker, c.value) for c in claims_of(text, universe) if c.metric == "rank"]
    assert ranks == [(ticker, rank)]


@pytest.mark.parametrize(
    "text",
    ["JPMorgan and UNH were the biggest decliners.", "Meta was the runner-up, up 4.0%."],
)
def test_a_group_superlative_or_a_second_place_ranks_nobody(text):
    assert not [c for c in claims_of(text) if c.metric == "rank"]


# Round five: ", the most of any stock" after a move ranks it, a gain best and a fall worst.
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    ("Altri gained 11.2%, the most of any stock in the index.", "lisbon",
     {("ALTR.LS", "rank", "best_return")}, {("ALTR.LS", "rank", "worst_return")}),
    ("Alphabet shed 9.1%, the most of any name in the group.", "us",
     {("GOOGL", "rank", "worst_return")}, {("GOOGL", "rank", "best_return")}),
    ("Galp fell 4%, the most in the index.", "lisbon", {("GALP.LS", "rank", "worst_return")}, {("GALP.LS", "rank", "best_return")}),
    ("Meta's volatility was 31%, the highest of any stock in the table.", "us", {("META", "rank", "most_volatile")}, set()),
])
def test_the_most_of_any_stock_ranks_by_the_moves_sign(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


# Round five: a market named after a superlative's group word ("of the PSI", "in the index") qualifies it,
# ranks nobody itself and is no subject of the figures after it.
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    ("Altri was hence the weakest value of the PSI.", "lisbon", {("ALTR.LS", "rank", "worst_return")}, set()),
    ("Altri was the best title of the index this month.", "lisbon", {("ALTR.LS", "rank", "best_return")}, set()),
    ("NOS put on 6.2%, the strongest showing in the index, finishing the month at its high of €4.215.", "lisbon",
     {("NOS.LS", "rank", "best_return"), ("NOS.LS", "range_high", 4.215), ("NOS.LS", "price_level", 4.215)},
     {(None, "range_high", 4.215), (None, "price_level", 4.215)}),
])
def test_a_market_after_a_superlative_qualifies_it(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


def test_a_market_that_is_a_subject_keeps_its_figures():
    assert_shape("Galp fell 2%, the worst of the PSI, and the index rose 1%.",
                 {("GALP.LS", "period_return", -2), (None, "period_return", 1)}, {("GALP.LS", "period_return", 1)}, universe="lisbon")


# Rank grammar: a day superlative in apposition to a dated move and scoped over the group ranks the day,
# its sign the move's; "of the month" is a time, no group; "its two strongest sessions" are its own.
@pytest.mark.parametrize(("text", "present", "absent"), [
    ("Amazon rose 12.4%, almost all of it from a 15.32% surge on Aug 31, the largest single-day move in the group.",
     {("AMZN", "rank", "largest_daily_gain")}, {("AMZN", "rank", "largest_daily_fall")}),
    ("Tesla fell 7.0% on Aug 5, the biggest one-day move of the ten.", {("TSLA", "rank", "largest_daily_fall")}, set()),
    ("Tesla jumped 5.5% on the 31st, the biggest one-day move of the month.", set(), {("TSLA", "rank", "largest_daily_gain")}),
    ("Its two strongest sessions came on the 28th and 29th, +3.0% and +2.8%.", set(), {(None, "rank", "largest_daily_gain")}),
    ("Tesla's two strongest sessions came on the 28th and 29th, +3.0% and +2.8%.", set(), {("TSLA", "rank", "largest_daily_gain")}),
])
def test_a_scoped_day_superlative_ranks_the_day(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize("text, absent", [
    ("Amazon fell 13.6%. It hit the bottom at $198.79 on 13 February.", ("AMZN", "rank", "worst_return")),
    ("Nvidia rose 6.8%, touching the top of $227.98 on the 27th.", ("NVDA", "rank", "best_return")),
])
def test_an_extreme_noun_before_its_price_is_no_rank(text, absent):
    assert_shape(text, present=[], absent=[absent])


def test_the_bottom_of_the_table_is_still_a_rank():
    assert_shape("Amazon finished at the bottom of the table, down 13.6%.", present=[("AMZN", "rank", "worst_return")])


# Round ten: a rise or fall superlative in apposition to one session's move ranks the session.
@pytest.mark.parametrize(("text", "present", "absent"), [
    ("The séance of 27 August, +8,7 %, is the strongest rise of the basket, for Nvidia.",
     {("NVDA", "rank", "largest_daily_gain")}, {("NVDA", "rank", "best_return")}),
    ("Worst session for BCP on 5 February: −3,65 %, the sharpest fall of the group.",
     {("BCP.LS", "rank", "largest_daily_fall")}, {("BCP.LS", "rank", "worst_return")}),
    # the month's figure in apposition keeps the month's rank
    ("Tesla rose 14.2% over the month, the strongest rise of the basket.",
     {("TSLA", "rank", "best_return")}, {("TSLA", "rank", "largest_daily_gain")}),
])
def test_a_superlative_beside_a_session_move_ranks_the_session(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon" if "BCP" in text else "us", month="2026-02" if "BCP" in text else "2026-08")


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Tesla fell 4.58%, the smallest loss of the three.", {("TSLA", "rank", "best_return")}, set()),
        ("<details>\n<summary>Tesla — −4.58%, the smallest loss of the three</summary>\n\n- 11 up days\n\n</details>",
         {("TSLA", "rank", "best_return")}, set()),
        ("Amazon rose 2%, the smallest gain in the group.", {("AMZN", "rank", "worst_return")}, set()),
        # the least of a subgroup ranks no one
        ("Among the decliners, Tesla had the smallest loss, 4.58%.", set(), {("TSLA", "rank", "best_return")}),
    ],
)
def test_the_least_move_over_the_field_is_the_other_end(text, present, absent):
    found = facts(text, "us", "2026-02")
    assert present <= found
    assert not absent & found


# ---- round eleven (spreadsheet pastes): a company's date as the subject of a rise or fall superlative
@pytest.mark.parametrize("text, rank", [
    ("NOS's 23/02 session is the largest gain, and BCP's 05/02 is the largest fall.", ("BCP.LS", "rank", "largest_daily_fall")),
    ("Galp's 9 February was the worst drop of the ten.", ("GALP.LS", "rank", "largest_daily_fall")),
])
def test_a_possessed_date_before_a_superlative_ranks_the_day(text, rank):
    found = facts(text, "lisbon", "2026-02")
    assert rank in found
    assert (rank[0], "rank", "worst_return") not in found


def test_a_possessed_month_before_a_superlative_still_ranks_the_month():
    assert ("BCP.LS", "rank", "worst_return") in facts("BCP's February was the largest fall of the ten.", "lisbon", "2026-02")
