"""Recall and precision of the extractor against corpora with known answers, per slice.

The seed's first result was withdrawn because the parser found a quarter of what it was handed
and nobody had measured it. Here every corpus paragraph carries gold claims; the extractor's
claims are matched to them one to one, and recall (gold found) and precision (extracted claims
that are gold) are counted per slice: corpus x rewriter x market x metric.

A claim matches when ticker, metric and value agree: numbers numerically, within half a unit of
the gold claim's stated precision ("8.4" matches 8.35..8.45); ranks, directions and the other
ticker of `outperformed` exactly; `causal` on ticker alone (its value is free text); `refusal`
on the metric alone. Dates and anchors are reported but not required.

Real commentary names tickers outside both universes (AAPL, BAC, ...). They are measured like
any other claim, in market slice `other`: the scorer needs them extracted (it marks them
unverifiable), so a missed Apple claim is a miss. Extracted claims without a ticker (index and
market material) are not ticker claims: they are counted apart, neither true nor false.

Corpora: `paraphrases` (narrator prose and its rewriters, hand-written voices), `commentary_dev`
(120 labelled commentaries in 15 LLM-like voices, `data/corpora/commentary_dev/`, split as its
README fixes: within each voice, every fourth by sha256 of the id is test), `voices` (48 held-out
commentaries in 12 voices no other corpus holds, `data/corpora/voices/`: within each voice x market,
every second by sha256 of the id is test) and `real` (genuine LLM paragraphs, labels committed, texts
read from `shared/`). `data/corpora/recall_floors.toml` holds
the floor each corpus x rewriter must reach on each split; the test suite fails below it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from builder.paths import PROJECT_ROOT, data_dir
from builder.rewriters.base import SPLITS, CorpusItem, read_jsonl
from builder.universes import all_universes
from builder.vocabulary import COUNT_METRICS, PERCENT_METRICS, PRICE_METRICS
from contracts.jsonl import read_jsonl as read_rows

CORPORA_DIR = "corpora"
PARAPHRASE_FILES: tuple[str, ...] = ("narrator.jsonl", "rules.jsonl", "newswire.jsonl", "pathrange.jsonl")
REAL_LABELS_FILE = "real_commentary_labels.jsonl"
FIGURES_FILE = "recall_figures.json"
DEFAULT_REAL_TEXTS = PROJECT_ROOT.parent / "shared" / "data" / "real_commentary" / "commentary.jsonl"
COMMENTARY_DEV_FILE = "commentary_dev/commentary.jsonl"
VOICES_FILE = "voices/commentary.jsonl"
FLOORS_FILE = "recall_floors.toml"
CORPORA: tuple[str, ...] = ("paraphrases", "commentary_dev", "voices", "real")
OTHER_MARKET = "other"
NUMERIC_METRICS = PERCENT_METRICS | PRICE_METRICS | COUNT_METRICS
RECALL_TARGET = 0.95
PRECISION_TARGET = 0.98


class RecallError(ValueError):
    """A corpus or label file that cannot be measured (missing texts, unknown ids, bad splits)."""


@dataclass(frozen=True)
class GoldParagraph:
    """One text with its gold claims, and where it belongs in the slice table."""

    id: str
    corpus: str
    rewriter: str
    market: str  # the paragraph's market; real commentary slices by each claim's ticker instead
    split: str
    text: str
    claims: tuple[dict, ...]
    universe: str = "us"
    month: str | None = None
    arm: str | None = None  # the cell's arm where the corpus knows it, so verdicts can be checked


@dataclass(frozen=True)
class SliceKey:
    corpus: str
    rewriter: str
    market: str
    metric: str

    def label(self) -> str:
        return f"{self.corpus}/{self.rewriter}/{self.market}/{self.metric}"


@dataclass(frozen=True)
class Finding:
    """A gold claim the extractor missed, or an extracted claim no gold claim matches."""

    kind: str  # "miss" | "false"
    paragraph: str
    claim: dict
    sentence: str


@dataclass
class Tally:
    gold: int = 0
    found: int = 0
    extracted: int = 0
    correct: int = 0

    @property
    def recall(self) -> float:
        return self.found / self.gold if self.gold else math.nan

    @property
    def precision(self) -> float:
        return self.correct / self.extracted if self.extracted else math.nan


@dataclass
class RecallReport:
    """Tallies per slice plus every miss and false claim, so a reader can see why."""

    split: str
    tallies: dict[SliceKey, Tally] = field(default_factory=dict)
    findings: list[tuple[SliceKey, Finding]] = field(default_factory=list)
    paragraphs: int = 0
    untickered: int = 0

    def tally(self, key: SliceKey) -> Tally:
        return self.tallies.setdefault(key, Tally())

    def rows(self) -> list[dict]:
        """One row per slice, sorted, numbers rounded for display and for the committed figures."""
        out = []
        for key in sorted(self.tallies, key=lambda k: (k.corpus, k.rewriter, k.market, k.metric)):
            t = self.tallies[key]
            out.append({
                "corpus": key.corpus, "rewriter": key.rewriter, "market": key.market, "metric": key.metric,
                "split": self.split, "gold": t.gold, "found": t.found, "extracted": t.extracted, "correct": t.correct,
                "recall": None if math.isnan(t.recall) else round(t.recall, 4),
                "precision": None if math.isnan(t.precision) else round(t.precision, 4),
            })
        return out

    def rollup(self, by: tuple[str, ...] = ("corpus", "rewriter", "market")) -> list[dict]:
        """Tallies summed over the fields not in `by` (e.g. all metrics of one corpus x rewriter x market)."""
        merged: dict[tuple, Tally] = {}
        for key, t in self.tallies.items():
            group = tuple(getattr(key, name) for name in by)
            total = merged.setdefault(group, Tally())
            total.gold += t.gold
            total.found += t.found
            total.extracted += t.extracted
            total.correct += t.correct
        rows = []
        for group in sorted(merged):
            t = merged[group]
            rows.append({**dict(zip(by, group)), "split": self.split, "gold": t.gold, "found": t.found,
                         "extracted": t.extracted, "correct": t.correct,
                         "recall": None if math.isnan(t.recall) else round(t.recall, 4),
                         "precision": None if math.isnan(t.precision) else round(t.precision, 4)})
        return rows


def _decimals_of(value: float) -> int:
    text = repr(float(value))
    return 0 if text.endswith(".0") else len(text.split(".")[1])


def values_agree(metric: str, gold, got, gold_decimals: int | None) -> bool:
    """Numbers within half a unit of the gold's stated precision; everything else exactly."""
    if metric == "causal":
        return True
    if metric == "refusal":
        return True
    if metric in NUMERIC_METRICS:
        if isinstance(got, bool) or not isinstance(got, (int, float)):
            return False
        decimals = gold_decimals if gold_decimals is not None else _decimals_of(gold)
        return abs(float(gold) - float(got)) <= 0.5 * 10 ** -decimals + 1e-9
    return gold == got


