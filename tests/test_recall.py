"""Recall measurement: the matching rule, the label files, the per-slice table and the committed figures."""

from __future__ import annotations

import json

import pytest

from builder.corpora_configs import paraphrases_table, recall_figures_table
from builder.rewriters.base import SPLITS, split_of
from builder.vocabulary import METRICS, RANKS
from extractors.recall import (
    DEFAULT_REAL_TEXTS,
    RecallError,
    figures_path,
    load_corpus,
    match,
    measure,
    read_real_labels,
    real_paragraphs,
    values_agree,
)


def require_real_texts():
    """The third-party texts are never copied into the project: on a clone without shared/ beside it these
    tests say plainly that they did not run, and why; CI has shared/ and runs them."""
    if not DEFAULT_REAL_TEXTS.exists():
        pytest.skip(f"did not run: the third-party real commentary texts are not at {DEFAULT_REAL_TEXTS} "
                    "(check out shared/ beside the project; the labels are committed, the texts never are)")


def claim(ticker, metric, value, decimals=None, **extra):
    return {"ticker": ticker, "metric": metric, "value": value, "decimals": decimals, **extra}


def test_numbers_match_within_half_a_unit_of_stated_precision():
    assert values_agree("period_return", -8.2, -8.24, 1)
    assert not values_agree("period_return", -8.2, -8.26, 1)
    assert not values_agree("period_return", -8.2, 8.2, 1)
    assert values_agree("price_level", 4.7, 4.70, 2)
    assert values_agree("volatility", 46, 46.4, 0)
    assert values_agree("rank", "best_return", "best_return", None)
    assert not values_agree("rank", "best_return", "worst_return", None)


def test_matching_is_one_to_one_and_needs_ticker_and_metric():
    gold = [claim("NVDA", "period_return", 8.4, 1), claim("NVDA", "period_return", 8.4, 1)]
    got = [claim("NVDA", "period_return", 8.4, 1), claim("AMD", "period_return", 8.4, 1), claim("NVDA", "daily_move", 8.4, 1)]
    pairs, missed, false = match(gold, got)
    assert len(pairs) == 1 and len(missed) == 1 and len(false) == 2


def test_causal_matches_on_ticker_and_refusal_on_metric():
    pairs, missed, false = match([claim("AVGO", "causal", ""), claim(None, "refusal", "")],
                                 [claim("AVGO", "causal", "following earnings"), claim(None, "refusal", "cannot say")])
    assert len(pairs) == 2 and not missed and not false


def test_a_perfect_extractor_scores_one_and_an_empty_one_zero():
    paragraphs = load_corpus("paraphrases")
    perfect = measure(paragraphs[:30], "dev", extract=lambda text, u, m: [
        c for p in paragraphs if p.text == text for c in p.claims])
    empty = measure(paragraphs[:30], "dev", extract=lambda text, u, m: [])
    assert all(row["recall"] == 1.0 and row["precision"] == 1.0 for row in perfect.rows())
    assert all(row["recall"] == 0.0 and row["precision"] is None for row in empty.rows())
    assert len(empty.findings) == sum(row["gold"] for row in empty.rows())


def test_real_labels_are_keyed_by_id_split_by_hash_and_use_the_vocabulary():
    require_real_texts()
    labels = read_real_labels()
    with open(DEFAULT_REAL_TEXTS, encoding="utf-8") as handle:
        texts = {json.loads(line)["id"]: json.loads(line)["text"] for line in handle if line.strip()}
    assert [label["id"] for label in labels] == list(texts)
    for label in labels:
        assert set(label) == {"id", "split", "universe", "claims", "note"}
        assert label["split"] == split_of(label["id"])
        for gold in label["claims"]:
            assert gold["metric"] in METRICS
            assert gold["ticker"] is not None or gold["metric"] == "refusal"
            if gold["metric"] == "rank":
                assert gold["value"] in RANKS
            if gold["metric"] == "causal":
                assert gold["value"] == "", "causal spans are third-party text: never copied"
    assert {label["split"] for label in labels} == set(SPLITS)


def test_no_third_party_text_is_committed():
    require_real_texts()
    with open(DEFAULT_REAL_TEXTS, encoding="utf-8") as handle:
        sentences = [s for line in handle if line.strip() for s in json.loads(line)["text"].split(". ") if len(s) > 40]
    committed = figures_path().parent.joinpath("real_commentary_labels.jsonl").read_text(encoding="utf-8")
    assert not [s for s in sentences if s in committed]


def test_missing_real_texts_are_named_not_hidden(tmp_path):
    with pytest.raises(RecallError, match="real commentary texts not found"):
        real_paragraphs(tmp_path / "absent.jsonl")


@pytest.mark.parametrize("split", SPLITS)
@pytest.mark.parametrize("corpus", ["paraphrases", "commentary_dev", "voices", "real"])
def test_recall_table_on_every_corpus(corpus, split):
    """The project's corpora run on any clone; only `real` needs the third-party texts."""
    if corpus == "real":
        require_real_texts()
    report = measure(load_corpus(corpus), split)
    rows = report.rows()
    assert rows and all(row["split"] == split for row in rows)
    assert {row["corpus"] for row in rows} == {corpus}
    for row in rows:
        assert row["found"] <= row["gold"] and row["correct"] <= row["extracted"]
    if corpus == "paraphrases":
        assert {row["rewriter"] for row in rows} == {"narrator", "rules", "newswire", "pathrange"}
        assert {row["market"] for row in rows} == {"us", "lisbon"}


def test_committed_figures_cover_every_corpus_and_split():
    """`recall_figures.json` is what the card and the About page show; the floors (test_recall_floors.py), not a
    snapshot of these figures, are what CI holds the extractor to."""
    committed = json.loads(figures_path().read_text(encoding="utf-8"))
    assert {row["corpus"] for row in committed["rollups"]} == {"paraphrases", "commentary_dev", "voices", "real"}
    assert {row["split"] for row in committed["rollups"]} == set(SPLITS)


def test_configs_read_the_committed_data():
    paraphrases = paraphrases_table(None)
    assert set(paraphrases.column("rewriter").to_pylist()) == {"narrator", "rules", "newswire", "pathrange"}
    figures = recall_figures_table(None)
    assert set(figures.column("split").to_pylist()) == set(SPLITS)
    assert set(figures.column("corpus").to_pylist()) == {"paraphrases", "commentary_dev", "voices", "real"}
