"""The wire: one chat completion per (cell, sample) through the official `openai` client.

Retries are ours, not the SDK's (`max_retries=0`), so every attempt is counted on the line and a
transient error that never clears ends as a failed line with its reason. Ollama is detected by
its `/api/version` endpoint; only then is `options.num_ctx` sent (hosted APIs reject unknown
fields). Ollama's OpenAI-compatible endpoint may ignore per-request options, which is why the
guard's after-the-fact check on reported prompt tokens is the one that cannot be skipped.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass

import openai

from contracts.text import storable
from runner.replies import DeadlineExceeded, classify, read_body

RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
DISCOVERY_TIMEOUT_S = 5.0
CONTEXT_WINDOW_KEYS = ("max_model_len", "context_length", "context_window")
"""Fields of a /v1/models entry that state the context window (vLLM, OpenRouter-style servers)."""


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff for transient errors; a server's Retry-After wins when it gives one."""

    attempts: int = 4
    base_delay_s: float = 2.0
    max_delay_s: float = 60.0

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ValueError(f"RetryPolicy.attempts must be at least 1, got {self.attempts}")

    def delay(self, attempt: int, retry_after_s: float | None) -> float:
        """Seconds to wait after failed attempt number `attempt` (1-based)."""
        if retry_after_s is not None:
            return min(max(retry_after_s, 0.0), self.max_delay_s)
        return min(self.base_delay_s * 2 ** (attempt - 1), self.max_delay_s)


@dataclass(frozen=True)
class CallSettings:
    """What every request of a run shares."""

    model: str
    temperature: float
    max_tokens: int
    timeout_s: float
    num_ctx: int | None = None  # sent as Ollama options.num_ctx when set


@dataclass(frozen=True)
class CallResult:
    """The outcome of one request after retries: text, or a failure kind with its reason."""

    commentary: str | None
    failure: str | None
    error: str | None
    server_model: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    finish_reason: str | None = None
    latency_s: float | None = None
    attempts: int = 1
    partial: str | None = None  # a `length` failure's text (runner/replies.py), never scored


@dataclass(frozen=True)
class ServerInfo:
    """What the server tells about itself before the run."""

    ollama_version: str | None
    context_window: int | None
    listed_models: tuple[str, ...]

    @property
    def is_ollama(self) -> bool:
        return self.ollama_version is not None


def server_root(base_url: str) -> str:
    """`http://host:11434/v1` -> `http://host:11434`, where Ollama's native endpoints live."""
    root = base_url.rstrip("/")
    return root[: -len("/v1")] if root.endswith("/v1") else root


def make_openai(base_url: str, api_key: str, timeout_s: float) -> openai.OpenAI:
    return openai.OpenAI(base_url=base_url, api_key=api_key, timeout=timeout_s, max_retries=0)


def discover_server(client: openai.OpenAI, base_url: str, model: str) -> ServerInfo:
    """Ask for the model list (context window where stated) and whether this is Ollama."""
    listed: list[str] = []
    window: int | None = None
    try:
        for entry in client.models.list(timeout=DISCOVERY_TIMEOUT_S):
            listed.append(entry.id)
            if entry.id == model:
                extra = entry.model_extra or {}
                window = next((int(extra[key]) for key in CONTEXT_WINDOW_KEYS if extra.get(key)), None)
    except (openai.OpenAIError, AttributeError, TypeError, ValueError):
        pass  # listing models is optional for OpenAI-compatible servers (and a malformed list is no list)
    return ServerInfo(ollama_version=ollama_version(base_url), context_window=window, listed_models=tuple(listed))


def ollama_version(base_url: str) -> str | None:
    """Ollama answers GET /api/version with {"version": ...}; other servers do not."""
    try:
        with urllib.request.urlopen(f"{server_root(base_url)}/api/version", timeout=DISCOVERY_TIMEOUT_S) as reply:
            version = json.loads(reply.read().decode("utf-8")).get("version")
    except (urllib.error.URLError, OSError, ValueError, AttributeError):
        return None
    return str(version) if version else None


class ChatClient:
    """Sends one prompt, retrying transient errors, and classifies what came back."""

    def __init__(
        self,
        client: openai.OpenAI,
        settings: CallSettings,
        retry: RetryPolicy,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._client = client
        self._settings = settings
        self._retry = retry
        self._sleep = sleep

    def complete(self, prompt: str) -> CallResult:
        attempt = 0
        while True:
            attempt += 1
            started = time.monotonic()
            try:
                body = read_body(lambda: self._request(prompt), self._settings.timeout_s)
            except (openai.APITimeoutError, DeadlineExceeded):
                outcome = ("timeout", f"timeout: no reply within {self._settings.timeout_s:g} s", True, None)
            except openai.APIConnectionError as error:
                outcome = ("connection", f"connection: {error}", True, None)
            except openai.APIStatusError as error:
                retryable = error.status_code in RETRYABLE_STATUS
                outcome = ("http", f"http {error.status_code}: {short(error.message)}", retryable, retry_after(error))
            else:
                return classify(body, time.monotonic() - started, attempt)
            failure, message, retryable, wait_hint = outcome
            if not retryable or attempt >= self._retry.attempts:
                suffix = f" (after {attempt} attempts)" if attempt > 1 else ""
                return CallResult(None, failure, message + suffix, attempts=attempt)
            self._sleep(self._retry.delay(attempt, wait_hint))

    def _request(self, prompt: str):
        settings = self._settings
        extra_body = {"options": {"num_ctx": settings.num_ctx}} if settings.num_ctx else None
        # The raw response: runner/replies.py reads and checks the body itself, within the deadline.
        return self._client.chat.completions.with_streaming_response.create(
            model=settings.model,
            messages=[{"role": "user", "content": prompt}],
            temperature=settings.temperature,
            max_tokens=settings.max_tokens,
            timeout=settings.timeout_s,
            extra_body=extra_body,
        )


def retry_after(error: openai.APIStatusError) -> float | None:
    value = error.response.headers.get("retry-after") if error.response is not None else None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None  # an HTTP date; fall back to backoff


def short(text: object, limit: int = 300) -> str:
    text = " ".join(storable(str(text)).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
