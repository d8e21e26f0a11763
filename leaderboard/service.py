"""The data behind the app: the results store and datasets, with caches, and the lookups pages share.

Nothing here renders: `leaderboard.display` turns these frames into HTML, `leaderboard.pages`
builds the pages from both.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import pandas as pd

from contracts.jsonl import loads_bytes
from contracts.submission import parse_text
from contracts.vocabulary import TRUTH_ARM
from extractors.version import scorer_version
from leaderboard.export import csv_bytes
from leaderboard.ranking import BoardFilter, cells_frame, rank
from leaderboard.store import Damage, ResultsStore, StoreError, SubmissionRecord
from leaderboard.submit import Datasets, Scorer, score_with_extractors

CACHE_SUBMISSIONS = 64
CACHE_FIGURES = 256
T = TypeVar("T")
CSV_NAME = "market-claim-bench-leaderboard.csv"
CSV_HASH_CHARS = 16


@dataclass
class LeaderboardService:
    """The store and datasets behind the app, with caches keyed on the set of stored ids."""

    store: ResultsStore
    datasets: Datasets
    scorer: Scorer = score_with_extractors
    _snapshot: tuple[tuple, list[SubmissionRecord], pd.DataFrame] | None = field(default=None, init=False, repr=False)
    _boards: dict[tuple, pd.DataFrame] = field(default_factory=dict, init=False, repr=False)
    _figures: dict[tuple, object] = field(default_factory=dict, init=False, repr=False)
    _details: dict[tuple[str, str], tuple[dict, list[dict]]] = field(default_factory=dict, init=False, repr=False)
    _damage: list[Damage] = field(default_factory=list, init=False, repr=False)
    _current: str = field(default_factory=scorer_version, init=False)
    _downloads: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="mcb-board-")), init=False, repr=False)

    @property
    def current_scorer(self) -> str:
        """The scorer version of the code serving the board: its results are shown by default."""
        return self._current

    def _state(self) -> tuple:
        """Every submission id with its stored scorer versions: changes on a submission or a rescore."""
        return tuple((sid, tuple(self.store.scorers(sid))) for sid in self.store.ids())

    def version(self) -> str:
        """A token that changes whenever a submission or a rescored result is stored."""
        self.store.refresh()
        return str(hash(self._state()))

    def snapshot(self) -> tuple[list[SubmissionRecord], pd.DataFrame]:
        self.store.refresh()
        state = self._state()
        if self._snapshot is None or self._snapshot[0] != state:
            # Read past damage: one bad stored file is named in the integrity notice, never fatal.
            contents = self.store.contents()
            self._snapshot = (state, contents.records, cells_frame(contents.entries, self._current))
            self._damage = contents.damage
            self._boards.clear()
            self._figures.clear()
        return self._snapshot[1], self._snapshot[2]

    def integrity_note(self) -> str:
        """Every stored file left off the board (unreadable, or quarantined by `mcb store check --repair`)."""
        self.snapshot()
        if not self._damage:
            return ""
        return (f"Store integrity: {len(self._damage)} stored file(s) left out, everything else is shown: "
                + "; ".join(str(item) for item in self._damage) + ".")

    def shown_scorer(self, sid: str) -> str:
        """The scorer version whose result the board shows for this submission by default."""
        _, frame = self.snapshot()
        rows = frame[(frame["submission"] == sid) & frame["preferred"]]
        return str(rows["scorer"].iloc[0]) if len(rows) else self.store.aggregate(sid).scorer

    def scorer_note(self) -> str:
        """Which scorer the board ranks with, and how many submissions still show an older one's result."""
        _, frame = self.snapshot()
        shown = frame[frame["preferred"]].drop_duplicates("submission")
        older = int((shown["scorer"] != self._current).sum())
        note = f"Ranked with scorer {self._current} (current)."
        if older:
            note += f" {older} submission(s) show an older scorer's result: mcb rescore brings them to the current one."
        return note

    def board(self, chosen: BoardFilter) -> pd.DataFrame:
        records, frame = self.snapshot()
        if chosen not in self._boards:
            self._boards[chosen] = rank(records, frame, chosen)
        return self._boards[chosen]

    def figure(self, key: tuple, make: Callable[[list[SubmissionRecord], pd.DataFrame], T]) -> T:
        """`make(records, frame)` for the current snapshot, cached under `key` until the store changes
        (a chart costs a bootstrap and a drawing; every reader with the same filter shares it)."""
        records, frame = self.snapshot()
        if key not in self._figures:
            if len(self._figures) >= CACHE_FIGURES:
                self._figures.pop(next(iter(self._figures)))
            self._figures[key] = make(records, frame)
        return self._figures[key]

    def model_choices(self) -> list[tuple[str, str]]:
        records, _ = self.snapshot()
        ordered = sorted(records, key=lambda r: (r.meta.name.casefold(), r.release, r.id))
        return [(f"{r.meta.name} · {r.meta.revision} · {r.release} · {r.id[:8]}", r.id) for r in ordered]

    def record(self, sid: str) -> SubmissionRecord:
        return self.store.record(sid)

    def details(self, sid: str) -> tuple[dict, list[dict]]:
        """(lines by (cell_id, sample), claim rows of the result the board shows) of one submission, cached."""
        key = (sid, self.shown_scorer(sid))
        if key not in self._details:
            if len(self._details) >= CACHE_SUBMISSIONS:
                self._details.pop(next(iter(self._details)))
            # Stored files passed validation when they were submitted: read back leniently, through the one parser.
            # A damaged file raises StoreError naming it (Read one shows the message).
            try:
                lines = {response.key: response for response in parse_text(self.store.submission_text(sid), lenient=True)}
                claims = loads_bytes(self.store.score_file(sid, "claims.jsonl", key[1]))
            except ValueError as error:
                raise StoreError(f"submission {sid}: {error}") from error
            self._details[key] = (lines, claims)
        return self._details[key]

    @property
    def downloads(self) -> Path:
        """The folder the app serves CSV downloads from (and nothing else of ours)."""
        return self._downloads

    def write_csv(self, table: pd.DataFrame) -> str:
        """Write `table` as CSV under a folder named by its content hash, so two readers with
        different filters never overwrite each other's file; returns the path."""
        payload = csv_bytes(table)
        folder = self._downloads / hashlib.sha256(payload).hexdigest()[:CSV_HASH_CHARS]
        path = folder / CSV_NAME
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
            with os.fdopen(handle, "wb") as out:
                out.write(payload)
            os.replace(temporary, path)
        return str(path)

    def cell_ids(self, sid: str) -> list[str]:
        """Every cell id of the submission's dataset version (the cells it answered when the version is
        not loaded); none for a record damaged after the model list was made (the integrity notice names it)."""
        try:
            release = self.record(sid).release
            if release in self.datasets.by_release:
                return list(self.datasets.get(release).cells)
            return sorted({cid for (cid, _) in self.details(sid)[0]})
        except StoreError:
            return []

    def top_submission(self) -> str | None:
        """The id of the first row of the unfiltered board: the model pages open on."""
        board = self.board(BoardFilter())
        return str(board["submission"].iloc[0]) if len(board) else None


