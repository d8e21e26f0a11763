"""The dataset card explains the benchmark without this repository, for whatever configs are registered."""

from __future__ import annotations

import re

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

from builder import dataset
from builder.dataset import CONFIGS, BuildSpec, ConfigSpec, build_dataset, config_path
from builder.panel import default_price_file
from builder.universes import get_universe


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
