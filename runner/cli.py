"""`mcb run`: parse arguments, run the model over the prompts, show progress and a summary.

The runner (openai, the dataset readers: pandas, pyarrow) is imported inside the command, so
`mcb --help` does not load it (`tests/test_cli_fast.py`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape  # rich.console loads markup and text already: no cost to --help
from rich.text import Text

from builder.paths import DEFAULT_OUT
from contracts.generation import MAX_TOKENS, SAMPLES, TEMPERATURE

if TYPE_CHECKING:
    from runner.client import RetryPolicy
    from runner.run import RunReport, RunSettings

RETRY_POLICY: RetryPolicy | None = None
"""The backoff `mcb run` uses, not a command-line option (the issue fixes the option set); None is
`runner.client.RetryPolicy()`, made when the command runs (openai is not imported for `--help`)."""

console = Console()


def run(
    model: Annotated[str, typer.Option(help="model name as the server knows it")],
    base_url: Annotated[str, typer.Option(help="OpenAI-compatible base URL, e.g. http://localhost:11434/v1")],
    out: Annotated[Path, typer.Option(help="results JSONL (a submission); an existing file is resumed")],
    api_key_env: Annotated[Optional[str], typer.Option(help="name of the environment variable holding the API key")] = None,
    samples: Annotated[int, typer.Option(help="answers per cell (sample 0..N-1)")] = SAMPLES,
    temperature: Annotated[float, typer.Option(help="sampling temperature")] = TEMPERATURE,
    max_tokens: Annotated[int, typer.Option(help="reply budget per answer")] = MAX_TOKENS,
    cells: Annotated[Optional[str], typer.Option(help="cell-id glob(s), comma-separated, e.g. 'us-*-inverted-*'")] = None,
    concurrency: Annotated[int, typer.Option(help="requests in flight at once")] = 1,
    timeout: Annotated[float, typer.Option(help="seconds one whole request may take, headers and body (a deadline)")] = 300.0,
    dataset: Annotated[str, typer.Option(help="built dataset folder, or Hub repo owner/name or owner/name@REVISION")] = str(DEFAULT_OUT),
    config: Annotated[str, typer.Option(help="which prompts to send: prompts, sweep (the dose-response sweep), or a track (recall, relabeled, masked)")] = "prompts",
) -> None:
    """Run a model over the benchmark's prompts; exit 0 when every line is ok, 1 when any line failed,
    2 on bad arguments or an unusable dataset or results file (nothing sent)."""
    from runner.client import RetryPolicy
    from runner.prompts_source import PromptSourceError, load_cells, parse_source, select_cells
    from runner.results_file import ResultsFileError
    from runner.run import RunSettings

    try:
        api_key = resolve_api_key(api_key_env)
        settings = RunSettings(
            model=model, base_url=base_url, out=out, api_key=api_key, samples=samples, temperature=temperature,
            max_tokens=max_tokens, concurrency=concurrency, timeout_s=timeout, retry=RETRY_POLICY or RetryPolicy(),
        )
        chosen = select_cells(load_cells(parse_source(dataset), config), cells)
        report = run_with_progress(chosen, settings)
    except (PromptSourceError, ResultsFileError, ValueError) as error:
        console.print(f"[red]error:[/red] {escape(str(error))}", highlight=False)
        raise typer.Exit(2) from error
    print_summary(report)
    if report.any_failed:
        raise typer.Exit(1)


def resolve_api_key(variable: str | None) -> str:
    """Read the key only from the named variable, so no real key goes to a server by accident."""
    from runner.run import NO_API_KEY

    if variable is None:
        return NO_API_KEY
    value = os.environ.get(variable)
    if not value:
        raise ValueError(f"--api-key-env {variable}: the environment variable is not set")
    return value


def run_with_progress(chosen, settings: RunSettings) -> RunReport:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from runner.records import AnswerLine
    from runner.run import execute_run

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("ok {task.fields[ok]} failed {task.fields[failed]}"), TimeElapsedColumn(),
                  console=console) as progress:
        task = progress.add_task(escape(settings.model), total=None, ok=0, failed=0)

        def on_start(todo: int, skipped: int) -> None:
            progress.update(task, total=todo)
            if skipped:
                progress.console.print(f"resuming {settings.out}: {skipped} answers already ok, {todo} to send",
                                       markup=False, highlight=False)

        def on_line(line: AnswerLine) -> None:
            field = "ok" if line.status == "ok" else "failed"
            progress.update(task, advance=1, **{field: progress.tasks[task].fields[field] + 1})
            if line.status == "failed":
                progress.console.print(f"[red]failed[/red] {escape(f'{line.cell_id}#{line.sample}: {line.error}')}",
                                       highlight=False)

        def on_note(message: str) -> None:
            progress.console.print(message, highlight=False, markup=False)

        return execute_run(chosen, settings, on_start=on_start, on_line=on_line, on_note=on_note)


def print_summary(report: RunReport) -> None:
    from rich.table import Table

    from runner.results_file import superseded_path
    from runner.run import manifest_path

    table = Table(title=Text(f"mcb run -> {report.out}"))
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
    print_calibration(report.calibration)
    server = report.server
    calibration = report.calibration
    window = calibration.get("context_window", server.context_window)
    source = calibration.get("context_window_source", server.window_source)
    details = [f"server context window: {window or 'not stated'}" + (f" ({source})" if window else "")]
    if server.is_ollama:
        details.append(f"Ollama {server.ollama_version}, num_ctx sent {report.num_ctx}")
    details.append(f"metadata: {manifest_path(report.out)}")
    if report.superseded:
        details.append(f"retried failures kept in {superseded_path(report.out)}")
    console.print("; ".join(details), highlight=False, markup=False)


def print_calibration(calibration: dict) -> None:
    """The guard's calibration: where the token counts came from, and tokens per `n_tokens`."""
    if not calibration.get("ratios"):
        return
    from rich.table import Table

    table = Table(title="calibrated token counts (the served model's tokens per dataset n_tokens)")
    for name, justify in (("market/context", "left"), ("tokens / n_tokens", "right"), ("cells", "right"), ("from", "left")):
        table.add_column(name, justify=justify)
    for key, row in calibration["ratios"].items():
        table.add_row(key, f"{row['tokens_per_n_tokens']:.2f}", str(row["cells"]), ", ".join(row["sources"]))
    console.print(table)
    template = calibration.get("template_tokens")
    tokenizer = calibration.get("tokenizer") or "none (long prompts measured in pieces)"
    console.print(f"server tokenizer: {tokenizer}; chat template tokens: {template if template is not None else 'unknown'}",
                  highlight=False, markup=False)
    for message in calibration.get("notes", []):
        console.print(f"note: {message}", highlight=False, markup=False)


def register(app: typer.Typer) -> None:
    app.command(name="run")(run)
