"""The submission flow: validate everything, score, then store — or reject and store nothing.

Validation runs before a single byte is written: size, UTF-8, the JSONL schema of DESIGN.md,
cell ids of the chosen dataset version, at least 95% of cells answered, the model metadata
(`contracts.text`: names NFC-normalised, no control, bidi or zero-width characters, cutoffs real
past dates). Every error names its line and field. Failed lines are legal (a failed call is a
failure, not empty commentary) and are counted on the board.

Rows have owners. A row is (model, revision, release, submitter): the submitter is the Hugging
Face account signed in on the Space, or the local Hub identity or `--submitter` on the CLI. The
first submitter of a (model, revision, release), compared case-insensitively, holds it: another
submitter's file under it is refused, naming the holder, before scoring and again under the
store's lock (so concurrent submits cannot both take it); the holder's own later file replaces
their row. Identical content under another name is a duplicate that names the name holding it.
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
from contracts.limits import MAX_LINK_CHARS
from contracts.problems import InvalidInput, Problem, summarise
from contracts.submission import InvalidSubmission, Response, parse_bytes
from contracts.text import clean_name, cutoff_problem, name_problem, nfc
from extractors.progress import SILENT, Steps
from extractors.scoring_data import ScoringData, from_folder
from leaderboard.aggregate import aggregate_scores, read_cells_csv, read_claims, read_summary
from leaderboard.store import (
    Aggregate,
    ModelMeta,
    ResultsStore,
    StoredBundle,
    StoreError,
    SubmissionRecord,
    content_hash,
    submission_id,
)

MAX_PARAMS_B = 100_000.0
SCORE_FILES: tuple[str, ...] = ("claims.jsonl", "cells.csv", "summary.json")
_LINK = re.compile(r"^https?://\S+$")


class SubmissionRejected(InvalidInput):
    """A submission the board refuses (the contract's problems, or the board's own rules)."""


class NameTaken(StoreError):
    """Another submitter holds this (model, revision, release)."""


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


def validate_meta(meta: ModelMeta, submitter: str | None = None) -> list[Problem]:
    """Model metadata (and the submitter, when given): a name and revision are required; the rest is
    checked when given. Expects `normalise_meta`'s output (NFC, stripped)."""
    problems = []
    for name in ("name", "revision"):
        if (why := name_problem(getattr(meta, name))) is not None:
            problems.append(Problem(None, name, why))
    if submitter is not None and (why := name_problem(submitter)) is not None:
        problems.append(Problem(None, "submitter", why))
    if (why := cutoff_problem(meta.knowledge_cutoff)) is not None:
        problems.append(Problem(None, "knowledge_cutoff", why))
    if meta.params_b is not None and (
        isinstance(meta.params_b, bool) or not isinstance(meta.params_b, (int, float))
        or not math.isfinite(meta.params_b) or not 0 < meta.params_b <= MAX_PARAMS_B
    ):
        problems.append(Problem(None, "params_b", f"must be a positive number of billions, not {meta.params_b!r}"))
    if meta.link is not None:
        why = name_problem(meta.link, MAX_LINK_CHARS)
        if why is None and not (isinstance(meta.link, str) and _LINK.match(meta.link)):
            why = "must be an http(s) URL without spaces"
        if why is not None:
            problems.append(Problem(None, "link", why))
    return problems


def normalise_meta(meta: ModelMeta) -> ModelMeta:
    """Text fields NFC-normalised and stripped, so one name typed two ways is one name."""
    def text(value):
        return clean_name(value) if isinstance(value, str) else value

    return ModelMeta(text(meta.name), text(meta.revision), text(meta.knowledge_cutoff), meta.params_b, text(meta.link))


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
    return normalise_meta(ModelMeta(name=name or "", revision=revision or "", knowledge_cutoff=blank(knowledge_cutoff),
                                    params_b=params, link=blank(link)))


def _holder(records, meta: ModelMeta, release: str, submitter: str) -> SubmissionRecord | None:
    """A record of another submitter under this (model, revision, release), compared case-insensitively."""
    key = (nfc(meta.name).casefold(), nfc(meta.revision).casefold(), release)
    for other in records:
        if (other.meta.name.casefold(), other.meta.revision.casefold(), other.release) == key and other.submitter != submitter:
            return other
    return None


def holder_message(holder: SubmissionRecord) -> str:
    who = holder.submitter or "a submitter from before submitters were recorded"
    return (f"the name {holder.meta.name!r} revision {holder.meta.revision!r} on release {holder.release} is held by "
            f"{who} (submission {holder.id}); submit under another name or revision")


def claim_check(store: ResultsStore, meta: ModelMeta, release: str, submitter: str) -> Callable[[], None]:
    """The ownership rule, run under the store's lock just before the write."""
    def check() -> None:
        holder = _holder(store.records(), meta, release, submitter)
        if holder is not None:
            raise NameTaken(holder_message(holder))
    return check


def duplicate_message(existing: SubmissionRecord) -> str:
    by = f", submitted by {existing.submitter}" if existing.submitter else ""
    return (f"this exact file is already stored as {existing.id} under the name {existing.meta.name!r} "
            f"(revision {existing.meta.revision!r}, release {existing.release}{by}); nothing was added")


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


def _rejected(problems: list[Problem]) -> SubmitOutcome:
    return SubmitOutcome("rejected", summarise(problems), problems=tuple(problems))


def submit(
    raw: bytes,
    meta: ModelMeta,
    store: ResultsStore,
    datasets: Datasets,
    release: str | None = None,
    scorer: Scorer = score_with_extractors,
    lenient: bool = False,
    steps: Steps = SILENT,
    submitter: str = "",
) -> SubmitOutcome:
    """Validate, score and store one submission as `submitter`. A rejection leaves the store untouched.
    `steps` hears each long step (validating, the scorer's, storing).

    `submitter` "" is the library's anonymous caller (tests, scripts); the CLI and the Space always
    name one."""
    meta, submitter = normalise_meta(meta), clean_name(submitter) if submitter else ""
    problems = validate_meta(meta, submitter or None)
    release = release or datasets.latest
    if release not in datasets.by_release:
        problems.append(Problem(None, "release", f"unknown dataset version {release!r}; known: "
                                f"{', '.join(datasets.releases) or 'none'}"))
    if problems:
        return _rejected(problems)
    try:
        existing = store.find(raw)
    except StoreError as error:
        return _rejected([Problem(None, None, f"the store holds a damaged record for this file ({error}); "
                                              "`mcb store check --repair` quarantines it, then submit again")])
    if existing is not None:
        return SubmitOutcome("duplicate", duplicate_message(existing), existing)
    holder = _holder(store.records(), meta, release, submitter)
    if holder is not None:
        return _rejected([Problem(None, "name", holder_message(holder))])
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
        lenient=lenient, submitter=submitter,
    )
    steps.step(f"storing in {store.location}")
    try:
        stored, written = store.put(StoredBundle(record, raw, files, aggregate), claim_check(store, meta, release, submitter))
    except NameTaken as taken:
        return _rejected([Problem(None, "name", str(taken))])
    if not written:  # the same file landed first from a concurrent submit
        return SubmitOutcome("duplicate", duplicate_message(stored), stored)
    return SubmitOutcome("scored", f"scored and stored as {stored.id}", stored)
