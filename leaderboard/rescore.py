"""`mcb rescore`: every stored submission scored again by the current scorer, into new results.

A result is immutable and records the scorer version that made it (`extractors.version`). When the
scorer changes (a rule, a name table, the extractor's code, the package version), the stored
submissions' bytes are parsed again with the contract (the same strict or lenient mode they were
submitted with), scored with the same library call as `mcb score`, and stored as a new result
beside the old ones, which stay readable. A submission whose dataset version is not loaded, or that
no longer passes the contract, is skipped with the reason and keeps its old results.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from extractors.version import scorer_version
from leaderboard.store import ResultBundle, ResultsStore, SubmissionRecord
from leaderboard.submit import Datasets, Scorer, SubmissionRejected, now_utc, parse_lines, score_files, score_with_extractors

RescoreStatus = Literal["rescored", "current", "skipped"]


@dataclass(frozen=True)
class RescoreOutcome:
    """What happened to one stored submission: `rescored`, already `current`, or `skipped` and why."""

    id: str
    model: str
    status: RescoreStatus
    scorer: str
    reason: str = ""


def rescore_one(record: SubmissionRecord, store: ResultsStore, datasets: Datasets, scorer: Scorer,
                version: str) -> RescoreOutcome:
    def outcome(status: RescoreStatus, reason: str = "") -> RescoreOutcome:
        return RescoreOutcome(record.id, record.meta.name, status, version, reason)

    if version in store.scorers(record.id):
        return outcome("current", "already scored by this scorer")
    if record.release not in datasets.by_release:
        return outcome("skipped", f"dataset version {record.release} is not loaded (pass --dataset FOLDER of that release)")
    dataset = datasets.get(record.release)
    try:
        lines = parse_lines(store.submission_bytes(record.id), dataset, record.lenient)
    except SubmissionRejected as rejected:
        return outcome("skipped", f"no longer passes the submission contract: {rejected.summary('; ')}")
    files, aggregate = score_files(record.id, record.release, lines, dataset, scorer, now_utc())
    if aggregate.scorer != version:
        return outcome("skipped", f"the scorer stamped its result {aggregate.scorer}, not {version}")
    stored = store.put_result(ResultBundle(record.id, files, aggregate))
    return outcome("rescored" if stored else "current", f"dataset revision {aggregate.dataset_revision}")


def rescore_store(store: ResultsStore, datasets: Datasets, scorer: Scorer = score_with_extractors,
                  on_start: Callable[[int], None] | None = None,
                  on_done: Callable[[RescoreOutcome], None] | None = None) -> list[RescoreOutcome]:
    """Bring every scored submission's results to the current scorer; nothing stored is changed."""
    store.refresh()
    version = scorer_version()
    records = [record for record in store.records() if record.status == "scored"]
    if on_start:
        on_start(len(records))
    outcomes = []
    for record in records:
        result = rescore_one(record, store, datasets, scorer, version)
        outcomes.append(result)
        if on_done:
            on_done(result)
    return outcomes
