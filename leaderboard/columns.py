"""The leaderboard's columns, declared once.

Like the Hugging Face leaderboard template's `ColumnContent`, every column of the board is one
entry here; the table's headers, datatypes, default selection and the never-hidden set are all
derived from this list. The figures' columns come from the scorer's metric registry
(`extractors.metrics.METRICS`: header, help, shown by default; a rate brings its interval), so a
new metric is one registry entry and appears here, in the CSV and in the column chooser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from extractors.metrics import METRICS, MIN_INTERVAL_CELLS, PRIMARY, Metric, metric

ColumnType = Literal["number", "str", "date"]


@dataclass(frozen=True)
class ColumnContent:
    """One board column: its header, how Gradio should type it, and whether it shows by default."""

    name: str
    type: ColumnType
    displayed_by_default: bool = True
    never_hidden: bool = False
    help: str = ""


def ci_header(entry: Metric) -> str:
    return f"{entry.header} 95% CI"


def _metric_columns(entry: Metric) -> tuple[ColumnContent, ...]:
    """A metric's column, and for a rate its interval beside it."""
    value = ColumnContent(entry.header, "number", entry.shown, help=entry.help)
    if not entry.interval:
        return (value,)
    return (value, ColumnContent(ci_header(entry), "str", entry.shown,
                                 help=f"95% paired bootstrap interval of {entry.header} over the selected cells (seeded); "
                                      f"\u2014 with the reason when fewer than {MIN_INTERVAL_CELLS} cells have data"))


RANK = "rank"
MODEL = "model"
SCORER = "scorer"
READ_RATE = metric(PRIMARY).header
SEMANTIC_MARGIN = metric("semantic_margin").header

COLUMNS: tuple[ColumnContent, ...] = (
    ColumnContent(RANK, "number", never_hidden=True,
                  help=f"1 + the number of models significantly better on {READ_RATE} (paired bootstrap over the cells "
                       "both answered): models that cannot be told apart share a rank"),
    ColumnContent(MODEL, "str", never_hidden=True, help="model name as submitted (shown as text)"),
    ColumnContent("revision", "str", help="model revision or API version"),
    ColumnContent("release", "str", never_hidden=True, help="dataset version the submission answers"),
    ColumnContent(SCORER, "str", help="scorer version that made this row's figures: package version + hash of the rule "
                                      "files, name tables and extractor code (`mcb rescore` brings a row to the current one)"),
    ColumnContent("params (B)", "number", help="parameter count in billions, if known"),
    ColumnContent("knowledge cutoff", "str", help="the model's stated training cutoff"),
    *(column for entry in METRICS for column in _metric_columns(entry)),
    ColumnContent("cells", "number", displayed_by_default=False, help="cells in the current selection"),
    ColumnContent("link", "str", displayed_by_default=False, help="where the model is described (shown as text)"),
    ColumnContent("submitter", "str", displayed_by_default=False,
                  help="who submitted it: the Hugging Face account (the Space), the Hub identity or --submitter (the CLI); "
                       "a row is (model, revision, release, submitter) and no one else can replace it"),
    ColumnContent("submitted", "str", displayed_by_default=False, help="when the submission was stored (UTC)"),
    ColumnContent("submission", "str", displayed_by_default=False, help="submission id (content hash)"),
)

COLUMN_NAMES: tuple[str, ...] = tuple(c.name for c in COLUMNS)
NEVER_HIDDEN: tuple[str, ...] = tuple(c.name for c in COLUMNS if c.never_hidden)
HIDEABLE: tuple[str, ...] = tuple(c.name for c in COLUMNS if not c.never_hidden)
DEFAULT_SHOWN: tuple[str, ...] = tuple(c.name for c in COLUMNS if c.displayed_by_default and not c.never_hidden)


def column(name: str) -> ColumnContent:
    """Look a column up by header, failing loudly on a typo."""
    for candidate in COLUMNS:
        if candidate.name == name:
            return candidate
    raise KeyError(f"no leaderboard column {name!r}; known: {', '.join(COLUMN_NAMES)}")


def selected_columns(optional: list[str] | tuple[str, ...]) -> list[str]:
    """Board order, never-hidden columns always included."""
    wanted = set(optional) | set(NEVER_HIDDEN)
    return [name for name in COLUMN_NAMES if name in wanted]


def datatypes(names: list[str]) -> list[str]:
    return [column(name).type if column(name).type != "date" else "str" for name in names]
