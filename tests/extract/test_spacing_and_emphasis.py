"""Spacing and emphasis change no claim: two spaces after a full stop, a run of spaces inside a line and the
blanks markdown emphasis leaves ("**Tesla**'s") are never words and never stand between two words."""

from __future__ import annotations

import pytest

from tests.extract.support import claims_of, facts


@pytest.mark.parametrize(
    "text",
    [
        "Broadcom Inc shares rose 6.1% in August, topping the largest U.S. chip and software stocks. Meta slipped 2.0% over the month.",
        "Broadcom fell 2.2% on the month. It closed lower on 12 of 21 sessions, the weakest of the group.",
        "Nvidia rose 4.1% and Meta slid 1.2%, respectively the best and the worst. AMD closed at $171.40.",
    ],
)
def test_two_spaces_after_a_full_stop_read_as_one(text):
    spaced = text.replace(". ", ".  ")
    assert facts(text, month=None) and facts(spaced, month=None) == facts(text, month=None)
    assert facts(text.replace(" ", "   "), month=None) == facts(text, month=None)


@pytest.mark.parametrize(
    ("bold", "plain"),
    [
        ("Thursday the 20th was **Broadcom**'s best session of the month, a 4.1% gain.",
         "Thursday the 20th was Broadcom's best session of the month, a 4.1% gain."),
        ("Biggest up day: **Amazon**'s best session was a +3.3% move.", "Biggest up day: Amazon's best session was a +3.3% move."),
        ("**Tesla** outpaced **Meta**, 5.1% against 2.0%.", "Tesla outpaced Meta, 5.1% against 2.0%."),
        # a bold name on one side of a slash pair
        ("**NOS**/SON +3.1%/+1.4%.", "NOS/SON +3.1%/+1.4%."),
        ("BCP/**EDPR** -2.5%/-0.7%.", "BCP/EDPR -2.5%/-0.7%."),
    ],
)
def test_a_bold_name_reads_as_the_plain_name(bold, plain):
    universe = "lisbon" if "/" in plain else "us"
    assert facts(plain, universe, month=None) and facts(bold, universe, month=None) == facts(plain, universe, month=None)


def test_a_sentence_quotes_the_marks_around_its_words():
    text = "**Broadcom** plunged **12.59%** after its report."
    assert {claim.sentence for claim in claims_of(text, month=None)} == {text}
