"""Scoring the masked track (memorisation paper, section 5.6).

Reconstruction: how many masked stocks the model names correctly, and whether it names the month,
each against its random baseline (1/N tickers; 1 in MONTH_WINDOW_YEARS x 12 months, 1 in
MONTH_WINDOW_YEARS years) with one-sided binomial tests, Bonferroni over the two. Identification
above chance fails the model: masking did not hide who and when.

Masked commentary is scored like any other cell: labels and session numbers are mapped back to
tickers and dates, then every extracted claim is verified against the arm it was shown and the truth.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path

import pandas as pd

from builder.dataset import read_dataset
from builder.universes import get_universe
from extractors.extract import extract_claims
from extractors.metrics import count_cell, metric
from extractors.tracks.answers import first_object
from extractors.tracks.common import TrackInput, TrackSummary
from extractors.tracks.stats import ALPHA, binomial_greater, bonferroni, mean, percent
from extractors.verify import verify

LABEL = re.compile(r"\bStock\s+([A-Z])\b")
SESSION = re.compile(r"\b[Ss]ession\s+(?:#|no\.?\s*)?(\d{1,2})\b")


def normalise_ticker(guess: object, market: str) -> str | None:
    """A guessed ticker or company name -> the universe ticker it names, or None."""
    if not isinstance(guess, str) or not guess.strip():
        return None
    text = guess.strip().lstrip("$").strip()
    aliases = {alias.lower(): ticker for alias, ticker in get_universe(market).aliases().items()}
    return aliases.get(text.lower()) or aliases.get(text.split(":")[-1].strip().lower())


def parse_month(value: object) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return str(pd.Period(value.strip(), freq="M"))
    except (ValueError, TypeError):
        return None


def months_between(a: str, b: str) -> int:
    return (pd.Period(a, freq="M") - pd.Period(b, freq="M")).n


@dataclass(frozen=True)
class Reconstruction:
    """One reconstruction reply read against the mask."""

    cell_id: str
    sample: int
    market: str
    month: str
    arm: str
    n_tickers: int
    month_candidates: int
    correct_stocks: int
    guessed_month: str | None
    month_correct: bool
    year_correct: bool
    months_off: int | None

    def to_dict(self) -> dict:
        return asdict(self)


def read_reconstruction(row: dict, text: str, sample: int = 0) -> Reconstruction:
    mask = json.loads(row["mask_json"])
    answer = first_object(text) or {}
    lowered = {str(k).lower(): v for k, v in answer.items()}
    stocks = lowered.get("stocks") if isinstance(lowered.get("stocks"), dict) else {}
    guesses = {str(k).strip().lower(): v for k, v in stocks.items()}
    correct = sum(1 for label, ticker in mask.items() if normalise_ticker(guesses.get(label.lower()), row["market"]) == ticker)
    guessed = parse_month(lowered.get("month"))
    return Reconstruction(
        cell_id=row["cell_id"], sample=sample, market=row["market"], month=row["month"], arm=row["arm"],
        n_tickers=row["n_tickers"], month_candidates=row["month_candidates"], correct_stocks=correct,
        guessed_month=guessed, month_correct=guessed == row["month"],
        year_correct=guessed is not None and guessed[:4] == row["month"][:4],
        months_off=months_between(guessed, row["month"]) if guessed else None,
    )


@dataclass(frozen=True)
class IdentificationMetrics:
    """Identification accuracy with its random baselines (percent) and one-sided binomial p-values."""

    replies: int
    stock_trials: int
    stock_correct: int
    stock_accuracy: float | None
    stock_baseline: float | None
    stock_p: float | None
    month_correct: int
    month_accuracy: float | None
    month_baseline: float | None
    month_p: float | None
    year_accuracy: float | None
    year_baseline: float | None
    mean_abs_months_off: float | None

    def to_dict(self) -> dict:
        return asdict(self)


def identification_metrics(readings: list[Reconstruction]) -> IdentificationMetrics:
    """Pooled over replies; an unanswered label or month counts as wrong, never as skipped."""
    trials = sum(r.n_tickers for r in readings)
    correct = sum(r.correct_stocks for r in readings)
    n = len(readings)
    ticker_chance = 1.0 / readings[0].n_tickers if readings else None
    month_chance = 1.0 / readings[0].month_candidates if readings else None
    year_chance = 12.0 / readings[0].month_candidates if readings else None
    months = sum(1 for r in readings if r.month_correct)
    return IdentificationMetrics(
        replies=n, stock_trials=trials, stock_correct=correct, stock_accuracy=percent(correct, trials),
        stock_baseline=None if ticker_chance is None else 100.0 * ticker_chance,
        stock_p=binomial_greater(correct, trials, ticker_chance) if readings else None,
        month_correct=months, month_accuracy=percent(months, n),
        month_baseline=None if month_chance is None else 100.0 * month_chance,
        month_p=binomial_greater(months, n, month_chance) if readings else None,
        year_accuracy=percent(sum(1 for r in readings if r.year_correct), n),
        year_baseline=None if year_chance is None else 100.0 * year_chance,
        mean_abs_months_off=mean([abs(r.months_off) for r in readings if r.months_off is not None]),
    )


def unmask(text: str, row: dict) -> str:
    """Labels back to tickers and session numbers back to ISO dates, so the claim extractor can read it."""
    mask = json.loads(row["mask_json"])
    sessions = json.loads(row["sessions_json"])

    def label(match: re.Match) -> str:
        return mask.get(f"Stock {match.group(1)}", match.group(0))

    def session(match: re.Match) -> str:
        k = int(match.group(1))
        return sessions[k - 1] if 1 <= k <= len(sessions) else match.group(0)

    return SESSION.sub(session, LABEL.sub(label, text))


# The masked commentary prompt shows the whole daily table (labels for names, numbers for dates):
# for the registry's metrics it is a `full` cell.
MASKED_AS_CONTEXT = "full"


def commentary_counts(inp: TrackInput, dataset: Path) -> dict[str, dict[str, int]]:
    """Cell id -> every count of the metric registry (`extractors.metrics.count_cell`) for the masked
    commentary cells, from claims verified against the arm shown and the truth after unmasking."""
    built = read_dataset(dataset)
    lines: dict[str, list[tuple[bool, list[dict]]]] = {}
    for response in inp.ok:
        row = inp.rows[response.cell_id]
        if row["task"] != "masked":
            continue
        shown = built.shown_panel(row["market"], row["month"], row["arm"])
        true = built.true_panel(row["market"], row["month"])
        claims = [{"metric": claim.metric, **verify(claim, shown, true).to_dict()}
                  for claim in extract_claims(unmask(response.commentary, row), row["market"], row["month"])]
        lines.setdefault(response.cell_id, []).append((False, claims))
    return {cell_id: count_cell(MASKED_AS_CONTEXT, cell_lines) for cell_id, cell_lines in lines.items()}


def commentary_rates(counts: dict[str, dict[str, int]], rows: dict[str, dict]) -> dict[str, float | None]:
    """The registry's read and recited rates (distinguishable claims on the perturbed arms), in percent."""
    cells = [{**c, "arm": rows[cell_id]["arm"], "context": MASKED_AS_CONTEXT} for cell_id, c in counts.items()]

    def sums(name: str) -> tuple[int, int]:
        entry = metric(name)
        counted = [c for c in cells if entry.applies(c["arm"], c["context"])]
        return sum(c[entry.numerator] for c in counted), sum(c[entry.denominator] for c in counted)

    (read, distinguishable), (recited, _) = sums("read_rate"), sums("recited_rate")
    return {
        "distinguishable_perturbed": distinguishable,
        "read_rate_perturbed": percent(read, distinguishable),
        "recited_rate_perturbed": percent(recited, distinguishable),
        "claims_counted": metric("read_rate").claims,
    }


