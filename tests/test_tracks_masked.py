"""Masked track: names and dates hidden, identification scored against the random baseline, masked
commentary scored like any cell, and canaries that pass and fail as labelled."""

from __future__ import annotations

import json
import re

import datasets
import pytest

from builder.tracks.common import read_track_rows
from builder.universes import get_universe
from contracts.submission import Response
from extractors.tracks.canaries import canary_submission
from extractors.tracks.masked import identification_metrics, read_reconstruction, unmask
from extractors.tracks.score import score_track


def responses(lines):
    return [Response(i + 1, line["cell_id"], line["commentary"], line["sample"]) for i, line in enumerate(lines)]


def rows_by_id(folder):
    return {row["cell_id"]: row for row in read_track_rows(folder, "masked")}


def test_masked_config_follows_the_cell_id_contract(default_build):
    assert datasets.load_dataset(str(default_build), "masked")["test"].num_rows == 12
    rows = rows_by_id(default_build)
    assert {"us-2026-08-inverted-masked", "us-2026-08-real-reconstruct", "lisbon-2026-02-damped-masked"} <= set(rows)


@pytest.mark.parametrize("cell_id", ["us-2026-08-real-masked", "us-2026-08-real-reconstruct", "lisbon-2026-02-real-reconstruct"])
def test_masked_prompts_name_no_ticker_company_or_date(default_build, cell_id):
    row = rows_by_id(default_build)[cell_id]
    universe = get_universe(row["market"])
    for alias in universe.aliases():
        assert not re.search(rf"\b{re.escape(alias)}\b", row["prompt"]), alias
    for leak in ("2026", "August", "February", universe.label, universe.currency):
        assert leak not in row["prompt"]
    mask = json.loads(row["mask_json"])
    assert sorted(mask.values()) == sorted(universe.tickers)
    assert list(mask) == [f"Stock {c}" for c in "ABCDEFGHIJ"]
    assert list(mask.values()) != list(universe.tickers)  # shuffled, seeded by market and month


def test_unmask_maps_labels_and_sessions_back():
    row = {"mask_json": json.dumps({"Stock A": "NVDA", "Stock B": "AMZN"}),
           "sessions_json": json.dumps(["2026-08-03", "2026-08-04"])}
    assert unmask("Stock A rose 8.4% while Stock B fell on session 2.", row) == "NVDA rose 8.4% while AMZN fell on 2026-08-04."


def test_identification_by_hand():
    row = {"cell_id": "x", "market": "us", "month": "2026-08", "arm": "real", "n_tickers": 10, "month_candidates": 120,
           "mask_json": json.dumps({"Stock A": "NVDA", "Stock B": "AMZN", "Stock C": "TSLA"})}
    first = read_reconstruction(row, '```json\n{"stocks": {"Stock A": "NVDA", "Stock B": "Amazon", "Stock C": "MA"}, "month": "2026-08"}\n```')
    second = read_reconstruction(row, '{"stocks": {"Stock A": "$NVDA"}, "month": "2025-02"}')
    assert (first.correct_stocks, first.month_correct, first.months_off) == (2, True, 0)
    assert (second.correct_stocks, second.month_correct, second.year_correct, second.months_off) == (1, False, False, -18)
    metrics = identification_metrics([first, second])
    assert metrics.stock_trials == 20 and metrics.stock_correct == 3  # every label of the row counts
    assert metrics.stock_accuracy == 15.0 and metrics.stock_baseline == 10.0
    assert metrics.month_accuracy == 50.0 and metrics.month_baseline == pytest.approx(100 / 120)
    assert metrics.mean_abs_months_off == 9.0
    # P(X >= 1), X ~ Bin(2, 1/120)
    assert metrics.month_p == pytest.approx(1 - (119 / 120) ** 2)


def run_canary(folder, kind):
    lines = canary_submission("masked", kind, read_track_rows(folder, "masked"), folder)
    return score_track("masked", folder, responses(lines))


def test_known_bad_identifier_fails_and_its_commentary_is_recited(default_build):
    scored = run_canary(default_build, "identifier")
    assert scored.summary.status == "fail"
    identification = scored.summary.metrics["identification"]
    assert identification["stock_accuracy"] == 100.0 and identification["month_accuracy"] == 100.0
    commentary = scored.summary.metrics["commentary"]
    assert commentary["recited_rate_perturbed"] == 100.0 and commentary["distinguishable_perturbed"] == 40
    assert "lower bound" in scored.summary.to_dict()["caveats"][0]


def test_known_good_guesser_passes_and_its_commentary_reads_the_table(default_build):
    scored = run_canary(default_build, "guesser")
    assert scored.summary.status == "pass"
    assert scored.summary.metrics["identification"]["stock_accuracy"] < 30.0
    assert scored.summary.metrics["commentary"]["read_rate_perturbed"] == 100.0
