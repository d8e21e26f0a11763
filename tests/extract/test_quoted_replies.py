"""Quoted replies (e-mail threads): the `> ` and `>> ` markers opening quoted lines are layout, so quoted
text reads like any other text; a sentence hard-wrapped across quoted lines stays one sentence, and a
bracketed aside wrapped onto the next line still belongs to the line before."""

from __future__ import annotations

import pytest

from extractors.document import blank_quote_markers
from tests.extract.support import assert_shape

NOV = {"universe": "lisbon", "month": "2025-11"}


def test_quote_markers_are_blanked_one_character_for_one():
    text = "On Mon, Marta wrote:\n> Best of the ten was BCP, +7,5%, with\n>> its best day on 10 Nov.\n> >\n"
    blanked = blank_quote_markers(text)
    assert len(blanked) == len(text)
    assert ">" not in blanked
    assert blanked.split("\n")[1].strip() == "Best of the ten was BCP, +7,5%, with"


def test_a_lone_marker_is_kept():
    # one line opening with ">" may be a threshold ("> 5% moves"), not a quote
    assert blank_quote_markers("> 5% moves: three") == "> 5% moves: three"


def test_a_comparison_inside_a_quoted_line_is_kept():
    text = "> order: amd > amzn > tsla\n> fine\n"
    assert blank_quote_markers(text).count(">") == 2


@pytest.mark.parametrize("quote", ["", "> ", ">> ", "> > "])
def test_a_sentence_wrapped_across_quoted_lines_keeps_its_subject(quote):
    text = (f"{quote}Best of the ten was BCP, +7,5% (0,7640 -> 0,8214), with\n"
            f"{quote}its best day on 10 Nov, +3,5%. Sonae +4,8%, REN +0,8%,\n"
            f"{quote}Navigator +0,7%.\n")
    assert_shape(text, {("BCP.LS", "period_return", 7.5), ("BCP.LS", "daily_move", 3.5),
                        ("NVG.LS", "period_return", 0.7)}, {("NVG.LS", "daily_move", 3.5)}, **NOV)


@pytest.mark.parametrize("quote", ["", "> "])
def test_a_bracketed_aside_wrapped_onto_the_next_line_is_the_line_befores(quote):
    text = (f"{quote}Negative: NOS -1,1%, Galp -2,1%, Altri -6,6%, Jerónimo Martins -8,2%\n"
            f"{quote}(closed on the minimum of the month, 20,44 €).\n")
    assert_shape(text, {("JMT.LS", "period_return", -8.2), ("JMT.LS", "range_low", 20.44),
                        ("JMT.LS", "price_level", 20.44)}, {("ALTR.LS", "range_low", 20.44)}, **NOV)


def test_a_bracket_opening_a_new_line_with_a_capital_is_its_own_line():
    text = "> Altri -6,6%\n> (Note: Galp closed at 18,43 € on its high.)\n"
    assert_shape(text, {("ALTR.LS", "period_return", -6.6)}, {("ALTR.LS", "price_level", 18.43)}, **NOV)


def test_a_quoted_reply_under_an_attribution_line_reads_its_figures():
    text = ("Agreed on the rest.\n\n"
            "On Fri, 31 Jul 2026 at 16:05, Rebecca Lowe <r.lowe@example.com> wrote:\n"
            ">> From the screen this afternoon I had AMZN up ~12% and META down\n"
            ">> about 9, but I'd like the proper closes.\n")
    assert_shape(text, {("AMZN", "period_return", 12), ("META", "period_return", -9)}, set(),
                 universe="us", month="2026-07")
