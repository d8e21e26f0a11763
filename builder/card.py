"""Renders the dataset card (README.md with the YAML `configs:` header) from `cards/`.

Everything that varies by build comes from the build itself: the config table and each config's
fields from the CONFIGS registry and the written parquet schemas, the markets from the panels,
price provenance from `cards/provenance.toml` (shipped data) or the build's price origin, and the
changelog from `cards/changelog.toml`. A config added to the registry appears without editing here.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import pyarrow as pa
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from builder.arms import ARMS, DAMPING_FACTOR, SWEEP_SCALES
from contracts.vocabulary import SWEEP_CONFIG, SWEEP_CONTEXTS
from contracts.submission import CONTRACT_FIELDS, RUN_METADATA_NAMES
from builder.contexts import CONTEXTS, month_label
from builder.display import price_text, shown_price
from builder.facts import FLAT_BAND_PERCENT
from builder.fetch import price_origin
from builder.paths import CARDS_DIR
from builder.tokens import TOKENIZER_NAME
from builder.universes import get_universe
from builder.versions import changelog_until

DATASET_CARD_TEMPLATE = "dataset_card.md.j2"
FIELDS_FILE = "fields.toml"
PROVENANCE_FILE = "provenance.toml"
PLACEHOLDER_REPO = "<org>/market-claim-bench"
UNDESCRIBED = "(not described yet)"
ORIGIN_TEXT = MappingProxyType({
    "yfinance": "fetched with yfinance (`auto_adjust=False`: traded prices, `Close` not `Adj Close`) after the month "
                "closed, validated against the exchange calendar; Yahoo Finance data, not independently cross-checked",
    "given": "supplied to the build as a CSV in the `data/prices` schema; its provenance is the supplier's",
})


@dataclass(frozen=True)
class FieldDoc:
    name: str
    type: str
    description: str


def card_environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(CARDS_DIR),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _read_toml(name: str) -> dict:
    with (CARDS_DIR / name).open("rb") as handle:
        return tomllib.load(handle)


def field_docs(config: str, schema: pa.Schema | None, descriptions: Mapping[str, Mapping[str, str]]) -> list[FieldDoc]:
    """One row per field of the written table: `cards/fields.toml` [config], field metadata, then [common]."""
    if schema is None:
        return []
    own, common = descriptions.get(config, {}), descriptions.get("common", {})
    return [FieldDoc(f.name, str(f.type), own.get(f.name) or _metadata_description(f) or common.get(f.name) or UNDESCRIBED)
            for f in schema]


def _metadata_description(field: pa.Field) -> str | None:
    """A config may describe its own fields: `pa.field(name, type, metadata={"description": ...})`."""
    value = (field.metadata or {}).get(b"description")
    return value.decode("utf-8") if value else None


def _panel_entry(panel, prices_file: Path | None, provenance: Mapping[str, Mapping]) -> dict:
    universe = get_universe(panel.market)
    origin = price_origin(panel.market, panel.month, prices_file)
    shipped = provenance.get(panel.market)
    if origin == "shipped" and shipped:
        source, notes = shipped["source"], list(shipped.get("notes", []))
    elif origin == "shipped":
        source, notes = "shipped in the repository's `data/prices/` (no provenance entry in cards/provenance.toml)", []
    else:
        source, notes = ORIGIN_TEXT[origin], []
    return {
        "market": panel.market,
        "month": panel.month,
        "label": month_label(panel.month),
        "universe": universe,
        "tickers": panel.tickers,
        "sessions": len(panel.sessions),
        "origin": origin,
        "source": source,
        "notes": notes,
        "absences": _grouped_absences(universe, panel.month),
        "gaps": [g for g in universe.known_gaps if g.date.isoformat().startswith(panel.month)],
        "rounded_close": _rounded_close(panel, universe),
    }


def _grouped_absences(universe, month: str) -> list[dict]:
    """The month's declared absences, tickers sharing a reason listed together (in universe order)."""
    groups: dict[str, list[str]] = {}
    for absence in universe.known_absences:
        if absence.month == month:
            groups.setdefault(absence.reason, []).append(absence.ticker)
    return [{"tickers": tickers, "reason": reason} for reason, tickers in groups.items()]


def _rounded_close(panel, universe) -> dict | None:
    """The first real close the source states more finely than prompts show it, as the card's example."""
    for row in panel.bars.itertuples(index=False):
        if shown_price(row.close, universe) != row.close:
            return {"ticker": row.ticker, "date": row.date.isoformat(), "source": repr(float(row.close)),
                    "shown": price_text(row.close, universe)}
    return None


def _shown_precision(panels: Sequence[dict]) -> list[dict]:
    """Each market of the build once, with the decimals its prompts print prices with."""
    seen: dict[str, dict] = {}
    for entry in panels:
        universe = entry["universe"]
        market = seen.setdefault(universe.name, {"universe": universe, "example": None})
        market["example"] = market["example"] or entry["rounded_close"]
    return list(seen.values())


def render_dataset_card(
    inputs,
    rows: Mapping[str, int],
    configs: Mapping,
    config_path: Callable[[str], str],
    schemas: Mapping[str, pa.Schema] | None = None,
    prices_files: Sequence[Path | None] | None = None,
    hub_repo: str | None = None,
) -> str:
    """The README.md of a built dataset; `prices_files` lines up with `inputs.panels` (None = shipped)."""
    schemas = schemas or {}
    files = list(prices_files) if prices_files is not None else [None] * len(inputs.panels)
    descriptions = _read_toml(FIELDS_FILE)
    provenance = _read_toml(PROVENANCE_FILE).get("markets", {})
    panels = [_panel_entry(panel, path, provenance) for panel, path in zip(inputs.panels, files, strict=True)]
    return card_environment().get_template(DATASET_CARD_TEMPLATE).render(
        release=inputs.release,
        repo=hub_repo or PLACEHOLDER_REPO,
        panels=panels,
        precisions=_shown_precision(panels),
        configs=[{
            "name": name,
            "description": spec.description,
            "path": config_path(name),
            "rows": rows.get(name, 0),
            "fields": field_docs(name, schemas.get(name), descriptions),
        } for name, spec in configs.items()],
        arms=ARMS,
        damping=DAMPING_FACTOR,
        sweep=SWEEP_CONFIG in configs,
        sweep_scales="{" + ", ".join(f"{k:g}" for k in SWEEP_SCALES) + "}",
        sweep_contexts=" and ".join(f"`{name}`" for name in SWEEP_CONTEXTS),
        flat_band=FLAT_BAND_PERCENT,
        contexts=CONTEXTS,
        tokenizer=TOKENIZER_NAME,
        n_cells=rows.get("prompts", 0),
        changelog=changelog_until(inputs.release),
        bibtex_key="market_claim_bench_" + inputs.release.replace(".", "_"),
        year=inputs.release[:4],
        submission_fields=CONTRACT_FIELDS,
        run_metadata=RUN_METADATA_NAMES,
    )
