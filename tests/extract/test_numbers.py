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
