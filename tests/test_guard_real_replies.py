"""The guard against a real server's own replies: SmolLM2-135M-Instruct under llama-cpp-python 0.3.36.

The fixtures in tests/fixtures/real_server were recorded by `bash scripts/real-model --record
tests/fixtures/real_server` (every exchange of `mcb run` with the server, at n_ctx 8192 and 2048;
prompts stored as their cell ids). Nothing in them is invented: the tokenizer counts, the `usage`
blocks, the 400 bodies and the commentary are what the server sent.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from builder.dataset import read_dataset
from mcb import app
from runner.guard import ContextGuard, Expectation, parse_context_refusal
from runner.prompts_source import select_cells
from tests.replay_server import FIXTURES, ReplayServer, load_session

SESSIONS = sorted(path.name for path in FIXTURES.glob("llama-cpp-python-*-n_ctx*.json"))
MODEL = "smollm2-135m-instruct"


@pytest.fixture(scope="module")
def cells(default_build):
    return read_dataset(default_build).cells


@pytest.fixture(scope="module")
def ref(cells):
    """Prompt text -> the cell id it was recorded under (the `none` prompts are one text across the arms)."""
    return {cell.prompt: cell.cell_id for cell in cells.values()}


def test_both_context_sizes_were_recorded():
    assert [load_session(name)["n_ctx"] for name in SESSIONS] == [2048, 8192]


def recorded_cells(name: str, cells) -> dict:
    """The cells the session's run was asked for (`--cells`, or every default cell)."""
    return {cell.cell_id: cell for cell in select_cells(list(cells.values()), load_session(name).get("cells"))}


def exchanges(name: str, path: str, status: int | None = None) -> list[dict]:
    return [e for e in load_session(name)["exchanges"] if e["path"] == path and (status is None or e["status"] == status)]


def tokenizer_counts(name: str) -> dict[str, int]:
    """cell id -> the server's count of its prompt, from the recorded /extras/tokenize/count replies."""
    return {e["request"]["input"]["$cell"]: e["response"]["count"]
            for e in exchanges(name, "/extras/tokenize/count", 200) if isinstance(e["request"]["input"], dict)}


def chat_replies(name: str, status: int) -> list[tuple[str, dict]]:
    return [(e["request"]["messages"][-1]["content"]["$cell"], e["response"])
            for e in exchanges(name, "/v1/chat/completions", status)]


@pytest.mark.parametrize("name", SESSIONS)
def test_every_prompt_was_counted_and_stays_under_its_published_upper_bound(name, cells, ref):
    recorded = tokenizer_counts(name)
    counts = {cell_id: recorded[ref[cell.prompt]] for cell_id, cell in recorded_cells(name, cells).items()}
    for cell_id, count in counts.items():
        assert count <= cells[cell_id].n_tokens_max, cell_id
    ratio = {cell_id: count / cells[cell_id].n_tokens for cell_id, count in counts.items()}
    assert min(r for c, r in ratio.items() if c.endswith("-full")) > 1.8, "the tables count ~2x WordPiece"
    assert max(r for c, r in ratio.items() if c.endswith("-none")) < 1.15


@pytest.mark.parametrize("name", SESSIONS)
def test_each_recorded_refusal_is_too_long_with_the_servers_window_and_count(name):
    session, counts = load_session(name), tokenizer_counts(name)
    template = template_tokens(name)
    refusals = chat_replies(name, 400)
    assert refusals, "the largest prompt is refused at both sizes"
    for cell_id, body in refusals:
        refusal = parse_context_refusal(400, body)
        assert refusal is not None and refusal.wording == "openai-requested"
        assert refusal.window == session["n_ctx"]
        assert refusal.prompt_tokens == counts[cell_id] + template, "the refusal states the server's own count"


def template_tokens(name: str) -> int:
    """The chat template's tokens: every answered prompt read as its count plus the same constant."""
    counts = tokenizer_counts(name)
    extra = {reply["usage"]["prompt_tokens"] - counts[cell_id] for cell_id, reply in chat_replies(name, 200)}
    assert len(extra) == 1, extra
    return extra.pop()


