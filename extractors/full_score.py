"""One scoring call for `mcb score` and the leaderboard, so the two cannot drift.

The claim scorer (`extractors.score`) stays free of embedding models; this adds the semantic read
margin (issue 7) to its summary as `summary["semantic_read_margin"]`. The embedding model is loaded
once per process (`extractors.embeddings.encoder` caches it), not once per submission. The claim
scorer (spaCy) is imported inside the call, as its first step, so the caller's progress shows it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from extractors.metrics import metric
from extractors.progress import SILENT, Steps

if TYPE_CHECKING:
    from contracts.submission import Response
    from extractors.score import ScoreResult
    from extractors.scoring_data import ScoringData

# The registry's per-cell value the margin fills in cells.csv (averaged by the board's margin column).
SEMANTIC_MARGIN = metric("semantic_margin").numerator


def load_extractor(data: ScoringData, steps: Steps = SILENT) -> None:
    """Load spaCy and the rule files for every market of `data` as a step of its own, so the first
    cell's bar does not stand still for the seconds they take."""
    steps.step("loading the claim extractor (spaCy and the rule files)")
    from extractors.extract import extractor_for

    for market in sorted({cell.market for cell in data.cells.values()}):
        extractor_for(market)


def score_with_margin(
    responses: Iterable[Response],
    data: ScoringData,
    model: str | None = None,
    embedding_model: str | Path | None = None,
    semantic: bool = True,
    steps: Steps = SILENT,
) -> ScoreResult:
    """Claims, cells and summary as `score_submission` gives them, plus the semantic read margin
    (`{"error": ...}` in its place when no embedding model loads; absent when `semantic` is False).
    `steps` is told each step: the cells as they are scored, then the margin."""
    responses = list(responses)
    load_extractor(data, steps)
    from extractors.score import score_submission

    steps.step("extracting and checking claims (cells)", total=len(data.cells))
    result = score_submission(responses, data, model=model, on_cell=steps.advance)
    if semantic:
        from extractors.embeddings import SUMMARY_KEY, semantic_summary

        steps.step("semantic read margin (embedding model)")
        margin = semantic_summary(responses, data, embedding_model)
        if not margin.get("error"):
            result = result.with_cell_values(SEMANTIC_MARGIN, margin.get("per_cell") or {})
        result.summary[SUMMARY_KEY] = margin
    return result
