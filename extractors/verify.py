"""Verification: each claim computed against the shown panel and the true panel, read together.

Follows DESIGN.md's verdict table. `shown` is exactly what the cell's prompt displayed (its
rounding, its sessions: `builder.display`), `true` the source prices. Both are always the full
month, whatever the context showed: a claim about the unseen interior under `sparse`/`probe` is
checked against the shown interior at the displayed precision, and one that matches only the truth
is recital. On the `real` arm the two differ by rounding alone, so no claim there is distinguishable.
"""

from __future__ import annotations

from builder.panel import Panel
from extractors.claims import Claim
from extractors.oracle import EPSILON, ORACLES, Answer, same_sign, tolerance, view_of, within_band
from extractors.verdicts import Verdict


UNVERIFIABLE = Verdict.of("unverifiable")


def _nearest(answer: Answer):
    """The candidate closest to what was claimed (the one a reader would compare with)."""
    if len(answer.candidates) == 1:
        return answer.candidates[0]
    if isinstance(answer.claimed, str):
        return next((c for c in answer.candidates if c == answer.claimed), answer.candidates[0])
    return min(answer.candidates, key=lambda c: abs(float(c) - float(answer.claimed)))


def _plain(value):
    """numpy scalars become plain JSON-ready numbers."""
    if isinstance(value, str) or value is None:
        return value
    return int(value) if float(value).is_integer() and not isinstance(value, float) else round(float(value), 6)


def verify(claim: Claim, shown: Panel, true: Panel) -> Verdict:
    """The verdict of one claim; `shown` is the panel the prompt displayed, `true` the source prices."""
    oracle = ORACLES.get(claim.metric)
    if oracle is None or claim.ticker is None:
        return UNVERIFIABLE
    shown_answer = oracle.compute(claim, view_of(shown))
    true_answer = oracle.compute(claim, view_of(true))
    if shown_answer is None or true_answer is None or not shown_answer.candidates or not true_answer.candidates:
        return UNVERIFIABLE
    kind, claimed = oracle.kind, shown_answer.claimed
    shown_candidates, true_candidates = shown_answer.candidates, true_answer.candidates
    shown_value, true_value = _nearest(shown_answer), _nearest(true_answer)
    # within_tolerance, with the claim's tolerance computed once
    if kind == "label":
        exact_shown = any(claimed == c for c in shown_candidates)
        exact_true = any(claimed == c for c in true_candidates)
        indistinct = shown is true or shown.arm == "real" or any(s == t for s in shown_candidates for t in true_candidates)
    else:
        limit, stated = tolerance(claim) + EPSILON, float(claimed)
        exact_shown = any(abs(stated - float(c)) <= limit for c in shown_candidates)
        exact_true = any(abs(stated - float(c)) <= limit for c in true_candidates)
        indistinct = shown is true or shown.arm == "real" or any(
            abs(float(s) - float(t)) <= limit for s in shown_candidates for t in true_candidates
        )
    if exact_shown:
        detail = "supported"
    elif exact_true:
        detail = "recited"
    elif any(within_band(claim, kind, claimed, c) for c in shown_candidates):
        detail = "approx_supported"
    elif any(within_band(claim, kind, claimed, c) for c in true_candidates):
        detail = "approx_recited"
    elif kind == "percent" and same_sign(claim, claimed, shown_value):
        detail = "sign_only"
    else:
        detail = "fabricated"
    return Verdict.of(detail, _plain(shown_value), _plain(true_value), distinguishable=not indistinct)
