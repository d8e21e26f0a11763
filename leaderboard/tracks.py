"""The papers' tracks on the board: score a track submission, store it, seed the canaries, render.

Track results live in the same store as submissions (`tracks/{track}/{id}/`, the `mcb tracks
score` layout; `id` is the content hash of the submitted file). The scoring is
`extractors.tracks`'s; this module only stores and shows it. Every pass is shown with what a pass
is worth (a lower bound, not proof of no memorisation), and every model name through `html.escape`.
"""

from __future__ import annotations

import html
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

from builder.tracks.common import TRACKS, read_track_rows
from extractors.tracks.board import TRACK_COLUMNS, track_board
from extractors.progress import SILENT, Steps
from extractors.tracks.canaries import CANARIES, canary_submission
from extractors.tracks.score import ScoreOptions, score_track, write_track_scores
from contracts.problems import summarise
from contracts.text import clean_name
from leaderboard.identity import BASELINE_SUBMITTER
from leaderboard.store import ModelMeta, ResultsStore, TrackBundle, submission_id
from leaderboard.submit import normalise_meta, validate_meta

CANARY_PREFIX = "canary: "
PASS_NOTE = "a pass is a lower bound: this test found no memorisation, which is not proof that there is none"
P_DECIMALS = 3


@dataclass(frozen=True)
class TrackOutcome:
    """What storing a track submission did: `scored` or `duplicate`, and the track's verdict."""

    track: str
    id: str
    status: str
    verdict: str
    summary: dict


class TrackRejected(ValueError):
    """A track submission refused before scoring (metadata, a name another submitter holds)."""


def _track_holder(store: ResultsStore, track: str, meta: ModelMeta, submitter: str) -> dict | None:
    """A summary of another submitter under this model name and revision on the track (case-insensitive)."""
    key = (meta.name.casefold(), meta.revision.casefold())
    for summary in store.track_summaries().get(track, []):
        model = summary.get("model") or {}
        name, revision = str(model.get("name", "")), str(model.get("revision", ""))
        if (name.casefold(), revision.casefold()) == key and str(model.get("submitter", "")) != submitter:
            return summary
    return None


def _holder_error(track: str, summary: dict) -> TrackRejected:
    model = summary.get("model") or {}
    who = model.get("submitter") or "a submitter from before submitters were recorded"
    return TrackRejected(f"field 'name': the name {model.get('name')!r} revision {model.get('revision')!r} on track "
                         f"{track} is held by {who}; submit under another name or revision")


def submit_track(raw: bytes, track: str, meta: ModelMeta, store: ResultsStore, dataset: Path,
                 expected: str | None = None, submitter: str = "") -> TrackOutcome:
    """Score one track submission (JSONL bytes) against a built dataset folder and store it, with the
    same metadata checks and the same ownership rule as the main board (`leaderboard.submit`).

    `expected` marks a canary: the verdict it must get, shown beside the one it got."""
    if track not in TRACKS:
        raise ValueError(f"unknown track {track!r}; known: {', '.join(TRACKS)}")
    meta, submitter = normalise_meta(meta), clean_name(submitter) if submitter else ""
    problems = validate_meta(meta, submitter or None)
    if problems:
        raise TrackRejected(summarise(problems, separator="; "))
    sid = submission_id(raw)
    if sid in store.track_ids(track):
        summary = store.track_summary(track, sid)
        return TrackOutcome(track, sid, "duplicate", summary["status"], summary)
    holder = _track_holder(store, track, meta, submitter)
    if holder is not None:
        raise _holder_error(track, holder)
    model = {"name": meta.name, "revision": meta.revision, "submitter": submitter,
             **({"expected": expected} if expected else {})}
    with tempfile.TemporaryDirectory(prefix="mcb-track-") as folder:
        path = Path(folder) / "submission.jsonl"
        path.write_bytes(raw)
        scored = score_track(track, dataset, path, ScoreOptions(knowledge_cutoff=meta.knowledge_cutoff, model=model))
        out = Path(folder) / "scores"
        written = write_track_scores(scored, out)
        files = {p.name: p.read_bytes() for p in written}
    summary = json.loads(files["summary.json"])

    def check() -> None:
        holder = _track_holder(store, track, meta, submitter)
        if holder is not None:
            raise _holder_error(track, holder)

    if not store.put_track(TrackBundle(track, sid, raw, files, summary), check):
        summary = store.track_summary(track, sid)
        return TrackOutcome(track, sid, "duplicate", summary["status"], summary)
    return TrackOutcome(track, sid, "scored", summary["status"], summary)


