"""Rank grammar: a rank is composed, not listed. A superlative of return (superlative_words_best / _worst)
takes an optional "-performing"/"performance" and an optional member noun (member_nouns: constituent,
position, holding ...) and an optional scope ("of the three", "in the coverage universe", "del índice");
"[the] only/sole [member] [to decline / in the red / faller]" ranks worst (its mirror best); an upper-case
desk label ("TOP BCP", "BOTTOM EDPR", "HI VOL EDP") ranks the name after it. Superlatives of another
measure keep their own rank, and a superlative of size before a member noun is a weight, no rank."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, claims_of


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("NOS was the best-performing constituent of our coverage, up 17.0%.", "lisbon",
         {("NOS.LS", "rank", "best_return"), ("NOS.LS", "period_return", 17.0)}, set()),
        ("Alphabet (c. −9.1%), which was the weakest holding.", "us", {("GOOGL", "rank", "worst_return")}, set()),
        ("Tesla was the best-performing position, with a return of 14.2%.", "us", {("TSLA", "rank", "best_return")}, set()),
        ("Tesla returned 14.2%, the strongest performance in the coverage universe.", "us", {("TSLA", "rank", "best_return")}, set()),
        ("Meta was the poorest member of the group.", "us", {("META", "rank", "worst_return")}, {("META", "rank", "best_return")}),
        ("Tesla was the strongest issuer in the watchlist.", "us", {("TSLA", "rank", "best_return")}, set()),
        # another measure keeps its own rank
        ("Tesla had the strongest single day, up 5.5% on the 31st.", "us", {("TSLA", "rank", "largest_daily_gain")},
         {("TSLA", "rank", "best_return")}),
        # a size superlative before a member noun is a weight
        ("Apple, our top holding, rose 3%.", "us", {("AAPL", "period_return", 3)}, {("AAPL", "rank", "best_return")}),
        ("Nvidia, the largest position in the portfolio, fell 2%.", "us", set(), {("NVDA", "rank", "best_return"), ("NVDA", "rank", "worst_return")}),
        # every name fell: the mildest loss is the best
        ("Tesla: -4.58%, least bad.", "us", {("TSLA", "rank", "best_return")}, {("TSLA", "rank", "worst_return")}),
    ],
)
def test_a_superlative_with_a_member_and_a_scope_ranks(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ('Banco Comercial Português ("BCP") was the only position to decline (c. −4.7%).', "lisbon",
         {("BCP.LS", "rank", "worst_return"), ("BCP.LS", "period_return", -4.7)}, set()),
        ("BCP: -4.72%, only faller.", "lisbon", {("BCP.LS", "rank", "worst_return")}, set()),
        ("Alphabet was the only one of the ten to finish lower.", "us", {("GOOGL", "rank", "worst_return")}, set()),
        ("Millennium bcp was the only decliner.", "lisbon", {("BCP.LS", "rank", "worst_return")}, set()),
        ("Alphabet was the only stock in the red.", "us", {("GOOGL", "rank", "worst_return")}, set()),
        ("El único en pérdidas: BCP, que bajó un 4,72%.", "lisbon",
         {("BCP.LS", "rank", "worst_return"), ("BCP.LS", "period_return", -4.72)}, set()),
        ("In a weak month Meta was the only name in the green, up 1.2%.", "us", {("META", "rank", "best_return")}, set()),
        ("UNH was the sole gainer.", "us", {("UNH", "rank", "best_return")}, set()),
        ("Meta was the only one up.", "us", {("META", "rank", "best_return")}, set()),
        # a noun after "only" with no link is no rank; "only to fall" has no member
        ("Tesla rose 5%; its only drop came on the 12th.", "us", {("TSLA", "period_return", 5)}, {("TSLA", "rank", "worst_return")}),
        ("Tesla rallied early, only to fall back later.", "us", set(), {("TSLA", "rank", "worst_return")}),
        # several names "the only risers" is a group, no rank
        ("BCP +0.45% and Altri +0.4% were the only risers in early January.", "lisbon", set(),
         {("ALTR.LS", "rank", "best_return"), ("BCP.LS", "rank", "best_return")}),
    ],
)
def test_the_only_one_to_fall_is_the_worst(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        ("SORT: %CHG_PER   TOP BCP   BOTTOM EDPR   HI VOL EDP", "lisbon", "2025-11",
         {("BCP.LS", "rank", "best_return"), ("EDPR.LS", "rank", "worst_return"), ("EDP.LS", "rank", "most_volatile")},
         {("BCP.LS", "rank", "worst_return"), ("EDPR.LS", "rank", "most_volatile")}),
        ("TOP TSLA   LO VOL JPM", "us", "2026-08", {("TSLA", "rank", "best_return"), ("JPM", "rank", "least_volatile")}, set()),
    ],
)
def test_a_desk_label_ranks_the_name_after_it(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe=universe, month=month)


def test_a_rank_after_a_spoken_filler_ranks_the_last_named_company():
    text = ("The big winner, um, Tesla, up fourteen point two percent on the month. It finished at three hundred "
            "sixty-seven ninety-five. So, yeah, best of the group.")
    assert_shape(text, {("TSLA", "rank", "best_return"), ("TSLA", "period_return", 14.2)})


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Mastercard held up best, slipping just 0.3%.", "us", {("MA", "rank", "best_return")}, set()),
        ("Alphabet did worst of all, shedding 9.1%.", "us", {("GOOGL", "rank", "worst_return")}, set()),
        ("UNH performed the weakest among the ten.", "us", {("UNH", "rank", "worst_return")}, set()),
        ("Altri came last among the ten.", "lisbon", {("ALTR.LS", "rank", "worst_return")}, set()),
        ("Tesla sat at the top of the leaderboard with +14.2%.", "us", {("TSLA", "rank", "best_return")}, set()),
        ("Alphabet was at the back of the pack.", "us", {("GOOGL", "rank", "worst_return")}, set()),
        ("Tesla lagged the rest of the group.", "us", {("TSLA", "rank", "worst_return")}, set()),
        ("NVDA led the pack with an 8.4% gain.", "us", {("NVDA", "rank", "best_return")}, set()),
        # a time after "last" and a day after the superlative are other readings
        ("Tesla finished last week at $350.", "us", set(), {("TSLA", "rank", "worst_return")}),
        ("AMD had the best session of the month on the 5th, +7.0%.", "us", set(), {("AMD", "rank", "best_return")}),
    ],
)
def test_a_verb_and_a_place_rank(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Alphabet was the only name among the ten to close the month lower.", {("GOOGL", "rank", "worst_return")}, set()),
        ("Alphabet underperformed every other name.", {("GOOGL", "rank", "worst_return")}, set()),
        ("Tesla outperformed every other name in August.", {("TSLA", "rank", "best_return")}, set()),
    ],
)
def test_a_verb_over_each_member_ranks(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Only BCP finishes in baisse, with −4,7%.", "lisbon", {("BCP.LS", "rank", "worst_return"), ("BCP.LS", "period_return", -4.7)}, set()),
        ("Only NOS ended the month in the green.", "lisbon", {("NOS.LS", "rank", "best_return")}, set()),
        # two names, a session, a count: no rank
        ("Only Alphabet and Amazon fell more than 8%.", "us", set(), {("GOOGL", "rank", "worst_return")}),
        ("Only Galp rose on Friday, by 2%.", "lisbon", set(), {("GALP.LS", "rank", "best_return")}),
    ],
)
def test_only_a_company_that_moved_so_ranks(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Alphabet ranked tenth of ten.", "us", {("GOOGL", "rank", "worst_return")}, set()),
        ("Tesla finished first out of the ten.", "us", {("TSLA", "rank", "best_return")}, set()),
        ("BCP finished 10th out of 10.", "lisbon", {("BCP.LS", "rank", "worst_return")}, set()),
        ("Meta came fourth of ten.", "us", set(), {("META", "rank", "worst_return"), ("META", "rank", "best_return")}),
    ],
)
def test_a_place_out_of_a_count_ranks_its_ends(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("ldr GALP · lggd ALTR", "lisbon", {("GALP.LS", "rank", "best_return"), ("ALTR.LS", "rank", "worst_return")},
         {("GALP.LS", "rank", "worst_return")}),
        ("top: TSLA · btm: GOOGL", "us", {("TSLA", "rank", "best_return"), ("GOOGL", "rank", "worst_return")}, set()),
        ("Galp: vol 30.1% (max)", "lisbon", {("GALP.LS", "rank", "most_volatile")}, set()),
        ("EDP: vol 14.6% (min)", "lisbon", {("EDP.LS", "rank", "least_volatile")}, set()),
        ("Broadcom: maxDD 16.9% (grp max)", "us", {("AVGO", "rank", "largest_drawdown")}, set()),
        # a lower-case word with vowels before a name is no label
        ("Top Nvidia executives sold shares; Nvidia rose 2%.", "us", set(), {("NVDA", "rank", "best_return")}),
    ],
)
def test_desk_shorthand_ranks(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


def test_the_next_place_after_the_leader_is_behind_it():
    assert_shape("Galp was the clear standout, rising by approximately 14%. NOS came next with a gain of roughly 8.4%.",
                 {("GALP.LS", "outperformed", "NOS.LS"), ("GALP.LS", "rank", "best_return")}, universe="lisbon")


# ---- round eight (ranks8): lead-ins, followers, sub-groups, trophy headings
def _count(text, fact, universe="us"):
    from tests.extract.support import claims_of
    return sum(1 for c in claims_of(text, universe) if (c.ticker, c.metric, c.value) == fact)


@pytest.mark.parametrize(
    ("text", "fact", "universe"),
    [
        ("* **Tesla led the pack:** Tesla was the top performer, gaining 14.24%.", ("TSLA", "rank", "best_return"), "us"),
        ("- **Alphabet at the bottom:** Alphabet was the weakest performer, down 9.15%.", ("GOOGL", "rank", "worst_return"), "us"),
        ("* **Galp the clear winner:** Galp topped the table with a 14% gain.", ("GALP.LS", "rank", "best_return"), "lisbon"),
    ],
)
def test_a_bold_lead_in_that_ranks_is_a_claim_beside_its_restatement(text, fact, universe):
    assert _count(text, fact, universe) == 2


def test_a_bold_label_restated_in_its_own_clause_is_one_claim():
    text = "- **Worst single day:** BCP, −3.65% on Feb 5 — the steepest one-day fall on the list."
    assert _count(text, ("BCP.LS", "rank", "largest_daily_fall"), "lisbon") == 1


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("AMD was the best performing stock, up 5.93%, followed closely by Amazon with 5.65%.", "us",
         {("AMD", "outperformed", "AMZN")}, {("AMZN", "outperformed", "AMD")}),
        ("NOS led the month with +17.05%, followed by Sonae (11.94%) and REN (11.59%).", "lisbon",
         {("NOS.LS", "outperformed", "SON.LS"), ("NOS.LS", "outperformed", "RENE.LS")}, set()),
        ("Meta was the top performer, trailed by Apple and Nvidia.", "us",
         {("META", "outperformed", "AAPL"), ("META", "outperformed", "NVDA")}, {("AAPL", "outperformed", "META")}),
        # a list of fallers runs the other way: no relation from "followed by"
        ("Tesla was the worst performer, down 9%, followed by Amazon, down 8%.", "us", set(),
         {("TSLA", "outperformed", "AMZN"), ("AMZN", "outperformed", "TSLA")}),
    ],
)
def test_followed_by_after_the_leader_puts_each_name_behind_it(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("EDP Renováveis rose 4.7%. It was still the weakest of the nine risers, ahead only of BCP.", "lisbon",
         {("EDPR.LS", "outperformed", "BCP.LS")}, {("EDPR.LS", "rank", "worst_return")}),
        ("BCP was the strongest of the banks, up 3%.", "lisbon", set(), {("BCP.LS", "rank", "best_return")}),
        ("Nvidia was the best among the chipmakers.", "us", set(), {("NVDA", "rank", "best_return")}),
        ("Navigator was the worst of the ten names.", "lisbon", {("NVG.LS", "rank", "worst_return")}, set()),
        ("Galp rose 5%, edging EDP.", "lisbon", {("GALP.LS", "outperformed", "EDP.LS")}, set()),
    ],
)
def test_a_sub_group_superlative_ranks_nobody(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


def test_a_trophy_over_a_plural_heading_ranks_nobody():
    text = "### 🏆 Top performers\n- **NOS (NOS.LS)** — +17.05%\n- **Sonae (SON.LS)** — +11.94%\n"
    assert_shape(text, set(), {("NOS.LS", "rank", "best_return"), ("SON.LS", "rank", "best_return")}, universe="lisbon")


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Nine of the ten names rose, and only **BCP** ended lower.", "lisbon", {("BCP.LS", "rank", "worst_return")}, set()),
        ("Eight of ten gained — only Tesla closed the month down, off 4%.", "us", {("TSLA", "rank", "worst_return")}, set()),
        ("Nine rose, but only Altri and BCP fell.", "lisbon", set(), {("ALTR.LS", "rank", "worst_return")}),
        ("- **NOS** led, +17.05%", "lisbon", {("NOS.LS", "rank", "best_return")}, set()),
        ("It was a rally led by the banks, with BCP up 9.8%.", "lisbon", set(), {("BCP.LS", "rank", "best_return")}),
        ("GOOGL had the lowest change of -9.15%.", "us", {("GOOGL", "rank", "worst_return")}, set()),
        ("Amazon saw the biggest change on the 31st.", "us", set(), {("AMZN", "rank", "best_return"), ("AMZN", "rank", "worst_return")}),
    ],
)
def test_only_in_a_clause_bare_led_and_a_change_noun_rank(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("AMD fell 18%. Its peak-to-trough drawdown (21.8%) and volatility (roughly 86%) were both the highest of the group.",
         {("AMD", "rank", "largest_drawdown"), ("AMD", "rank", "most_volatile")}, set()),
        ("Tesla slid 9%. Its volatility and its drawdown were each the largest of the ten.",
         {("TSLA", "rank", "largest_drawdown"), ("TSLA", "rank", "most_volatile")}, set()),
        # no rank for the smallest drawdown: a shared superlative gives only the measures that rank
        ("Meta rose 2%. Its volatility and drawdown were both the lowest in the group.", set(),
         {("META", "rank", "least_volatile")}),
        ("AMD's line looks like a seismograph. A 7.0% jump on Aug. 4, then a 7.0% drop the very next day — the worst session any of the ten had.",
         {("AMD", "rank", "largest_daily_fall")}, set()),
    ],
)
def test_a_shared_superlative_and_one_in_apposition_to_a_figure_rank(text, present, absent):
    assert_shape(text, present, absent)


# ---- "at the other end" opposes a rank of its own paragraph; a bare superlative after a measure ranks it

def test_the_other_end_opposes_the_rank_just_given():
    claims = claims_of("Tesla was the best performer, up 14.2%. At the other end, Alphabet lost 9.2%.")
    assert ("GOOGL", "worst_return") in {(c.ticker, c.value) for c in claims if c.metric == "rank"}


def test_the_other_end_does_not_oppose_a_rank_of_an_earlier_paragraph():
    text = "- Alphabet −9.1%, bottom of the ten\n\nTesla gained 14.2% on the month. At the other end, Alphabet lost 9.2%."
    ranks = [(c.ticker, c.value) for c in claims_of(text) if c.metric == "rank"]
    assert ranks == [("GOOGL", "worst_return")]


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("Broadcom's 19.6% peak-to-trough slide — easily the worst on the page.", "largest_drawdown"),
        ("Broadcom bottomed on the 26th, a 19.6% peak-to-trough slide — the worst in the group.", "largest_drawdown"),
        ("Broadcom's volatility was 56% — the highest.", "most_volatile"),
        ("Broadcom gained 14.2%, the best of the ten.", "best_return"),
    ],
)
def test_a_bare_superlative_after_a_figure_ranks_what_the_figure_measures(text, rank):
    assert [(c.ticker, c.value) for c in claims_of(text) if c.metric == "rank"] == [("AVGO", rank)]


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        # "the one decliner" is the only one (convention 5)
        ("And the one decliner: Millennium BCP, down 4.7 percent.", "lisbon", "2026-02",
         {("BCP.LS", "rank", "worst_return")}, set()),
        ("The one gainer was Meta, up 1.2%.", "us", "2026-08", {("META", "rank", "best_return")}, set()),
        ("Tesla had the one down day of note, -3%.", "us", "2026-08", set(), {("TSLA", "rank", "worst_return")}),
        # the last of the whole group
        ("That makes EDPR the last of the ten, with EDP only just ahead of it.", "lisbon", "2025-11",
         {("EDPR.LS", "rank", "worst_return")}, set()),
        ("On the last of the three sessions Galp fell 2%.", "lisbon", "2026-02", set(), {("GALP.LS", "rank", "worst_return")}),
        # a group's superlative ranks no one (convention 5)
        ("The two EDP were the worst: EDP -11,6% and EDP Renováveis -11,4%.", "lisbon", "2025-11",
         {("EDP.LS", "period_return", -11.6)}, {("EDP.LS", "rank", "worst_return"), ("EDPR.LS", "rank", "worst_return")}),
        ("Both EDPs were the worst, EDP -11,6%.", "lisbon", "2025-11", set(), {("EDP.LS", "rank", "worst_return")}),
        ("EDP was the worst, -11,6%.", "lisbon", "2025-11", {("EDP.LS", "rank", "worst_return")}, set()),
        # a cause the writer cannot give restates no rank
        ("BCP fell 4.7%. I can't say exactly why the bank lagged; the prices alone don't explain it.", "lisbon", "2026-02",
         {("BCP.LS", "period_return", -4.7)}, {("BCP.LS", "rank", "worst_return")}),
    ],
)
def test_lone_members_last_places_and_group_superlatives(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe=universe, month=month)


@pytest.mark.parametrize(
    "text",
    ["Nvidia fell. The gap between the best and the worst was about 23.4 points.",
     "Nvidia fell; the spread from best to worst was 23.4 pts."],
)
def test_the_ends_of_a_spread_rank_no_one_and_its_points_are_no_price(text):
    assert claims_of(text) == [] or all(c.metric not in ("rank", "price_level") for c in claims_of(text))
