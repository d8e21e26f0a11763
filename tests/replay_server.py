"""Replays a recorded session with a real server (tests/fixtures/real_server), on 127.0.0.1 only.

`scripts/real_model.py --record DIR` wrote each exchange between `mcb run` and llama-cpp-python's
server: method, path, request body (prompts as {"$cell": id}), status and reply body. This server
answers a request with the recorded reply to the same request, so `mcb run` can be run again
against what the real server said, byte for byte. A request that was never recorded gets a 599
and is listed in `unmatched`, so a test can assert the runner asked nothing new.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures" / "real_server"
UNRECORDED = 599


def load_session(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def prompt_refs(value: object, prompts: dict[str, str]) -> object:
    """The body as it was recorded: every known prompt replaced by {"$cell": id}."""
    if isinstance(value, dict):
        return {key: ({"$cell": prompts[item]} if key in ("content", "input", "prompt") and isinstance(item, str)
                      and item in prompts else prompt_refs(item, prompts)) for key, item in value.items()}
    if isinstance(value, list):
        return [prompt_refs(item, prompts) for item in value]
    return value


def key_of(method: str, path: str, body: object) -> str:
    return json.dumps([method, path, body], sort_keys=True)


class ReplayServer:
    """Context manager serving one recorded session; `prompts` maps prompt text to cell id."""

    def __init__(self, session: dict, prompts: dict[str, str]) -> None:
        self.unmatched: list[dict] = []
        self.served: list[dict] = []
        replies: dict[str, list[dict]] = {}
        for exchange in session["exchanges"]:
            replies.setdefault(key_of(exchange["method"], exchange["path"], exchange["request"]), []).append(exchange)
        lock = threading.Lock()
        used: dict[str, int] = {}
        replay = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = prompt_refs(json.loads(raw), prompts) if raw else None
                key = key_of(self.command, self.path, body)
                with lock:
                    recorded = replies.get(key)
                    if recorded:
                        index = min(used.get(key, 0), len(recorded) - 1)
                        used[key] = index + 1
                        exchange = recorded[index]
                        replay.served.append(exchange)
                    else:
                        replay.unmatched.append({"method": self.command, "path": self.path, "request": body})
                        exchange = {"status": UNRECORDED, "response": {"error": "not in the recording"}}
                data = (exchange["response"] if isinstance(exchange["response"], str)
                        else json.dumps(exchange["response"])).encode("utf-8")
                self.send_response(exchange["status"])
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = answer

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> "ReplayServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
