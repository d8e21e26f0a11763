"""`mcb run` against a local OpenAI-compatible stand-in: the wire contract, every failure mode, resuming."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

import runner.cli
from builder.dataset import read_dataset
from contracts.jsonl import read_jsonl
from mcb import app
from runner.client import RetryPolicy
from runner.results_file import superseded_path
from runner.run import manifest_path
from tests.openai_standin import TEMPLATE_TOKENS, TRUNCATE_TO, RunningStandIn, StandIn

FAST_RETRY = RetryPolicy(attempts=3, base_delay_s=0.01, max_delay_s=0.05)
CONTRACT_FIELDS = {"cell_id", "commentary", "sample", "status", "error"}


@pytest.fixture(scope="module")
def cells(default_build):
    return read_dataset(default_build).cells


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch):
    monkeypatch.setattr(runner.cli, "RETRY_POLICY", FAST_RETRY)


def mcb_run(dataset: Path, base_url: str, out: Path, *extra: str):
    args = ["run", "--model", "standin-model", "--base-url", base_url, "--out", str(out),
            "--dataset", str(dataset), "--timeout", "2", *extra]
    return CliRunner().invoke(app, args)


def read_lines(path: Path) -> list[dict]:
    return read_jsonl(path)


def assert_submission_contract(lines: list[dict], cells: dict) -> None:
    """DESIGN.md's submission contract: one object per (cell_id, sample); failures are never text."""
    keys = [(line["cell_id"], line["sample"]) for line in lines]
    assert len(keys) == len(set(keys)), "one line per (cell_id, sample)"
    for line in lines:
        assert CONTRACT_FIELDS <= line.keys()
        assert line["cell_id"] in cells
        assert isinstance(line["sample"], int) and line["sample"] >= 0
        assert line["status"] in ("ok", "failed")
        if line["status"] == "ok":
            assert isinstance(line["commentary"], str) and line["commentary"].strip()
            assert line["error"] is None
        else:
            assert line["commentary"] is None
            assert line["error"] and line["error"].startswith(line["failure"])


def test_a_normal_run_writes_one_ok_line_per_cell_with_metadata(default_build, cells, tmp_path):
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn()) as server:
        result = mcb_run(default_build, server.base_url, out, "--concurrency", "2", "--temperature", "0.3",
                         "--max-tokens", "300")
        bodies = server.state.answered()
    assert result.exit_code == 0, result.output
    lines = read_lines(out)
    assert_submission_contract(lines, cells)
    assert {line["cell_id"] for line in lines} == set(cells)
    assert all(line["status"] == "ok" for line in lines)
    assert len(bodies) == len(cells)
    assert {(body["temperature"], body["max_tokens"]) for body in bodies} == {(0.3, 300)}
    assert all("options" not in body for body in bodies), "Ollama options only go to Ollama"
    for line in lines:
        cell = cells[line["cell_id"]]
        assert line["model"] == "standin-model" and line["server_model"] == "standin-model-served"
        assert line["n_tokens"] == cell.n_tokens and line["release"] == cell.release
        assert line["prompt_tokens"] >= cell.n_tokens and line["completion_tokens"] > 0
        assert line["latency_s"] >= 0 and line["attempts"] == 1
    manifest = json.loads(manifest_path(out).read_text())
    assert manifest["failed"] == 0 and manifest["ok"] == len(cells)
    assert manifest["server_models"] == ["standin-model-served"]


def test_samples_give_one_line_per_cell_and_sample(default_build, cells, tmp_path):
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn()) as server:
        result = mcb_run(default_build, server.base_url, out, "--samples", "3", "--cells", "us-*-none")
    assert result.exit_code == 0, result.output
    keys = {(line["cell_id"], line["sample"]) for line in read_lines(out)}
    assert keys == {(f"us-2026-08-{arm}-none", sample) for arm in ("real", "inverted", "damped") for sample in range(3)}


