"""`mcb build`, `mcb publish` and `mcb publish-space`: parse arguments, call the builder, print.

The builder (pandas, pyarrow, exchange_calendars) and huggingface_hub are imported inside the
commands, so `mcb --help` does not load them (`tests/test_cli_fast.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from builder.paths import DEFAULT_OUT
from builder.universes import UniverseError, get_universe
from builder.versions import VersionError, validate_version
from contracts.markets import market_names
from contracts.vocabulary import SWEEP_CONFIG

if TYPE_CHECKING:
    from builder.dataset import BuildReport, BuildSpec

console = Console()


def resolve_specs(markets: list[str] | None, month: str | None, prices: Path | None) -> list[BuildSpec]:
    """Markets default to both shipped ones; a month applies to every named market."""
    from builder.dataset import BuildSpec, default_specs

    if not markets and month is None and prices is None:
        return default_specs()
    markets = markets or list(market_names())
    if prices is not None and len(markets) != 1:
        raise typer.BadParameter("--prices needs exactly one --market")
    return [BuildSpec(market, month or get_universe(market).default_month, prices) for market in markets]


def with_prices(specs: list[BuildSpec], allow_fetch: bool) -> list[BuildSpec]:
    """Give every spec a price file: the given one, the shipped one, the cache, or a yfinance fetch."""
    from builder.dataset import BuildSpec
    from builder.fetch import locate_prices

    located = []
    for spec in specs:
        source = locate_prices(spec.market, spec.month, spec.prices_file, allow_fetch=allow_fetch)
        console.print(f"{spec.market} {spec.month}: prices from {source.origin} ({source.path})", highlight=False, markup=False,
                      soft_wrap=True)
        located.append(BuildSpec(spec.market, spec.month, source.path))
    return located


def run_build(specs: list[BuildSpec], out: Path, release: str | None = None, hub_repo: str | None = None,
              extras: tuple[str, ...] = (), space_repo: str | None = None) -> BuildReport:
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from builder.dataset import build_dataset, configs_for

    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeElapsedColumn(), console=console, transient=False) as progress:
        task = progress.add_task("building configs", total=len(configs_for(extras)))
        report = build_dataset(out, specs, release, on_config=lambda name: progress.advance(task), hub_repo=hub_repo,
                               extras=extras, space_repo=space_repo)
    table = Table(title=Text(f"market-claim-bench {report.release} -> {report.out_dir}"))
    table.add_column("config")
    table.add_column("rows", justify="right")
    table.add_column("file")
    for name, rows in report.rows.items():
        table.add_row(name, str(rows), next(f for f in report.files if f.startswith(f"{name}/")))
    console.print(table)
    documents = [name for name in report.files if "/" not in name]
    console.print(f"documents: {', '.join(documents)}", markup=False, highlight=False)
    return report


def build(
    market: Annotated[Optional[list[str]], typer.Option("--market", metavar="MARKET", help="us or lisbon (repeatable); default both")] = None,
    month: Annotated[Optional[str], typer.Option(help="YYYY-MM; default each market's default month")] = None,
    prices: Annotated[Optional[Path], typer.Option(help="build offline from this CSV (data/prices schema)")] = None,
    out: Annotated[Path, typer.Option(help="output folder (a Hugging Face dataset repo)")] = DEFAULT_OUT,
    release: Annotated[Optional[str], typer.Option(help="release version YYYY.MM[.N]; default from the month")] = None,
    fetch: Annotated[bool, typer.Option("--fetch/--no-fetch", help="fetch a month that is neither shipped nor cached via yfinance")] = True,
    hub_repo: Annotated[Optional[str], typer.Option(help="ORG/NAME the card's loading examples and citation name")] = None,
    sweep: Annotated[bool, typer.Option("--sweep/--no-sweep", help="also write the dose-response sweep configs (`sweep`, `sweep_panels`: k in -1, -0.5, 0.25, 0.5, 2 x full, sparse)")] = False,
    space_repo: Annotated[Optional[str], typer.Option(help="ORG/NAME of the leaderboard Space the card links; default HUB_REPO-leaderboard")] = None,
) -> None:
    """Build the dataset repo: every config plus the card. A month not shipped is fetched (yfinance) and cached."""
    from builder.arms import ArmError
    from builder.fetch import FetchError
    from builder.panel import PanelError

    try:
        if release is not None:
            release = validate_version(release)
        specs = with_prices(resolve_specs(market, month, prices), allow_fetch=fetch)
        run_build(specs, out, release, hub_repo, extras=(SWEEP_CONFIG,) if sweep else (), space_repo=space_repo)
    except (PanelError, UniverseError, FetchError, VersionError, ArmError) as error:
        console.print(f"[red]error:[/red] {escape(str(error))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from error


def publish(
    repo: Annotated[str, typer.Option(help="Hub dataset repo, ORG/NAME")],
    version: Annotated[str, typer.Option(help="release to publish, YYYY.MM[.N]; becomes the repo tag")],
    folder: Annotated[Path, typer.Option(help="built dataset folder (from `mcb build`)")] = DEFAULT_OUT,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="print every file and operation; no network call")] = False,
) -> None:
    """Publish a built dataset as an immutable version tag (token: HF_TOKEN or `hf auth login`)."""
    from huggingface_hub.errors import HfHubHTTPError, OfflineModeIsEnabled

    from builder.publish import PublishError, plan_dataset, publish as publish_plan

    try:
        publish_plan(plan_dataset(folder, repo, version), dry_run=dry_run, log=_say)
    except (PublishError, VersionError) as error:
        console.print(f"[red]error:[/red] {escape(str(error))}", highlight=False)
        raise typer.Exit(2) from error
    except (HfHubHTTPError, OfflineModeIsEnabled) as error:
        console.print(f"[red]Hub error:[/red] {escape(str(error))}", highlight=False)
        raise typer.Exit(1) from error


def publish_space(
    repo: Annotated[str, typer.Option(help="Hub Space repo, ORG/NAME")],
    folder: Annotated[Path, typer.Option(help="packaged Space folder (from `mcb space --out DIR`)")] = Path("build/space"),
    dry_run: Annotated[bool, typer.Option("--dry-run", help="print every file and operation; no network call")] = False,
) -> None:
    """Publish the packaged leaderboard Space (Gradio SDK) the same way as a dataset, without a tag."""
    from huggingface_hub.errors import HfHubHTTPError, OfflineModeIsEnabled

    from builder.publish import PublishError, plan_space, publish as publish_plan

    try:
        publish_plan(plan_space(folder, repo), dry_run=dry_run, log=_say)
    except PublishError as error:
        console.print(f"[red]error:[/red] {escape(str(error))}", highlight=False)
        raise typer.Exit(2) from error
    except (HfHubHTTPError, OfflineModeIsEnabled) as error:
        console.print(f"[red]Hub error:[/red] {escape(str(error))}", highlight=False)
        raise typer.Exit(1) from error


def _say(line: str) -> None:
    console.print(line, markup=False, highlight=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command()(build)
    app.command()(publish)
    app.command("publish-space")(publish_space)
