"""What the scorer needs from a dataset: its cells and each cell's shown and true panels.

Reads a folder built by `mcb build`; when there is none, builds the default cells in memory from
the shipped prices, so scoring works on a fresh checkout.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.arms import ARMS, apply_arm
from builder.cells import Cell, build_cells
from builder.panel import Panel, load_panel
from builder.universes import get_universe

DEFAULT_DATASET = Path("build/market-claim-bench")
DEFAULT_MARKETS = ("us", "lisbon")


@dataclass(frozen=True, eq=False)
class ScoringData:
    """Cells keyed by id and every (market, month, arm) panel, each loaded once."""

    cells: dict[str, Cell]
    panels: dict[tuple[str, str, str], Panel]
    source: str

    def panel(self, market: str, month: str, arm: str) -> Panel:
        try:
            return self.panels[(market, month, arm)]
        except KeyError:
            raise KeyError(f"no {arm} panel for {market} {month} in {self.source}") from None

    def shown(self, cell: Cell) -> Panel:
        return self.panel(cell.market, cell.month, cell.arm)

    def true(self, cell: Cell) -> Panel:
        return self.panel(cell.market, cell.month, "real")


def in_memory(markets: tuple[tuple[str, str], ...] | None = None) -> ScoringData:
    """The default cells (each market's default month) built from shipped prices."""
    chosen = markets or tuple((market, get_universe(market).default_month) for market in DEFAULT_MARKETS)
    cells: dict[str, Cell] = {}
    panels: dict[tuple[str, str, str], Panel] = {}
    for market, month in chosen:
        real = load_panel(market, month)
        for arm in ARMS:
            panels[(market, month, arm)] = apply_arm(real, arm)
        cells.update({cell.cell_id: cell for cell in build_cells(real)})
    return ScoringData(cells, panels, "default cells built in memory from data/prices")


def from_folder(folder: Path) -> ScoringData:
    """A dataset folder written by `builder.dataset.build_dataset`."""
    from builder.dataset import read_dataset

    built = read_dataset(Path(folder))
    keys = {(cell.market, cell.month, arm) for cell in built.cells.values() for arm in (cell.arm, "real")}
    panels = {key: built.panel(*key) for key in sorted(keys)}
    return ScoringData(dict(built.cells), panels, str(folder))


def load_scoring_data(folder: Path | None = None) -> ScoringData:
    """`folder` if given (it must exist); else the default build folder if present; else in memory."""
    if folder is not None:
        if not Path(folder).exists():
            raise FileNotFoundError(f"dataset folder {folder} does not exist; build it with `mcb build`")
        return from_folder(Path(folder))
    if DEFAULT_DATASET.exists():
        return from_folder(DEFAULT_DATASET)
    return in_memory()
