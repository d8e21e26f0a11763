"""The rewriter interface and the corpus item every rewriter reads and writes.

A rewriter takes a paragraph with gold claims and returns the same claims in new wording (or
None when it declines, e.g. an LLM paraphrase that changed a figure). The gold claims travel with
the text, so recall can be measured on wording the extractor has never seen.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace

from contracts.jsonl import read_jsonl as read_rows

SPLITS: tuple[str, ...] = ("dev", "test")


def split_of(key: str) -> str:
    """dev or test, fixed by a hash of `key`: the same key always lands in the same split."""
    return SPLITS[int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:8], 16) % len(SPLITS)]


@dataclass(frozen=True)
class CorpusItem:
    """One paragraph of a paraphrase corpus with its gold claims.

    `source` names the narrator paragraph it rewords (window key); the split follows the source,
    so every rewording of one panel's facts sits on the same side of the dev/test line.
    """

    id: str
    rewriter: str
    source: str
    market: str
    month: str
    window: str
    arm: str
    text: str
    claims: tuple[dict, ...]
    split: str

    def __post_init__(self) -> None:
        if self.split not in SPLITS:
            raise ValueError(f"{self.id}: split must be one of {SPLITS}, not {self.split!r}")
        if not self.text.strip():
            raise ValueError(f"{self.id}: empty text")

    def to_dict(self) -> dict:
        return {
            "id": self.id, "rewriter": self.rewriter, "source": self.source, "split": self.split,
            "market": self.market, "month": self.month, "window": self.window, "arm": self.arm,
            "text": self.text, "claims": [dict(claim) for claim in self.claims],
        }

    @classmethod
    def from_dict(cls, record: dict) -> CorpusItem:
        fields = {key: record[key] for key in ("id", "rewriter", "source", "market", "month", "window", "arm", "text", "split")}
        return cls(claims=tuple(record["claims"]), **fields)

    def reworded(self, rewriter: str, text: str, claims: tuple[dict, ...]) -> CorpusItem:
        """This item's facts in another rewriter's words (same source, same split)."""
        return replace(self, id=f"{rewriter}-{self.source}", rewriter=rewriter, text=text, claims=claims)


class Rewriter(ABC):
    """Rewords a corpus item keeping every gold claim; `name` labels the slice it produces."""

    name: str = ""

    @abstractmethod
    def __call__(self, item: CorpusItem) -> CorpusItem | None:
        """The reworded item, or None when this rewriter cannot keep every figure."""


def write_jsonl(items: list[CorpusItem], path) -> None:
    """One item per line, keys sorted, UTF-8: committed corpora diff cleanly."""
    with open(path, "w", encoding="utf-8") as handle:
        for item in items:
            handle.write(json.dumps(item.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")


def read_jsonl(path) -> list[CorpusItem]:
    return [CorpusItem.from_dict(row) for row in read_rows(path)]
