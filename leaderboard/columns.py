"""The leaderboard's columns, declared once.

Like the Hugging Face leaderboard template's `ColumnContent`, every column of the board is one
entry here; the table's headers, datatypes, default selection and the never-hidden set are all
derived from this list, so adding a column is adding one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from extractors.verdicts import DETAILS

ColumnType = Literal["number", "str", "date"]

# Refuted details, in DESIGN.md's order: each gets its own rate column.
REFUTED_DETAILS: tuple[str, ...] = tuple(d for d in DETAILS if d not in ("supported", "recited", "unverifiable"))
# Arms whose shown panel differs from the truth: only there can reading be told from recall.
PERTURBED_ARMS: tuple[str, ...] = ("inverted", "damped")
# Contexts with no interior path to read: the right answer there is to decline.
DECLINE_CONTEXTS: tuple[str, ...] = ("none", "probe")


@dataclass(frozen=True)
class ColumnContent:
    """One board column: its header, how Gradio should type it, and whether it shows by default."""

    name: str
    type: ColumnType
    displayed_by_default: bool = True
    never_hidden: bool = False
    help: str = ""


def _rate(name: str, help_text: str, shown: bool = True) -> tuple[ColumnContent, ColumnContent]:
    """A rate and its 95% bootstrap interval travel together."""
    return (ColumnContent(name, "number", shown, help=help_text), ColumnContent(f"{name} 95% CI", "str", shown, help=f"bootstrap interval of {name}"))


RANK = "rank"
MODEL = "model"
READ_RATE = "read rate (perturbed)"
SEMANTIC_MARGIN = "semantic read margin"

COLUMNS: tuple[ColumnContent, ...] = (
    ColumnContent(RANK, "number", never_hidden=True, help="ordered by read rate on the perturbed arms"),
    ColumnContent(MODEL, "str", never_hidden=True, help="model name as submitted (shown as text)"),
    ColumnContent("revision", "str", help="model revision or API version"),
    ColumnContent("release", "str", never_hidden=True, help="dataset version the submission answers"),
    ColumnContent("params (B)", "number", help="parameter count in billions, if known"),
    ColumnContent("knowledge cutoff", "str", help="the model's stated training cutoff"),
    *_rate(READ_RATE, "supported / checkable claims on the inverted and damped arms"),
    *_rate("recited", "recited / checkable claims"),
    *_rate("approx_supported", "refuted but approximate against the shown panel, / checkable", shown=False),
    *_rate("approx_recited", "refuted but approximate against the truth, / checkable", shown=False),
    *_rate("sign_only", "only the sign agrees with the shown panel, / checkable", shown=False),
    *_rate("fabricated", "matches neither panel, / checkable"),
    ColumnContent(SEMANTIC_MARGIN, "number",
                  help="cosine to the shown month's narration minus to the true month's, perturbed arms; + read, - recalled (summary.json semantic_read_margin)"),
    ColumnContent("unverifiable", "number", help="claims with no oracle (causal claims excluded)"),
    ColumnContent("causal", "number", help="causal claims, counted in their own bucket"),
    ColumnContent("coverage (full)", "number", help="mean coverage of key facts, only under the full context"),
    ColumnContent("claims / response", "number", help="extracted claims per answered response"),
    ColumnContent("declines (none/probe)", "number", help="share of none/probe answers that correctly decline"),
    ColumnContent("failures", "number", help="failed calls in the submission, never counted as empty commentary"),
    ColumnContent("cells", "number", displayed_by_default=False, help="cells in the current selection"),
    ColumnContent("link", "str", displayed_by_default=False, help="where the model is described (shown as text)"),
    ColumnContent("submitted", "str", displayed_by_default=False, help="when the submission was stored (UTC)"),
    ColumnContent("submission", "str", displayed_by_default=False, help="submission id (content hash)"),
)

COLUMN_NAMES: tuple[str, ...] = tuple(c.name for c in COLUMNS)
NEVER_HIDDEN: tuple[str, ...] = tuple(c.name for c in COLUMNS if c.never_hidden)
HIDEABLE: tuple[str, ...] = tuple(c.name for c in COLUMNS if not c.never_hidden)
DEFAULT_SHOWN: tuple[str, ...] = tuple(c.name for c in COLUMNS if c.displayed_by_default and not c.never_hidden)
RATE_COLUMNS: tuple[str, ...] = (READ_RATE, "recited", *REFUTED_DETAILS)


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


# Per-cell counts the store precomputes for every submission; ranking sums them over cells.
CELL_COUNT_FIELDS: tuple[str, ...] = (
    "responses", "failures", "claims", "checkable", "supported", "recited", *REFUTED_DETAILS,
    "unverifiable", "causal", "declines",
)
