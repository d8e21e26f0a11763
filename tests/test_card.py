"""The dataset card explains the benchmark without this repository, for whatever configs are registered."""

from __future__ import annotations

import dataclasses
import hashlib
import re

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

from typer.testing import CliRunner

from builder import card as card_module
from builder import dataset
from builder.card import vocabulary_docs
from builder.dataset import CONFIGS, BuildSpec, ConfigSpec, build_dataset, config_path
from builder.facts import FLAT_BAND_PERCENT
from builder.panel import default_price_file
from builder.universes import get_universe
from contracts import generation
from contracts.submission import CONTRACT_FIELDS
from contracts.vocabulary import ANCHORS, DETAILS, DIRECTIONS, METRICS, RANKS, VERDICT_OF_DETAIL
from extractors import oracle
from extractors.claims import Claim
from mcb import app


@pytest.fixture(scope="module")
def card(tmp_path_factory) -> tuple[str, object]:
    out = tmp_path_factory.mktemp("card")
    build_dataset(out, dataset.default_specs(), hub_repo="acme/market-claim-bench")
    return (out / "README.md").read_text(encoding="utf-8"), out


def yaml_header(text: str) -> dict:
    match = re.match(r"^---\n(.*?)\n---\n", text, re.S)
    assert match, "card has no YAML header"
    return yaml.safe_load(match.group(1))


def test_the_yaml_header_names_every_registered_config_with_its_file(card):
    text, _ = card
    header = yaml_header(text)
    assert [entry["config_name"] for entry in header["configs"]] == list(CONFIGS)
    for entry in header["configs"]:
        assert entry["data_files"] == [{"split": "test", "path": config_path(entry["config_name"])}]


def test_every_field_of_every_config_is_listed_and_described(card):
    text, out = card
    for name in CONFIGS:
        section = text.split(f"### `{name}`", 1)[1].split("###", 1)[0]
        for field in pq.read_schema(out / config_path(name)):
            row = next((line for line in section.splitlines() if line.startswith(f"| `{field.name}` |")), None)
            assert row, f"{name}.{field.name} is not in the card"
            assert "(not described yet)" not in row, (
                f"{name}.{field.name} is undescribed: add it to cards/fields.toml [{name}] or give the field "
                "metadata {'description': ...}"
            )


@pytest.mark.parametrize("needle", [
    "## What it measures, and why",
    'load_dataset("acme/market-claim-bench", "prompts", revision="2026.08")',
    'load_dataset("releases/2026.08", "prompts")',
    "`YYYY.MM.N` for a re-release",
    "DrRobAnthony/market-data",
    "miguelt007/bolsa",
    "**The source has no opening price**",
    "Volume is approximate",
    "Extraction is a closed vocabulary",
    "Inversion cannot probe volatility",
    "One run proves little",
    "A backend can fail quietly",
    "Coverage is only meaningful under `full`",
    "Lisbon is the low-resource contrast",
    "## License",
    "Apache-2.0",
    "@misc{market_claim_bench_2026_08,",
    "\\url{https://huggingface.co/datasets/acme/market-claim-bench}",
    "## Changelog",
    "### 2026.08",
])
def test_the_card_covers_what_a_reader_needs(card, needle):
    assert needle in card[0]


def test_the_card_says_which_precision_each_market_shows_and_that_verification_uses_it(card):
    text = card[0]
    assert "**What was shown is what is checked.**" in text
    assert ("| Euronext Lisbon (`lisbon`, EUR) | 3 decimals | BCP.LS closed at 0.9358 on 2026-02-02 in the source; "
            "prompts show, and verification uses, 0.936 |") in text
    assert "| US large-cap (`us`, USD) | 2 decimals | source prices already carry at most 2 decimals" in text
    assert "the whole shown\npanel, including the interior sessions the prompt left out, at the same displayed precision" in text


def test_the_card_says_ranges_are_read_from_closes(card):
    text = card[0]
    assert "**Ranges are read from closes**: `range_low` and\n`range_high` are the month's lowest and highest close, never the intraday low or high" in text
    assert "| `min_close` | double | lowest close (what `range_low` is checked against) |" in text


def test_the_card_names_declared_gaps_and_absences(tmp_path):
    build_dataset(tmp_path / "jan", [BuildSpec("lisbon", "2026-01"), BuildSpec("us", "2026-07")], release="2026.07")
    text = (tmp_path / "jan" / "README.md").read_text()
    assert "lisbon 2026-01-09 was a trading session but is missing" in text
    assert "`JPM` is absent from us 2026-07" in text
    assert "### 2026.08" not in text  # a card shows no release later than its own


