"""The dose-response sweep on the board: score a sweep submission, store it, seed the canaries, plot it.

A sweep submission answers the optional `sweep` config (`mcb build --sweep`; shown daily return =
k x true, k in -1, -0.5, 0.25, 0.5, 2, under `full` and `sparse`). It passes the same contract
and board rules as any submission (`leaderboard.submit.parse_lines`), is scored with
`extractors.score.score_submission` on the sweep's cells, and is stored beside the track results
as `tracks/sweep/{id}/` (submission.jsonl, claims.jsonl, cells.csv, then summary.json, the commit
marker), where a Hub store's snapshot already looks. The plot shows, per model, each claimed
period return minus the true one against the shown minus the true one, coloured by k: a reader
lies on the diagonal, a reciter flat at zero (the truth), a blender half way. Model names are
data, never markup. The metadata checks and the ownership rule are the board's
(`leaderboard.submit`): a (model, revision) on the sweep belongs to its first submitter.
"""

from __future__ import annotations

import html
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from contracts.problems import Problem
from contracts.text import clean_name
from contracts.vocabulary import SWEEP_CONFIG
from extractors.baselines import BASELINES, DEFAULT_SEED, baseline_submission
from extractors.full_score import load_extractor
from extractors.progress import SILENT, Prefixed, Steps
from extractors.score import score_submission
from extractors.scoring_data import ScoringData
from extractors.weight import describe_weight
from leaderboard.identity import BASELINE_SUBMITTER
from leaderboard.seed import baseline_meta, submission_jsonl
from leaderboard.store import ModelMeta, ResultsStore, TrackBundle, submission_id
from leaderboard.submit import NameTaken, SubmissionRejected, normalise_meta, parse_lines, validate_meta

SWEEP = SWEEP_CONFIG
DETAIL_FILES = ("claims.jsonl", "cells.csv")
SHOWN_GAP = "shown − true period return (pp)"
CLAIMED_GAP = "claimed − true period return (pp)"
POINT_COLUMNS = ("model", "k", SHOWN_GAP, CLAIMED_GAP, "ticker", "context", "cell_id")
SLOPE_COLUMNS = ("model", "slope", "slope 95% CI", "claims", "cells", *(f"k = {k}" for k in ("-1", "-0.5", "0.25", "0.5", "2")))


@dataclass(frozen=True)
class SweepOutcome:
    """What storing a sweep submission did: `scored` or `duplicate`, and its summary."""

    id: str
    status: str
    summary: dict


def _holder(store: ResultsStore, meta: ModelMeta, submitter: str) -> dict | None:
    """A stored sweep summary of another submitter under this model name and revision (case-insensitive)."""
    key = (meta.name.casefold(), meta.revision.casefold())
    for summary in sweep_summaries(store):
        stored = summary.get("meta") or {}
        if ((str(stored.get("name", "")).casefold(), str(stored.get("revision", "")).casefold()) == key
                and str(summary.get("submitter", "")) != submitter):
            return summary
    return None


def _holder_message(summary: Mapping) -> str:
    stored = summary.get("meta") or {}
    who = summary.get("submitter") or "a submitter from before submitters were recorded"
    return (f"the name {stored.get('name')!r} revision {stored.get('revision')!r} on the sweep is held by {who}; "
            "submit under another name or revision")


def submit_sweep(raw: bytes, meta: ModelMeta, store: ResultsStore, dataset: ScoringData,
                 lenient: bool = False, steps: Steps = SILENT, submitter: str = "") -> SweepOutcome:
    """Validate (raises `leaderboard.submit.SubmissionRejected`, nothing stored), score and store one
    sweep submission as `submitter` ("" is the library's anonymous caller); `steps` is told each step
    (validating, the cells as they are scored, storing). A name another submitter holds is refused
    before scoring and again under the store's lock (`NameTaken`)."""
    if dataset.config != SWEEP:
        raise ValueError(f"a sweep submission is scored on the sweep's cells, not on {dataset.config!r} "
                         "(load the dataset with config sweep)")
    meta, submitter = normalise_meta(meta), clean_name(submitter) if submitter else ""
    problems = validate_meta(meta, submitter or None)
    if problems:
        raise SubmissionRejected(problems)
    sid = submission_id(raw)
    if sid in store.track_ids(SWEEP):
        return SweepOutcome(sid, "duplicate", store.track_summary(SWEEP, sid))
    if (holder := _holder(store, meta, submitter)) is not None:
        raise SubmissionRejected([Problem(None, "name", _holder_message(holder))])
    steps.step("validating the submission")
    lines = parse_lines(raw, dataset, lenient)
    load_extractor(dataset, steps)
    steps.step("extracting and checking claims (sweep cells)", total=len(dataset.cells))
    result = score_submission(lines, dataset, model=meta.name, on_cell=steps.advance)
    result.summary["meta"] = meta.to_dict()
    result.summary["submitter"] = submitter
    with tempfile.TemporaryDirectory(prefix="mcb-sweep-") as folder:
        written = {path.name: path.read_bytes() for path in result.write(Path(folder))}
    files = {name: written[name] for name in DETAIL_FILES}
    steps.step(f"storing in {store.location}")

    def check() -> None:
        if (holder := _holder(store, meta, submitter)) is not None:
            raise NameTaken(_holder_message(holder))

    if not store.put_track(TrackBundle(SWEEP, sid, raw, files, result.summary), check):
        return SweepOutcome(sid, "duplicate", store.track_summary(SWEEP, sid))
    return SweepOutcome(sid, "scored", result.summary)


