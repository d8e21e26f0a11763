"""A claim as a record: validated at construction, round-tripped through a dict, its span pointing into the text."""

from __future__ import annotations

import pytest

from extractors import Claim, extract_claims
from extractors.claims import ClaimError
from tests.extract.support import US_MONTH


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"metric": "returns", "value": 1.0}, "unknown metric"),
        ({"metric": "rank", "value": "best"}, "rank must be"),
        ({"metric": "direction", "value": "sideways"}, "direction must be"),
        ({"metric": "price_level", "value": -3.0}, "positive"),
        ({"metric": "up_days", "value": 2.5}, "integer"),
        ({"metric": "period_return", "value": "8%"}, "finite number"),
        ({"metric": "price_level", "value": 3.0, "anchor": "middle"}, "anchor"),
    ],
)
def test_claims_are_validated_at_construction(fields, message):
    with pytest.raises(ClaimError, match=message):
        Claim(ticker="NVDA", **fields)


def test_to_dict_round_trips():
    claim = extract_claims("AMD fell 3.1% on 12 August.", "us", US_MONTH)[0]
    record = claim.to_dict()
    assert record["date"] == "2026-08-12" and {"ticker", "metric", "value", "text", "sentence", "decimals", "start", "end"} <= set(record)
    assert Claim.from_dict(record) == claim


def test_spans_point_into_the_input():
    text = "**Broadcom** plunged **12.59%** after its report."
    claim = extract_claims(text, "us")[0]
    assert text[claim.start:claim.end] == claim.text == "12.59%"
    assert claim.sentence == text


def test_a_universe_object_reads_like_its_name():
    from builder.universes import get_universe

    assert [(c.ticker, c.metric, c.value) for c in extract_claims("Galp rose 3.0%.", "lisbon", US_MONTH)] == [
        (c.ticker, c.metric, c.value) for c in extract_claims("Galp rose 3.0%.", get_universe("lisbon"))
    ]