def claims_match(gold: dict, got: dict) -> bool:
    if gold["metric"] != got["metric"]:
        return False
    if gold["metric"] != "refusal" and gold.get("ticker") != got.get("ticker"):
        return False
    return values_agree(gold["metric"], gold["value"], got["value"], gold.get("decimals"))


def _preference(gold: dict, got: dict) -> int:
    """Among matching candidates, prefer the one whose date and anchor also agree."""
    return sum(1 for name in ("date", "anchor") if gold.get(name) and gold.get(name) == got.get(name))


def match(gold: Iterable[dict], extracted: Iterable[dict]) -> tuple[list[tuple[dict, dict]], list[dict], list[dict]]:
    """One-to-one greedy matching: (pairs, missed gold, false extracted)."""
    free = list(extracted)
    pairs, missed = [], []
    for claim in gold:
        candidates = [index for index, got in enumerate(free) if claims_match(claim, got)]
        if not candidates:
            missed.append(claim)
            continue
        best = max(candidates, key=lambda index: _preference(claim, free[index]))
        pairs.append((claim, free.pop(best)))
    return pairs, missed, free


def market_of_ticker(ticker: str | None) -> str:
    """The universe a ticker belongs to, or `other` (outside every universe)."""
    if ticker is None:
        return OTHER_MARKET
    for name, universe in all_universes().items():
        if ticker in universe.names:
            return name
    return OTHER_MARKET