@pytest.mark.parametrize("name", SESSIONS)
def test_every_answered_prompt_was_read_whole_and_passes_the_guard(name, cells):
    """Every reply the server gave, checked by the guard calibrated on the server's own counts."""
    counts = tokenizer_counts(name)
    assert template_tokens(name) == 30  # SmolLM2's default system prompt and role markers
    guard = ContextGuard({cell_id: Expectation(count, "server_tokenizer") for cell_id, count in counts.items()},
                         window=load_session(name)["n_ctx"], window_source="recorded")
    for cell_id, reply in chat_replies(name, 200):
        usage, choice = reply["usage"], reply["choices"][0]
        assert guard.after_reply(cells[cell_id], usage["prompt_tokens"], usage["completion_tokens"],
                                 choice["finish_reason"], load_session(name)["max_tokens"]).passed, cell_id


def test_a_cut_to_8192_of_the_real_us_full_count_would_be_caught(cells):
    """The count the real tokenizer gave (10,291 + 30), kept to the last 8,192 tokens as a cutting server would."""
    [name] = [name for name in SESSIONS if name.endswith("n_ctx8192.json")]
    count = tokenizer_counts(name)["us-2026-08-real-full"]
    guard = ContextGuard({"us-2026-08-real-full": Expectation(count, "server_tokenizer")})
    assert guard.after_reply(cells["us-2026-08-real-full"], 8192, 200, "stop", 300).failure == "truncated"
    assert 8192 >= 0.85 * cells["us-2026-08-real-full"].n_tokens, "the WordPiece check let exactly this through"


@pytest.mark.parametrize("name", SESSIONS)
def test_mcb_run_against_the_replayed_server_files_every_over_long_prompt_as_too_long(name, default_build, cells,
                                                                                      ref, tmp_path):
    """`mcb run` again, against what the real server answered: same lines, nothing asked that was not recorded."""
    session = load_session(name)
    answered: dict[str, list[str]] = {}
    for recorded_as, reply in chat_replies(name, 200):
        choice = reply["choices"][0]
        # a reply cut at the token budget is a failed line of kind `length`, its text kept apart (issue 16)
        kind = "length" if choice.get("finish_reason") == "length" else "ok"
        answered.setdefault(recorded_as, []).append((kind, choice["message"]["content"].strip()))
    out = tmp_path / "replayed.jsonl"
    with ReplayServer(session, ref) as server:
        selected = ["--cells", session["cells"]] if session.get("cells") else []
        result = CliRunner().invoke(app, [
            "run", "--model", MODEL, "--base-url", server.base_url, "--out", str(out), "--dataset", str(default_build),
            "--max-tokens", str(session["max_tokens"]), "--temperature", "0", *selected,
        ])
        unmatched = server.unmatched
    assert unmatched == [], "the runner asked the replayed server something the real one was never asked"
    assert result.exit_code == 1, result.output  # the over-long prompts are failures
    lines = {line["cell_id"]: line for line in map(json.loads, out.read_text(encoding="utf-8").split("\n")[:-1])}
    assert set(lines) == set(recorded_cells(name, cells))
    counts, template = tokenizer_counts(name), template_tokens(name)
    replayed: dict[str, list[str]] = {}
    for cell_id, line in lines.items():
        recorded_as = ref[cells[cell_id].prompt]
        over_long = counts[recorded_as] + template + session["max_tokens"] > session["n_ctx"]
        if over_long:
            assert line["failure"] == "too_long", cell_id
        elif line["status"] == "ok":
            replayed.setdefault(recorded_as, []).append(("ok", line["commentary"]))
        else:
            assert line["failure"] == "length", cell_id
            replayed.setdefault(recorded_as, []).append(("length", line["partial"].strip()))
    # The `none` prompt is one text across the three arms, and even at temperature 0 the real server
    # answered it differently each time (its prompt cache): each reply is kept, none twice.
    assert {ref_: sorted(texts) for ref_, texts in replayed.items()} == \
        {ref_: sorted(texts) for ref_, texts in answered.items()}
    assert any(line["failure"] == "too_long" and line["attempts"] == 0 for line in lines.values()), \
        "after the first refusal the window is known and the rest are not sent"
