"""One scoring call for `mcb score` and the leaderboard, so the two cannot drift.

The claim scorer (`extractors.score`) stays free of embedding models; this adds the semantic read
margin (issue 7) to its summary as `summary["semantic_read_margin"]`. The embedding model is loaded
once per process (`extractors.embeddings.encoder` caches it), not once per submission.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from extractors.metrics import metric
from extractors.score import ScoreResult, score_submission
from extractors.scoring_data import ScoringData
from contracts.submission import Response

# The registry's per-cell value the margin fills in cells.csv (averaged by the board's margin column).
SEMANTIC_MARGIN = metric("semantic_margin").numerator


def score_with_margin(
    responses: Iterable[Response],
    data: ScoringData,
    model: str | None = None,
    embedding_model: str | Path | None = None,
    semantic: bool = True,
) -> ScoreResult:
    """Claims, cells and summary as `score_submission` gives them, plus the semantic read margin
    (`{"error": ...}` in its place when no embedding model loads; absent when `semantic` is False)."""
    responses = list(responses)
    result = score_submission(responses, data, model=model)
    if semantic:
        from extractors.embeddings import SUMMARY_KEY, semantic_summary

        margin = semantic_summary(responses, data, embedding_model)
        if not margin.get("error"):
            result = result.with_cell_values(SEMANTIC_MARGIN, margin.get("per_cell") or {})
        result.summary[SUMMARY_KEY] = margin
    return result
