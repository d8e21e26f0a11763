"""Embedding probes: the semantic read margin of submitted commentary, and section 5.8's memorisation probe.

`semantic_read_margin` catches recitation the number parser cannot see (a true month's story told
without figures); `memorisation_probe` asks whether an embedding model itself encodes the prices.
"""

from extractors.embeddings.read_margin import (
    SUMMARY_KEY,
    compare_read_margins,
    describe_margin,
    semantic_read_margin,
    semantic_summary,
)

__all__ = ["SUMMARY_KEY", "compare_read_margins", "describe_margin", "semantic_read_margin", "semantic_summary"]
