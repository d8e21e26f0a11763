"""The context guard on its own: expectations, refusal wordings, measuring in pieces, num_ctx.

Figures from the real server (SmolLM2-135M-Instruct under llama-cpp-python) are replayed in
tests/test_guard_real_replies.py; here the arithmetic and the wordings of the other servers.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.cells import Cell
from builder.tokens import token_bound
from runner.guard import (
    MIN_ASSUMED_WINDOW,
    REFUSAL_WORDINGS,
    TEMPLATE_ALLOWANCE,
    ContextGuard,
    Expectation,
    fits_any_window,
    measured_count,
    needs_measuring,
    ollama_num_ctx,
    parse_context_refusal,
    piece_bytes,
    pieces,
)


def cell(cell_id: str = "us-2026-08-real-full", n_tokens: int = 5200, n_tokens_max: int = 10906,
         context: str = "full") -> Cell:
    return Cell(cell_id=cell_id, release="2026.08", market=cell_id.split("-")[0], month="2026-08", arm="real",
                context=context, prompt="…", n_tokens=n_tokens, n_tokens_max=n_tokens_max)


FULL = cell()
SHORT = cell("us-2026-08-real-none", 97, 398, "none")


# --- after the reply -------------------------------------------------------------------------------

def test_a_server_that_kept_the_last_8192_tokens_is_caught_once_the_real_count_is_known():
    """Issue 14: SmolLM2 makes 10,321 tokens of the US full prompt (n_tokens 5,200); a cut to 8,192 passed 85% of 5,200."""
    calibrated = ContextGuard({FULL.cell_id: Expectation(10291, "server_tokenizer")})
    assert calibrated.after_reply(FULL, 8192, 250, "stop", 300).failure == "truncated"
    uncalibrated = ContextGuard({FULL.cell_id: Expectation(FULL.n_tokens, "wordpiece")})
    assert uncalibrated.after_reply(FULL, 8192, 250, "stop", 300).passed, "the old WordPiece check cannot see it"


def test_the_seeds_ollama_cut_is_caught_by_a_measured_count():
    """The seed's 7,028-token prompt cut to Ollama's 4,096 default."""
    guard = ContextGuard({FULL.cell_id: Expectation(7028, "measured")})
    assert guard.after_reply(FULL, 4096, 200, "stop", 1024).failure == "truncated"


def test_a_coarse_tokenizer_reading_the_whole_prompt_passes():
    """A coarser tokenizer than WordPiece counts fewer tokens; measured on its own count, nothing is cut."""
    lisbon = cell("lisbon-2026-02-real-full", 4186, 8485)
    guard = ContextGuard({lisbon.cell_id: Expectation(3230, "measured")})
    assert guard.after_reply(lisbon, 3230 + 12, 120, "stop", 1024).passed
    assert guard.after_reply(lisbon, int(3230 * 0.95) + 1, 120, "stop", 1024).passed
    assert guard.after_reply(lisbon, int(3230 * 0.95) - 1, 120, "stop", 1024).failure == "truncated"


def test_a_short_prompt_fits_any_window_and_needs_no_expectation():
    guard = ContextGuard({})
    assert fits_any_window(SHORT, None) and not needs_measuring(SHORT, None, 1024)
    assert guard.after_reply(SHORT, 137, 80, "stop", 300).passed
    assert guard.report([SHORT])["cells"][SHORT.cell_id] == {"tokens": 137, "source": "reply", "n_tokens": 97,
                                                           "n_tokens_max": 398}


def test_unreported_usage_is_unverified_not_failed():
    guard = ContextGuard({FULL.cell_id: Expectation(10291, "server_tokenizer")})
    assert guard.after_reply(FULL, None, None, "stop", 300).passed


def test_filling_the_whole_window_is_truncation():
    guard = ContextGuard({}, window=4096, window_source="test")
    assert guard.after_reply(SHORT, 3500, 596, "stop", 1024).failure == "truncated"


def test_a_reply_stopped_by_the_window_before_its_budget_is_truncation():
    """llama-cpp-python shrinks max_tokens to what is left of n_ctx: finish_reason length, fewer tokens than asked."""
    guard = ContextGuard({})
    assert guard.after_reply(SHORT, 137, 150, "length", 300).failure == "truncated"
    assert guard.after_reply(SHORT, 137, 300, "length", 300).passed, "the reply budget itself ran out: not a cut"


def test_the_first_exact_reply_teaches_the_chat_templates_tokens():
    guard = ContextGuard({SHORT.cell_id: Expectation(107, "server_tokenizer")})
    assert guard.overhead is None
    assert guard.after_reply(SHORT, 137, 80, "stop", 300).passed
    assert guard.overhead == 30


# --- before sending --------------------------------------------------------------------------------

def test_a_measured_prompt_that_cannot_fit_the_stated_window_is_not_sent():
    guard = ContextGuard({FULL.cell_id: Expectation(10291, "server_tokenizer")}, window=8192, window_source="/props n_ctx")
    verdict = guard.before_send(FULL, 300)
    assert verdict.failure == "too_long" and "8192" in verdict.error and "/props n_ctx" in verdict.error
    lisbon = cell("lisbon-2026-02-real-full", 4186, 8485)
    guard = ContextGuard({lisbon.cell_id: Expectation(7853, "server_tokenizer")}, overhead=30, window=8192,
                         window_source="test")
    assert guard.before_send(lisbon, 300).passed, "7,853 + 30 + 300 = 8,183 fits 8,192"
    assert guard.before_send(lisbon, 1024).failure == "too_long"


def test_nothing_is_refused_on_a_guess():
    """No window, or only the WordPiece count: the server decides (and a refusal is filed as too_long)."""
    assert ContextGuard({FULL.cell_id: Expectation(10291, "measured")}).before_send(FULL, 300).passed
    guard = ContextGuard({FULL.cell_id: Expectation(5200, "wordpiece")}, window=4096, window_source="test")
    assert guard.before_send(FULL, 300).passed


def test_a_refusal_teaches_the_window_and_the_count_for_the_next_request():
    guard = ContextGuard({})
    refusal = parse_context_refusal(400, {"error": {"message": REFUSAL_WORDINGS[0].example}})
    guard.learn_refusal(FULL, refusal)
    assert guard.window == 8192
    assert guard.expectation(FULL) == Expectation(10321, "refusal")
    assert guard.before_send(FULL, 300).failure == "too_long", "a second sample is not sent again"


# --- refusal wordings ------------------------------------------------------------------------------

WORDINGS = [
    # (status, body, window, prompt tokens): vLLM, llama.cpp, OpenAI, TGI as their users quote them
    (400, {"error": {"message": "This model's maximum context length is 4096 tokens. However, your request has 4176 "
                                "input tokens. Please reduce the length of the input messages.",
                     "type": "BadRequestError", "param": None, "code": 400}}, 4096, 4176),
    (400, {"error": {"message": "'max_tokens' or 'max_completion_tokens' is too large: 8000. This model's maximum "
                                "context length is 4096 tokens and your request has 2778 input tokens "
                                "(8000 > 4096 - 2778). None", "type": "BadRequestError", "param": None, "code": 400}},
     4096, 2778),
    (400, {"object": "error", "message": "This model's maximum context length is 2048 tokens. However, you requested "
                                         "2400 tokens (2100 in the messages, 300 in the completion). Please reduce "
                                         "the length of the messages or completion.", "type": "BadRequestError"},
     2048, 2100),
    (400, {"error": {"message": "The decoder prompt (length 17772) is longer than the maximum model length of 16384. "
                                "Make sure that `max_model_len` is no smaller than the number of text tokens."}},
     16384, 17772),
    (400, {"error": {"code": 400, "message": "the request exceeds the available context size, try increasing it",
                     "type": "exceed_context_size_error", "n_prompt_tokens": 14429, "n_ctx": 8192}}, 8192, 14429),
    (500, {"error": {"code": 500, "message": "the request exceeds the available context size. try increasing the "
                                             "context size or enable context shift",
                     "type": "exceed_context_size_error", "n_prompt_tokens": 1407, "n_ctx": 256}}, 256, 1407),
    (400, {"error": {"message": "This model's maximum context length is 128000 tokens. However, your messages "
                                "resulted in 130415 tokens. Please reduce the length of the messages.",
                     "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}},
     128000, 130415),
    (400, {"error": {"message": "Your input exceeds the context window of this model. Please adjust your input and "
                                "try again.", "type": "invalid_request_error", "code": "context_length_exceeded"}},
     None, None),
    (422, {"error": "Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 5000 "
                    "`inputs` tokens and 1024 `max_new_tokens`", "error_type": "validation"}, 4096, 5000),
    (413, "<html><body>413 Request Entity Too Large</body></html>", None, None),
]
"""Sources: vLLM (issue threads quoting its 400s, e.g. vllm-project/vllm and the tunix/lmms-eval reports of
the decoder-prompt error), llama.cpp (ggml-org/llama.cpp PR 15780 and oobabooga/textgen issue 7257),
OpenAI (its documented context_length_exceeded error), TGI (its input validation error). Quoted, not
recorded: only the llama-cpp-python refusal is recorded from a real server."""


@pytest.mark.parametrize("status, body, window, prompt", WORDINGS)
def test_every_known_context_refusal_is_recognised_with_its_numbers(status, body, window, prompt):
    refusal = parse_context_refusal(status, body)
    assert refusal is not None
    assert (refusal.window, refusal.prompt_tokens) == (window, prompt)


@pytest.mark.parametrize("wording", REFUSAL_WORDINGS, ids=lambda wording: wording.id)
def test_every_wording_matches_its_own_example(wording):
    assert parse_context_refusal(400, {"error": {"message": wording.example}}).wording == wording.id


@pytest.mark.parametrize("status, body", [
    (400, {"error": {"message": "Invalid value for 'temperature': must be at most 2", "code": "invalid_value"}}),
    (500, {"error": {"message": "model runner crashed", "type": "server_error"}}),
    (429, {"error": {"message": "Rate limit reached: maximum context length is 8192 tokens"}}),
    (404, {"detail": "Not Found"}),
])
def test_other_errors_are_not_context_refusals(status, body):
    assert parse_context_refusal(status, body) is None


# --- measuring in pieces ---------------------------------------------------------------------------

@given(st.text(alphabet=st.sampled_from(list("ab 1.\n\u00e9\u00f3\u2028")), max_size=3000),
       st.integers(min_value=8, max_value=400))
def test_pieces_put_the_text_back_together_and_each_fits(text, limit):
    parts = pieces(text, limit)
    assert "".join(parts) == text
    assert all(0 < token_bound(part) <= limit for part in parts)


def test_pieces_end_at_line_ends_when_lines_fit():
    table = "".join(f"2026-08-{day:02d} 197.69 208.74 196.85 206.64 128406900\n" for day in range(1, 29))
    parts = pieces(table, 200)
    assert len(parts) > 1 and all(part.endswith("\n") for part in parts)


def test_a_piece_fits_the_smallest_window_with_a_template_and_one_reply_token():
    assert piece_bytes(None) + TEMPLATE_ALLOWANCE + 1 == MIN_ASSUMED_WINDOW
    assert piece_bytes(1024) + TEMPLATE_ALLOWANCE + 1 == 1024


def test_pieces_sum_to_the_prompt_count_less_each_templates_tokens():
    assert measured_count([1930, 1925, 1012], overhead=30) == 1900 + 1895 + 982


def test_only_prompts_that_might_be_cut_are_measured():
    assert needs_measuring(FULL, None, 1024)
    assert not needs_measuring(FULL, 32768, 1024), "its upper bound fits the stated window"
    assert needs_measuring(FULL, 8192, 1024)


# --- Ollama num_ctx --------------------------------------------------------------------------------

def test_ollama_num_ctx_fits_the_largest_calibrated_prompt_template_and_reply():
    guard = ContextGuard({FULL.cell_id: Expectation(10291, "measured")}, overhead=30)
    assert ollama_num_ctx(guard, [FULL, SHORT], 1024) == 12288  # 10,291 + 30 + 1,024 rounded up to 1,024s
    unmeasured = ContextGuard({})
    assert ollama_num_ctx(unmeasured, [FULL], 1024) >= FULL.n_tokens_max + TEMPLATE_ALLOWANCE + 1024
    assert ollama_num_ctx(unmeasured, [], 100) == 1024


def test_an_unknown_expectation_source_is_an_error():
    with pytest.raises(ValueError, match="unknown expectation source"):
        Expectation(10, "guess")