def test_a_config_added_to_the_registry_appears_in_the_card_without_template_changes(tmp_path, monkeypatch):
    def tickers_table(inputs):
        schema = pa.schema([
            pa.field("market", pa.string()),
            pa.field("n_tickers", pa.int64()),
            pa.field("n_sessions", pa.int64(), metadata={"description": "sessions in the panel"}),
        ])
        return pa.Table.from_pylist([
            {"market": p.market, "n_tickers": len(p.tickers), "n_sessions": len(p.sessions)} for p in inputs.panels
        ], schema=schema)

    extended = dict(CONFIGS, tickers=ConfigSpec("tickers", "tickers per panel (a config added later)", tickers_table))
    monkeypatch.setattr(dataset, "CONFIGS", extended)
    out = tmp_path / "extended"
    build_dataset(out, [BuildSpec("us", "2026-07")])
    text = (out / "README.md").read_text()
    assert [c["config_name"] for c in yaml_header(text)["configs"]] == [*CONFIGS, "tickers"]
    assert "(not described yet)" not in text.split("### `tickers`")[0]
    assert "| `tickers` | 1 | `tickers/test-00000-of-00001.parquet` | tickers per panel (a config added later) |" in text
    assert "| `n_sessions` | int64 | sessions in the panel |" in text
    assert "| `market` | string | universe name" in text.split("### `tickers`")[1]
    undescribed = [line for line in text.split("### `tickers`")[1].splitlines() if "(not described yet)" in line]
    assert undescribed == ["| `n_tickers` | int64 | (not described yet) |"]


def test_the_card_says_where_a_fetched_or_given_month_came_from(tmp_path):
    copy = tmp_path / "prices.csv"
    copy.write_bytes(default_price_file(get_universe("us"), "2026-07").read_bytes())
    build_dataset(tmp_path / "given", [BuildSpec("us", "2026-07", copy)])
    text = (tmp_path / "given" / "README.md").read_text()
    assert "supplied to the build as a CSV" in text
    assert "DrRobAnthony/market-data" not in text


def test_every_verdict_and_detail_is_named_and_defined_in_the_card(card):
    text = card[0]
    for detail in DETAILS:
        row = next((line for line in text.splitlines() if line.startswith(f"| {VERDICT_OF_DETAIL[detail]} | {detail} | ")), None)
        assert row, f"the card has no row for verdict {VERDICT_OF_DETAIL[detail]}, detail {detail}"
        assert len(row.split(" | ")[2]) > 20, row


def test_the_card_states_the_oracles_approximate_bands():
    meaning = {term.name: term.meaning for term in vocabulary_docs()["details"]}["approx_supported"]
    assert f"within {oracle.APPROX_PERCENT_POINTS:g} percentage point for a percent" in meaning
    assert f"within {100 * oracle.APPROX_PRICE_RELATIVE:g}% relative for a price" in meaning
    assert f"within {oracle.APPROX_COUNT_SESSIONS:g} session for a count" in meaning


def test_claims_md_ships_in_the_built_repo_with_every_name_of_the_vocabulary(card):
    text, out = card
    assert "[`claims.md`](claims.md)" in text
    claims = (out / "claims.md").read_text(encoding="utf-8")
    for names, quote in ((METRICS, "`{}`"), (RANKS, "`{}`"), (DIRECTIONS, "`{}`"), (ANCHORS, "`{}`")):
        for name in names:
            assert f"| {quote.format(name)} | " in claims, f"claims.md does not define {name}"
    for detail in DETAILS:
        assert f"| {VERDICT_OF_DETAIL[detail]} | {detail} | " in claims
    for field in ("ticker", "metric", "value", "date", "anchor", "extreme", "text", "sentence"):
        assert f"| `{field}` | " in claims
    assert f"within {FLAT_BAND_PERCENT:g} percentage points" in claims
    assert "{" + "flat_band}" not in claims


def test_the_claim_fields_claims_md_defines_are_the_claims(card):
    documented = {term.name for term in vocabulary_docs()["fields"]}
    assert documented <= {field.name for field in dataclasses.fields(Claim)}


def test_a_vocabulary_name_without_a_meaning_stops_the_build(tmp_path, monkeypatch):
    tables = dict(card_module.VOCABULARY_TABLES, metrics=(*METRICS, "market_cap"))
    monkeypatch.setattr(card_module, "VOCABULARY_TABLES", tables)
    with pytest.raises(RuntimeError, match=r"cards/vocabulary.toml \[metrics\] registry names .* the vocabulary .*market_cap"):
        build_dataset(tmp_path / "x", [BuildSpec("us", "2026-07")])


