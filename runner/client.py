"""The wire: one chat completion per (cell, sample) through the official `openai` client.

Retries are ours, not the SDK's (`max_retries=0`), so every attempt is counted on the line and a
transient error that never clears ends as a failed line with its reason. A context-length refusal
(runner/guard.py knows the wordings) is `too_long` and never retried, whatever its status. Ollama
is detected by its `/api/version` endpoint; only then is `options.num_ctx` sent (hosted APIs
reject unknown fields). Ollama's OpenAI-compatible endpoint may ignore per-request options, which
is why the guard's after-the-fact check on reported prompt tokens is the one that cannot be skipped.

Discovery asks the server what it can say about itself: the context window (`/v1/models` fields,
llama.cpp's `/props`) and a tokenizer endpoint (vLLM and llama.cpp `/tokenize`, llama-cpp-python
`/extras/tokenize/count`), each tried in turn; a server that has none of them is still usable.
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
from runner.guard import ContextRefusal, parse_context_refusal

RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
DISCOVERY_TIMEOUT_S = 5.0
COUNT_TIMEOUT_S = 30.0
"""Counting a 10,000-token prompt on a busy server can take longer than a discovery probe."""
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
    refusal: ContextRefusal | None = None  # set when the server refused the prompt as too long
    partial: str | None = None  # a `length` failure's text (runner/replies.py), never scored


@dataclass(frozen=True)
class TokenizerEndpoint:
    """A server's own tokenizer over HTTP: where it lives, what to send, where the count is."""

    name: str
    path: str
    body: Callable[[str, str], dict]
    count: Callable[[dict], int | None]
    window: Callable[[dict], int | None] = lambda reply: None


TOKENIZER_ENDPOINTS: tuple[TokenizerEndpoint, ...] = (
    TokenizerEndpoint("vllm /tokenize", "/tokenize",
                      lambda model, text: {"model": model, "prompt": text, "add_special_tokens": False},
                      lambda reply: reply.get("count") if isinstance(reply.get("count"), int) else None,
                      lambda reply: reply.get("max_model_len") if isinstance(reply.get("max_model_len"), int) else None),
    TokenizerEndpoint("llama.cpp /tokenize", "/tokenize",
                      lambda model, text: {"content": text, "add_special": False},
                      lambda reply: len(reply["tokens"]) if isinstance(reply.get("tokens"), list) else None),
    TokenizerEndpoint("llama-cpp-python /extras/tokenize/count", "/extras/tokenize/count",
                      lambda model, text: {"model": model, "input": text},
                      lambda reply: reply.get("count") if isinstance(reply.get("count"), int) else None),
)
"""Tried in this order; an endpoint counts only if it gives a positive count for a known text."""

TOKENIZER_PROBE_TEXT = "Price data for August 2026: NVDA closed at 206.64."
WINDOW_ENDPOINTS: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...] = (
    ("/props", (("default_generation_settings", "n_ctx"), ("n_ctx",))),  # llama.cpp server
)
"""GET endpoints that state the context window, and the path of keys to it."""


@dataclass(frozen=True)
class ServerInfo:
    """What the server tells about itself before the run."""

    ollama_version: str | None
    context_window: int | None
    listed_models: tuple[str, ...]
    window_source: str | None = None
    tokenizer: TokenizerEndpoint | None = None

    @property
    def is_ollama(self) -> bool:
        return self.ollama_version is not None


class ServerTokenizer:
    """Counts text with the served model's own tokenizer, through the endpoint discovery found."""

    def __init__(self, base_url: str, api_key: str, model: str, endpoint: TokenizerEndpoint) -> None:
        self._root, self._api_key, self._model, self.endpoint = server_root(base_url), api_key, model, endpoint

    def count(self, text: str) -> int | None:
        reply = post_json(f"{self._root}{self.endpoint.path}", self.endpoint.body(self._model, text), self._api_key,
                          COUNT_TIMEOUT_S)
        count = self.endpoint.count(reply) if isinstance(reply, dict) else None
        return count if count is not None and count > 0 else None


def server_root(base_url: str) -> str:
    """`http://host:11434/v1` -> `http://host:11434`, where Ollama's native endpoints live."""
    root = base_url.rstrip("/")
    return root[: -len("/v1")] if root.endswith("/v1") else root


def make_openai(base_url: str, api_key: str, timeout_s: float) -> openai.OpenAI:
    return openai.OpenAI(base_url=base_url, api_key=api_key, timeout=timeout_s, max_retries=0)


def discover_server(client: openai.OpenAI, base_url: str, model: str, api_key: str = "") -> ServerInfo:
    """Ask for the model list, the context window and a tokenizer where stated, and whether this is Ollama."""
    listed: list[str] = []
    window: int | None = None
    source: str | None = None
    try:
        for entry in client.models.list(timeout=DISCOVERY_TIMEOUT_S):
            listed.append(entry.id)
            if entry.id == model:
                extra = entry.model_extra or {}
                key = next((key for key in CONTEXT_WINDOW_KEYS if extra.get(key)), None)
                if key:
                    window, source = int(extra[key]), f"/v1/models {key}"
    except (openai.OpenAIError, AttributeError, TypeError, ValueError):
        pass  # listing models is optional for OpenAI-compatible servers (and a malformed list is no list)
    ollama = ollama_version(base_url)
    tokenizer, reply = (None, None) if ollama else find_tokenizer(base_url, api_key, model)
    if window is None and tokenizer is not None:
        stated = tokenizer.window(reply)
        if stated:
            window, source = stated, f"{tokenizer.path} max_model_len"
    if window is None and not ollama:
        window, source = props_window(base_url, api_key)
    return ServerInfo(ollama_version=ollama, context_window=window, listed_models=tuple(listed),
                      window_source=source, tokenizer=tokenizer)


