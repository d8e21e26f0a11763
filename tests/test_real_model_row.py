"""The real model row that ships (data/models/): a genuine `mcb run` file, its provenance, and how the board takes it."""

from __future__ import annotations

import hashlib
import json
import tomllib

import pytest

from builder.dataset import read_dataset
from builder.paths import data_dir
from contracts.generation import MAX_TOKENS, TEMPERATURE
from leaderboard.seed import PROVENANCE_FILE, seed_models, shipped_rows
from leaderboard.store import LocalStore
from leaderboard.submit import load_datasets, parse_lines

FOLDER = data_dir() / "models" / "smollm2-135m-instruct"


@pytest.fixture(scope="module")
def provenance() -> dict:
    return tomllib.loads((FOLDER / PROVENANCE_FILE).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def run_lines(provenance) -> list[dict]:
    text = (FOLDER / provenance["run"]["file"]).read_text(encoding="utf-8")
    return [json.loads(raw) for raw in text.split("\n") if raw.strip()]


@pytest.fixture(scope="module")
def manifest(provenance) -> dict:
    return json.loads((FOLDER / provenance["run"]["manifest"]).read_text(encoding="utf-8"))


def test_the_provenance_names_model_quantisation_server_settings_and_date(provenance):
    model, server, run = provenance["model"], provenance["server"], provenance["run"]
    assert model["hub_id"] == "HuggingFaceTB/SmolLM2-135M-Instruct" and "Q4_1" in model["quantisation"]
    assert len(model["gguf_sha256"]) == 64
    assert server["software"].startswith("llama-cpp-python 0.3.36") and server["n_ctx"] == 8192
    assert run["date"].startswith("2026-")
    # run under the generation settings the board compares every model under (contracts/generation.py)
    assert (run["temperature"], run["max_tokens"]) == (TEMPERATURE, MAX_TOKENS)


def test_the_row_answers_every_default_cell_once_as_the_server_replied(default_build, run_lines, provenance):
    cells = read_dataset(default_build).cells
    assert sorted(line["cell_id"] for line in run_lines) == sorted(cells)
    assert {line["release"] for line in run_lines} == {provenance["run"]["release"]}
    assert {line["server_model"] for line in run_lines if line["status"] == "ok"} == {"smollm2-135m-instruct"}
    assert {(line["temperature"], line["max_tokens"]) for line in run_lines} == {(TEMPERATURE, MAX_TOKENS)}
    ok = [line for line in run_lines if line["status"] == "ok"]
    assert (len(ok), len(run_lines) - len(ok)) == (provenance["run"]["ok"], provenance["run"]["failed"])


def test_the_row_answered_exactly_the_prompts_the_default_build_sends(default_build, provenance):
    """A change to any default prompt makes the shipped row stale: re-run `bash scripts/real-model`."""
    cells = read_dataset(default_build).cells
    digest = hashlib.sha256()
    for cell_id in sorted(cells):
        digest.update(cell_id.encode() + b"\0" + cells[cell_id].prompt.encode() + b"\0")
    assert digest.hexdigest() == provenance["run"]["prompts_sha256"]


def test_no_commentary_came_from_a_cut_prompt_and_every_over_long_one_is_too_long(run_lines, manifest):
    calibration = manifest["calibration"]
    counts, template = calibration["cells"], calibration["template_tokens"]
    assert calibration["tokenizer"] == "llama-cpp-python /extras/tokenize/count" and template == 30
    for line in run_lines:
        counted = counts[line["cell_id"]]["tokens"]
        if counted + template + line["max_tokens"] > manifest["context_window"]:
            assert line["failure"] == "too_long", line["cell_id"]
        elif line["status"] == "failed":
            # greedy decoding loops in a 135M model: a reply cut at max_tokens is kept apart, never scored
            assert line["failure"] == "length" and line["commentary"] is None and line["partial"], line["cell_id"]
            assert line["completion_tokens"] == line["max_tokens"], line["cell_id"]
        else:
            assert line["status"] == "ok" and line["prompt_tokens"] == counted + template, line["cell_id"]


def test_the_run_file_as_mcb_run_wrote_it_passes_the_strict_submit_parser(default_build, run_lines, provenance):
    """The board takes the file unchanged: the run metadata is part of the contract, failures stay failures."""
    raw = (FOLDER / provenance["run"]["file"]).read_bytes()
    assert shipped_rows()[0].submission == raw
    parsed = parse_lines(raw, load_datasets([default_build]).get(provenance["run"]["release"]))
    assert len(parsed) == len(run_lines)
    assert sum(response.failed for response in parsed) == provenance["run"]["failed"]
    assert all(response.commentary == "" and response.error.split(":")[0] in ("too_long", "length")
               for response in parsed if response.failed), "a failure is never text"


def test_demo_seeding_stores_the_row_once_with_its_board_metadata(default_build, tmp_path, provenance):
    datasets = load_datasets([default_build])
    store = LocalStore(tmp_path / "results")
    [(name, outcome)] = seed_models(store, datasets).items()
    assert name == provenance["board"]["name"] and outcome.status == "scored"
    assert outcome.record.meta.revision == provenance["board"]["revision"] and outcome.record.failures == provenance["run"]["failed"]
    [(_, again)] = seed_models(store, datasets).items()
    assert again.status == "duplicate"


def test_a_row_for_another_release_is_skipped_and_says_why(default_build, tmp_path):
    folder = tmp_path / "models" / "old"
    folder.mkdir(parents=True)
    (folder / "run.jsonl").write_text('{"cell_id": "us-2026-07-real-none", "sample": 0, "status": "ok", '
                                      '"commentary": "NVDA rose.", "error": null}\n', encoding="utf-8")
    (folder / PROVENANCE_FILE).write_text('[board]\nname = "old model"\nrevision = "r"\n'
                                          '[run]\nfile = "run.jsonl"\nrelease = "2026.07"\n', encoding="utf-8")
    outcomes = seed_models(LocalStore(tmp_path / "results"), load_datasets([default_build]), root=tmp_path / "models")
    assert outcomes == {"old model": "skipped: answered release 2026.07, the board's dataset is 2026.08"}


def test_a_broken_provenance_entry_names_its_file(tmp_path):
    folder = tmp_path / "models" / "broken"
    folder.mkdir(parents=True)
    (folder / PROVENANCE_FILE).write_text('[board]\nname = "x"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="broken/provenance.toml"):
        shipped_rows(tmp_path / "models")
