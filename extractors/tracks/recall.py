"""Scoring the recall track with the memorisation paper's metrics (Tables 2 and 4).

Per group of answers: mean percent error (MPE), mean absolute percent error (MAPE), directional
accuracy (the answer's move from the previous close has the true move's sign), confidence
calibration (correlation of confidence with absolute percent error; for up/down questions with
being wrong) and refusals ("null", 0 or no usable answer). Groups split by the question's date
against the model's declared knowledge cutoff, and by context.

The track's test: a one-sided binomial test that the share of correct directions (close answers
and up/down answers pooled) exceeds a coin's 50%. A model that reads nothing and remembers nothing
cannot beat the coin; the persistence answer (the last shown close) states no move at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import date

import numpy as np

from extractors.tracks.answers import parse_direction, parse_numeric
from extractors.tracks.common import TrackInput, TrackSummary
from extractors.tracks.stats import ALPHA, binomial_greater, mean, pearson, percent

CHANCE = 0.5
PERIODS: tuple[str, ...] = ("all", "pre", "post")
CONTEXT_GROUPS: tuple[str, ...] = ("all", "none", "previous")


def sign(value: float) -> int:
    return int(np.sign(value))


@dataclass(frozen=True)
class RecallAnswer:
    """One response read against its row's answer key; `pct_error` is (answer - truth) / truth in percent."""

    cell_id: str
    sample: int
    ticker: str
    question: str
    context: str
    target_date: str
    period: str
    value: float | str | None
    confidence: float | None
    true_value: float
    previous_close: float
    true_direction: str
    pct_error: float | None
    direction_correct: bool | None

    @property
    def refused(self) -> bool:
        return self.value is None

    def to_dict(self) -> dict:
        return asdict(self)


def period_of(target: str, cutoff: date | None) -> str:
    """`pre` on or before the cutoff, `post` after it, `unknown` without a declared cutoff."""
    if cutoff is None:
        return "unknown"
    return "pre" if date.fromisoformat(target) <= cutoff else "post"


def score_answer(row: dict, text: str, sample: int, cutoff: date | None) -> RecallAnswer:
    """Parse one reply and compare it with the row's answer key."""
    pct_error = None
    correct = None
    if row["question"] == "close":
        parsed = parse_numeric(text)
        if parsed.value is not None:
            pct_error = (parsed.value - row["true_value"]) / row["true_value"] * 100.0
            correct = sign(parsed.value - row["previous_close"]) == sign(row["true_value"] - row["previous_close"])
    elif row["question"] == "direction":
        parsed = parse_direction(text)
        if parsed.value is not None:
            correct = parsed.value == row["true_direction"]
    else:
        raise ValueError(f"{row['cell_id']}: unknown recall question {row['question']!r}")
    return RecallAnswer(
        cell_id=row["cell_id"], sample=sample, ticker=row["ticker"], question=row["question"], context=row["context"],
        target_date=row["target_date"], period=period_of(row["target_date"], cutoff), value=parsed.value,
        confidence=parsed.confidence, true_value=row["true_value"], previous_close=row["previous_close"],
        true_direction=row["true_direction"], pct_error=pct_error, direction_correct=correct,
    )


@dataclass(frozen=True)
class RecallMetrics:
    """The paper's columns for one group; percents are in percentage points (0.61 means 0.61%)."""

    period: str
    context: str
    questions: int
    answered: int
    refusals: int
    mpe: float | None
    mape: float | None
    directional_accuracy: float | None
    confidence_calibration: float | None
    persistence_mape: float | None
    direction_questions: int
    direction_accuracy: float | None
    direction_calibration: float | None
    correct_directions: int
    direction_trials: int
    p_value: float | None

    def to_dict(self) -> dict:
        return asdict(self)


def recall_metrics(answers: Iterable[RecallAnswer], period: str = "all", context: str = "all") -> RecallMetrics:
    """Metrics of a group of answers (refusals count as questions, never as errors)."""
    answers = list(answers)
    closes = [a for a in answers if a.question == "close" and not a.refused]
    ups = [a for a in answers if a.question == "direction"]
    ups_answered = [a for a in ups if not a.refused]
    errors = [a.pct_error for a in closes]
    close_conf = [(a.confidence, abs(a.pct_error)) for a in closes if a.confidence is not None]
    up_conf = [(a.confidence, float(not a.direction_correct)) for a in ups_answered if a.confidence is not None]
    persistence = [abs(a.previous_close - a.true_value) / a.true_value * 100.0 for a in closes]
    judged = [a for a in answers if a.direction_correct is not None]
    correct = sum(1 for a in judged if a.direction_correct)
    return RecallMetrics(
        period=period,
        context=context,
        questions=len(answers),
        answered=sum(1 for a in answers if not a.refused),
        refusals=sum(1 for a in answers if a.refused),
        mpe=mean(errors),
        mape=mean([abs(e) for e in errors]),
        directional_accuracy=percent(sum(1 for a in closes if a.direction_correct), len(closes)),
        confidence_calibration=pearson([c for c, _ in close_conf], [e for _, e in close_conf]) if close_conf else None,
        persistence_mape=mean(persistence),
        direction_questions=len(ups),
        direction_accuracy=percent(sum(1 for a in ups_answered if a.direction_correct), len(ups_answered)),
        direction_calibration=pearson([c for c, _ in up_conf], [w for _, w in up_conf]) if up_conf else None,
        correct_directions=correct,
        direction_trials=len(judged),
        p_value=binomial_greater(correct, len(judged), CHANCE),
    )


def grouped_metrics(answers: list[RecallAnswer]) -> list[RecallMetrics]:
    """Every period x context group that has questions (`all` x `all` first)."""
    groups = []
    for period in PERIODS:
        for context in CONTEXT_GROUPS:
            chosen = [a for a in answers if (period == "all" or a.period == period) and (context == "all" or a.context == context)]
            if chosen or (period, context) == ("all", "all"):
                groups.append(recall_metrics(chosen, period, context))
    return groups


def _fmt(value: float | None, digits: int = 2, suffix: str = "") -> str:
    return "—" if value is None else f"{value:.{digits}f}{suffix}"


def score_recall(inp: TrackInput, knowledge_cutoff: date | None = None, alpha: float = ALPHA,
                 model: dict | None = None) -> tuple[TrackSummary, list[RecallAnswer], list[RecallMetrics]]:
    """Score every ok response; failed lines are counted as failures, never as refusals."""
    answers = [score_answer(inp.rows[r.cell_id], r.commentary, r.sample, knowledge_cutoff) for r in inp.ok]
    groups = grouped_metrics(answers)
    overall = groups[0]
    if overall.direction_trials == 0:
        status, headline = "insufficient", f"no usable answer among {overall.questions} ({overall.refusals} refusals)"
    else:
        status = "fail" if overall.p_value is not None and overall.p_value < alpha else "pass"
        headline = (
            f"directions right {_fmt(percent(overall.correct_directions, overall.direction_trials), 1, '%')} of "
            f"{overall.direction_trials} (coin 50%, p = {overall.p_value:.3g}); close MAPE {_fmt(overall.mape, 2, '%')} "
            f"vs last-close {_fmt(overall.persistence_mape, 2, '%')}; {overall.refusals} refusals"
        )
    summary = TrackSummary(
        track="recall", status=status, p_value=overall.p_value, alpha=alpha, headline=headline,
        failures=inp.failures, missing=len(inp.missing()),
        metrics={"knowledge_cutoff": knowledge_cutoff.isoformat() if knowledge_cutoff else None,
                 "groups": [g.to_dict() for g in groups]},
        model=model or {},
    )
    return summary, answers, groups
