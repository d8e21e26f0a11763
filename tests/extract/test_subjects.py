"""Subjects: which company a figure belongs to. Names and their spellings, bare and suffixed symbols, pronouns
and descriptors for the last named company, and index or sector subjects that own their figures."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, claims_of, facts, facts_in_order


def test_a_pronoun_sentence_continues_the_previous_subject():
    got = facts_in_order("NVDA was the weakest. It fell 7.9% and closed at $189.77.")
    assert got == [("NVDA", "rank", "worst_return"), ("NVDA", "period_return", -7.9), ("NVDA", "price_level", 189.77)]


def test_outsiders_yield_claims_and_indices_no_ticker():
    got = facts_in_order("The S&P 500 rose 2.1%, while Apple fell 4.5% and Johnson & Johnson slipped 1.4%.")
    assert got == [(None, "period_return", 2.1), ("AAPL", "period_return", -4.5), ("JNJ", "period_return", -1.4)]


def test_a_figure_is_not_stolen_by_the_previous_ticker_across_an_index():
    got = facts_in_order("Nvidia rose 1.8%, and the S&P 500 closed at 6,939.03.")
    assert got[0] == ("NVDA", "period_return", 1.8)
    assert all(ticker != "NVDA" for ticker, metric, _ in got if metric == "price_level")


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # "Arm" alone names ARM; the figure no longer falls to the previous ticker
        ("Intel slipped 1.2% and Arm dropped 3.9%.", {("INTC", "period_return", -1.2), ("ARM", "period_return", -3.9)},
         {("INTC", "period_return", -3.9)}),
        # companies missing from the tables, and bare symbols no table knows, as subjects
        ("Verizon rose 1.3% while Clorox lost 2.1%.", {("VZ", "period_return", 1.3), ("CLX", "period_return", -2.1)}, set()),
        ("QRVX is in a 9.4% drawdown from its 52-week high.", {("QRVX", "max_drawdown", 9.4)}, set()),
        ("Acme Widgets (ACMW) rose 4.5% in the month.", {("ACMW", "period_return", 4.5)}, set()),
        # capitalised abbreviations are no symbols
        ("The CEO said GDP growth was 2%.", set(), {("CEO", "period_return", 2), ("GDP", "period_return", 2)}),
        ("XLK rose 1.1% on the day.", set(), {("XLK", "daily_move", 1.1)}),
        # "U.S." and "S.A." are abbreviations, not exchange-suffixed tickers
        ("Every major U.S. index ended the day up about 0.4%.", set(), {("U.S", "daily_move", 0.4), ("U.S", "period_return", 0.4)}),
        # a news source named after a company is no claim about it
        ("Last close near $118.20, up about 2% that day (per Google News).", set(), {("GOOGL", "price_level", 118.2)}),
    ],
)
def test_names_and_symbols_as_subjects(text, present, absent):
    assert_shape(text, present, absent, month=None)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # a sector subject takes its figures away from the last ticker
        ("Broadcom rose 2.2%, while the Cloud/Software group fell 1.4%.", {("AVGO", "period_return", 2.2)},
         {("AVGO", "period_return", -1.4)}),
        ("Alphabet added 2.5%, with the Ads/Search subsector up 1.7% and Streaming/Media advancing 1.1%.",
         {("GOOGL", "period_return", 2.5)}, {("GOOGL", "period_return", 1.7), ("GOOGL", "period_return", 1.1)}),
        ("Meta gained 1.0% and the payments sector slid 0.8%.", {("META", "period_return", 1.0)}, {("META", "period_return", -0.8)}),
        ("Tesla jumped 9.1%, lifting the EV space to a combined 4.0% gain.", {("TSLA", "period_return", 9.1)},
         {("TSLA", "period_return", 4.0)}),
    ],
)
def test_a_sector_subject_owns_its_figures(text, present, absent):
    assert_shape(text, present, absent, month=None)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # "the stock" continues the previous sentence's single ticker
        ("Nvidia had a choppy week. On May 4, the stock closed at $131.40.", {("NVDA", "price_level", 131.4)}, set()),
        ("Coinbase was under pressure. The ticker's price fell 6% from $250 to $235.",
         {("COIN", "period_return", -6), ("COIN", "price_level", 250.0), ("COIN", "price_level", 235.0)}, set()),
    ],
)
def test_a_descriptor_continues_the_previous_subject(text, present, absent):
    assert_shape(text, present, absent, month=None)


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        ("Nvidia slipped 2.0% in August. The chipmaker closed at $180.20.", "us",
         [("NVDA", "period_return", -2.0), ("NVDA", "price_level", 180.2)]),
        ("Tesla fell 6.0%. The EV maker ended the month at $310.44.", "us",
         [("TSLA", "period_return", -6.0), ("TSLA", "price_level", 310.44)]),
        ("JPMorgan rose 1.2%. The lender finished at $301.20.", "us", [("JPM", "period_return", 1.2), ("JPM", "price_level", 301.2)]),
        ("BCP advanced 4,4%. The lender closed at €0,81.", "lisbon", [("BCP.LS", "period_return", 4.4), ("BCP.LS", "price_level", 0.81)]),
        ("Jerónimo Martins lost 1,6%. The grocer ended at €20,15.", "lisbon",
         [("JMT.LS", "period_return", -1.6), ("JMT.LS", "price_level", 20.15)]),
        ("Navigator slipped 0,7%. The pulp producer finished at €3,21.", "lisbon",
         [("NVG.LS", "period_return", -0.7), ("NVG.LS", "price_level", 3.21)]),
        ("Amazon rose 9.1%. The shares closed at $231.40.", "us", [("AMZN", "period_return", 9.1), ("AMZN", "price_level", 231.4)]),
        ("Amazon rose 9.1%. Its closing price was $231.40.", "us", [("AMZN", "period_return", 9.1), ("AMZN", "price_level", 231.4)]),
        ("Meta gained 4.0%, and the social-media giant ended at $610.20.", "us",
         [("META", "period_return", 4.0), ("META", "price_level", 610.2)]),
        ("Tesla fell 6.0%; it closed at $310.44, its lowest close of the month.", "us",
         [("TSLA", "period_return", -6.0), ("TSLA", "price_level", 310.44), ("TSLA", "range_low", 310.44)]),
    ],
)
def test_a_pronoun_or_descriptor_refers_to_the_last_named_company(text, universe, expected):
    assert facts_in_order(text, universe) == expected


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        ("The PSI rose 2,0%, while Galp gained 3,1%.", "lisbon", [(None, "period_return", 2.0), ("GALP.LS", "period_return", 3.1)]),
        ("Galp gained 3,1% as the PSI rose 2,0%.", "lisbon", [("GALP.LS", "period_return", 3.1), (None, "period_return", 2.0)]),
        ("Nvidia rose 1.0% while the Nasdaq 100 slipped 0.5%.", "us", [("NVDA", "period_return", 1.0), (None, "period_return", -0.5)]),
        ("Nvidia rose 1.0%. Memory down 11.23%.", "us", [("NVDA", "period_return", 1.0), (None, "period_return", -11.23)]),
    ],
)
def test_an_index_or_sector_owns_its_figure_and_never_lends_it(text, universe, expected):
    assert facts_in_order(text, universe) == expected


@pytest.mark.parametrize(
    ("name", "universe", "ticker"),
    [
        ("Millennium bcp", "lisbon", "BCP.LS"),
        ("Banco Comercial Português", "lisbon", "BCP.LS"),
        ("The Navigator Company", "lisbon", "NVG.LS"),
        ("REN – Redes Energéticas Nacionais", "lisbon", "RENE.LS"),
        ("Redes Energéticas Nacionais", "lisbon", "RENE.LS"),
        ("Galp Energia", "lisbon", "GALP.LS"),
        ("EDP Renováveis", "lisbon", "EDPR.LS"),
        ("EDP - Energias de Portugal", "lisbon", "EDP.LS"),
        ("Sonae SGPS", "lisbon", "SON.LS"),
        ("NOS SGPS", "lisbon", "NOS.LS"),
        ("GALP.LS", "lisbon", "GALP.LS"),
        ("Meta Platforms", "us", "META"),
        ("Alphabet Class A", "us", "GOOGL"),
        ("Alphabet Inc. (GOOGL)", "us", "GOOGL"),
        ("Nvidia Corp", "us", "NVDA"),
        ("Amazon.com Inc", "us", "AMZN"),
        ("Advanced Micro Devices", "us", "AMD"),
        ("Broadcom Inc", "us", "AVGO"),
        ("JPMorgan Chase & Co.", "us", "JPM"),
        ("UnitedHealth Group", "us", "UNH"),
        ("Shares of Nvidia", "us", "NVDA"),
        ("$NVDA", "us", "NVDA"),
    ],
)
def test_the_spellings_companies_and_newswires_use(name, universe, ticker):
    assert facts_in_order(f"{name} rose 2,2%." if universe == "lisbon" else f"{name} rose 2.2%.", universe) == [
        (ticker, "period_return", 2.2)]


def test_suffixed_symbols_in_one_sentence_keep_their_own_figures():
    assert facts_in_order("GALP.LS rose 3,1%; BCP.LS fell 1,0%.", "lisbon") == [
        ("GALP.LS", "period_return", 3.1), ("BCP.LS", "period_return", -1.0)]


# Shapes read since the structure-aware rewrite (each per claims.md and the labelling conventions).
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # 'Tesla, Inc.' not a name
    ('Tesla, Inc. fell 6.0%.', 'us', [('TSLA', 'period_return', -6.0)], [(None, 'period_return', -6.0)]),
    # 'Incorporated' suffix
    ('Mastercard Incorporated rose 1.9%.', 'us', [('MA', 'period_return', 1.9)], []),
    # 'the former' / 'the latter'
    ('Nvidia and AMD both rose. The former gained 1.6%, the latter 2.4%.', 'us', [('AMD', 'period_return', 2.4), ('NVDA', 'period_return', 1.6)], []),
])
def test_subjects_shapes_with_their_fields(text, universe, present, absent):
    claims = claims_of(text, universe)
    found = {(c.ticker, c.metric, c.value) for c in claims}
    for item in present:
        ticker, metric, value, *fields = item
        want = dict(fields[0]) if fields else {}
        assert any((c.ticker, c.metric, c.value) == (ticker, metric, value)
                   and all(str(c.to_dict().get(k)) == str(v) for k, v in want.items()) for c in claims), (item, [c.to_dict() for c in claims])
    assert not ({tuple(a) for a in absent} & found), found


@pytest.mark.parametrize(("text", "present"), [
    ("Shares of Tesla Inc. rose 14.2 percent over the four weeks.", {("TSLA", "period_return", 14.2)}),
    ("Broadcom Inc. gained 2 percent, closing at $305.12.", {("AVGO", "period_return", 2), ("AVGO", "price_level", 305.12)}),
    ("Amazon beat Tesla Inc. Tesla had the worst single day of the group.", {("TSLA", "rank", "largest_daily_fall")}),
])
def test_a_name_with_its_written_suffix_is_one_name(text, present):
    found = {(c.ticker, c.metric, c.value) for c in claims_of(text)}
    assert present <= found, found


# Round five: a sentence naming no one goes on about the company before it, for what its words measure.
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # a bare number a price word reads
    ("Now Amazon's range. The top close seems to be 262.40 on Aug 19.", "us", {("AMZN", "range_high", 262.4)}, set()),
    # a percent its own measure word names, the sentence's first
    ("Altri slid 6.5% in February. The maximal drawdown amounted to 9,4 percent.", "lisbon",
     {("ALTR.LS", "max_drawdown", 9.4)}, set()),
    # a percent after another percent, or one a topic names, is no company's
    ("Let me check AMD. With volatility at 40%, a simulation gives 52% and 55%.", "us", set(),
     {("AMD", "volatility", 52), ("AMD", "volatility", 55), ("AMD", "period_return", 52)}),
    ("Let me check AMD. The probability of a rise is about 52%.", "us", set(), {("AMD", "period_return", 52)}),
    # a measure that does not open its clause, or follows a word that may be an unknown name, is no one's
    ("Uber fell 5% in August. A simulation with a trailing volatility (18% annualised) puts the odds at 55%.", "us",
     set(), {("UBER", "volatility", 18), ("UBER", "volatility", 55), ("UBER", "period_return", 55)}),
    ("Uber fell 5% in August. Most volatile: lyft (volatility 61.2%).", "us", set(), {("UBER", "volatility", 61.2)}),
    ("Uber fell 5% in August. lyft saw the largest peak-to-trough decline at 19.9%.", "us", set(),
     {("UBER", "max_drawdown", 19.9)}),
    # a measure opening the clause after a comma still is
    ("Altri slid 6.5% in February. It closed at 4,120 EUR, the maximal drawdown amounted to 9,4 percent.", "lisbon",
     {("ALTR.LS", "max_drawdown", 9.4)}, set()),
])
def test_a_sentence_naming_no_one_carries_its_measures(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(("text", "present"), [
    ("anyway UBER did like +12% and i dumped it in june", {("UBER", "period_return", 12)}),
    ("Uber ran +21%, we trimmed it in March.", {("UBER", "period_return", 21)}),
])
def test_the_writers_own_time_words_do_not_time_the_figure(text, present):
    assert_shape(text, present)


def test_a_date_is_no_unknown_subject():
    claims = claims_of("AMZN topped at 262.40. Yet the prior high of 255.10 on Aug 6 slid to 241.75 on Aug 11.")
    assert {(c.ticker, c.metric, c.value) for c in claims} >= {("AMZN", "price_level", 255.1), ("AMZN", "price_level", 241.75)}
    assert all(c.ticker for c in claims), [c.to_dict() for c in claims]


def test_a_full_name_with_a_written_suffix_and_its_symbol_is_one_name():
    assert_shape("Rivals such as Meta Platforms, Inc. (META) and NVIDIA Corporation (NVDA) suffered heavy losses.",
                 {("META", "direction", "down"), ("NVDA", "direction", "down")}, month=None)
    assert_shape("Meta Platforms Inc. fell 3%.", {("META", "period_return", -3)}, month=None)


# ---- names written in lowercase, as forums and chat write them ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("nvidia rose 4.2% and tesla slid 3.1% over the month.", "us",
         {("NVDA", "period_return", 4.2), ("TSLA", "period_return", -3.1)}, set()),
        ("amd closed at $171.40, while broadcom lost 2.2%.", "us", {("AMD", "price_level", 171.4), ("AVGO", "period_return", -2.2)}, set()),
        # lowercase tickers, with or without a cashtag
        ("$tsla ripped 11% this month lol, nvda only +2.4%", "us", {("TSLA", "period_return", 11), ("NVDA", "period_return", 2.4)}, set()),
        ("galp fell 2.2% while jmt added 1.5%.", "lisbon", {("GALP.LS", "period_return", -2.2), ("JMT.LS", "period_return", 1.5)}, set()),
        # a name in capitals or title case keeps working
        ("NVIDIA rose 4.2%; Tesla slid 3.1%.", "us", {("NVDA", "period_return", 4.2), ("TSLA", "period_return", -3.1)}, set()),
    ],
)
def test_a_lowercase_name_or_ticker_is_the_name(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe, month=None)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # names whose lowercase is an ordinary word count where the context makes them names: a list with other names,
        ("tesla, meta and amd gained 9.1%, 4.0% and 2.2%, respectively.", "us",
         {("TSLA", "period_return", 9.1), ("META", "period_return", 4.0), ("AMD", "period_return", 2.2)}, set()),
        ("nos and sonae rose 2.0% and 1.1%, respectively.", "lisbon",
         {("NOS.LS", "period_return", 2.0), ("SON.LS", "period_return", 1.1)}, set()),
        # their own ticker in brackets,
        ("meta (META) slid 2.5% on the month.", "us", {("META", "period_return", -2.5)}, set()),
        # a move right after them, or a verb after them opening a sentence,
        ("Broadcom gained 3.3%, while alphabet eased 0.6%.", "us",
         {("AVGO", "period_return", 3.3), ("GOOGL", "period_return", -0.6)}, {("AVGO", "period_return", -0.6)}),
        ("Galp rose 3%. navigator was flat-ish, then lost 0.4% in the last week of the month.", "lisbon",
         {("GALP.LS", "period_return", 3)}, {("GALP.LS", "period_return", -0.4)}),
        ("ren -4.1% m/m, the worst of the group.", "lisbon", {("RENE.LS", "period_return", -4.1)}, set()),
        # the object of a comparison, or its subject
        ("Altri held up better than ren, which slipped 1.7%.", "lisbon", {("RENE.LS", "period_return", -1.7)},
         {("ALTR.LS", "period_return", -1.7)}),
        ("Over August meta outperformed amazon, 2.2% against 0.9%.", "us", {("META", "outperformed", "AMZN")}, set()),
        # an aside between it and its move, a "name: figure" item, a "name figure" pair after another
        ("Broadcom slid 1.0%; meta, by contrast, climbed 3.4% over the month.", "us",
         {("AVGO", "period_return", -1.0), ("META", "period_return", 3.4)}, {("AVGO", "period_return", 3.4)}),
        ("Top 2\n1. galp: +5.2%\n2. navigator: Δ +3.1%", "lisbon",
         {("GALP.LS", "period_return", 5.2), ("NVG.LS", "period_return", 3.1)}, set()),
        ("Vol, lowest first: edp 13.1%, ren 14.2%.", "lisbon", {("EDP.LS", "volatility", 13.1), ("RENE.LS", "volatility", 14.2)},
         {("EDP.LS", "volatility", 14.2)}),
        # a be-verb before its move, a descriptor's apposition, a bracketed move in a list
        ("sonae rallied 11.94% and ren was up 11.59%.", "lisbon", {("RENE.LS", "period_return", 11.59)},
         {("SON.LS", "period_return", 11.59)}),
        ("The cable-and-mobile operator nos was the month's best performer, up 17%.", "lisbon",
         {("NOS.LS", "period_return", 17), ("NOS.LS", "rank", "best_return")}, set()),
        ("Winners: nos (+17.0%), ren (+11.6%), navigator (+7.4%).", "lisbon",
         {("NOS.LS", "period_return", 17.0), ("RENE.LS", "period_return", 11.6), ("NVG.LS", "period_return", 7.4)}, set()),
        # two such words listed together
        ("Galp rose 2%, while ren and navigator slipped 1.1% and 0.3%, respectively.", "lisbon",
         {("RENE.LS", "period_return", -1.1), ("NVG.LS", "period_return", -0.3)}, {("GALP.LS", "period_return", -1.1)}),
    ],
)
def test_a_lowercase_word_name_counts_where_the_context_names_it(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe, month=None)


@pytest.mark.parametrize(
    ("text", "universe", "absent_ticker"),
    [
        # the ordinary word is no name: a determiner before it, or no context that names a company
        ("The cost rose 4% over the month as input prices climbed.", "us", "COST"),
        ("Nvidia rose 4%; the meta narrative around AI capex lifted chips.", "us", "META"),
        ("Apple rose 1%. A coin flip decides it, with the apple harvest up 3%.", "us", "COIN"),
        ("Galp rose 2%, and nos, the analysts, expect more.", "lisbon", "NOS.LS"),
        ("EDP rose 2.5%. The renewables arm had a better month than its parent.", "lisbon", "ARM"),
        # a determiner and one lowercase word before it: "The renewables arm trailed", not Arm Holdings
        ("EDP Renováveis rose 4.7%. The renewables arm trailed its parent EDP, despite a +3.45% start.", "lisbon", "ARM"),
        ("Apple rose 1%, and the cost was up 3%.", "us", "COST"),
    ],
)
def test_a_lowercase_ordinary_word_is_no_name(text, universe, absent_ticker):
    assert all(claim.ticker != absent_ticker for claim in claims_of(text, universe, None))


# ---- a company's shares are the company ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Amazon rose 2.1%. Shares of Nvidia fell 4.2% over the month.",
         {("AMZN", "period_return", 2.1), ("NVDA", "period_return", -4.2)}, {("AMZN", "period_return", -4.2)}),
        ("Amazon rose 2.1%. The shares of Nvidia closed at $181.20.", {("NVDA", "price_level", 181.2)}, {("AMZN", "price_level", 181.2)}),
        ("Amazon rose 2.1%, and shares in Nvidia fell 4.2% over the month.", {("NVDA", "period_return", -4.2)}, {("AMZN", "period_return", -4.2)}),
        ("Amazon rose 2.1%. Nvidia shares fell 4.2% over the month.", {("NVDA", "period_return", -4.2)}, {("AMZN", "period_return", -4.2)}),
        ("Amazon rose 2.1%. Nvidia's shares fell 4.2% over the month.", {("NVDA", "period_return", -4.2)}, {("AMZN", "period_return", -4.2)}),
        ("Amazon rose 2.1%. Nvidia stock fell 4.2% over the month.", {("NVDA", "period_return", -4.2)}, {("AMZN", "period_return", -4.2)}),
        # "shares of X" in brackets, and after a rank's preposition
        ("Returns ranged from -3.10% (META) to +5.25% (shares of NVDA).",
         {("META", "period_return", -3.1), ("NVDA", "period_return", 5.25)}, {("META", "period_return", 5.25)}),
        ("The steepest one-session drop was likely in shares of Amazon, roughly 6%.",
         {("AMZN", "daily_move", -6)}, {("AMZN", "period_return", -6)}),
    ],
)
def test_shares_of_a_company_are_the_company(text, present, absent):
    assert_shape(text, present, absent, month=None)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # "outpaced shares of Y": Y is the object, "shares" no peer group that makes a rank
        ("Shares of Nvidia outpaced shares of Amazon over the month, 4.2% against 2.1%.",
         {("NVDA", "outperformed", "AMZN")}, {("NVDA", "rank", "best_return"), ("AMZN", "rank", "best_return")}),
        ("Shares of Broadcom tops the table and shares of Meta sits at the bottom.",
         {("AVGO", "rank", "best_return"), ("META", "rank", "worst_return")}, set()),
    ],
)
def test_shares_of_a_company_in_relations_and_ranks(text, present, absent):
    assert_shape(text, present, absent, month=None)


def test_a_word_inside_a_company_name_is_no_cue():
    # "Advanced" of "Advanced Micro Devices" is no rise: the figures are the drawdowns the sentence names
    assert_shape("The drawdown was largest for Advanced Micro Devices (4.10%), compared with 2.50% for TSLA.",
                 {("AMD", "max_drawdown", 4.1), ("TSLA", "max_drawdown", 2.5)}, {("AMD", "period_return", 4.1)}, month=None)


@pytest.mark.parametrize(("text", "expected"), [
    # a cashtag reads as the bare symbol, in lists and alone
    ("$TSLA, $META and $AMD ended July higher, gaining 31.2%, 7.6% and 7.1%, respectively.",
     [("TSLA", "period_return", 31.2), ("META", "period_return", 7.6), ("AMD", "period_return", 7.1)]),
    ("$NVDA ripped 6.8% on the month while $AMZN (-8.5%) got cooked.",
     [("NVDA", "period_return", 6.8), ("AMZN", "period_return", -8.5)]),
    # a cashtag no table knows is a name; a dollar before a figure stays a price
    ("$QRVX jumped 12% and closed at $41.20.", [("QRVX", "period_return", 12), ("QRVX", "price_level", 41.2)]),
])
def test_a_cashtag_names_its_symbol(text, expected):
    assert facts_in_order(text) == expected


# ---- descriptors that fit some companies only (data/universes.toml `descriptors`)

@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # the descriptor fits a company named before the last one: it is that company's
    ("Alphabet fell 9.1%. Tesla rose 14.2%. The search giant closed at $339.35.", "us",
     {("GOOGL", "price_level", 339.35)}, {("TSLA", "price_level", 339.35)}),
    ("Galp gained 9.3% and EDP 5.9%. The oil major closed at €18.26.", "lisbon",
     {("GALP.LS", "price_level", 18.26)}, {("EDP.LS", "price_level", 18.26)}),
    # of several companies it fits, the last named; the last named itself when it fits
    ("Nvidia rose 6.8%, AMD fell 2.9% and Tesla rose 14.2%. The chipmaker closed at $163.12.", "us",
     {("AMD", "price_level", 163.12)}, {("TSLA", "price_level", 163.12), ("NVDA", "price_level", 163.12)}),
    ("Nvidia gained 6.8%; the chipmaker closed at $220.78.", "us", {("NVDA", "price_level", 220.78)}, set()),
    # a descriptor that fits no company in particular still means the company last named
    ("Alphabet fell 9.1%. Tesla rose 14.2%. The stock closed at $367.95.", "us", {("TSLA", "price_level", 367.95)}, set()),
])
def test_a_descriptor_means_the_last_named_company_it_fits(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe, month=None)


def test_a_descriptor_that_fits_several_unnamed_companies_names_none():
    # "the chipmaker" with no chipmaker named: Nvidia, Broadcom or AMD; not Tesla, the company named
    claims = claims_of("Tesla rose 14.2%. The chipmaker closed at $163.12.", month=None)
    assert [(c.ticker, c.metric, c.value) for c in claims if c.metric == "price_level"] == [(None, "price_level", 163.12)]


def test_universe_descriptors_name_only_the_universes_tickers():
    from builder.universes import UniverseError, _universe_from_table

    table = {"label": "x", "exchange": "XNYS", "currency": "USD", "currency_symbol": "$", "price_decimals": 2,
             "default_month": "2026-08", "tickers": {"NVDA": ["Nvidia"]}, "descriptors": {"AAPL": ["phone maker"]}}
    with pytest.raises(UniverseError, match="descriptors name ticker.*AAPL"):
        _universe_from_table("x", table)


def test_a_word_name_a_possessive_opens_is_the_ordinary_noun():
    # round seven's sector descriptors: "its renewables arm, EDP Renováveis" is EDPR's, no Arm Holdings
    assert_shape("Its renewables arm, EDP Renováveis, gained 4.7%.", universe="lisbon",
                 present=[("EDPR.LS", "period_return", 4.7)], absent=[("ARM", "period_return", 4.7)])
    assert_shape("Tesla, nvidia and arm rose; arm fell 3% over the month.", present=[("ARM", "period_return", -3)])


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # a footnote naming no one is about the company its marker follows in the body, not the last one named
        ("Tesla returned about 14.2%¹ and Nvidia 6.8%. Apple is not in the data.\n\n"
         "¹ Calculated from the first close of the period ($322.08) to the last ($367.95).",
         {("TSLA", "price_level", 322.08), ("TSLA", "price_level", 367.95)}, {("AAPL", "price_level", 322.08)}),
        ("Nvidia led with a return of approximately 6.8%*. Broadcom fell 5.6%.\n\n"
         "* From the first close of the period ($206.64) to the last ($220.78).",
         {("NVDA", "price_level", 206.64), ("NVDA", "price_level", 220.78)}, {("AVGO", "price_level", 220.78)}),
        # emphasis is no footnote: a bullet naming no one stays with its own list's subject rules
        ("**Nvidia** rose 6.8%. Broadcom fell 5.6%.\n\n* It closed at $370.34.",
         {("AVGO", "price_level", 370.34)}, {("NVDA", "price_level", 370.34)}),
    ],
)
def test_a_footnote_is_about_the_company_its_marker_follows(text, present, absent):
    got = facts(text, month="2026-08")
    assert present <= got
    assert not absent & got


@pytest.mark.parametrize("text, present, absent", [
    ("Amazon beat AMD to second place. It kicked off at $242.96.", [("AMZN", "price_level", 242.96)], [("AMD", "price_level", 242.96)]),
    ("Nvidia outperformed AMD in August. It rose 5%.", [("NVDA", "period_return", 5)], [("AMD", "period_return", 5)]),
    ("Nvidia rose 5%. AMD fell 3%. It closed at $160.20.", [("AMD", "price_level", 160.2)], [("NVDA", "price_level", 160.2)]),
])
def test_the_next_sentences_pronoun_is_the_subject_not_the_object(text, present, absent):
    assert_shape(text, present=present, absent=absent)


def test_a_plural_pronoun_after_a_single_name_is_that_company():
    text = "Only Amazon, Tesla and AMD played. Tesla lift the trophy. They were back up to $428.27 by the 11th."
    assert_shape(text, present=[("TSLA", "price_level", 428.27)], absent=[("AMD", "price_level", 428.27), ("AMZN", "price_level", 428.27)])


def test_a_question_naming_no_one_leaves_its_rank_to_the_answer():
    text = ("EDP Renováveis fell 11.4%, just behind EDP at -11.1%. Which stock had the biggest single-day fall? "
            "EDP, which lost 6.4% on 6 November.")
    assert_shape(text, universe="lisbon", present=[("EDP.LS", "rank", "largest_daily_fall")],
                 absent=[("EDPR.LS", "rank", "largest_daily_fall")])


def test_a_lowercase_word_name_in_a_column_of_names_is_the_name():
    text = "galp   x1.1412  p1=16.73\nnos    x1.0841  p1=4.385\nson    x1.0806  lo=1.636\nedp    x1.0782  hv=14.6"
    assert_shape(text, universe="lisbon", present=[("NOS.LS", "price_level", 4.385), ("SON.LS", "range_low", 1.636)],
                 absent=[("GALP.LS", "price_level", 4.385), ("EDP.LS", "range_low", 1.636)])


def test_a_lowercase_word_opening_a_line_among_prose_is_no_name():
    text = "Galp rose 14.1% in January.\nnos 5 times the volume traded, the desk said."
    assert all(ticker != "NOS.LS" for ticker, _, _ in facts(text, "lisbon"))


@pytest.mark.parametrize("text", [
    "Galp was the story of the month. It rose 14.12%, helped by higher crude prices, closing at €16.73.",
    "Galp rose 14.12%, driven by Brent, and closed at €16.73.",
])
def test_what_a_cause_names_is_no_subject_of_the_figures_after_it(text):
    assert_shape(text, present=[("GALP.LS", "price_level", 16.73)], absent=[(None, "price_level", 16.73)],
                 universe="lisbon", month="2026-01")


@pytest.mark.parametrize(("text", "present", "absent"), [
    # a descriptor that fits another company than the last named makes it the next sentence's topic
    ("Our target on NOS is unchanged. The bank a cédé 4,7 %. Worst séance on 5 February: −3,65 %.",
     {("BCP.LS", "period_return", -4.7), ("BCP.LS", "daily_move", -3.65)}, {("NOS.LS", "daily_move", -3.65)}),
    # with a company named in the sentence, the named one stays the topic
    ("NOS rose 2%. The bank and Galp fell. Worst séance on 5 February: −3,65 %.",
     set(), {("BCP.LS", "daily_move", -3.65)}),
])
def test_a_descriptor_sentence_carries_its_company(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon", month="2026-02")


# ---- a fronted figure's subject is the pronoun after it, not the next name

@pytest.mark.parametrize(
    "text",
    [
        "Amazon peaked on the 9th. At 28.4% annualised it was the calmest of the three, and AMD only just beat it.",
        "Amazon rose 5%. With 28.4% volatility, the stock was calmer than AMD.",
    ],
)
def test_a_fronted_figure_belongs_to_the_pronoun_after_it(text):
    vols = [(c.ticker, c.value) for c in claims_of(text, "us", "2026-01") if c.metric == "volatility"]
    assert vols == [("AMZN", 28.4)]


def test_a_fronted_figure_with_no_pronoun_is_the_next_names():
    vols = [(c.ticker, c.value) for c in claims_of("At 28.4% annualised volatility, AMD was the calmest.", "us", "2026-01")
            if c.metric == "volatility"]
    assert vols == [("AMD", 28.4)]


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # an inverted sentence: the pronoun after "behind" is an object, the name after the verb the subject
        ("The winner was NOS, up 17 percent. Right behind it came Sonae, up 11.9 percent, and REN, up 11.6.",
         {("SON.LS", "period_return", 11.9), ("RENE.LS", "period_return", 11.6)}, {("NOS.LS", "period_return", 11.9)}),
        ("NOS rose 17 percent. Behind it, Sonae fell 2 percent.", {("SON.LS", "period_return", -2)},
         {("NOS.LS", "period_return", -2)}),
        # with no name after it the pronoun still carries the company
        ("NOS rose 17 percent. After it closed at 5.15 it fell 1 percent.", {("NOS.LS", "period_return", -1)}, set()),
    ],
)
def test_a_pronoun_a_preposition_governs_is_no_subject_before_a_name(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon", month="2026-02")
