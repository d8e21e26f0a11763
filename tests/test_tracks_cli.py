"""`mcb tracks baseline` then `mcb tracks score`, end to end on the shipped build."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mcb import app

EXPECTED = [("recall", "reciter", "fail"), ("recall", "persistence", "pass"),
            ("relabeled", "reader", "pass"), ("relabeled", "date-sensitive", "fail"),
            ("masked", "identifier", "fail"), ("masked", "guesser", "pass")]


@pytest.mark.parametrize("track, kind, status", EXPECTED)
def test_each_canary_scores_as_labelled_through_the_cli(default_build, tmp_path, track, kind, status):
    runner = CliRunner()
    submission = tmp_path / "canary.jsonl"
    made = runner.invoke(app, ["tracks", "baseline", track, kind, "--dataset", str(default_build), "--out", str(submission)])
    assert made.exit_code == 0, made.output
    scored = runner.invoke(app, ["tracks", "score", track, str(submission), "--dataset", str(default_build),
                                 "--out", str(tmp_path / "scores"), "--permutations", "1000", "--knowledge-cutoff", "2025-06"])
    assert scored.exit_code == 0, scored.output
    summary = json.loads((tmp_path / "scores" / "summary.json").read_text())
    assert summary["status"] == status
    assert summary["caveats"] and summary["failures"] == 0
    assert "caveat: A pass is a lower bound" in scored.output.replace("\n", " ")
    from extractors.version import scorer_version

    assert summary["scorer"] == scorer_version() and len(summary["dataset_revision"]) == 12, "a track result is pinned too"


def test_a_failed_line_makes_score_exit_non_zero(default_build, tmp_path):
    submission = tmp_path / "one.jsonl"
    submission.write_text(json.dumps({"cell_id": "us-2026-08-real-reconstruct", "status": "failed",
                                      "error": "timeout: no reply"}) + "\n")
    result = CliRunner().invoke(app, ["tracks", "score", "masked", str(submission), "--dataset", str(default_build),
                                      "--out", str(tmp_path / "scores")])
    assert result.exit_code == 1
    summary = json.loads((tmp_path / "scores" / "summary.json").read_text())
    assert (summary["status"], summary["failures"], summary["missing"]) == ("insufficient", 1, 11)


def test_unknown_canary_is_a_clear_error(default_build, tmp_path):
    result = CliRunner().invoke(app, ["tracks", "baseline", "recall", "oracle", "--dataset", str(default_build),
                                      "--out", str(tmp_path / "x.jsonl")])
    assert result.exit_code == 2
    assert "unknown recall canary 'oracle'" in result.output


def test_board_gathers_summaries_with_every_tracks_caveats(default_build, tmp_path):
    runner = CliRunner()
    folders = []
    for track, kind, _ in EXPECTED[:1] + EXPECTED[4:5]:
        submission = tmp_path / f"{track}.jsonl"
        runner.invoke(app, ["tracks", "baseline", track, kind, "--dataset", str(default_build), "--out", str(submission)])
        folder = tmp_path / f"scores-{track}"
        result = runner.invoke(app, ["tracks", "score", track, str(submission), "--dataset", str(default_build),
                                     "--out", str(folder), "--model", f"{kind}-canary"])
        assert result.exit_code == 0, result.output
        folders.append(str(folder))
    result = runner.invoke(app, ["tracks", "board", *folders, "--out", str(tmp_path / "board.json")])
    assert result.exit_code == 0, result.output
    board = json.loads((tmp_path / "board.json").read_text())
    assert set(board) == {"recall", "relabeled", "masked"}
    assert all(entry["caveats"][0].startswith("A pass is a lower bound") for entry in board.values())
    assert board["recall"]["rows"][0]["model"] == "reciter-canary" and board["recall"]["rows"][0]["status"] == "fail"
    assert board["masked"]["rows"][0]["status"] == "fail" and board["relabeled"]["rows"] == []
    assert "Read with care" in result.output
