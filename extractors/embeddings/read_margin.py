"""The semantic read margin: is a response closer in meaning to the month it was shown, or the real one?

The number parser only sees figures; "tech rallied while banks lagged" carries the true month's
story with none. So each response on a perturbed arm is compared with the narrator's direction-rich
prose (scope `full`, figures and all, every template) on the shown panel and on the true panel:
margin = cosine to the shown prose - cosine to the true prose. Positive means closer to what it was
shown (read), negative closer to what really happened (recalled).

Why clauses, not whole paragraphs: a paragraph embedding is dominated by wording, so two templates
of the same month sit further apart than the shown and true prose of one template, and the margin
drowns in style (measured: faithful baseline +0.003, p = 0.31 at paragraph level). So texts are cut
into clauses (sentences split at commas, colons, semicolons, "while" and "and"); each response clause
is matched with its nearest narrator clause on each side, and the margin is the mean over clauses of
(nearest shown - nearest true). Style cancels because both sides carry every template. A clause near
neither side (best cosine below ON_TOPIC_MIN, e.g. a refusal) says nothing about the month and is left
out; a response with no on-topic clause has no margin.

Responses are averaged per cell (samples of one cell are not independent) and the cell means are
tested against zero with a seeded paired permutation test: under the null, "shown" and "true" are
exchangeable labels for each cell, so each cell's margin is equally likely to carry either sign.
On the `real` arm the two panels are one object and the margin is zero by construction: excluded.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Protocol

import numpy as np

from builder.cells import Cell
from builder.panel import Panel
from builder.narrator import TEMPLATES, narrate
from contracts.vocabulary import PERTURBED_ARMS
from extractors.embeddings.encoder import Encoder

REFERENCE_SCOPE = "full"
DEFAULT_PERMUTATIONS = 10_000
DEFAULT_SEED = 0
# Up to this many cells every sign pattern is enumerated (2**16 rows): the p-value is exact.
EXACT_LIMIT = 16
TIE_TOLERANCE = 1e-12
SUMMARY_KEY = "semantic_read_margin"
# A response clause whose nearest narrator clause (either side) is below this cosine is off topic.
ON_TOPIC_MIN = 0.5
MIN_CLAUSE_WORDS = 2
# Sentence ends: punctuation then a capital; "Aug. 14" and "8.4%" stay whole.
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
CLAUSE_BREAK = re.compile(r",\s+|:\s+|;\s+|\s+while\s+|\s+and\s+")


class PanelSource(Protocol):
    """What the margin needs from a dataset: `builder.dataset.BuiltDataset` and the scorer's `ScoringData` both fit."""

    cells: Mapping[str, Cell]

    def shown_panel(self, market: str, month: str, arm: str) -> Panel: ...

    def true_panel(self, market: str, month: str) -> Panel: ...


@dataclass(frozen=True)
class ResponseMargin:
    """One response's margin: None when no clause of it is about the month (e.g. a refusal)."""

    cell_id: str
    sample: int
    market: str
    month: str
    arm: str
    context: str
    margin: float | None


@dataclass(frozen=True)
class PermutationTest:
    """A two-sided sign-flip test of mean(values) = 0."""

    mean: float | None
    p_value: float | None
    n: int
    permutations: int
    exact: bool


@dataclass(frozen=True)
class ReadMargin:
    """The margin of one submission: overall, per arm, per context and per cell, with p-values."""

    model: str
    overall: float | None
    p_value: float | None
    n: int
    responses: int
    per_arm: dict[str, float | None] = field(default_factory=dict)
    per_arm_p_value: dict[str, float | None] = field(default_factory=dict)
    per_context: dict[str, float | None] = field(default_factory=dict)
    per_cell: dict[str, float] = field(default_factory=dict)
    permutations: int = DEFAULT_PERMUTATIONS
    exact: bool = False
    seed: int = DEFAULT_SEED
    off_topic: int = 0
    reference: str = f"narrator prose (scope {REFERENCE_SCOPE}, templates {list(TEMPLATES)}), nearest clause per side"

    def to_dict(self) -> dict:
        return asdict(self)


def _field(record: object, name: str, default: object = None) -> object:
    if isinstance(record, Mapping):
        return record.get(name, default)
    return getattr(record, name, default)


def answered(records: Iterable[object]) -> list[tuple[str, int, str]]:
    """(cell_id, sample, commentary) of every ok line; failed lines are failures, never text."""
    out = []
    for record in records:
        status = _field(record, "status", "ok") or "ok"
        commentary = _field(record, "commentary")
        if status != "ok" or not isinstance(commentary, str) or not commentary.strip():
            continue
        out.append((str(_field(record, "cell_id")), int(_field(record, "sample", 0) or 0), commentary))
    return out


def sentences(text: str) -> list[str]:
    return [part.strip() for part in SENTENCE_BREAK.split(text.strip()) if part.strip()]


