"""Meaning-preserving rewrites (extractors/robustness.py): each rewrite changes only the surface, and the
extractor's recall and precision under each stay within the floors of data/corpora/recall_floors.toml."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from builder.rewriters.base import SPLITS
from extractors.recall import RecallError, load_corpus
from extractors.robustness import (
    REWRITES,
    RobustnessFloor,
    beyond_floors,
    measure_rewrites,
    read_robustness_floors,
    rewrite_spec,
)

FIGURE = re.compile(r"\d+(?:[.,]\d+)?")


@pytest.fixture(scope="module")
def paragraphs():
    return [p for corpus in ("commentary_dev", "voices") for p in load_corpus(corpus)]


@pytest.mark.parametrize("rewrite", sorted(REWRITES))
def test_a_rewrite_never_changes_a_figure(rewrite, paragraphs):
    """The gold claims stay valid only if every figure survives, in order (a decimal comma is the same figure)."""
    spec = REWRITES[rewrite]
    changed = 0
    for paragraph in paragraphs:
        after = spec.apply(paragraph.text, paragraph.universe)
        changed += after != paragraph.text
        figures = [f.replace(",", ".") for f in FIGURE.findall(paragraph.text)]
        assert [f.replace(",", ".") for f in FIGURE.findall(after)] == figures, (rewrite, paragraph.id)
    assert changed, f"{rewrite} changes none of the labelled texts: it measures nothing"


@pytest.mark.parametrize("rewrite, universe, before, after", [
    ("per_cent", "us", "Nvidia rose 6.8% in August.", "Nvidia rose 6.8 per cent in August."),
    ("unicode_minus", "us", "AMD (-2.9%), range 1-2", "AMD (\u22122.9%), range 1-2"),
    ("other_spelling", "us", "Nvidia rose; Amazon.com fell.", "NVIDIA rose; Amazon.com Inc fell."),
    ("ticker_symbols", "lisbon", "Galp fell 2.1%.", "GALP fell 2.1%."),
    ("name_with_ticker", "us", "Tesla rose and Nvidia (NVDA) fell.", "Tesla (TSLA) rose and Nvidia (NVDA) fell."),
    ("cashtags", "us", "Tesla rose 14.2%.", "$TSLA rose 14.2%."),
    ("bold_names", "us", "Tesla rose, **Meta** fell.", "**Tesla** rose, **Meta** fell."),
    ("lowercase_names", "lisbon", "Galp Energia fell; EDP rose.", "galp energia fell; edp rose."),
    ("bold_names", "us", "Broadcom Inc. (c. -5.6%); Alphabet Inc. Next", "**Broadcom Inc.** (c. -5.6%); **Alphabet Inc.** Next"),
    ("cashtags", "us", "Broadcom Inc. (c. -5.6%); as did Alphabet Inc. Next", "$AVGO (c. -5.6%); as did $GOOGL. Next"),
    ("name_with_ticker", "us", "as did Alphabet Inc.\nNext", "as did Alphabet Inc. (GOOGL).\nNext"),
    ("bold_names", "lisbon", "EDP RENOVAVEIS DROPS; EDP fell.", "EDP RENOVAVEIS DROPS; **EDP** fell."),
    ("shares_of", "us", "Tesla rose 5%. Meta's stock fell. Then Nvidia, AMD: flat.",
     "Shares of Tesla rose 5%. Meta's stock fell. Then Nvidia, AMD: flat."),
    ("name_shares", "us", "Tesla rose 5%. Nvidia (NVDA) fell.", "Tesla shares rose 5%. Nvidia (NVDA) fell."),
    ("sign_synonyms", "us", "Advanced Micro Devices fell 2%; Tesla Rose.", "Advanced Micro Devices dropped 2%; Tesla Gained."),
    ("month_abbreviations", "us", "On August 5 it fell; in August it rose.", "On Aug. 5 it fell; in August it rose."),
    ("dollar_code", "us", "closed at $367.95", "closed at US$367.95"),
    ("euro_code", "lisbon", "from €14.63 to 4,70 €", "from EUR 14.63 to 4,70 EUR"),
    ("decimal_commas", "lisbon", "Galp fell 2.1% to €16.94.", "Galp fell 2,1% to €16,94."),
    ("decimal_commas", "us", "Tesla rose 2.1%.", "Tesla rose 2.1%."),
    ("bold_figures", "us", "Tesla +14.2% and AMD -2.9%", "Tesla **+14.2%** and AMD **-2.9%**"),
    ("double_spaces", "us", "Tesla rose 5%. Meta fell.\n| A. B | 1. C |", "Tesla rose 5%.  Meta fell.\n| A. B | 1. C |"),
    ("line_per_sentence", "us", "Tesla rose 5%. Meta fell.\n- Nvidia 2%. AMD 3%.", "Tesla rose 5%.\nMeta fell.\n- Nvidia 2%. AMD 3%."),
    ("crlf", "us", "a\nb\r\nc", "a\r\nb\r\nc"),
])
def test_a_rewrite_does_what_it_says(rewrite, universe, before, after):
    assert REWRITES[rewrite].apply(before, universe) == after


def test_an_unknown_rewrite_names_the_known_ones():
    with pytest.raises(RecallError, match="unknown rewrite 'typos'; known: per_cent"):
        rewrite_spec("typos")


@pytest.fixture(scope="module")
def results(paragraphs):
    return {split: measure_rewrites(paragraphs, split) for split in SPLITS}


@pytest.mark.parametrize("split", SPLITS)
def test_every_rewrite_stays_within_its_floor(split, results):
    beyond = beyond_floors(results[split], read_robustness_floors())
    assert not beyond, "\n".join(beyond)


def test_every_rewrite_and_split_has_a_floor():
    floors = read_robustness_floors()
    for split in SPLITS:
        assert any(f.split == split and f.rewrite == "*" for f in floors)


def test_a_rewrite_that_costs_recall_is_reported(results):
    result = results["dev"][0]
    strict = [RobustnessFloor("*", "dev", -0.01, 0.0)]  # a floor asking for a gain no rewrite gives
    assert beyond_floors([result], strict)[0].startswith(f"{result.rewrite} (dev): recall ")
    assert not beyond_floors([result], [RobustnessFloor("*", "test", -0.01, 0.0)])


def test_a_floor_naming_an_unknown_rewrite_is_an_error(tmp_path):
    path = tmp_path / "floors.toml"
    path.write_text('[[robustness]]\nrewrite = "typos"\nsplit = "dev"\nmax_recall_drop = 0.1\nmax_precision_drop = 0.1\n')
    with pytest.raises(RecallError, match="unknown rewrite 'typos'"):
        read_robustness_floors(path)
    path.write_text('[[robustness]]\nsplit = "dev"\nmax_recall_drop = 0.1\n')
    with pytest.raises(RecallError, match="robustness floor 0 lacks 'max_precision_drop'"):
        read_robustness_floors(path)


def test_mcb_robustness_prints_each_rewrite_and_its_findings():
    from mcb import app

    result = CliRunner().invoke(app, ["robustness", "--rewrite", "crlf", "--rewrite", "bold_names", "--findings"])
    assert result.exit_code == 0, result.output
    assert "crlf" in result.output and "bold_names" in result.output and "per_cent" not in result.output
    assert "as written: recall" in result.output
    bad = CliRunner().invoke(app, ["robustness", "--rewrite", "typos"])
    assert bad.exit_code == 2 and "unknown rewrite 'typos'" in bad.output
