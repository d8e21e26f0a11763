"""The extractor never raises on any text: a figure that cannot make a valid claim is dropped."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extractors import extract_claims

FIGURES = st.one_of(
    st.integers(min_value=0, max_value=10**6).map(str),
    st.decimals(min_value=0, max_value=10**5, places=3, allow_nan=False, allow_infinity=False).map(str),
    st.sampled_from(["0", "0.00", "0,00 €", "EUR 0", "$0", "US$ 0.0", "(0.0)%", "-0%", "+0", "9" * 400, "9" * 40 + "%",
                     "1,000,000.5", ".5", "4,70 €", "−3.1%", "–2%", "zero per cent", "twenty-one"]),
)
PIECES = st.one_of(
    FIGURES,
    st.sampled_from(["%", " per cent", "pc", "$", "US$ ", "€", "EUR ", " euros", "(", ")", "-", "–", "+", ".", ",", ";", "…"]),
    st.sampled_from(["NVDA", "Tesla", "GALP.LS", "Galp", "BCP", "AMD", "XYZ.PA", "U.S.", "the stock", "it", "Arm"]),
    st.sampled_from(["on 5 August", "Aug. 31st", "the 26th", "Wednesday the 5th", "2026-02-30", "the 99th", "Feb 0"]),
    st.sampled_from(["fell", "rose", "from", "to", "between", "and", "peaked at", "bottomed at", "closed at", "a low of",
                     "worst", "best", "volatility", "drawdown", "on fears", "cannot be determined", "respectively",
                     "sessions", "of 21 days", "up", "down", "a cent"]),
    st.text(max_size=8),
)
TEXTS = st.lists(PIECES, max_size=24).map(" ".join)


@pytest.mark.parametrize(
    "text",
    [
        "NVDA … EUR 0 from a cent. to US$ 4.4 …",
        "NVDA closed at $0.",
        "Galp peaked at €0.00 and bottomed at 0,00 €.",
        "Tesla rose " + "9" * 400 + "% in August.",
        "AMD traded between $0 and $0.",
    ],
)
def test_a_figure_that_cannot_make_a_claim_is_dropped_not_raised(text: str) -> None:
    for universe in ("us", "lisbon"):
        for claim in extract_claims(text, universe, "2026-08"):
            assert claim.metric not in ("price_level", "range_low", "range_high") or claim.value > 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, universe=st.sampled_from(["us", "lisbon"]), month=st.sampled_from([None, "2026-08", "2026-02"]))
def test_extract_claims_never_raises_on_any_text(text: str, universe: str, month: str | None) -> None:
    claims = extract_claims(text, universe, month)
    assert all(claim.to_dict()["metric"] for claim in claims)
