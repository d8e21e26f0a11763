"""A local OpenAI-compatible stand-in server for the runner's wire tests (127.0.0.1 only).

It speaks just enough of the wire: GET /v1/models, POST /v1/chat/completions with `usage`, and,
when told to, Ollama's GET /api/version, a tokenizer endpoint shaped like vLLM's, llama.cpp's or
llama-cpp-python's, and llama.cpp's GET /props. Each mode reproduces one way a real server lets a
runner down. Every chat request body is recorded, so tests can count what was sent.

Its tokenizers are stand-ins too (the real one is replayed from recordings in
tests/test_guard_real_replies.py): `wordpiece` is the dataset's own count; `digits` splits every
digit and counts newlines and the spaces before numbers as SmolLM2's tokenizer does (within 1% of
its real counts on the default `full` prompts and 4% on the rest: about twice WordPiece on the tables); `coarse` counts words and
punctuation (fewer than WordPiece, like the coarse server of issue 14).
"""

from __future__ import annotations

import json
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from builder.tokens import count_tokens

MODES = ("ok", "truncate", "timeout", "error500", "flaky", "empty", "refusal", "refuse_long")
# Replies a hostile or broken server sends with status 200: each must become a failed line (or, for
# `separators` and `markup`, an ok line stored as sent), never a crash.
HOSTILE_MODES = ("html", "null_message", "int_content", "string_tokens", "array", "truncated_json", "drip",
                 "length", "nul_content", "huge_content", "bad_model", "separators", "markup")
SEPARATORS_TEXT = "NVDA rose 4.2%\u2028over the month,\u0085while AMD fell 3.1%\u2029 and \x1c closed lower."
MARKUP_TEXT = "[/red] NVDA [bold]rose[/bold] 4.2% to [link=x]181.50[/link]."
LENGTH_TEXT = "NVDA rose 4.2% over the month while AMD"
DRIP_S = 20.0
"""How long the `drip` mode takes to send its body, one byte at a time."""
TEMPLATE_TOKENS = 12
"""Tokens a chat template adds around the user message; real servers count them too."""
TRUNCATE_TO = 4096
"""What the `truncate` mode keeps by default, as Ollama does with a prompt longer than its default num_ctx."""

TOKENIZERS = {
    "wordpiece": count_tokens,
    "digits": lambda text: count_tokens(re.sub(r"(\d)", r" \1 ", text)) + len(re.findall(r"(?<!\n)\n| (?=\d)", text)),
    "coarse": lambda text: len(re.findall(r"\w+|[^\w\s]", text)),
}
TOKENIZE_ENDPOINTS = ("vllm", "llama.cpp", "llama-cpp-python")
REFUSAL_BODY = {
    "message": "This model's maximum context length is {window} tokens. However, your request has {prompt} input "
               "tokens. Please reduce the length of the input messages.",
    "type": "BadRequestError", "param": None, "code": 400,
}
"""`refuse_long`'s 400 body: vLLM's wording (the real llama-cpp-python one is replayed from a recording)."""
HANG_S = 10.0
"""How long the `timeout` mode stalls; tests use a client timeout well below this."""


@dataclass
class StandIn:
    """Configuration and request log of one stand-in server."""

    mode: str = "ok"
    ollama: bool = False
    context_window: int | None = None  # stated in /v1/models as vLLM's max_model_len
    tokenizer: str = "wordpiece"
    truncate_to: int = TRUNCATE_TO  # `truncate`: the window that keeps only the last this many tokens
    refuse_over: int | None = None  # `refuse_long`: the window; longer prompts get REFUSAL_BODY
    tokenize_endpoint: str | None = None  # one of TOKENIZE_ENDPOINTS
    props_n_ctx: int | None = None  # llama.cpp's GET /props default_generation_settings.n_ctx
    failing_prompts: frozenset[str] = frozenset()  # these prompts get `failing_mode`, the rest `mode`
    failing_mode: str = "error500"
    flaky_failures: int = 1  # `flaky`: this many 500s per prompt before it answers
    requests: list[dict] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    _seen: Counter = field(default_factory=Counter)

    def record(self, body: dict) -> tuple[int, int]:
        """Log a chat request; return (request number, how many times this prompt was seen)."""
        prompt = body["messages"][-1]["content"]
        with self._lock:
            self.requests.append(body)
            self._seen[prompt] += 1
            return len(self.requests), self._seen[prompt]

    def mode_for(self, prompt: str) -> str:
        return self.failing_mode if prompt in self.failing_prompts else self.mode

    def answered(self) -> list[dict]:
        """The run's requests, without the guard's one-token measurements (`requests` has both)."""
        with self._lock:
            return [body for body in self.requests if body.get("max_tokens") != 1]

    def prompts_sent(self) -> list[str]:
        """The prompts the run sent for answers."""
        return [body["messages"][-1]["content"] for body in self.answered()]

    def count(self, text: str) -> int:
        return TOKENIZERS[self.tokenizer](text)

    def tokenize(self, path: str, body: dict) -> tuple[int, dict] | None:
        """The configured tokenizer endpoint's reply, or None when this path is not it."""
        shape = self.tokenize_endpoint
        if shape == "vllm" and path == "/tokenize" and "prompt" in body:
            return 200, {"count": self.count(body["prompt"]), "max_model_len": self.context_window or 0, "tokens": []}
        if shape == "vllm" and path == "/tokenize":
            return 400, {"object": "error", "message": "Field required: prompt"}
        if shape == "llama.cpp" and path == "/tokenize":
            return 200, {"tokens": list(range(self.count(body.get("content", ""))))}
        if shape == "llama-cpp-python" and path == "/extras/tokenize/count":
            return 200, {"count": self.count(body["input"])}
        return None


