"""Rewriters: narrator paragraphs reworded while every gold claim survives (one rewriter per file).

`narrator` is the source, `rules` the seeded rule-based rewording; `newswire` and `pathrange` are
hand-written voices committed as data; `llm` paraphrases through an OpenAI-compatible server.
The generated corpora are committed under `data/corpora/` so their dev/test split is fixed in
the data; `python -m builder.rewriters` rewrites them (a test checks they are not stale). The
narrator and the rule rewriter (which load the price panels, hence pandas) are imported only to
regenerate, so reading a corpus (`mcb recall`, and `mcb --help`) stays light.
"""

from __future__ import annotations

from pathlib import Path

from builder.paths import data_dir
from builder.rewriters.base import CorpusItem, Rewriter, read_jsonl, split_of, write_jsonl
from builder.rewriters.handwritten import VOICES, read_voice

GENERATED: tuple[str, ...] = ("narrator", "rules")
HANDWRITTEN: tuple[str, ...] = VOICES

__all__ = ["CorpusItem", "Rewriter", "read_jsonl", "split_of", "write_jsonl", "generated_corpora", "corpus_path"]


def corpus_path(name: str) -> Path:
    return data_dir() / "corpora" / f"{name}.jsonl"


def generated_corpora() -> dict[str, list[CorpusItem]]:
    """The narrator source, its rule-based rewording and the compiled hand-written voices."""
    from builder.rewriters.narrator import source_items
    from builder.rewriters.rules import RuleRewriter

    source = source_items()
    rules = RuleRewriter()
    corpora = {"narrator": source, "rules": [rules(item) for item in source]}
    corpora.update({voice: read_voice(voice) for voice in VOICES})
    return corpora


def write_generated() -> list[Path]:
    written = []
    for name, items in generated_corpora().items():
        path = corpus_path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_jsonl(items, path)
        written.append(path)
    return written
