"""Verify what was shown: the oracle's shown panel is exactly the numbers the prompt displayed.

Prompts print prices at the market's precision (US 2 decimals, Lisbon 3); claims are checked
against those printed numbers (same rounding, same sessions), and against the unrounded source
prices as the truth. A model that computes correctly from its prompt is supported.
"""

from __future__ import annotations

import math
import re
from datetime import date

import pytest
from hypothesis import given, strategies as st

from builder.arms import apply_arm
from builder.display import price_text, shown_arm, shown_price
from builder.facts import panel_facts
from builder.narrator import narrate
from builder.panel import PRICE_COLUMNS, load_panel
from builder.universes import get_universe
from extractors.claims import Claim
from extractors.score import score_submission
from extractors.scoring_data import in_memory
from contracts.submission import Response
from extractors.verify import verify

TABLE_ROW = re.compile(r"^(\d{4}-\d{2}-\d{2}) ([\d. ]+) (\d+)$")
ENDPOINT = re.compile(r"close ([\d.]+) on (\d{4}-\d{2}-\d{2})")


@pytest.fixture(scope="module")
def data():
    return in_memory()


def score_one(data, cell_id: str, commentary: str) -> list[dict]:
    return score_submission([Response(line=1, cell_id=cell_id, commentary=commentary)], data, model="t").claims


def _printed_tables(prompt: str, has_open: bool) -> dict[tuple[str, date], dict[str, float]]:
    """(ticker, session) -> the prices a full prompt prints, read back from its text."""
    columns = [c for c in PRICE_COLUMNS if has_open or c != "open"]
    rows, ticker = {}, None
    for line in prompt.split("\n"):
        heading = re.match(r"^([A-Z.]+) \(", line)
        if heading:
            ticker = heading.group(1)
        match = TABLE_ROW.match(line)
        if match:
            values = [float(v) for v in match.group(2).split()]
            rows[(ticker, date.fromisoformat(match.group(1)))] = dict(zip(columns, values, strict=True))
    return rows


@pytest.mark.parametrize(("market", "month"), [("us", "2026-08"), ("lisbon", "2026-02")])
def test_every_price_a_prompt_prints_is_the_shown_panel_and_nothing_else(data, market, month):
    universe = get_universe(market)
    for cell in (c for c in data.cells.values() if c.market == market):
        shown = data.shown(cell)  # every context of an arm is scored against this one whole panel
        expected = {(row.ticker, row.date): row for row in shown.bars.itertuples(index=False)}
        if cell.context == "full":
            printed = _printed_tables(cell.prompt, universe.has_open)
            assert set(printed) == set(expected), cell.cell_id  # the same sessions
            for key, prices in printed.items():
                assert prices == {c: getattr(expected[key], c) for c in prices}, (cell.cell_id, key)
        elif cell.context in ("sparse", "probe"):
            for ticker in shown.tickers:
                closes = shown.series(ticker)
                line = next(li for li in cell.prompt.split("\n") if li.startswith(f"{ticker} ("))
                printed = [(float(v), date.fromisoformat(d)) for v, d in ENDPOINT.findall(line)]
                assert printed == [(closes.iloc[0], closes.index[0]), (closes.iloc[-1], closes.index[-1])]
        assert shown.bars.equals(shown_arm(load_panel(market, month), cell.arm).bars)


@given(st.floats(min_value=0.001, max_value=100_000, allow_nan=False), st.sampled_from(("us", "lisbon")))
def test_the_shown_price_reads_back_as_the_text_the_prompt_prints(value, market):
    universe = get_universe(market)
    assert price_text(shown_price(value, universe), universe) == price_text(value, universe)
    assert shown_price(shown_price(value, universe), universe) == shown_price(value, universe)


def test_a_missing_open_stays_missing_when_shown():
    shown = shown_arm(load_panel("lisbon", "2026-02"), "damped")
    assert shown.bars["open"].isna().all() and math.isnan(shown_price(math.nan, get_universe("lisbon")))


def test_the_true_panel_is_the_source_prices(data):
    true = data.true(data.cells["lisbon-2026-02-real-full"]).series("BCP.LS")
    shown = data.shown(data.cells["lisbon-2026-02-real-full"]).series("BCP.LS")
    assert (true.iloc[0], true.iloc[-1]) == (0.9358, 0.8916)
    assert (shown.iloc[0], shown.iloc[-1]) == (0.936, 0.892)


