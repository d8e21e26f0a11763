"""The runner's parts on their own: retries, prompt sources, the line format (the guard: tests/test_guard.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from builder.dataset import read_dataset
from mcb import app
from runner.client import RetryPolicy, server_root
from runner.prompts_source import PromptSource, PromptSourceError, load_cells, parse_source, select_cells
from runner.records import AnswerLine, RecordError
from tests.openai_standin import RunningStandIn, StandIn

LINE = dict(
    cell_id="us-2026-08-real-none", sample=0, status="ok", commentary="NVDA rose 4.2%.", error=None, failure=None,
    model="m", server_model="m", temperature=0.0, max_tokens=100, num_ctx=None, n_tokens=97, prompt_tokens=110,
    completion_tokens=20, finish_reason="stop", latency_s=0.5, attempts=1, release="2026.08",
    finished_at="2026-08-31T00:00:00+00:00",
)


def test_retry_after_from_the_server_wins_over_backoff():
    policy = RetryPolicy(attempts=4, base_delay_s=2.0, max_delay_s=30.0)
    assert [policy.delay(n, None) for n in (1, 2, 3)] == [2.0, 4.0, 8.0]
    assert policy.delay(3, 0.0) == 0.0 and policy.delay(1, 500.0) == 30.0
    with pytest.raises(ValueError, match="attempts"):
        RetryPolicy(attempts=0)


def test_ollama_native_endpoints_live_at_the_server_root():
    assert server_root("http://localhost:11434/v1") == "http://localhost:11434"
    assert server_root("http://localhost:11434/v1/") == "http://localhost:11434"


def test_dataset_option_takes_a_folder_or_a_pinned_hub_repo(default_build):
    assert parse_source(default_build) == PromptSource(folder=Path(default_build))
    assert parse_source("org/market-claim-bench@2026.08") == PromptSource(repo="org/market-claim-bench", revision="2026.08")
    assert parse_source("org/market-claim-bench") == PromptSource(repo="org/market-claim-bench")
    with pytest.raises(PromptSourceError, match="neither an existing folder"):
        parse_source("not a repo")


def test_the_hub_path_reads_the_same_cells_as_the_folder(default_build):
    """`load_dataset(repo, "prompts")` works on a local folder too, so the Hub code path runs offline."""
    via_hub = load_cells(PromptSource(repo=str(default_build)))
    assert via_hub == list(read_dataset(default_build).cells.values())


def test_a_release_published_before_n_tokens_max_still_loads(default_build, tmp_path):
    """Older releases lack the upper-bound column; it is the prompt's byte count, so it is computed."""
    import shutil

    import pyarrow.parquet as pq

    from builder.dataset import config_path

    old = tmp_path / "old-release"
    shutil.copytree(default_build, old)
    prompts = old / config_path("prompts")
    pq.write_table(pq.read_table(prompts).drop_columns(["n_tokens_max"]), prompts)
    assert load_cells(PromptSource(repo=str(old))) == list(read_dataset(default_build).cells.values())


def test_config_option_sends_a_track_from_a_folder_or_the_hub_path(default_build):
    masked = load_cells(parse_source(default_build), "masked")
    assert len(masked) == 12 and all("-masked" in cell.cell_id or "-reconstruct" in cell.cell_id for cell in masked)
    assert load_cells(PromptSource(repo=str(default_build)), "masked") == masked
    recall = load_cells(parse_source(default_build), "recall")
    assert {cell.cell_id for cell in recall}.isdisjoint(read_dataset(default_build).cells)
    with pytest.raises(PromptSourceError, match="no prompts to send"):
        load_cells(parse_source(default_build), "panels")


def test_cell_globs_select_and_a_glob_matching_nothing_is_an_error(default_build):
    cells = load_cells(parse_source(default_build))
    assert [cell.cell_id for cell in select_cells(cells, "lisbon-*-real-*")] == [
        f"lisbon-2026-02-real-{context}" for context in ("full", "sparse", "none", "probe")
    ]
    assert len(select_cells(cells, "us-*-full, us-*-none")) == 6
    with pytest.raises(PromptSourceError, match="matches no cell"):
        select_cells(cells, "mars-*")


def test_an_ok_line_must_carry_text_and_a_failed_line_never_does():
    AnswerLine(**LINE)
    with pytest.raises(RecordError, match="needs commentary text"):
        AnswerLine(**{**LINE, "commentary": "  "})
    with pytest.raises(RecordError, match="commentary null"):
        AnswerLine(**{**LINE, "status": "failed", "failure": "empty", "error": "empty: no text"})
    with pytest.raises(RecordError, match="failure kind"):
        AnswerLine(**{**LINE, "status": "failed", "commentary": None, "failure": "oops", "error": "x"})


def test_the_runners_output_passes_the_scorers_submission_validator(default_build, tmp_path):
    """The check `mcb score` runs before scoring (contracts.submission), on a run with ok and failed lines."""
    submission = pytest.importorskip("contracts.submission")
    cells = read_dataset(default_build).cells
    out = tmp_path / "run.jsonl"
    broken = frozenset({cells["us-2026-08-damped-full"].prompt})
    with RunningStandIn(StandIn(failing_prompts=broken, failing_mode="refusal")) as server:
        result = CliRunner().invoke(app, ["run", "--model", "standin-model", "--base-url", server.base_url,
                                          "--out", str(out), "--dataset", str(default_build), "--cells", "us-*"])
    assert result.exit_code == 1
    responses = submission.read_submission(out, set(cells))
    assert len(responses) == 12
    [failed] = [response for response in responses if response.failed]
    assert failed.cell_id == "us-2026-08-damped-full" and failed.error.startswith("refusal")


def test_mcb_score_accepts_a_run_against_the_stand_in(default_build, tmp_path):
    """Done-when of issue 5: the runner's file goes straight into `mcb score` (exit 0, summary written)."""
    pytest.importorskip("extractors.score")
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn()) as server:
        ran = CliRunner().invoke(app, ["run", "--model", "standin-model", "--base-url", server.base_url,
                                       "--out", str(out), "--dataset", str(default_build), "--concurrency", "2"])
    assert ran.exit_code == 0, ran.output
    scored = CliRunner().invoke(app, ["score", str(out), "--model", "standin-model", "--out", str(tmp_path / "scored"),
                                      "--dataset", str(default_build)])
    assert scored.exit_code == 0, scored.output
    assert (tmp_path / "scored" / "summary.json").exists()
