"""`mcb score`: validation errors name the line and write nothing; every cell gets a row."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from contracts.jsonl import loads_lines, read_jsonl
from extractors.score import CELL_FIELDS, score_submission
from extractors.scoring_data import in_memory
from contracts.submission import InvalidSubmission, Response, check_text, parse_text

runner = CliRunner()


@pytest.fixture(scope="module")
def data():
    return in_memory()


@pytest.fixture(scope="module")
def app():
    import typer

    from extractors.cli import register

    application = typer.Typer()
    register(application)
    return application


CELL = "us-2026-08-inverted-full"


def _lines(*records) -> list[str]:
    return [record if isinstance(record, str) else json.dumps(record) for record in records]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (_lines('{"cell_id": "us-2026-08-real-full", "commentary": "x"', ), "line 1: not valid JSON"),
        (_lines({"cell_id": CELL, "commentary": "a"}, {"cell_id": "mars-2026-08-real-full", "commentary": "b"}),
         "line 2, field 'cell_id': unknown cell id"),
        (_lines({"cell_id": CELL, "commentary": "a"}, {"cell_id": CELL, "commentary": "b"}),
         "line 2, field 'cell_id': duplicate of line 1"),
        ([], "no submission lines"),
        (["", "  "], "no submission lines"),
        (_lines({"cell_id": CELL}), "line 1, field 'commentary': an ok line needs commentary text"),
        (_lines({"cell_id": CELL, "commentary": "a", "sample": -1}), "line 1, field 'sample'"),
        (_lines({"cell_id": CELL, "commentary": "a", "status": "timeout"}), "line 1, field 'status'"),
        (_lines(["not", "an", "object"]), "line 1: expected a JSON object"),
    ],
)
def test_bad_submissions_name_the_line(lines, message, data):
    with pytest.raises(InvalidSubmission, match=message):
        parse_text("\n".join(lines), set(data.cells))


def test_validation_reports_every_bad_line(data):
    _, problems = check_text("\n".join(_lines("{", {"cell_id": "nope", "commentary": "x"}, {"cell_id": CELL, "commentary": "ok"})), set(data.cells))
    assert [problem.line for problem in problems] == [1, 2]


def test_same_cell_with_another_sample_is_not_a_duplicate(data):
    responses = parse_text("\n".join(_lines({"cell_id": CELL, "commentary": "a"}, {"cell_id": CELL, "commentary": "b", "sample": 1})), set(data.cells))
    assert [r.sample for r in responses] == [0, 1]


def test_every_cell_has_a_row_including_unanswered_and_failed(data):
    responses = [
        Response(1, CELL, "GOOGL rose 9.5% while Tesla fell 13.7% on fears of slowing demand."),
        Response(2, "us-2026-08-real-none", "", status="failed", error="timeout"),
    ]
    result = score_submission(responses, data, model="m")
    assert len(result.cells) == len(data.cells) == 24
    rows = {row["cell_id"]: row for row in result.cells}
    assert rows[CELL]["responses"] == 1 and rows[CELL]["causal"] == 1 and rows[CELL]["claims"] == 3
    assert rows["us-2026-08-real-none"]["failures"] == 1 and rows["us-2026-08-real-none"]["claims"] == 0
    silent = rows["lisbon-2026-02-damped-probe"]
    assert silent["responses"] == 0 and silent["supported_rate"] is None  # "—", not 0
    assert result.summary["failures"] == 1
    assert set(result.summary["per_arm"]) == {"real", "inverted", "damped"}
    assert set(result.summary["per_context"]) == {"full", "sparse", "none", "probe"}


def test_cli_writes_three_files_and_exits_one_on_failed_lines(tmp_path, app):
    submission = tmp_path / "sub.jsonl"
    submission.write_text(
        "\n".join(_lines({"cell_id": CELL, "commentary": "GOOGL led the pack with a 9.5% gain."},
                         {"cell_id": "us-2026-08-real-full", "status": "failed", "error": "server timeout"})) + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    result = runner.invoke(app, ["score", str(submission), "--model", "m", "--out", str(out)])
    assert result.exit_code == 1, result.output
    claims = read_jsonl(out / "claims.jsonl")
    assert {"cell_id", "sample", "ticker", "metric", "value", "verdict", "detail", "shown_value", "true_value", "distinguishable", "text"} <= set(claims[0])
    assert [(c["metric"], c["detail"]) for c in claims] == [("rank", "supported"), ("period_return", "supported")]
    with (out / "cells.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 24 and tuple(rows[0]) == CELL_FIELDS
    summary = json.loads((out / "summary.json").read_text())
    assert summary["failures"] == 1 and summary["overall"]["supported"] == 2


def test_cli_exit_two_writes_nothing(tmp_path, app):
    submission = tmp_path / "bad.jsonl"
    submission.write_text('{"cell_id": "us-2026-08-real-full", "commentary": "x"}\nnot json\n', encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(app, ["score", str(submission), "--model", "m", "--out", str(out)])
    assert result.exit_code == 2
    assert "line 2" in result.output
    assert not out.exists()


def test_cli_exit_zero_when_clean(tmp_path, app):
    submission = tmp_path / "ok.jsonl"
    submission.write_text(json.dumps({"cell_id": CELL, "commentary": "Tesla finished lower."}) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["score", str(submission), "--model", "m", "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output


def test_cli_extract_prints_json_and_jsonl(tmp_path, app):
    result = runner.invoke(app, ["extract", "NVDA outperformed AMD."])
    assert result.exit_code == 0 and json.loads(result.output)[0]["metric"] == "outperformed"
    paragraphs = tmp_path / "p.jsonl"
    paragraphs.write_text(json.dumps("Galp rose 3.0%.") + "\nEDP fell 1.0%.\n", encoding="utf-8")
    result = runner.invoke(app, ["extract", "--file", str(paragraphs), "--jsonl", "--universe", "lisbon"])
    lines = loads_lines(result.output)
    assert [[c["ticker"] for c in line] for line in lines] == [["GALP.LS"], ["EDP.LS"]]


def test_scoring_a_built_dataset_folder(default_build):
    from extractors.scoring_data import load_scoring_data

    data = load_scoring_data(default_build)
    result = score_submission([Response(1, CELL, "GOOGL rose 9.5%.")], data)
    assert result.claims[0]["detail"] == "supported" and len(result.cells) == len(data.cells)
