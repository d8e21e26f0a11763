"""Verdict and detail names (DESIGN.md's table): the one module that spells them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

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


@dataclass(frozen=True)
class Verdict:
    """A claim's two checks, read together.

    `distinguishable` is False when nothing could separate reading from recall for this claim: on
    the real arm, or when the shown and true values agree within the claim's tolerance.
    """

    verdict: str
    detail: str
    shown_value: float | int | str | None = None
    true_value: float | int | str | None = None
    distinguishable: bool = False

    def __post_init__(self) -> None:
        if self.detail not in DETAILS:
            raise ValueError(f"unknown detail {self.detail!r}; known: {', '.join(DETAILS)}")
        if VERDICT_OF_DETAIL[self.detail] != self.verdict:
            raise ValueError(f"detail {self.detail!r} belongs to verdict {VERDICT_OF_DETAIL[self.detail]!r}, not {self.verdict!r}")

    @classmethod
    def of(cls, detail: str, shown_value=None, true_value=None, distinguishable: bool = False) -> Verdict:
        return cls(VERDICT_OF_DETAIL[detail], detail, shown_value, true_value, distinguishable)

    def to_dict(self) -> dict:
        return {
            "verdict": self.verdict,
            "detail": self.detail,
            "shown_value": self.shown_value,
            "true_value": self.true_value,
            "distinguishable": self.distinguishable,
        }
