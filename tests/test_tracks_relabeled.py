"""Fake-date track: the same real panel under its true and a fake 2031 label, a KS permutation test
per ticker with Bonferroni, and canaries that pass and fail as labelled."""

from __future__ import annotations

import json

import datasets
import pytest

from builder.tracks.common import read_track_rows
from builder.tracks.relabeled import FAKE_YEAR_OFFSET, SAMPLES
from contracts.submission import Response
from extractors.tracks.canaries import canary_submission
from extractors.tracks.common import load_track_input
from extractors.tracks.relabeled import claimed_returns, ticker_tests
from extractors.tracks.score import ScoreOptions, score_track

PERMUTATIONS = 2_000


def responses(lines):
    return [Response(i + 1, line["cell_id"], line["commentary"], line["sample"]) for i, line in enumerate(lines)]


def rows_by_id(folder):
    return {row["cell_id"]: row for row in read_track_rows(folder, "relabeled")}


def test_relabeled_config_has_true_and_fake_rows_for_tests_one_and_two(default_build):
    loaded = datasets.load_dataset(str(default_build), "relabeled")["test"]
    assert loaded.num_rows == 2 * 2 * 2  # markets x tests x labels
    rows = rows_by_id(default_build)
    assert set(rows) >= {"us-2026-08-relabeled-testI-true", "us-2026-08-relabeled-testI-fake",
                         "lisbon-2026-02-relabeled-testII-fake"}
    assert all(row["samples"] == SAMPLES for row in rows.values())


def test_fake_label_moves_month_and_dates_but_not_prices(default_build):
    rows = rows_by_id(default_build)
    true, fake = rows["us-2026-08-relabeled-testI-true"], rows["us-2026-08-relabeled-testI-fake"]
    assert fake["shown_month"] == f"{2026 + FAKE_YEAR_OFFSET}-08"
    assert "for August 2031" in fake["prompt"] and "2026" not in fake["prompt"].split("Do not use")[1].split("\n\n", 1)[1]
    assert "NVDA (Nvidia): close 206.64 on 2031-08-01, close 220.78 on 2031-08-29" in fake["prompt"]
    assert "NVDA (Nvidia): close 206.64 on 2026-08-03, close 220.78 on 2026-08-31" in true["prompt"]
    # test I: cutoff 36 months back, identical under both labels; only the current date moves
    assert true["cutoff_date"] == fake["cutoff_date"] == "2023-08-31"
    assert "Do not use any information published after August 31, 2023." in fake["prompt"]
    assert (true["current_date"], fake["current_date"]) == ("2026-09-01", "2031-09-01")
    assert rows["us-2026-08-relabeled-testII-fake"]["cutoff_date"] == "2026-08-31"
    assert json.loads(true["shown_returns_json"])["NVDA"] == pytest.approx((220.78 / 206.64 - 1) * 100, abs=1e-3)


def test_claimed_returns_come_from_the_claim_extractor():
    text = "NVDA rose 6.84% over the month. AMZN fell 8.54% while NVDA later gained 1.0%."
    assert claimed_returns(text, "us", "2031-08") == {"NVDA": 6.84, "AMZN": -8.54}


def test_a_shift_under_the_fake_label_is_rejected_and_identical_answers_are_not(default_build):
    rows = rows_by_id(default_build)
    lines = []
    for sample in range(5):
        lines.append({"cell_id": "us-2026-08-relabeled-testI-true", "sample": sample,
                      "commentary": f"NVDA rose {6.0 + sample / 10:.1f}% over the month. AMZN fell {8.0 + sample / 10:.1f}%."})
        lines.append({"cell_id": "us-2026-08-relabeled-testI-fake", "sample": sample,
                      "commentary": f"NVDA rose {2.0 + sample / 10:.1f}% over the month. AMZN fell {8.0 + sample / 10:.1f}%."})
    tests = {t.ticker: t for t in ticker_tests(load_track_input("relabeled", default_build, responses(lines)),
                                               permutations=PERMUTATIONS) if t.fake_test == "I" and t.market == "us"}
    assert tests["NVDA"].ks == 1.0 and tests["AMZN"].ks == 0.0
    # 2 of C(10,5) = 252 labelings separate the samples completely: exact p = 2/252; two tickers tested
    assert tests["NVDA"].p_value == pytest.approx(2 / 252, abs=0.006)
    assert tests["NVDA"].p_adjusted == pytest.approx(min(1.0, 2 * tests["NVDA"].p_value))
    assert tests["AMZN"].p_value == 1.0
    assert not tests["TSLA"].tested and tests["TSLA"].p_adjusted is None
    assert rows  # the answer key rode along


def run_canary(folder, kind):
    lines = canary_submission("relabeled", kind, read_track_rows(folder, "relabeled"), folder)
    assert len(lines) == 8 * SAMPLES
    return score_track("relabeled", folder, responses(lines), ScoreOptions(permutations=PERMUTATIONS))


def test_known_good_reader_passes(default_build):
    scored = run_canary(default_build, "reader")
    assert scored.summary.status == "pass"
    assert scored.summary.p_value == 1.0
    assert all(t["tested_tickers"] == 20 for t in scored.summary.metrics["tests"].values())


def test_known_bad_date_sensitive_canary_fails(default_build):
    scored = run_canary(default_build, "date-sensitive")
    assert scored.summary.status == "fail"
    assert scored.summary.metrics["tests"]["I"]["status"] == "fail"
    assert scored.summary.p_value < 0.05
    assert "lower bound" in scored.summary.to_dict()["caveats"][0]
