"""Italian and French inside English (as Spanish and Portuguese, tests/extract/test_romance_words.py): a Milan
or Paris desk writes with its own verbs and nouns ("in calo dell'11,97%", "en hausse de 3,2 %", "ha ceduto il
2,85%"), prices ("ha chiuso a 231,50 $, massimo del mese", "de 322,08 $ à 367,95 $"), ranks ("la migliore del
paniere", "la plus volatile", "le plus profond du panier"), sessions and dates ("una seduta da +6,2% il 5
agosto", "le 1er août", "in 14 sedute"), causes ("dopo i conti", "après les résultats") and refusals ("non
abbiamo prezzi", "nous ne pouvons pas donner"). Each word sits in the lexicon list of its English one."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import assert_shape, claims_of, facts

US = {"universe": "us", "month": "2026-08"}
LISBON = {"universe": "lisbon", "month": "2026-02"}


@pytest.mark.parametrize(
    ("text", "cell", "present", "absent"),
    [
        ("Nvidia in rialzo del 6,84%, Intel in calo dell'11,97%.", US,
         {("NVDA", "period_return", 6.84), ("INTC", "period_return", -11.97)}, {("INTC", "period_return", 11.97)}),
        ("Apple en hausse de 3,2 % et Intel en baisse de 7,4 %.", US,
         {("AAPL", "period_return", 3.2), ("INTC", "period_return", -7.4)}, set()),
        ("Tesla ha ceduto il 2,85%, AMD ha perso il 9,2% nel mese.", US,
         {("TSLA", "period_return", -2.85), ("AMD", "period_return", -9.2)}, set()),
        ("AMD a perdu 9,2 % sur le mois.", US, {("AMD", "period_return", -9.2)}, set()),
        ("Galp è crollata del 4,1% e la NOS è balzata del 3,0%.", LISBON,
         {("GALP.LS", "period_return", -4.1), ("NOS.LS", "period_return", 3.0)}, set()),
        ("Galp a dévissé de 4,1 % ; REN a rebondi de 2,2 %.", LISBON,
         {("GALP.LS", "period_return", -4.1), ("RENE.LS", "period_return", 2.2)}, set()),
    ],
)
def test_italian_and_french_words_sign_the_move(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)


@pytest.mark.parametrize(
    ("text", "cell", "present", "absent"),
    [
        ("Amazon ha chiuso a 231,50 $, massimo del mese.", US, {("AMZN", "price_level", 231.5), ("AMZN", "range_high", 231.5)}, set()),
        ("Amazon a clôturé à 231,50 $, plus haut du mois.", US, {("AMZN", "price_level", 231.5), ("AMZN", "range_high", 231.5)}, set()),
        ("Meta ha toccato il minimo a 700,10 $.", US, {("META", "range_low", 700.1)}, {("META", "price_level", 700.1)}),
        ("Meta : plus bas à 700,10 $.", US, {("META", "range_low", 700.1)}, set()),
        ("Tesla: da 322,08 $ a 367,95 $.", US, {("TSLA", "price_level", 322.08), ("TSLA", "price_level", 367.95)}, set()),
        ("Tesla : de 322,08 $ à 367,95 $.", US, {("TSLA", "price_level", 322.08), ("TSLA", "price_level", 367.95)}, set()),
    ],
)
def test_italian_and_french_prices(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)


@pytest.mark.parametrize(
    ("text", "cell", "present", "absent"),
    [
        ("Nvidia è stata la migliore del paniere, in rialzo del 6,84%.", US, {("NVDA", "rank", "best_return")}, set()),
        ("Intel a été la pire du groupe, en baisse de 7,4 %.", US, {("INTC", "rank", "worst_return")}, set()),
        ("Tesla, la più volatile (85,8% annualizzata).", US, {("TSLA", "rank", "most_volatile"), ("TSLA", "volatility", 85.8)}, set()),
        ("Tesla, la plus volatile (volatilité annualisée de 85,8 %).", US, {("TSLA", "rank", "most_volatile"), ("TSLA", "volatility", 85.8)}, set()),
        ("UnitedHealth è stata la più tranquilla (volatilità 25,7%).", US, {("UNH", "rank", "least_volatile"), ("UNH", "volatility", 25.7)},
         {("UNH", "period_return", 25.7)}),
        ("UnitedHealth a été la moins volatile (volatilité 25,7 %).", US, {("UNH", "rank", "least_volatile"), ("UNH", "volatility", 25.7)}, set()),
        ("Drawdown massimo del 29,86% per Tesla, il più profondo del paniere.", US,
         {("TSLA", "max_drawdown", 29.86), ("TSLA", "rank", "largest_drawdown")}, set()),
        ("Tesla, drawdown maximal de 29,86 %, le plus profond du panier.", US,
         {("TSLA", "max_drawdown", 29.86), ("TSLA", "rank", "largest_drawdown")}, set()),
    ],
)
def test_italian_and_french_ranks_and_measures(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Una seduta da +6,2% il 5 agosto per AMD, la migliore giornata di tutto il gruppo.", date(2026, 8, 5)),
        ("Une séance à +6,2 % le 5 août pour AMD, la meilleure journée du groupe.", date(2026, 8, 5)),
        ("AMD, avec un rebond de 6,2 % le 1er août.", date(2026, 8, 1)),
        ("AMD, con un rimbalzo del 6,2% l'11 agosto.", date(2026, 8, 11)),
    ],
)
def test_italian_and_french_sessions_are_dated_daily_moves(text, day):
    daily = [c for c in claims_of(text, **US) if c.metric == "daily_move"]
    assert [(c.ticker, c.value, c.date) for c in daily] == [("AMD", 6.2, day)]


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("Tesla ha chiuso in calo in 14 sedute.", {("TSLA", "down_days", 14)}),
        ("Apple a terminé en hausse lors de 12 séances.", {("AAPL", "up_days", 12)}),
        ("Amazon è salita del 6% dopo i conti trimestrali.", {("AMZN", "causal", "dopo i conti trimestrali")}),
        ("Amazon a progressé de 6 % après les résultats trimestriels.", {("AMZN", "causal", "après les résultats trimestriels")}),
    ],
)
def test_italian_and_french_counts_and_causes(text, present):
    assert_shape(text, present, (), **US)


@pytest.mark.parametrize(
    "text",
    [
        "Per Visa e Mastercard non abbiamo prezzi di agosto nel file, quindi niente numeri.",
        "Pour Visa et Mastercard, nous n'avons pas de prix d'août dans le fichier.",
        "Sulla volatilità non possiamo dare un numero affidabile.",
    ],
)
def test_italian_and_french_refusals(text):
    assert any(c.metric == "refusal" for c in claims_of(text, **US))


@pytest.mark.parametrize(
    "text",
    [
        # the Romance words that are English words make no claim in English prose
        "We wouldn't dare call the bottom, but Nvidia rose 3%.",
        "AI prices are a theme; Nvidia rose 3% from a low base.",
        "The bond market was calm as Nvidia rose 3%.",
    ],
)
def test_english_prose_keeps_its_reading(text):
    found = {(c.ticker, c.metric) for c in claims_of(text, **US)}
    assert ("NVDA", "period_return") in found and not any(m in ("refusal", "rank") for _, m in found)


@pytest.mark.parametrize(
    ("text", "present"),
    [
        # an elided article or preposition is a token of its own: the name, the figure and the month after it read
        ("L'EDP en baisse de 2,40 %.", {("EDP.LS", "period_return", -2.4)}),
        ("Per l'EDP, in calo del 2,40%.", {("EDP.LS", "period_return", -2.4)}),
        ("Galp in calo dell’1,14%.", {("GALP.LS", "period_return", -1.14)}),
        ("La Jerónimo ended in calo del 2,40% at 19,91 €.", {("JMT.LS", "period_return", -2.4), ("JMT.LS", "price_level", 19.91)}),
    ],
)
def test_elided_forms_read_what_follows(text, present):
    assert_shape(text, present, (), **LISBON)


def test_english_apostrophes_stay_whole():
    from extractors.extract import _tokenizer_with_slashes
    import spacy

    nlp = _tokenizer_with_slashes(spacy.blank("en"))
    assert [t.text for t in nlp("Dell's shares don't move")] == ["Dell", "'s", "shares", "do", "n't", "move"]


def test_a_noun_of_a_move_after_a_volatility_keeps_its_sign():
    text = "AMD, la più volatile (85,8% annualizzata), with un rimbalzo del 13,0% il 30 agosto."
    found = {(c.ticker, c.metric, c.value) for c in claims_of(text, **US)}
    assert ("AMD", "daily_move", 13.0) in found and ("AMD", "volatility", 13.0) not in found


def test_an_elided_article_before_a_cashtag_is_a_word_of_its_own():
    assert {fact[0] for fact in facts("L'$EDP a clôturé à 4,516 €.", "lisbon", "2026-02")} == {"EDP.LS"}


# Round ten (french_mixed): a Paris desk's English with French words.
@pytest.mark.parametrize(("text", "cell", "present", "absent"), [
    # "le 5" is a day of the cell's month; "le 5 %" is a figure and "le 4 août" the day before its month
    ("AMD: +7,0 % le 4 août, then −7,04 % le 5, the worst séance of the basket.", US,
     {("AMD", "daily_move", 7.0), ("AMD", "daily_move", -7.04)}, {("AMD", "period_return", -7.04)}),
    # "its plus haut du mois" after a close, "a clôturé au plus haut du mois, 4,516 €": one number, two claims
    ("The carmaker Tesla a clôturé à 367,95 $ on 31 August, its plus haut du mois.", US,
     {("TSLA", "price_level", 367.95), ("TSLA", "range_high", 367.95)}, set()),
    ("L'EDP a clôturé au plus haut du mois, 4,516 €.", LISBON, {("EDP.LS", "price_level", 4.516), ("EDP.LS", "range_high", 4.516)},
     {("EDP.LS", "range_low", 4.516)}),
    ("La Jerónimo a clôturé au plus bas du mois, 20,44 €.", LISBON, {("JMT.LS", "range_low", 20.44)}, {("JMT.LS", "range_high", 20.44)}),
    # sessions counted "en hausse" / "de hausse" and the other count elided
    ("NOS a clôturé à 5,15 €, with 13 séances de hausse against 5 de baisse.", LISBON,
     {("NOS.LS", "up_days", 13), ("NOS.LS", "down_days", 5)}, {("NOS.LS", "up_days", 5)}),
    ("Tesla a progressé de 14,2 %, with 11 séances en hausse and 9 en repli.", US,
     {("TSLA", "up_days", 11), ("TSLA", "down_days", 9)}, {("TSLA", "up_days", 9)}),
    # a bare elided count needs a full count before it
    ("Tesla a progressé de 14,2 %, and 9 en repli.", US, {("TSLA", "period_return", 14.2)}, {("TSLA", "down_days", 9)}),
    # "the most nervous valeur" is the most volatile; a target ("objectif de cours") is no claim
    ("AMD a cédé 2,9 % but stays the most nervous valeur, with a volatility of 56 %.", US,
     {("AMD", "rank", "most_volatile"), ("AMD", "volatility", 56)}, set()),
    ("Our objectif de cours on NOS moves up to 5,60 €.", LISBON, set(), {("NOS.LS", "price_level", 5.6)}),
    # "a last séance" is one session, not the month's end
    ("L'EDP a clôturé à 4,516 €, thanks to a last séance at +2,7 %.", LISBON, {("EDP.LS", "daily_move", 2.7)}, {("EDP.LS", "period_return", 2.7)}),
])
def test_a_paris_desks_words_read_as_their_english(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)


@pytest.mark.parametrize(("text", "cause"), [
    ("Nvidia rose 8,7 % on 27 August, carried by quarterly results above expectations.", "carried by quarterly results above expectations"),
    ("AMD rose 7.7% on the 21st ahead of its fourth-quarter report.", "ahead of its fourth-quarter report"),
    ("Amazon rose 4,51 % on 23 August, after publishing its annual results.", "after publishing its annual results"),
])
def test_a_translated_cause_is_a_cause(text, cause):
    assert cause in [c.value for c in claims_of(text, **US) if c.metric == "causal"]


def test_ahead_of_a_time_is_no_cause():
    assert not [c for c in claims_of("Tesla rose 3% ahead of the close on the 21st.", **US) if c.metric == "causal"]


@pytest.mark.parametrize(("text", "present", "absent"), [
    ("Tesla largely distanced Nvidia.", {("TSLA", "outperformed", "NVDA")}, set()),
    # "distanced" relates two names only with the second its object
    ("AMD distanced itself from Nvidia's guidance.", set(), {("AMD", "outperformed", "NVDA")}),
])
def test_distanced_is_a_relation_with_its_object(text, present, absent):
    assert_shape(text, present, absent, **US)
