"""Relations: "A outperformed/beat B" and "B lagged/trailed A" give A outperformed B; a relation reaches its own
clause only, a quantifier ("both", "all three", "each") distributes it over the names just given."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, claims_of, facts, facts_in_order


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NVDA outperformed AMD.", [("NVDA", "outperformed", "AMD")]),
        ("Tesla lagged Broadcom over the month.", [("AVGO", "outperformed", "TSLA")]),
    ],
)
def test_outperformed_both_ways(text, expected):
    assert facts_in_order(text) == expected


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # ", and" before a name with its own verb opens a new clause: the name is a subject, not one more object
        ("Amazon outperformed Alphabet, and Nvidia led the pack with an 8.4% gain amid AI optimism.",
         {("AMZN", "outperformed", "GOOGL"), ("NVDA", "rank", "best_return"), ("NVDA", "period_return", 8.4),
          ("NVDA", "causal", "amid AI optimism")},
         {("AMZN", "outperformed", "NVDA"), ("GOOGL", "period_return", 8.4), ("GOOGL", "causal", "amid AI optimism")}),
        ("Meta finished higher, Amazon outperformed Alphabet, and Nvidia led the pack with an 8.4% gain amid AI optimism.",
         {("META", "direction", "up"), ("AMZN", "outperformed", "GOOGL"), ("NVDA", "rank", "best_return")},
         {("AMZN", "outperformed", "NVDA"), ("GOOGL", "period_return", 8.4)}),
        ("Apple lagged Microsoft and Tesla fell 5.2%.",
         {("MSFT", "outperformed", "AAPL"), ("TSLA", "period_return", -5.2)}, {("TSLA", "outperformed", "AAPL"), ("MSFT", "period_return", -5.2)}),
        ("Meta trailed Apple, and Tesla's shares slid 4.0%.",
         {("AAPL", "outperformed", "META"), ("TSLA", "period_return", -4.0)}, {("AAPL", "period_return", -4.0)}),
        # an object list stays a list
        ("Nvidia beat AMD, Intel, and Broadcom.",
         {("NVDA", "outperformed", "AMD"), ("NVDA", "outperformed", "INTC"), ("NVDA", "outperformed", "AVGO")}, set()),
    ],
)
def test_a_relation_ends_where_a_new_subject_begins(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # a participle clause after a relation's object (", rising/falling/ending ...") is said of the relation's subject
        ("Nvidia beat AMD and Intel, rising 6.0% over the month.",
         {("NVDA", "outperformed", "AMD"), ("NVDA", "outperformed", "INTC"), ("NVDA", "period_return", 6.0)},
         {("AMD", "period_return", 6.0), ("INTC", "period_return", 6.0)}),
        ("Apple lagged Microsoft, falling 2.1% to end at $201.10.",
         {("MSFT", "outperformed", "AAPL"), ("AAPL", "period_return", -2.1), ("AAPL", "price_level", 201.1)},
         {("MSFT", "period_return", -2.1), ("MSFT", "price_level", 201.1)}),
        ("Meta rose 2.0%, while Nvidia beat AMD, gaining 6.0% on Aug. 5.",
         {("META", "period_return", 2.0), ("NVDA", "daily_move", 6.0)}, {("AMD", "daily_move", 6.0)}),
        ("Nvidia beat AMD, rising 6.0%, and outperformed Intel.",
         {("NVDA", "outperformed", "AMD"), ("NVDA", "outperformed", "INTC"), ("NVDA", "period_return", 6.0)}, {("AMD", "outperformed", "INTC")}),
        # a relative clause stays with the object
        ("Nvidia beat AMD, which fell 2.0%.", {("AMD", "period_return", -2.0)}, {("NVDA", "period_return", -2.0)}),
    ],
)
def test_a_participle_after_a_relations_object_is_the_subjects(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # "both/all three/each underperformed X" distributes over the subjects just named, across ";" and "while"
        ("Alphabet dropped 9.1%, while Amazon dropped 8.5%; both underperformed Nvidia.",
         {("GOOGL", "period_return", -9.1), ("AMZN", "period_return", -8.5), ("NVDA", "outperformed", "GOOGL"),
          ("NVDA", "outperformed", "AMZN")}, set()),
        ("Apple rose 1.2%, Meta fell 0.4% and Tesla lost 3.0%; all three lagged Nvidia.",
         {("NVDA", "outperformed", "AAPL"), ("NVDA", "outperformed", "META"), ("NVDA", "outperformed", "TSLA")}, set()),
        ("Apple gained 4.0% and Microsoft 3.1%; each beat Intel.",
         {("AAPL", "outperformed", "INTC"), ("MSFT", "outperformed", "INTC")}, {("INTC", "outperformed", "AAPL")}),
        # "both" takes the last two names only
        ("Meta rose 1.0%, Apple fell 0.4% and Tesla lost 3.0%; both trailed Nvidia.",
         {("NVDA", "outperformed", "AAPL"), ("NVDA", "outperformed", "TSLA")}, {("NVDA", "outperformed", "META")}),
        # no quantifier: ";" and "while" still end the relation's reach
        ("Alphabet dropped 9.1%, while Amazon lagged Nvidia.", {("NVDA", "outperformed", "AMZN")}, {("NVDA", "outperformed", "GOOGL")}),
        ("Alphabet dropped 9.1%; Amazon dropped 8.5% and underperformed Nvidia.",
         {("NVDA", "outperformed", "AMZN")}, {("NVDA", "outperformed", "GOOGL")}),
    ],
)
def test_a_quantified_relation_distributes_over_the_subjects_named(text, present, absent):
    assert_shape(text, present, absent)


def test_the_other_two_are_the_panels_names_not_an_asides():
    """"left it well behind the other two": the cell's names, not Apple named outside the panel just before."""
    text = ("Tesla fell 4.6%, Amazon 13.6% and AMD 18.7%. Apple, by comparison, rose about 2% over the month. "
            "In summary, Tesla was the relative winner, while AMD's early-February collapse left it well behind the other two.")
    assert_shape(text, {("TSLA", "outperformed", "AMD"), ("AMZN", "outperformed", "AMD")}, {("AAPL", "outperformed", "AMD")},
                 "us", "2026-02")


