"""Numbers: spellings of a percent and a price, stated precision, the Portuguese decimal comma, thousands commas."""

from __future__ import annotations

from datetime import date

import pytest

from extractors.numbers import find_quantities
from tests.extract.support import LISBON_MONTH, claims_of, facts_in_order, only


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NVDA fell 8.2% over the month.", ("NVDA", "period_return", -8.2)),
        ("Amazon posted a 9.5% gain in August.", ("AMZN", "period_return", 9.5)),
        ("Tesla shed 13.7 per cent.", ("TSLA", "period_return", -13.7)),
        ("Broadcom added 4.4pc.", ("AVGO", "period_return", 4.4)),
        ("Mastercard returned -3.4%.", ("MA", "period_return", -3.4)),
        ("AMD slid (8.2)%.", ("AMD", "period_return", -8.2)),
        ("UnitedHealth was down 6.3 percent.", ("UNH", "period_return", -6.3)),
        ("Meta climbed eight percent.", ("META", "period_return", 8)),
        ("JPMorgan suffered a sharp 5.3% decline.", ("JPM", "period_return", -5.3)),
    ],
)
def test_a_period_return_reads_in_many_spellings(text, expected):
    claim = only(text)
    assert (claim.ticker, claim.metric, claim.value) == expected


@pytest.mark.parametrize(
    ("text", "decimals"),
    [
        ("NVDA fell 8.20%.", 2),
        ("NVDA fell 8%.", 0),
        ("NVDA fell eight percent.", 0),
        ("GOOGL closed the month at $409.1.", 1),
    ],
)
def test_stated_precision_is_kept(text, decimals):
    assert only(text).decimals == decimals


def test_portuguese_decimal_comma_and_names():
    got = facts_in_order("Galp rose 12,86% while EDP Renováveis fell 3,1 % and Jerónimo Martins gained eight per cent.", "lisbon", LISBON_MONTH)
    assert got == [("GALP.LS", "period_return", 12.86), ("EDPR.LS", "period_return", -3.1), ("JMT.LS", "period_return", 8)]


@pytest.mark.parametrize(
    ("text", "metric", "value", "when"),
    [
        ("EDP peaked at €4,35 on 12 February.", "range_high", 4.35, date(2026, 2, 12)),
        ("Galp bottomed at EUR 16,905 on the 3rd.", "range_low", 16.905, date(2026, 2, 3)),
        ("BCP closed at €0,78 on 27 February.", "price_level", 0.78, date(2026, 2, 27)),
    ],
)
def test_a_euro_sign_before_a_decimal_comma(text, metric, value, when):
    claims = [c for c in claims_of(text, "lisbon", LISBON_MONTH) if c.metric == metric]
    assert [(c.value, c.date) for c in claims] == [(value, when)]


@pytest.mark.parametrize(("text", "value"), [("$1,234.50", 1234.5), ("€1,234.50", 1234.5), ("€1,234,567", 1234567.0), ("$1,234", 1234.0)])
def test_a_thousands_comma_stays_a_thousands_comma(text, value):
    assert [q.value for q in find_quantities(text)] == [value]


@pytest.mark.parametrize(
    ("text", "value", "decimals"),
    [
        ("Meta slipped half a percent.", -0.5, 1),
        ("Meta slipped a quarter of a percent.", -0.25, 2),
        ("Meta slipped three-quarters of a percent.", -0.75, 2),
        ("Meta rose two point three percent.", 2.3, 1),
        ("Meta rose four and a half percent.", 4.5, 1),
        ("Meta rose nearly eighteen per cent.", 18, 0),
        ("Meta fell zero point four percent.", -0.4, 1),
        ("Meta fell two percent.", -2, 0),
    ],
)
def test_spelled_numbers_and_fractions_take_the_precision_of_their_expansion(text, value, decimals):
    claim = only(text)
    assert (claim.metric, claim.value, claim.decimals) == ("period_return", value, decimals)


@pytest.mark.parametrize(
    ("text", "value"),
    [("NVDA +240bps m/m.", 2.4), ("NVDA -45bps m/m.", -0.45)],
)
def test_basis_points_are_a_percent_with_two_decimals(text, value):
    claim = only(text)
    assert (claim.metric, claim.value, claim.decimals) == ("period_return", value, 2)


@pytest.mark.parametrize(
    ("text", "value", "decimals"),
    [
        ("Meta fell −4.1%.", -4.1, 1),
        ("Meta fell –4.1%.", -4.1, 1),
        ("Meta returned −4.1%.", -4.1, 1),
        ("Meta rose 7.18 pct.", 7.18, 2),
        ("Meta rose 4.00%.", 4.0, 2),
        ("Meta rose ~4.1%.", 4.1, 1),
        ("Meta rose circa 4.1%.", 4.1, 1),
        ("Meta rose approx 4.1%.", 4.1, 1),
        ("Meta gained a little over 4%.", 4, 0),
    ],
)
def test_minus_signs_and_hedges_around_a_percent(text, value, decimals):
    claim = only(text)
    assert (claim.value, claim.decimals) == (value, decimals)


