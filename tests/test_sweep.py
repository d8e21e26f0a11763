"""The arms as one family and the dose-response sweep (issue 17): arithmetic on real panels, the
`sweep` config through `load_dataset`, its scoring, its storage on the board and the slope's canaries."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.arms import ARMS, SWEEP_ARMS, SWEEP_SCALES, Arm, ArmError, apply_arm, scale_of, scaled_arm, transform_bars
from builder.panel import load_panel
from contracts.vocabulary import SWEEP_ARM_NAMES, SWEEP_CONTEXTS
from tests.test_arms import real_windows

SLOPES = {"faithful": 1.0, "reciter": 0.0, "blender": 0.5}
SLOPE_TOLERANCE = 0.02
# Shipped daily moves (any price column on the previous close) stay under 18%: |k| <= 5 keeps every price positive.
MAX_SCALE = 5.0


# ---- the family ----

def test_the_default_arms_are_members_of_the_family_with_their_k():
    assert (scale_of("real"), scale_of("inverted"), scale_of("damped")) == (1.0, -1.0, 0.25)
    assert scaled_arm(-1.0) is ARMS["inverted"] and scaled_arm(0.25) is ARMS["damped"]
    assert [arm.name for arm in SWEEP_ARMS.values()] == list(SWEEP_ARM_NAMES) == ["inverted", "km0.5", "damped", "k0.5", "k2"]
    assert tuple(arm.scale for arm in SWEEP_ARMS.values()) == SWEEP_SCALES


def test_an_unknown_arm_or_a_k_that_makes_a_price_negative_is_refused_by_name():
    august = load_panel("us", "2026-08")
    with pytest.raises(ArmError, match="unknown arm 'k3'"):
        apply_arm(august, "k3")
    with pytest.raises(ArmError, match="zero or negative"):
        Arm("k-100", "too strong", -100.0).apply(august)
    with pytest.raises(ArmError, match="finite"):
        Arm("bad", "", float("nan"))


@settings(max_examples=80, deadline=None)
@given(window=real_windows(), k=st.floats(-MAX_SCALE, MAX_SCALE, allow_nan=False))
def test_any_k_keeps_the_first_bar_ohlc_consistency_and_scales_every_daily_return(window, k):
    shown = transform_bars(window, Arm("any", "", k).transform_return)
    columns = ["open", "high", "low", "close", "volume"]
    np.testing.assert_array_equal(np.nan_to_num(window.iloc[0][columns].to_numpy(dtype=float), nan=-1),
                                  np.nan_to_num(shown.iloc[0][columns].to_numpy(dtype=float), nan=-1))
    assert (shown[["high", "low", "close"]].to_numpy() > 0).all()
    tolerance = 1e-9 * shown["close"].abs().max()
    assert (shown["low"] <= shown["close"] + tolerance).all() and (shown["close"] <= shown["high"] + tolerance).all()
    opens = shown["open"].dropna()
    assert (shown.loc[opens.index, "low"] <= opens + tolerance).all()
    assert (opens <= shown.loc[opens.index, "high"] + tolerance).all()
    true_close, shown_close = window["close"].to_numpy(), shown["close"].to_numpy()
    np.testing.assert_allclose(shown_close[1:] / shown_close[:-1] - 1, k * (true_close[1:] / true_close[:-1] - 1),
                               rtol=0, atol=1e-12)
    assert (shown["volume"].to_numpy() == window["volume"].to_numpy()).all()


@pytest.mark.parametrize("market, month", [("us", "2026-08"), ("lisbon", "2026-02")])
def test_every_sweep_arm_applies_to_a_shipped_panel(market, month):
    real = load_panel(market, month)
    for name, arm in SWEEP_ARMS.items():
        shown = apply_arm(real, name)
        assert shown.arm == name and shown.sessions == real.sessions
        for ticker in real.tickers:
            true_close, moved = real.series(ticker).to_numpy(), shown.series(ticker).to_numpy()
            assert moved[0] == true_close[0]
            np.testing.assert_allclose(moved[1:] / moved[:-1] - 1, arm.scale * (true_close[1:] / true_close[:-1] - 1),
                                       rtol=0, atol=1e-12)


# ---- the config ----

@pytest.fixture(scope="module")
def sweep_build(tmp_path_factory):
    from builder.dataset import build_dataset, default_specs

    out = tmp_path_factory.mktemp("sweep-build")
    build_dataset(out, default_specs(), extras=("sweep",))
    return out


def test_the_default_build_writes_no_sweep_and_its_files_are_unchanged_by_building_one(default_build, sweep_build):
    from builder.dataset import CONFIGS, config_path

    assert not (default_build / "sweep").exists() and not (default_build / "sweep_panels").exists()
    for name in CONFIGS:
        assert (default_build / config_path(name)).read_bytes() == (sweep_build / config_path(name)).read_bytes(), name


def test_the_sweep_config_loads_with_load_dataset(sweep_build, tmp_path):
    from datasets import load_dataset

    from builder.dataset import read_dataset

    rows = load_dataset(str(sweep_build), "sweep", cache_dir=str(tmp_path / "cache"))["test"]
    assert rows.num_rows == len(SWEEP_SCALES) * len(SWEEP_CONTEXTS) * 2
    assert sorted(set(rows["scale"])) == sorted(SWEEP_SCALES) and set(rows["context"]) == set(SWEEP_CONTEXTS)
    assert all(scale_of(arm) == scale for arm, scale in zip(rows["arm"], rows["scale"]))
    panels = load_dataset(str(sweep_build), "sweep_panels", cache_dir=str(tmp_path / "cache"))["test"]
    assert set(panels["arm"]) == set(SWEEP_ARM_NAMES) and set(panels["view"]) == {"shown"}
    header = (sweep_build / "README.md").read_text(encoding="utf-8")
    assert "config_name: sweep\n" in header and "config_name: sweep_panels\n" in header and "w = (c − t) / (s − t)" in header
    built = read_dataset(sweep_build, "sweep")
    assert set(built.cells) == set(rows["cell_id"])


def test_a_sweep_prompt_prints_its_arms_shown_panel(sweep_build):
    from builder.dataset import read_dataset
    from builder.display import price_text
    from builder.universes import get_universe

    built = read_dataset(sweep_build, "sweep")
    cell = built.cells["us-2026-08-k2-sparse"]
    shown = built.shown_panel("us", "2026-08", "k2")
    last = shown.series("NVDA").iloc[-1]
    assert f"close {price_text(last, get_universe('us'))} on" in cell.prompt
    assert price_text(built.true_panel("us", "2026-08").series("NVDA").iloc[-1], get_universe("us")) not in cell.prompt


def test_mcb_run_sends_the_sweep(sweep_build):
    from runner.prompts_source import PromptSource, load_cells

    cells = load_cells(PromptSource(folder=sweep_build), "sweep")
    assert len(cells) == 20 and {cell.arm for cell in cells} == set(SWEEP_ARM_NAMES)


def test_the_build_command_writes_the_sweep_only_when_asked(tmp_path):
    from typer.testing import CliRunner

    from mcb import app

    out = tmp_path / "built"
    result = CliRunner().invoke(app, ["build", "--market", "us", "--out", str(out), "--sweep"])
    assert result.exit_code == 0, result.output
    assert (out / "sweep" / "test-00000-of-00001.parquet").is_file() and (out / "sweep_panels").is_dir()


# ---- scoring the sweep: the slope's canaries ----

@pytest.fixture(scope="module")
def sweep_data(sweep_build):
    from extractors.scoring_data import from_folder

    return from_folder(sweep_build, "sweep")


@pytest.fixture(scope="module")
def sweep_scores(sweep_data):
    from extractors.baselines import BASELINES, baseline_submission
    from extractors.score import score_submission

    return {name: score_submission(baseline_submission(name, sweep_data), sweep_data, model=name) for name in BASELINES}


@pytest.mark.parametrize("name", sorted(SLOPES))
def test_the_sweep_slope_of_each_canary_lands_where_its_name_says(sweep_scores, name):
    response = sweep_scores[name].summary["dose_response"]
    slope = response["slope"]
    assert slope["weight"] == pytest.approx(SLOPES[name], abs=SLOPE_TOLERANCE)
    assert SLOPES[name] - SLOPE_TOLERANCE <= slope["ci_low"] <= slope["ci_high"] <= SLOPES[name] + SLOPE_TOLERANCE
    assert [entry["k"] for entry in response["per_k"]] == sorted(SWEEP_SCALES)
    for entry in response["per_k"]:
        assert entry["weight"] == pytest.approx(SLOPES[name], abs=SLOPE_TOLERANCE), entry["k"]


def test_the_sweep_slope_separates_reader_blender_and_reciter(sweep_scores):
    slopes = sorted((sweep_scores[name].summary["dose_response"]["slope"] for name in SLOPES), key=lambda s: s["weight"])
    assert all(low["ci_high"] < high["ci_low"] for low, high in zip(slopes, slopes[1:]))


def test_a_reader_follows_the_shown_return_across_k_and_a_reciter_stays_at_the_truth(sweep_scores):
    """The plot's points: claimed - true against shown - true, every k."""
    for name, slope in (("faithful", 1.0), ("reciter", 0.0)):
        points = [p for p in sweep_scores[name].summary["dose_response"]["points"] if p["distinguishable"]]
        assert {p["k"] for p in points} == set(SWEEP_SCALES)
        gaps = np.array([[p["shown"] - p["true"], p["claimed"] - p["true"]] for p in points])
        assert np.abs(gaps[:, 1] - slope * gaps[:, 0]).max() < 0.06, name  # stated to one decimal


