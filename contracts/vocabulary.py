"""The benchmark's vocabulary: the one place each name is spelled.

Statuses and failure kinds (submission lines), arms and contexts (cells), claim metrics
(`shared/claims.md`), verdicts and details (DESIGN.md's verdict table), tracks and their
statuses, and the baselines and canaries (submissions whose results are known in advance).
Registries elsewhere (`builder.arms.ARMS`, `builder.contexts.CONTEXTS`,
`extractors.oracle.ORACLES`, `extractors.metrics.METRICS`, `extractors.baselines.BASELINES`,
`extractors.tracks.canaries.CANARIES`) attach behaviour to these names and
check at import that they cover exactly these.
"""

from __future__ import annotations

from typing import Literal, get_args

# ---- submission lines ----
Status = Literal["ok", "failed"]
STATUSES: tuple[str, ...] = get_args(Status)

FailureKind = Literal[
    "too_long",     # refused before sending: the prompt cannot fit the server's context window
    "truncated",    # the server read materially fewer prompt tokens than were sent
    "timeout",      # no reply within --timeout, after retries
    "connection",   # could not reach the server, after retries
    "http",         # the server answered with an HTTP error status
    "empty",        # the reply had no text
    "refusal",      # the API refused (refusal field or content filter)
    "bad_reply",    # the server answered 200 with something that is not a usable chat completion
    "length",       # the reply stopped at the token budget (finish_reason "length"): partial, never scored
]
FAILURE_KINDS: tuple[str, ...] = get_args(FailureKind)

# ---- cells ----
ArmName = Literal["real", "inverted", "damped"]
ARM_NAMES: tuple[str, ...] = get_args(ArmName)
TRUTH_ARM = "real"
# Arms whose shown panel differs from the truth: only there can reading be told from recall.
PERTURBED_ARMS: tuple[str, ...] = tuple(arm for arm in ARM_NAMES if arm != TRUTH_ARM)

ContextName = Literal["full", "sparse", "none", "probe"]
CONTEXT_NAMES: tuple[str, ...] = get_args(ContextName)
# Coverage (share of the panel's key facts stated correctly) only means something where the whole table is shown.
COVERAGE_CONTEXTS: tuple[str, ...] = ("full",)
# Contexts with no interior path to read: the right answer there is to decline.
DECLINE_CONTEXTS: tuple[str, ...] = ("none", "probe")

# ---- the dose-response sweep (the optional `sweep` config) ----
# Arms are one family, shown daily return = k x true daily return (`builder.arms`); the sweep's
# members by name, strongest inversion first: k = -1 (inverted), -0.5, 0.25 (damped), 0.5, 2.
SweepArmName = Literal["inverted", "km0.5", "damped", "k0.5", "k2"]
SWEEP_ARM_NAMES: tuple[str, ...] = get_args(SweepArmName)
SWEEP_CONTEXTS: tuple[str, ...] = ("full", "sparse")
SWEEP_CONFIG = "sweep"
# The config of the default cells; with SWEEP_CONFIG, the configs a submission can answer.
PROMPTS_CONFIG = "prompts"

# ---- claims (shared/claims.md) ----
MetricName = Literal[
    "period_return",
    "direction",
    "price_level",
    "range_low",
    "range_high",
    "max_drawdown",
    "daily_move",
    "volatility",
    "rank",
    "outperformed",
    "up_days",
    "down_days",
    "causal",
    "refusal",
]
METRICS: tuple[str, ...] = get_args(MetricName)
Metric = MetricName  # the claim metric type, under its historical name

RankName = Literal[
    "best_return",
    "worst_return",
    "most_volatile",
    "least_volatile",
    "largest_drawdown",
    "largest_daily_gain",
    "largest_daily_fall",
]
RANKS: tuple[str, ...] = get_args(RankName)

Direction = Literal["up", "down", "flat"]
DIRECTIONS: tuple[str, ...] = get_args(Direction)

Anchor = Literal["start", "end"]
ANCHORS: tuple[str, ...] = get_args(Anchor)

# Metrics whose value is a signed or unsigned percent, as opposed to a price, a count or a word.
PERCENT_METRICS: frozenset[str] = frozenset({"period_return", "max_drawdown", "daily_move", "volatility"})
PRICE_METRICS: frozenset[str] = frozenset({"price_level", "range_low", "range_high"})
COUNT_METRICS: frozenset[str] = frozenset({"up_days", "down_days"})
# percent metrics stated as magnitudes: a drawdown or a volatility is never negative
MAGNITUDE_METRICS: frozenset[str] = frozenset({"max_drawdown", "volatility"})
# Metrics that carry text rather than a checkable value.
TEXT_METRICS: frozenset[str] = frozenset({"causal", "refusal"})
CAUSAL_METRIC, REFUSAL_METRIC = "causal", "refusal"

# ---- verdicts (DESIGN.md) ----
VerdictName = Literal["supported", "recited", "refuted", "unverifiable"]
VERDICTS: tuple[str, ...] = get_args(VerdictName)

DetailName = Literal[
    "supported", "recited", "approx_supported", "approx_recited", "sign_only", "fabricated", "unverifiable"
]
DETAILS: tuple[str, ...] = get_args(DetailName)

# Which primary verdict each detail belongs to.
VERDICT_OF_DETAIL: dict[str, str] = {
    "supported": "supported",
    "recited": "recited",
    "approx_supported": "refuted",
    "approx_recited": "refuted",
    "sign_only": "refuted",
    "fabricated": "refuted",
    "unverifiable": "unverifiable",
}
# Verdicts that count in a rate's denominator.
CHECKABLE_VERDICTS: tuple[str, ...] = ("supported", "recited", "refuted")
# The details of `refuted`, in DESIGN.md's order.
REFUTED_DETAILS: tuple[str, ...] = tuple(d for d in DETAILS if VERDICT_OF_DETAIL[d] == "refuted")

# ---- tracks ----
TrackName = Literal["recall", "relabeled", "masked"]
TRACKS: tuple[str, ...] = get_args(TrackName)

TrackStatus = Literal["pass", "fail", "insufficient"]
TRACK_STATUSES: tuple[str, ...] = get_args(TrackStatus)

# ---- submissions whose results are known in advance ----
# The scorer's canaries, seeded on every board (`extractors.baselines` writes them).
BaselineName = Literal["faithful", "reciter", "fabricator", "blender"]
BASELINE_NAMES: tuple[str, ...] = get_args(BaselineName)

# Each track's canaries and the track status each must get (`extractors.tracks.canaries` writes them).
CANARY_EXPECTED: dict[tuple[str, str], str] = {
    ("recall", "reciter"): "fail",
    ("recall", "persistence"): "pass",
    ("recall", "refuser"): "insufficient",
    ("relabeled", "reader"): "pass",
    ("relabeled", "date-sensitive"): "fail",
    ("masked", "identifier"): "fail",
    ("masked", "guesser"): "pass",
}


def check_registry(kind: str, registered, expected: tuple[str, ...]) -> None:
    """Raise unless a registry's names are exactly the vocabulary's, so the two cannot drift."""
    names = tuple(registered)
    if set(names) != set(expected):
        raise RuntimeError(f"the {kind} registry names {sorted(names)}, the vocabulary {sorted(expected)}")