@pytest.mark.parametrize(
    ("text", "universe", "value", "decimals"),
    [
        ("Meta closed at US$610.20.", "us", 610.2, 2),
        ("Meta closed at USD 610.20.", "us", 610.2, 2),
        ("Meta closed at 610.20 USD.", "us", 610.2, 2),
        ("Meta closed at 610.20 dollars.", "us", 610.2, 2),
        ("Galp closed at 17,10 euros.", "lisbon", 17.1, 2),
        ("Galp closed at EUR17.10.", "lisbon", 17.1, 2),
        ("Galp closed at € 17,105.", "lisbon", 17.105, 3),
        ("BCP closed at €0,812.", "lisbon", 0.812, 3),
    ],
)
def test_currency_spellings_of_a_price(text, universe, value, decimals):
    claim = only(text, universe)
    assert (claim.metric, claim.value, claim.decimals) == ("price_level", value, decimals)


@pytest.mark.parametrize(
    ("text", "value"),
    [("Galp rose 3,25 per cent.", 3.25), ("Galp rose 3.25%.", 3.25), ("Galp rose +3,1 %.", 3.1)],
)
def test_a_lisbon_percent_with_a_comma_a_point_or_a_space(text, value):
    assert only(text, "lisbon").value == value


# Shapes read since the structure-aware rewrite (each per claims.md and the labelling conventions).
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # 4-decimal decimal comma after € read as thousands (also €1,2345 -> 1234.0)
    ('BCP closed at €0,8120.', 'lisbon', [('BCP.LS', 'price_level', 0.812)], [('BCP.LS', 'price_level', 812.0)]),
    # value right but decimals 3 and span '0,812': want decimals 4, span '0,8120 €'
    ('BCP closed at 0,8120 €.', 'lisbon', [('BCP.LS', 'price_level', 0.812, (('decimals', 4), ('text', '0,8120 €')))], []),
    # 4-decimal comma in a table cell is truncated
    ('| Ticker | Low | High |\n|---|---|---|\n| BCP.LS | 0,7755 € | 0,8120 € |', 'lisbon', [('BCP.LS', 'range_high', 0.812), ('BCP.LS', 'range_low', 0.7755)], [('BCP.LS', 'range_low', 0.775)]),
    # space before % with a decimal point (Lisbon '3,1 %' works)
    ('Meta rose 12.4 %.', 'us', [('META', 'period_return', 12.4)], []),
    # 'approx.' ends the sentence
    ('Meta rose approx. 4.1% in August.', 'us', [('META', 'period_return', 4.1)], []),
    # 'ca.' ends the sentence
    ('Meta was up ca. 4.1%.', 'us', [('META', 'period_return', 4.1)], [('META', 'direction', 'up')]),
    # 'ann.' ends the sentence
    ('AMD ann. vol 55%.', 'us', [('AMD', 'volatility', 55)], []),
    # 'ann.' splits: DD lost
    ('AMD: vol 55% ann., DD 12.1%.', 'us', [('AMD', 'max_drawdown', 12.1), ('AMD', 'volatility', 55)], []),
    # '(ann.)' splits: DD lost
    ('AMD vol 55% (ann.), max DD 12.1%.', 'us', [('AMD', 'max_drawdown', 12.1), ('AMD', 'volatility', 55)], []),
])
def test_numbers_shapes_with_their_fields(text, universe, present, absent):
    claims = claims_of(text, universe)
    found = {(c.ticker, c.metric, c.value) for c in claims}
    for item in present:
        ticker, metric, value, *fields = item
        want = dict(fields[0]) if fields else {}
        assert any((c.ticker, c.metric, c.value) == (ticker, metric, value)
                   and all(str(c.to_dict().get(k)) == str(v) for k, v in want.items()) for c in claims), (item, [c.to_dict() for c in claims])
    assert not ({tuple(a) for a in absent} & found), found


def test_a_currency_after_a_number_is_on_its_line():
    # "NOVEMBER 2025" then a cashtag opening the next line: the year is no price in dollars
    from tests.extract.support import facts

    got = facts("LISBON CLOSE: NOVEMBER 2025\n$BCP RALLIES 7.5% IN NOVEMBER", "lisbon", "2025-11")
    assert ("BCP.LS", "period_return", 7.5) in got and not any(metric == "price_level" for _, metric, _ in got)


@pytest.mark.parametrize(("text", "value", "decimals"), [
    ("volatility of about 15 and a half percent", 15.5, 1),
    ("fell 3 and a quarter per cent", 3.25, 2),
    ("rose 7½%", 7.5, 1),
])
def test_a_fraction_after_the_digits_in_words_or_signs(text, value, decimals):
    percents = [q for q in find_quantities(text) if q.kind == "pct"]
    assert [(q.value, q.decimals) for q in percents] == [(value, decimals)]


@pytest.mark.parametrize("text", ["23.4 points", "23.4 point", "23.4 pts", "23.4 percentage points"])
def test_points_are_percentage_points(text):
    from extractors.numbers import find_quantities

    quantities = find_quantities(f"the gap was {text} wide")
    assert [(q.kind, q.value, q.unit) for q in quantities] == [("pct", 23.4, "pp")]