def test_a_default_submission_has_no_dose_response(sweep_scores, default_build):
    from extractors.baselines import baseline_submission
    from extractors.score import score_submission
    from extractors.scoring_data import from_folder

    data = from_folder(default_build)
    assert "dose_response" not in score_submission(baseline_submission("reciter", data), data).summary
    assert sweep_scores["reciter"].summary["config"] == "sweep"


def test_mcb_score_scores_a_sweep_submission(sweep_build, tmp_path):
    from typer.testing import CliRunner

    from mcb import app

    runner = CliRunner()
    submission = tmp_path / "faithful.jsonl"
    made = runner.invoke(app, ["baseline", "faithful", "--out", str(submission), "--dataset", str(sweep_build), "--config", "sweep"])
    assert made.exit_code == 0, made.output
    scored = runner.invoke(app, ["score", str(submission), "--model", "faithful", "--out", str(tmp_path / "out"),
                                 "--dataset", str(sweep_build), "--config", "sweep", "--no-semantic-margin"])
    assert scored.exit_code == 0, scored.output
    assert "sweep slope" in scored.output
    summary = json.loads((tmp_path / "out" / "summary.json").read_text(encoding="utf-8"))
    assert summary["dose_response"]["slope"]["weight"] == pytest.approx(1.0, abs=SLOPE_TOLERANCE)
    wrong = runner.invoke(app, ["score", str(submission), "--model", "faithful", "--out", str(tmp_path / "out2"),
                                "--dataset", str(sweep_build), "--no-semantic-margin"])
    assert wrong.exit_code == 2 and "unknown cell id" in wrong.output and not (tmp_path / "out2").exists()


