"""A track answered by `mcb run` (against the local OpenAI-compatible stand-in) and scored by `mcb tracks score`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import runner.cli
from builder.tracks.common import read_track_rows
from contracts.jsonl import read_jsonl
from mcb import app
from runner.client import RetryPolicy
from tests.openai_standin import RunningStandIn, StandIn


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch):
    monkeypatch.setattr(runner.cli, "RETRY_POLICY", RetryPolicy(attempts=2, base_delay_s=0.01, max_delay_s=0.05))


def test_an_exported_track_is_answered_by_mcb_run_and_scored(default_build, tmp_path):
    cli = CliRunner()
    folder = tmp_path / "masked-track"
    exported = cli.invoke(app, ["tracks", "export", "masked", "--dataset", str(default_build), "--out", str(folder)])
    assert exported.exit_code == 0, exported.output
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn()) as server:
        ran = cli.invoke(app, ["run", "--model", "standin-model", "--base-url", server.base_url, "--out", str(out),
                               "--dataset", str(folder), "--timeout", "5"])
        sent = server.state.prompts_sent()
    assert ran.exit_code == 0, ran.output
    rows = read_track_rows(default_build, "masked")
    assert sorted(sent) == sorted(row["prompt"] for row in rows)
    lines = read_jsonl(out)
    assert {line["cell_id"] for line in lines} == {row["cell_id"] for row in rows}
    scored = cli.invoke(app, ["tracks", "score", "masked", str(out), "--dataset", str(default_build),
                              "--out", str(tmp_path / "scores")])
    assert scored.exit_code == 0, scored.output
    summary = json.loads((tmp_path / "scores" / "summary.json").read_text())
    # the stand-in's canned commentary names no stock: identification stays at zero, nothing failed
    assert summary["status"] == "pass" and summary["failures"] == 0 and summary["missing"] == 0
    assert summary["metrics"]["identification"]["stock_correct"] == 0