def clauses(text: str) -> list[str]:
    """The units compared: clauses of at least MIN_CLAUSE_WORDS words, in order."""
    return [clause.strip() for sentence in sentences(text) for clause in CLAUSE_BREAK.split(sentence)
            if len(clause.split()) >= MIN_CLAUSE_WORDS]


def reference_texts(dataset: PanelSource, market: str, month: str, arm: str) -> tuple[list[str], list[str]]:
    """The narrator's full-scope prose on the shown and on the true panel, one text per template."""
    shown = dataset.shown_panel(market, month, arm)
    truth = dataset.true_panel(market, month)
    return ([narrate(shown, REFERENCE_SCOPE, template).text for template in TEMPLATES],
            [narrate(truth, REFERENCE_SCOPE, template).text for template in TEMPLATES])


def clause_margin(response: np.ndarray, shown: np.ndarray, truth: np.ndarray) -> float | None:
    """Mean over on-topic response clauses of (nearest shown clause - nearest true clause) cosine."""
    if response.size == 0:
        return None
    nearest_shown = (response @ shown.T).max(axis=1)
    nearest_true = (response @ truth.T).max(axis=1)
    on_topic = np.maximum(nearest_shown, nearest_true) >= ON_TOPIC_MIN
    if not on_topic.any():
        return None
    return float(np.mean(nearest_shown[on_topic] - nearest_true[on_topic]))


def _encode_groups(encoder: Encoder, groups: list[list[str]], progress: bool, description: str) -> list[np.ndarray]:
    """Encode many lists of texts in one call (one progress bar), split back per list."""
    flat = [text for group in groups for text in group]
    vectors = encoder.encode(flat, progress=progress, description=description) if flat else np.zeros((0, 0))
    out, start = [], 0
    for group in groups:
        out.append(vectors[start:start + len(group)] if group else np.zeros((0, 0), dtype=np.float32))
        start += len(group)
    return out


def response_margins(records: Iterable[object], dataset: PanelSource, encoder: Encoder,
                     progress: bool = False) -> list[ResponseMargin]:
    """The margin of every answered response on a perturbed arm (None when nothing is on topic)."""
    rows = []
    for cell_id, sample, commentary in answered(records):
        cell = dataset.cells.get(cell_id)
        if cell is None:
            raise KeyError(f"cell {cell_id!r} is not in the dataset")
        if cell.arm in PERTURBED_ARMS:
            rows.append((cell, sample, commentary))
    if not rows:
        return []
    panels = sorted({(cell.market, cell.month, cell.arm) for cell, _, _ in rows})
    reference_groups = []
    for key in panels:
        shown_texts, true_texts = reference_texts(dataset, *key)
        reference_groups.append([clause for text in shown_texts for clause in clauses(text)])
        reference_groups.append([clause for text in true_texts for clause in clauses(text)])
    encoded = _encode_groups(encoder, reference_groups, progress, "encoding narrator prose")
    references = {key: (encoded[2 * index], encoded[2 * index + 1]) for index, key in enumerate(panels)}
    responses = _encode_groups(encoder, [clauses(commentary) for _, _, commentary in rows], progress, "encoding responses")
    margins = []
    for (cell, sample, _), vectors in zip(rows, responses):
        shown, truth = references[(cell.market, cell.month, cell.arm)]
        margins.append(ResponseMargin(cell.cell_id, sample, cell.market, cell.month, cell.arm, cell.context,
                                      clause_margin(vectors, shown, truth)))
    return margins


def sign_flip_test(values: Sequence[float], permutations: int = DEFAULT_PERMUTATIONS,
                   seed: int = DEFAULT_SEED) -> PermutationTest:
    """Two-sided paired permutation test of mean = 0 by flipping signs.

    Exact (every sign pattern) up to EXACT_LIMIT values; otherwise `permutations` seeded draws with
    the observed pattern counted, p = (1 + hits) / (1 + draws), so p is never zero.
    """
    data = np.asarray(values, dtype=float)
    n = int(data.size)
    if n == 0:
        return PermutationTest(None, None, 0, 0, False)
    observed = abs(data.mean())
    if n <= EXACT_LIMIT:
        patterns = ((np.arange(2 ** n)[:, None] >> np.arange(n)) & 1) * 2 - 1
        means = np.abs(patterns @ data) / n
        p_value = float(np.mean(means >= observed - TIE_TOLERANCE))
        return PermutationTest(float(data.mean()), p_value, n, 2 ** n, True)
    rng = np.random.default_rng(seed)
    hits, drawn, chunk = 0, 0, 2_000
    while drawn < permutations:
        size = min(chunk, permutations - drawn)
        signs = rng.choice(np.array([-1.0, 1.0]), size=(size, n))
        hits += int(np.sum(np.abs(signs @ data) / n >= observed - TIE_TOLERANCE))
        drawn += size
    return PermutationTest(float(data.mean()), (1 + hits) / (1 + permutations), n, permutations, False)


