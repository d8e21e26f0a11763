"""The run loop: plan what is still to answer, send it (optionally in parallel), append each line.

Library code only: the CLI passes callbacks for the progress bar. A run report counts the whole
file afterwards, so a resumed run's summary and exit code describe the submission, not just the
cells sent this time.
"""

from __future__ import annotations

import json
import os
import urllib.parse
from collections import Counter
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from builder.cells import Cell
from runner.client import (
    CallResult,
    CallSettings,
    ChatClient,
    RetryPolicy,
    ServerInfo,
    ServerTokenizer,
    discover_server,
    make_openai,
)
from runner.guard import (
    OVERHEAD_PROBE,
    ContextGuard,
    Expectation,
    measured_count,
    needs_measuring,
    ollama_num_ctx,
    piece_bytes,
    pieces,
)
from runner.records import AnswerLine
from runner.results_file import (
    Existing,
    LineAppender,
    ResultsFileError,
    check_compatible,
    read_existing,
    supersede,
)

NO_API_KEY = "not-needed"
"""Sent when no --api-key-env is given: local servers want some key; no real key is read implicitly."""


def check_base_url(base_url: str) -> None:
    """An http(s) URL with a host and no credentials: the URL is written to `<stem>.run.json` and
    shown in logs, so a key in it (`http://user:key@host`) would be published with the results."""
    try:
        parts = urllib.parse.urlsplit(base_url)
        port = parts.port  # raises on a port that is not a number
    except ValueError as error:
        raise ValueError(f"--base-url {base_url!r} is not a URL ({error})") from error
    if parts.username is not None or parts.password is not None:
        raise ValueError("--base-url must not carry credentials (user:key@host): they would be written to the run's "
                         ".run.json; put the key in an environment variable and pass its name with --api-key-env VAR")
    if parts.scheme not in ("http", "https") or not parts.hostname or port == 0:
        raise ValueError(f"--base-url {base_url!r} must be an http(s) URL with a host, e.g. http://localhost:11434/v1")


