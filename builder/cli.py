"""`mcb build` and `mcb demo`: parse arguments, call the builder, print what was built."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from builder.dataset import CONFIGS, DEFAULT_OUT, BuildReport, BuildSpec, build_dataset, default_specs
from builder.panel import PanelError
from builder.universes import UniverseError, get_universe

console = Console()


def resolve_specs(markets: list[str] | None, month: str | None, prices: Path | None) -> list[BuildSpec]:
    """Markets default to both shipped ones; a month applies to every named market."""
    if not markets and month is None and prices is None:
        return default_specs()
    markets = markets or ["us", "lisbon"]
    if prices is not None and len(markets) != 1:
        raise typer.BadParameter("--prices needs exactly one --market")
    return [BuildSpec(market, month or get_universe(market).default_month, prices) for market in markets]


def run_build(specs: list[BuildSpec], out: Path, release: str | None = None) -> BuildReport:
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeElapsedColumn(), console=console, transient=False) as progress:
        task = progress.add_task("building configs", total=len(CONFIGS))
        report = build_dataset(out, specs, release, on_config=lambda name: progress.advance(task))
    table = Table(title=f"market-claim-bench {report.release} -> {report.out_dir}")
    table.add_column("config")
    table.add_column("rows", justify="right")
    table.add_column("file")
    for name, rows in report.rows.items():
        table.add_row(name, str(rows), next(f for f in report.files if f.startswith(f"{name}/")))
    console.print(table)
    return report


def build(
    market: Annotated[Optional[list[str]], typer.Option("--market", help="us or lisbon (repeatable); default both")] = None,
    month: Annotated[Optional[str], typer.Option(help="YYYY-MM; default each market's default month")] = None,
    prices: Annotated[Optional[Path], typer.Option(help="build offline from this CSV (data/prices schema)")] = None,
    out: Annotated[Path, typer.Option(help="output folder (a Hugging Face dataset repo)")] = DEFAULT_OUT,
    release: Annotated[Optional[str], typer.Option(help="release version YYYY.MM[.N]; default from the month")] = None,
) -> None:
    """Build the dataset repo: prompts, panels, facts and narrator configs plus the card."""
    try:
        specs = resolve_specs(market, month, prices)
        run_build(specs, out, release)
    except (PanelError, UniverseError) as error:
        console.print(f"[red]error:[/red] {error}", markup=True, highlight=False)
        raise typer.Exit(2) from error


def demo(
    out: Annotated[Path, typer.Option(help="output folder for the datasets")] = DEFAULT_OUT,
    serve: Annotated[bool, typer.Option("--serve/--no-serve", help="start the leaderboard (later) or just print")] = True,
) -> None:
    """The main job on the embedded data: build the default datasets and print what was built."""
    report = run_build(default_specs(), out)
    console.print(f"built {report.rows['prompts']} cells of release {report.release} in {report.out_dir}")


def register(app: typer.Typer) -> None:
    app.command()(build)
    app.command()(demo)