def seed_sweep(store: ResultsStore, dataset: ScoringData, seed: int = DEFAULT_SEED,
               steps: Steps = SILENT) -> dict[str, SweepOutcome]:
    """Every baseline on the sweep, stored under the same names as on the board; re-running adds nothing."""
    return {name: submit_sweep(submission_jsonl(baseline_submission(name, dataset, seed)), baseline_meta(name, seed),
                               store, dataset, steps=Prefixed(steps, f"baseline {name} on the sweep"),
                               submitter=BASELINE_SUBMITTER)
            for name in BASELINES}


def sweep_summaries(store: ResultsStore) -> list[dict]:
    """Every readable stored sweep summary, by model name then id (an unreadable one is left out and
    named in the store's `contents().damage`, so one bad file never takes the slopes down)."""
    store.refresh()
    return sorted(store.contents().tracks.get(SWEEP, []), key=lambda summary: str(summary.get("model")))  # stable: ids in order


def points_frame(summaries: list[Mapping]) -> pd.DataFrame:
    """One row per claimed period return of every model's sweep answers: the plot's data."""
    rows = [{"model": str(summary.get("model")), "k": point["k"], SHOWN_GAP: point["shown"] - point["true"],
             CLAIMED_GAP: point["claimed"] - point["true"], "ticker": point.get("ticker"),
             "context": point.get("context"), "cell_id": point.get("cell_id")}
            for summary in summaries for point in (summary.get("dose_response") or {}).get("points", ())]
    frame = pd.DataFrame(rows, columns=list(POINT_COLUMNS))
    frame["k"] = frame["k"].map(lambda k: f"{k:g}")
    return frame


def slopes_frame(summaries: list[Mapping]) -> pd.DataFrame:
    """Per model: the fitted slope with its interval, and the point estimate at each k."""
    rows = []
    for summary in summaries:
        response = summary.get("dose_response") or {}
        slope = response.get("slope") or {}
        per_k = {f"k = {entry['k']:g}": entry.get("weight") for entry in response.get("per_k", ())}
        interval = (f"[{slope['ci_low']:.3f}, {slope['ci_high']:.3f}]" if slope.get("ci_low") is not None
                    else slope.get("note") or "—")
        rows.append({"model": str(summary.get("model")), "slope": slope.get("weight"), "slope 95% CI": interval,
                     "claims": slope.get("claims", 0), "cells": slope.get("cells_with_claims", 0), **per_k})
    return pd.DataFrame(rows, columns=list(SLOPE_COLUMNS))


def slopes_html(summaries: list[Mapping]) -> str:
    """The slopes as an escaped HTML table: a model name is shown as text, never run."""
    table = slopes_frame(summaries)
    head = "".join(f"<th>{html.escape(name)}</th>" for name in table.columns)

    def cell(value) -> str:
        if value is None or (isinstance(value, float) and pd.isna(value)):
            return "—"
        return f"{value:.3f}" if isinstance(value, float) else str(value)

    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell(value))}</td>" for value in row) + "</tr>"
                   for row in table.itertuples(index=False, name=None))
    if not body:
        body = f'<tr><td colspan="{len(table.columns)}">No sweep results stored yet (mcb submit --config sweep).</td></tr>'
    return f'<div class="mcb-board" id="sweep-slopes"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


FIT_POINTS = 41
SERIES = "series"


def plot_frame(summaries: list[Mapping], model: str | None = None) -> pd.DataFrame:
    """The plot's rows: every model's points coloured by model; or one model's coloured by k, with its
    fitted slope drawn as a row of points along the line (a scatter plot has no line mark)."""
    frame = points_frame(summaries)
    if model is None:
        return frame.assign(**{SERIES: frame["model"]})
    frame = frame[frame["model"] == model]
    frame = frame.assign(**{SERIES: "k = " + frame["k"]})
    slope = next(((s.get("dose_response") or {}).get("slope", {}).get("weight") for s in summaries
                  if str(s.get("model")) == model), None)
    if slope is None or frame.empty:
        return frame
    low, high = float(frame[SHOWN_GAP].min()), float(frame[SHOWN_GAP].max())
    xs = [low + (high - low) * i / (FIT_POINTS - 1) for i in range(FIT_POINTS)]
    fit = pd.DataFrame({"model": model, "k": "fit", SHOWN_GAP: xs, CLAIMED_GAP: [slope * x for x in xs],
                        "ticker": "", "context": "", "cell_id": "", SERIES: f"fitted slope {slope:.3f}"})
    return pd.concat([frame, fit], ignore_index=True)


def sweep_plot(summaries: list[Mapping], model: str | None = None, **options):
    """A Gradio scatter plot of claimed minus true against shown minus true period return (see
    `plot_frame`). Gradio is imported here, where it is used."""
    import gradio as gr

    title = ("dose-response: claimed vs shown period return, minus the truth (diagonal = reads, flat = recites)"
             + (f" — {model}" if model else ""))
    return gr.ScatterPlot(plot_frame(summaries, model), x=SHOWN_GAP, y=CLAIMED_GAP, color=SERIES, title=title,
                          tooltip=["model", "k", "ticker", "context"], **options)


def describe_slope(summary: Mapping) -> str:
    """One line for the printed board or a status line."""
    return describe_weight((summary.get("dose_response") or {}).get("slope") or {})