Extract = Callable[[str, str, str | None], list[dict]]


def default_extract(text: str, universe: str, month: str | None) -> list[dict]:
    """The committed extractor, imported late so that loading corpora never needs spaCy."""
    from extractors import extract_claims

    return [claim.to_dict() for claim in extract_claims(text, universe, month)]


def measure(paragraphs: Iterable[GoldParagraph], split: str, extract: Extract = default_extract) -> RecallReport:
    """Run the extractor on every paragraph of `split` and tally matches per slice."""
    if split not in SPLITS:
        raise RecallError(f"split must be one of {', '.join(SPLITS)}, not {split!r}")
    report = RecallReport(split=split)
    for paragraph in paragraphs:
        if paragraph.split != split:
            continue
        report.paragraphs += 1
        extracted = extract(paragraph.text, paragraph.universe, paragraph.month)
        ticker_claims = [c for c in extracted if c.get("ticker") is not None or c["metric"] == "refusal"]
        report.untickered += len(extracted) - len(ticker_claims)
        pairs, missed, false = match(paragraph.claims, ticker_claims)

        def key_for(claim: dict) -> SliceKey:
            market = market_of_ticker(claim.get("ticker")) if paragraph.corpus == "real" else paragraph.market
            return SliceKey(paragraph.corpus, paragraph.rewriter, market, claim["metric"])

        for gold, _ in pairs:
            tally = report.tally(key_for(gold))
            tally.gold += 1
            tally.found += 1
        for gold, got in pairs:
            tally = report.tally(key_for(got))
            tally.extracted += 1
            tally.correct += 1
        for gold in missed:
            report.tally(key_for(gold)).gold += 1
            where = gold.get("sentence") or _excerpt(paragraph.text)
            report.findings.append((key_for(gold), Finding("miss", paragraph.id, gold, where)))
        for got in false:
            report.tally(key_for(got)).extracted += 1
            report.findings.append((key_for(got), Finding("false", paragraph.id, got, got.get("sentence", ""))))
    return report


