"""The reading weight (issue 17): w = (c - t) / (s - t) per claim, a robust slope per model, its canaries."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractors.baselines import BASELINES, baseline_submission
from extractors.bootstrap import MIN_INTERVAL_CELLS
from extractors.metrics import metric
from extractors.score import CELL_FIELDS, CLAIM_FIELDS, score_submission
from extractors.scoring_data import in_memory
from extractors.weight import (
    FAMILIES,
    FAMILY_OF,
    WeightedClaim,
    claim_weight,
    estimate,
    point_weight,
    resampled_weights,
    weighted_medians,
)

CANARY_WEIGHTS = {"faithful": 1.0, "reciter": 0.0, "blender": 0.5}
CANARY_TOLERANCE = 0.02


@pytest.fixture(scope="module")
def data():
    return in_memory()


@pytest.fixture(scope="module")
def scores(data):
    return {name: score_submission(baseline_submission(name, data), data, model=name) for name in BASELINES}


def _row(metric_name="period_return", value=-4.0, shown=-8.0, true=8.0, distinguishable=True):
    return {"metric": metric_name, "value": value, "shown_value": shown, "true_value": true,
            "distinguishable": distinguishable}


# ---- per claim ----

def test_a_claim_that_states_the_shown_figure_weighs_one_the_true_figure_zero_and_the_midpoint_half():
    assert claim_weight(_row(value=-8.0)) == 1.0
    assert claim_weight(_row(value=8.0)) == 0.0
    assert claim_weight(_row(value=0.0)) == 0.5
    assert claim_weight(_row(value=24.0)) == -1.0, "neither: the far side of the truth"


def test_only_distinguishable_percent_and_price_claims_carry_a_weight():
    assert claim_weight(_row(distinguishable=False)) is None
    assert claim_weight(_row(metric_name="up_days", value=9, shown=9, true=12)) is None, "a count has no half"
    assert claim_weight(_row(metric_name="rank", value="best_return", shown="NVDA", true="TSLA")) is None
    assert claim_weight(_row(value=None)) is None
    assert claim_weight(_row(metric_name="price_level", value=205.0, shown=200.0, true=210.0)) == 0.5


def test_price_levels_enter_in_percent_of_the_true_price():
    lisbon = WeightedClaim.of(_row(metric_name="price_level", value=0.95, shown=0.9, true=1.0))
    us = WeightedClaim.of(_row(metric_name="price_level", value=190.0, shown=180.0, true=200.0))
    assert lisbon.weight == us.weight == 0.5 and lisbon.leverage == pytest.approx(us.leverage) == pytest.approx(10.0)


def test_every_weighted_metric_belongs_to_exactly_one_family():
    assert set(FAMILY_OF) == {m for family in FAMILIES.values() for m in family.metrics}
    assert sum(len(family.metrics) for family in FAMILIES.values()) == len(FAMILY_OF)
    assert set(FAMILIES) == {"returns", "price_levels", "drawdown_volatility"}


def test_claims_jsonl_carries_each_claims_weight_as_the_formula_gives_it(scores):
    assert "weight" in CLAIM_FIELDS
    for result in scores.values():
        for row in result.claims:
            assert row["weight"] == claim_weight(row)
            if row["weight"] is not None:
                assert row["distinguishable"] and row["metric"] in FAMILY_OF and row["cell_id"].split("-")[3] != "real"
    weighted = [row for row in scores["blender"].claims if row["weight"] is not None]
    assert len(weighted) > 100 and all(abs(row["weight"] - 0.5) < 0.05 for row in weighted)


# ---- the estimator ----

@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.floats(-5, 5, allow_nan=False), st.floats(0.01, 50)), min_size=1, max_size=40))
def test_the_weighted_median_minimises_the_absolute_deviations_through_the_origin(claims):
    """LAD through the origin: sum |(c - t) - b (s - t)| = sum |s - t| |w - b| is smallest at the estimate."""
    w = np.array([c[0] for c in claims])
    lever = np.array([c[1] for c in claims])
    b = weighted_medians(w, lever[None, :])[0]

    def loss(slope: float) -> float:
        return float(np.sum(lever * np.abs(w - slope)))

    assert loss(b) <= min(loss(x) for x in (*w, b - 0.01, b + 0.01)) + 1e-9 * (1 + loss(b))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.tuples(st.sampled_from([-1.0, 0.0, 0.25, 0.5, 1.0, 2.5]), st.sampled_from([0.5, 1.0, 3.0])),
                         max_size=5), min_size=1, max_size=12), st.integers(0, 10_000))
def test_the_bisection_over_resamples_is_the_weighted_median_of_each_resamples_mass(cells, seed):
    """`resampled_weights` searches instead of summing; it must give the definition's answer, ties included."""
    from extractors.bootstrap import resample_weights

    claims = [[(w, lever, "returns") for w, lever in cell] for cell in cells]
    draws = resample_weights(len(cells), 50, seed)
    values = np.array([c[0] for cell in claims for c in cell])
    mass = np.array([[draws[b, j] * c[1] for j, cell in enumerate(claims) for c in cell] for b in range(len(draws))])
    expected = weighted_medians(values, mass.reshape(len(draws), len(values))) if len(values) else np.full(50, np.nan)
    np.testing.assert_allclose(resampled_weights(claims, draws), expected, atol=1e-12)


def test_one_wild_claim_moves_the_estimate_by_one_claim_not_by_its_size():
    steady = [(1.0, 5.0, "returns")] * 9
    assert point_weight([*steady, (-500.0, 5.0, "returns")]) == 1.0
    assert point_weight([*steady, (500.0, 5.0, "returns")]) == 1.0


