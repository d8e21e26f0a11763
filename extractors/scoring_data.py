"""What the scorer needs from a dataset: its cells and each cell's shown and true panels.

The shown panel is what the cell's prompt displayed (`builder.display`: the same rounding, the same
sessions; under `sparse`, `probe` and `none` the whole month, interior included, at that precision);
the true panel is the source prices. Reads a folder built by `mcb build`; when there is none,
builds the default cells in memory from the shipped prices, so scoring works on a fresh checkout.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.arms import ARMS, SWEEP_ARMS
from builder.cells import Cell, build_cells
from builder.display import shown_arm
from builder.panel import Panel, default_price_file, load_panel
from builder.paths import DEFAULT_OUT
from builder.sweep import SWEEP_PANELS_CONFIG, sweep_cells
from builder.universes import get_universe
from contracts.markets import market_names
from contracts.vocabulary import PROMPTS_CONFIG as PROMPTS, SWEEP_CONFIG
from extractors.version import revision_of

DEFAULT_DATASET = DEFAULT_OUT
# The configs of a built folder the scorer reads, per scored config: their bytes are the dataset revision.
SCORED_CONFIGS: dict[str, tuple[str, ...]] = {PROMPTS: ("prompts", "panels"),
                                              SWEEP_CONFIG: (SWEEP_CONFIG, SWEEP_PANELS_CONFIG, "panels")}


@dataclass(frozen=True, eq=False)
class ScoringData:
    """Cells keyed by id, every (market, month, arm) shown panel and every (market, month) true panel, each loaded once."""

    cells: dict[str, Cell]
    shown_panels: dict[tuple[str, str, str], Panel]
    true_panels: dict[tuple[str, str], Panel]
    source: str
    # Content hash of what the scorer reads (a built folder's prompts and panels; the shipped prices
    # in memory): results record it beside the release, so a rebuilt release is never mistaken for it.
    revision: str = ""
    # Which config's cells these are: `prompts` (the default cells) or `sweep` (the dose-response sweep).
    config: str = PROMPTS

    def shown_panel(self, market: str, month: str, arm: str) -> Panel:
        try:
            return self.shown_panels[(market, month, arm)]
        except KeyError:
            raise KeyError(f"no shown {arm} panel for {market} {month} in {self.source}") from None

    def true_panel(self, market: str, month: str) -> Panel:
        try:
            return self.true_panels[(market, month)]
        except KeyError:
            raise KeyError(f"no true panel for {market} {month} in {self.source}") from None

    def shown(self, cell: Cell) -> Panel:
        return self.shown_panel(cell.market, cell.month, cell.arm)

    def true(self, cell: Cell) -> Panel:
        return self.true_panel(cell.market, cell.month)


def _check_config(config: str) -> None:
    if config not in SCORED_CONFIGS:
        raise ValueError(f"config {config!r} has no cells to score; choose one of {', '.join(SCORED_CONFIGS)}")


def in_memory(markets: tuple[tuple[str, str], ...] | None = None, config: str = PROMPTS) -> ScoringData:
    """The default cells (each market's default month), or the given (market, month)s, built from shipped prices;
    `config` `sweep` builds the sweep's cells instead."""
    _check_config(config)
    chosen = markets or tuple((market, get_universe(market).default_month) for market in market_names())
    arms = ARMS if config == PROMPTS else SWEEP_ARMS
    cells: dict[str, Cell] = {}
    shown: dict[tuple[str, str, str], Panel] = {}
    true: dict[tuple[str, str], Panel] = {}
    for market, month in chosen:
        real = load_panel(market, month)
        true[(market, month)] = real
        for arm in arms:
            shown[(market, month, arm)] = shown_arm(real, arm)
        made = build_cells(real) if config == PROMPTS else sweep_cells(real)
        cells.update({cell.cell_id: cell for cell in made})
    # The sweep's cells differ from the default ones built from the same prices: its revision is labelled apart.
    prefix = "" if config == PROMPTS else f"{SWEEP_CONFIG}/"
    prices = {f"{prefix}prices/{market}-{month}": default_price_file(get_universe(market), month) for market, month in chosen}
    label = "default cells" if config == PROMPTS else "sweep cells"
    return ScoringData(cells, shown, true, f"{label} built in memory from data/prices", revision_of(prices), config)


def from_folder(folder: Path, config: str = PROMPTS) -> ScoringData:
    """A dataset folder written by `builder.dataset.build_dataset`: its default cells, or (`config` `sweep`) the sweep's."""
    from builder.dataset import config_path, read_dataset

    _check_config(config)
    built = read_dataset(Path(folder), config)
    arms = sorted({(cell.market, cell.month, cell.arm) for cell in built.cells.values()})
    months = sorted({(market, month) for market, month, _ in arms})
    read = {name: Path(folder) / config_path(name) for name in SCORED_CONFIGS[config]}
    return ScoringData(dict(built.cells), {key: built.shown_panel(*key) for key in arms},
                       {key: built.true_panel(*key) for key in months}, str(folder), revision_of(read), config)


def load_scoring_data(folder: Path | None = None, config: str = PROMPTS) -> ScoringData:
    """`folder` if given (it must exist); else the default build folder if present; else in memory."""
    _check_config(config)
    if folder is not None:
        if not Path(folder).exists():
            raise FileNotFoundError(f"dataset folder {folder} does not exist; build it with `mcb build`")
        return from_folder(Path(folder), config)
    if DEFAULT_DATASET.exists() and (config == PROMPTS or (DEFAULT_DATASET / SWEEP_CONFIG).exists()):
        return from_folder(DEFAULT_DATASET, config)
    return in_memory(config=config)
