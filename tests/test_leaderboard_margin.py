"""The semantic read margin on the board: the same call as `mcb score`, shown by default, and
telling the faithful baseline (reads) from the reciter (remembers)."""

from __future__ import annotations

import json

import pytest

from leaderboard.columns import DEFAULT_SHOWN, SEMANTIC_MARGIN


@pytest.fixture(scope="module")
def seeded(default_build, tmp_path_factory):
    from extractors.embeddings import encoder
    from leaderboard.seed import seed_baselines
    from leaderboard.store import LocalStore
    from leaderboard.submit import load_datasets

    datasets = load_datasets([default_build])
    store = LocalStore(tmp_path_factory.mktemp("margin") / "results")
    loads_before = encoder._load_model.cache_info().currsize
    outcomes = seed_baselines(store, datasets)
    assert {o.status for o in outcomes.values()} == {"scored"}
    return {"store": store, "datasets": datasets, "outcomes": outcomes,
            "loads": encoder._load_model.cache_info().currsize - loads_before}


def _board(store):
    from leaderboard.ranking import cells_frame, rank

    records = store.records()
    return rank(records, cells_frame((r, store.aggregate(r.id)) for r in records)).set_index("model")


def test_the_margin_column_is_in_the_column_chooser_and_the_board():
    """Issue 15: the default columns fit 1,280 px, so the margin is one click away, not shown at first."""
    from leaderboard.columns import CHOOSER_ONLY, COLUMN_NAMES, HIDEABLE

    assert SEMANTIC_MARGIN in HIDEABLE and SEMANTIC_MARGIN in COLUMN_NAMES
    assert SEMANTIC_MARGIN not in DEFAULT_SHOWN and "semantic_margin" in CHOOSER_ONLY


def test_seeded_board_shows_faithful_above_zero_above_reciter(seeded):
    board = _board(seeded["store"])
    faithful, reciter = board.loc["baseline: faithful", SEMANTIC_MARGIN], board.loc["baseline: reciter", SEMANTIC_MARGIN]
    assert faithful > 0 > reciter


def test_unfiltered_margin_is_the_summary_overall_and_the_real_arm_has_none(seeded):
    from leaderboard.ranking import BoardFilter, cells_frame, rank

    store = seeded["store"]
    board = _board(store)
    for name, outcome in seeded["outcomes"].items():
        summary = json.loads(store.score_file(outcome.record.id, "summary.json"))
        overall = summary["semantic_read_margin"]["overall"]
        assert board.loc[f"baseline: {name}", SEMANTIC_MARGIN] == pytest.approx(overall, abs=1e-3)
        assert store.aggregate(outcome.record.id).semantic_read_margin == pytest.approx(overall)
    records = store.records()
    real = rank(records, cells_frame((r, store.aggregate(r.id)) for r in records), BoardFilter(arms=("real",)))
    assert real[SEMANTIC_MARGIN].isna().all()


def test_the_board_scores_with_the_same_call_as_mcb_score(seeded):
    """One function for both: the stored summary equals what `score_with_margin` gives."""
    from extractors.full_score import score_with_margin
    from leaderboard.store import LocalStore
    from leaderboard.submit import parse_lines

    store: LocalStore = seeded["store"]
    datasets = seeded["datasets"]
    sid = seeded["outcomes"]["reciter"].record.id
    lines = parse_lines(store.submission_text(sid).encode("utf-8"), datasets.get(datasets.latest))
    fresh = score_with_margin(lines, datasets.get(datasets.latest))
    stored = json.loads(store.score_file(sid, "summary.json"))
    assert stored["semantic_read_margin"] == json.loads(json.dumps(fresh.summary["semantic_read_margin"]))
    assert stored["overall"] == json.loads(json.dumps(fresh.summary["overall"]))


def test_the_embedding_model_loads_once_per_process_not_per_submission(seeded):
    assert seeded["loads"] <= 1


def test_on_the_seeded_board_the_reciter_reads_nothing_and_shares_a_rank_with_the_fabricator(seeded):
    """The baselines scored for real: faithful reads every distinguishable claim, the reciter none
    (it once read 0.24, from claims no arm changes), the blender's half-way figures land inside
    the shown tolerance now and then (rank 2), and two models reading nothing share rank 3."""
    from leaderboard.columns import READ_RATE

    board = _board(seeded["store"])
    assert board.loc["baseline: faithful", READ_RATE] == 1.0 and board.loc["baseline: faithful", "rank"] == 1
    assert board.loc["baseline: reciter", READ_RATE] == 0.0
    assert board.loc["baseline: fabricator", READ_RATE] == 0.0
    assert board.loc["baseline: blender", "rank"] == 2
    assert board.loc["baseline: reciter", "rank"] == board.loc["baseline: fabricator", "rank"] == 3


def test_every_figure_on_the_board_is_the_registrys_metric_over_the_stored_counts(seeded):
    """The board counts nothing: unfiltered, each registry metric's column equals summary.json's
    value of that metric (computed by `mcb score` from the same counts), to the board's rounding."""
    from extractors.metrics import METRICS
    from leaderboard.columns import COLUMN_NAMES

    store, board = seeded["store"], _board(seeded["store"])
    for name, outcome in seeded["outcomes"].items():
        overall = json.loads(store.score_file(outcome.record.id, "summary.json"))["overall"]
        for entry in METRICS:
            assert entry.header in COLUMN_NAMES
            shown, scored = board.loc[f"baseline: {name}", entry.header], overall[entry.name]
            if scored is None:
                assert shown is None or shown != shown, (name, entry.name)
            else:
                assert shown == pytest.approx(scored, abs=6e-4), (name, entry.name)
