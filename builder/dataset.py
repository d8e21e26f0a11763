"""The dataset repo: parquet configs plus its documents, loadable with `datasets.load_dataset`.

Each config is one entry of CONFIGS: a name, a description for the card, and a function from
the build's real panels to a pyarrow table. A later config is one more entry. Beside the configs
every build writes the card (`README.md`), the claim vocabulary (`claims.md`) and the price
provenance (`PROVENANCE.md`), whatever its prices. Files are written deterministically, so
building twice gives byte-identical output.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from builder.arms import ARMS, SWEEP_SCALES
from builder.card import CLAIMS_NAME, PROVENANCE_NAME, render_claims_doc, render_dataset_card, render_provenance
from builder.cells import Cell, build_cells, release_of
from builder.contexts import CONTEXTS
from builder.corpora_configs import paraphrases_table, recall_figures_table
from builder.display import SHOWN, TRUE, VIEWS, shown_arm
from builder.facts import panel_facts
from builder.narrator import SCOPES, TEMPLATES, narrate
from builder.panel import Panel, load_panel
from builder.tracks.masked import masked_config_table
from builder.tracks.recall import recall_table
from builder.tracks.relabeled import relabeled_table
from builder.sweep import SWEEP_PANELS_CONFIG, sweep_table, sweep_views
from builder.universes import get_universe
from builder.versions import validate_version
from contracts.markets import market_names
from contracts.vocabulary import PROMPTS_CONFIG, SWEEP_CONFIG, SWEEP_CONTEXTS

SPLIT = "test"


@dataclass(frozen=True)
class BuildSpec:
    """One market-month to build, optionally from a CSV outside `data/prices`."""

    market: str
    month: str
    prices_file: Path | None = None


@dataclass(frozen=True)
class BuildInputs:
    """What every config is built from: the validated real panel of each spec, and the release."""

    release: str
    panels: tuple[Panel, ...]

    def views(self) -> Iterable[tuple[str, Panel]]:
        """Every panel the dataset stores: each arm as its prompts display it (`shown`), then the source prices (`true`)."""
        for real in self.panels:
            for arm in ARMS:
                yield SHOWN, shown_arm(real, arm)
            yield TRUE, real


def _keys(view: str, panel: Panel) -> dict:
    return {"market": panel.market, "month": panel.month, "arm": panel.arm, "view": view}


@dataclass(frozen=True)
class ConfigSpec:
    name: str
    description: str
    build: Callable[[BuildInputs], pa.Table]


def prompts_table(inputs: BuildInputs) -> pa.Table:
    rows = [cell.to_dict() for real in inputs.panels for cell in build_cells(real, inputs.release)]
    return pa.Table.from_pylist(rows, schema=PROMPTS_SCHEMA)


def panels_table(inputs: BuildInputs) -> pa.Table:
    return _panels_of(inputs.views())


def sweep_panels_table(inputs: BuildInputs) -> pa.Table:
    return _panels_of(sweep_views(inputs))


def _panels_of(views: Iterable[tuple[str, Panel]]) -> pa.Table:
    frames = []
    for view, panel in views:
        frame = panel.bars.copy()
        for position, (name, value) in enumerate(_keys(view, panel).items()):
            frame.insert(position, name, value)
        frames.append(frame)
    frame = pd.concat(frames, ignore_index=True)
    frame["volume"] = frame["volume"].astype("int64")
    return pa.Table.from_pandas(frame, schema=PANELS_SCHEMA, preserve_index=False)


def facts_table(inputs: BuildInputs) -> pa.Table:
    rows = []
    for view, panel in inputs.views():
        facts = panel_facts(panel)
        for ticker, ticker_facts in facts.tickers.items():
            row = _keys(view, panel)
            row.update(ticker_facts.to_dict())
            row["ranks_held"] = facts.ranks_held(ticker)
            rows.append(row)
    return pa.Table.from_pylist(rows)


def narrator_table(inputs: BuildInputs) -> pa.Table:
    rows = []
    for view, panel in inputs.views():
        for scope in SCOPES:
            for template in TEMPLATES:
                paragraph = narrate(panel, scope=scope, template=template)
                rows.append({
                    **_keys(view, panel),
                    "scope": scope,
                    "template": template,
                    "text": paragraph.text,
                    "claims_json": json.dumps(paragraph.claims, sort_keys=True, ensure_ascii=False),
                })
    return pa.Table.from_pylist(rows)


PROMPTS_SCHEMA = pa.schema([
    ("cell_id", pa.string()), ("release", pa.string()), ("market", pa.string()), ("month", pa.string()),
    ("arm", pa.string()), ("context", pa.string()), ("prompt", pa.string()), ("n_tokens", pa.int64()),
    ("n_tokens_max", pa.int64()),
])
PANELS_SCHEMA = pa.schema([
    ("market", pa.string()), ("month", pa.string()), ("arm", pa.string()), ("view", pa.string()),
    ("ticker", pa.string()), ("date", pa.date32()), ("open", pa.float64()), ("high", pa.float64()), ("low", pa.float64()),
    ("close", pa.float64()), ("volume", pa.int64()),
])

CONFIGS: dict[str, ConfigSpec] = {
    spec.name: spec
    for spec in (
        ConfigSpec("prompts", "one prompt per cell (market x month x arm x context), with its WordPiece token count and an upper bound", prompts_table),
        ConfigSpec("panels", "daily bars of every arm exactly as its prompts display them (`view` shown), and the source prices (`view` true, arm real): the two panels every claim is checked against", panels_table),
        ConfigSpec("facts", "the oracle's per-ticker facts and ranks for every shown panel and the true panel", facts_table),
        ConfigSpec("narrator", "deterministic commentary from every shown panel and the true panel, with gold claims as JSON", narrator_table),
        ConfigSpec("recall", "track: direct-recall questions (a session's close, the month's direction), with the answer key", recall_table),
        ConfigSpec("relabeled", "track: the real sparse panel under its true and a fake future month label (fake date tests I and II)", relabeled_table),
        ConfigSpec("masked", "track: tickers as Stock A..J and dates as session numbers; commentary and reconstruction prompts", masked_config_table),
        ConfigSpec("paraphrases", "extractor recall corpora: narrator paragraphs per window x arm, reworded (rules, two hand-written voices) with gold claims and a fixed dev/test split", paraphrases_table),
        ConfigSpec("extractor_recall", "the extractor's measured recall and precision per slice (corpus x rewriter x market x metric x split), from `mcb recall`", recall_figures_table),
    )
}
"""The configs every build writes."""
EXTRA_CONFIGS: dict[str, dict[str, ConfigSpec]] = {
    SWEEP_CONFIG: {
        spec.name: spec
        for spec in (
            ConfigSpec(SWEEP_CONFIG, "dose-response sweep: one prompt per arm of shown daily return = k x true daily return "
                       "(k in " + ", ".join(f"{k:g}" for k in SWEEP_SCALES) + ") x context ("
                       + ", ".join(SWEEP_CONTEXTS) + "), with its k", sweep_table),
            ConfigSpec(SWEEP_PANELS_CONFIG, "the sweep arms' daily bars exactly as their prompts display them (`view` "
                       "shown); the true panel is the `panels` config's", sweep_panels_table),
        )
    },
}
"""Configs built only when asked for by name (`mcb build --sweep`), so the default build stays byte for byte what it was."""
EXTRAS: tuple[str, ...] = tuple(EXTRA_CONFIGS)


def configs_for(extras: Iterable[str] = ()) -> dict[str, ConfigSpec]:
    """The configs a build writes: every default one, then those of each extra asked for."""
    extras = tuple(dict.fromkeys(extras))
    unknown = [name for name in extras if name not in EXTRA_CONFIGS]
    if unknown:
        raise ValueError(f"unknown build extra(s) {', '.join(map(repr, unknown))}; known: {', '.join(EXTRAS)}")
    return {**CONFIGS, **{name: spec for extra in extras for name, spec in EXTRA_CONFIGS[extra].items()}}


def all_configs() -> dict[str, ConfigSpec]:
    """Every config a build can write, default and extra."""
    return configs_for(EXTRAS)


def config_path(config: str) -> str:
    return f"{config}/{SPLIT}-00000-of-00001.parquet"


def default_specs() -> list[BuildSpec]:
    return [BuildSpec(market, get_universe(market).default_month) for market in market_names()]


def load_inputs(specs: list[BuildSpec], release: str | None = None) -> BuildInputs:
    panels = tuple(load_panel(spec.market, spec.month, spec.prices_file) for spec in specs)
    version = validate_version(release or release_of(max(spec.month for spec in specs)))
    return BuildInputs(release=version, panels=panels)


@dataclass
class BuildReport:
    out_dir: Path
    release: str
    files: list[str] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)


def build_dataset(
    out_dir: Path,
    specs: list[BuildSpec],
    release: str | None = None,
    on_config: Callable[[str], None] | None = None,
    hub_repo: str | None = None,
    extras: Iterable[str] = (),
    space_repo: str | None = None,
) -> BuildReport:
    """Validate the panels, then write every config (and those of `extras`, e.g. `sweep`), the card,
    `claims.md` and `PROVENANCE.md` under `out_dir`."""
    configs = configs_for(extras)
    inputs = load_inputs(specs, release)
    out_dir = Path(out_dir)
    report = BuildReport(out_dir=out_dir, release=inputs.release)
    schemas: dict[str, pa.Schema] = {}
    for spec in configs.values():
        table = spec.build(inputs)
        relative = config_path(spec.name)
        target = out_dir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        pq.write_table(table, target, compression="zstd")
        report.files.append(relative)
        report.rows[spec.name] = table.num_rows
        schemas[spec.name] = table.schema
        if on_config:
            on_config(spec.name)
    prices_files = [spec.prices_file for spec in specs]
    documents = {
        "README.md": render_dataset_card(inputs, report.rows, configs, config_path, schemas=schemas,
                                         prices_files=prices_files, hub_repo=hub_repo, space_repo=space_repo),
        CLAIMS_NAME: render_claims_doc(inputs.release),
        PROVENANCE_NAME: render_provenance(inputs, prices_files),
    }
    for name, text in documents.items():
        (out_dir / name).write_text(text, encoding="utf-8")
        report.files.append(name)
    return report


@dataclass(frozen=True, eq=False)
class BuiltDataset:
    """A built dataset folder read back: its cells and panels, for runners and scorers."""

    path: Path
    cells: dict[str, Cell]
    panels_frame: pd.DataFrame

    def shown_panel(self, market: str, month: str, arm: str) -> Panel:
        """The bars an `arm` prompt displayed: the panel claims are checked against as shown."""
        return self._panel(market, month, arm, SHOWN)

    def true_panel(self, market: str, month: str) -> Panel:
        """The source prices of the month: the panel claims are checked against as the truth."""
        return self._panel(market, month, "real", TRUE)

    def _panel(self, market: str, month: str, arm: str, view: str) -> Panel:
        frame = self.panels_frame
        rows = frame[(frame["market"] == market) & (frame["month"] == month) & (frame["arm"] == arm) & (frame["view"] == view)]
        if rows.empty:
            raise KeyError(f"no {view} {arm} panel for {market} {month} in {self.path}")
        bars = rows.drop(columns=["market", "month", "arm", "view"]).reset_index(drop=True)
        return Panel(market=market, month=month, arm=arm, bars=bars)


def read_dataset(folder: Path, config: str = "prompts") -> BuiltDataset:
    """Read the cells and panels of a built folder (the layout `build_dataset` writes).

    `config` names whose cells: `prompts` (the default cells, shown panels from `panels`) or `sweep`
    (the sweep's cells, shown panels from `sweep_panels`; the true panels are always `panels`')."""
    folder = Path(folder)
    if config not in (PROMPTS_CONFIG, SWEEP_CONFIG):
        raise ValueError(f"config {config!r} holds no scored cells; choose {PROMPTS_CONFIG} or {SWEEP_CONFIG}")
    cells_config, shown_config = (PROMPTS_CONFIG, "panels") if config == PROMPTS_CONFIG else (SWEEP_CONFIG, SWEEP_PANELS_CONFIG)
    prompts_file, panels_file, shown_file = (folder / config_path(name) for name in (cells_config, "panels", shown_config))
    for needed in (prompts_file, panels_file, shown_file):
        if not needed.exists():
            hint = " (build it with `mcb build --sweep`)" if config == SWEEP_CONFIG else ""
            raise FileNotFoundError(f"{needed} is missing: is {folder} a dataset built by `mcb build`{hint}?")
    prompts = pq.read_table(prompts_file).to_pylist()
    cells = {row["cell_id"]: Cell.from_row(row) for row in prompts}
    panels = _read_panels(panels_file)
    if shown_file != panels_file:
        panels = pd.concat([_read_panels(shown_file), panels[panels["view"] == TRUE]], ignore_index=True)
    return BuiltDataset(path=folder, cells=cells, panels_frame=panels)


def _read_panels(path: Path) -> pd.DataFrame:
    panels = pq.read_table(path).to_pandas()
    if "view" not in panels.columns or not set(panels["view"]) <= set(VIEWS):
        raise ValueError(f"{path}: no `view` column ({' or '.join(VIEWS)}); the folder was built before "
                         "shown panels were stored: rebuild it with `mcb build`")
    panels["date"] = [value if isinstance(value, date) else pd.Timestamp(value).date() for value in panels["date"]]
    return panels


def cell_counts(cells: Iterable[Cell]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for cell in cells:
        counts[cell.market] = counts.get(cell.market, 0) + 1
    return counts


EXPECTED_CELLS_PER_PANEL = len(ARMS) * len(CONTEXTS)
