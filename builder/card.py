"""Renders the documents of a built dataset repo from `cards/`: the card (README.md with the YAML
`configs:` header), `claims.md` (the claim vocabulary) and `PROVENANCE.md` (where every price came from).

Everything that varies by build comes from the build itself: the config table and each config's
fields from the CONFIGS registry and the written parquet schemas, the markets from the panels,
price provenance from `cards/provenance.toml` (shipped data) or the build's price origin, and the
changelog from `cards/changelog.toml`. A config added to the registry appears without editing here.
Every name the documents define (verdicts, details, metrics, ranks, ...) is the vocabulary's
(`contracts.vocabulary`); `cards/vocabulary.toml` only says what each means, and must cover exactly
the vocabulary's names.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import pyarrow as pa
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from builder.arms import ARMS, DAMPING_FACTOR, SWEEP_SCALES
from contracts import generation
from contracts.submission import CONTRACT_FIELDS, RUN_METADATA_NAMES
from contracts.vocabulary import (
    ANCHORS,
    CONTEXT_NAMES,
    DETAILS,
    DIRECTIONS,
    METRICS,
    PERTURBED_ARMS,
    RANKS,
    SWEEP_CONFIG,
    SWEEP_CONTEXTS,
    VERDICT_OF_DETAIL,
    VERDICTS,
    check_registry,
)
from builder.contexts import CONTEXTS, month_label
from builder.display import price_text, shown_price
from builder.facts import FLAT_BAND_PERCENT
from builder.fetch import price_origin
from builder.panel import default_price_file
from builder.paths import CARDS_DIR, data_dir
from builder.tokens import TOKENIZER_NAME
from builder.universes import get_universe
from builder.versions import changelog_until

DATASET_CARD_TEMPLATE = "dataset_card.md.j2"
CLAIMS_TEMPLATE = "claims.md.j2"
PROVENANCE_TEMPLATE = "provenance.md.j2"
FIELDS_FILE = "fields.toml"
PROVENANCE_FILE = "provenance.toml"
VOCABULARY_FILE = "vocabulary.toml"
CLAIMS_NAME = "claims.md"
PROVENANCE_NAME = "PROVENANCE.md"
SHIPPED_RECORD = "PROVENANCE.md"  # the collector's record beside the shipped CSVs, data/prices/
PLACEHOLDER_REPO = "<org>/market-claim-bench"
SPACE_SUFFIX = "-leaderboard"
# What a vocabulary table of cards/vocabulary.toml defines, and the vocabulary's names for it.
VOCABULARY_TABLES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "verdicts": VERDICTS, "details": DETAILS, "metrics": METRICS, "ranks": RANKS, "directions": DIRECTIONS,
    "anchors": ANCHORS,
})
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


@dataclass(frozen=True)
class Term:
    """A vocabulary name and what it means; a metric also says how commentary states it."""

    name: str
    meaning: str
    examples: str = ""


def vocabulary_docs() -> dict[str, list[Term]]:
    """Each table of `cards/vocabulary.toml` in the vocabulary's order, plus the claim `fields`.

    A table naming more or fewer than the vocabulary stops the build: the documents define every
    name the scorer uses, and no name it does not."""
    docs = _read_toml(VOCABULARY_FILE)
    fill = {"flat_band": f"{FLAT_BAND_PERCENT:g}"}
    tables: dict[str, list[Term]] = {}
    for table, names in VOCABULARY_TABLES.items():
        entries = docs.get(table, {})
        check_registry(f"{CARDS_DIR.name}/{VOCABULARY_FILE} [{table}]", entries, names)
        tables[table] = [_term(name, entries[name], fill) for name in names]
    tables["fields"] = [_term(name, text, fill) for name, text in docs["fields"].items()]
    return tables


def _term(name: str, entry, fill: Mapping[str, str]) -> Term:
    def filled(text: str) -> str:
        for key, value in fill.items():
            text = text.replace("{" + key + "}", value)
        return text

    if isinstance(entry, str):
        return Term(name, filled(entry))
    return Term(name, filled(entry["value"]), filled(entry.get("examples", "")))


def verdict_rows(docs: Mapping[str, list[Term]]) -> list[dict]:
    """DESIGN.md's verdict table: each verdict with its details, in the vocabulary's order."""
    details = {term.name: term for term in docs["details"]}
    return [{"verdict": verdict, "details": [details[name] for name in DETAILS if VERDICT_OF_DETAIL[name] == verdict.name]}
            for verdict in docs["verdicts"]]


def space_repo_for(hub_repo: str | None) -> str:
    """The leaderboard Space named after the dataset repo (`mcb publish-space --repo ORG/NAME-leaderboard`)."""
    return (hub_repo or PLACEHOLDER_REPO) + SPACE_SUFFIX


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
    space_repo: str | None = None,
) -> str:
    """The README.md of a built dataset; `prices_files` lines up with `inputs.panels` (None = shipped)."""
    schemas = schemas or {}
    files = list(prices_files) if prices_files is not None else [None] * len(inputs.panels)
    descriptions = _read_toml(FIELDS_FILE)
    provenance = _read_toml(PROVENANCE_FILE).get("markets", {})
    panels = [_panel_entry(panel, path, provenance) for panel, path in zip(inputs.panels, files, strict=True)]
    docs = vocabulary_docs()
    return card_environment().get_template(DATASET_CARD_TEMPLATE).render(
        release=inputs.release,
        repo=hub_repo or PLACEHOLDER_REPO,
        space=space_repo or space_repo_for(hub_repo),
        verdicts=verdict_rows(docs),
        generation=generation,
        claims_file=CLAIMS_NAME,
        provenance_file=PROVENANCE_NAME,
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
        example_cell=f"{inputs.panels[0].market}-{inputs.panels[0].month}-{PERTURBED_ARMS[0]}-{CONTEXT_NAMES[0]}",
        changelog=changelog_until(inputs.release),
        bibtex_key="market_claim_bench_" + inputs.release.replace(".", "_"),
        year=inputs.release[:4],
        submission_fields=CONTRACT_FIELDS,
        run_metadata=RUN_METADATA_NAMES,
    )


def render_claims_doc(release: str) -> str:
    """`claims.md`: the claim vocabulary (fields, metrics, ranks, directions, anchors) and the verdicts."""
    docs = vocabulary_docs()
    return card_environment().get_template(CLAIMS_TEMPLATE).render(
        release=release, docs=docs, verdicts=verdict_rows(docs), flat_band=f"{FLAT_BAND_PERCENT:g}",
    )


def price_file_of(panel, prices_file: Path | None) -> Path:
    return Path(prices_file) if prices_file is not None else default_price_file(get_universe(panel.market), panel.month)


def render_provenance(inputs, prices_files: Sequence[Path | None] | None = None) -> str:
    """`PROVENANCE.md`: per panel its source, origin, file and SHA-256, then the shipped prices' own record.

    Every build writes it, whatever its prices: shipped (the collector's record follows, verbatim),
    fetched with yfinance (the cached file), or supplied as a CSV. File names only, never local paths."""
    files = list(prices_files) if prices_files is not None else [None] * len(inputs.panels)
    provenance = _read_toml(PROVENANCE_FILE).get("markets", {})
    panels = []
    for panel, given in zip(inputs.panels, files, strict=True):
        path = price_file_of(panel, given)
        entry = _panel_entry(panel, given, provenance)
        panels.append({**entry, "file": path.name, "rows": len(panel.bars),
                       "sha256": hashlib.sha256(path.read_bytes()).hexdigest()})
    record = data_dir() / "prices" / SHIPPED_RECORD
    shipped = any(p["origin"] == "shipped" for p in panels) and record.is_file()
    return card_environment().get_template(PROVENANCE_TEMPLATE).render(
        release=inputs.release, panels=panels, shipped_record=record.read_text(encoding="utf-8") if shipped else None,
    )