@dataclass(frozen=True)
class RunSettings:
    """Everything `mcb run` was asked to do, validated once."""

    model: str
    base_url: str
    out: Path
    api_key: str = NO_API_KEY
    samples: int = 1
    temperature: float = 0.0
    max_tokens: int = 1024
    concurrency: int = 1
    timeout_s: float = 300.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)

    def __post_init__(self) -> None:
        checks = [
            (bool(self.model.strip()), "--model must not be empty"),
            (self.samples >= 1, f"--samples must be at least 1, got {self.samples}"),
            (self.max_tokens >= 1, f"--max-tokens must be at least 1, got {self.max_tokens}"),
            (self.concurrency >= 1, f"--concurrency must be at least 1, got {self.concurrency}"),
            (self.timeout_s > 0, f"--timeout must be positive, got {self.timeout_s}"),
            (self.temperature >= 0, f"--temperature must be non-negative, got {self.temperature}"),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(message)
        check_base_url(self.base_url)

    def compat(self) -> dict[str, object]:
        return {"model": self.model, "temperature": self.temperature, "max_tokens": self.max_tokens}


@dataclass(frozen=True)
class Plan:
    """What this invocation will send, and what it found already done."""

    todo: tuple[tuple[Cell, int], ...]
    skipped: int
    retried: int


@dataclass(frozen=True)
class RunReport:
    """The file after the run, counted whole, plus what this invocation did."""

    out: Path
    sent: int
    skipped: int
    superseded: int
    ok: int
    failed: int
    failures: dict[str, int]
    unverified: int
    prompt_tokens: int
    completion_tokens: int
    server: ServerInfo
    num_ctx: int | None
    calibration: dict = field(default_factory=dict)

    @property
    def any_failed(self) -> bool:
        return self.failed > 0


def check_release(existing: Existing, out: Path, cells: list[Cell]) -> None:
    """A file answered on one dataset release is not resumed against another's prompts."""
    releases = {cell.cell_id: cell.release for cell in cells}
    for line in existing.lines.values():
        if line.cell_id in releases and line.release != releases[line.cell_id]:
            raise ResultsFileError(
                f"{out}: cell {line.cell_id} sample {line.sample} was answered on release {line.release}, "
                f"the dataset is release {releases[line.cell_id]}; write to another --out"
            )


def plan_run(cells: list[Cell], samples: int, existing: Existing) -> Plan:
    todo, skipped, retried = [], 0, 0
    for cell in cells:
        for sample in range(samples):
            key = (cell.cell_id, sample)
            if existing.is_ok(key):
                skipped += 1
                continue
            retried += existing.is_failed(key)
            todo.append((cell, sample))
    return Plan(tuple(todo), skipped, retried)


def execute_run(
    cells: list[Cell],
    settings: RunSettings,
    on_start: Callable[[int, int], None] | None = None,
    on_line: Callable[[AnswerLine], None] | None = None,
    on_note: Callable[[str], None] | None = None,
) -> RunReport:
    """Answer every (cell, sample) not yet ok in `settings.out`; return the counted file."""
    out = Path(settings.out)
    existing = read_existing(out)
    check_compatible(existing, out, settings.compat())
    check_release(existing, out, cells)
    plan = plan_run(cells, settings.samples, existing)
    client = make_openai(settings.base_url, settings.api_key, settings.timeout_s)
    server = (discover_server(client, settings.base_url, settings.model, settings.api_key)
              if plan.todo else ServerInfo(None, None, ()))
    todo_cells = list({cell.cell_id: cell for cell, _ in plan.todo}.values())
    measuring = ChatClient(client, CallSettings(settings.model, 0.0, 1, settings.timeout_s), settings.retry)
    guard = calibrate(todo_cells, settings, server, measuring, on_note)
    num_ctx = ollama_num_ctx(guard, todo_cells, settings.max_tokens) if server.is_ollama else None
    call = CallSettings(settings.model, settings.temperature, settings.max_tokens, settings.timeout_s, num_ctx)
    chat = ChatClient(client, call, settings.retry)
    todo = send_order(plan.todo, guard)
    if on_start:
        on_start(len(todo), plan.skipped)
    superseded = supersede(out, {(cell.cell_id, sample) for cell, sample in todo})

    def answer(cell: Cell, sample: int) -> AnswerLine:
        verdict = guard.before_send(cell, settings.max_tokens)
        if not verdict.passed:
            return to_line(cell, sample, CallResult(None, verdict.failure, verdict.error, attempts=0), call)
        result = chat.complete(cell.prompt)
        if result.refusal is not None:
            guard.learn_refusal(cell, result.refusal)
        elif result.failure is None:
            after = guard.after_reply(cell, result.prompt_tokens, result.completion_tokens, result.finish_reason,
                                      settings.max_tokens)
            if not after.passed:
                result = replace(result, commentary=None, failure=after.failure, error=after.error)
        return to_line(cell, sample, result, call)

    with LineAppender(out) as appender:
        for line in run_parallel(todo, answer, settings.concurrency):
            appender.write(line)
            if on_line:
                on_line(line)
    report = count_file(out, server, num_ctx, sent=len(todo), skipped=plan.skipped, superseded=superseded)
    report = replace(report, calibration=guard.report(todo_cells))
    write_manifest(out, settings, report, cells)
    return report


def calibrate(
    cells: list[Cell],
    settings: RunSettings,
    server: ServerInfo,
    chat: ChatClient,
    on_note: Callable[[str], None] | None = None,
) -> ContextGuard:
    """The run's guard: every prompt counted by the server's tokenizer, or the long ones measured in pieces."""
    note = on_note or (lambda message: None)
    notes: list[str] = []
    expectations: dict[str, Expectation] = {}
    overhead: int | None = None
    window = server.context_window
    if server.tokenizer is not None:
        tokenizer = ServerTokenizer(settings.base_url, settings.api_key, settings.model, server.tokenizer)
        note(f"counting {len(cells)} prompts with the server's tokenizer ({server.tokenizer.name})")
        for cell in cells:
            count = tokenizer.count(cell.prompt)
            if count is None:
                notes.append(f"{cell.cell_id}: the tokenizer endpoint gave no count; checked against n_tokens")
                expectations[cell.cell_id] = Expectation(cell.n_tokens, "wordpiece")
            else:
                expectations[cell.cell_id] = Expectation(count, "server_tokenizer")
        return ContextGuard(expectations, window, server.window_source, None, server.tokenizer.name, notes)
    long = [cell for cell in cells if needs_measuring(cell, window, settings.max_tokens)]
    if long:
        limit = piece_bytes(window)
        total = sum(len(pieces(cell.prompt, limit)) for cell in long)
        note(f"no tokenizer endpoint: measuring {len(long)} long prompts in {total} pieces of at most {limit} bytes")
        probe = chat.measure(OVERHEAD_PROBE)
        if probe.prompt_tokens is not None:
            overhead = max(probe.prompt_tokens - 1, 0)
        for cell in long:
            results = [probe] if overhead is None else [chat.measure(piece) for piece in pieces(cell.prompt, limit)]
            failed = next((result for result in results if result.prompt_tokens is None), None)
            if failed is None and overhead is not None:
                counts = [result.prompt_tokens for result in results]
                expectations[cell.cell_id] = Expectation(measured_count(counts, overhead), "measured")
            else:
                why = failed.error if failed and failed.error else "the server reported no prompt tokens"
                notes.append(f"{cell.cell_id}: could not be measured ({why}); checked against n_tokens")
                expectations[cell.cell_id] = Expectation(cell.n_tokens, "wordpiece")
    return ContextGuard(expectations, window, server.window_source, overhead, None, notes)


def send_order(todo: tuple[tuple[Cell, int], ...], guard: ContextGuard) -> tuple[tuple[Cell, int], ...]:
    """Largest prompt first while the window is unknown: its refusal, if any, states the window for the rest."""
    if guard.window is not None:
        return todo
    return tuple(sorted(todo, key=lambda item: -guard.expected_size(item[0])))


def run_parallel(todo, answer: Callable[[Cell, int], AnswerLine], concurrency: int):
    """Yield lines as they finish; at most `concurrency` requests in flight, none queued ahead."""
    pending = iter(todo)
    pool = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="mcb-run")
    in_flight: set[Future] = set()
    try:
        for cell, sample in pending:
            in_flight.add(pool.submit(answer, cell, sample))
            if len(in_flight) >= concurrency:
                done, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
                yield from (future.result() for future in done)
        while in_flight:
            done, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
            yield from (future.result() for future in done)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def to_line(cell: Cell, sample: int, result: CallResult, call: CallSettings) -> AnswerLine:
    return AnswerLine(
        cell_id=cell.cell_id,
        sample=sample,
        status="ok" if result.failure is None else "failed",
        commentary=result.commentary if result.failure is None else None,
        error=result.error,
        failure=result.failure,
        model=call.model,
        server_model=result.server_model,
        temperature=call.temperature,
        max_tokens=call.max_tokens,
        num_ctx=call.num_ctx,
        n_tokens=cell.n_tokens,
        prompt_tokens=result.prompt_tokens,
        completion_tokens=result.completion_tokens,
        finish_reason=result.finish_reason,
        latency_s=result.latency_s,
        attempts=result.attempts,
        release=cell.release,
        finished_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        partial=result.partial,
    )


