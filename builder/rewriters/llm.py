"""An LLM rewriter: a model paraphrases the paragraph; any paraphrase whose figures changed is rejected.

The completion function is injected (the `mcb paraphrase` command passes the runner's
OpenAI-compatible client), so the builder never imports the runner. The gold claims carry over
unchanged, which is only sound when the paraphrase states exactly the original's figures: the set
of numbers written (value and stated precision, e.g. `8.4` is not `8.40`) must be equal.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from builder.rewriters.base import CorpusItem, Rewriter

PROMPT = (
    "Rewrite the following market commentary in your own words. Keep every number exactly as written "
    "(same digits, same decimals), keep every company, and do not add any new figure. Reply with the "
    "rewritten paragraph only.\n\n{text}"
)
# 1,234.50 (thousands commas) | 4,70 (decimal comma) | 8.4 | 12
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+,\d{1,2}(?!\d)|\d+(?:\.\d+)?)")


def figures(text: str) -> frozenset[str]:
    """The figures a text writes, normalised: thousands commas dropped, decimal commas made dots."""
    out = set()
    for match in _NUMBER.finditer(text):
        number = match.group(1)
        if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", number):
            number = number.replace(",", "")
        else:
            number = number.replace(",", ".")
        out.add(number)
    return frozenset(out)


class Completion(Protocol):
    """What the runner's `ChatClient.complete` returns: text, or a failure with its reason."""

    commentary: str | None
    failure: str | None
    error: str | None


@dataclass(frozen=True)
class Outcome:
    """One paragraph's fate: accepted (with the item), rejected (figures differ) or failed (the call)."""

    source_id: str
    status: str  # "accepted" | "rejected" | "failed"
    item: CorpusItem | None = None
    reason: str = ""


class LLMRewriter(Rewriter):
    """Paraphrases through `complete`; keeps a paraphrase only if its figures equal the original's."""

    def __init__(self, complete: Callable[[str], Completion], model: str) -> None:
        self.complete = complete
        self.name = f"llm:{model}"

    def rewrite(self, item: CorpusItem) -> Outcome:
        result = self.complete(PROMPT.format(text=item.text))
        if result.failure or not result.commentary:
            return Outcome(item.id, "failed", reason=result.error or result.failure or "empty reply")
        text = " ".join(result.commentary.split())
        before, after = figures(item.text), figures(text)
        if before != after:
            lost, added = sorted(before - after), sorted(after - before)
            return Outcome(item.id, "rejected", reason=f"figures differ: lost {lost}, added {added}")
        claims = tuple({**claim, "sentence": ""} for claim in item.claims)
        return Outcome(item.id, "accepted", item=item.reworded(self.name, text, claims))

    def __call__(self, item: CorpusItem) -> CorpusItem | None:
        return self.rewrite(item).item
