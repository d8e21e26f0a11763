"""The `mcb` command: a thin Typer app that mounts the commands defined beside the code they drive."""

from __future__ import annotations

import typer

from builder.cli import register as register_builder
from extractors.cli import register as register_extractors
from extractors.embeddings.cli import register as register_embeddings
from extractors.recall_cli import register as register_recall
from leaderboard.cli import register as register_leaderboard
from extractors.tracks.cli import register as register_tracks
from runner.cli import register as register_runner

app = typer.Typer(
    name="mcb",
    help="market-claim-bench: did the model read the market data it was given, or remember it?",
    no_args_is_help=True,
    add_completion=False,
)
register_builder(app)
register_extractors(app)
register_runner(app)
register_leaderboard(app)
register_tracks(app)
register_embeddings(app)
register_recall(app)

if __name__ == "__main__":
    app()