def count_file(out: Path, server: ServerInfo, num_ctx: int | None, *, sent: int, skipped: int, superseded: int) -> RunReport:
    lines = list(read_existing(out).lines.values())
    failures = Counter(line.failure for line in lines if line.status == "failed")
    ok_lines = [line for line in lines if line.status == "ok"]
    return RunReport(
        out=out,
        sent=sent,
        skipped=skipped,
        superseded=superseded,
        ok=len(ok_lines),
        failed=sum(failures.values()),
        failures=dict(sorted(failures.items())),
        unverified=sum(line.prompt_tokens is None for line in ok_lines),
        prompt_tokens=sum(line.prompt_tokens or 0 for line in lines),
        completion_tokens=sum(line.completion_tokens or 0 for line in lines),
        server=server,
        num_ctx=num_ctx,
    )


def manifest_path(out: Path) -> Path:
    return out.with_name(f"{out.stem}.run.json")


def write_manifest(out: Path, settings: RunSettings, report: RunReport, cells: list[Cell]) -> None:
    """The model metadata that travels beside the submission, with the failure count at the top."""
    manifest = {
        "failed": report.failed,
        "ok": report.ok,
        "failures": report.failures,
        "unverified": report.unverified,
        "model": settings.model,
        "server_models": sorted({line.server_model for line in read_existing(out).lines.values() if line.server_model}),
        "base_url": settings.base_url,
        "ollama_version": report.server.ollama_version,
        "context_window": report.calibration.get("context_window", report.server.context_window),
        "context_window_source": report.calibration.get("context_window_source", report.server.window_source),
        "num_ctx": report.num_ctx,
        "temperature": settings.temperature,
        "max_tokens": settings.max_tokens,
        "samples": settings.samples,
        "releases": sorted({cell.release for cell in cells}),
        "submission": out.name,
        "updated_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "calibration": report.calibration,
    }
    target = manifest_path(out)
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, target)
