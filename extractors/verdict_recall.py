"""End to end: does a gold claim come back from extraction and verification with its verdict?

Claim recall (`extractors.recall`) matches ticker, metric and value; a verdict also depends on what
recall does not require (the date of a daily move, the anchor of a price) and on the verification
against the cell's panels. The board's headline counts verdicts, so this measures them: each gold
claim's verdict (the label where the corpus carries one, as `commentary_dev` does, else the oracle's
verdict of the gold claim itself) against the verdict of the extracted claim matched to it, with a
missed claim as a lost verdict; and each extracted claim's verdict against the gold claim it
matches, so that a `recited` no gold claim holds (a false alarm of memorisation) is counted too.

A paragraph is measured where its cell's panels are known: `commentary_dev` by its cell id (market,
month, arm), `voices` on the real arm of its month when that month ships; others are left out, and
the report says how many.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from builder.panel import Panel
from contracts.vocabulary import VERDICTS
from extractors.claims import Claim, ClaimError
from extractors.recall import GoldParagraph, RecallError, match

Panels = Callable[[GoldParagraph], "tuple[Panel, Panel] | None"]
NOTHING = "nothing"  # what a missed gold claim comes back as


@dataclass
class VerdictReport:
    """`outcomes[gold verdict][extracted verdict or NOTHING]` counts gold claims; `unmatched[verdict]`
    counts extracted claims no gold claim matches, by their verdict."""

    corpus: str
    split: str
    paragraphs: int = 0
    skipped: int = 0
    outcomes: dict[str, dict[str, int]] = field(default_factory=dict)
    unmatched: dict[str, int] = field(default_factory=dict)

    def add(self, gold: str, got: str) -> None:
        row = self.outcomes.setdefault(gold, {})
        row[got] = row.get(got, 0) + 1

    def gold(self, verdict: str) -> int:
        return sum(self.outcomes.get(verdict, {}).values())

    def kept(self, verdict: str) -> int:
        """Gold claims of `verdict` that came back with it."""
        return self.outcomes.get(verdict, {}).get(verdict, 0)

    def called(self, verdict: str) -> int:
        """Extracted claims that came back with `verdict`, matched to a gold claim or not."""
        return sum(row.get(verdict, 0) for row in self.outcomes.values()) + self.unmatched.get(verdict, 0)

    def rows(self) -> list[dict]:
        """One row per verdict: gold claims, kept, came back as another verdict, missed; and of the claims the
        pipeline called so, how many the gold calls so too."""
        out = []
        for verdict in VERDICTS:
            gold, kept, called = self.gold(verdict), self.kept(verdict), self.called(verdict)
            if not gold and not called:
                continue
            missed = self.outcomes.get(verdict, {}).get(NOTHING, 0)
            out.append({"corpus": self.corpus, "split": self.split, "verdict": verdict, "gold": gold, "kept": kept,
                        "other_verdict": gold - kept - missed, "missed": missed, "called": called,
                        "recall": round(kept / gold, 4) if gold else None,
                        "precision": round(kept / called, 4) if called else None})
        return out


def gold_verdict(claim: dict, shown: Panel, true: Panel) -> str:
    """The label's verdict, or the oracle's verdict of the gold claim as stated."""
    from extractors.verify import verify

    if claim.get("verdict"):
        return claim["verdict"]
    try:
        return verify(Claim.from_dict(claim), shown, true).verdict
    except ClaimError:
        return "unverifiable"


def measure_verdicts(paragraphs: Iterable[GoldParagraph], split: str, panels: Panels) -> VerdictReport:
    """Extract and verify every paragraph of `split` whose panels are known; tally verdicts kept and lost."""
    from extractors import extract_claims
    from extractors.verify import verify

    chosen = [p for p in paragraphs if p.split == split]
    if not chosen:
        raise RecallError(f"no paragraphs on the {split} split")
    report = VerdictReport(chosen[0].corpus, split)
    for paragraph in chosen:
        cell = panels(paragraph)
        if cell is None:
            report.skipped += 1
            continue
        shown, true = cell
        report.paragraphs += 1
        claims = extract_claims(paragraph.text, paragraph.universe, paragraph.month)
        extracted = []
        for index, claim in enumerate(claims):
            if claim.ticker is None and claim.metric != "refusal":
                continue  # index and market material: not a ticker claim, as in claim recall
            record = claim.to_dict()
            record["verdict_got"] = verify(claim, shown, true).verdict
            extracted.append(record)
        pairs, missed, false = match(paragraph.claims, extracted)
        for gold, got in pairs:
            report.add(gold_verdict(gold, shown, true), got["verdict_got"])
        for gold in missed:
            report.add(gold_verdict(gold, shown, true), NOTHING)
        for got in false:
            report.unmatched[got["verdict_got"]] = report.unmatched.get(got["verdict_got"], 0) + 1
    return report


class CellPanels:
    """The shown and true panels of a paragraph's cell, loaded once per cell; None where unknown."""

    def __init__(self) -> None:
        self._real: dict[tuple[str, str], Panel | None] = {}
        self._shown: dict[tuple[str, str, str], Panel] = {}

    def real(self, universe: str, month: str) -> Panel | None:
        from builder.panel import load_panel, shipped_months

        key = (universe, month)
        if key not in self._real:
            self._real[key] = load_panel(universe, month) if month in shipped_months(universe) else None
        return self._real[key]

    def __call__(self, paragraph: GoldParagraph) -> tuple[Panel, Panel] | None:
        from builder.display import shown_arm

        if paragraph.arm is None or paragraph.month is None:
            return None
        real = self.real(paragraph.universe, paragraph.month)
        if real is None:
            return None
        key = (paragraph.universe, paragraph.month, paragraph.arm)
        if key not in self._shown:
            self._shown[key] = shown_arm(real, paragraph.arm)
        return self._shown[key], real


