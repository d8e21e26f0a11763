"""German inside English (as Italian and French, tests/extract/test_italian_and_french_words.py): a Frankfurt desk
writes its own sign verbs, separable ones by their stem ("gab 3,4 % nach", "legte um 4,1 % zu"), its high and low
nouns ("Monatshoch", "Tief ... bei"), rank words ("Spitzenreiter", "Schlusslicht", "der volatilste Wert"), "Vola"
and German dates ("am 14. Januar", "20.01."). Each word sits in the lexicon list of its English one."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import assert_shape, claims_of

US = {"universe": "us", "month": "2026-01"}
LISBON = {"universe": "lisbon", "month": "2026-01"}


@pytest.mark.parametrize(
    ("text", "cell", "present", "absent"),
    [
        ("Intel gab 3,4 % nach, Nvidia legte um 4,12 % zu.", US,
         {("INTC", "period_return", -3.4), ("NVDA", "period_return", 4.12)}, {("INTC", "period_return", 3.4)}),
        ("Apple verlor 2,7 %, Meta stieg um 1,9 %.", US, {("AAPL", "period_return", -2.7), ("META", "period_return", 1.9)}, set()),
        ("Tesla brach um 5,5 % ein.", US, {("TSLA", "period_return", -5.5)}, {("TSLA", "period_return", 5.5)}),
    ],
)
def test_german_words_sign_the_move(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)


@pytest.mark.parametrize(
    ("text", "cell", "present", "absent"),
    [
        ("Nvidia legte 4 % zu und schloss bei 181,20 $.", US, {("NVDA", "price_level", 181.2)}, set()),
        ("Nvidia: Tief bei 170,10 $, Hoch bei 190,55 $.", US, {("NVDA", "range_low", 170.1), ("NVDA", "range_high", 190.55)},
         {("NVDA", "price_level", 170.1)}),
    ],
)
def test_german_highs_lows_and_closes(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)


@pytest.mark.parametrize(
    ("text", "cell", "present", "absent"),
    [
        ("Nvidia war Monatssieger.", US, {("NVDA", "rank", "best_return")}, set()),
        ("Intel war Schlusslicht mit −6,2 %.", US, {("INTC", "rank", "worst_return"), ("INTC", "period_return", -6.2)},
         {("INTC", "rank", "best_return")}),
        ("Tesla war der volatilste Wert (60,1 % annualisiert).", US,
         {("TSLA", "rank", "most_volatile"), ("TSLA", "volatility", 60.1)}, {("TSLA", "period_return", 60.1)}),
        ("Apple war der ruhigste Wert (Vola 18,5 %).", US,
         {("AAPL", "rank", "least_volatile"), ("AAPL", "volatility", 18.5)}, {("AAPL", "period_return", 18.5)}),
    ],
)
def test_german_ranks_and_volatility(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Am 20.01. brach die Aktie von Tesla um 4,2 % ein.", date(2026, 1, 20)),
        ("Intel mit einem Tagesminus von 4,1 % am 15. Januar.", date(2026, 1, 15)),
    ],
)
def test_german_dates_make_a_daily_move(text, day):
    moves = [c for c in claims_of(text, **US) if c.metric == "daily_move"]
    assert moves and moves[0].date == day
    assert not [c for c in claims_of(text, **US) if c.metric == "period_return"]


def test_a_price_ending_its_sentence_is_no_german_date():
    claims = claims_of("Intel closed at 14.01. Then it fell.", **US)
    assert ("INTC", "price_level", 14.01) in {(c.ticker, c.metric, c.value) for c in claims}


@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # a possessive before a superlative is the owner's own extreme, in every language the voices mix in
    ("Am 14. Januar verlor Jerónimo 3,8 %, ihr schwächster Tag.", "lisbon",
     {("JMT.LS", "daily_move", -3.8)}, {("JMT.LS", "rank", "largest_daily_fall")}),
    ("Galp cayó un 3,8 % el 14 de enero, su peor sesión.", "lisbon",
     {("GALP.LS", "daily_move", -3.8)}, {("GALP.LS", "rank", "largest_daily_fall")}),
    # "im" is German's "in the", not "I'm": "Tage im Plus" is a count, and "Tage" no company
    ("Amazon: Vola 28,4 %; 11 Tage im Plus, 8 im Minus.", "us",
     {("AMZN", "up_days", 11), ("AMZN", "down_days", 8), ("AMZN", "volatility", 28.4)}, {("AMZN", "period_return", 8)}),
])
def test_possessive_extremes_and_counts_in_german(text, universe, present, absent):
    assert_shape(text, present, absent, universe, month="2026-01")


@pytest.mark.parametrize(("text", "universe", "present"), [
    ("Die Jerónimo gab 2,4 % nach. Am 14. Januar verlor sie 3,8 %, nachdem Analysten ihre Margenprognosen gekappt hatten.",
     "lisbon", {("JMT.LS", "daily_move", -3.8), ("JMT.LS", "causal", "nachdem Analysten ihre Margenprognosen gekappt hatten")}),
    ("Am 20.01. brach Tesla um 4,2 % ein, nach Berichten über neue Preissenkungen in China.",
     "us", {("TSLA", "causal", "nach Berichten über neue Preissenkungen in China")}),
])
def test_german_causes_and_the_pronoun_sie(text, universe, present):
    assert_shape(text, present, (), universe, month="2026-01")


@pytest.mark.parametrize(
    ("text", "cell", "present", "absent"),
    [
        # verb-second after a fronted phrase: the subject stands between the verb and "besser als"
        ("Unter den Zellstoffwerten hielt sich Navigator besser als Altri.", LISBON, {("NVG.LS", "outperformed", "ALTR.LS")}, set()),
        # "besser als" with no company after it compares with nothing the vocabulary ranks
        ("Im Januar lief es für Galp besser als erwartet.", LISBON, set(), {("GALP.LS", "outperformed", "ALTR.LS")}),
        ("Galp legte 14 % zu, deutlich besser als der PSI.", LISBON, {("GALP.LS", "period_return", 14)},
         {("GALP.LS", "outperformed", "NOS.LS")}),
    ],
)
def test_german_besser_als_compares_the_names_either_side(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)
    assert not [c for c in claims_of(text, **cell) if c.metric == "outperformed" and "Navigator" not in text]
