"""Whole documents end to end, in the voices models write: a GPT-style report with a table and bullets, a small
model's dump, a sell-side note, a datelined wire and hedged Lisbon prose. Each is written here; its expected
claims follow shared/claims.md and the commentary_dev labelling conventions."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import claims_of, facts

GPT_REPORT = """## 📈 August 2026 — US Large-Cap Monthly Review

**Overview:** August rewarded the chip names, while autos and payments lagged.

| Ticker | Start | End | Return | Max DD | Vol (ann.) |
|---|---|---|---|---|---|
| Nvidia (NVDA) | 180.10 | 190.20 | +5.6% | 4.8% | 38% |
| Mastercard (MA) | 560.10 | 551.30 | −1.6% | 3.9% | 17% |
| Tesla (TSLA) | 329.80 | 310.44 | −5.9% | 11.2% | 61% |

### Key takeaways
- **Nvidia** led the group, gaining **5.6%**, helped by strong data-centre demand.
- **Tesla** was the weakest name; its worst session was a 7.4% drop on Aug. 19.
- **Mastercard** was the least volatile of the three, at 17% annualised.
- **Nvidia** outperformed **Mastercard** by more than seven points.

**Bottom line:** The S&P 500 added 1.1% over the month; breadth was narrow."""

SMALL_MODEL_DUMP = """Monthly Report - February 2026

* GALP.LS: Started the month at €16,41, ended at €17,10 (gain of 4,2%).
* EDP.LS: Started the month at €3,90, ended at €3,85 (loss of 1,3%).
* BCP.LS: 0,790 → 0,812 (+2,8%)

Best performer: GALP.LS (+4,2%)
Worst performer: EDP.LS (-1,3%)
Trend for BCP.LS: Upward

In summary, performance was mixed across names."""

SELL_SIDE_NOTE = """AUG-26 WRAP | US MEGA-CAP

NVDA +5.6% m/m, best in group after a strong guidance raise; max DD 4.8%, vol ~38%. TSLA -5.9% m/m, worst; DD 11.2%. AMZN/META +2.1%/-0.7%. MA lagged JPM by ~150bps (-1.6% vs -0.1%). Low-vol pick: JPM at 14% annualised. TP NVDA $240 (unch). Breadth: 6 up, 4 down. Stay overweight semis."""

WIRE = """NEW YORK, Aug 28 (MCB Wire) – Nvidia Corp shares climbed 2.3% on Friday after the chipmaker's quarterly results topped forecasts, taking their August advance to 5.6%. Tesla Inc slid 1.1% on Friday and is down 5.9% for the month. The electric-car maker settled at $310.44 on Friday. Analysts at one broker see Tesla at $400 within a year. The Nasdaq Composite added 0.8%."""

HEDGED_LISBON = """From the February closes you provided, the Lisbon names went their separate ways. Galp Energia was the clear standout — it rose roughly 4,2%, from €16,41 to €17,10, perhaps helped by firmer oil prices. Jerónimo Martins and Millennium bcp also gained, adding 1,9% and 2,8% respectively. On the other side, The Navigator Company eased about half a percent, and the pulp producer's lowest close was €3,12. REN finished the month roughly flat. Thirty days of prices can mislead, so treat this as a snapshot."""

