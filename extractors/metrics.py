"""The metric registry: every count the scorer writes and every figure computed from them, defined once.

`mcb score` writes each `COUNTS` entry per cell in `cells.csv` and summed in `summary.json`; the
board reads those counts and aggregates them with the `METRICS` definitions below, never counting
claims again. A metric names its numerator and denominator counts, the arms and contexts whose
cells it sums, which claims it counts (in words, for the help text), whether higher is better and
whether the board shows it by default. Columns, the CSV and the column chooser derive from here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from extractors.bootstrap import MIN_INTERVAL_CELLS, interval_note  # noqa: F401  (the interval rule, named here too)
from extractors.weight import point_weight
from contracts.vocabulary import (
    ARM_NAMES,
    CAUSAL_METRIC,
    CHECKABLE_VERDICTS,
    CONTEXT_NAMES,
    COVERAGE_CONTEXTS,
    DECLINE_CONTEXTS,
    PERTURBED_ARMS,
    REFUSAL_METRIC,
    REFUTED_DETAILS,
    TEXT_METRICS,
)

RATE_DECIMALS = 4


# ---- counts: what the scorer counts, per cell ----

def _checkable(claim: Mapping) -> bool:
    return claim.get("metric") not in TEXT_METRICS and claim.get("verdict") in CHECKABLE_VERDICTS


def _distinguishable(claim: Mapping) -> bool:
    return _checkable(claim) and bool(claim.get("distinguishable"))


def correctly_declines(context: str, claims: Sequence[Mapping]) -> bool:
    """Under `none` a correct answer states no checkable figure and says why; under `probe` it
    declines the interior question (a refusal claim), whatever it says about the endpoints."""
    refused = any(c.get("metric") == REFUSAL_METRIC for c in claims)
    if context == "none":
        return refused and not any(_checkable(c) for c in claims)
    return refused


@dataclass(frozen=True)
class Count:
    """One per-cell count: of claim rows (claims.jsonl) or of ok responses (with their claims)."""

    name: str
    unit: Literal["claim", "response"]
    help: str
    test: Callable[..., bool]


def _claim_count(name: str, help_text: str, test: Callable[[Mapping], bool]) -> Count:
    return Count(name, "claim", help_text, test)


COUNTS: tuple[Count, ...] = (
    Count("responses", "response", "ok responses (failed calls are not responses)", lambda context, claims: True),
    Count("failures", "response", "failed calls, never counted as empty commentary", lambda context, claims: False),
    _claim_count("claims", "extracted claims of every kind", lambda c: True),
    _claim_count("checkable", "claims with a verdict against both panels (supported, recited or refuted)", _checkable),
    _claim_count("distinguishable", "checkable claims whose shown and true values differ beyond the claim's "
                 "tolerance: only these can tell reading from recall", _distinguishable),
    _claim_count("distinguishable_supported", "distinguishable claims exact against the shown panel",
                 lambda c: _distinguishable(c) and c.get("verdict") == "supported"),
    _claim_count("distinguishable_recited", "distinguishable claims exact against the truth and not the shown panel",
                 lambda c: _distinguishable(c) and c.get("verdict") == "recited"),
    *(_claim_count(verdict, f"checkable claims with verdict {verdict}",
                   lambda c, v=verdict: _checkable(c) and c.get("verdict") == v) for verdict in CHECKABLE_VERDICTS),
    *(_claim_count(detail, f"refuted claims with detail {detail}",
                   lambda c, d=detail: _checkable(c) and c.get("detail") == d) for detail in REFUTED_DETAILS),
    _claim_count("unverifiable", "claims with no oracle (causal and refusal claims excluded)",
                 lambda c: c.get("metric") not in TEXT_METRICS and not _checkable(c)),
    _claim_count("causal", "causal claims, counted in their own bucket", lambda c: c.get("metric") == CAUSAL_METRIC),
    _claim_count("refusals", "refusal claims (the answer declined something)", lambda c: c.get("metric") == REFUSAL_METRIC),
    Count("declines", "response", "ok responses under none/probe that correctly decline (under none: a refusal and "
          "no checkable figure; under probe: a refusal of the interior question)",
          lambda context, claims: context in DECLINE_CONTEXTS and correctly_declines(context, claims)),
)
COUNT_NAMES: tuple[str, ...] = tuple(count.name for count in COUNTS)
_CLAIM_COUNTS = tuple(count for count in COUNTS if count.unit == "claim")
_RESPONSE_COUNTS = tuple(count for count in COUNTS if count.unit == "response" and count.name != "failures")


def count_cell(context: str, responses: Sequence[tuple[bool, Sequence[Mapping]]]) -> dict[str, int]:
    """Every count of one cell from its lines: (failed, claim rows of that line) per line."""
    counts = dict.fromkeys(COUNT_NAMES, 0)
    for failed, claims in responses:
        if failed:
            counts["failures"] += 1
            continue
        for count in _RESPONSE_COUNTS:
            counts[count.name] += int(count.test(context, claims))
        for claim in claims:
            for count in _CLAIM_COUNTS:
                counts[count.name] += int(count.test(claim))
    return counts


# ---- metrics: what is computed from the counts ----

MetricKind = Literal["rate", "ratio", "sum", "mean", "weight"]
# A cell row's weighted claims, (weight, leverage, family) each (`extractors.weight`): what a `weight`
# metric estimates from. Not a count: the board's aggregate reads them from claims.jsonl, not cells.csv.
WEIGHT_CLAIMS = "weighted_claims"


@dataclass(frozen=True)
class Metric:
    """One figure of the board and of summary.json.

    rate and ratio: sum(numerator) / sum(denominator) over the cells it applies to (a rate carries a
    bootstrap interval, a ratio does not); sum: the numerator summed; mean: the mean of a per-cell
    value (`numerator` names it) over the cells it applies to that have one; weight: the reading
    weight (`extractors.weight`) of the claims of the cells it applies to, with a bootstrap interval.
    """

    name: str
    header: str
    help: str
    kind: MetricKind
    numerator: str
    denominator: str | None = None
    arms: tuple[str, ...] = ARM_NAMES
    contexts: tuple[str, ...] = CONTEXT_NAMES
    claims: str = ""
    higher_is_better: bool | None = None
    shown: bool = True

    def __post_init__(self) -> None:
        if self.kind in ("rate", "ratio") and self.denominator is None:
            raise ValueError(f"metric {self.name}: a {self.kind} needs a denominator")
        if self.kind == "weight" and (self.numerator != WEIGHT_CLAIMS or self.denominator is not None):
            raise ValueError(f"metric {self.name}: a weight is estimated from {WEIGHT_CLAIMS!r} and has no denominator")
        for count in (self.numerator, self.denominator) if self.kind not in ("mean", "weight") else (self.denominator,):
            if count is not None and count not in COUNT_NAMES:
                raise ValueError(f"metric {self.name}: unknown count {count!r}; known: {', '.join(COUNT_NAMES)}")
        unknown = (set(self.arms) - set(ARM_NAMES)) | (set(self.contexts) - set(CONTEXT_NAMES))
        if unknown:
            raise ValueError(f"metric {self.name}: unknown arm or context {sorted(unknown)}")

    @property
    def interval(self) -> bool:
        return self.kind in ("rate", "weight")

    def applies(self, arm: str, context: str) -> bool:
        return arm in self.arms and context in self.contexts

    def describe(self) -> dict:
        """The definition as summary.json records it."""
        return {"header": self.header, "kind": self.kind, "numerator": self.numerator, "denominator": self.denominator,
                "arms": list(self.arms), "contexts": list(self.contexts), "claims": self.claims,
                "higher_is_better": self.higher_is_better, "help": self.help}

    def value(self, cells: Iterable[Mapping]) -> float | int | None:
        """The metric over cell rows (each with arm, context, the counts and per-cell values);
        None where nothing applies or the denominator is 0 ("—", never 0)."""
        rows = [row for row in cells if self.applies(row["arm"], row["context"])]
        if self.kind == "sum":
            return int(sum(int(row[self.numerator] or 0) for row in rows))
        if self.kind == "mean":
            values = [float(row[self.numerator]) for row in rows if _present(row.get(self.numerator))]
            return round(sum(values) / len(values), RATE_DECIMALS) if values else None
        if self.kind == "weight":
            return point_weight(pair for row in rows for pair in row.get(self.numerator) or ())
        whole = sum(int(row[self.denominator] or 0) for row in rows)
        part = sum(int(row[self.numerator] or 0) for row in rows)
        return round(part / whole, RATE_DECIMALS) if whole else None


def _present(value: object) -> bool:
    if value is None or value == "":
        return False
    try:
        return math.isfinite(float(value))
    except (TypeError, ValueError):
        return False


def _detail_rate(detail: str, shown: bool) -> Metric:
    """A refuted detail's share; read-and-rounded (approx_supported) is neither good nor bad."""
    return Metric(f"{detail}_rate", detail, f"{detail} / checkable claims, every arm", "rate", detail, "checkable",
                  claims="checkable claims", higher_is_better=None if detail == "approx_supported" else False, shown=shown)


