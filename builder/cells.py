"""Cells: market x month x arm x context, one prompt each."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass

from builder.arms import ARMS
from builder.contexts import CONTEXTS
from builder.display import shown_arm
from builder.panel import Panel
from builder.tokens import prompt_sizes, token_bound
from builder.universes import get_universe
from contracts.markets import make_cell_id

__all__ = ["Cell", "build_cells", "make_cell_id", "release_of"]


def release_of(month: str) -> str:
    """A month's release version string, `YYYY.MM`."""
    return month.replace("-", ".")


@dataclass(frozen=True)
class Cell:
    """One prompt of the benchmark."""

    cell_id: str
    release: str
    market: str
    month: str
    arm: str
    context: str
    prompt: str
    n_tokens: int
    n_tokens_max: int

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_row(cls, row: dict) -> "Cell":
        """A cell from a dataset row; rows of releases built before `n_tokens_max` get it computed."""
        values = {name: row[name] for name in CELL_FIELDS if name in row}
        values.setdefault("n_tokens_max", token_bound(row["prompt"]))
        return cls(**values)


CELL_FIELDS: tuple[str, ...] = tuple(Cell.__dataclass_fields__)
"""Every column a prompt row carries before any track-specific field."""


def build_cells(real: Panel, release: str | None = None, arms: Iterable[str] = tuple(ARMS),
                contexts: Iterable[str] = tuple(CONTEXTS)) -> list[Cell]:
    """Every arm x context cell of one real panel, in a fixed order; each prompt prints its arm's shown panel.

    The default is the 24-cell grid (every default arm x every context); the sweep passes its own arms and contexts."""
    universe = get_universe(real.market)
    chosen = [CONTEXTS[name] for name in contexts]
    cells = []
    for arm in arms:
        shown = shown_arm(real, arm)
        for context in chosen:
            prompt = context.prompt(shown, universe)
            cells.append(
                Cell(
                    cell_id=make_cell_id(real.market, real.month, arm, context.name),
                    release=release or release_of(real.month),
                    market=real.market,
                    month=real.month,
                    arm=arm,
                    context=context.name,
                    prompt=prompt,
                    **prompt_sizes(prompt),
                )
            )
    return cells