# ---- the sweep on the board ----

@pytest.fixture(scope="module")
def sweep_store(sweep_data, tmp_path_factory):
    from leaderboard.store import LocalStore
    from leaderboard.sweep import seed_sweep

    store = LocalStore(tmp_path_factory.mktemp("sweep-store") / "results")
    outcomes = seed_sweep(store, sweep_data)
    assert {o.status for o in outcomes.values()} == {"scored"}
    return store


def test_seeding_the_sweep_twice_adds_nothing(sweep_store, sweep_data):
    from leaderboard.sweep import seed_sweep

    before = sorted(p.relative_to(sweep_store.root) for p in sweep_store.root.rglob("*") if p.is_file())
    assert {o.status for o in seed_sweep(sweep_store, sweep_data).values()} == {"duplicate"}
    assert sorted(p.relative_to(sweep_store.root) for p in sweep_store.root.rglob("*") if p.is_file()) == before
    assert any(str(path).startswith("tracks/sweep/") and path.name == "summary.json" for path in before)


def test_the_stored_slopes_and_points_are_the_scorers(sweep_store, sweep_scores):
    from leaderboard.sweep import CLAIMED_GAP, SHOWN_GAP, plot_frame, points_frame, slopes_frame, sweep_summaries

    summaries = sweep_summaries(sweep_store)
    slopes = slopes_frame(summaries).set_index("model")
    for name, expected in SLOPES.items():
        row = slopes.loc[f"baseline: {name}"]
        assert row["slope"] == sweep_scores[name].summary["dose_response"]["slope"]["weight"]
        assert row["slope 95% CI"].startswith("[") and row["cells"] == 20
    assert slopes.loc["baseline: fabricator", "slope 95% CI"].startswith("—")
    points = points_frame(summaries)
    assert set(points["k"]) == {f"{k:g}" for k in SWEEP_SCALES}
    one = plot_frame(summaries, "baseline: blender")
    fit = one[one["k"] == "fit"]
    assert len(fit) > 10 and np.allclose(fit[CLAIMED_GAP], 0.5 * fit[SHOWN_GAP], atol=0.01)
    assert set(one["series"]) >= {"k = -1", "k = 2"}


