"""The source corpus: narrator paragraphs for every window x arm x template, as corpus items.

This is the identity rewording: the narrator's own three templates. The other rewriters start here.
"""

from __future__ import annotations

from builder.rewriters.base import CorpusItem, split_of
from builder.windows import CORPUS_MONTHS, window_paragraphs

NAME = "narrator"


def source_items(months: tuple[tuple[str, str], ...] = CORPUS_MONTHS) -> list[CorpusItem]:
    """Narrator paragraphs in a fixed order; the split hashes the panel (template left out)."""
    items = []
    for wp in window_paragraphs(months):
        panel_key = f"{wp.market}-{wp.month}-{wp.window}-{wp.arm}"
        items.append(CorpusItem(
            id=f"{NAME}-{wp.key}", rewriter=NAME, source=wp.key, market=wp.market, month=wp.month,
            window=wp.window, arm=wp.arm, text=wp.paragraph.text, claims=tuple(wp.paragraph.claims),
            split=split_of(panel_key),
        ))
    return items
