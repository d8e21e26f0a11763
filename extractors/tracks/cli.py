"""`mcb tracks baseline`, `export`, `score` and `board`: parse arguments, call the track library, print.

The track library (numpy, pandas, scipy, pyarrow) is imported inside the commands, so `mcb --help`
does not load it (`tests/test_cli_fast.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape

from builder.paths import DEFAULT_OUT
from contracts.vocabulary import CANARY_EXPECTED
from extractors.defaults import KS_PERMUTATIONS

console = Console()
tracks_app = typer.Typer(help="the papers' tracks: direct recall, fake dates, masked identities", no_args_is_help=True)
CANARY_HELP = ", ".join(f"{t}/{k} ({expected})" for (t, k), expected in CANARY_EXPECTED.items())


def _fail(error: Exception) -> typer.Exit:
    console.print(f"[red]error:[/red] {escape(str(error))}", highlight=False)
    return typer.Exit(2)


@tracks_app.command("baseline")
def baseline(
    track: Annotated[str, typer.Argument(help="recall, relabeled or masked")],
    kind: Annotated[str, typer.Argument(help=f"canary kind: {CANARY_HELP}")],
    out: Annotated[Path, typer.Option(help="submission JSONL to write")],
    dataset: Annotated[Path, typer.Option(help="built dataset folder (mcb build)")] = DEFAULT_OUT,
) -> None:
    """Write a canary submission for a track: its verdict is known in advance."""
    from builder.tracks.common import read_track_rows
    from contracts.submission import write_submission
    from extractors.tracks.canaries import canary_submission

    try:
        lines = canary_submission(track, kind, read_track_rows(dataset, track), dataset)
    except (ValueError, FileNotFoundError) as error:
        raise _fail(error) from error
    count = write_submission(lines, out)
    console.print(f"wrote {count} lines of the {track}/{kind} canary (expected: {CANARY_EXPECTED[(track, kind)]}) to {out}",
                  markup=False)


@tracks_app.command("export")
def export(
    track: Annotated[str, typer.Argument(help="recall, relabeled or masked")],
    out: Annotated[Path, typer.Option(help="folder to write; pass it to `mcb run --dataset`")],
    dataset: Annotated[Path, typer.Option(help="built dataset folder (mcb build)")] = DEFAULT_OUT,
) -> None:
    """Write a folder whose `prompts` are the track's rows, so `mcb run --dataset FOLDER` answers the track."""
    from builder.tracks.common import export_track_folder

    try:
        count = export_track_folder(dataset, track, out)
    except (ValueError, FileNotFoundError) as error:
        raise _fail(error) from error
    console.print(f"wrote {count} {track} prompts to {out}; answer them with `mcb run --dataset {out} ...`", markup=False)


@tracks_app.command("score")
def score(
    track: Annotated[str, typer.Argument(help="recall, relabeled or masked")],
    submission: Annotated[Path, typer.Argument(help="submission JSONL (cell_id, commentary, sample, status)")],
    out: Annotated[Path, typer.Option(help="folder for summary.json and the detail files")],
    dataset: Annotated[Path, typer.Option(help="built dataset folder (mcb build)")] = DEFAULT_OUT,
    knowledge_cutoff: Annotated[Optional[str], typer.Option(help="model's declared cutoff, YYYY-MM or YYYY-MM-DD (recall splits on it)")] = None,
    model: Annotated[Optional[str], typer.Option(help="model name, recorded in the summary")] = None,
    permutations: Annotated[int, typer.Option(help="KS permutations (relabeled)")] = KS_PERMUTATIONS,
    seed: Annotated[int, typer.Option(help="permutation seed (relabeled)")] = 0,
) -> None:
    """Score a submission on one track; exits 1 when the submission carries failed or missing lines."""
    from contracts.submission import InvalidSubmission
    from contracts.text import clean_name, cutoff_problem, name_problem
    from extractors.tracks.score import ScoreOptions, score_track, write_track_scores

    if model is not None:
        model = clean_name(model)
        if (why := name_problem(model)) is not None:
            raise _fail(ValueError(f"--model {why}"))
    if (why := cutoff_problem(knowledge_cutoff)) is not None:
        raise _fail(ValueError(f"--knowledge-cutoff {why}"))
    options = ScoreOptions(knowledge_cutoff=knowledge_cutoff, permutations=permutations, seed=seed,
                           model={"name": model} if model else {})
    try:
        scored = score_track(track, dataset, submission, options)
    except InvalidSubmission as error:
        console.print(f"[red]submission rejected:[/red]\n{escape(str(error))}", highlight=False)
        raise typer.Exit(2) from error
    except (ValueError, FileNotFoundError) as error:
        raise _fail(error) from error
    write_track_scores(scored, out)
    summary = scored.summary
    console.print(f"{escape(track)}: [bold]{summary.status}[/bold] — {escape(summary.headline)}", highlight=False)
    for caveat in scored.summary.to_dict()["caveats"]:
        console.print(f"  caveat: {caveat}", highlight=False, markup=False)
    console.print(f"wrote {out}/summary.json (failures {summary.failures}, missing {summary.missing})", markup=False)
    if summary.failures or summary.missing:
        raise typer.Exit(1)


@tracks_app.command("board")
def board(
    scores: Annotated[list[Path], typer.Argument(help="folders written by `mcb tracks score` (any tracks, any models)")],
    out: Annotated[Path, typer.Option(help="board JSON for the leaderboard: per track, caveats, columns and rows")],
) -> None:
    """Gather track summaries into one board file, each track with its caveats."""
    from extractors.tracks.board import board_markdown, read_board, write_board

    try:
        collected = read_board(scores)
    except (ValueError, FileNotFoundError) as error:
        raise _fail(error) from error
    write_board(collected, out)
    for track, entry in collected.items():
        console.print(board_markdown(track, entry), highlight=False, markup=False)
        for row in entry["rows"]:
            console.print(f"  {row['model'] or '(unnamed)'}: {row['status']} (p = {row['p-value']}) — {row['result']}", highlight=False,
                          markup=False)
    console.print(f"wrote {out}", markup=False)


def register(app: typer.Typer) -> None:
    app.add_typer(tracks_app, name="tracks")
