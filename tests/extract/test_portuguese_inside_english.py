"""Portuguese inside English: a Lisbon (or São Paulo) desk writes English with Portuguese verbs, nouns and
dates ("a Galp caiu 2,1%", "com uma valorização de 3,2%", "dia 14", "a 9 de janeiro", "a pior do mês").
The words are read as their English ones: signs, metrics, prices, ranks, sessions and causes."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import assert_shape, claims_of

LISBON = {"universe": "lisbon", "month": "2025-10"}


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("A Altri caiu 3,2% and a NOS recuou 1,1%.", {("ALTR.LS", "period_return", -3.2), ("NOS.LS", "period_return", -1.1)},
         {("ALTR.LS", "period_return", 3.2)}),
        ("A Sonae perdeu 4,0% no mês.", {("SON.LS", "period_return", -4.0)}, set()),
        ("O BCP terminou em baixa de 0,9%.", {("BCP.LS", "period_return", -0.9)}, set()),
        ("A REN subiu 2,4% e a Galp valorizou 1,9%.", {("RENE.LS", "period_return", 2.4), ("GALP.LS", "period_return", 1.9)}, set()),
    ],
)
def test_portuguese_verbs_sign_the_move(text, present, absent):
    assert_shape(text, present, absent, **LISBON)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("A EDP teve a queda máxima de 6,4% desde o pico.", {("EDP.LS", "max_drawdown", 6.4)}, {("EDP.LS", "period_return", -6.4)}),
        ("A Altri mexeu muito: a volatilidade anualizada ficou em 31,2%.", {("ALTR.LS", "volatility", 31.2)}, {("ALTR.LS", "period_return", 31.2)}),
        ("A Galp subiu 1,2% no mês, mas dia 14 caiu 2,3%.", {("GALP.LS", "period_return", 1.2), ("GALP.LS", "daily_move", -2.3)}, {("GALP.LS", "period_return", -2.3)}),
        ("A Navigator fechou a 3,10 €.", {("NVG.LS", "price_level", 3.1)}, set()),
    ],
)
def test_portuguese_nouns_name_the_metric(text, present, absent):
    assert_shape(text, present, absent, **LISBON)


def test_portuguese_dates_resolve_against_the_cell():
    moves = [c for c in claims_of("A NOS recuou 1,5% a 9 de outubro e subiu 2,0% dia 21.", "lisbon", "2025-10") if c.metric == "daily_move"]
    assert [(c.value, c.date) for c in moves] == [(-1.5, date(2025, 10, 9)), (2.0, date(2025, 10, 21))]


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("A Galp foi a estrela do mês, +9,1%.", {("GALP.LS", "rank", "best_return")}),
        ("A Altri caiu 5,5%, o pior desempenho do mês.", {("ALTR.LS", "rank", "worst_return")}),
        ("A REN subiu 1,0%, a menos volátil do índice.", {("RENE.LS", "rank", "least_volatile")}),
        ("A Sonae subiu 3,0% após os resultados.", {("SON.LS", "causal", "após os resultados")}),
    ],
)
def test_portuguese_ranks_and_causes(text, present):
    assert_shape(text, present, **LISBON)


def test_a_portuguese_descriptor_carries_the_company():
    assert_shape("A Navigator perdeu 6%. Nesse dia a papeleira recuou 2,1%.", {("NVG.LS", "daily_move", -2.1)}, **LISBON)


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("A EDP valorizou 4,8%, com 15 sessões em alta.", {("EDP.LS", "up_days", 15)}),
        ("A NOS caiu 2,0%, com 12 dias em queda.", {("NOS.LS", "down_days", 12)}),
        ("A Altri mexeu: a volatilidade anualizada ficou em 33,1%, a mais alta.", {("ALTR.LS", "rank", "most_volatile")}),
        ("A REN subiu 0,8%, fechando no mínimo do mês, 2,95 €.", {("RENE.LS", "range_low", 2.95), ("RENE.LS", "price_level", 2.95)}),
    ],
)
def test_portuguese_counts_and_closing_extremes(text, present):
    assert_shape(text, present, **LISBON)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("A Galp caiu 2,3% na quinta-feira.", {("GALP.LS", "daily_move", -2.3)}, {("GALP.LS", "period_return", -2.3)}),
        ("A REN ficou em último lugar, −1,2%.", {("RENE.LS", "rank", "worst_return")}, set()),
        ("A NOS subiu 3,1% no mês, no topo da tabela.", {("NOS.LS", "rank", "best_return")}, set()),
        ("A Altri desvalorizou-se 1,7% e a EDP ganhou terreno, +0,9%.", {("ALTR.LS", "period_return", -1.7), ("EDP.LS", "period_return", 0.9)}, set()),
        ("Na terceira semana a Sonae subiu 2%.", set(), {("SON.LS", "period_return", 2)}),
    ],
)
def test_portuguese_weekdays_places_and_phases(text, present, absent):
    assert_shape(text, present, absent, **LISBON)
