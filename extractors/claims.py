"""The claim: one atomic statement of commentary, in the `shared/claims.md` vocabulary.

Validated when constructed, so a bad metric or value fails here and not three modules later.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date as Date

from builder.vocabulary import ANCHORS, COUNT_METRICS, DIRECTIONS, METRICS, PERCENT_METRICS, PRICE_METRICS, RANKS, TEXT_METRICS
from contracts.vocabulary import MAGNITUDE_METRICS

EXTREMES: tuple[str, ...] = ("largest",)


class ClaimError(ValueError):
    """A claim whose fields break the claims.md vocabulary."""


@dataclass(frozen=True)
class Claim:
    """One claim: a subject (`ticker`, None for index or market material), a metric and a value.

    `decimals` is the stated precision of a numeric value (tolerance follows it); `start`/`end` are
    the character offsets of `text` in the extractor's input, so a viewer can highlight the span;
    `rules` are the ids of the extractor rules that made the claim (extractors/rules/*.toml).
    """

    ticker: str | None
    metric: str
    value: float | int | str
    decimals: int | None = None
    date: Date | None = None
    anchor: str | None = None
    extreme: str | None = None
    text: str = ""
    sentence: str = ""
    start: int = -1
    end: int = -1
    rules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.metric not in METRICS:
            raise ClaimError(f"unknown metric {self.metric!r}; known: {', '.join(METRICS)}")
        if self.ticker is not None and (not isinstance(self.ticker, str) or not self.ticker):
            raise ClaimError(f"ticker must be a non-empty string or None, not {self.ticker!r}")
        value = self.value
        if self.metric in PERCENT_METRICS or self.metric in PRICE_METRICS:
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ClaimError(f"{self.metric} needs a finite number, not {value!r}")
            if self.metric in PRICE_METRICS and value <= 0:
                raise ClaimError(f"{self.metric} is a price and must be positive, not {value!r}")
            if self.metric in MAGNITUDE_METRICS and value < 0:
                raise ClaimError(f"{self.metric} is a magnitude and must not be negative, not {value!r}")
        elif self.metric in COUNT_METRICS:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ClaimError(f"{self.metric} needs a non-negative integer count, not {value!r}")
        elif self.metric == "direction" and value not in DIRECTIONS:
            raise ClaimError(f"direction must be one of {', '.join(DIRECTIONS)}, not {value!r}")
        elif self.metric == "rank" and value not in RANKS:
            raise ClaimError(f"rank must be one of {', '.join(RANKS)}, not {value!r}")
        elif self.metric == "outperformed" and (not isinstance(value, str) or not value):
            raise ClaimError(f"outperformed needs the other ticker, not {value!r}")
        elif self.metric in TEXT_METRICS and not isinstance(value, str):
            raise ClaimError(f"{self.metric} carries text, not {value!r}")
        if self.decimals is not None and (isinstance(self.decimals, bool) or not isinstance(self.decimals, int) or self.decimals < 0):
            raise ClaimError(f"decimals must be a non-negative integer or None, not {self.decimals!r}")
        if self.date is not None and not isinstance(self.date, Date):
            raise ClaimError(f"date must be a datetime.date, not {self.date!r}")
        if self.anchor is not None and self.anchor not in ANCHORS:
            raise ClaimError(f"anchor must be one of {', '.join(ANCHORS)}, not {self.anchor!r}")
        if self.extreme is not None and self.extreme not in EXTREMES:
            raise ClaimError(f"extreme must be one of {', '.join(EXTREMES)}, not {self.extreme!r}")

    @property
    def is_numeric(self) -> bool:
        return self.metric in PERCENT_METRICS or self.metric in PRICE_METRICS or self.metric in COUNT_METRICS

    def to_dict(self) -> dict:
        """The claims.md fields (date as ISO text), plus decimals and the span offsets."""
        return {
            "ticker": self.ticker,
            "metric": self.metric,
            "value": self.value,
            "date": self.date.isoformat() if self.date else None,
            "anchor": self.anchor,
            "extreme": self.extreme,
            "text": self.text,
            "sentence": self.sentence,
            "decimals": self.decimals,
            "start": self.start,
            "end": self.end,
            "rules": list(self.rules),
        }

    @classmethod
    def from_dict(cls, record: dict) -> Claim:
        """Inverse of `to_dict`; also reads the narrator's gold claims (which lack the span fields)."""
        when = record.get("date")
        if isinstance(when, str):
            when = Date.fromisoformat(when)
        return cls(
            ticker=record.get("ticker"),
            metric=record["metric"],
            value=record["value"],
            decimals=record.get("decimals"),
            date=when,
            anchor=record.get("anchor"),
            extreme=record.get("extreme"),
            text=record.get("text", ""),
            sentence=record.get("sentence", ""),
            start=record.get("start", -1),
            end=record.get("end", -1),
            rules=tuple(record.get("rules", ())),
        )
