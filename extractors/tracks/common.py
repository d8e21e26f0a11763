"""What the track scorers share: the pass/fail vocabulary, reading a submission against a track,
and the summary the board reads (which always carries the track's caveats)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from builder.tracks.common import TRACK_INFO, read_track_rows
from contracts.submission import Response, read_submission
from contracts.text import parse_cutoff as contract_cutoff
from contracts.vocabulary import TRACK_STATUSES, TrackStatus
from extractors.version import scorer_version

STATUS_MEANING: dict[str, str] = {
    "fail": "memorisation signal found (the test rejected its no-memory null)",
    "pass": "no memorisation signal found by this test (a lower bound, not proof of none)",
    "insufficient": "too few usable answers to run the test",
}


@dataclass(frozen=True)
class TrackInput:
    """One track's rows (answer key included) and the submission's responses, keyed by cell id."""

    track: str
    rows: dict[str, dict]
    responses: tuple[Response, ...]

    @property
    def failures(self) -> int:
        return sum(1 for r in self.responses if r.failed)

    @property
    def ok(self) -> list[Response]:
        return [r for r in self.responses if not r.failed]

    def missing(self) -> list[str]:
        """Rows with no line at all in the submission (neither an answer nor a recorded failure)."""
        answered = {r.cell_id for r in self.responses}
        return [cell_id for cell_id in self.rows if cell_id not in answered]


def load_track_input(track: str, dataset: Path, submission: Path | Iterable[Response]) -> TrackInput:
    """Read the track's config from a built folder and a submission validated against its cell ids."""
    rows = {row["cell_id"]: row for row in read_track_rows(dataset, track)}
    if isinstance(submission, (str, Path)):
        responses = read_submission(Path(submission), set(rows))
    else:
        responses = list(submission)
        unknown = sorted({r.cell_id for r in responses} - set(rows))
        if unknown:
            raise ValueError(f"{len(unknown)} response(s) name cells outside the {track} track, e.g. {unknown[0]!r}")
    return TrackInput(track, rows, tuple(responses))


def parse_cutoff(value: str | None) -> date | None:
    """`YYYY-MM` (the month's last day) or `YYYY-MM-DD`, a real date not after today
    (`contracts.text.parse_cutoff`); None when the model declares none."""
    if value is None or not str(value).strip():
        return None
    try:
        return contract_cutoff(str(value).strip())[1]
    except ValueError as error:
        raise ValueError(f"knowledge cutoff: {error}") from error


@dataclass(frozen=True)
class TrackSummary:
    """What the board shows for one model on one track: status, p-value, headline numbers, caveats."""

    track: str
    status: TrackStatus
    p_value: float | None
    alpha: float
    headline: str
    failures: int
    missing: int
    metrics: Mapping[str, object] = field(default_factory=dict)
    model: Mapping[str, object] = field(default_factory=dict)
    dataset_revision: str = ""

    def __post_init__(self) -> None:
        if self.status not in TRACK_STATUSES:
            raise ValueError(f"track status must be one of {TRACK_STATUSES}, not {self.status!r}")

    def to_dict(self) -> dict:
        info = TRACK_INFO[self.track]
        return {
            "track": self.track,
            "title": info.title,
            "source": info.source,
            "status": self.status,
            "status_meaning": STATUS_MEANING[self.status],
            "p_value": self.p_value,
            "alpha": self.alpha,
            "headline": self.headline,
            "failures": self.failures,
            "missing": self.missing,
            "caveats": list(info.caveats),
            "model": dict(self.model),
            "metrics": dict(self.metrics),
            "scorer": scorer_version(),
            "dataset_revision": self.dataset_revision,
        }