@pytest.mark.parametrize(
    ("mode", "failure", "requests_per_cell"),
    [
        ("error500", "http", FAST_RETRY.attempts),
        ("timeout", "timeout", FAST_RETRY.attempts),
        ("empty", "empty", 1),
        ("refusal", "refusal", 1),
        ("truncate", "truncated", 1),
    ],
)
def test_every_failure_mode_is_a_failed_line_and_exit_code_1(default_build, cells, tmp_path, mode, failure,
                                                             requests_per_cell):
    out = tmp_path / "run.jsonl"
    extra = ["--cells", "us-2026-08-real-full", "--timeout", "0.3"]
    with RunningStandIn(StandIn(mode=mode)) as server:
        result = mcb_run(default_build, server.base_url, out, *extra)
        sent = len(server.state.answered())
    assert result.exit_code == 1, result.output
    [line] = read_lines(out)
    assert_submission_contract([line], cells)
    assert line["status"] == "failed" and line["failure"] == failure and line["commentary"] is None
    assert sent == requests_per_cell
    assert json.loads(manifest_path(out).read_text())["failed"] == 1


def test_a_prompt_that_cannot_be_measured_falls_back_to_n_tokens_and_says_so(default_build, tmp_path):
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn(mode="error500")) as server:
        mcb_run(default_build, server.base_url, out, "--cells", "us-2026-08-real-full")
    calibration = json.loads(manifest_path(out).read_text())["calibration"]
    assert calibration["cells"]["us-2026-08-real-full"]["source"] == "wordpiece"
    [note] = calibration["notes"]
    assert note.startswith("us-2026-08-real-full: could not be measured (http 500") and "n_tokens" in note


def test_a_transient_500_is_retried_and_the_answer_kept(default_build, cells, tmp_path):
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn(mode="flaky", flaky_failures=1)) as server:
        result = mcb_run(default_build, server.base_url, out, "--cells", "lisbon-*-sparse")
        sent = len(server.state.requests)
    assert result.exit_code == 0, result.output
    lines = read_lines(out)
    assert [line["status"] for line in lines] == ["ok"] * 3
    assert [line["attempts"] for line in lines] == [2] * 3 and sent == 6


def test_ollama_truncation_fails_long_prompts_and_keeps_short_ones(default_build, cells, tmp_path):
    """Like Ollama at its 4,096 default: the full tables are cut, the short prompts fit; the long ones were measured."""
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn(mode="truncate", ollama=True)) as server:
        result = mcb_run(default_build, server.base_url, out, "--cells", "us-*-full,us-*-none", "--max-tokens", "500")
        bodies = server.state.answered()
        measured = [body for body in server.state.requests if body["max_tokens"] == 1]
    assert result.exit_code == 1, result.output
    by_context = {line["cell_id"].rsplit("-", 1)[1]: line for line in read_lines(out)}
    full, none = by_context["full"], by_context["none"]
    assert full["status"] == "failed" and full["error"].startswith("truncated")
    assert str(TRUNCATE_TO) in full["error"] and full["prompt_tokens"] == TRUNCATE_TO
    assert none["status"] == "ok"
    assert measured and all("options" not in body for body in measured), "pieces fit any window: no num_ctx"
    calibration = json.loads(manifest_path(out).read_text())["calibration"]
    counted = calibration["cells"]["us-2026-08-real-full"]
    assert counted["source"] == "measured" and abs(counted["tokens"] - cells["us-2026-08-real-full"].n_tokens) < 30
    assert calibration["template_tokens"] == TEMPLATE_TOKENS
    num_ctx = {body["options"]["num_ctx"] for body in bodies}
    largest = max(entry["tokens"] for entry in calibration["cells"].values())
    assert len(num_ctx) == 1 and num_ctx.pop() >= largest + TEMPLATE_TOKENS + 500, "one num_ctx, room for prompt and reply"


def test_a_digit_splitting_server_that_keeps_its_last_8192_tokens_is_caught(default_build, cells, tmp_path):
    """Issue 14's first finding: a tokenizer counting the US full prompt at ~2x n_tokens, cut to 8,192.

    85% of n_tokens (5,200) would have passed the cut; the measured count does not.
    """
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn(mode="truncate", tokenizer="digits", truncate_to=8192)) as server:
        result = mcb_run(default_build, server.base_url, out, "--cells", "*-real-full", "--max-tokens", "300")
    assert result.exit_code == 1, result.output
    lines = {line["cell_id"]: line for line in read_lines(out)}
    us, lisbon = lines["us-2026-08-real-full"], lines["lisbon-2026-02-real-full"]
    assert us["status"] == "failed" and us["failure"] == "truncated" and us["prompt_tokens"] == 8192
    assert 8192 > 0.85 * us["n_tokens"], "the old WordPiece check would have passed it"
    assert lisbon["status"] == "ok", "the Lisbon table fits 8,192 with this tokenizer"