DOCUMENTS = {
    "gpt_report": (GPT_REPORT, "us", {
        ("NVDA", "price_level", 180.1), ("NVDA", "price_level", 190.2), ("NVDA", "period_return", 5.6),
        ("NVDA", "max_drawdown", 4.8), ("NVDA", "volatility", 38),
        ("MA", "price_level", 560.1), ("MA", "price_level", 551.3), ("MA", "period_return", -1.6),
        ("MA", "max_drawdown", 3.9), ("MA", "volatility", 17),
        ("TSLA", "price_level", 329.8), ("TSLA", "price_level", 310.44), ("TSLA", "period_return", -5.9),
        ("TSLA", "max_drawdown", 11.2), ("TSLA", "volatility", 61),
        ("NVDA", "rank", "best_return"), ("NVDA", "causal", "helped by strong data-centre demand"),
        ("TSLA", "rank", "worst_return"), ("TSLA", "daily_move", -7.4),
        ("MA", "rank", "least_volatile"),
        ("NVDA", "outperformed", "MA"),
        (None, "period_return", 1.1),
    }),
    "small_model_dump": (SMALL_MODEL_DUMP, "lisbon", {
        ("GALP.LS", "price_level", 16.41), ("GALP.LS", "price_level", 17.1), ("GALP.LS", "period_return", 4.2),
        ("EDP.LS", "price_level", 3.9), ("EDP.LS", "price_level", 3.85), ("EDP.LS", "period_return", -1.3),
        ("BCP.LS", "price_level", 0.79), ("BCP.LS", "price_level", 0.812), ("BCP.LS", "period_return", 2.8),
        ("GALP.LS", "rank", "best_return"), ("EDP.LS", "rank", "worst_return"), ("BCP.LS", "direction", "up"),
    }),
    "sell_side_note": (SELL_SIDE_NOTE, "us", {
        ("NVDA", "period_return", 5.6), ("NVDA", "rank", "best_return"),
        ("NVDA", "causal", "after a strong guidance raise"),
        ("NVDA", "max_drawdown", 4.8), ("NVDA", "volatility", 38),
        ("TSLA", "period_return", -5.9), ("TSLA", "rank", "worst_return"), ("TSLA", "max_drawdown", 11.2),
        ("AMZN", "period_return", 2.1), ("META", "period_return", -0.7),
        ("JPM", "outperformed", "MA"), ("MA", "period_return", -1.6), ("JPM", "period_return", -0.1),
        ("JPM", "rank", "least_volatile"), ("JPM", "volatility", 14),
    }),
    "wire": (WIRE, "us", {
        ("NVDA", "daily_move", 2.3), ("NVDA", "causal", "after the chipmaker's quarterly results topped forecasts"),
        ("NVDA", "period_return", 5.6),
        ("TSLA", "daily_move", -1.1), ("TSLA", "period_return", -5.9), ("TSLA", "price_level", 310.44),
        (None, "period_return", 0.8),
    }),
    "hedged_lisbon": (HEDGED_LISBON, "lisbon", {
        ("GALP.LS", "rank", "best_return"), ("GALP.LS", "period_return", 4.2),
        ("GALP.LS", "price_level", 16.41), ("GALP.LS", "price_level", 17.1),
        ("GALP.LS", "causal", "helped by firmer oil prices"),
        ("JMT.LS", "period_return", 1.9), ("BCP.LS", "period_return", 2.8),
        ("NVG.LS", "period_return", -0.5), ("NVG.LS", "range_low", 3.12),
        ("RENE.LS", "direction", "flat"),
    }),
}


@pytest.mark.parametrize("name", DOCUMENTS)
def test_a_document_yields_exactly_its_claims(name):
    text, universe, expected = DOCUMENTS[name]
    assert facts(text, universe) == expected


@pytest.mark.parametrize("name", DOCUMENTS)
def test_every_claim_of_a_document_names_its_rules_and_points_into_the_text(name):
    text, universe, _ = DOCUMENTS[name]
    for claim in claims_of(text, universe):
        assert claim.rules, claim.to_dict()
        assert text[claim.start:claim.end] == claim.text


def test_the_gpt_reports_table_anchors_and_bullet_dates():
    claims = claims_of(GPT_REPORT)
    anchors = [(c.ticker, c.value, c.anchor) for c in claims if c.metric == "price_level"]
    assert anchors == [("NVDA", 180.1, "start"), ("NVDA", 190.2, "end"), ("MA", 560.1, "start"), ("MA", 551.3, "end"),
                       ("TSLA", 329.8, "start"), ("TSLA", 310.44, "end")]
    move = next(c for c in claims if c.metric == "daily_move")
    assert (move.date, move.extreme) == (date(2026, 8, 19), "largest")


def test_the_bullet_repeats_a_table_figure_as_a_claim_of_its_own():
    returns = [c for c in claims_of(GPT_REPORT) if (c.ticker, c.metric, c.value) == ("NVDA", "period_return", 5.6)]
    assert len(returns) == 2


def test_the_wires_friday_is_the_datelines_session():
    claims = claims_of(WIRE)
    assert {(c.ticker, c.metric, c.date) for c in claims if c.date} == {
        ("NVDA", "daily_move", date(2026, 8, 28)), ("TSLA", "daily_move", date(2026, 8, 28)),
        ("TSLA", "price_level", date(2026, 8, 28))}


def test_the_dumps_endpoints_are_anchored():
    claims = claims_of(SMALL_MODEL_DUMP, "lisbon")
    assert [(c.ticker, c.anchor) for c in claims if c.metric == "price_level"] == [
        ("GALP.LS", "start"), ("GALP.LS", "end"), ("EDP.LS", "start"), ("EDP.LS", "end"), ("BCP.LS", "start"), ("BCP.LS", "end")]
