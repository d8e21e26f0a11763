"""Section 5.8's probe: do an embedding model's vectors of value-free prompts predict the values?

Following "Memorization in Embeddings?" (seeds/memorization-problem.txt): embed prompts that omit
the value ("On 2026-08-14, the closing price of NVDA was"), fit a ridge regression (lambda = 0.01)
on a rolling window of the most recent observations of each series, predict the next one in time
order, and correlate predictions with the actual values. The benchmark is a simple moving average
over the same window; the test of differing dependent correlations (both share the actual values)
is Williams's t, the test the paper reports. Placebos as in the paper's Table 13: date-only prompts,
the prompt embeddings shuffled in time, and random vectors of the same width.

Every shipped month is 2026, after all-MiniLM-L6-v2 was trained (2021): with the default model this
run is the control where no memorisation is expected. What a ridge can still find there is how the
embeddings order dates (temporal proximity), which the date-only placebo isolates.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date

import numpy as np
import pandas as pd
from scipy import stats

from builder.panel import read_price_csv
from builder.paths import data_dir
from builder.universes import get_universe
from contracts.markets import market_names
from extractors.defaults import PROBE_RIDGE_LAMBDA as RIDGE_LAMBDA
from extractors.defaults import PROBE_SEED as DEFAULT_SEED
from extractors.defaults import PROBE_WINDOW as DEFAULT_WINDOW
from extractors.embeddings.encoder import DEFAULT_MODEL_LABEL, Encoder

MONTH_FILE = re.compile(r"^(?P<prefix>.+)-(?P<month>\d{4}-\d{2})$")
DATE_PROMPT = "On {date},"
DEFAULT_MODEL_NOTE = (
    "Control: all-MiniLM-L6-v2 was trained in 2021, before every shipped month (2026), so it cannot have "
    "memorised these prices; no memorisation is expected here. A ridge correlation above the moving average "
    "in this run measures how the embeddings order dates (temporal proximity, see the date-only placebo), not recall."
)
OTHER_MODEL_NOTE = (
    "Months after the model's training cutoff are the control where no memorisation is expected; a gap between "
    "the prompt embeddings and the date-only, shuffled and random placebos on months before the cutoff is the signal."
)


@dataclass(frozen=True)
class Target:
    """A value to predict from a ticker's bars, and how the prompt names it."""

    name: str
    label: str
    variable: str
    compute: Callable[[pd.DataFrame], pd.Series]


def _log_close(bars: pd.DataFrame) -> pd.Series:
    return np.log(bars["close"])


def _daily_return(bars: pd.DataFrame) -> pd.Series:
    """Percent return on the previous session of the same month (a month's first session has none)."""
    months = bars["date"].map(lambda day: day.strftime("%Y-%m"))
    return 100.0 * bars["close"].groupby(months).pct_change()


TARGETS: tuple[Target, ...] = (
    Target("close", "log close", "the closing price", _log_close),
    Target("return", "return %", "the daily return", _daily_return),
)


@dataclass(frozen=True)
class Features:
    """One row group of the paper's Table 13: which vectors the ridge sees, built from a series' prompt
    embeddings (date+variable, date only) and the seeded generator."""

    name: str
    description: str
    build: Callable[[np.ndarray, np.ndarray, np.random.Generator], np.ndarray]


FEATURES: tuple[Features, ...] = (
    Features("date+var", "prompt embeddings: date, ticker and variable, value omitted", lambda full, date_only, rng: full),
    Features("date", "placebo: embeddings of the date alone", lambda full, date_only, rng: date_only),
    Features("shuffled", "placebo: the date+variable embeddings in a random order",
             lambda full, date_only, rng: full[rng.permutation(len(full))]),
    Features("random", "placebo: standard normal vectors of the same width",
             lambda full, date_only, rng: rng.standard_normal(full.shape)),
)


def variable_prompt(ticker: str, day: date, target: Target) -> str:
    return f"On {day.isoformat()}, {target.variable} of {ticker} was"


def date_prompt(day: date) -> str:
    return DATE_PROMPT.format(date=day.isoformat())


@dataclass(frozen=True)
class Series:
    """One ticker's values of one target in time order, across every shipped month."""

    market: str
    ticker: str
    target: Target
    dates: tuple[date, ...]
    values: np.ndarray = field(repr=False)


