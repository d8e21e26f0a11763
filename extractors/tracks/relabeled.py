"""Scoring the fake-date track (fake-date paper, sections 2.2.1-2.2.2).

Each response's claimed period return per ticker is pulled out with the claim extractor (the
first `period_return` claim naming the ticker). For every test (I, II), market and ticker, the
returns claimed under the true label and under the fake label are compared with a
Kolmogorov-Smirnov permutation test (seeded); p-values are Bonferroni-corrected across every
ticker tested. Any corrected p below alpha fails the model: its reading of identical numbers
depends on the date it was told.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from extractors.extract import extract_claims
from extractors.tracks.common import TrackInput, TrackSummary
from extractors.tracks.stats import ALPHA, DEFAULT_PERMUTATIONS, bonferroni, ks_permutation_test, mean, stable_seed

MIN_CLAIMS_PER_LABEL = 3
"""A ticker is tested only with at least this many claimed returns under each label."""
CLAIM_METRIC = "period_return"


def claimed_returns(text: str, market: str, month: str) -> dict[str, float]:
    """Ticker -> the first period return the text claims for it (percent, signed)."""
    found: dict[str, float] = {}
    for claim in extract_claims(text, market, month):
        if claim.metric == CLAIM_METRIC and claim.ticker is not None and claim.ticker not in found:
            found[claim.ticker] = float(claim.value)
    return found


@dataclass(frozen=True)
class TickerTest:
    """One ticker's comparison within a test and market; p values are None when it was not tested."""

    fake_test: str
    market: str
    month: str
    ticker: str
    shown_return: float
    n_true: int
    n_fake: int
    mean_true: float | None
    mean_fake: float | None
    ks: float | None
    p_value: float | None
    p_adjusted: float | None = None

    @property
    def tested(self) -> bool:
        return self.p_value is not None

    def to_dict(self) -> dict:
        return asdict(self)


def collect_claims(inp: TrackInput) -> dict[tuple[str, str, str, str], dict[str, list[float]]]:
    """(test, market, month, label) -> ticker -> claimed returns, one per response at most."""
    table: dict[tuple[str, str, str, str], dict[str, list[float]]] = {}
    for response in inp.ok:
        row = inp.rows[response.cell_id]
        key = (row["fake_test"], row["market"], row["month"], row["label"])
        bucket = table.setdefault(key, {})
        for ticker, value in claimed_returns(response.commentary, row["market"], row["shown_month"]).items():
            bucket.setdefault(ticker, []).append(value)
    return table


def ticker_tests(inp: TrackInput, permutations: int = DEFAULT_PERMUTATIONS, seed: int = 0) -> list[TickerTest]:
    """Every (test, market, ticker) comparison, Bonferroni-adjusted across the tested ones."""
    claims = collect_claims(inp)
    groups = {}
    for row in inp.rows.values():
        groups.setdefault((row["fake_test"], row["market"], row["month"]), row)
    tests: list[TickerTest] = []
    for (fake_test, market, month), row in sorted(groups.items()):
        shown = json.loads(row["shown_returns_json"])
        for ticker in json.loads(row["tickers_json"]):
            true = claims.get((fake_test, market, month, "true"), {}).get(ticker, [])
            fake = claims.get((fake_test, market, month, "fake"), {}).get(ticker, [])
            ks = p = None
            if len(true) >= MIN_CLAIMS_PER_LABEL and len(fake) >= MIN_CLAIMS_PER_LABEL:
                ks, p = ks_permutation_test(true, fake, permutations, stable_seed(seed, fake_test, market, month, ticker))
            tests.append(TickerTest(fake_test, market, month, ticker, shown[ticker], len(true), len(fake),
                                    mean(true), mean(fake), ks, p))
    tested = [t for t in tests if t.tested]
    adjusted = dict(zip((id(t) for t in tested), bonferroni([t.p_value for t in tested])))
    return [TickerTest(**{**asdict(t), "p_adjusted": adjusted.get(id(t))}) for t in tests]


def score_relabeled(inp: TrackInput, permutations: int = DEFAULT_PERMUTATIONS, seed: int = 0, alpha: float = ALPHA,
                    model: dict | None = None) -> tuple[TrackSummary, list[TickerTest]]:
    """Pass, fail or insufficient, with the smallest Bonferroni-adjusted p-value and every ticker's test."""
    tests = ticker_tests(inp, permutations, seed)
    tested = [t for t in tests if t.tested]
    min_adjusted = min((t.p_adjusted for t in tested), default=None)
    per_test = {}
    for name in sorted({t.fake_test for t in tests}):
        mine = [t for t in tested if t.fake_test == name]
        low = min((t.p_adjusted for t in mine), default=None)
        per_test[name] = {
            "tested_tickers": len(mine),
            "rejected_tickers": sum(1 for t in mine if t.p_adjusted < alpha),
            "min_p_adjusted": low,
            "status": "insufficient" if not mine else ("fail" if low < alpha else "pass"),
        }
    if not tested:
        status = "insufficient"
        headline = f"no ticker had {MIN_CLAIMS_PER_LABEL}+ claimed returns under both labels"
    else:
        rejected = sum(1 for t in tested if t.p_adjusted < alpha)
        status = "fail" if rejected else "pass"
        headline = (
            f"{rejected} of {len(tested)} ticker tests reject equal return distributions under true and fake "
            f"labels (KS permutation, Bonferroni x{len(tested)}; min adjusted p = {min_adjusted:.3g})"
        )
    summary = TrackSummary(
        track="relabeled", status=status, p_value=min_adjusted, alpha=alpha, headline=headline,
        failures=inp.failures, missing=len(inp.missing()),
        metrics={"permutations": permutations, "seed": seed, "min_claims_per_label": MIN_CLAIMS_PER_LABEL,
                 "tests": per_test, "tickers": [t.to_dict() for t in tests]},
        model=model or {},
    )
    return summary, tests
