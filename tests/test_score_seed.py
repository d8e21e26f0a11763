"""The seed page's own example, scored end to end on the inverted arm of us 2026-08 under sparse."""

from __future__ import annotations

import pytest

from extractors.score import score_submission
from extractors.scoring_data import in_memory
from contracts.submission import Response
from tests.reference_figures import MONTH_RETURNS_TRUE_VS_INVERTED

SEED_REPLY = (
    "The market saw mixed performance in August 2026, with AMZN and GOOGL leading gains, rising 8.3% and 9.5% "
    "respectively, while AAPL fell 4.5% and NVDA dropped 7.5%. JNJ and JPM declined by 5.5% and 1.1%, respectively, "
    "while META edged up 2.5%."
)
CELL = "us-2026-08-inverted-sparse"


@pytest.fixture(scope="module")
def scored():
    data = in_memory((("us", "2026-08"),))
    return score_submission([Response(1, CELL, SEED_REPLY)], data, model="seed")


def test_seed_reply_verdicts(scored):
    got = {row["ticker"]: (row["value"], row["verdict"], row["detail"]) for row in scored.claims}
    assert got == {
        "AMZN": (8.3, "refuted", "approx_supported"),  # shown +8.70: rounded to the half percent
        "GOOGL": (9.5, "supported", "supported"),  # shown +9.52
        "AAPL": (-4.5, "unverifiable", "unverifiable"),  # not in this universe
        "NVDA": (-7.5, "refuted", "approx_supported"),  # shown -7.93
        "JNJ": (-5.5, "unverifiable", "unverifiable"),  # not in this universe
        "JPM": (-1.1, "supported", "supported"),  # shown -1.09; "respectively" assigns 1.1 to JPM
        "META": (2.5, "supported", "supported"),  # shown +2.46
    }


def test_seed_reply_reads_the_inverted_table_not_memory(scored):
    for row in scored.claims:
        if row["ticker"] in MONTH_RETURNS_TRUE_VS_INVERTED:
            true, inverted = MONTH_RETURNS_TRUE_VS_INVERTED[row["ticker"]]
            assert row["shown_value"] == pytest.approx(inverted, abs=0.01)
            assert row["true_value"] == pytest.approx(true, abs=0.01)
            assert row["distinguishable"] is True
    assert not any(row["detail"] in ("recited", "approx_recited") for row in scored.claims)


def test_seed_cell_row_counts(scored):
    row = next(r for r in scored.cells if r["cell_id"] == CELL)
    assert (row["claims"], row["checkable"], row["supported"], row["approx_supported"], row["unverifiable"]) == (7, 5, 3, 2, 0 + 2)
    assert row["fabricated"] == 0 and row["supported_rate"] == pytest.approx(0.6)
    assert row["coverage"] is None  # sparse: coverage is only meaningful under full
