"""Release versions: YYYY.MM[.N], carried by every prompt row, loadable as a pinned local folder."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from datasets import load_dataset

from builder.dataset import CONFIGS, BuildSpec, build_dataset, config_path
from builder.versions import (
    Version,
    VersionError,
    changelog_until,
    next_rerelease,
    parse_version,
    read_changelog,
    release_folder,
    validate_version,
)


@pytest.mark.parametrize(("text", "parsed"), [
    ("2026.08", Version(2026, 8)),
    ("2026.08.1", Version(2026, 8, 1)),
    ("2027.01.12", Version(2027, 1, 12)),
])
def test_versions_are_year_month_with_an_optional_rerelease_number(text, parsed):
    assert parse_version(text) == parsed
    assert str(parsed) == text


@pytest.mark.parametrize("text", ["2026.8", "2026-08", "v2026.08", "2026.13", "2026.00", "2026.08.0", "2026.08.01", "2026.08.1.2", ""])
def test_malformed_versions_are_refused_with_the_expected_shape_named(text):
    with pytest.raises(VersionError, match="YYYY.MM"):
        parse_version(text)


def test_a_rerelease_sorts_after_its_release_and_before_the_next_month():
    assert parse_version("2026.08") < parse_version("2026.08.1") < parse_version("2026.08.2") < parse_version("2026.09")
    assert next_rerelease("2026.08") == "2026.08.1"
    assert next_rerelease("2026.08.1") == "2026.08.2"


def test_a_local_pinned_release_lives_in_a_folder_named_by_its_version(tmp_path):
    assert release_folder(tmp_path, "2026.07") == tmp_path / "2026.07"
    with pytest.raises(VersionError):
        release_folder(tmp_path, "latest")


def test_the_shipped_changelog_parses_and_a_card_shows_only_releases_up_to_its_own():
    versions = [str(entry.version) for entry in read_changelog()]
    assert versions == sorted(versions, key=parse_version, reverse=True)
    assert [str(e.version) for e in changelog_until("2026.07")] == ["2026.07"]


def test_a_changelog_listing_a_version_twice_is_refused(tmp_path):
    path = tmp_path / "changelog.toml"
    path.write_text('[[release]]\nversion = "2026.08"\nchanges = ["a"]\n[[release]]\nversion = "2026.08"\nchanges = ["b"]\n')
    with pytest.raises(VersionError, match="listed twice: 2026.08"):
        read_changelog(path)


def test_a_bad_release_stops_the_build(tmp_path):
    with pytest.raises(VersionError):
        build_dataset(tmp_path / "bad", [BuildSpec("us", "2026-07")], release="2026.7")
    assert not (tmp_path / "bad").exists()


def test_every_prompt_row_carries_a_rerelease_version(tmp_path):
    out = tmp_path / "2026.07.1"
    report = build_dataset(out, [BuildSpec("us", "2026-07")], release=validate_version("2026.07.1"))
    assert report.release == "2026.07.1"
    releases = pq.read_table(out / config_path("prompts"), columns=["release"]).column("release").to_pylist()
    assert releases and set(releases) == {"2026.07.1"}
    assert "# market-claim-bench — release 2026.07.1" in (out / "README.md").read_text()


def _load_every_config(folder: Path, cache: Path) -> dict[str, int]:
    return {name: load_dataset(str(folder), name, cache_dir=str(cache))["test"].num_rows for name in CONFIGS}


def test_the_default_build_loads_with_load_dataset_for_every_config(default_build, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_CACHE", str(tmp_path / "cache"))
    rows = _load_every_config(default_build, tmp_path / "cache")
    for name, count in rows.items():
        assert count == pq.read_metadata(default_build / config_path(name)).num_rows > 0


def test_a_pinned_version_folder_loads_for_every_config(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "releases"
    folder = release_folder(root, "2026.07")
    build_dataset(folder, [BuildSpec("us", "2026-07")], release="2026.07")
    rows = _load_every_config(folder, tmp_path / "cache")
    assert all(count > 0 for count in rows.values())
    prompts = load_dataset(str(folder), "prompts", cache_dir=str(tmp_path / "cache"))["test"]
    assert set(prompts["release"]) == {"2026.07"}
    assert set(prompts["month"]) == {"2026-07"}
