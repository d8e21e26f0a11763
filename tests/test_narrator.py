"""The narrator: prose whose gold claims agree with the facts and respect the scope."""

from __future__ import annotations

import pytest

from builder.arms import apply_arm
from builder.facts import panel_facts
from builder.narrator import SCOPES, TEMPLATES, narrate
from builder.panel import load_panel
from builder.vocabulary import METRICS, RANKS

INTERIOR_METRICS = {"daily_move", "volatility", "max_drawdown", "range_low", "range_high", "up_days", "down_days"}


@pytest.fixture(scope="module", params=[("us", "2026-08"), ("lisbon", "2026-02")])
def shown(request):
    market, month = request.param
    return apply_arm(load_panel(market, month), "inverted")


@pytest.mark.parametrize("template", TEMPLATES)
def test_gold_claims_agree_with_the_facts(shown, template):
    facts = panel_facts(shown)
    paragraph = narrate(shown, "full", template)
    assert len(paragraph.claims) >= 15
    for claim in paragraph.claims:
        assert claim["metric"] in METRICS
        assert claim["sentence"] in paragraph.text
        ticker_facts = facts.tickers.get(claim["ticker"])
        if claim["metric"] == "period_return":
            assert claim["value"] == pytest.approx(round(ticker_facts.period_return, 1), abs=1e-9)
        elif claim["metric"] == "rank":
            assert claim["value"] in RANKS and facts.leaders[claim["value"]] == claim["ticker"]
        elif claim["metric"] == "daily_move":
            assert claim["value"] == pytest.approx(round(ticker_facts.largest_daily_fall, 1))
            assert claim["date"] == ticker_facts.largest_daily_fall_date.isoformat()
        elif claim["metric"] == "up_days":
            assert claim["value"] == ticker_facts.up_days


def test_every_ticker_gets_its_return_stated(shown):
    claims = narrate(shown, "full", 0).claims
    assert {c["ticker"] for c in claims if c["metric"] == "period_return"} == set(shown.tickers)


def test_sparse_states_nothing_from_the_interior_path(shown):
    for template in TEMPLATES:
        metrics = {claim["metric"] for claim in narrate(shown, "sparse", template).claims}
        assert not metrics & INTERIOR_METRICS
        assert "period_return" in metrics


def test_none_declines_and_probe_declines_the_interior_question(shown):
    none = narrate(shown, "none")
    assert [c["metric"] for c in none.claims] == ["refusal"]
    probe = narrate(shown, "probe")
    assert probe.claims[-1]["metric"] == "refusal"
    assert not {c["metric"] for c in probe.claims} & INTERIOR_METRICS


def test_templates_write_different_prose_from_the_same_facts(shown):
    texts = {narrate(shown, "full", template).text for template in TEMPLATES}
    assert len(texts) == len(TEMPLATES)


def test_unknown_scope_is_refused(shown):
    with pytest.raises(ValueError, match="unknown scope"):
        narrate(shown, "everything")
    assert set(SCOPES) == {"full", "sparse", "none", "probe"}


def test_a_month_with_three_names_lists_the_one_left_plainly():
    """US January 2026 ships AMZN, TSLA and AMD only (the dividend payers are declared absent)."""
    text = narrate(load_panel("us", "2026-01"), "full", 0).text
    assert "Elsewhere, AMZN rose 5.7%." in text and ",  and" not in text
