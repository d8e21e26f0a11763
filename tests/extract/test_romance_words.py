"""Spanish inside English (as Portuguese, tests/extract/test_portuguese_inside_english.py): a desk writes
with Spanish verbs and nouns ("NOS subió un 17,05%", "pérdidas del 18,7%", "se dejó un 4,6%"), prices
("de 242,96 a 210,00", "cerró en 5,15 €, máximo del mes") and ranks ("la peor de las tres", "el mejor del
índice", "lo hizo mejor que"). Each word sits in the lexicon list of its English one."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape

US = {"universe": "us", "month": "2026-02"}
LISBON = {"universe": "lisbon", "month": "2026-02"}


@pytest.mark.parametrize(
    ("text", "cell", "present", "absent"),
    [
        ("AMD: pérdidas del 18,7% en febrero.", US, {("AMD", "period_return", -18.7)}, {("AMD", "period_return", 18.7)}),
        ("Amazon bajó un 13,6%.", US, {("AMZN", "period_return", -13.6)}, set()),
        ("Tesla se dejó solo un 4,6%.", US, {("TSLA", "period_return", -4.6)}, set()),
        ("NOS subió un 17,05%.", LISBON, {("NOS.LS", "period_return", 17.05)}, set()),
        ("EDP ganó un 5,89%.", LISBON, {("EDP.LS", "period_return", 5.89)}, set()),
        ("Galp cayó un 3,4% y REN avanzó un 2,0%.", LISBON, {("GALP.LS", "period_return", -3.4), ("RENE.LS", "period_return", 2.0)}, set()),
    ],
)
def test_spanish_words_sign_the_move(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)


@pytest.mark.parametrize(
    ("text", "cell", "present", "absent"),
    [
        ("Amazon bajó un 13,6%, de 242,96 a 210,00.", US, {("AMZN", "price_level", 242.96), ("AMZN", "price_level", 210.0)}, set()),
        ("NOS subió un 17,05% y cerró en 5,15 €, máximo del mes.", LISBON,
         {("NOS.LS", "price_level", 5.15), ("NOS.LS", "range_high", 5.15)}, set()),
    ],
)
def test_spanish_prices(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)


@pytest.mark.parametrize(
    ("text", "cell", "present", "absent"),
    [
        ("AMD: pérdidas del 18,7% en febrero, la peor de las tres.", US, {("AMD", "rank", "worst_return")}, {("AMD", "rank", "best_return")}),
        ("Tesla se dejó solo un 4,6% y fue la mejor de las tres.", US, {("TSLA", "rank", "best_return")}, set()),
        ("NOS subió un 17,05%, el mejor del índice.", LISBON, {("NOS.LS", "rank", "best_return")}, set()),
        # a comparative, no superlative
        ("Tesla lo hizo mejor que Amazon, claro.", US, {("TSLA", "outperformed", "AMZN")}, {("TSLA", "rank", "best_return")}),
    ],
)
def test_spanish_ranks_and_comparisons(text, cell, present, absent):
    assert_shape(text, present, absent, **cell)


def test_a_spanish_cause_and_refusal():
    text = ("AMD se desplomó un 18,7% por las previsiones del primer trimestre. "
            "Apple no está en los datos, así que no podemos dar su rentabilidad de febrero.")
    from tests.extract.support import claims_of
    claims = claims_of(text, **US)
    assert any(c.metric == "causal" and c.ticker == "AMD" for c in claims), [c.to_dict() for c in claims]
    assert any(c.metric == "refusal" for c in claims), [c.to_dict() for c in claims]
    assert not any(c.metric == "period_return" and c.ticker == "AAPL" for c in claims)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("A NOS foi a única a subir, 1,2%.", {("NOS.LS", "rank", "best_return"), ("NOS.LS", "period_return", 1.2)}, set()),
        ("BCP fue el único que bajó, un 4,72%.", {("BCP.LS", "rank", "worst_return"), ("BCP.LS", "period_return", -4.72)}, set()),
        ("NOS, el valor más fuerte del índice, subió un 17%.", {("NOS.LS", "rank", "best_return")}, set()),
        ("EDPR, la peor del mes, cayó un 11,4%.", {("EDPR.LS", "rank", "worst_return"), ("EDPR.LS", "period_return", -11.4)}, set()),
        ("EDP tuvo la mayor volatilidad del grupo (41%).", {("EDP.LS", "rank", "most_volatile"), ("EDP.LS", "volatility", 41)},
         {("EDP.LS", "period_return", 41)}),
        ("EDP fue la más volátil, con un 41%.", {("EDP.LS", "rank", "most_volatile")}, set()),
        ("EDP tuvo una caída máxima del 15,2%.", {("EDP.LS", "max_drawdown", 15.2)}, {("EDP.LS", "period_return", -15.2)}),
    ],
)
def test_spanish_and_portuguese_ranks_and_measures(text, present, absent):
    assert_shape(text, present, absent, **LISBON)


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("Altri a reculé de 2,1% en février.", {("ALTR.LS", "period_return", -2.1)}),
        ("Galp è sceso del 3,2%, mentre REN è salito del 1,5%.", {("GALP.LS", "period_return", -3.2), ("RENE.LS", "period_return", 1.5)}),
        ("EDP: une hausse de 5,9%.", {("EDP.LS", "period_return", 5.9)}),
    ],
)
def test_french_and_italian_words_sign_the_move(text, present):
    assert_shape(text, present, set(), **LISBON)
