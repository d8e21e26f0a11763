"""`mcb submit`: the Submit page's path from the command line, for the main board and for tracks."""

from __future__ import annotations

import re

import json

from typer.testing import CliRunner

from contracts.jsonl import numbered_lines
from leaderboard.store import open_store
from mcb import app


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def store_snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_submission_is_scored_stored_once_and_a_broken_one_changes_nothing(default_build, tmp_path):
    sub, results = tmp_path / "faithful.jsonl", tmp_path / "results"
    assert invoke("baseline", "faithful", "--dataset", default_build, "--out", sub).exit_code == 0
    common = ("--model", "my-model", "--revision", "r1", "--dataset", default_build, "--results", results)

    first = invoke("submit", sub, *common, "--knowledge-cutoff", "2025-06", "--params", "8")
    assert first.exit_code == 0, first.output
    assert "scored: scored and stored as" in first.output
    [record] = open_store(results, None).records()
    assert record.meta.name == "my-model" and record.meta.params_b == 8.0 and record.failures == 0

    again = invoke("submit", sub, *common)
    assert again.exit_code == 0 and "duplicate: this exact file is already stored" in again.output

    before = store_snapshot(results)
    lines = [raw for _, raw in numbered_lines(sub.read_text(encoding="utf-8"))]
    broken = tmp_path / "broken.jsonl"
    broken.write_text(lines[0] + "\n" + json.dumps({"cell_id": "mars-2026-08-real-full", "commentary": "x"}) + "\n",
                      encoding="utf-8")
    rejected = invoke("submit", broken, *common)
    assert rejected.exit_code == 2
    assert "line 2" in rejected.output and "cell_id" in rejected.output
    assert store_snapshot(results) == before


def test_a_track_submission_is_stored_with_its_verdict(default_build, tmp_path):
    sub, results = tmp_path / "guesser.jsonl", tmp_path / "results"
    assert invoke("tracks", "baseline", "masked", "guesser", "--dataset", default_build, "--out", sub).exit_code == 0
    result = invoke("submit", sub, "--track", "masked", "--model", "guess", "--revision", "r",
                    "--dataset", default_build, "--results", results)
    assert result.exit_code == 0, result.output
    assert "track masked: scored" in result.output and "verdict pass" in result.output
    assert len(open_store(results, None).track_ids("masked")) == 1
    unknown = invoke("submit", sub, "--track", "telepathy", "--model", "g", "--revision", "r",
                     "--dataset", default_build, "--results", results)
    assert unknown.exit_code == 2 and "unknown track" in unknown.output


def test_the_readme_path_mcb_run_then_mcb_submit_puts_the_model_on_the_board(default_build, tmp_path):
    """`mcb run` against the OpenAI-compatible stand-in (one call refused: a failed line, commentary null),
    then `mcb submit` on exactly the file it wrote, then the board lists the model."""
    from builder.dataset import read_dataset
    from tests.openai_standin import RunningStandIn, StandIn

    out, results = tmp_path / "run.jsonl", tmp_path / "results"
    refused = frozenset({read_dataset(default_build).cells["us-2026-08-damped-full"].prompt})
    with RunningStandIn(StandIn(failing_prompts=refused, failing_mode="refusal")) as server:
        ran = invoke("run", "--model", "standin-model", "--base-url", server.base_url, "--out", out,
                     "--dataset", default_build, "--concurrency", "2")
    assert ran.exit_code == 1, ran.output  # one failed line: the run says so
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").split("\n") if line]
    [failed] = [line for line in lines if line["status"] == "failed"]
    assert failed["commentary"] is None and {"attempts", "model", "n_tokens"} <= set(failed)

    submitted = invoke("submit", out, "--model", "standin-model", "--revision", "r1", "--dataset", default_build,
                       "--results", results)
    assert submitted.exit_code == 0, submitted.output
    assert "scored: scored and stored as" in submitted.output
    [record] = open_store(results, None).records()
    assert record.failures == 1 and record.lines == len(lines)

    board = invoke("leaderboard", "--no-serve", "--results", results)
    assert board.exit_code == 0, board.output
    assert "standin-model" in board.output
    # figures as the page shows them: a share as "62.3%", a rate with its interval beside it, never a raw float
    assert "± 95% CI" in board.output and re.search(r"\d+\.\d% ± (\d+\.\d|—)", board.output), board.output
    assert not re.search(r"\d\.\d{4,}", re.sub(r"\d+\.\d+\.\d+\+\w+", "", board.output)), board.output