PERTURBED = " on the perturbed arms (" + ", ".join(PERTURBED_ARMS) + ")"
METRICS: tuple[Metric, ...] = (
    Metric("read_rate", "read rate (perturbed)",
           "supported / distinguishable checkable claims" + PERTURBED + "; a claim no arm changes says nothing about reading",
           "rate", "distinguishable_supported", "distinguishable", arms=PERTURBED_ARMS,
           claims="distinguishable checkable claims", higher_is_better=True),
    Metric("recited_rate", "recited (perturbed)",
           "recited / distinguishable checkable claims" + PERTURBED + ": exact against the truth, not what was shown",
           "rate", "distinguishable_recited", "distinguishable", arms=PERTURBED_ARMS,
           claims="distinguishable checkable claims", higher_is_better=False),
    Metric("supported_rate", "supported (all arms)", "supported / checkable claims, every arm (on real, reading and "
           "recall agree)", "rate", "supported", "checkable", claims="checkable claims", higher_is_better=True, shown=False),
    *(_detail_rate(detail, shown=detail == "fabricated") for detail in REFUTED_DETAILS),
    Metric("reading_weight", "reading weight",
           "median regression through the origin of claimed - true on shown - true over distinguishable percent and "
           "price claims" + PERTURBED + ", i.e. the |s - t|-weighted median of w = (c - t) / (s - t): 1 read exactly, "
           "0 recited, 0.5 half way between (no tolerance band)", "weight", WEIGHT_CLAIMS, arms=PERTURBED_ARMS,
           claims="distinguishable percent and price claims"),
    Metric("semantic_margin", "semantic read margin",
           "cosine to the shown month's narration minus to the true month's, per perturbed cell, averaged; + read, "
           "- recalled (summary.json semantic_read_margin)", "mean", "semantic_margin", arms=PERTURBED_ARMS,
           claims="every on-topic clause", higher_is_better=True),
    Metric("unverifiable", "unverifiable", "claims with no oracle (causal claims excluded)", "sum", "unverifiable",
           claims="unverifiable claims"),
    Metric("causal", "causal", "causal claims, counted in their own bucket", "sum", "causal", claims="causal claims"),
    Metric("coverage", "coverage (full)", "mean share of the panel's key facts stated correctly, only under full",
           "mean", "coverage", contexts=COVERAGE_CONTEXTS, claims="supported claims", higher_is_better=True),
    Metric("claims_per_response", "claims / response", "extracted claims per answered response", "ratio", "claims",
           "responses", claims="every claim"),
    Metric("declines_rate", "declines (none/probe)", "share of none/probe answers that correctly decline",
           "ratio", "declines", "responses", contexts=DECLINE_CONTEXTS, claims="refusal and checkable claims",
           higher_is_better=True),
    Metric("failures", "failures", "failed calls in the submission, never counted as empty commentary", "sum",
           "failures", claims="none (failed lines)", higher_is_better=False),
)
METRIC_NAMES: tuple[str, ...] = tuple(metric.name for metric in METRICS)
PRIMARY = "read_rate"
# Per-cell values that are not counts: written in cells.csv beside them, averaged by `mean` metrics.
CELL_VALUES: tuple[str, ...] = tuple(m.numerator for m in METRICS if m.kind == "mean")


def metric(name: str) -> Metric:
    """Look a metric up by name, failing loudly on a typo."""
    for candidate in METRICS:
        if candidate.name == name:
            return candidate
    raise KeyError(f"unknown metric {name!r}; known: {', '.join(METRIC_NAMES)}")


def metric_values(cells: Sequence[Mapping]) -> dict[str, float | int | None]:
    return {m.name: m.value(cells) for m in METRICS}