def make_handler(state: StandIn):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:  # keep test output quiet
            pass

        def send_json(self, status: int, payload: dict, headers: dict[str, str] | None = None) -> None:
            data = json.dumps(payload, ensure_ascii=False).encode("utf-8", "surrogatepass")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout mode)

        def send_raw(self, status: int, data: bytes, content_type: str = "application/json",
                     length: int | None = None, drip_s: float | None = None) -> None:
            """Any bytes as the body; `length` may claim more than is sent, `drip_s` spreads the body over time."""
            try:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data) if length is None else length))
                self.end_headers()
                if drip_s is None:
                    self.wfile.write(data)
                    return
                pause = drip_s / max(len(data), 1)
                for index in range(len(data)):
                    if state._stop.wait(pause):
                        return
                    self.wfile.write(data[index:index + 1])
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up

        def hostile(self, mode: str, body: dict, number: int, prompt_tokens: int) -> bool:
            """Send one of HOSTILE_MODES' replies; False when `mode` is not one of them."""
            good = completion(body, number, prompt_tokens, commentary(number))
            if mode == "html":
                self.send_raw(200, b"<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html")
            elif mode == "null_message":
                good["choices"][0]["message"] = None
                self.send_json(200, good)
            elif mode == "int_content":
                good["choices"][0]["message"]["content"] = 42
                self.send_json(200, good)
            elif mode == "string_tokens":
                good["usage"]["prompt_tokens"] = str(good["usage"]["prompt_tokens"])
                self.send_json(200, good)
            elif mode == "array":
                self.send_raw(200, json.dumps([good]).encode("utf-8"))
            elif mode == "truncated_json":
                data = json.dumps(good).encode("utf-8")
                self.send_raw(200, data[: len(data) // 2])
            elif mode == "drip":
                self.send_raw(200, json.dumps(good).encode("utf-8"), drip_s=DRIP_S)
            elif mode == "length":
                self.send_json(200, completion(body, number, prompt_tokens, LENGTH_TEXT, finish_reason="length"))
            elif mode == "nul_content":
                self.send_json(200, completion(body, number, prompt_tokens, "NVDA rose\u0000 4.2%."))
            elif mode == "huge_content":
                self.send_json(200, completion(body, number, prompt_tokens, "NVDA rose 4.2%. " * 4000))
            elif mode == "bad_model":
                good["model"] = {"name": "x"}
                self.send_json(200, good)
            elif mode == "separators":
                self.send_json(200, completion(body, number, prompt_tokens, SEPARATORS_TEXT))
            elif mode == "markup":
                self.send_json(200, completion(body, number, prompt_tokens, MARKUP_TEXT))
            else:
                return False
            return True

        def do_GET(self) -> None:
            if self.path.rstrip("/") == "/v1/models":
                entry = {"id": "standin-model", "object": "model", "owned_by": "standin"}
                if state.context_window:
                    entry["max_model_len"] = state.context_window
                self.send_json(200, {"object": "list", "data": [entry]})
            elif self.path == "/api/version" and state.ollama:
                self.send_json(200, {"version": "0.0.0-standin"})
            elif self.path == "/props" and state.props_n_ctx:
                self.send_json(200, {"default_generation_settings": {"n_ctx": state.props_n_ctx}, "total_slots": 1})
            else:
                self.send_json(404, {"error": "not found"})

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            tokenized = state.tokenize(self.path, body)
            if tokenized is not None:
                return self.send_json(*tokenized)
            if self.path.rstrip("/") != "/v1/chat/completions":
                self.send_json(404, {"error": "not found"})
                return
            number, seen = state.record(body)
            prompt = body["messages"][-1]["content"]
            mode = state.mode_for(prompt)
            counted = state.count(prompt) + TEMPLATE_TOKENS
            if mode == "refuse_long" and counted > (state.refuse_over or 0):
                message = REFUSAL_BODY["message"].format(window=state.refuse_over, prompt=counted)
                return self.send_json(400, {"error": {**REFUSAL_BODY, "message": message}})
            if mode == "timeout":
                state._stop.wait(HANG_S)
                return self.send_json(200, completion(body, number, counted, "too late"))
            if mode == "error500" or (mode == "flaky" and seen <= state.flaky_failures):
                return self.send_json(500, {"error": {"message": "model runner crashed", "type": "server_error"}},
                                      headers={"Retry-After": "0"})
            if self.hostile(mode, body, number, counted):
                return None
            if mode == "empty":
                return self.send_json(200, completion(body, number, counted, ""))
            if mode == "refusal":
                return self.send_json(200, completion(body, number, counted, None, refusal="I can't help with that."))
            prompt_tokens = min(counted, state.truncate_to) if mode == "truncate" else counted
            return self.send_json(200, completion(body, number, prompt_tokens, commentary(number)))

    return Handler


def commentary(number: int) -> str:
    return (f"Request {number}: NVDA rose 4.2% over the month to close at 181.50, while AMD fell 3.1%. "
            "The largest single-session fall was 2.4% on the 14th.")


def completion(body: dict, number: int, prompt_tokens: int, content: str | None, refusal: str | None = None,
               finish_reason: str = "stop") -> dict:
    completion_tokens = len((content or refusal or "").split())
    return {
        "id": f"chatcmpl-{number}",
        "object": "chat.completion",
        "created": 0,
        "model": f"{body.get('model')}-served",
        "choices": [{"index": 0, "finish_reason": finish_reason,
                     "message": {"role": "assistant", "content": content, "refusal": refusal}}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }


class RunningStandIn:
    """Context manager: serve `state` on 127.0.0.1 on a free port in a background thread."""

    def __init__(self, state: StandIn) -> None:
        self.state = state
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(state))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> "RunningStandIn":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.state._stop.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
