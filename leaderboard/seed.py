"""Seeding the board: the scorer's baseline submissions and the real model rows that ship.

A newcomer's first board is these rows; the baselines double as a check that the whole path
(dataset, submission, scoring, store, ranking) holds together, and the shipped rows
(`data/models/<name>/`: an `mcb run` file and its `provenance.toml`) show one real model beside them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from builder.paths import data_dir
from contracts.submission import Response, submission_bytes
from extractors.baselines import BASELINES, DEFAULT_SEED, baseline_submission
from extractors.progress import SILENT, Prefixed, Steps
from leaderboard.identity import BASELINE_SUBMITTER
from leaderboard.store import ModelMeta, ResultsStore
from leaderboard.submit import Datasets, SubmitOutcome, submit

BASELINE_PREFIX = "baseline: "
MODELS_FOLDER = "models"
PROVENANCE_FILE = "provenance.toml"


def submission_jsonl(responses: Iterable[Response]) -> bytes:
    """The submission contract's JSONL, exactly as `mcb baseline` writes it."""
    return submission_bytes(responses)


def baseline_meta(name: str, seed: int = DEFAULT_SEED) -> ModelMeta:
    return ModelMeta(name=f"{BASELINE_PREFIX}{name}", revision=f"seed {seed}")


def seed_baselines(store: ResultsStore, datasets: Datasets, release: str | None = None,
                   seed: int = DEFAULT_SEED, steps: Steps = SILENT) -> dict[str, SubmitOutcome]:
    """Write, score and store every baseline; re-running finds them already stored."""
    release = release or datasets.latest
    data = datasets.get(release)
    return {
        name: submit(submission_jsonl(baseline_submission(name, data, seed)), baseline_meta(name, seed), store, datasets,
                     release, steps=Prefixed(steps, f"baseline {name}"), submitter=BASELINE_SUBMITTER)
        for name in BASELINES
    }


@dataclass(frozen=True)
class ShippedRow:
    """A real model's answers shipped with the project, and who the model is."""

    folder: Path
    meta: ModelMeta
    release: str
    submission: bytes


def shipped_rows(root: Path | None = None) -> list[ShippedRow]:
    """Every `data/models/*/provenance.toml` with the run file it names; a broken entry is an error."""
    rows = []
    for provenance in sorted((root or data_dir() / MODELS_FOLDER).glob(f"*/{PROVENANCE_FILE}")):
        try:
            data = tomllib.loads(provenance.read_text(encoding="utf-8"))
            board, run = data["board"], data["run"]
            meta = ModelMeta(name=board["name"], revision=board["revision"], knowledge_cutoff=board.get("knowledge_cutoff"),
                             params_b=board.get("params_b"), link=board.get("link"))
            raw = (provenance.parent / run["file"]).read_bytes()
            rows.append(ShippedRow(provenance.parent, meta, run["release"], raw))
        except (KeyError, OSError, ValueError) as error:
            raise ValueError(f"{provenance}: {error!r} (needs [board] name, revision and [run] file, release)") from error
    return rows


def seed_models(store: ResultsStore, datasets: Datasets, release: str | None = None,
                root: Path | None = None, steps: Steps = SILENT) -> dict[str, SubmitOutcome | str]:
    """Score and store every shipped real row of this release; a row of another release is skipped, with why."""
    release = release or datasets.latest
    outcomes: dict[str, SubmitOutcome | str] = {}
    for row in shipped_rows(root):
        if row.release != release:
            outcomes[row.meta.name] = f"skipped: answered release {row.release}, the board's dataset is {release}"
            continue
        outcomes[row.meta.name] = submit(row.submission, row.meta, store, datasets, release,
                                         steps=Prefixed(steps, f"model {row.meta.name}"))
    return outcomes