def panel_frame(service: LeaderboardService, release: str, market: str, ticker: str, arm: str) -> pd.DataFrame:
    """Shown and true closes of one ticker, long form for a line plot (the seed's two panels)."""
    dataset = service.datasets.get(release)
    cells = [c for c in dataset.cells.values() if c.market == market]
    if not cells:
        return pd.DataFrame(columns=["date", "close", "panel"])
    month = cells[0].month
    frames = []
    for label, panel in ((f"shown ({arm})", dataset.shown_panel(market, month, arm)),
                         (f"true ({TRUTH_ARM})", dataset.true_panel(market, month))):
        bars = panel.bars
        bars = bars[bars["ticker"] == ticker][["date", "close"]].copy()
        bars["panel"] = label
        frames.append(bars)
    frame = pd.concat(frames, ignore_index=True)
    frame["date"] = pd.to_datetime(frame["date"])
    return frame


def tickers_of(service: LeaderboardService, release: str, market: str) -> list[str]:
    dataset = service.datasets.get(release)
    months = sorted({c.month for c in dataset.cells.values() if c.market == market})
    return sorted(dataset.true_panel(market, months[0]).tickers) if months else []


def submissions_table(service: LeaderboardService) -> pd.DataFrame:
    records, _ = service.snapshot()
    rows = [{"submission": r.id, "model": r.meta.name, "revision": r.meta.revision, "release": r.release,
             "status": r.status, "failures": r.failures, "lines": r.lines, "submitted": r.submitted_at} for r in records]
    frame = pd.DataFrame(rows, columns=["submission", "model", "revision", "release", "status", "failures", "lines", "submitted"])
    return frame.sort_values("submitted", ascending=False, kind="stable").reset_index(drop=True)
