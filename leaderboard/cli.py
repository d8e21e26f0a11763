"""`mcb leaderboard`, `mcb space` and the full `mcb demo`: parse arguments, call the library, print.

Gradio, the scorer and the datasets are imported inside the commands, so `mcb --help` does not load
them (`tests/test_cli_fast.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from rich.console import Console
from rich.text import Text

from builder.paths import DEFAULT_OUT
from contracts.vocabulary import PROMPTS_CONFIG, SWEEP_CONFIG
from leaderboard.paths import DEFAULT_RESULTS
from leaderboard.space import DEFAULT_SPACE_OUT, SpaceConfig

if TYPE_CHECKING:
    from leaderboard.store import ResultsStore
    from leaderboard.submit import Datasets

console = Console()
WIDE_OUTPUT = 240  # columns when printing to a pipe or file, where rich would assume 80


def printed_columns() -> tuple[str, ...]:
    """The terminal's columns: the two perturbed-arm rates and the reading weight (each printed with its
    interval, "62.3% ± 4.1"), then a few of the registry's figures."""
    from extractors.metrics import metric
    from leaderboard.columns import MODEL, RANK, SCORER

    return (RANK, MODEL, "release", SCORER,
            *(metric(name).header for name in ("read_rate", "recited_rate", "reading_weight", "fabricated_rate",
                                                "declines_rate", "claims_per_response", "failures")))


def printed_cell(row, name: str) -> str:
    """One board figure as the page shows it (`leaderboard.display.formatting`), its interval beside it."""
    from leaderboard.columns import column
    from leaderboard.display.formatting import figure, interval

    spec = column(name)
    if spec.interval:
        return interval(row[name], row.get(spec.interval), spec.unit).text
    return figure(row[name], spec.unit).text or "—"


def datasets_from(folders: list[Path] | None) -> Datasets:
    """Named folders, else the default build folder, else the default cells built in memory."""
    from leaderboard.submit import Datasets, load_datasets

    if folders:
        return load_datasets(folders)
    from extractors.scoring_data import load_scoring_data

    data = load_scoring_data(None)
    return Datasets({next(iter(data.cells.values())).release: data})


def print_ranking(store: ResultsStore) -> None:
    from rich.table import Table

    from extractors.version import scorer_version
    from leaderboard.columns import MODEL, SCORER, column
    from leaderboard.ranking import cells_frame, rank

    columns = printed_columns()
    current = scorer_version()
    contents = store.contents()
    board = rank(contents.records, cells_frame(contents.entries, current))
    table = Table(title=Text(f"market-claim-bench leaderboard ({store.location})"), caption=Text(f"scorer {current} (current)"))
    for name in columns:
        header = f"{name} ± 95% CI" if column(name).interval else name
        table.add_column(header, justify="left" if name in (MODEL, "release", SCORER) else "right",
                         no_wrap=name == MODEL, min_width=len(current) if name == SCORER else None)
    for _, row in board.iterrows():
        table.add_row(*(Text(printed_cell(row, name)) for name in columns))
    out = console if console.is_terminal else Console(width=WIDE_OUTPUT)
    out.print(table)
    print_sweep(store, out)
    if contents.damage:
        out.print(integrity_notice(contents.damage), markup=False, highlight=False, soft_wrap=True)


def integrity_notice(damage) -> str:
    """The board's integrity notice: every stored file left out (or quarantined), named, with why."""
    lines = [f"store integrity: {len(damage)} stored file(s) left out of the board (everything else is shown):"]
    lines += [f"  {item}" for item in damage]
    if any(not item.quarantined for item in damage):
        lines.append("  `mcb store check --repair` moves unreadable files to quarantine/; re-submitting a quarantined "
                     "submission stores it again")
    return "\n".join(lines)


def print_sweep(store: ResultsStore, out: Console) -> None:
    """The dose-response slopes of every stored sweep submission, when there are any."""
    import pandas as pd
    from rich.table import Table

    from leaderboard.sweep import slopes_frame, sweep_summaries

    slopes = slopes_frame(sweep_summaries(store))
    if slopes.empty:
        return
    table = Table(title="dose-response sweep: slope of claimed - true on shown - true period return (1 reads, 0 recites)")
    for name in slopes.columns:
        table.add_column(name, justify="left" if name in ("model", "slope 95% CI") else "right", no_wrap=name == "model")
    for row in slopes.itertuples(index=False, name=None):
        table.add_row(*(Text("—" if value is None or (isinstance(value, float) and pd.isna(value)) else
                             f"{value:.3f}" if isinstance(value, float) else str(value)) for value in row))
    out.print(table)