def test_a_sweep_submission_is_validated_before_anything_is_stored(sweep_store, sweep_data):
    from leaderboard.store import ModelMeta
    from leaderboard.submit import SubmissionRejected
    from leaderboard.sweep import submit_sweep

    before = sorted(p for p in sweep_store.root.rglob("*") if p.is_file())
    bad = b'{"cell_id": "us-2026-08-real-full", "commentary": "NVDA rose 4%."}\n'
    with pytest.raises(SubmissionRejected, match="unknown cell id"):
        submit_sweep(bad, ModelMeta("m", "r"), sweep_store, sweep_data)
    assert sorted(p for p in sweep_store.root.rglob("*") if p.is_file()) == before


def test_a_script_in_a_model_name_is_text_in_the_slopes_table(sweep_store, sweep_data):
    from extractors.baselines import baseline_submission
    from leaderboard.seed import submission_jsonl
    from leaderboard.store import ModelMeta
    from leaderboard.sweep import slopes_html, submit_sweep, sweep_summaries

    raw = submission_jsonl(baseline_submission("fabricator", sweep_data, seed=99))
    submit_sweep(raw, ModelMeta("<script>alert(1)</script>", "r"), sweep_store, sweep_data)
    out = slopes_html(sweep_summaries(sweep_store))
    assert "<script>" not in out and "&lt;script&gt;alert(1)&lt;/script&gt;" in out


def test_mcb_submit_stores_a_sweep_submission_and_the_ranking_prints_its_slope(sweep_build, tmp_path):
    from typer.testing import CliRunner

    from mcb import app

    runner = CliRunner()
    submission, results = tmp_path / "blender.jsonl", tmp_path / "results"
    runner.invoke(app, ["baseline", "blender", "--out", str(submission), "--dataset", str(sweep_build), "--config", "sweep"])
    stored = runner.invoke(app, ["submit", str(submission), "--model", "blender", "--revision", "r1", "--config", "sweep",
                                 "--results", str(results), "--dataset", str(sweep_build)])
    assert stored.exit_code == 0, stored.output
    assert "sweep: scored" in stored.output and "slope 0.500" in stored.output
    printed = runner.invoke(app, ["leaderboard", "--no-serve", "--results", str(results)])
    assert printed.exit_code == 0 and "dose-response sweep" in printed.output and "0.500" in printed.output
    rejected = runner.invoke(app, ["submit", str(submission), "--model", "blender", "--revision", "r1",
                                   "--results", str(tmp_path / "other"), "--dataset", str(sweep_build)])
    assert rejected.exit_code == 2 and "unknown cell id" in rejected.output


# ---- the sweep under hostile input (issue 16): names checked, rows owned, damage read past ----

