"""The dataset repo: every config loads with `datasets.load_dataset`, builds are byte-identical."""

from __future__ import annotations

import json
from pathlib import Path

import datasets
import pytest
import yaml
from typer.testing import CliRunner

from builder.dataset import CONFIGS, build_dataset, default_specs, read_dataset
from mcb import app


def card_header(folder: Path) -> dict:
    text = (folder / "README.md").read_text(encoding="utf-8")
    return yaml.safe_load(text.split("---")[1])


@pytest.mark.parametrize("config", ["prompts", "panels", "facts", "narrator"])
def test_every_default_config_loads_with_load_dataset(default_build, config):
    loaded = datasets.load_dataset(str(default_build), config)["test"]
    assert loaded.num_rows > 0
    if config == "prompts":
        assert loaded.num_rows == 24
        assert {"cell_id", "market", "month", "arm", "context", "prompt", "n_tokens"} <= set(loaded.column_names)
    if config == "panels":
        assert set(loaded.column_names) == {"market", "month", "arm", "view", "ticker", "date", "open", "high", "low", "close", "volume"}
        # (3 shown arms + the true panel) x (10 US tickers x 21 sessions + 10 Lisbon tickers x 20 sessions)
        assert loaded.num_rows == 4 * (210 + 200)


def test_card_declares_every_config(default_build):
    declared = {entry["config_name"] for entry in card_header(default_build)["configs"]}
    assert declared == set(CONFIGS)


def test_building_twice_gives_byte_identical_files(default_build, tmp_path):
    build_dataset(tmp_path, default_specs())
    first = sorted(p.relative_to(default_build) for p in default_build.rglob("*") if p.is_file())
    second = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert first == second
    for relative in first:
        assert (default_build / relative).read_bytes() == (tmp_path / relative).read_bytes(), relative


def test_read_dataset_gives_cells_shown_arm_panels_and_the_true_panel(default_build):
    built = read_dataset(default_build)
    assert len(built.cells) == 24
    assert built.shown_panel("us", "2026-08", "inverted").series("NVDA").iloc[1] == 201.34
    shown_bcp = built.shown_panel("lisbon", "2026-02", "real").series("BCP.LS")
    true_bcp = built.true_panel("lisbon", "2026-02").series("BCP.LS")
    assert (shown_bcp.iloc[0], shown_bcp.iloc[-1]) == (0.936, 0.892)
    assert (true_bcp.iloc[0], true_bcp.iloc[-1]) == (0.9358, 0.8916)


def test_a_folder_without_shown_panels_is_refused_with_how_to_fix_it(default_build, tmp_path):
    import shutil

    import pyarrow.parquet as pq

    from builder.dataset import config_path

    copy = tmp_path / "old"
    shutil.copytree(default_build, copy)
    panels = copy / config_path("panels")
    pq.write_table(pq.read_table(panels).drop_columns(["view"]), panels)
    with pytest.raises(ValueError, match=r"no `view` column.*rebuild it with `mcb build`"):
        read_dataset(copy)


def test_narrator_config_carries_gold_claims_as_json(default_build):
    rows = datasets.load_dataset(str(default_build), "narrator")["test"]
    claims = json.loads(rows[0]["claims_json"])
    assert claims and all("metric" in claim for claim in claims)


def test_mcb_build_cli_builds_one_market_month(tmp_path):
    result = CliRunner().invoke(app, ["build", "--market", "us", "--month", "2026-08", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert len(read_dataset(tmp_path).cells) == 12


def test_mcb_build_cli_names_a_missing_month_and_writes_nothing(tmp_path):
    out = tmp_path / "out"
    # --no-fetch: without it a month that is not shipped is fetched with yfinance (tests/test_fetch.py)
    result = CliRunner().invoke(app, ["build", "--market", "lisbon", "--month", "2026-08", "--no-fetch", "--out", str(out)])
    assert result.exit_code == 2
    assert "no prices for lisbon 2026-08" in result.output
    assert not out.exists()