def _serve(store: ResultsStore, datasets: Datasets, host: str, port: Optional[int]) -> None:
    from leaderboard.app import LeaderboardService, serve

    console.print(f"leaderboard on http://{host}:{port or 7860} (results: {store.location}); Ctrl+C stops it", highlight=False,
                  markup=False)
    serve(LeaderboardService(store, datasets), host=host, port=port, block=True)


ResultsOpt = Annotated[Path, typer.Option("--results", help="results folder (the local store)")]
HubOpt = Annotated[Optional[str], typer.Option("--hub-results", help="use this Hub dataset repo as the store instead")]
DatasetOpt = Annotated[Optional[list[Path]], typer.Option("--dataset", metavar="DIR", help="built dataset folder (repeatable, one per version)")]
PortOpt = Annotated[Optional[int], typer.Option("--port", help="port (default 7860)")]
HostOpt = Annotated[str, typer.Option("--host", help="interface to bind; loopback unless told otherwise")]


def leaderboard(
    results: ResultsOpt = DEFAULT_RESULTS,
    hub_results: HubOpt = None,
    dataset: DatasetOpt = None,
    port: PortOpt = None,
    host: HostOpt = "127.0.0.1",
    serve: Annotated[bool, typer.Option("--serve/--no-serve", help="start the app, or print the ranking")] = True,
) -> None:
    """Serve the leaderboard app over a results store (or print its ranking)."""
    from leaderboard.store import open_store

    store = open_store(results, hub_results)
    if not serve:
        print_ranking(store)
        return
    _serve(store, datasets_from(dataset), host, port)