def _excerpt(text: str, limit: int = 240) -> str:
    """Where a gold claim without a sentence (real labels) lies: the paragraph, shortened for display."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def corpora_dir() -> Path:
    return data_dir() / CORPORA_DIR


def _from_item(item: CorpusItem) -> GoldParagraph:
    return GoldParagraph(
        id=item.id, corpus="paraphrases", rewriter=item.rewriter, market=item.market, split=item.split,
        text=item.text, claims=item.claims, universe=item.market, month=item.month,
    )


def paraphrase_paragraphs(extra: Iterable[Path] = ()) -> list[GoldParagraph]:
    """The committed paraphrase corpora, plus any extra files in the same schema (e.g. `mcb paraphrase` output)."""
    paths = [corpora_dir() / name for name in PARAPHRASE_FILES] + [Path(p) for p in extra]
    out = []
    for path in paths:
        if not path.exists():
            raise RecallError(f"paraphrase corpus {path} is missing")
        out.extend(_from_item(item) for item in read_jsonl(path))
    return out


def read_real_labels(path: Path | None = None) -> list[dict]:
    path = path or corpora_dir() / REAL_LABELS_FILE
    return read_rows(path)


def real_paragraphs(texts: Path | None = None, labels: Path | None = None) -> list[GoldParagraph]:
    """Labels joined to the third-party texts by id; the texts are read where they lie, never copied."""
    texts = Path(texts) if texts else DEFAULT_REAL_TEXTS
    if not texts.exists():
        raise RecallError(
            f"real commentary texts not found at {texts}: the labels are committed, the third-party texts are not. "
            "Pass --texts PATH to commentary.jsonl (shared/data/real_commentary/ beside the project)."
        )
    by_id = {record["id"]: record for record in read_rows(texts)}
    out = []
    for label in read_real_labels(labels):
        record = by_id.get(label["id"])
        if record is None:
            raise RecallError(f"label {label['id']!r} has no text in {texts}")
        out.append(GoldParagraph(
            id=label["id"], corpus="real", rewriter="llm-written", market=OTHER_MARKET, split=label["split"],
            text=record["text"], claims=tuple(label["claims"]), universe=label.get("universe", "us"), month=None,
        ))
    return out


def commentary_dev_split(records: Iterable[dict]) -> dict[str, str]:
    """The corpus README's fixed split: within each voice, sorted by sha256 of the id, positions 0, 4, 8, ...
    are test, the rest dev."""
    import hashlib

    by_voice: dict[str, list[str]] = {}
    for record in records:
        by_voice.setdefault(record["voice"], []).append(record["id"])
    split = {}
    for ids in by_voice.values():
        for position, key in enumerate(sorted(ids, key=lambda k: hashlib.sha256(k.encode("utf-8")).hexdigest())):
            split[key] = "test" if position % 4 == 0 else "dev"
    return split


def commentary_dev_paragraphs(path: Path | None = None) -> list[GoldParagraph]:
    """The labelled development commentaries: one paragraph each, sliced by voice and market."""
    path = path or corpora_dir() / COMMENTARY_DEV_FILE
    if not path.exists():
        raise RecallError(f"labelled commentary corpus {path} is missing")
    with open(path, encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    split = commentary_dev_split(records)
    out = []
    for record in records:
        market, _, rest = record["cell_id"].partition("-")
        out.append(GoldParagraph(
            id=record["id"], corpus="commentary_dev", rewriter=record["voice"], market=market, split=split[record["id"]],
            text=record["text"], claims=tuple(record["gold"]), universe=market, month=rest[:7], arm=rest[8:].split("-")[0],
        ))
    return out


VOICES_FIELDS: tuple[str, ...] = ("id", "voice", "universe", "month", "text", "gold")


def voices_split(records: Iterable[dict]) -> dict[str, str]:
    """The voices README's fixed split: within each voice x universe, sorted by sha256 of the id, positions
    0, 2, ... are test, the rest dev (so every voice has a US and a Lisbon commentary on each side)."""
    import hashlib

    groups: dict[tuple[str, str], list[str]] = {}
    for record in records:
        groups.setdefault((record["voice"], record["universe"]), []).append(record["id"])
    split = {}
    for ids in groups.values():
        for position, key in enumerate(sorted(ids, key=lambda k: hashlib.sha256(k.encode("utf-8")).hexdigest())):
            split[key] = "test" if position % 2 == 0 else "dev"
    return split


def voices_paragraphs(path: Path | None = None) -> list[GoldParagraph]:
    """The held-out voices corpus: one paragraph each, sliced by voice and market."""
    path = path or corpora_dir() / VOICES_FILE
    if not path.exists():
        raise RecallError(f"voices corpus {path} is missing")
    records = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            record = json.loads(line)
            missing = [name for name in VOICES_FIELDS if name not in record]
            if missing:
                raise RecallError(f"{path}:{number}: record lacks {', '.join(missing)}")
            if record["universe"] not in all_universes():
                raise RecallError(f"{path}:{number}: unknown universe {record['universe']!r}")
            records.append(record)
    split = voices_split(records)
    return [GoldParagraph(
        id=record["id"], corpus="voices", rewriter=record["voice"], market=record["universe"], split=split[record["id"]],
        text=record["text"], claims=tuple(record["gold"]), universe=record["universe"], month=record["month"],
        arm="real",  # gold is what the text says about its month: checked against the real prices
    ) for record in records]


def load_corpus(corpus: str, texts: Path | None = None, extra: Iterable[Path] = ()) -> list[GoldParagraph]:
    if corpus == "paraphrases":
        return paraphrase_paragraphs(extra)
    if corpus == "commentary_dev":
        return commentary_dev_paragraphs()
    if corpus == "voices":
        return voices_paragraphs()
    if corpus == "real":
        return real_paragraphs(texts)
    raise RecallError(f"unknown corpus {corpus!r}; known: {', '.join(CORPORA)}")


@dataclass(frozen=True)
class Floor:
    """The least recall and precision a corpus x rewriter (`*`: every rewriter pooled) must reach on a split."""

    corpus: str
    rewriter: str
    split: str
    recall: float
    precision: float


def read_floors(path: Path | None = None) -> list[Floor]:
    import tomllib

    path = path or corpora_dir() / FLOORS_FILE
    with path.open("rb") as handle:
        table = tomllib.load(handle)
    floors = []
    for index, entry in enumerate(table.get("floor", [])):
        try:
            floors.append(Floor(entry["corpus"], entry.get("rewriter", "*"), entry["split"], float(entry["recall"]),
                                float(entry["precision"])))
        except KeyError as error:
            raise RecallError(f"{path}: floor {index} lacks {error}") from error
    return floors


def below_floors(report: RecallReport, floors: Iterable[Floor]) -> list[str]:
    """Every floor of the report's split that a rollup misses, as a line naming the slice and the figures."""
    rows = report.rollup(("corpus", "rewriter"))
    pooled = report.rollup(("corpus",))
    out = []
    for floor in floors:
        if floor.split != report.split:
            continue
        candidates = [r for r in pooled if r["corpus"] == floor.corpus] if floor.rewriter == "*" else [
            r for r in rows if r["corpus"] == floor.corpus and r["rewriter"] == floor.rewriter]
        for row in candidates:
            recall, precision = row["recall"] or 0.0, row["precision"] if row["precision"] is not None else 1.0
            if recall < floor.recall or precision < floor.precision:
                out.append(f"{floor.corpus}/{floor.rewriter} {floor.split}: recall {recall:.3f} (floor {floor.recall:.2f}), "
                           f"precision {precision:.3f} (floor {floor.precision:.2f})")
    return out


