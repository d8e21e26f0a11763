"""The context guard: a prompt the server would cut, or did cut, is a failure, never an answer.

Two checks. Before sending: if the server states its context window and the prompt plus the
reply budget cannot fit, the cell is not sent. After the reply: if the server reports having
read materially fewer prompt tokens than were sent, the line is failed as truncated.

Prompt sizes come from the dataset's `n_tokens`, a WordPiece count (builder/tokens.py), not the
served model's own tokenizer, so the comparison is a ratio with a named tolerance:
- Ollama's 4,096-token default cuts a 5,200-token `full` prompt to 0.79 of it, and the seed's
  7,028-token prompt to 0.58; chat tokenizers count these digit-heavy tables at or above the
  WordPiece count (several split digits one by one), so reading under 0.85 of it means cut.
- A server that reports as many tokens as its whole window (prompt plus reply) hit the wall.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

TRUNCATION_RATIO = 0.85
"""A reply whose reported prompt tokens fall below this share of `n_tokens` was truncated."""

OLLAMA_TOKEN_HEADROOM = 1.6
"""num_ctx margin over `n_tokens`: tokenizers that split digits one by one count up to ~1.5x."""

CONTEXT_STEP = 1024
"""num_ctx is rounded up to a multiple of this, so one run asks Ollama for one context size."""


@dataclass(frozen=True)
class GuardVerdict:
    """None of the fields set means the check passed."""

    failure: str | None = None
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.failure is None


PASSED = GuardVerdict()


def check_before_send(n_tokens: int, max_tokens: int, context_window: int | None) -> GuardVerdict:
    """Refuse to send a prompt that cannot fit the window the server states."""
    if context_window is None or n_tokens + max_tokens <= context_window:
        return PASSED
    return GuardVerdict(
        "too_long",
        f"too_long: prompt of ~{n_tokens} tokens plus max_tokens {max_tokens} exceeds the server's "
        f"context window of {context_window}; not sent",
    )


def check_after_reply(
    n_tokens: int,
    prompt_tokens: int | None,
    completion_tokens: int | None,
    context_window: int | None,
) -> GuardVerdict:
    """Fail a reply whose server read materially fewer prompt tokens than were sent."""
    if prompt_tokens is None:
        return PASSED  # nothing reported: recorded as prompt_tokens null, counted as unverified
    if prompt_tokens < TRUNCATION_RATIO * n_tokens:
        return GuardVerdict(
            "truncated",
            f"truncated: the server read {prompt_tokens} prompt tokens of ~{n_tokens} sent "
            f"(below {TRUNCATION_RATIO:.0%}); raise the server's context size (Ollama: OLLAMA_CONTEXT_LENGTH "
            "or a Modelfile num_ctx)",
        )
    if context_window is not None and prompt_tokens + (completion_tokens or 0) >= context_window:
        return GuardVerdict(
            "truncated",
            f"truncated: the server read {prompt_tokens} prompt tokens and wrote {completion_tokens or 0}, "
            f"filling its whole context window of {context_window}",
        )
    return PASSED


def ollama_num_ctx(n_tokens: list[int], max_tokens: int) -> int:
    """One context size for the whole run: the largest prompt with headroom, plus the reply budget.

    One size, because Ollama reloads a model whenever num_ctx changes between requests.
    """
    largest = max(n_tokens, default=0)
    needed = math.ceil(largest * OLLAMA_TOKEN_HEADROOM) + max_tokens
    return max(CONTEXT_STEP, math.ceil(needed / CONTEXT_STEP) * CONTEXT_STEP)