def test_resampling_counts_a_cell_as_often_as_it_is_drawn():
    cells = [[(0.0, 1.0, "returns")], [(1.0, 1.0, "returns")], [(1.0, 1.0, "returns")]]
    draws = np.array([[3, 0, 0], [0, 2, 1], [1, 1, 1], [0, 0, 0]], dtype=float)
    out = resampled_weights(cells, draws)
    assert out[0] == 0.0 and out[1] == 1.0 and out[2] == 1.0 and np.isnan(out[3])


def test_an_estimate_over_too_few_cells_has_a_point_and_no_interval():
    few = estimate([[(1.0, 1.0, "returns")]] * (MIN_INTERVAL_CELLS - 1) + [[]] * 10)
    assert few.weight == 1.0 and few.low is None and "5 needed" in few.note
    none = estimate([[]] * 10)
    assert none.weight is None and none.claims == 0 and none.note


# ---- the canaries ----

@pytest.mark.parametrize("name", sorted(CANARY_WEIGHTS))
def test_each_canarys_reading_weight_lands_where_its_name_says(scores, name):
    expected = CANARY_WEIGHTS[name]
    section = scores[name].summary["reading_weight"]
    overall = section["overall"]
    assert overall["weight"] == pytest.approx(expected, abs=CANARY_TOLERANCE)
    assert expected - CANARY_TOLERANCE <= overall["ci_low"] <= overall["weight"] <= overall["ci_high"] <= expected + CANARY_TOLERANCE
    assert scores[name].summary["overall"]["reading_weight"] == overall["weight"], "the registry's metric is the same figure"
    for arm in ("inverted", "damped"):
        assert section["per_arm"][arm]["weight"] == pytest.approx(expected, abs=CANARY_TOLERANCE), arm
    for family, entry in section["per_family"].items():
        assert entry["weight"] == pytest.approx(expected, abs=CANARY_TOLERANCE), family


def test_the_fabricator_is_neither_reader_nor_reciter_and_its_interval_excludes_both(scores):
    overall = scores["fabricator"].summary["reading_weight"]["overall"]
    assert overall["ci_high"] < -CANARY_TOLERANCE, overall


def test_the_canaries_intervals_do_not_overlap(scores):
    intervals = sorted((scores[n].summary["reading_weight"]["overall"]["ci_low"],
                        scores[n].summary["reading_weight"]["overall"]["ci_high"]) for n in CANARY_WEIGHTS)
    assert all(high < low for (_, high), (low, _) in zip(intervals, intervals[1:]))


def test_the_blender_is_invisible_to_the_verdicts_and_plain_to_the_weight(scores):
    """The issue's motivation: a blend reads as approx or fabricated, neither read nor recited."""
    overall = scores["blender"].summary["overall"]
    assert overall["recited_rate"] == 0.0 and overall["read_rate"] < 0.25
    assert overall["reading_weight"] == pytest.approx(0.5, abs=CANARY_TOLERANCE)


# ---- summary.json and cells.csv ----

def test_summary_has_the_weight_overall_per_arm_per_context_and_per_family_with_intervals(scores, data):
    section = scores["faithful"].summary["reading_weight"]
    assert set(section) == {"definition", "overall", "per_arm", "per_context", "per_family"}
    assert set(section["per_arm"]) == {"real", "inverted", "damped"}
    assert set(section["per_context"]) == {"full", "sparse", "none", "probe"}
    assert section["per_arm"]["real"]["weight"] is None, "on real nothing is distinguishable"
    keys = {"weight", "ci_low", "ci_high", "claims", "cells_with_claims", "cells", "note"}
    for entry in (section["overall"], *section["per_arm"].values(), *section["per_context"].values()):
        assert keys <= set(entry)
    assert section["overall"]["cells"] == len(data.cells)
    # a context holds 2 markets x 2 perturbed arms = 4 cells with claims: too few for an interval, said so
    assert section["per_context"]["full"]["ci_low"] is None and "5 needed" in section["per_context"]["full"]["note"]


def test_cells_csv_holds_each_cells_weight(scores, tmp_path):
    name = metric("reading_weight").name
    assert name in CELL_FIELDS
    paths = scores["blender"].write(tmp_path)
    text = paths[1].read_text(encoding="utf-8").split("\n")
    header = text[0].split(",")
    column = header.index(name)
    values = {line.split(",")[0]: line.split(",")[column] for line in text[1:] if line}
    assert values["us-2026-08-real-full"] == "" and values["us-2026-08-damped-none"] == ""
    assert float(values["us-2026-08-inverted-full"]) == pytest.approx(0.5, abs=CANARY_TOLERANCE)
    summary = json.loads(paths[2].read_text(encoding="utf-8"))
    assert summary["reading_weight"]["overall"]["weight"] == pytest.approx(0.5, abs=CANARY_TOLERANCE)


def test_mcb_score_writes_the_weight_with_intervals(tmp_path, default_build):
    from typer.testing import CliRunner

    from mcb import app

    submission = tmp_path / "blender.jsonl"
    runner = CliRunner()
    made = runner.invoke(app, ["baseline", "blender", "--out", str(submission), "--dataset", str(default_build)])
    assert made.exit_code == 0, made.output
    out = tmp_path / "scores"
    scored = runner.invoke(app, ["score", str(submission), "--model", "blender", "--out", str(out), "--dataset",
                                 str(default_build), "--no-semantic-margin"])
    assert scored.exit_code == 0, scored.output
    assert "reading weight: 0.500 [0.500, 0.50" in " ".join(scored.output.split())
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["reading_weight"]["overall"]["ci_low"] is not None
    rows = [json.loads(line) for line in (out / "claims.jsonl").read_text(encoding="utf-8").split("\n") if line]
    assert any(row["weight"] is not None for row in rows) and all("weight" in row for row in rows)
