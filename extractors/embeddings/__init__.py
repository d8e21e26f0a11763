"""Embedding probes: the semantic read margin of submitted commentary, and section 5.8's memorisation probe.

`semantic_read_margin` catches recitation the number parser cannot see (a true month's story told
without figures); `memorisation_probe` asks whether an embedding model itself encodes the prices.
The names below load on first use (PEP 562), so importing the package does not load the models' stack.
"""

from __future__ import annotations

import importlib

__all__ = ["SUMMARY_KEY", "compare_read_margins", "describe_margin", "semantic_read_margin", "semantic_summary"]


def __getattr__(name: str):
    if name in __all__:
        return getattr(importlib.import_module("extractors.embeddings.read_margin"), name)
    raise AttributeError(f"module 'extractors.embeddings' has no attribute {name!r}")
