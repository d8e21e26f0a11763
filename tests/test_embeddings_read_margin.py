"""The semantic read margin separates reading from recall on the baselines, and its test is honest."""

from __future__ import annotations

import json

import numpy as np
import pytest

from extractors.baselines import baseline_submission
from extractors.embeddings.encoder import CACHE_ENV, Encoder, default_cache_dir, text_hash
from extractors.embeddings.read_margin import (
    PERTURBED_ARMS,
    clauses,
    compare_read_margins,
    paired_permutation_test,
    semantic_read_margin,
    sign_flip_test,
)
from extractors.scoring_data import in_memory
from contracts.submission import Response

CLEARLY = 0.05  # a margin this far from zero is "clearly" signed: baselines sit near +/-0.1


@pytest.fixture(scope="module")
def encoder(tmp_path_factory):
    return Encoder.create(cache_dir=tmp_path_factory.mktemp("embeddings-cache"))


@pytest.fixture(scope="module")
def data():
    return in_memory()


@pytest.fixture(scope="module")
def margins(data, encoder):
    return {name: semantic_read_margin(baseline_submission(name, data), data, encoder=encoder)
            for name in ("faithful", "reciter", "fabricator")}


def test_faithful_baseline_is_clearly_closer_to_the_shown_month(margins):
    faithful = margins["faithful"]
    assert faithful["overall"] > CLEARLY and faithful["p_value"] < 0.01
    assert all(faithful["per_arm"][arm] > 0 for arm in PERTURBED_ARMS)


def test_reciter_baseline_is_clearly_closer_to_the_true_month(margins):
    reciter = margins["reciter"]
    assert reciter["overall"] < -CLEARLY and reciter["p_value"] < 0.01
    assert all(reciter["per_arm"][arm] < 0 for arm in PERTURBED_ARMS)
    assert all(reciter["per_arm_p_value"][arm] < 0.01 for arm in PERTURBED_ARMS)


def test_faithful_and_reciter_differ_significantly_cell_by_cell(margins):
    comparison = compare_read_margins(margins["faithful"]["per_cell"], margins["reciter"]["per_cell"])
    assert comparison["difference"] > 2 * CLEARLY and comparison["p_value"] < 0.01 and comparison["n"] >= 8


def test_fabricator_baseline_sits_near_zero(margins):
    """Random figures in narrator wording are close to neither month: the margin is not a wording bias."""
    assert abs(margins["fabricator"]["overall"]) < CLEARLY / 2


def test_summary_has_the_keys_the_scorer_and_board_read(margins):
    summary = margins["faithful"]
    assert {"overall", "per_arm", "p_value", "n"} <= set(summary)
    assert set(summary["per_arm"]) == set(PERTURBED_ARMS)
    json.dumps(summary)  # it goes into summary.json as is


def test_real_arm_failed_lines_and_refusals_carry_no_margin(data, encoder):
    refusal = "No price data was provided for August 2026, so I cannot state how these stocks performed without guessing."
    lines = [
        Response(1, "us-2026-08-real-full", "NVDA rose 8.4% in August 2026."),
        Response(2, "us-2026-08-inverted-full", "", status="failed", error="timeout"),
        Response(3, "us-2026-08-inverted-none", refusal),
    ]
    summary = semantic_read_margin(lines, data, encoder=encoder)
    assert summary["responses"] == 1 and summary["off_topic"] == 1
    assert summary["n"] == 0 and summary["overall"] is None and summary["p_value"] is None


def test_an_unknown_cell_is_an_error(data, encoder):
    with pytest.raises(KeyError, match="not-a-cell"):
        semantic_read_margin([{"cell_id": "not-a-cell", "commentary": "x"}], data, encoder=encoder)


def test_clauses_split_at_commas_and_conjunctions_but_keep_decimals_and_abbreviated_dates():
    text = "In Aug. 2026, NVDA rose 8.4% while AMD fell 2.1%. TSLA and AMZN were flat."
    # one-word fragments ("TSLA") carry no statement and are dropped
    assert clauses(text) == ["In Aug. 2026", "NVDA rose 8.4%", "AMD fell 2.1%.", "AMZN were flat."]


def test_sign_flip_test_is_exact_for_few_cells():
    # Three positive values: of the 8 sign patterns only all-plus and all-minus reach |mean| 2.
    test = sign_flip_test([1.0, 2.0, 3.0])
    assert test.exact and test.permutations == 8 and test.p_value == pytest.approx(2 / 8)
    assert sign_flip_test([1.0, -1.0]).p_value == pytest.approx(1.0)


def test_sign_flip_test_is_seeded_and_never_zero_when_sampled():
    values = np.linspace(0.5, 1.5, 30)
    first, second = sign_flip_test(values, permutations=2_000, seed=7), sign_flip_test(values, permutations=2_000, seed=7)
    assert not first.exact and first.p_value == second.p_value == pytest.approx(1 / 2_001)


def test_paired_test_needs_pairs():
    with pytest.raises(ValueError, match="length"):
        paired_permutation_test([1.0, 2.0], [1.0])


def test_embeddings_are_cached_by_text_hash_as_npy(tmp_path, encoder):
    cached = Encoder(model=encoder.model, cache_dir=tmp_path)
    texts = ["NVDA rose 8.4%.", "AMD fell 2.1%.", "NVDA rose 8.4%."]
    vectors = cached.encode(texts, progress=False)
    assert vectors.shape == (3, 384) and np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-4)
    files = sorted(cached.folder.rglob("*.npy"))
    assert [f.stem for f in files] == sorted({text_hash(t) for t in texts})
    assert np.array_equal(np.load(files[0], allow_pickle=False), vectors[[text_hash(t) for t in texts].index(files[0].stem)])
    assert np.array_equal(cached.encode(texts, progress=False), vectors)


def test_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "here"))
    assert default_cache_dir() == tmp_path / "here"


def test_mcb_score_writes_the_margin_into_summary_json(default_build, encoder, tmp_path, monkeypatch):
    import typer
    from typer.testing import CliRunner

    from extractors.cli import register

    monkeypatch.setenv(CACHE_ENV, str(encoder.cache_dir))
    app = typer.Typer()
    register(app)
    submission = tmp_path / "sub.jsonl"
    lines = [{"cell_id": "us-2026-08-inverted-full", "commentary": "NVDA fell 8.2% in August 2026, while AMZN rose."},
             {"cell_id": "us-2026-08-damped-sparse", "commentary": "GOOGL gained 2.3% over the month."}]
    submission.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    out = tmp_path / "scored"
    result = CliRunner().invoke(app, ["score", str(submission), "--model", "m", "--out", str(out), "--dataset", str(default_build)])
    assert result.exit_code == 0, result.output
    margin = json.loads((out / "summary.json").read_text())["semantic_read_margin"]
    assert margin["n"] == 2 and margin["overall"] is not None and set(margin["per_arm"]) == set(PERTURBED_ARMS)
    skipped = CliRunner().invoke(app, ["score", str(submission), "--model", "m", "--out", str(tmp_path / "plain"),
                                       "--dataset", str(default_build), "--no-semantic-margin"])
    assert skipped.exit_code == 0 and "semantic_read_margin" not in json.loads((tmp_path / "plain" / "summary.json").read_text())