def find_tokenizer(base_url: str, api_key: str, model: str) -> tuple[TokenizerEndpoint | None, dict | None]:
    """The first tokenizer endpoint that counts a known text, with its reply (Ollama has none)."""
    root = server_root(base_url)
    for endpoint in TOKENIZER_ENDPOINTS:
        reply = post_json(f"{root}{endpoint.path}", endpoint.body(model, TOKENIZER_PROBE_TEXT), api_key)
        if isinstance(reply, dict) and endpoint.count(reply):
            return endpoint, reply
    return None, None


def props_window(base_url: str, api_key: str) -> tuple[int | None, str | None]:
    """llama.cpp's `/props` states the context size each slot was started with."""
    for path, key_paths in WINDOW_ENDPOINTS:
        reply = get_json(f"{server_root(base_url)}{path}", api_key)
        for keys in key_paths:
            value: object = reply
            for key in keys:
                value = value.get(key) if isinstance(value, dict) else None
            if isinstance(value, int) and value > 0:
                return value, f"{path} {'.'.join(keys)}"
    return None, None


def _headers(api_key: str) -> dict[str, str]:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    return headers


def post_json(url: str, body: dict, api_key: str = "", timeout_s: float = DISCOVERY_TIMEOUT_S) -> object:
    """POST a JSON body; the decoded reply, or None for any error (discovery never fails a run)."""
    request = urllib.request.Request(url, data=json.dumps(body).encode("utf-8"), headers=_headers(api_key), method="POST")
    return _read_json(request, timeout_s)


def get_json(url: str, api_key: str = "") -> object:
    return _read_json(urllib.request.Request(url, headers=_headers(api_key)), DISCOVERY_TIMEOUT_S)


def _read_json(request: urllib.request.Request, timeout_s: float) -> object:
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as reply:
            return json.loads(reply.read().decode("utf-8"))
    except (urllib.error.URLError, OSError, ValueError):
        return None


def ollama_version(base_url: str) -> str | None:
    """Ollama answers GET /api/version with {"version": ...}; other servers do not."""
    reply = get_json(f"{server_root(base_url)}/api/version")
    version = reply.get("version") if isinstance(reply, dict) else None
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
        """The run's request: the prompt with the run's sampling settings and reply budget."""
        settings = self._settings
        return self._attempt(prompt, settings.temperature, settings.max_tokens, settings.num_ctx)

    def measure(self, text: str) -> CallResult:
        """A one-token reply to `text`, for its `usage.prompt_tokens` (the guard measures prompts so).

        Sent without num_ctx: a measured piece fits the smallest window by construction.
        """
        return self._attempt(text, 0.0, 1, None, measuring=True)

    def _attempt(self, prompt: str, temperature: float, max_tokens: int, num_ctx: int | None,
                 measuring: bool = False) -> CallResult:
        attempt = 0
        while True:
            attempt += 1
            started = time.monotonic()
            try:
                body = read_body(lambda: self._request(prompt, temperature, max_tokens, num_ctx), self._settings.timeout_s)
            except (openai.APITimeoutError, DeadlineExceeded):
                outcome = ("timeout", f"timeout: no reply within {self._settings.timeout_s:g} s", True, None)
            except openai.APIConnectionError as error:
                outcome = ("connection", f"connection: {error}", True, None)
            except openai.APIStatusError as error:
                refusal = parse_context_refusal(error.status_code, error.body, str(error.message))
                if refusal is not None:
                    return CallResult(None, "too_long", f"too_long: the server refused the prompt as longer than its "
                                      f"context window: http {error.status_code}: {short(error.message)}",
                                      attempts=attempt, refusal=refusal)
                retryable = error.status_code in RETRYABLE_STATUS
                outcome = ("http", f"http {error.status_code}: {short(error.message)}", retryable, retry_after(error))
            else:
                result = classify(body, time.monotonic() - started, attempt)
                if measuring and result.failure in ("empty", "length"):  # a one-token reply may well be blank or cut
                    return CallResult(None, None, None, server_model=result.server_model,
                                      prompt_tokens=result.prompt_tokens, attempts=attempt)
                return result
            failure, message, retryable, wait_hint = outcome
            if not retryable or attempt >= self._retry.attempts:
                suffix = f" (after {attempt} attempts)" if attempt > 1 else ""
                return CallResult(None, failure, message + suffix, attempts=attempt)
            self._sleep(self._retry.delay(attempt, wait_hint))

    def _request(self, prompt: str, temperature: float, max_tokens: int, num_ctx: int | None):
        settings = self._settings
        extra_body = {"options": {"num_ctx": num_ctx}} if num_ctx else None
        # The raw response: runner/replies.py reads and checks the body itself, within the deadline.
        return self._client.chat.completions.with_streaming_response.create(
            model=settings.model,
            messages=[{"role": "user", "content": prompt}],
            temperature=temperature,
            max_tokens=max_tokens,
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