def test_a_coarse_server_reading_every_prompt_uncut_passes(default_build, cells, tmp_path):
    """Issue 14's second finding: a coarser tokenizer (383 for the uncut Lisbon sparse prompt of 461) is not a cut."""
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn(tokenizer="coarse")) as server:
        result = mcb_run(default_build, server.base_url, out, "--cells", "lisbon-*")
    assert result.exit_code == 0, result.output
    lines = read_lines(out)
    assert len(lines) == 12 and all(line["status"] == "ok" for line in lines)
    sparse = next(line for line in lines if line["cell_id"] == "lisbon-2026-02-real-sparse")
    assert sparse["prompt_tokens"] - TEMPLATE_TOKENS < 0.85 * sparse["n_tokens"], "85% of n_tokens would have failed it"


@pytest.mark.parametrize(("shape", "window", "source"), [
    ("vllm", {"context_window": 8192}, "/v1/models max_model_len"),
    ("llama.cpp", {"props_n_ctx": 8192}, "/props default_generation_settings.n_ctx"),
])
def test_the_servers_own_tokenizer_and_stated_window_refuse_what_cannot_fit(default_build, cells, tmp_path, shape,
                                                                            window, source):
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn(tokenizer="digits", tokenize_endpoint=shape, **window)) as server:
        result = mcb_run(default_build, server.base_url, out, "--cells", "*-real-full,*-real-none", "--max-tokens", "300")
        sent = server.state.requests
    assert result.exit_code == 1, result.output
    lines = {line["cell_id"]: line for line in read_lines(out)}
    us = lines["us-2026-08-real-full"]
    assert us["failure"] == "too_long" and us["attempts"] == 0 and source in us["error"]
    assert all(line["status"] == "ok" for cell_id, line in lines.items() if cell_id != us["cell_id"])
    assert all(body["max_tokens"] == 300 for body in sent), "counted by the tokenizer: nothing measured by replies"
    assert cells["us-2026-08-real-full"].prompt not in [body["messages"][-1]["content"] for body in sent]
    calibration = json.loads(manifest_path(out).read_text())["calibration"]
    assert calibration["tokenizer"].startswith(shape) and calibration["context_window_source"] == source
    assert {entry["source"] for entry in calibration["cells"].values()} == {"server_tokenizer"}
    assert calibration["ratios"]["us/full"]["tokens_per_n_tokens"] > 1.8


def test_a_context_refusal_is_too_long_never_retried_and_states_the_window(default_build, cells, tmp_path):
    """vLLM's 400 wording; the first refusal (largest prompt first) teaches the window, so the rest are not sent."""
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn(mode="refuse_long", refuse_over=8192, tokenizer="digits",
                                tokenize_endpoint="llama-cpp-python")) as server:
        result = mcb_run(default_build, server.base_url, out, "--cells", "us-*-full,us-*-none", "--max-tokens", "300")
        sent = server.state.prompts_sent()
    assert result.exit_code == 1, result.output
    lines = read_lines(out)
    refused = [line for line in lines if line["failure"] == "too_long"]
    assert len(refused) == 3 and sum(line["attempts"] for line in refused) == 1, "one refusal, two not sent"
    [first] = [line for line in refused if line["attempts"] == 1]
    assert "maximum context length is 8192" in first["error"]
    assert sum(cells[f"us-2026-08-{arm}-full"].prompt in sent for arm in ("real", "inverted", "damped")) == 1
    assert all(line["status"] == "ok" for line in lines if line["cell_id"].endswith("-none"))
    manifest = json.loads(manifest_path(out).read_text())
    assert manifest["context_window"] == 8192 and "refusal" in manifest["context_window_source"]