def test_a_sweep_name_is_checked_and_owned_like_a_board_name(sweep_build, tmp_path):
    from typer.testing import CliRunner

    from mcb import app

    runner = CliRunner()
    submission, other, results = tmp_path / "blender.jsonl", tmp_path / "reciter.jsonl", tmp_path / "results"
    for name, path in (("blender", submission), ("reciter", other)):
        runner.invoke(app, ["baseline", name, "--out", str(path), "--dataset", str(sweep_build), "--config", "sweep"])
    common = ["--config", "sweep", "--results", str(results), "--dataset", str(sweep_build)]
    bidi = runner.invoke(app, ["submit", str(submission), "--model", "blend\u202eer", "--revision", "r1",
                               "--submitter", "alice", *common])
    assert bidi.exit_code == 2 and "name" in bidi.output and "Traceback" not in bidi.output
    assert not (results / "tracks").exists()
    stored = runner.invoke(app, ["submit", str(submission), "--model", "blender", "--revision", "r1",
                                 "--submitter", "alice", *common])
    assert stored.exit_code == 0 and "sweep: scored" in stored.output, stored.output
    taken = runner.invoke(app, ["submit", str(other), "--model", "Blender", "--revision", "r1", "--submitter", "mallory",
                                *common])
    assert taken.exit_code == 2 and "held by alice" in taken.output, taken.output
    again = runner.invoke(app, ["submit", str(submission), "--model", "another", "--revision", "r2",
                                "--submitter", "bob", *common])
    assert again.exit_code == 0 and "duplicate" in again.output and "'blender' revision 'r1' by alice" in again.output
    mine = runner.invoke(app, ["submit", str(other), "--model", "blender", "--revision", "r1", "--submitter", "alice",
                               *common])
    assert mine.exit_code == 0 and "sweep: scored" in mine.output, mine.output


# (case, how a stored sweep summary is corrupted): each must be named while every other summary is shown.
SWEEP_CORRUPTIONS = (
    ("not JSON", lambda s: b"{not json"),
    ("a list", lambda s: json.dumps([s]).encode()),
    ("no model name", lambda s: json.dumps({**s, "model": None}).encode()),
    ("a point without numbers", lambda s: json.dumps({**s, "dose_response": {**s["dose_response"], "points": [{"k": "x"}]}}).encode()),
    ("a per-k entry without k", lambda s: json.dumps({**s, "dose_response": {**s["dose_response"], "per_k": [{"weight": 1}]}}).encode()),
    ("a slope that is text", lambda s: json.dumps({**s, "dose_response": {**s["dose_response"], "slope": {"weight": "high"}}}).encode()),
)


@pytest.mark.parametrize("corrupt", [how for _, how in SWEEP_CORRUPTIONS], ids=[name for name, _ in SWEEP_CORRUPTIONS])
def test_a_damaged_sweep_summary_is_named_and_the_rest_is_shown(sweep_data, tmp_path, corrupt):
    from typer.testing import CliRunner

    from leaderboard.store import LocalStore
    from leaderboard.sweep import SWEEP, seed_sweep, slopes_frame, sweep_summaries
    from mcb import app

    store = LocalStore(tmp_path / "results")
    seed_sweep(store, sweep_data)
    victim = store.track_ids(SWEEP)[0]
    path = store.root / "tracks" / SWEEP / victim / "summary.json"
    path.write_bytes(corrupt(json.loads(path.read_bytes())))
    fresh = LocalStore(store.root)
    summaries = sweep_summaries(fresh)
    assert len(summaries) == len(store.track_ids(SWEEP)) - 1 and len(slopes_frame(summaries)) == len(summaries)
    assert any(item.path == f"tracks/{SWEEP}/{victim}/summary.json" for item in fresh.contents().damage)
    printed = CliRunner().invoke(app, ["leaderboard", "--no-serve", "--results", str(store.root)])
    assert printed.exit_code == 0 and "Traceback" not in printed.output, printed.output
    assert "dose-response sweep" in printed.output and f"tracks/{SWEEP}/{victim}/summary.json" in printed.output
