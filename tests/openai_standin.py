"""A local OpenAI-compatible stand-in server for the runner's wire tests (127.0.0.1 only).

It speaks just enough of the wire: GET /v1/models, POST /v1/chat/completions with `usage`, and,
when told to act like Ollama, GET /api/version. Each mode reproduces one way a real server lets a
runner down. Every chat request body is recorded, so tests can count what was sent.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from builder.tokens import count_tokens

MODES = ("ok", "truncate", "timeout", "error500", "flaky", "empty", "refusal")
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
TRUNCATE_TO = 1024
"""What the `truncate` mode keeps, as Ollama does with a prompt longer than its num_ctx."""
HANG_S = 10.0
"""How long the `timeout` mode stalls; tests use a client timeout well below this."""


@dataclass
class StandIn:
    """Configuration and request log of one stand-in server."""

    mode: str = "ok"
    ollama: bool = False
    context_window: int | None = None
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

    def prompts_sent(self) -> list[str]:
        with self._lock:
            return [body["messages"][-1]["content"] for body in self.requests]


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

        def hostile(self, mode: str, body: dict, number: int, prompt: str) -> bool:
            """Send one of HOSTILE_MODES' replies; False when `mode` is not one of them."""
            good = completion(body, number, prompt, commentary(number))
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
                self.send_json(200, completion(body, number, prompt, LENGTH_TEXT, finish_reason="length"))
            elif mode == "nul_content":
                self.send_json(200, completion(body, number, prompt, "NVDA rose\u0000 4.2%."))
            elif mode == "huge_content":
                self.send_json(200, completion(body, number, prompt, "NVDA rose 4.2%. " * 4000))
            elif mode == "bad_model":
                good["model"] = {"name": "x"}
                self.send_json(200, good)
            elif mode == "separators":
                self.send_json(200, completion(body, number, prompt, SEPARATORS_TEXT))
            elif mode == "markup":
                self.send_json(200, completion(body, number, prompt, MARKUP_TEXT))
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
            else:
                self.send_json(404, {"error": "not found"})

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            if self.path.rstrip("/") != "/v1/chat/completions":
                self.send_json(404, {"error": "not found"})
                return
            number, seen = state.record(body)
            prompt = body["messages"][-1]["content"]
            mode = state.mode_for(prompt)
            if mode == "timeout":
                state._stop.wait(HANG_S)
                return self.send_json(200, completion(body, number, prompt, "too late"))
            if mode == "error500" or (mode == "flaky" and seen <= state.flaky_failures):
                return self.send_json(500, {"error": {"message": "model runner crashed", "type": "server_error"}},
                                      headers={"Retry-After": "0"})
            if self.hostile(mode, body, number, prompt):
                return None
            if mode == "empty":
                return self.send_json(200, completion(body, number, prompt, ""))
            if mode == "refusal":
                return self.send_json(200, completion(body, number, prompt, None, refusal="I can't help with that."))
            return self.send_json(200, completion(body, number, prompt, commentary(number), truncate=mode == "truncate"))

    return Handler


def commentary(number: int) -> str:
    return (f"Request {number}: NVDA rose 4.2% over the month to close at 181.50, while AMD fell 3.1%. "
            "The largest single-session fall was 2.4% on the 14th.")


def completion(body: dict, number: int, prompt: str, content: str | None, refusal: str | None = None,
               truncate: bool = False, finish_reason: str = "stop") -> dict:
    prompt_tokens = count_tokens(prompt) + TEMPLATE_TOKENS
    if truncate:
        prompt_tokens = min(prompt_tokens, TRUNCATE_TO)
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