def space(
    out: Annotated[Path, typer.Option("--out", help="folder to write the Space into (must be new or empty)")] = DEFAULT_SPACE_OUT,
    results_repo: Annotated[str, typer.Option(help="Hub dataset repo holding the results store")] = SpaceConfig.results_repo,
    dataset_repo: Annotated[str, typer.Option(help="Hub dataset repo of the benchmark")] = SpaceConfig.dataset_repo,
    dataset_revision: Annotated[str, typer.Option(help="benchmark version tag the Space scores against")] = "main",
) -> None:
    """Package the leaderboard as a Gradio Space: app.py, requirements.txt, README with the Space header."""
    from leaderboard.space import package_space

    try:
        files = package_space(out, SpaceConfig(results_repo, dataset_repo, dataset_revision))
    except FileExistsError as error:
        console.print(f"error: {error}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(2) from error
    console.print(f"wrote {len(files)} files to {out}; run it with `python app.py` there (after `pip install -r "
                  f"requirements.txt`), publish it with `mcb publish-space --folder {out} --repo ORG/NAME`",
                  markup=False, highlight=False, soft_wrap=True)


def demo(
    out: Annotated[Path, typer.Option(help="output folder for the datasets")] = DEFAULT_OUT,
    results: ResultsOpt = DEFAULT_RESULTS,
    serve: Annotated[bool, typer.Option("--serve/--no-serve", help="start the leaderboard, or print the ranking")] = True,
    port: PortOpt = None,
    host: HostOpt = "127.0.0.1",
) -> None:
    """The main job: build the default datasets (and the sweep), score the baselines, their sweep answers,
    the shipped real model rows and the tracks' canaries into the store, rank them."""
    from builder.cli import run_build
    from builder.dataset import default_specs
    from extractors.progress import RichSteps
    from leaderboard.store import open_store

    report = run_build(default_specs(), out, extras=(SWEEP_CONFIG,))
    swept, canaries = {}, []
    with RichSteps(console) as steps:
        steps.step("loading the datasets")
        from extractors.scoring_data import from_folder
        from leaderboard.seed import seed_baselines, seed_models
        from leaderboard.submit import load_datasets
        from leaderboard.sweep import describe_slope, seed_sweep
        from leaderboard.tracks import seed_tracks

        datasets = load_datasets([out])
        store = open_store(results)
        baselines = seed_baselines(store, datasets, report.release, steps=steps)
        models = {}
        if not any(o.status == "rejected" for o in baselines.values()):
            models = seed_models(store, datasets, report.release, steps=steps)
            steps.step("loading the sweep's cells")
            swept = seed_sweep(store, from_folder(out, SWEEP_CONFIG), steps=steps)
            canaries = seed_tracks(store, out, steps)
    for name, outcome in baselines.items():
        console.print(f"baseline {name}: {outcome.status} ({outcome.reason})", markup=False, highlight=False)
        if outcome.status == "rejected":
            raise typer.Exit(1)
    for name, outcome in models.items():
        if isinstance(outcome, str):
            console.print(f"model {name}: {outcome}", markup=False, highlight=False)
            continue
        console.print(f"model {name}: {outcome.status} ({outcome.reason})", markup=False, highlight=False)
        if outcome.status == "rejected":
            raise typer.Exit(1)
    for name, sweep in swept.items():
        stored = "stored" if sweep.status == "scored" else "already stored"
        console.print(f"baseline {name} on the sweep: {stored}, slope {describe_slope(sweep.summary)}", markup=False,
                      highlight=False)
    for outcome in canaries:
        expected = outcome.summary.get("model", {}).get("expected")
        stored = "stored" if outcome.status == "scored" else "already stored"
        console.print(f"{outcome.summary['model']['name']} ({outcome.track} track): {stored}, verdict {outcome.verdict} "
                      f"(expected {expected})", markup=False, highlight=False)
    if serve:
        _serve(store, datasets, host, port)
    else:
        print_ranking(store)


def submit_command(
    submission: Annotated[Path, typer.Argument(help="submission JSONL (the DESIGN.md contract), e.g. from `mcb run`")],
    model: Annotated[str, typer.Option("--model", help="model name shown on the board")],
    revision: Annotated[str, typer.Option(help="model revision or API version")],
    knowledge_cutoff: Annotated[Optional[str], typer.Option(help="declared knowledge cutoff, YYYY-MM or YYYY-MM-DD")] = None,
    params: Annotated[Optional[str], typer.Option(help="parameter count in billions, if known")] = None,
    link: Annotated[Optional[str], typer.Option(help="http(s) link to the model")] = None,
    track: Annotated[Optional[str], typer.Option(help="store as a track result (recall, relabeled, masked) instead")] = None,
    config: Annotated[str, typer.Option(help="the cells the file answers: prompts (the board's), or sweep (the dose-response sweep, stored beside the tracks)")] = PROMPTS_CONFIG,
    submitter: Annotated[Optional[str], typer.Option(help="who submits (the row's owner); default the local Hub identity "
                                                          "(hf auth login), else local:USER")] = None,
    release: Annotated[Optional[str], typer.Option(help="dataset version answered; default the newest loaded")] = None,
    results: ResultsOpt = DEFAULT_RESULTS,
    hub_results: HubOpt = None,
    dataset: DatasetOpt = None,
    lenient: Annotated[bool, typer.Option("--lenient", help="keep fields outside the contract and the run metadata instead of rejecting them")] = False,
) -> None:
    """Validate, score and store a submission on the board, as the Submit page does; exit 2 if rejected."""
    from extractors.progress import RichSteps
    from leaderboard.identity import cli_submitter
    from leaderboard.store import StoreError, open_store

    if not submission.is_file():
        console.print(f"error: {submission}: no such file", markup=False, highlight=False)
        raise typer.Exit(2)
    raw = submission.read_bytes()
    store = open_store(results, hub_results)
    who = cli_submitter(submitter)
    if track is not None:
        from leaderboard.submit import make_meta
        from leaderboard.tracks import submit_track

        folder = dataset[0] if dataset else DEFAULT_OUT
        try:
            with RichSteps(console) as steps:
                steps.step(f"scoring the {track} track")
                outcome = submit_track(raw, track, make_meta(model, revision, knowledge_cutoff, params, link), store, folder,
                                       submitter=who)
        except (ValueError, FileNotFoundError, StoreError) as error:
            console.print(f"rejected: {error}", markup=False, highlight=False, soft_wrap=True)
            raise typer.Exit(2) from error
        console.print(f"track {track}: {outcome.status} as {outcome.id}; verdict {outcome.verdict}", markup=False,
                      highlight=False)
        return
    if config == SWEEP_CONFIG:
        _submit_sweep(raw, model, revision, knowledge_cutoff, params, link, store, dataset[0] if dataset else DEFAULT_OUT,
                      lenient, who)
        return
    if config != PROMPTS_CONFIG:
        console.print(f"rejected: --config {config!r}; choose {PROMPTS_CONFIG} or {SWEEP_CONFIG}", markup=False,
                      highlight=False)
        raise typer.Exit(2)
    try:
        with RichSteps(console) as steps:
            steps.step("loading the datasets")
            from leaderboard.submit import make_meta, submit

            outcome = submit(raw, make_meta(model, revision, knowledge_cutoff, params, link), store, datasets_from(dataset),
                             release, lenient=lenient, steps=steps, submitter=who)
    except StoreError as error:
        console.print(f"error: {error}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1) from error
    console.print(f"{outcome.status}: {outcome.reason}", markup=False, highlight=False, soft_wrap=True)
    if outcome.status == "rejected":
        raise typer.Exit(2)


def _submit_sweep(raw: bytes, model: str, revision: str, knowledge_cutoff: str | None, params: str | None,
                  link: str | None, store: ResultsStore, folder: Path, lenient: bool, submitter: str) -> None:
    from extractors.progress import RichSteps

    rejected = failed = None
    with RichSteps(console) as steps:
        steps.step("loading the sweep's cells")
        from extractors.scoring_data import from_folder
        from leaderboard.store import StoreError
        from leaderboard.submit import NameTaken, SubmissionRejected, make_meta
        from leaderboard.sweep import describe_slope, submit_sweep

        try:
            meta = make_meta(model, revision, knowledge_cutoff, params, link)
            outcome = submit_sweep(raw, meta, store, from_folder(folder, SWEEP_CONFIG), lenient, steps=steps,
                                   submitter=submitter)
        except (SubmissionRejected, NameTaken, FileNotFoundError, ValueError) as error:
            rejected = error
        except StoreError as error:
            failed = error
    if rejected is not None:
        reason = rejected.summary() if isinstance(rejected, SubmissionRejected) else str(rejected)
        console.print(f"rejected: {reason}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(2) from rejected
    if failed is not None:
        console.print(f"error: {failed}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1) from failed
    held = ""
    if outcome.status == "duplicate":
        stored = outcome.summary.get("meta") or {}
        held = (f" (this file is already stored as {stored.get('name')!r} revision {stored.get('revision')!r}"
                f"{' by ' + outcome.summary['submitter'] if outcome.summary.get('submitter') else ''})")
    console.print(f"sweep: {outcome.status} as {outcome.id}{held}; slope {describe_slope(outcome.summary)}", markup=False,
                  highlight=False, soft_wrap=True)


def rescore(
    results: ResultsOpt = DEFAULT_RESULTS,
    hub_results: HubOpt = None,
    dataset: DatasetOpt = None,
) -> None:
    """Re-score every stored submission with the current scorer into new results (old ones stay);
    exit 1 if any submission had to be skipped."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from extractors.progress import RichSteps
    from leaderboard.store import open_store

    with RichSteps(console) as steps:
        steps.step("loading the datasets")
        from extractors.version import scorer_version
        from leaderboard.rescore import rescore_store

        store, datasets = open_store(results, hub_results), datasets_from(dataset)
        version = scorer_version()
    console.print(f"scorer {version}; results in {store.location}", markup=False, highlight=False)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("rescored {task.fields[rescored]} current {task.fields[current]} skipped {task.fields[skipped]}"),
                  TimeElapsedColumn(), console=console) as progress:
        task = progress.add_task("rescoring", total=None, rescored=0, current=0, skipped=0)

        def on_done(outcome) -> None:
            progress.update(task, advance=1, **{outcome.status: progress.tasks[task].fields[outcome.status] + 1})
            if outcome.status == "skipped":
                progress.console.print(Text(f"skipped {outcome.id} ({outcome.model}): {outcome.reason}"))

        outcomes = rescore_store(store, datasets, on_start=lambda n: progress.update(task, total=n), on_done=on_done)
    counts = {status: sum(o.status == status for o in outcomes) for status in ("rescored", "current", "skipped")}
    console.print(f"{counts['rescored']} rescored, {counts['current']} already current, {counts['skipped']} skipped "
                  f"(of {len(outcomes)} stored submissions); earlier results are kept", markup=False, highlight=False)
    if counts["skipped"]:
        raise typer.Exit(1)


store_app = typer.Typer(help="the results store: check it, quarantine what the board cannot read", no_args_is_help=True)


@store_app.command("check")
def store_check(
    results: ResultsOpt = DEFAULT_RESULTS,
    repair: Annotated[bool, typer.Option("--repair", help="move every finding to quarantine/ (logged; nothing is deleted)")] = False,
) -> None:
    """List temp, orphaned and unreadable files of a local store; exit 1 if any (0 once --repair moved them)."""
    from leaderboard.integrity import check_store, repair_store
    from leaderboard.store import LocalStore

    if not results.is_dir():
        console.print(f"error: {results}: no such store folder", markup=False, highlight=False)
        raise typer.Exit(2)
    store = LocalStore(results)
    findings = repair_store(store) if repair else check_store(store)
    for finding in findings:
        console.print(("quarantined " if repair else "") + str(finding), markup=False, highlight=False, soft_wrap=True)
    if not findings:
        console.print(f"{results}: every stored file is readable and committed", markup=False, highlight=False)
        return
    if repair:
        console.print(f"moved {len(findings)} file(s) to {results / 'quarantine'} (listed in quarantine/log.jsonl)",
                      markup=False, highlight=False)
        return
    console.print(f"{len(findings)} finding(s); `mcb store check --repair` moves them to quarantine/", markup=False,
                  highlight=False)
    raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Mount the commands; `demo` lives here because it needs every layer (build, score, store, serve)."""
    app.command()(leaderboard)
    app.command("submit")(submit_command)
    app.add_typer(store_app, name="store")
    app.command()(rescore)
    app.command()(space)
    app.command()(demo)
