"""The `mcb` command: a thin Typer app that mounts the commands defined beside the code they drive.

It answers at once (`tests/test_cli_fast.py`: every `--help` under a second): the command modules
import their libraries inside the commands, and the help is Click's plain text rather than Typer's
Rich panels, whose formatter imports markdown-it (about a fifth of a second of CPU before a line
is printed). Progress bars and tables are still Rich's.
"""

from __future__ import annotations

import typer
from typer.core import TyperGroup

from builder.cli import register as register_builder
from extractors.cli import register as register_extractors
from extractors.embeddings.cli import register as register_embeddings
from extractors.recall_cli import register as register_recall
from extractors.tracks.cli import register as register_tracks
from leaderboard.cli import register as register_leaderboard
from runner.cli import register as register_runner


class Group(TyperGroup):
    """A command group whose own `--help` flag is False when not given, not None: Typer 0.29 coerces a
    None flag through pydantic (imported for it: about a sixth of a second) on every subcommand call."""

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None and option.default is None:
            option.default = False
        return option


app = typer.Typer(
    name="mcb",
    help="market-claim-bench: did the model read the market data it was given, or remember it?",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    cls=Group,
)
register_builder(app)
register_extractors(app)
register_runner(app)
register_leaderboard(app)
register_tracks(app)
register_embeddings(app)
register_recall(app)
for _group in app.registered_groups:  # `mcb tracks`, `mcb probe`
    _group.cls = Group

if __name__ == "__main__":
    app(prog_name="mcb")