def test_a_prompt_larger_than_the_stated_window_is_never_sent(default_build, cells, tmp_path):
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn(context_window=4096)) as server:
        result = mcb_run(default_build, server.base_url, out, "--cells", "us-*-full,us-*-sparse")
        sent = [body["messages"][-1]["content"] for body in server.state.answered()]
    assert result.exit_code == 1, result.output
    lines = read_lines(out)
    too_long = [line for line in lines if line["status"] == "failed"]
    assert {line["cell_id"] for line in too_long} == {f"us-2026-08-{arm}-full" for arm in ("real", "inverted", "damped")}
    assert all(line["failure"] == "too_long" and line["attempts"] == 0 for line in too_long)
    assert len(sent) == 3 and all(cells[f"us-2026-08-{arm}-full"].prompt not in sent for arm in ("real", "inverted", "damped"))


def test_a_resumed_run_sends_nothing_twice(default_build, cells, tmp_path):
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn()) as server:
        first = mcb_run(default_build, server.base_url, out, "--cells", "us-*")
        after_first = len(server.state.answered())
        second = mcb_run(default_build, server.base_url, out)
        after_second = [body["messages"][-1]["content"] for body in server.state.answered()]
        third = mcb_run(default_build, server.base_url, out)
        after_third = len(server.state.requests)
        measured = [body for body in server.state.requests if body["max_tokens"] == 1]
    assert (first.exit_code, second.exit_code, third.exit_code) == (0, 0, 0)
    assert after_first == 12
    expected = Counter(cell.prompt for cell in cells.values())  # `none` prompts repeat across arms
    assert Counter(after_second) == expected, "every cell sent exactly once over both runs"
    assert after_third == len(cells) + len(measured), "a run with nothing to send sends nothing, not even a measurement"
    assert len(read_lines(out)) == len(cells)


def test_resuming_retries_failed_lines_and_keeps_the_old_failures(default_build, cells, tmp_path):
    out = tmp_path / "run.jsonl"
    broken = {cells["us-2026-08-real-sparse"].prompt, cells["lisbon-2026-02-damped-probe"].prompt}
    with RunningStandIn(StandIn(failing_prompts=frozenset(broken), failing_mode="empty")) as server:
        first = mcb_run(default_build, server.base_url, out)
    assert first.exit_code == 1
    failed_before = [line for line in read_lines(out) if line["status"] == "failed"]
    assert len(failed_before) == 2
    with RunningStandIn(StandIn()) as server:
        second = mcb_run(default_build, server.base_url, out)
        resent = server.state.prompts_sent()
    assert second.exit_code == 0, second.output
    assert sorted(resent) == sorted(broken), "only the failed cells are sent again"
    lines = read_lines(out)
    assert_submission_contract(lines, cells)
    assert len(lines) == len(cells) and all(line["status"] == "ok" for line in lines)
    assert read_lines(superseded_path(out)) == failed_before


def test_resuming_with_another_model_is_refused(default_build, tmp_path):
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn()) as server:
        assert mcb_run(default_build, server.base_url, out, "--cells", "us-*-none").exit_code == 0
        args = ["run", "--model", "other", "--base-url", server.base_url, "--out", str(out),
                "--dataset", str(default_build)]
        result = CliRunner().invoke(app, args)
        assert len(server.state.requests) == 3
    assert result.exit_code == 2
    assert "model='standin-model'" in result.output and "another --out" in result.output


def test_a_malformed_results_line_is_named_not_overwritten(default_build, tmp_path):
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn()) as server:
        assert mcb_run(default_build, server.base_url, out, "--cells", "us-*-none").exit_code == 0
        before = out.read_text() + '{"cell_id": "us-2026-08-real-sp'
        out.write_text(before)
        result = mcb_run(default_build, server.base_url, out)
    assert result.exit_code == 2 and "line 4" in result.output
    assert out.read_text() == before


def test_a_missing_api_key_variable_is_an_error_before_any_request(default_build, tmp_path, monkeypatch):
    monkeypatch.delenv("MCB_TEST_KEY", raising=False)
    with RunningStandIn(StandIn()) as server:
        result = mcb_run(default_build, server.base_url, tmp_path / "run.jsonl", "--api-key-env", "MCB_TEST_KEY")
        assert server.state.requests == []
    assert result.exit_code == 2 and "MCB_TEST_KEY" in result.output