@pytest.mark.parametrize("context", ["full", "sparse"])
def test_bcp_computed_from_the_prompt_is_supported(data, context):
    """BCP's real closes 0.9358 -> 0.8916 are shown as 0.936 -> 0.892: -4.70% from the prompt, -4.72% in truth."""
    cell_id = f"lisbon-2026-02-real-{context}"
    assert "close 0.936 on 2026-02-02" in data.cells[cell_id].prompt or "2026-02-02 0.936" in data.cells[cell_id].prompt
    claims = score_one(data, cell_id, "Millennium BCP fell 4.70% in February, from €0.936 to €0.892.")
    by_metric = {(c["metric"], c["anchor"]): c for c in claims}
    period = by_metric[("period_return", None)]
    assert (period["value"], period["decimals"], period["detail"]) == (-4.7, 2, "supported")
    assert period["shown_value"] == pytest.approx(-4.7009, abs=1e-4) and period["true_value"] == pytest.approx(-4.7232, abs=1e-4)
    assert by_metric[("price_level", "start")]["detail"] == by_metric[("price_level", "end")]["detail"] == "supported"


def test_the_unrounded_figure_the_prompt_cannot_give_is_recited(data):
    shown, true = data.shown(data.cells["lisbon-2026-02-real-full"]), data.true(data.cells["lisbon-2026-02-real-full"])
    verdict = verify(Claim("BCP.LS", "period_return", -4.72, decimals=2), shown, true)
    assert (verdict.detail, verdict.distinguishable) == ("recited", False)  # on the real arm: never distinguishable
    start = verify(Claim("BCP.LS", "price_level", 0.9358, decimals=4, anchor="start"),
                   data.shown(data.cells["lisbon-2026-02-damped-full"]), true)
    assert (start.detail, start.distinguishable) == ("recited", True)  # a digit no prompt showed


@pytest.mark.parametrize("context", ["full", "sparse", "probe"])
def test_a_damped_session_the_rounding_makes_flat_is_scored_flat(data, context):
    """Damped Lisbon BCP on 2026-02-19: -0.067% unrounded, but the prompt shows 0.927 -> 0.927.

    The shown panel has 8 down sessions where the unrounded damped path (and the truth) has 9; under
    sparse and probe the interior is not in the prompt but is scored at the displayed precision too.
    """
    cell = data.cells[f"lisbon-2026-02-damped-{context}"]
    assert panel_facts(_unrounded_damped()).tickers["BCP.LS"].down_days == 9
    shown = data.shown(cell)
    assert shown.series("BCP.LS")[date(2026, 2, 18)] == shown.series("BCP.LS")[date(2026, 2, 19)] == 0.927
    claims = score_one(data, cell.cell_id, "BCP fell on 8 of 19 sessions. BCP was unchanged on 19 February (0.0%).")
    details = {c["metric"]: c["detail"] for c in claims}
    assert details == {"down_days": "supported", "daily_move": "supported"}
    nine = verify(Claim("BCP.LS", "down_days", 9), shown, data.true(cell))
    assert nine.detail == "recited" and nine.distinguishable


def _unrounded_damped():
    return apply_arm(load_panel("lisbon", "2026-02"), "damped")


def test_ranges_are_read_from_the_shown_closes(data):
    """A figure equal to the month's lowest close is a supported range_low; the intraday low is not."""
    cell = data.cells["us-2026-08-real-full"]
    facts = panel_facts(data.shown(cell)).tickers["NVDA"]
    assert (facts.min_close, facts.max_close, facts.min_low) == (206.64, 227.98, 196.85)
    claims = score_one(data, cell.cell_id, "NVDA traded between $206.64 and $227.98 in August.")
    assert {c["metric"]: c["detail"] for c in claims} == {"range_low": "supported", "range_high": "supported"}
    intraday = score_one(data, cell.cell_id, "NVDA bottomed at $196.85.")
    assert [(c["metric"], c["detail"] != "supported") for c in intraday] == [("range_low", True)]


def test_the_faithful_narrator_states_the_figures_of_the_shown_panel(data):
    cell = data.cells["lisbon-2026-02-damped-full"]
    gold = narrate(data.shown(cell), "full").claims
    bcp = next(c for c in gold if c["ticker"] == "BCP.LS" and c["metric"] == "period_return")
    assert bcp["value"] == -1.2  # 0.936 -> 0.925 as shown is -1.18%; the unrounded damped path gives -1.1
    assert round(panel_facts(_unrounded_damped()).tickers["BCP.LS"].period_return, 1) == -1.1