def seed_tracks(store: ResultsStore, dataset: Path, steps: Steps = SILENT) -> list[TrackOutcome]:
    """Store every track's canaries (known-good and known-bad); re-running adds nothing."""
    outcomes = []
    for (track, kind), canary in CANARIES.items():
        steps.step(f"track {track}: canary {kind}")
        lines = canary_submission(track, kind, read_track_rows(dataset, track), dataset)
        raw = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode("utf-8")
        meta = ModelMeta(name=f"{CANARY_PREFIX}{kind}", revision="canary")
        outcomes.append(submit_track(raw, track, meta, store, dataset, expected=canary.expected,
                                     submitter=BASELINE_SUBMITTER))
    return outcomes


def stored_board(store: ResultsStore) -> dict:
    """`extractors.tracks.board.track_board` over every stored track summary, plus each row's
    expected verdict (canaries only)."""
    stored = store.track_summaries()
    summaries = [summary for track in TRACKS for summary in stored.get(track, [])]
    board = track_board(summaries)
    for track in TRACKS:
        mine = [s for s in summaries if s.get("track") == track]
        for row, summary in zip(board[track]["rows"], mine):
            row["expected"] = (summary.get("model") or {}).get("expected")
    return board


def _p_value(value) -> str:
    if value is None:
        return "—"
    return f"{value:.{P_DECIMALS}g}" if isinstance(value, float) else html.escape(str(value))


def _status_cell(status: str | None, meaning: dict) -> str:
    """A pass never appears without its caveat beside it."""
    text = html.escape(str(status or "—"))
    if status == "pass":
        return (f'<td class="mcb-track-status" data-status="pass"><strong>pass</strong>'
                f'<br><small class="mcb-pass-caveat">{html.escape(PASS_NOTE)}</small></td>')
    note = html.escape(meaning.get(status, "")) if status else ""
    return f'<td class="mcb-track-status" data-status="{text}"><strong>{text}</strong><br><small>{note}</small></td>'


def tracks_html(board: dict) -> str:
    """Per track: title, source, caveats, then one row per model with status and p-value. All escaped."""
    blocks = []
    for track, entry in board.items():
        caveats = "".join(f"<li>{html.escape(c)}</li>" for c in entry["caveats"])
        head = "".join(f'<th title="{html.escape(c.help)}">{html.escape(c.name)}</th>' for c in TRACK_COLUMNS) + "<th>canary expects</th>"
        rows = []
        for row in entry["rows"]:
            cells = []
            for column in TRACK_COLUMNS:
                value = row.get(column.name)
                if column.name == "status":
                    cells.append(_status_cell(value, entry["statuses"]))
                elif column.name == "p-value":
                    cells.append(f'<td class="n">{_p_value(value)}</td>')
                else:
                    cells.append(f"<td>{html.escape('' if value is None else str(value))}</td>")
            expected = row.get("expected")
            mark = "" if not expected else (" ✓" if expected == row.get("status") else " ✗ (not as expected)")
            cells.append(f"<td>{html.escape((expected or '') + mark)}</td>")
            rows.append(f'<tr data-track="{html.escape(track)}">{"".join(cells)}</tr>')
        body = "".join(rows) or f'<tr><td colspan="{len(TRACK_COLUMNS) + 1}">No results on this track yet.</td></tr>'
        blocks.append(
            f'<section class="mcb-track" id="track-{html.escape(track)}"><h3>{html.escape(entry["title"])}</h3>'
            f"<p>From {html.escape(entry['source'])}.</p><p><strong>Read with care:</strong></p><ul>{caveats}</ul>"
            f'<div class="mcb-board"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div></section>'
        )
    return "".join(blocks)
