"""Seeding the board with the scorer's canaries: the three baseline submissions, scored for real.

A newcomer's first board is these three rows; they double as a check that the whole path
(dataset, submission, scoring, store, ranking) holds together.
"""

from __future__ import annotations

from collections.abc import Iterable

from contracts.submission import Response, submission_bytes
from extractors.baselines import BASELINES, DEFAULT_SEED, baseline_submission
from extractors.progress import SILENT, Prefixed, Steps
from leaderboard.identity import BASELINE_SUBMITTER
from leaderboard.store import ModelMeta, ResultsStore
from leaderboard.submit import Datasets, SubmitOutcome, submit

BASELINE_PREFIX = "baseline: "


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
