"""The contract layer: one submission parser, one error model, one JSONL reader, one vocabulary."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest

from contracts.jsonl import dumps_rows, loads_bytes, numbered_lines, read_jsonl
from contracts.markets import market_names
from contracts.problems import MAX_PROBLEMS_SHOWN, InvalidInput, Problem, summarise
from contracts.submission import (
    CONTRACT_NAMES,
    RUN_METADATA_NAMES,
    InvalidSubmission,
    Response,
    check_text,
    parse_bytes,
    parse_text,
    read_submission,
    write_submission,
)
from contracts.vocabulary import ARM_NAMES, CONTEXT_NAMES, DETAILS, PERTURBED_ARMS, TRACKS, TRUTH_ARM, VERDICT_OF_DETAIL

CELL = "us-2026-08-inverted-full"
CELLS = {CELL, "us-2026-08-real-full"}
# Characters str.splitlines() breaks at but JSON leaves raw inside a string (ensure_ascii=False).
LINE_BREAKERS = "\u2028\u2029\u0085\x1c\x1d\x1e\x0b\x0c"
RUN_LINE = {
    "cell_id": CELL, "sample": 0, "status": "ok", "commentary": "NVDA rose 4.2%.", "error": None, "failure": None,
    "model": "m", "server_model": "m-served", "temperature": 0.0, "max_tokens": 100, "num_ctx": None, "n_tokens": 97,
    "prompt_tokens": 110, "completion_tokens": 20, "finish_reason": "stop", "latency_s": 0.5, "attempts": 1,
    "release": "2026.08", "finished_at": "2026-08-31T00:00:00+00:00",
}


def jsonl(*rows) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def test_a_run_line_is_accepted_with_its_metadata_kept():
    [response] = parse_text(jsonl(RUN_LINE), CELLS)
    assert response.commentary == "NVDA rose 4.2%." and response.status == "ok"
    assert response.metadata["attempts"] == 1 and response.metadata["n_tokens"] == 97
    assert set(response.to_dict()) == set(RUN_LINE), "writing it back keeps every field"


def test_a_failed_line_as_the_readme_documents_it_is_legal():
    failed = {**RUN_LINE, "status": "failed", "commentary": None, "error": "timeout: no reply", "failure": "timeout"}
    [response] = parse_text(jsonl(failed), CELLS)
    assert response.failed and response.commentary == "" and response.error == "timeout: no reply"
    assert response.to_dict()["commentary"] is None
    [bare] = parse_text(jsonl({"cell_id": CELL, "status": "failed", "error": "http: 500"}), CELLS)
    assert bare.failed


@pytest.mark.parametrize(
    ("row", "where", "message"),
    [
        ({"cell_id": CELL, "status": "failed", "commentary": "half a reply", "error": "x"}, "field 'commentary'", "never text"),
        ({"cell_id": CELL, "status": "failed", "commentary": None}, "field 'error'", "must say why"),
        ({"cell_id": CELL, "commentary": "  "}, "field 'commentary'", "needs commentary text"),
        ({"cell_id": CELL, "commentary": "x", "error": "oops"}, "field 'error'", "carries no error"),
        ({"cell_id": CELL, "commentary": "x", "attempts": "two"}, "field 'attempts'", "non-negative integer"),
        ({"cell_id": CELL, "commentary": "x", "failure": "gremlins"}, "field 'failure'", "failure kind"),
        ({"cell_id": CELL, "comentary": "x"}, "field 'comentary'", "unknown field"),
    ],
)
def test_every_broken_line_names_its_line_and_field(row, where, message):
    with pytest.raises(InvalidSubmission) as raised:
        parse_text(jsonl({"cell_id": "us-2026-08-real-full", "commentary": "fine"}, row), CELLS)
    text = str(raised.value)
    assert f"line 2, {where}" in text and message in text


def test_lenient_parsing_keeps_unknown_fields_as_metadata():
    row = {"cell_id": CELL, "commentary": "x", "prompt_id": 7, "attempts": "two"}
    with pytest.raises(InvalidSubmission, match="field 'prompt_id': unknown field"):
        parse_text(jsonl(row), CELLS)
    [response] = parse_text(jsonl(row), CELLS, lenient=True)
    assert response.metadata == {"prompt_id": 7, "attempts": "two"}


def test_the_runners_line_and_the_contract_name_the_same_fields():
    from runner.records import AnswerLine

    assert {f.name for f in fields(AnswerLine)} == set(CONTRACT_NAMES) | set(RUN_METADATA_NAMES)


def test_a_line_separator_inside_commentary_stays_inside_its_line(tmp_path):
    """U+2028, U+0085 and friends are legal raw inside a JSON string; splitlines() would cut the line."""
    text = f"NVDA rose 4.2%.{LINE_BREAKERS}Then it fell."
    path = tmp_path / "sub.jsonl"
    write_submission([Response(1, CELL, text), Response(2, CELL, "second", sample=1)], path)
    assert path.read_bytes().count(b"\n") == 2
    assert [r.commentary for r in read_submission(path, CELLS)] == [text, "second"]
    assert [n for n, _ in numbered_lines(path.read_text(encoding="utf-8"))] == [1, 2]
    assert read_jsonl(path)[0]["commentary"] == text
    assert loads_bytes(dumps_rows([{"t": text}])) == [{"t": text}]


def test_the_runner_resumes_a_file_whose_commentary_holds_a_line_separator(tmp_path):
    from runner.results_file import read_existing

    path = tmp_path / "run.jsonl"
    path.write_text(jsonl({**RUN_LINE, "commentary": f"up{LINE_BREAKERS}down"}), encoding="utf-8")
    [line] = read_existing(path).lines.values()
    assert line.commentary == f"up{LINE_BREAKERS}down"


def test_line_numbers_count_blank_lines_and_crlf_is_accepted():
    text = json.dumps({"cell_id": CELL, "commentary": "a"}) + "\r\n\r\n" + "{broken\r\n"
    responses, problems = check_text(text, CELLS)
    assert [r.line for r in responses] == [1]
    assert [(p.line, p.kind) for p in problems] == [(3, "json")]


def test_non_utf8_names_its_line():
    with pytest.raises(InvalidSubmission, match="line 2: not UTF-8"):
        parse_bytes(b'{"cell_id": "x", "commentary": "ok"}\n{"cell_id": "\xff"}\n', CELLS)


def test_many_problems_of_one_kind_are_summarised_after_the_first_twenty():
    problems = [Problem(n, "attempts", "unknown field", "unknown_field") for n in range(1, 319)]
    problems.append(Problem(400, "cell_id", "unknown cell id 'x'", "unknown_cell"))
    lines = summarise(problems).split("\n")
    assert lines[:MAX_PROBLEMS_SHOWN] == [f"line {n}, field 'attempts': unknown field" for n in range(1, 21)]
    assert lines[MAX_PROBLEMS_SHOWN:] == [
        "... and 298 more of the same kind (field 'attempts': unknown field)",
        "... and 1 more of the same kind (field 'cell_id': unknown cell id 'x')",
    ]
    assert str(InvalidInput(problems)) == "\n".join(lines)


def test_markets_are_read_from_the_universes_file(tmp_path, monkeypatch):
    import tomllib

    from contracts.paths import data_dir

    shipped = tomllib.loads((data_dir() / "universes.toml").read_text(encoding="utf-8"))["markets"]
    assert market_names() == tuple(shipped)
    (tmp_path / "universes.toml").write_text('[markets.tokyo]\nlabel = "Tokyo"\n[markets.us]\nlabel = "US"\n', encoding="utf-8")
    monkeypatch.setenv("MCB_DATA_DIR", str(tmp_path))
    assert market_names() == ("tokyo", "us")


def test_no_package_spells_the_market_list():
    root = Path(__file__).resolve().parent.parent
    sources = [p for package in ("contracts", "builder", "extractors", "leaderboard", "runner")
               for p in (root / package).rglob("*.py")]
    offenders = [str(p.relative_to(root)) for p in sources
                 if '("us", "lisbon")' in p.read_text(encoding="utf-8") or "['us', 'lisbon']" in p.read_text(encoding="utf-8")
                 or '["us", "lisbon"]' in p.read_text(encoding="utf-8")]
    assert offenders == []


def test_registries_cover_exactly_the_vocabulary():
    from builder.arms import ARMS
    from builder.contexts import CONTEXTS
    from builder.tracks.common import TRACK_INFO

    assert tuple(ARMS) == ARM_NAMES and tuple(CONTEXTS) == CONTEXT_NAMES and tuple(TRACK_INFO) == TRACKS
    assert TRUTH_ARM not in PERTURBED_ARMS and set(PERTURBED_ARMS) | {TRUTH_ARM} == set(ARM_NAMES)
    assert set(VERDICT_OF_DETAIL) == set(DETAILS)


def test_the_readme_and_the_card_document_exactly_the_contract_and_the_registry(default_build):
    """Docs that cannot drift: every contract field, run metadata field, count and metric column is named."""
    from extractors.metrics import COUNT_NAMES, METRICS

    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    for name in (*CONTRACT_NAMES, *RUN_METADATA_NAMES, *COUNT_NAMES):
        assert f"`{name}`" in readme, name
    for entry in METRICS:
        assert entry.header.split(" (")[0] in readme, entry.header
    card = (Path(default_build) / "README.md").read_text(encoding="utf-8")
    for name in (*CONTRACT_NAMES, *RUN_METADATA_NAMES):
        assert f"`{name}`" in card, name
