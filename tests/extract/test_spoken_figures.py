"""Spoken figures: transcripts and voice answers say their numbers ("fourteen point two percent",
"three hundred twenty-two dollars and eight cents", "minus six point two", "the twenty-seventh"), and
fillers ("uh", "um") stand between a name and its figure. The words become digits one character for one
(`extractors.spoken`), so every later rule reads them and every claim quotes the words."""

from __future__ import annotations

from datetime import date

import pytest

from extractors.spoken import speak_digits
from tests.extract.support import LISBON_MONTH, claims_of, facts, only


@pytest.mark.parametrize(
    ("words", "digits"),
    [
        ("fourteen point two", "14.2"),
        ("seventeen point oh five", "17.05"),
        ("zero point nine six", "0.96"),
        ("minus six point two", "-6.2"),
        ("eight and a half", "8.5"),
        ("three hundred twenty-two dollars and eight cents", "$322.08"),
        ("two hundred twenty dollars and seventy-eight cents", "$220.78"),
        ("five euros fifteen", "€5.15"),
        ("three hundred sixty-seven ninety-five", "367.95"),
        ("one thousand two hundred dollars", "$1200"),
    ],
)
def test_a_spoken_figure_becomes_its_digits_in_the_same_span(words, digits):
    text = f"It was {words}."
    spoken, moved = speak_digits(text)
    assert len(spoken) == len(text)
    assert spoken.strip(" .").split()[-1] == digits
    (start, origin), = moved.items()
    assert text[origin:].startswith(words) and spoken[start:].startswith(digits)


@pytest.mark.parametrize(
    "text",
    [
        "It lost a fifth of its value.",  # a share of the value, not a date
        "It was the third-best name.",
        "It fell on the first session.",
        "three hundred twenty five shares",  # no cents after hundreds and a unit
        "Nothing is spoken here: 14.2% and $322.08.",
    ],
)
def test_words_that_are_no_spoken_figure_stay_as_written(text):
    assert speak_digits(text) == (text, {})


def test_a_spoken_percent_is_a_claim_that_quotes_its_words():
    claim = only("Tesla was up fourteen point two percent on the month.")
    assert (claim.ticker, claim.metric, claim.value, claim.decimals) == ("TSLA", "period_return", 14.2, 1)
    assert claim.text == "fourteen point two percent"


def test_spoken_prices_read_as_start_and_end_levels():
    claims = claims_of("Tesla started at three hundred twenty-two dollars and eight cents and finished at "
                       "three hundred sixty-seven ninety-five.")
    got = {(c.metric, c.value, c.anchor) for c in claims}
    assert {("price_level", 322.08, "start"), ("price_level", 367.95, "end")} <= got


def test_a_spoken_figure_after_a_name_and_fillers_is_the_names_move():
    # in a text that says its moves in percent, the unit of a bare figure after a name is understood
    got = facts("Meta was down three percent. UnitedHealth, minus six point two. AMD, uh, minus two point nine. Amazon, down eight and a half. "
                "Mastercard up three point two.")
    assert {("META", "period_return", -3), ("UNH", "period_return", -6.2), ("AMD", "period_return", -2.9), ("AMZN", "period_return", -8.5),
            ("MA", "period_return", 3.2)} <= got


def test_a_spoken_day_of_the_month_dates_the_move():
    claim = only("One day, the twenty-seventh, Nvidia was up eight point seven percent.")
    assert (claim.ticker, claim.metric, claim.value, claim.date) == ("NVDA", "daily_move", 8.7, date(2026, 8, 27))


def test_spoken_euros_in_a_lisbon_transcript():
    claims = claims_of("NOS went up seventeen percent and closed at five euros fifteen.", "lisbon", LISBON_MONTH)
    assert ("NOS.LS", "price_level", 5.15) in {(c.ticker, c.metric, c.value) for c in claims}


def test_speech_leaves_out_the_unit_it_said_before_but_a_spoken_price_says_its_currency():
    got = facts("Sonae, almost twelve percent. REN, eleven point six. Navigator seven point four. "
                "Galp closed at eighteen point seven euros.", "lisbon", LISBON_MONTH)
    assert {("RENE.LS", "period_return", 11.6), ("NVG.LS", "period_return", 7.4), ("GALP.LS", "price_level", 18.7)} <= got
    assert ("GALP.LS", "period_return", 18.7) not in got


def test_a_bare_number_written_in_digits_after_a_name_stays_no_percent():
    # "NOS 4.400, BCP 0.9358": digits without a unit or a sign may be prices; only speech drops the unit
    assert not any(c.metric == "period_return" for c in claims_of("Tesla rose 5%. NOS 4.400, BCP 0.9358.", "lisbon", LISBON_MONTH)
                   if c.ticker in ("NOS.LS", "BCP.LS"))
