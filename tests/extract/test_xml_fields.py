"""XML answers: an element's or an attribute's name is the key of its value, read through the header
lexicon; a `ticker=`/`symbol=`/`name=` attribute or an element naming a company is the subject of the
fields inside it, a `date=` attribute dates its figure (extractors/markup.py `_mask_xml`)."""

from __future__ import annotations

from extractors import markup
from tests.extract.support import assert_shape, claims_of

STOCKS = """<stocks month="2026-08">
  <stock ticker="AVGO" rank="1">
    <return>+4.25%</return>
    <first_close>$301.40</first_close>
    <best_day date="2026-08-21">3.95%</best_day>
    <max_drawdown>6.3%</max_drawdown>
  </stock>
  <stock ticker="UBER" rank="2">
    <return>-1.80%</return>
    <worst_day date="2026-08-11" pct="-5.05"/>
    <up_days>9</up_days>
  </stock>
  <most_volatile>UBER</most_volatile>
</stocks>"""


def test_element_names_are_the_keys_of_their_values():
    assert_shape(STOCKS,
                 present=[("AVGO", "period_return", 4.25), ("AVGO", "price_level", 301.4), ("AVGO", "daily_move", 3.95),
                          ("AVGO", "max_drawdown", 6.3), ("UBER", "period_return", -1.8), ("UBER", "up_days", 9),
                          ("UBER", "rank", "most_volatile")],
                 absent=[("AVGO", "period_return", 3.95), ("AVGO", "period_return", 6.3), ("UBER", "max_drawdown", 6.3),
                         ("AVGO", "up_days", 9)])


def test_a_date_attribute_dates_its_figure_and_a_figure_attribute_takes_its_elements_key():
    claims = {(c.ticker, c.metric, c.value, str(c.date)) for c in claims_of(STOCKS)}
    assert ("AVGO", "daily_move", 3.95, "2026-08-21") in claims
    assert ("UBER", "daily_move", -5.05, "2026-08-11") in claims
    assert not any(metric == "period_return" and value == -5.05 for _, metric, value, _ in claims)


def test_a_rank_attribute_states_no_figure():
    assert not any(c.value in (1, 2) for c in claims_of(STOCKS) if c.metric != "rank")


def test_a_company_named_twice_by_its_attributes_is_one_subject():
    assert_shape('<company name="Uber" symbol="UBER">\n  <change>+2.35%</change>\n  <high date="2026-08-14">$97.10</high>\n</company>',
                 present=[("UBER", "period_return", 2.35), ("UBER", "range_high", 97.1)],
                 absent=[("UBER", "price_level", 97.1)])


def test_lisbon_items_with_price_elements():
    assert_shape("<losers>\n  <item>REN <pct>-2.15%</pct> <close>€2.875</close></item>\n  <item>NOS <pct>-0.90%</pct></item>\n</losers>",
                 universe="lisbon",
                 present=[("RENE.LS", "period_return", -2.15), ("RENE.LS", "price_level", 2.875), ("NOS.LS", "period_return", -0.9)],
                 absent=[("NOS.LS", "price_level", 2.875)])


def test_the_mask_keeps_offsets_and_leaves_html_and_comparisons_alone():
    text = '<day date="2026-08-21" pct="3.95"/> and <b>x</b> where 3 <5 and 7> 2'
    masked = markup.mask(text)
    assert len(masked) == len(text)
    assert "2026-08-21" in masked and "pct: 3.95" in masked and "<" not in masked[:36]
    assert masked.endswith("3 <5 and 7> 2")
    assert markup.mask("Prices rose 2% (<b>NVDA</b>).").count("NVDA") == 1


def test_an_attribute_holding_a_date_dates_rather_than_keys():
    claims = {(c.ticker, c.metric, c.value) for c in claims_of(
        '<stock symbol="AVGO">\n  <drawdown start="2026-08-04" end="2026-08-20">8.15%</drawdown>\n</stock>')}
    assert ("AVGO", "max_drawdown", 8.15) in claims
    assert not any(metric == "price_level" or value == 8.15 and metric != "max_drawdown" for _, metric, value in claims)
