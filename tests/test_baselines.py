"""Canaries: the baseline submissions must score as their names say."""

from __future__ import annotations

import pytest

from extractors.baselines import baseline_submission
from extractors.score import score_submission
from extractors.scoring_data import in_memory

FABRICATED_SHARE = 0.95


@pytest.fixture(scope="module")
def data():
    return in_memory()


@pytest.fixture(scope="module")
def scores(data):
    return {name: score_submission(baseline_submission(name, data), data, model=name) for name in ("faithful", "reciter", "fabricator")}


def test_every_baseline_answers_every_cell(scores, data):
    for result in scores.values():
        assert all(row["responses"] == 1 for row in result.cells) and len(result.cells) == len(data.cells)


def test_faithful_is_all_supported_and_declines_where_it_should(scores, data):
    result = scores["faithful"]
    checkable = [row for row in result.claims if row["verdict"] != "unverifiable"]
    assert checkable and all(row["detail"] == "supported" for row in checkable)
    rows = {row["cell_id"]: row for row in result.cells}
    for cell in data.cells.values():
        if cell.context == "none":
            assert rows[cell.cell_id]["checkable"] == 0 and rows[cell.cell_id]["refusals"] >= 1
        if cell.context == "probe":
            assert rows[cell.cell_id]["refusals"] >= 1


def test_reciter_is_recited_on_every_distinguishable_claim_of_the_perturbed_arms(scores):
    perturbed = [row for row in scores["reciter"].claims if "-real-" not in row["cell_id"] and row["distinguishable"]]
    assert perturbed and all(row["detail"] == "recited" for row in perturbed)
    real = [row for row in scores["reciter"].claims if "-real-" in row["cell_id"]]
    assert all(row["detail"] == "supported" and not row["distinguishable"] for row in real)


def test_fabricator_is_almost_all_fabricated(scores):
    checkable = [row for row in scores["fabricator"].claims if row["verdict"] != "unverifiable"]
    fabricated = sum(row["detail"] == "fabricated" for row in checkable)
    assert len(checkable) > 100 and fabricated / len(checkable) >= FABRICATED_SHARE


def test_baselines_are_deterministic(data):
    assert baseline_submission("fabricator", data, seed=7) == baseline_submission("fabricator", data, seed=7)
    assert baseline_submission("fabricator", data, seed=7) != baseline_submission("fabricator", data, seed=8)


def test_the_reciters_read_rate_on_distinguishable_claims_is_zero(scores):
    """Issue 13: a claim no arm changes (the first close) once counted as read, so the pure reciter
    read 0.24 on the perturbed arms. Only distinguishable claims count now."""
    overall = scores["reciter"].summary["overall"]
    assert overall["distinguishable"] > 100
    assert overall["read_rate"] == 0.0 and overall["recited_rate"] == 1.0
    first_closes = [row for row in scores["reciter"].claims
                    if "-real-" not in row["cell_id"] and row["metric"] == "price_level" and row["anchor"] == "start"]
    assert first_closes and all(row["detail"] == "supported" and not row["distinguishable"] for row in first_closes), \
        "the first close is the same on every arm: supported, and not counted as reading"


def test_faithful_reads_everything_and_the_fabricator_nothing(scores):
    faithful, fabricator = scores["faithful"].summary["overall"], scores["fabricator"].summary["overall"]
    assert faithful["read_rate"] == 1.0 and faithful["recited_rate"] == 0.0
    assert fabricator["read_rate"] == 0.0 and fabricator["recited_rate"] < 0.01, "random figures rarely hit the truth"


def test_summary_holds_every_count_and_metric_per_arm_and_context(scores):
    from extractors.metrics import COUNT_NAMES, METRIC_NAMES

    summary = scores["reciter"].summary
    for group in (summary["overall"], *summary["per_arm"].values(), *summary["per_context"].values()):
        assert set(COUNT_NAMES) | set(METRIC_NAMES) <= set(group)
    assert summary["per_arm"]["real"]["read_rate"] is None, "the read rate does not apply to the real arm"
    assert summary["metrics"]["read_rate"]["arms"] == ["inverted", "damped"]