@dataclass(frozen=True)
class VerdictFloor:
    """The least share of a corpus's gold claims of `verdict` that must come back with it (recall), and of
    the claims the pipeline gives that verdict that the gold gives it too (precision), on a split."""

    corpus: str
    split: str
    verdict: str
    recall: float
    precision: float


def read_verdict_floors(path=None) -> list[VerdictFloor]:
    """The `[[verdicts]]` entries of the floors file."""
    import tomllib

    from extractors.recall import FLOORS_FILE, corpora_dir

    path = path or corpora_dir() / FLOORS_FILE
    with open(path, "rb") as handle:
        table = tomllib.load(handle)
    floors = []
    for index, entry in enumerate(table.get("verdicts", [])):
        try:
            floor = VerdictFloor(entry["corpus"], entry["split"], entry["verdict"], float(entry["recall"]),
                                 float(entry["precision"]))
        except KeyError as error:
            raise RecallError(f"{path}: verdicts floor {index} lacks {error}") from error
        if floor.verdict not in VERDICTS:
            raise RecallError(f"{path}: verdicts floor {index}: unknown verdict {floor.verdict!r}; known: {', '.join(VERDICTS)}")
        floors.append(floor)
    return floors


def below_verdict_floors(report: VerdictReport, floors: Iterable[VerdictFloor]) -> list[str]:
    out = []
    rows = {row["verdict"]: row for row in report.rows()}
    for floor in floors:
        if (floor.corpus, floor.split) != (report.corpus, report.split):
            continue
        row = rows.get(floor.verdict)
        recall = row["recall"] if row and row["recall"] is not None else 1.0
        precision = row["precision"] if row and row["precision"] is not None else 1.0
        if recall < floor.recall or precision < floor.precision:
            out.append(f"{floor.corpus} {floor.split} {floor.verdict}: kept {recall:.3f} (floor {floor.recall:.2f}), "
                       f"precision {precision:.3f} (floor {floor.precision:.2f})")
    return out