def paired_permutation_test(first: Sequence[float], second: Sequence[float], permutations: int = DEFAULT_PERMUTATIONS,
                            seed: int = DEFAULT_SEED) -> PermutationTest:
    """Is mean(first - second) zero? Pairs are swapped at random under the null."""
    if len(first) != len(second):
        raise ValueError(f"paired samples differ in length: {len(first)} vs {len(second)}")
    return sign_flip_test(np.asarray(first, dtype=float) - np.asarray(second, dtype=float), permutations, seed)


def cell_means(margins: Iterable[ResponseMargin]) -> dict[str, float]:
    """Mean margin per cell over its samples, cells in sorted order."""
    sums: dict[str, list[float]] = {}
    for row in margins:
        if row.margin is None:
            continue
        sums.setdefault(row.cell_id, []).append(row.margin)
    return {cell: float(np.mean(values)) for cell, values in sorted(sums.items())}


def _mean(values: list[float]) -> float | None:
    return float(np.mean(values)) if values else None


def summarise(margins: Sequence[ResponseMargin], model: str, permutations: int = DEFAULT_PERMUTATIONS,
              seed: int = DEFAULT_SEED) -> ReadMargin:
    """Aggregate response margins per cell, then per arm, per context and overall, with tests."""
    per_cell = cell_means(margins)
    arm_of = {row.cell_id: row.arm for row in margins}
    context_of = {row.cell_id: row.context for row in margins}
    overall = sign_flip_test(list(per_cell.values()), permutations, seed)
    per_arm, per_arm_p = {}, {}
    for arm in PERTURBED_ARMS:
        values = [value for cell, value in per_cell.items() if arm_of[cell] == arm]
        test = sign_flip_test(values, permutations, seed)
        per_arm[arm], per_arm_p[arm] = test.mean, test.p_value
    contexts = sorted(set(context_of.values()))
    per_context = {context: _mean([v for cell, v in per_cell.items() if context_of[cell] == context]) for context in contexts}
    off_topic = sum(1 for row in margins if row.margin is None)
    return ReadMargin(model=model, overall=overall.mean, p_value=overall.p_value, n=overall.n, responses=len(margins),
                      off_topic=off_topic,
                      per_arm=per_arm, per_arm_p_value=per_arm_p, per_context=per_context, per_cell=per_cell,
                      permutations=overall.permutations, exact=overall.exact, seed=seed)


def semantic_read_margin(records: Iterable[object], dataset: PanelSource, model: str | Path | None = None,
                         encoder: Encoder | None = None, permutations: int = DEFAULT_PERMUTATIONS,
                         seed: int = DEFAULT_SEED, progress: bool = False) -> dict:
    """`summary.json`'s `semantic_read_margin`: overall, per_arm, p_value, n (cells) and more.

    `records` are submission lines (mappings or objects with cell_id, commentary, sample, status).
    `model` is any sentence-transformers path; default the bundled all-MiniLM-L6-v2.
    """
    encoder = encoder or Encoder.create(model)
    margins = response_margins(records, dataset, encoder, progress=progress)
    return summarise(margins, encoder.label, permutations, seed).to_dict()


def semantic_summary(records: Iterable[object], dataset: PanelSource, model: str | Path | None = None) -> dict:
    """For `summary.json`: the margin, or `{"error": ...}` when no embedding model can be loaded.

    A missing model must not cost the user the rest of the score, and must not pass for a result.
    """
    from extractors.embeddings.encoder import EncoderError

    try:
        return semantic_read_margin(records, dataset, model=model)
    except EncoderError as error:
        return {"error": str(error), "overall": None, "p_value": None, "n": 0}


def compare_read_margins(first: Mapping[str, float], second: Mapping[str, float], permutations: int = DEFAULT_PERMUTATIONS,
                         seed: int = DEFAULT_SEED) -> dict:
    """Two submissions' per-cell margins, paired on the cells both answered: difference and p-value."""
    shared = sorted(set(first) & set(second))
    test = paired_permutation_test([first[c] for c in shared], [second[c] for c in shared], permutations, seed)
    return {"difference": test.mean, "p_value": test.p_value, "n": test.n, "exact": test.exact}


def format_margin(value: float | None) -> str:
    """A margin for tables: signed, three decimals, or an em dash when there is nothing to measure."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    return f"{value:+.3f}"


def describe_margin(summary: Mapping) -> str:
    """One line for a console: the margin, its p-value and cell count, or the error that stopped it."""
    if summary.get("error"):
        return f"not computed ({summary['error']})"
    if summary.get("overall") is None:
        return "— (no on-topic response on a perturbed arm)"
    return f"{format_margin(summary['overall'])} (p = {summary['p_value']:.3g}, {summary['n']} cells; + read, - recalled)"
