"""What the board shows for the tracks, readable without importing anything from `leaderboard/`.

One table per track (a row per scored submission) with the track's caveats attached, so a view
cannot show a pass without saying what a pass is worth. Columns are declared once here.
`track_board` gathers `summary.json` files written by `mcb tracks score`; `board_markdown` is the
text a Gradio tab (or the CLI) prints above the table.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from builder.tracks.common import TRACK_INFO, TRACKS
from extractors.tracks.common import STATUS_MEANING
from extractors.tracks.score import read_summary


@dataclass(frozen=True)
class TrackColumn:
    """One column of a track table: header, Gradio datatype, and where its value comes from in a summary."""

    name: str
    type: str
    path: tuple[str, ...]
    help: str = ""


TRACK_COLUMNS: tuple[TrackColumn, ...] = (
    TrackColumn("model", "str", ("model", "name"), "model name as scored"),
    TrackColumn("knowledge cutoff", "str", ("model", "knowledge_cutoff"), "declared training cutoff"),
    TrackColumn("status", "str", ("status",), "fail = memorisation signal; pass = none found (a lower bound)"),
    TrackColumn("p-value", "number", ("p_value",), "the track test's p-value (Bonferroni-adjusted where several)"),
    TrackColumn("result", "str", ("headline",), "the numbers behind the status"),
    TrackColumn("failures", "number", ("failures",), "failed calls, never counted as answers"),
    TrackColumn("missing", "number", ("missing",), "rows with no line in the submission"),
)


def _dig(summary: dict, path: tuple[str, ...]):
    value = summary
    for key in path:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def board_row(summary: dict) -> dict:
    return {column.name: _dig(summary, column.path) for column in TRACK_COLUMNS}


def track_board(summaries: Iterable[dict]) -> dict:
    """Track -> {title, source, caveats, status meanings, columns, rows}; every track is present, even empty."""
    board = {
        track: {
            "title": TRACK_INFO[track].title,
            "source": TRACK_INFO[track].source,
            "caveats": list(TRACK_INFO[track].caveats),
            "statuses": dict(STATUS_MEANING),
            "columns": [{"name": c.name, "type": c.type, "help": c.help} for c in TRACK_COLUMNS],
            "rows": [],
        }
        for track in TRACKS
    }
    for summary in summaries:
        track = summary.get("track")
        if track not in board:
            raise ValueError(f"summary of unknown track {track!r}; known: {', '.join(TRACKS)}")
        board[track]["rows"].append(board_row(summary))
    return board


def read_board(folders: Iterable[Path]) -> dict:
    return track_board(read_summary(Path(folder)) for folder in folders)


def board_markdown(track: str, entry: dict) -> str:
    """The text shown above a track's table: what it tests, where it comes from, and its caveats."""
    caveats = "\n".join(f"- {caveat}" for caveat in entry["caveats"])
    return f"### {entry['title']}\n\nFrom {entry['source']}.\n\n**Read with care:**\n{caveats}\n"


def write_board(board: dict, out: Path) -> Path:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(board, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return out
