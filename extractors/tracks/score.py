"""One entry point per track: score a submission against a built dataset and write the results.

Layout of `--out` (every track): `summary.json` (what the board reads: status, p-value, headline,
failures and the track's caveats) plus one detail file per track (`answers.jsonl` and
`groups.csv` for recall, `tickers.csv` for relabeled, `reconstructions.jsonl` and `cells.csv`
for masked).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from builder.dataset import config_path
from builder.tracks.common import TRACKS
from contracts.submission import Response
from extractors.tracks.common import TrackSummary, load_track_input, parse_cutoff
from extractors.tracks.masked import score_masked
from extractors.tracks.recall import score_recall
from extractors.tracks.relabeled import score_relabeled
from extractors.tracks.stats import ALPHA, DEFAULT_PERMUTATIONS
from extractors.version import revision_of

SUMMARY_FILE = "summary.json"


@dataclass(frozen=True)
class ScoreOptions:
    """Everything a track scorer may need beside the data; unused fields are ignored by a track."""

    knowledge_cutoff: str | None = None
    permutations: int = DEFAULT_PERMUTATIONS
    seed: int = 0
    alpha: float = ALPHA
    model: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ScoredTrack:
    """A summary and the detail tables that explain it (file name -> rows)."""

    summary: TrackSummary
    jsonl: dict[str, list[dict]]
    csv: dict[str, list[dict]]


def score_track(track: str, dataset: Path, submission: Path | Iterable[Response],
                options: ScoreOptions = ScoreOptions()) -> ScoredTrack:
    if track not in TRACKS:
        raise ValueError(f"unknown track {track!r}; known: {', '.join(TRACKS)}")
    inp = load_track_input(track, Path(dataset), submission)
    model = {**options.model, "knowledge_cutoff": options.knowledge_cutoff}
    # The track's rows and the panels behind them: what this result was scored against.
    revision = revision_of({name: Path(dataset) / config_path(name) for name in (track, "panels")
                            if (Path(dataset) / config_path(name)).exists()})
    if track == "recall":
        summary, answers, groups = score_recall(inp, parse_cutoff(options.knowledge_cutoff), options.alpha, model)
        return ScoredTrack(replace(summary, dataset_revision=revision), {"answers.jsonl": [a.to_dict() for a in answers]},
                           {"groups.csv": [g.to_dict() for g in groups]})
    if track == "relabeled":
        summary, tests = score_relabeled(inp, options.permutations, options.seed, options.alpha, model)
        return ScoredTrack(replace(summary, dataset_revision=revision), {}, {"tickers.csv": [t.to_dict() for t in tests]})
    summary, readings, counts = score_masked(inp, Path(dataset), options.alpha, model)
    return ScoredTrack(replace(summary, dataset_revision=revision), {"reconstructions.jsonl": [r.to_dict() for r in readings]},
                       {"cells.csv": [{"cell_id": cell_id, **c} for cell_id, c in sorted(counts.items())]})


def write_track_scores(scored: ScoredTrack, out: Path) -> list[Path]:
    """Write the summary and detail files; returns the paths written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = [out / SUMMARY_FILE]
    written[0].write_text(json.dumps(scored.summary.to_dict(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for name, rows in scored.jsonl.items():
        path = out / name
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        written.append(path)
    for name, rows in scored.csv.items():
        path = out / name
        with path.open("w", encoding="utf-8", newline="") as handle:
            if rows:
                writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
                writer.writeheader()
                writer.writerows(rows)
        written.append(path)
    return written


def read_summary(folder: Path) -> dict:
    path = Path(folder) / SUMMARY_FILE
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: score the track with `mcb tracks score`")
    return json.loads(path.read_text(encoding="utf-8"))
