"""A claim's verdict (DESIGN.md's table); the names are spelled in `contracts.vocabulary`."""

from __future__ import annotations

from dataclasses import dataclass

from contracts.vocabulary import CHECKABLE_VERDICTS, DETAILS, VERDICT_OF_DETAIL, VERDICTS

__all__ = ["CHECKABLE_VERDICTS", "DETAILS", "VERDICTS", "VERDICT_OF_DETAIL", "Verdict"]


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