def test_a_quantified_relation_is_claimed_once_per_pair():
    claims = claims_of("Alphabet and Amazon both lagged Nvidia.")
    assert sorted((c.ticker, c.value) for c in claims if c.metric == "outperformed") == [("NVDA", "AMZN"), ("NVDA", "GOOGL")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Broadcom got outpaced by Amazon.", [("AMZN", "outperformed", "AVGO")]),
        ("Amazon was outperformed by Broadcom.", [("AVGO", "outperformed", "AMZN")]),
        ("Amazon edged out Broadcom.", [("AMZN", "outperformed", "AVGO")]),
        ("Amazon did better than Broadcom.", [("AMZN", "outperformed", "AVGO")]),
        ("Broadcom fell behind Amazon.", [("AMZN", "outperformed", "AVGO")]),
        ("Amazon and Meta both outperformed Tesla.", [("AMZN", "outperformed", "TSLA"), ("META", "outperformed", "TSLA")]),
    ],
)
def test_the_verbs_of_a_comparison_active_and_passive(text, expected):
    assert facts_in_order(text) == expected


@pytest.mark.parametrize(
    ("text", "universe"),
    [("Amazon outperformed the S&P 500.", "us"), ("Galp beat the PSI.", "lisbon")],
)
def test_beating_an_index_is_no_relation_between_tickers(text, universe):
    assert facts_in_order(text, universe) == []


@pytest.mark.parametrize(
    "text",
    ["NVDA outperformed AMD by ~380bps.", "NVDA beat AMD by 3.8 percentage points."],
)
def test_the_spread_of_a_comparison_is_no_claim(text):
    assert facts_in_order(text) == [("NVDA", "outperformed", "AMD")]


def test_a_pp_spread_before_the_pair_of_figures_is_no_claim():
    assert facts("AVGO lagged MA by ~0.9pp (-1.7% vs -0.8%).") == {
        ("MA", "outperformed", "AVGO"), ("AVGO", "period_return", -1.7), ("MA", "period_return", -0.8)}


# Round five: a multiplier's name ("four times Tesla's loss") is a comparison's object; a pronoun after it
# means the clause's subject, and a pronoun right before a relation verb is that relation's subject.
@pytest.mark.parametrize(("text", "present", "absent"), [
    ("Amazon did worst, shedding 12.4%, about three times Tesla's fall, so it trailed AMD too.",
     {("AMD", "outperformed", "AMZN"), ("AMZN", "period_return", -12.4)}, {("AMD", "outperformed", "TSLA")}),
    ("Amazon lost 13.6%, twice Tesla's drop, and it also lagged AMD.",
     {("AMD", "outperformed", "AMZN")}, {("AMD", "outperformed", "TSLA")}),
    ("AMD beat Tesla, and it rose 5%.", {("AMD", "outperformed", "TSLA"), ("AMD", "period_return", 5)}, {("TSLA", "period_return", 5)}),
])
def test_a_pronoun_after_a_compared_name_is_the_subject(text, present, absent):
    assert_shape(text, present, absent, month="2026-02")


def test_a_relative_clause_after_an_objects_bracketed_figure_is_the_objects():
    # round seven's paired comparisons: "which" after "Amazon (−8.5%)" opens Amazon's clause
    assert_shape("Meta (−1.1%) did better than Tesla (−4.0%), which closed lower on 13 of 21 days.",
                 present=[("META", "outperformed", "TSLA"), ("TSLA", "down_days", 13)], absent=[("META", "down_days", 13)])


@pytest.mark.parametrize(("text", "present", "absent"), [
    ("Our holding in Sonae rose 8.1%; NOS edged it.", {("NOS.LS", "outperformed", "SON.LS")}, {("SON.LS", "outperformed", "NOS.LS")}),
    ("Sonae rose 8.1%. NOS beat it by a whisker.", {("NOS.LS", "outperformed", "SON.LS")}, set()),
    # "edged it higher" is a move, and no relation
    ("Sonae rose 8.1%. Galp edged higher.", set(), {("GALP.LS", "outperformed", "SON.LS")}),
])
def test_it_as_a_relations_object_is_the_company_named_before(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon", month="2026-01")


@pytest.mark.parametrize("text", [
    "Tesla outperformed Amazon, and Amazon in turn outperformed AMD.",
    "Tesla beat Amazon, and Amazon also beat AMD.",
])
def test_a_second_clause_with_its_own_subject_is_its_own_relation(text):
    found = {f for f in facts(text, "us", "2026-02") if f[1] == "outperformed"}
    assert found == {("TSLA", "outperformed", "AMZN"), ("AMZN", "outperformed", "AMD")}
