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
# How a column reads on the page (`leaderboard.display.formatting`): a share as a percentage, a
# count as an integer, a number to two decimals, text as it is. Presentation, so it lives here and
# not in the scorer's registry (whose every edit changes the scorer version).
Unit = Literal["share", "count", "number", "text"]
KIND_UNITS: dict[str, Unit] = {"rate": "share", "sum": "count", "ratio": "number", "mean": "number", "weight": "number"}
# Metrics whose kind reads otherwise: a mean of per-cell shares, a ratio that is a share of responses.
SHARE_METRICS: frozenset[str] = frozenset({"coverage", "declines_rate"})
# Metrics the scorer's registry shows that the board leaves to the column chooser, so the default
# columns fit a 1,280 px window without a horizontal scroll (issue 15).
CHOOSER_ONLY: frozenset[str] = frozenset({"semantic_margin", "unverifiable", "causal", "claims_per_response"})


@dataclass(frozen=True)
class ColumnContent:
    """One board column: its header, how Gradio should type it, and whether it shows by default."""

    name: str
    type: ColumnType
    displayed_by_default: bool = True
    never_hidden: bool = False
    help: str = ""
    unit: Unit = "text"
    # For a metric's value column: the header of its interval column (shown with it as "62.3% ± 4.1").
    interval: str | None = None


def metric_unit(entry: Metric) -> Unit:
    return "share" if entry.name in SHARE_METRICS else KIND_UNITS[entry.kind]


def ci_header(entry: Metric) -> str:
    return f"{entry.header} 95% CI"


def _metric_columns(entry: Metric) -> tuple[ColumnContent, ...]:
    """A metric's column, and for a rate its interval beside it."""
    shown = entry.shown and entry.name not in CHOOSER_ONLY
    value = ColumnContent(entry.header, "number", shown, help=entry.help, unit=metric_unit(entry),
                          interval=ci_header(entry) if entry.interval else None)
    if not entry.interval:
        return (value,)
    return (value, ColumnContent(ci_header(entry), "str", shown,
                                 help=f"95% paired bootstrap interval of {entry.header} over the selected cells (seeded); "
                                      f"\u2014 with the reason when fewer than {MIN_INTERVAL_CELLS} cells have data"))


RANK = "rank"
MODEL = "model"
SCORER = "scorer"
READ_RATE = metric(PRIMARY).header
SEMANTIC_MARGIN = metric("semantic_margin").header

COLUMNS: tuple[ColumnContent, ...] = (
    ColumnContent(RANK, "number", never_hidden=True, unit="count",
                  help=f"1 + the number of models significantly better on {READ_RATE} (paired bootstrap over the cells "
                       "both answered): models that cannot be told apart share a rank"),
    ColumnContent(MODEL, "str", never_hidden=True, help="model name as submitted (shown as text)"),
    ColumnContent("revision", "str", help="model revision or API version"),
    ColumnContent("release", "str", never_hidden=True, help="dataset version the submission answers"),
    ColumnContent(SCORER, "str", displayed_by_default=False, help="scorer version that made this row's figures: package version + hash of the rule "
                                      "files, name tables and extractor code (`mcb rescore` brings a row to the current one)"),
    ColumnContent("params (B)", "number", help="parameter count in billions, if known", unit="number"),
    ColumnContent("knowledge cutoff", "str", help="the model's stated training cutoff"),
    *(column for entry in METRICS for column in _metric_columns(entry)),
    ColumnContent("cells", "number", displayed_by_default=False, help="cells in the current selection", unit="count"),
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