def score_masked(inp: TrackInput, dataset: Path, alpha: float = ALPHA,
                 model: dict | None = None) -> tuple[TrackSummary, list[Reconstruction], dict[str, dict[str, int]]]:
    """Identification status from the reconstruction replies; commentary counts beside it."""
    readings = [read_reconstruction(inp.rows[r.cell_id], r.commentary, r.sample)
                for r in inp.ok if inp.rows[r.cell_id]["task"] == "reconstruct"]
    metrics = identification_metrics(readings)
    counts = commentary_counts(inp, dataset)
    if not readings:
        status, p_value, headline = "insufficient", None, "no reconstruction reply to score"
    else:
        p_value = min(bonferroni([metrics.stock_p, metrics.month_p]))
        status = "fail" if p_value < alpha else "pass"
        headline = (
            f"named {metrics.stock_correct} of {metrics.stock_trials} masked stocks ({metrics.stock_accuracy:.1f}% vs "
            f"random {metrics.stock_baseline:.1f}%) and the month in {metrics.month_correct} of {metrics.replies} "
            f"(random {metrics.month_baseline:.2f}%); adjusted p = {p_value:.3g}"
        )
    summary = TrackSummary(
        track="masked", status=status, p_value=p_value, alpha=alpha, headline=headline,
        failures=inp.failures, missing=len(inp.missing()),
        metrics={"identification": metrics.to_dict(), "commentary": commentary_rates(counts, inp.rows)},
        model=model or {},
    )
    return summary, readings, counts
