"""The submission flow: validate everything, score, then store — or reject and store nothing.

Validation runs before a single byte is written: size, UTF-8, the JSONL schema of DESIGN.md,
cell ids of the chosen dataset version, at least 95% of cells answered. Every error names its
line and field. Failed lines are legal (a failed call is a failure, not empty commentary) and
are counted on the board.
"""

from __future__ import annotations

import math
import re
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from contracts.generation import MAX_SUBMISSION_BYTES, MIN_ANSWERED_SHARE
from contracts.problems import InvalidInput, Problem, summarise
from contracts.submission import InvalidSubmission, Response, parse_bytes
from extractors.progress import SILENT, Steps
from extractors.scoring_data import ScoringData, from_folder
from leaderboard.aggregate import aggregate_scores, read_cells_csv, read_claims, read_summary
from leaderboard.store import (
    Aggregate,
    ModelMeta,
    ResultsStore,
    StoredBundle,
    SubmissionRecord,
    content_hash,
    submission_id,
)

MAX_NAME_CHARS = 120
MAX_LINK_CHARS = 500
MAX_PARAMS_B = 100_000.0
SCORE_FILES: tuple[str, ...] = ("claims.jsonl", "cells.csv", "summary.json")
_CUTOFF = re.compile(r"^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class SubmissionRejected(InvalidInput):
    """A submission the board refuses (the contract's problems, or the board's own rules)."""


@dataclass(frozen=True)
class SubmitOutcome:
    """What the Submit tab shows: `scored`, `duplicate` (already stored) or `rejected` with why."""

    status: str
    reason: str = ""
    record: SubmissionRecord | None = None
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class Datasets:
    """The dataset versions submissions may answer, by release (e.g. 2026.08)."""

    by_release: Mapping[str, ScoringData] = field(default_factory=dict)

    @property
    def releases(self) -> list[str]:
        return sorted(self.by_release, reverse=True)

    @property
    def latest(self) -> str | None:
        return self.releases[0] if self.by_release else None

    def get(self, release: str) -> ScoringData:
        if release not in self.by_release:
            raise KeyError(f"unknown dataset version {release!r}; known: {', '.join(self.releases) or 'none'}")
        return self.by_release[release]


def load_datasets(folders: Sequence[Path]) -> Datasets:
    """Read built dataset folders; each carries its release in its cells."""
    found: dict[str, ScoringData] = {}
    for folder in folders:
        dataset = from_folder(Path(folder))
        releases = {cell.release for cell in dataset.cells.values()}
        if len(releases) != 1:
            raise ValueError(f"{folder} holds releases {sorted(releases)}; expected exactly one")
        found[releases.pop()] = dataset
    return Datasets(found)


def validate_meta(meta: ModelMeta) -> list[Problem]:
    """Model metadata: a name and revision are required; the rest is checked when given."""
    problems = []
    for name in ("name", "revision"):
        value = getattr(meta, name)
        if not isinstance(value, str) or not value.strip():
            problems.append(Problem(None, name, "is required"))
        elif len(value) > MAX_NAME_CHARS:
            problems.append(Problem(None, name, f"is longer than {MAX_NAME_CHARS} characters"))
        elif _CONTROL.search(value):
            problems.append(Problem(None, name, "contains control characters"))
    if meta.knowledge_cutoff is not None and not _CUTOFF.match(meta.knowledge_cutoff):
        problems.append(Problem(None, "knowledge_cutoff", f"must be YYYY-MM or YYYY-MM-DD, not {meta.knowledge_cutoff!r}"))
    if meta.params_b is not None and (
        isinstance(meta.params_b, bool) or not isinstance(meta.params_b, (int, float))
        or not math.isfinite(meta.params_b) or not 0 < meta.params_b <= MAX_PARAMS_B
    ):
        problems.append(Problem(None, "params_b", f"must be a positive number of billions, not {meta.params_b!r}"))
    if meta.link is not None and (
        not re.match(r"^https?://\S+$", meta.link) or len(meta.link) > MAX_LINK_CHARS
    ):
        problems.append(Problem(None, "link", "must be an http(s) URL without spaces"))
    return problems


def make_meta(name: str, revision: str, knowledge_cutoff: str | None = None, params_b: float | str | None = None,
              link: str | None = None) -> ModelMeta:
    """Metadata from form text: blanks become None, a params string becomes a number (or is kept to fail)."""
    def blank(value):
        return None if value is None or (isinstance(value, str) and not value.strip()) else value

    params = blank(params_b)
    if isinstance(params, str):
        try:
            params = float(params.strip().rstrip("Bb"))
        except ValueError:
            params = math.nan
    cutoff, url = blank(knowledge_cutoff), blank(link)
    return ModelMeta(
        name=(name or "").strip(), revision=(revision or "").strip(),
        knowledge_cutoff=cutoff.strip() if cutoff else None, params_b=params, link=url.strip() if url else None,
    )


def parse_lines(raw: bytes, dataset: ScoringData, lenient: bool = False) -> list[Response]:
    """The contract's parser (`contracts.submission`) plus the board's own rules: a size limit,
    at least 95% of the version's cells answered, something to score. Raises SubmissionRejected."""
    if len(raw) > MAX_SUBMISSION_BYTES:
        raise SubmissionRejected([Problem(None, None, f"file is {len(raw):,} bytes; the limit is {MAX_SUBMISSION_BYTES:,}")])
    try:
        lines = parse_bytes(raw, dataset.cells, lenient)
    except InvalidSubmission as error:
        raise SubmissionRejected(error.problems) from error
    answered = {line.cell_id for line in lines}
    share = len(answered) / len(dataset.cells)
    if share < MIN_ANSWERED_SHARE:
        missing = sorted(set(dataset.cells) - answered)
        raise SubmissionRejected([Problem(None, "cell_id",
            f"only {len(answered)} of {len(dataset.cells)} cells answered ({share:.0%}); at least "
            f"{MIN_ANSWERED_SHARE:.0%} are required (a failed call counts as answered). Missing: {', '.join(missing[:10])}"
            + (" ..." if len(missing) > 10 else ""))])
    if not any(line.status == "ok" for line in lines):
        raise SubmissionRejected([Problem(None, "status", "every line failed: nothing to score")])
    return lines


Scorer = Callable[[Sequence[Response], ScoringData, Steps], Mapping[str, bytes]]
"""(validated lines, dataset, progress steps) -> the three score files."""


def score_with_extractors(lines: Sequence[Response], dataset: ScoringData, steps: Steps = SILENT) -> dict[str, bytes]:
    """Score exactly as `mcb score` does (the same library call, semantic read margin included)
    and return its three output files."""
    from extractors.full_score import score_with_margin

    result = score_with_margin(lines, dataset, steps=steps)
    with tempfile.TemporaryDirectory(prefix="mcb-score-") as folder:
        result.write(Path(folder))
        return {name: (Path(folder) / name).read_bytes() for name in SCORE_FILES}


def score_files(sid: str, release: str, lines: Sequence[Response], dataset: ScoringData, scorer: Scorer,
                scored_at: str, steps: Steps = SILENT) -> tuple[dict[str, bytes], Aggregate]:
    """Score validated lines and read the aggregate the board ranks from the scorer's own files."""
    files = dict(scorer(lines, dataset, steps))
    aggregate = aggregate_scores(sid, release, read_cells_csv(files["cells.csv"]), read_summary(files["summary.json"]),
                                 scored_at, read_claims(files["claims.jsonl"]))
    return files, aggregate


def now_utc() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def submit(
    raw: bytes,
    meta: ModelMeta,
    store: ResultsStore,
    datasets: Datasets,
    release: str | None = None,
    scorer: Scorer = score_with_extractors,
    lenient: bool = False,
    steps: Steps = SILENT,
) -> SubmitOutcome:
    """Validate, score and store one submission. A rejection leaves the store untouched. `steps`
    hears each long step (validating, the scorer's, storing)."""
    problems = validate_meta(meta)
    release = release or datasets.latest
    if release not in datasets.by_release:
        problems.append(Problem(None, "release", f"unknown dataset version {release!r}; known: "
                                f"{', '.join(datasets.releases) or 'none'}"))
    if problems:
        return SubmitOutcome("rejected", summarise(problems), problems=tuple(problems))
    existing = store.find(raw)
    if existing is not None:
        return SubmitOutcome("duplicate", f"this exact file is already stored as {existing.id} "
                                          f"({existing.meta.name}, {existing.release}); nothing was added", existing)
    dataset = datasets.get(release)
    steps.step("validating the submission")
    try:
        lines = parse_lines(raw, dataset, lenient)
    except SubmissionRejected as rejected:
        return SubmitOutcome("rejected", rejected.summary(), problems=rejected.problems)
    sid, now = submission_id(raw), now_utc()
    files, aggregate = score_files(sid, release, lines, dataset, scorer, now, steps)
    record = SubmissionRecord(
        id=sid, content_hash=content_hash(raw), release=release, meta=meta, status="scored",
        submitted_at=now, lines=len(lines), failures=sum(line.status == "failed" for line in lines),
        lenient=lenient,
    )
    steps.step(f"storing in {store.location}")
    stored = store.put(StoredBundle(record, raw, files, aggregate))
    return SubmitOutcome("scored", f"scored and stored as {stored.id}", stored)
