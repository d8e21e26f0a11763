"""The context guard: a prompt the server would cut, or did cut, is a failure, never an answer.

The dataset's `n_tokens` is a WordPiece count, and no fixed ratio turns it into a chat model's
count: SmolLM2-135M-Instruct's tokenizer (it splits every digit) counts the default prompts at
1.02x (`none`) to 1.99x (`full`) of it, a coarse tokenizer at less than 1x. So the guard is
calibrated per run, on the served model's own tokenizer, from the best source the server offers:

- `server_tokenizer`: the server counts each prompt itself (vLLM and llama.cpp `/tokenize`,
  llama-cpp-python `/extras/tokenize/count`); exact, so a reply that read 2% less was cut.
- `measured`: no tokenizer endpoint (Ollama, hosted APIs): a prompt that might not fit the smallest
  window a server uses (`MIN_ASSUMED_WINDOW`) is measured in line-aligned pieces that certainly fit,
  each sent with a one-token reply budget; the pieces' `usage.prompt_tokens`, less the chat
  template's tokens (measured on a one-character message), sum to the prompt's count. A short
  prompt cannot be cut anywhere, so its own reply is its measurement. A whole-prompt ratio learned
  on short prompts does not transfer to the table-heavy `full` ones (1.47x vs 1.99x above), which
  is why long prompts are measured in pieces rather than extrapolated.
- `refusal`: a context-length refusal states the server's own count (and its window).
- `wordpiece`: nothing could be measured: `n_tokens` with the old 85% tolerance, a last resort.

Before sending, a prompt is refused (`too_long`) only when its measured count plus the template
and the reply budget cannot fit the window the server states (`/v1/models` `max_model_len`,
llama.cpp `/props` `n_ctx`, vLLM `/tokenize` `max_model_len`) or stated in an earlier refusal.
After the reply, it is `truncated` when the server read fewer tokens than expected, when prompt
plus reply filled the whole window, or when the reply stopped for length short of its budget (the
window, not `--max-tokens`, cut it). The upper bound `n_tokens_max` (UTF-8 bytes; builder/tokens.py)
decides which prompts need measuring and sizes Ollama's `num_ctx` when nothing was measured.
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from builder.cells import Cell

MIN_ASSUMED_WINDOW = 2048
"""The smallest context window assumed of a server that states none (Ollama's default before 0.6)."""

TEMPLATE_ALLOWANCE = 64
"""Room left for a chat template's own tokens (SmolLM2's default system prompt and markers: 30)."""

CONTEXT_STEP = 1024
"""num_ctx is rounded up to a multiple of this, so one run asks Ollama for one context size."""

OVERHEAD_PROBE = "."
"""The one-token message whose reported prompt tokens, less one, are the chat template's tokens."""

TOLERANCES: dict[str, float] = {
    "server_tokenizer": 0.98,  # exact count; a template may trim a trailing newline
    "refusal": 0.98,           # the server's own count, stated in its refusal
    "measured": 0.95,          # summed pieces: a few tokens may merge or split across piece joins
    "wordpiece": 0.85,         # nothing measured: the dataset's WordPiece count
}
"""Share of the expected prompt tokens a reply must report, per source of the expectation."""


@dataclass(frozen=True)
class Expectation:
    """The server's count of a prompt's text (its chat template excluded) and where it came from."""

    tokens: int
    source: str

    def __post_init__(self) -> None:
        if self.source not in TOLERANCES:
            raise ValueError(f"unknown expectation source {self.source!r}; known: {', '.join(TOLERANCES)}")

    @property
    def tolerance(self) -> float:
        return TOLERANCES[self.source]


@dataclass(frozen=True)
class GuardVerdict:
    """None of the fields set means the check passed."""

    failure: str | None = None
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.failure is None


PASSED = GuardVerdict()


# --- context-length refusals ----------------------------------------------------------------------

@dataclass(frozen=True)
class RefusalWording:
    """One server's way of saying "too long", with its window and prompt count as named groups."""

    id: str
    server: str
    pattern: re.Pattern[str]
    example: str


REFUSAL_WORDINGS: tuple[RefusalWording, ...] = tuple(
    RefusalWording(id_, server, re.compile(pattern, re.IGNORECASE), example)
    for id_, server, pattern, example in (
        ("openai-requested", "llama-cpp-python, vLLM before 0.6, OpenAI (legacy)",
         r"maximum context length is (?P<window>\d+) tokens\.? However, you requested (?P<requested>\d+) tokens"
         r"(?: \((?P<prompt>\d+) in the messages)?",
         "This model's maximum context length is 8192 tokens. However, you requested 10621 tokens "
         "(10321 in the messages, 300 in the completion). Please reduce the length of the messages or completion."),
        ("openai-resulted", "OpenAI",
         r"maximum context length is (?P<window>\d+) tokens\.? However, your messages resulted in (?P<prompt>\d+) tokens",
         "This model's maximum context length is 128000 tokens. However, your messages resulted in 130415 tokens. "
         "Please reduce the length of the messages."),
        ("vllm-input-tokens", "vLLM",
         r"maximum context length is (?P<window>\d+) tokens\.? (?:However, )?(?:and )?your request has (?P<prompt>\d+) input tokens",
         "This model's maximum context length is 4096 tokens. However, your request has 4176 input tokens. "
         "Please reduce the length of the input messages."),
        ("vllm-decoder-prompt", "vLLM (engine)",
         r"prompt \(length (?P<prompt>\d+)\) is longer than the maximum model length of (?P<window>\d+)",
         "The decoder prompt (length 17772) is longer than the maximum model length of 16384."),
        ("vllm-prompt-length", "vLLM (older engine)",
         r"prompt length of (?P<prompt>\d+) is longer than the maximum model length of (?P<window>\d+)",
         "Prompt length of 5016 is longer than the maximum model length of 4096."),
        ("llama.cpp-exceed-context", "llama.cpp server",
         r"exceeds the available context size",
         "the request exceeds the available context size. try increasing the context size or enable context shift"),
        ("tgi-validation", "text-generation-inference",
         r"must be <= (?P<window>\d+)\. Given: (?P<prompt>\d+) `inputs` tokens",
         "Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 5000 `inputs` tokens "
         "and 1024 `max_new_tokens`"),
        ("openai-context-window", "OpenAI (Responses API)",
         r"exceeds the context window of this model",
         "Your input exceeds the context window of this model. Please adjust your input and try again."),
    )
)
"""Known wordings. The llama-cpp-python one is recorded from a real server (tests/fixtures/real_server);
the others are quoted from the servers' public issue threads (tests/test_guard_real_replies.py names them)."""

REFUSAL_STATUSES = frozenset({400, 413, 422, 500})
"""Statuses a context refusal comes with: 400 (most), 413 (request too large), 422 (TGI), 500 (older llama.cpp)."""

REFUSAL_CODES = frozenset({"context_length_exceeded", "exceed_context_size_error", "request_too_large"})
"""`code`/`type` fields that mean the same thing whatever the message says."""


@dataclass(frozen=True)
class ContextRefusal:
    """A server's "the prompt does not fit": its window and its count of the request, where stated."""

    wording: str
    window: int | None = None
    prompt_tokens: int | None = None  # the server's count of the whole prompt, template included


def parse_context_refusal(status: int, body: object, message: str = "") -> ContextRefusal | None:
    """A context-length refusal in an HTTP error, or None when the error is something else."""
    if status not in REFUSAL_STATUSES:
        return None
    error = body.get("error", body) if isinstance(body, Mapping) else body
    fields = error if isinstance(error, Mapping) else {}
    text = " ".join(str(part) for part in (
        message, fields.get("message", ""), error if isinstance(error, str) else "",
        body.get("detail", "") if isinstance(body, Mapping) else "") if part)
    codes = {str(fields.get(key)) for key in ("code", "type") if fields.get(key) is not None}
    window = _int(fields.get("n_ctx"))
    prompt = _int(fields.get("n_prompt_tokens"))
    for wording in REFUSAL_WORDINGS:
        match = wording.pattern.search(text)
        if match:
            groups = match.groupdict()
            return ContextRefusal(wording.id, window or _int(groups.get("window")),
                                  prompt or _int(groups.get("prompt")) or _int(groups.get("requested")))
    if codes & REFUSAL_CODES:
        return ContextRefusal(sorted(codes & REFUSAL_CODES)[0], window, prompt)
    if status == 413:
        return ContextRefusal("http-413", window, prompt)
    return None


def _int(value: object) -> int | None:
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None


# --- measuring a prompt in pieces ------------------------------------------------------------------

def fits_any_window(cell: Cell, window: int | None) -> bool:
    """True when the prompt's upper bound, with a template, fits the smallest window in play."""
    smallest = min(window, MIN_ASSUMED_WINDOW) if window else MIN_ASSUMED_WINDOW
    return cell.n_tokens_max + TEMPLATE_ALLOWANCE < smallest


def needs_measuring(cell: Cell, window: int | None, max_tokens: int) -> bool:
    """A prompt that might be cut somewhere: not certain to fit the smallest window, nor the stated one."""
    if fits_any_window(cell, window):
        return False
    return window is None or cell.n_tokens_max + TEMPLATE_ALLOWANCE + max_tokens > window


def piece_bytes(window: int | None) -> int:
    """The largest piece (UTF-8 bytes) that fits the smallest window with a template and one reply token."""
    smallest = min(window, MIN_ASSUMED_WINDOW) if window else MIN_ASSUMED_WINDOW
    return smallest - TEMPLATE_ALLOWANCE - 1


def pieces(text: str, limit: int) -> list[str]:
    """Line-aligned pieces of `text`, each at most `limit` UTF-8 bytes; they concatenate to `text`."""
    if limit < 8:
        raise ValueError(f"piece limit of {limit} bytes is too small to measure anything")
    out: list[str] = []
    current = ""
    for line in _lines(text):
        while len(line.encode("utf-8")) > limit:  # a line too long on its own: cut it at the limit
            head = line.encode("utf-8")[:limit].decode("utf-8", errors="ignore")
            if current:
                out.append(current)
                current = ""
            out.append(head)
            line = line[len(head):]
        if len((current + line).encode("utf-8")) > limit:
            out.append(current)
            current = ""
        current += line
    if current:
        out.append(current)
    return out


def _lines(text: str) -> Iterable[str]:
    """Lines with their `\\n` kept (only `\\n` splits: never `str.splitlines`, which splits on U+2028)."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end + 1
        yield text[start:end]
        start = end


def measured_count(piece_counts: list[int], overhead: int) -> int:
    """The prompt's count from its pieces' reported prompt tokens, each less the template's tokens."""
    return sum(max(count - overhead, 0) for count in piece_counts)


# --- the per-run guard -----------------------------------------------------------------------------

class ContextGuard:
    """One run's calibrated guard: expectations per cell, the window, the template's tokens.

    Thread-safe: `mcb run --concurrency N` checks and learns from several replies at once.
    What it learns during the run (a window stated in a refusal, the template's tokens from the
    first reply to an exactly counted prompt) applies to every later request.
    """

    def __init__(
        self,
        expectations: Mapping[str, Expectation],
        window: int | None = None,
        window_source: str | None = None,
        overhead: int | None = None,
        tokenizer: str | None = None,
        notes: Iterable[str] = (),
    ) -> None:
        self._expectations = dict(expectations)
        self._window = window
        self._window_source = window_source if window else None
        self._overhead = overhead
        self._tokenizer = tokenizer
        self._notes = list(notes)
        self._replies: dict[str, int] = {}
        self._lock = threading.Lock()

    @property
    def window(self) -> int | None:
        with self._lock:
            return self._window

    @property
    def overhead(self) -> int | None:
        with self._lock:
            return self._overhead

    def expectation(self, cell: Cell) -> Expectation | None:
        with self._lock:
            return self._expectations.get(cell.cell_id)

    def expected_size(self, cell: Cell) -> int:
        """Best estimate of the prompt as sent: measured when known, else its upper bound."""
        found = self.expectation(cell)
        return found.tokens if found else cell.n_tokens_max

    def before_send(self, cell: Cell, max_tokens: int) -> GuardVerdict:
        """Refuse a prompt whose measured size certainly cannot fit the known window."""
        with self._lock:
            window, overhead, found = self._window, self._overhead or 0, self._expectations.get(cell.cell_id)
            source = self._window_source
        if window is None or found is None or found.source == "wordpiece":
            return PASSED
        needed = found.tokens + overhead + max_tokens
        if needed <= window:
            return PASSED
        return GuardVerdict(
            "too_long",
            f"too_long: prompt of {found.tokens} tokens ({found.source.replace('_', ' ')}) plus "
            f"{overhead} template tokens plus max_tokens {max_tokens} exceeds the server's context window "
            f"of {window} ({source}); not sent",
        )

    def learn_refusal(self, cell: Cell, refusal: ContextRefusal) -> None:
        """A refusal states the server's window and count: later prompts are checked against them."""
        with self._lock:
            if refusal.window and (self._window is None or refusal.window < self._window):
                self._window, self._window_source = refusal.window, f"stated in a refusal ({refusal.wording})"
            if refusal.prompt_tokens and cell.cell_id not in self._expectations:
                tokens = max(refusal.prompt_tokens - (self._overhead or 0), 1)
                self._expectations[cell.cell_id] = Expectation(tokens, "refusal")

    def after_reply(
        self,
        cell: Cell,
        prompt_tokens: int | None,
        completion_tokens: int | None,
        finish_reason: str | None,
        max_tokens: int,
    ) -> GuardVerdict:
        """Fail a reply whose server read less of the prompt than it holds, or whose window cut the reply."""
        if prompt_tokens is None:
            return PASSED  # nothing reported: recorded as prompt_tokens null, counted as unverified
        with self._lock:
            found = self._expectations.get(cell.cell_id)
            if found is None and fits_any_window(cell, self._window):
                self._replies[cell.cell_id] = prompt_tokens
            if found is not None and found.source == "server_tokenizer" and self._overhead is None \
                    and prompt_tokens >= found.tokens:
                self._overhead = prompt_tokens - found.tokens
            window = self._window
        if found is not None and prompt_tokens < found.tolerance * found.tokens:
            return GuardVerdict(
                "truncated",
                f"truncated: the server read {prompt_tokens} prompt tokens of the {found.tokens} its tokenizer "
                f"makes of the prompt ({found.source.replace('_', ' ')}; below {found.tolerance:.0%}); raise the "
                "server's context size (Ollama: OLLAMA_CONTEXT_LENGTH or a Modelfile num_ctx)",
            )
        if window is not None and prompt_tokens + (completion_tokens or 0) >= window:
            return GuardVerdict(
                "truncated",
                f"truncated: the server read {prompt_tokens} prompt tokens and wrote {completion_tokens or 0}, "
                f"filling its whole context window of {window}",
            )
        if finish_reason == "length" and completion_tokens is not None and completion_tokens < max_tokens:
            return GuardVerdict(
                "truncated",
                f"truncated: the reply stopped for length after {completion_tokens} of max_tokens {max_tokens} "
                f"tokens: the server's context window, not the reply budget, cut it",
            )
        return PASSED

    def report(self, cells: Iterable[Cell]) -> dict:
        """The calibration, for the run's metadata: window, template tokens, ratios per market and context."""
        with self._lock:
            expectations, replies = dict(self._expectations), dict(self._replies)
            window, source, overhead = self._window, self._window_source, self._overhead
        per_cell, groups = {}, {}
        for cell in cells:
            found = expectations.get(cell.cell_id)
            tokens, kind = (found.tokens, found.source) if found else (replies.get(cell.cell_id), "reply")
            if tokens is None:
                continue
            if kind == "reply" and overhead:
                tokens = max(tokens - overhead, 1)
            per_cell[cell.cell_id] = {"tokens": tokens, "source": kind, "n_tokens": cell.n_tokens,
                                      "n_tokens_max": cell.n_tokens_max}
            groups.setdefault(f"{cell.market}/{cell.context}", []).append((tokens, cell.n_tokens, kind))
        ratios = {
            key: {
                "tokens_per_n_tokens": round(sum(t for t, _, _ in rows) / sum(n for _, n, _ in rows), 3),
                "cells": len(rows),
                "sources": sorted({kind for _, _, kind in rows}),
            }
            for key, rows in sorted(groups.items())
        }
        return {
            "tokenizer": self._tokenizer,
            "context_window": window,
            "context_window_source": source,
            "template_tokens": overhead,
            "tolerances": dict(TOLERANCES),
            "ratios": ratios,
            "cells": per_cell,
            "notes": list(self._notes),
        }


def ollama_num_ctx(guard: ContextGuard, cells: Iterable[Cell], max_tokens: int) -> int:
    """One context size for the whole run: the largest prompt as calibrated, the template, the reply.

    One size, because Ollama reloads a model whenever num_ctx changes between requests. A prompt
    not measured counts at its upper bound, so the size is never smaller than a prompt needs.
    """
    largest = max((guard.expected_size(cell) for cell in cells), default=0)
    overhead = guard.overhead if guard.overhead is not None else TEMPLATE_ALLOWANCE
    needed = largest + overhead + max_tokens
    return max(CONTEXT_STEP, math.ceil(needed / CONTEXT_STEP) * CONTEXT_STEP)
