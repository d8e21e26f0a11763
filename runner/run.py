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
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from builder.cells import Cell
from runner.client import CallResult, CallSettings, ChatClient, RetryPolicy, ServerInfo, discover_server, make_openai
from runner.guard import check_after_reply, check_before_send, ollama_num_ctx
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
) -> RunReport:
    """Answer every (cell, sample) not yet ok in `settings.out`; return the counted file."""
    out = Path(settings.out)
    existing = read_existing(out)
    check_compatible(existing, out, settings.compat())
    check_release(existing, out, cells)
    plan = plan_run(cells, settings.samples, existing)
    if on_start:
        on_start(len(plan.todo), plan.skipped)
    client = make_openai(settings.base_url, settings.api_key, settings.timeout_s)
    server = discover_server(client, settings.base_url, settings.model) if plan.todo else ServerInfo(None, None, ())
    num_ctx = ollama_num_ctx([cell.n_tokens for cell in cells], settings.max_tokens) if server.is_ollama else None
    call = CallSettings(settings.model, settings.temperature, settings.max_tokens, settings.timeout_s, num_ctx)
    chat = ChatClient(client, call, settings.retry)
    superseded = supersede(out, {(cell.cell_id, sample) for cell, sample in plan.todo})

    def answer(cell: Cell, sample: int) -> AnswerLine:
        verdict = check_before_send(cell.n_tokens, settings.max_tokens, server.context_window)
        if not verdict.passed:
            result = CallResult(None, verdict.failure, verdict.error, attempts=0)
        else:
            result = chat.complete(cell.prompt)
            if result.failure is None:
                after = check_after_reply(cell.n_tokens, result.prompt_tokens, result.completion_tokens, server.context_window)
                if not after.passed:
                    result = CallResult(**{**asdict(result), "commentary": None, "failure": after.failure, "error": after.error})
        return to_line(cell, sample, result, call)

    with LineAppender(out) as appender:
        for line in run_parallel(plan.todo, answer, settings.concurrency):
            appender.write(line)
            if on_line:
                on_line(line)
    report = count_file(out, server, num_ctx, sent=len(plan.todo), skipped=plan.skipped, superseded=superseded)
    write_manifest(out, settings, report, cells)
    return report


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
        "context_window": report.server.context_window,
        "num_ctx": report.num_ctx,
        "temperature": settings.temperature,
        "max_tokens": settings.max_tokens,
        "samples": settings.samples,
        "releases": sorted({cell.release for cell in cells}),
        "submission": out.name,
        "updated_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
    target = manifest_path(out)
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, target)