def shipped_months(market: str) -> list[str]:
    """Months with a price file in data/prices for the market, in order."""
    prefix = get_universe(market).price_file_prefix
    months = []
    for path in (data_dir() / "prices").glob(f"{prefix}-*.csv"):
        match = MONTH_FILE.match(path.stem)
        if match and match["prefix"] == prefix:
            months.append(match["month"])
    return sorted(months)


def load_bars(market: str, months: Sequence[str]) -> pd.DataFrame:
    """Every shipped row of the months, all tickers in the files (the probe reads the data, not a universe)."""
    prefix = get_universe(market).price_file_prefix
    frames = []
    for month in months:
        frame = read_price_csv(data_dir() / "prices" / f"{prefix}-{month}.csv")
        frame = frame[frame["date"].map(lambda day: day.strftime("%Y-%m")) == month]
        frames.append(frame.loc[frame["close"].notna() & (frame["close"] > 0), ["ticker", "date", "close"]])
    if not frames:
        return pd.DataFrame(columns=["ticker", "date", "close"])
    return pd.concat(frames, ignore_index=True).drop_duplicates(["ticker", "date"]).sort_values(["ticker", "date"])


def build_series(market: str, bars: pd.DataFrame, target: Target, min_length: int) -> list[Series]:
    """One series per ticker with more than `min_length` values (a window plus one to predict)."""
    out = []
    for ticker, rows in bars.groupby("ticker", sort=True):
        rows = rows.reset_index(drop=True)
        values = target.compute(rows)
        keep = values.notna().to_numpy()
        if keep.sum() > min_length:
            out.append(Series(market, str(ticker), target, tuple(rows["date"][keep]), values.to_numpy(dtype=float)[keep]))
    return out


def ridge_predict(train_x: np.ndarray, train_y: np.ndarray, test_x: np.ndarray, ridge: float = RIDGE_LAMBDA) -> np.ndarray:
    """Ridge with an unpenalised intercept, solved in dual form (n << d, so an n x n system)."""
    mean_x, mean_y = train_x.mean(axis=0), train_y.mean()
    centred = train_x - mean_x
    gram = centred @ centred.T
    weights = np.linalg.solve(gram + ridge * np.eye(len(train_y)), train_y - mean_y)
    return mean_y + (np.atleast_2d(test_x) - mean_x) @ (centred.T @ weights)


def rolling_predictions(features: np.ndarray, values: np.ndarray, window: int,
                        ridge: float = RIDGE_LAMBDA) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(actual, ridge prediction, moving average) for every point after the first `window`, in time order."""
    actual, predicted, average = [], [], []
    for index in range(window, len(values)):
        train = slice(index - window, index)
        predicted.append(float(ridge_predict(features[train], values[train], features[index], ridge)[0]))
        average.append(float(values[train].mean()))
        actual.append(float(values[index]))
    return np.array(actual), np.array(predicted), np.array(average)


@dataclass(frozen=True)
class CorrelationComparison:
    """Williams's t for corr(actual, model) = corr(actual, benchmark), with the correlations it compares."""

    r_model: float
    r_benchmark: float
    r_between: float
    n: int
    t: float
    p_value: float

    @property
    def difference(self) -> float:
        return self.r_model - self.r_benchmark


def williams_t(r12: float, r13: float, r23: float, n: int) -> tuple[float, float]:
    """Williams's (1959) t for two dependent correlations sharing variable 1, df = n - 3 (Steiger 1980, eq. 3).

    Returns (t, two-sided p).
    """
    if n <= 3:
        raise ValueError(f"Williams's test needs n > 3, got {n}")
    determinant = 1 - r12 ** 2 - r13 ** 2 - r23 ** 2 + 2 * r12 * r13 * r23
    mean_r = (r12 + r13) / 2
    denominator = 2 * (n - 1) / (n - 3) * determinant + mean_r ** 2 * (1 - r23) ** 3
    t = (r12 - r13) * math.sqrt((n - 1) * (1 + r23) / denominator)
    return t, float(2 * stats.t.sf(abs(t), n - 3))


def steiger_z(r12: float, r13: float, r23: float, n: int) -> tuple[float, float]:
    """Steiger's (1980, eq. 14) Z for the same hypothesis, on Fisher z with the pooled mean r.

    Returns (Z, two-sided p).
    """
    if n <= 3:
        raise ValueError(f"Steiger's test needs n > 3, got {n}")
    mean_r = (r12 + r13) / 2
    psi = r23 * (1 - 2 * mean_r ** 2) - 0.5 * mean_r ** 2 * (1 - 2 * mean_r ** 2 - r23 ** 2)
    covariance = psi / (1 - mean_r ** 2) ** 2
    z = (math.atanh(r12) - math.atanh(r13)) * math.sqrt(n - 3) / math.sqrt(2 - 2 * covariance)
    return z, float(2 * stats.norm.sf(abs(z)))


