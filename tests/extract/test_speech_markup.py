"""Speech markup (SSML): `<speak>`, `<s>`, `<say-as>`, `<emphasis>`, `<prosody>`, `<break/>`, `<sub>` say how
words are spoken, never what they state. The figure a `<say-as>` marks reads like the same figure in prose,
and a unit word after the closing tag still belongs to its figure (as it does after markdown or HTML bold)."""

from __future__ import annotations

import pytest

from extractors import markup
from tests.extract.support import claims_of, facts


def speak(*sentences: str) -> str:
    body = "\n".join(f"    <s>{s}</s>" for s in sentences)
    return f'<speak>\n  <prosody rate="95%">\n  <p>\n{body}\n  </p>\n  <break time="300ms"/>\n  </prosody>\n</speak>\n'


def test_say_as_tags_are_no_fields_of_an_xml_answer():
    text = speak('Tesla climbed <say-as interpret-as="cardinal">14.2</say-as> percent.')
    masked = markup.mask(text)
    assert "say-as" not in masked and "prosody" not in masked and "speak" not in masked
    assert len(masked) == len(text)
    assert ("TSLA", "period_return", 14.2) in facts(text)


@pytest.mark.parametrize("figure", [
    '<say-as interpret-as="cardinal">5.5</say-as> percent',
    '<emphasis level="strong">5.5</emphasis> percent',
    '<emphasis level="strong">5.5 percent</emphasis>',
    '<sub alias="five point five percent">5.5%</sub>',
])
def test_a_marked_figure_reads_as_the_written_one(figure):
    text = speak(f"Tesla's best day was the last one, up {figure} on 8/31.")
    claims = [c for c in claims_of(text) if c.metric == "daily_move"]
    assert [(c.ticker, c.value, str(c.date)) for c in claims] == [("TSLA", 5.5, "2026-08-31")]


def test_a_sub_alias_is_not_read_as_a_second_figure():
    text = speak('Tesla climbed <sub alias="fourteen point two percent">14.2%</sub> in August.')
    returns = [c.value for c in claims_of(text) if c.metric == "period_return"]
    assert returns == [14.2]


def test_counts_and_prices_inside_say_as_keep_their_metric():
    text = speak(
        'Amazon lost 8.5 percent, and it was down on <say-as interpret-as="cardinal">15</say-as> of '
        '<say-as interpret-as="cardinal">20</say-as> trading days.',
        'UnitedHealth fell 6.2 percent, to <say-as interpret-as="currency" language="en-US">$389.41</say-as>.',
    )
    found = facts(text)
    assert ("AMZN", "down_days", 15) in found
    assert ("UNH", "period_return", -6.2) in found
    assert any(t == "UNH" and m == "price_level" and v == 389.41 for t, m, v in found)


def test_a_vendor_element_and_a_lang_element_leave_the_name_readable():
    text = ('<speak><amazon:domain name="news"><s>The winner was <lang xml:lang="pt-PT">NOS</lang>, up '
            '<emphasis level="strong">17 percent</emphasis>.</s></amazon:domain></speak>')
    assert "amazon" not in markup.mask(text)
    assert ("NOS.LS", "period_return", 17) in facts(text, "lisbon")


def test_an_ssml_unit_word_after_the_tag_is_the_figures_own_span():
    text = speak('JPMorgan had annualized volatility of about <say-as interpret-as="cardinal">14</say-as> percent.')
    claim = next(c for c in claims_of(text) if c.metric == "volatility")
    assert claim.value == 14
    assert text[claim.start:claim.end].endswith("percent")


@pytest.mark.parametrize("text", [
    "Tesla rose **5.5** percent in August.",
    "Tesla rose <b>5.5</b> percent in August.",
    "Tesla rose \\textbf{5.5} percent in August.",
])
def test_a_unit_word_after_any_closing_markup_joins_its_figure(text):
    assert ("TSLA", "period_return", 5.5) in facts(text)


def test_spaces_the_writer_typed_do_not_join_a_unit_word():
    # the blanks between are typed, not markup: the figure is no percent
    assert ("TSLA", "period_return", 5.5) not in facts("Tesla rose 5.5     percent in August.")


def test_html_struck_text_is_no_ssml_sentence():
    text = "<p>Tesla rose <s>4.1%</s> 5.5% in August.</p>"
    assert "\n" not in markup.mask(text).strip()
