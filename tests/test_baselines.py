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