@pytest.mark.parametrize("needle", [
    "## Running a model and submitting",
    f"temperature {generation.TEMPERATURE:g}, at most {generation.MAX_TOKENS} reply\ntokens, {generation.SAMPLES} answer per cell (`sample` 0",
    "the only user message (no system prompt)",
    "mcb run --model MODEL --base-url http://localhost:11434/v1 --dataset acme/market-claim-bench@2026.08 --out results/MODEL.jsonl",
    "mcb submit results/MODEL.jsonl --model MODEL --revision REVISION --knowledge-cutoff YYYY-MM --params BILLIONS",
    "<https://huggingface.co/spaces/acme/market-claim-bench-leaderboard>",
    f"at most {generation.MAX_SUBMISSION_BYTES // (1024 * 1024)} MB",
    f"answers at least {100 * generation.MIN_ANSWERED_SHARE:g}% of them",
    '{"cell_id": "us-2026-08-inverted-full", "sample": 0, "status": "ok", "commentary": "<the model\'s reply>"}',
    "[`PROVENANCE.md`](PROVENANCE.md)",
    "`--config sweep` on both commands",
])
def test_the_card_says_how_to_run_and_submit(card, needle):
    assert needle in card[0]


def test_the_card_describes_every_field_of_the_submission_contract(card):
    for spec in CONTRACT_FIELDS:
        assert f"| `{spec.name}` | {spec.description} |" in card[0]


def test_a_space_named_at_build_time_is_the_one_the_card_links(tmp_path):
    build_dataset(tmp_path / "s", [BuildSpec("us", "2026-07")], hub_repo="acme/mcb", space_repo="acme/board")
    text = (tmp_path / "s" / "README.md").read_text()
    assert "<https://huggingface.co/spaces/acme/board>" in text and "--dataset acme/mcb@2026.07" in text


def _provenance_rows(text: str) -> list[list[str]]:
    table = text.split("| market | month | prices | file | rows | SHA-256 |\n|---|---|---|---|---|---|\n", 1)[1].split("\n\n", 1)[0]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()]


def test_every_build_writes_provenance_with_each_price_file_and_its_hash(card):
    _, out = card
    text = (out / "PROVENANCE.md").read_text(encoding="utf-8")
    rows = _provenance_rows(text)
    assert [(row[1], row[2]) for row in rows] == [(spec.month, "shipped") for spec in dataset.default_specs()]
    for row, spec in zip(rows, dataset.default_specs()):
        shipped = default_price_file(get_universe(spec.market), spec.month)
        assert row[3] == f"`{shipped.name}`"
        assert row[5] == f"`{hashlib.sha256(shipped.read_bytes()).hexdigest()}`"
    assert "DrRobAnthony/market-data" in text and "miguelt007/bolsa" in text
    assert "The text below is the collector's provenance record, unchanged." in text  # data/prices/PROVENANCE.md, as it is


def test_mcb_build_of_a_release_folder_writes_provenance(tmp_path):
    """The README's `mcb build --release ... --out releases/...`: prices located first (shipped), then built."""
    out = tmp_path / "releases" / "2026.07"
    result = CliRunner().invoke(app, ["build", "--market", "us", "--month", "2026-07", "--release", "2026.07", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = (out / "PROVENANCE.md").read_text(encoding="utf-8")
    assert _provenance_rows(text)[0][:4] == ["US large-cap (`us`)", "2026-07", "shipped", "`us-2026-07.csv`"]
    assert "The text below is the collector's provenance record, unchanged." in text
    assert (out / "claims.md").is_file()


def test_a_build_from_a_given_csv_names_that_file_and_no_shipped_record(tmp_path):
    copy = tmp_path / "my-july.csv"
    copy.write_bytes(default_price_file(get_universe("us"), "2026-07").read_bytes())
    build_dataset(tmp_path / "given", [BuildSpec("us", "2026-07", copy)])
    text = (tmp_path / "given" / "PROVENANCE.md").read_text(encoding="utf-8")
    assert _provenance_rows(text)[0][2:4] == ["given", "`my-july.csv`"]
    assert f"`{hashlib.sha256(copy.read_bytes()).hexdigest()}`" in text
    assert "supplied to the build as a CSV" in text
    assert "collector's provenance record" not in text and str(tmp_path) not in text


def test_the_card_includes_the_about_text_the_board_shows(card):
    from leaderboard.pages.about import about_text

    assert "## The leaderboard\n\n" + about_text() in card[0]