def _correlation(first: np.ndarray, second: np.ndarray) -> float:
    if first.std() == 0 or second.std() == 0:
        return float("nan")
    return float(np.corrcoef(first, second)[0, 1])


def compare_within(groups: Sequence[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> CorrelationComparison:
    """Pooled within-series correlations (each series demeaned) and Williams's t between them.

    Demeaning removes the level gap between tickers (NVDA near 200, BCP near 1), which would
    otherwise make every method look perfect; each series then costs one degree of freedom, so the
    test's n is the number of points less the series beyond the first.
    """
    actual = np.concatenate([a - a.mean() for a, _, _ in groups])
    model = np.concatenate([m - m.mean() for _, m, _ in groups])
    bench = np.concatenate([b - b.mean() for _, _, b in groups])
    r_model, r_bench, r_between = _correlation(actual, model), _correlation(actual, bench), _correlation(model, bench)
    n = len(actual) - (len(groups) - 1)
    if n <= 3 or any(math.isnan(r) for r in (r_model, r_bench, r_between)):
        return CorrelationComparison(r_model, r_bench, r_between, n, float("nan"), float("nan"))
    t, p_value = williams_t(r_model, r_bench, r_between, n)
    return CorrelationComparison(r_model, r_bench, r_between, n, t, p_value)


@dataclass(frozen=True)
class ProbeRow:
    """One line of the probe's table."""

    features: str
    market: str
    target: str
    series: int
    comparison: CorrelationComparison


@dataclass(frozen=True)
class ProbeReport:
    model: str
    months: dict[str, list[str]]
    window: int
    ridge: float
    seed: int
    rows: list[ProbeRow]
    note: str
    seconds: float


def _feature_matrices(series: Series, vectors: dict[str, np.ndarray], rng: np.random.Generator) -> dict[str, np.ndarray]:
    full = np.stack([vectors[variable_prompt(series.ticker, day, series.target)] for day in series.dates])
    date_only = np.stack([vectors[date_prompt(day)] for day in series.dates])
    return {features.name: features.build(full, date_only, rng) for features in FEATURES}


def run_probe(encoder: Encoder, markets: Sequence[str] | None = None, months: dict[str, list[str]] | None = None,
              window: int = DEFAULT_WINDOW, ridge: float = RIDGE_LAMBDA, seed: int = DEFAULT_SEED,
              targets: Sequence[Target] = TARGETS, progress: bool = True) -> ProbeReport:
    """The table for every shipped month of each market (or the `months` given), placebos included."""
    started = time.perf_counter()
    markets = tuple(markets or market_names())
    chosen = {market: list((months or {}).get(market) or shipped_months(market)) for market in markets}
    all_series = []
    for market in markets:
        bars = load_bars(market, chosen[market])
        for target in targets:
            all_series.extend(build_series(market, bars, target, window))
    if not all_series:
        raise ValueError(f"no series has more than {window} values in {chosen}: choose more months or a shorter window")
    texts = sorted({prompt for series in all_series for day in series.dates
                    for prompt in (variable_prompt(series.ticker, day, series.target), date_prompt(day))})
    vectors = dict(zip(texts, encoder.encode(texts, progress=progress, description="encoding probe prompts"))) if texts else {}
    rng = np.random.default_rng(seed)
    rows = []
    for market in markets:
        for target in targets:
            group = [series for series in all_series if series.market == market and series.target.name == target.name]
            if not group:
                continue
            matrices = [_feature_matrices(series, vectors, rng) for series in group]
            for features in FEATURES:
                predictions = [rolling_predictions(matrix[features.name], series.values, window, ridge)
                               for series, matrix in zip(group, matrices)]
                rows.append(ProbeRow(features.name, market, target.label, len(group), compare_within(predictions)))
    note = DEFAULT_MODEL_NOTE if encoder.label == DEFAULT_MODEL_LABEL else OTHER_MODEL_NOTE
    return ProbeReport(encoder.label, chosen, window, ridge, seed, rows, note, time.perf_counter() - started)
