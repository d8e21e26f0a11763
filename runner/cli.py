"""`mcb run`: parse arguments, run the model over the prompts, show progress and a summary."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from builder.dataset import DEFAULT_OUT
from runner.client import RetryPolicy
from runner.prompts_source import PromptSourceError, load_cells, parse_source, select_cells
from runner.records import AnswerLine
from runner.results_file import ResultsFileError, superseded_path
from runner.run import NO_API_KEY, RunReport, RunSettings, execute_run, manifest_path

RETRY_POLICY = RetryPolicy()
"""The backoff `mcb run` uses; not a command-line option (the issue fixes the option set)."""

console = Console()


def run(
    model: Annotated[str, typer.Option(help="model name as the server knows it")],
    base_url: Annotated[str, typer.Option(help="OpenAI-compatible base URL, e.g. http://localhost:11434/v1")],
    out: Annotated[Path, typer.Option(help="results JSONL (a submission); an existing file is resumed")],
    api_key_env: Annotated[Optional[str], typer.Option(help="name of the environment variable holding the API key")] = None,
    samples: Annotated[int, typer.Option(help="answers per cell (sample 0..N-1)")] = 1,
    temperature: Annotated[float, typer.Option(help="sampling temperature")] = 0.0,
    max_tokens: Annotated[int, typer.Option(help="reply budget per answer")] = 1024,
    cells: Annotated[Optional[str], typer.Option(help="cell-id glob(s), comma-separated, e.g. 'us-*-inverted-*'")] = None,
    concurrency: Annotated[int, typer.Option(help="requests in flight at once")] = 1,
    timeout: Annotated[float, typer.Option(help="seconds to wait for one reply")] = 300.0,
    dataset: Annotated[str, typer.Option(help="built dataset folder, or Hub repo owner/name or owner/name@REVISION")] = str(DEFAULT_OUT),
    config: Annotated[str, typer.Option(help="which prompts to send: prompts, sweep (the dose-response sweep), or a track (recall, relabeled, masked)")] = "prompts",
) -> None:
    """Run a model over the benchmark's prompts; exit 1 if any line failed."""
    try:
        api_key = resolve_api_key(api_key_env)
        settings = RunSettings(
            model=model, base_url=base_url, out=out, api_key=api_key, samples=samples, temperature=temperature,
            max_tokens=max_tokens, concurrency=concurrency, timeout_s=timeout, retry=RETRY_POLICY,
        )
        chosen = select_cells(load_cells(parse_source(dataset), config), cells)
        report = run_with_progress(chosen, settings)
    except (PromptSourceError, ResultsFileError, ValueError) as error:
        console.print(f"[red]error:[/red] {error}", highlight=False)
        raise typer.Exit(2) from error
    print_summary(report)
    if report.any_failed:
        raise typer.Exit(1)


def resolve_api_key(variable: str | None) -> str:
    """Read the key only from the named variable, so no real key goes to a server by accident."""
    if variable is None:
        return NO_API_KEY
    value = os.environ.get(variable)
    if not value:
        raise ValueError(f"--api-key-env {variable}: the environment variable is not set")
    return value


def run_with_progress(chosen, settings: RunSettings) -> RunReport:
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("ok {task.fields[ok]} failed {task.fields[failed]}"), TimeElapsedColumn(),
                  console=console) as progress:
        task = progress.add_task(f"{settings.model}", total=None, ok=0, failed=0)

        def on_start(todo: int, skipped: int) -> None:
            progress.update(task, total=todo)
            if skipped:
                progress.console.print(f"resuming {settings.out}: {skipped} answers already ok, {todo} to send")

        def on_line(line: AnswerLine) -> None:
            field = "ok" if line.status == "ok" else "failed"
            progress.update(task, advance=1, **{field: progress.tasks[task].fields[field] + 1})
            if line.status == "failed":
                progress.console.print(f"[red]failed[/red] {line.cell_id}#{line.sample}: {line.error}", highlight=False)

        return execute_run(chosen, settings, on_start=on_start, on_line=on_line)


def print_summary(report: RunReport) -> None:
    table = Table(title=f"mcb run -> {report.out}")
    table.add_column("what")
    table.add_column("count", justify="right")
    rows = [
        ("sent this run", report.sent),
        ("already ok (skipped)", report.skipped),
        ("earlier failures retried", report.superseded),
        ("ok in file", report.ok),
        ("failed in file", report.failed),
        *((f"  failed: {kind}", count) for kind, count in report.failures.items()),
        ("ok without reported prompt tokens (unverified)", report.unverified),
        ("prompt tokens (server-reported)", report.prompt_tokens),
        ("completion tokens", report.completion_tokens),
    ]
    for what, count in rows:
        style = "red" if what.strip().startswith("failed") and count else None
        table.add_row(what, str(count), style=style)
    console.print(table)
    server = report.server
    details = [f"server context window: {server.context_window or 'not stated'}"]
    if server.is_ollama:
        details.append(f"Ollama {server.ollama_version}, num_ctx sent {report.num_ctx}")
    details.append(f"metadata: {manifest_path(report.out)}")
    if report.superseded:
        details.append(f"retried failures kept in {superseded_path(report.out)}")
    console.print("; ".join(details), highlight=False)


def register(app: typer.Typer) -> None:
    app.command(name="run")(run)
