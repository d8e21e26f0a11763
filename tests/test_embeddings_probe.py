"""Section 5.8's probe: the statistics against hand-computed values, and a reduced run end to end."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
import typer
from typer.testing import CliRunner

from extractors.embeddings.cli import register
from extractors.embeddings.encoder import Encoder
from extractors.embeddings.memorisation_probe import (
    FEATURES,
    TARGETS,
    compare_within,
    ridge_predict,
    rolling_predictions,
    run_probe,
    shipped_months,
    steiger_z,
    williams_t,
)

# Steiger (1980) case B as run in psych::r.test's documentation: n = 103, r12 = .4, r13 = .5, r23 = .1,
# which reports "t value -0.89 with probability < 0.37" for Williams's test.
N, R12, R13, R23 = 103, 0.4, 0.5, 0.1


def test_williams_t_matches_the_textbook_example():
    # By hand: |R| = 1 - .16 - .25 - .01 + 2(.4)(.5)(.1) = .62; rbar = .45;
    # t = -.1 * sqrt(102 * 1.1 / (2 * 102/100 * .62 + .45^2 * .9^3)) = -.1 * sqrt(112.2 / 1.412423) = -0.89128
    t, p = williams_t(R12, R13, R23, N)
    assert t == pytest.approx(-0.89128, abs=1e-4)
    assert p == pytest.approx(0.3749, abs=1e-3)


def test_steiger_z_matches_a_hand_computation():
    # z12 - z13 = atanh(.4) - atanh(.5) = .423649 - .549306 = -.125657
    # psi = .1(1 - 2(.2025)) - .5(.2025)(1 - 2(.2025) - .01) = .0595 - .0592313 = .0002688
    # c = psi / (1 - .2025)^2 = .0004226;  Z = -.125657 * sqrt(100) / sqrt(2 - 2c) = -0.88872
    z, p = steiger_z(R12, R13, R23, N)
    assert z == pytest.approx(-0.88872, abs=1e-4)
    assert p == pytest.approx(2 * (1 - 0.81292), abs=2e-3)


def test_equal_correlations_give_no_difference():
    assert williams_t(0.6, 0.6, 0.3, 50)[0] == 0 and steiger_z(0.6, 0.6, 0.3, 50)[0] == 0
    with pytest.raises(ValueError):
        williams_t(0.6, 0.5, 0.3, 3)


def test_ridge_matches_the_primal_closed_form_with_an_unpenalised_intercept():
    rng = np.random.default_rng(1)
    x, y, new = rng.standard_normal((12, 5)), rng.standard_normal(12), rng.standard_normal((2, 5))
    centred, lam = x - x.mean(axis=0), 0.3
    weights = np.linalg.solve(centred.T @ centred + lam * np.eye(5), centred.T @ (y - y.mean()))
    expected = y.mean() + (new - x.mean(axis=0)) @ weights
    assert np.allclose(ridge_predict(x, y, new, lam), expected)


def test_rolling_predictions_use_only_the_past():
    rng = np.random.default_rng(2)
    features, values = rng.standard_normal((30, 4)), rng.standard_normal(30)
    actual, predicted, average = rolling_predictions(features, values, window=10)
    assert len(actual) == 20 and average[0] == pytest.approx(values[:10].mean())
    changed = values.copy()
    changed[25:] += 100  # the future moves; earlier predictions must not
    _, predicted_again, _ = rolling_predictions(features, changed, window=10)
    assert np.allclose(predicted[:15], predicted_again[:15])


def test_within_series_correlation_ignores_level_gaps_between_tickers():
    rng = np.random.default_rng(3)
    groups = []
    for level in (1.0, 200.0):
        actual = level + rng.standard_normal(40)
        groups.append((actual, level + rng.standard_normal(40), level + rng.standard_normal(40)))
    comparison = compare_within(groups)
    assert abs(comparison.r_model) < 0.4 and abs(comparison.r_benchmark) < 0.4  # pooled raw values would give ~1
    assert comparison.n == 80 - 1 and math.isfinite(comparison.t)


@pytest.fixture(scope="module")
def encoder(tmp_path_factory):
    return Encoder.create(cache_dir=tmp_path_factory.mktemp("probe-cache"))


def test_shipped_months_are_found():
    assert {"2026-01", "2026-02"} <= set(shipped_months("lisbon"))


def test_reduced_probe_runs_every_placebo_and_says_this_is_the_control(encoder):
    report = run_probe(encoder, markets=("lisbon",), months={"lisbon": ["2026-02"]}, window=8, targets=TARGETS[:1],
                       progress=False)
    assert [row.features for row in report.rows] == [f.name for f in FEATURES]
    assert all(row.comparison.n > 50 and math.isfinite(row.comparison.r_model) for row in report.rows)
    assert "2021" in report.note and "no memorisation is expected" in report.note
    again = run_probe(encoder, markets=("lisbon",), months={"lisbon": ["2026-02"]}, window=8, targets=TARGETS[:1],
                      progress=False)
    assert [r.comparison for r in again.rows] == [r.comparison for r in report.rows]  # seeded placebos


def test_cli_prints_the_table_and_writes_json(encoder, tmp_path):
    app = typer.Typer()
    register(app)
    out = tmp_path / "probe.json"
    result = CliRunner().invoke(app, ["probe", "embeddings", "--market", "lisbon", "--month", "2026-02", "--window", "8",
                                      "--cache", str(encoder.cache_dir), "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "Williams" in result.output and "shuffled" in result.output and "Control" in result.output
    rows = json.loads(out.read_text())["rows"]
    assert {row["features"] for row in rows} == {f.name for f in FEATURES} and len(rows) == 2 * len(FEATURES)


def test_cli_names_a_bad_window():
    app = typer.Typer()
    register(app)
    result = CliRunner().invoke(app, ["probe", "embeddings", "--market", "lisbon", "--month", "2026-02", "--window", "500"])
    assert result.exit_code == 2 and "shorter window" in result.output


def test_cli_names_the_shipped_months_when_none_match():
    app = typer.Typer()
    register(app)
    result = CliRunner().invoke(app, ["probe", "embeddings", "--month", "2025-08"])
    assert result.exit_code == 2 and "shipped" in result.output and "2026-08" in result.output
