"""Dataset configs for the recall measurement: the paraphrase corpora and the measured figures.

Both read committed data under `data/corpora/`, not the build's panels: the corpora and their
dev/test split are fixed in the data, and the figures are measured by `mcb recall --write-figures`
(the builder never imports the extractor) and checked against a fresh measurement by a test.
"""

from __future__ import annotations

import json

import pyarrow as pa

from builder.paths import data_dir
from builder.rewriters import GENERATED, HANDWRITTEN, corpus_path, read_jsonl

FIGURES_FILE = "recall_figures.json"
PARAPHRASE_CORPORA: tuple[str, ...] = (*GENERATED, *HANDWRITTEN)


def _field(name: str, kind: pa.DataType, description: str) -> pa.Field:
    return pa.field(name, kind, metadata={"description": description})


PARAPHRASES_SCHEMA = pa.schema([
    _field("id", pa.string(), "paragraph id: `{rewriter}-{market}-{month}-{window}-{arm}[-t{template}]`"),
    _field("rewriter", pa.string(), "`narrator` (source), `rules` (seeded rule-based), `newswire` / `pathrange` (hand-written voices)"),
    _field("source", pa.string(), "the window paragraph this one rewords"),
    _field("split", pa.string(), "`dev` or `test`, by a hash of the window (every rewording of one window on the same side); extractor rules may only come from dev"),
    _field("market", pa.string(), "universe name: `us` or `lisbon`"),
    _field("month", pa.string(), "the shipped month the window lies in, `YYYY-MM`"),
    _field("window", pa.string(), "`month`, `first10` or `last10` sessions of the month"),
    _field("arm", pa.string(), "`real`, `inverted` or `damped` (applied to the window)"),
    _field("text", pa.string(), "the paragraph"),
    _field("claims_json", pa.string(), "gold claims (claims.md vocabulary) as a JSON list, with stated `decimals`"),
])

FIGURES_SCHEMA = pa.schema([
    _field("corpus", pa.string(), "`paraphrases`, `commentary_dev` (labelled commentaries in 15 LLM-like voices, written for the project) or `real` (labelled LLM-written commentary, texts not shipped)"),
    _field("rewriter", pa.string(), "which rewording (`narrator`, `rules`, `newswire`, `pathrange`; `llm-written` for real)"),
    _field("market", pa.string(), "`us`, `lisbon`, or `other` (a ticker outside both universes)"),
    _field("metric", pa.string(), "claim metric (claims.md)"),
    _field("split", pa.string(), "`dev` or `test`"),
    _field("gold", pa.int64(), "gold claims in the slice"),
    _field("found", pa.int64(), "gold claims the extractor matched (ticker, metric, value within stated precision)"),
    _field("extracted", pa.int64(), "ticker claims the extractor emitted in the slice"),
    _field("correct", pa.int64(), "extracted claims that matched a gold claim"),
    _field("recall", pa.float64(), "found / gold (null when gold is 0)"),
    _field("precision", pa.float64(), "correct / extracted (null when nothing was extracted)"),
])


def paraphrases_table(inputs) -> pa.Table:
    """Every committed paraphrase corpus, in a fixed order (independent of the build's months)."""
    rows = []
    for name in PARAPHRASE_CORPORA:
        for item in read_jsonl(corpus_path(name)):
            record = item.to_dict()
            claims = record.pop("claims")
            rows.append({**record, "claims_json": json.dumps(claims, sort_keys=True, ensure_ascii=False)})
    return pa.Table.from_pylist(rows, schema=PARAPHRASES_SCHEMA)


def recall_figures_table(inputs) -> pa.Table:
    """The committed per-slice recall and precision (`data/corpora/recall_figures.json`)."""
    path = data_dir() / "corpora" / FIGURES_FILE
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: measure it with `mcb recall --write-figures`")
    figures = json.loads(path.read_text(encoding="utf-8"))
    names = FIGURES_SCHEMA.names
    return pa.Table.from_pylist([{name: row[name] for name in names} for row in figures["slices"]], schema=FIGURES_SCHEMA)
