"""Direct recall track: the config follows the paper's prompts, metrics match hand-computed values,
and the canaries come out as labelled on the shipped data."""

from __future__ import annotations

import datasets
import pytest

from builder.tracks.common import read_track_cells, read_track_rows
from contracts.submission import Response
from extractors.tracks.canaries import canary_submission
from extractors.tracks.common import load_track_input, parse_cutoff
from extractors.tracks.recall import RecallAnswer, recall_metrics
from extractors.tracks.score import ScoreOptions, score_track


def responses(lines: list[dict]) -> list[Response]:
    return [Response(i + 1, line["cell_id"], line["commentary"], line["sample"]) for i, line in enumerate(lines)]


def run_canary(folder, kind, cutoff="2026-12"):
    lines = canary_submission("recall", kind, read_track_rows(folder, "recall"), folder)
    return score_track("recall", folder, responses(lines), ScoreOptions(knowledge_cutoff=cutoff))


def test_recall_config_loads_and_leaves_the_default_cells_alone(default_build):
    rows = datasets.load_dataset(str(default_build), "recall")["test"]
    # 2 markets x 10 tickers x (3 sessions x 2 contexts + 1 direction question)
    assert rows.num_rows == 140
    assert datasets.load_dataset(str(default_build), "prompts")["test"].num_rows == 24
    cells = {cell.cell_id: cell for cell in read_track_cells(default_build, "recall")}
    assert "us-2026-08-recall-previous-close-NVDA-2026-08-05" in cells
    assert "lisbon-2026-02-recall-none-direction-GALP.LS" in cells
    assert all(cell.n_tokens > 0 for cell in cells.values())


def test_close_prompt_with_context_is_the_papers_a4_prompt(default_build):
    row = next(r for r in read_track_rows(default_build, "recall")
               if r["cell_id"] == "us-2026-08-recall-previous-close-NVDA-2026-08-05")
    assert "Context: The closing price of NVDA (Nvidia) was 211.94 on August 4, 2026 and 206.64 on August 3, 2026." in row["prompt"]
    assert "What was the closing price of NVDA (Nvidia) on August 5, 2026? Provide your best estimate." in row["prompt"]
    assert "confidence: A number between 0 and 100" in row["prompt"]
    assert "219.22" not in row["prompt"]  # the asked-for close is never shown
    assert row["true_value"] == pytest.approx(219.22)
    assert row["previous_close"] == pytest.approx(211.94)
    assert row["true_direction"] == "up"


def test_no_context_prompt_shows_no_price(default_build):
    row = next(r for r in read_track_rows(default_build, "recall")
               if r["cell_id"] == "us-2026-08-recall-none-close-NVDA-2026-08-05")
    assert "Context:" not in row["prompt"] and "211.94" not in row["prompt"]


def answer(pct_error, correct, confidence=None, question="close", value=1.0, period="pre", true=100.0, prev=99.0):
    return RecallAnswer("c", 0, "T", question, "none", "2026-08-05", period, value, confidence, true, prev, "up",
                        pct_error, correct)


def test_recall_metrics_by_hand():
    answers = [
        answer(2.0, True, 90),       # answered 102 for 100
        answer(-4.0, False, 50),     # answered 96
        answer(1.0, True, 70),       # answered 101
        answer(None, None, None, value=None),  # a refusal
        answer(None, True, 80, question="direction", value="up"),
        answer(None, False, 20, question="direction", value="down"),
    ]
    m = recall_metrics(answers)
    assert (m.questions, m.answered, m.refusals) == (6, 5, 1)
    assert m.mpe == pytest.approx((2 - 4 + 1) / 3)
    assert m.mape == pytest.approx((2 + 4 + 1) / 3)
    assert m.directional_accuracy == pytest.approx(200 / 3)
    # confidence (90, 50, 70) vs |error| (2, 4, 1): deviations (20, -20, 0) and (-1/3, 5/3, -4/3),
    # so r = -40 / sqrt(800 * 14/3)
    assert m.confidence_calibration == pytest.approx(-40 / (800 * 14 / 3) ** 0.5)
    assert m.direction_accuracy == 50.0
    assert m.direction_calibration == pytest.approx(-1.0)  # confident when right, unsure when wrong
    assert (m.correct_directions, m.direction_trials) == (3, 5)
    assert m.p_value == pytest.approx(0.5)  # P(X >= 3), X ~ Bin(5, 1/2)
    assert m.persistence_mape == pytest.approx(1.0)


def test_known_bad_reciter_fails(default_build):
    scored = run_canary(default_build, "reciter")
    overall = scored.summary.metrics["groups"][0]
    assert scored.summary.status == "fail"
    assert overall["mape"] < 0.01 and overall["directional_accuracy"] == 100.0 and overall["refusals"] == 0
    assert scored.summary.to_dict()["caveats"][0].startswith("A pass is a lower bound")


def test_known_good_persistence_passes_and_refuser_has_nothing_to_test(default_build):
    persistence = run_canary(default_build, "persistence")
    assert persistence.summary.status == "pass"
    overall = persistence.summary.metrics["groups"][0]
    assert overall["mape"] == pytest.approx(overall["persistence_mape"], rel=1e-3)  # up to the stated decimals
    assert overall["refusals"] == 80  # every no-context close and every up/down question
    refuser = run_canary(default_build, "refuser")
    assert refuser.summary.status == "insufficient"
    assert refuser.summary.metrics["groups"][0]["refusals"] == 140


def test_answers_split_at_the_declared_knowledge_cutoff(default_build):
    scored = run_canary(default_build, "reciter", cutoff="2026-08-15")
    groups = {(g["period"], g["context"]): g for g in scored.summary.metrics["groups"]}
    # asked sessions are 5, 18 and 31 Aug: Lisbon (February) is all before; in the US only 5 Aug is
    # before (10 tickers x 2 contexts), 18 and 31 Aug and the month's direction (dated 31 Aug) after
    assert groups[("pre", "all")]["questions"] == 70 + 20
    assert groups[("post", "all")]["questions"] == 40 + 10
    assert parse_cutoff("2026-02").isoformat() == "2026-02-28"


def test_failed_lines_are_failures_not_refusals(default_build):
    rows = read_track_rows(default_build, "recall")
    lines = [Response(1, rows[0]["cell_id"], "", 0, "failed", "timeout: no reply"),
             Response(2, rows[1]["cell_id"], '{"answer": 1.0, "confidence": 5}', 0)]
    inp = load_track_input("recall", default_build, lines)
    assert inp.failures == 1 and len(inp.missing()) == 138
    scored = score_track("recall", default_build, lines)
    assert scored.summary.failures == 1
    assert scored.summary.metrics["groups"][0]["questions"] == 1