def measure_figures(texts: Path | None = None, extract: Extract = default_extract) -> dict:
    """Every slice of every corpus on both splits: what `recall_figures.json` commits."""
    figures: dict = {"targets": {"recall": RECALL_TARGET, "precision": PRECISION_TARGET},
                     "match_rule": "ticker, metric and value agree; numbers within half a unit of stated precision",
                     "slices": [], "rollups": []}
    for corpus in CORPORA:
        paragraphs = load_corpus(corpus, texts)
        for split in SPLITS:
            report = measure(paragraphs, split, extract)
            figures["slices"].extend(report.rows())
            figures["rollups"].extend(report.rollup())
    figures["verdicts"] = measure_verdict_figures()
    return figures


VERDICT_CORPORA: tuple[str, ...] = ("commentary_dev", "voices")  # the corpora whose cells' panels are known


def measure_verdict_figures() -> list[dict]:
    """Verdicts kept end to end (`extractors.verdict_recall`) for the corpora whose cells are known, both splits."""
    from extractors.verdict_recall import CellPanels, measure_verdicts

    panels = CellPanels()
    return [row for corpus in VERDICT_CORPORA for split in SPLITS
            for row in measure_verdicts(load_corpus(corpus), split, panels).rows()]


def figures_path() -> Path:
    return corpora_dir() / FIGURES_FILE


def write_figures(figures: dict, path: Path | None = None) -> Path:
    path = path or figures_path()
    path.write_text(json.dumps(figures, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
