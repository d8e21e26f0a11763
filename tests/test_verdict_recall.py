"""Verdicts end to end (extractors/verdict_recall.py): a gold claim counts as kept only when extraction AND
verification give it back with its verdict; a claim the pipeline calls recited or refuted that no gold claim
holds counts against that verdict's precision."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from builder.display import shown_arm
from builder.panel import load_panel
from builder.rewriters.base import SPLITS
from extractors.recall import GoldParagraph, RecallError, load_corpus
from extractors.verdict_recall import (
    NOTHING,
    CellPanels,
    VerdictFloor,
    below_verdict_floors,
    measure_verdicts,
    read_verdict_floors,
)

# US August 2026 on closes: Nvidia 206.64 -> 220.78 (+6.84%); Tesla ends at 367.95.
REAL = load_panel("us", "2026-08")
INVERTED = shown_arm(REAL, "inverted")


def paragraph(text: str, gold: list[dict], arm: str = "real") -> GoldParagraph:
    return GoldParagraph(id="t-1", corpus="hand", rewriter="hand", market="us", split="dev", text=text,
                         claims=tuple(gold), universe="us", month="2026-08", arm=arm)


def test_a_claim_read_right_is_kept_and_a_claim_never_extracted_is_missed():
    gold = [{"ticker": "NVDA", "metric": "period_return", "value": 6.8, "decimals": 1},
            {"ticker": "TSLA", "metric": "price_level", "value": 367.95, "decimals": 2, "anchor": "end"}]
    report = measure_verdicts([paragraph("Nvidia rose 6.8% in August. Tesla had a month to remember.", gold)], "dev",
                              lambda p: (shown_arm(REAL, "real"), REAL))
    assert report.outcomes == {"supported": {"supported": 1, NOTHING: 1}}
    row = report.rows()[0]
    assert (row["verdict"], row["gold"], row["kept"], row["missed"], row["recall"]) == ("supported", 2, 1, 1, 0.5)


def test_the_labelled_verdict_is_the_gold_and_a_wrong_verdict_is_not_kept():
    """The label says recited (the figure is the truth, not the inverted panel shown): the pipeline agrees."""
    gold = [{"ticker": "NVDA", "metric": "period_return", "value": 6.84, "decimals": 2, "verdict": "recited"}]
    report = measure_verdicts([paragraph("Nvidia rose 6.84% in August.", gold, arm="inverted")], "dev",
                              lambda p: (INVERTED, REAL))
    assert report.kept("recited") == 1 and report.called("recited") == 1
    mislabelled = [{**gold[0], "verdict": "supported"}]
    report = measure_verdicts([paragraph("Nvidia rose 6.84% in August.", mislabelled, arm="inverted")], "dev",
                              lambda p: (INVERTED, REAL))
    assert report.outcomes == {"supported": {"recited": 1}}
    assert report.rows()[0]["other_verdict"] == 1


def test_a_recited_claim_no_gold_holds_lowers_recited_precision():
    report = measure_verdicts([paragraph("Nvidia rose 6.84% in August.", [], arm="inverted")], "dev",
                              lambda p: (INVERTED, REAL))
    assert report.unmatched == {"recited": 1}
    assert [(r["verdict"], r["gold"], r["called"], r["precision"]) for r in report.rows()] == [("recited", 0, 1, 0.0)]


def test_paragraphs_without_known_panels_are_left_out_and_counted():
    panels = CellPanels()
    voices = load_corpus("voices")
    unshipped = [p for p in voices if p.month == "2025-11"]
    assert unshipped and all(panels(p) is None for p in unshipped)
    dev = load_corpus("commentary_dev")[0]
    shown, true = panels(dev)
    assert (true.month, true.arm, shown.arm) == (dev.month, "real", dev.arm)
    report = measure_verdicts(voices, "dev", panels)
    assert report.skipped == sum(1 for p in voices if p.split == "dev" and panels(p) is None) > 0
    assert report.paragraphs + report.skipped == sum(1 for p in voices if p.split == "dev")


def test_the_commentary_dev_cells_carry_their_arm():
    arms = {p.arm for p in load_corpus("commentary_dev")}
    assert arms == {"real", "inverted", "damped"}


def test_an_empty_split_is_an_error():
    with pytest.raises(RecallError, match="no paragraphs on the test split"):
        measure_verdicts([paragraph("x", [])], "test", lambda p: None)


@pytest.mark.parametrize("split", SPLITS)
def test_commentary_dev_verdicts_stay_above_their_floors(split):
    report = measure_verdicts(load_corpus("commentary_dev"), split, CellPanels())
    below = below_verdict_floors(report, read_verdict_floors())
    assert not below, "\n".join(below)


def test_a_verdict_floor_is_checked_and_a_bad_floor_is_named(tmp_path):
    report = measure_verdicts([paragraph("Nvidia rose 6.84% in August.", [], arm="inverted")], "dev",
                              lambda p: (INVERTED, REAL))
    assert below_verdict_floors(report, [VerdictFloor("hand", "dev", "recited", 0.9, 0.9)]) == [
        "hand dev recited: kept 1.000 (floor 0.90), precision 0.000 (floor 0.90)"]
    path = tmp_path / "floors.toml"
    path.write_text('[[verdicts]]\ncorpus = "x"\nsplit = "dev"\nverdict = "memorised"\nrecall = 1\nprecision = 1\n')
    with pytest.raises(RecallError, match="unknown verdict 'memorised'"):
        read_verdict_floors(path)


def test_the_committed_figures_hold_the_verdicts_of_both_corpora_and_splits():
    import json

    from extractors.recall import figures_path

    committed = json.loads(figures_path().read_text(encoding="utf-8"))
    assert {(r["corpus"], r["split"]) for r in committed["verdicts"]} == {
        (c, s) for c in ("commentary_dev", "voices") for s in SPLITS}
    assert {r["verdict"] for r in committed["verdicts"]} >= {"supported", "recited", "refuted"}


def test_mcb_recall_verdicts_prints_the_end_to_end_table():
    from mcb import app

    result = CliRunner().invoke(app, ["recall", "--corpus", "commentary_dev", "--split", "test", "--no-findings", "--verdicts"])
    assert result.exit_code == 0, result.output
    assert "verdicts end to end" in result.output and "recited" in result.output and "called so" in result.output
