"""The reading weight on the board: stored with each result, aggregated with the scorer's estimator over
the selected cells on the rates' draws, shown with its interval, on Cells and on Read one (issue 17)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from extractors.baselines import BASELINES, baseline_submission
from extractors.metrics import metric
from leaderboard.columns import COLUMN_NAMES, DEFAULT_SHOWN, ci_header
from leaderboard.ranking import BoardFilter, cell_table, cells_frame, rank
from leaderboard.seed import baseline_meta, submission_jsonl
from leaderboard.store import Aggregate, CellCounts, LocalStore
from leaderboard.submit import load_datasets, submit

WEIGHT = metric("reading_weight")


def claims_scorer(lines, dataset, steps=None) -> dict[str, bytes]:  # the Scorer protocol; no bars here
    """`mcb score` without the embedding model: the claim scorer's three files."""
    from extractors.score import score_submission

    result = score_submission(lines, dataset)
    with tempfile.TemporaryDirectory(prefix="mcb-weight-") as folder:
        result.write(Path(folder))
        return {name: (Path(folder) / name).read_bytes() for name in ("claims.jsonl", "cells.csv", "summary.json")}


@pytest.fixture(scope="module")
def seeded(default_build, tmp_path_factory):
    datasets = load_datasets([default_build])
    data = datasets.get(datasets.latest)
    store = LocalStore(tmp_path_factory.mktemp("weight-board") / "results")
    ids = {}
    for name in BASELINES:
        outcome = submit(submission_jsonl(baseline_submission(name, data)), baseline_meta(name), store, datasets,
                         scorer=claims_scorer)
        assert outcome.status == "scored", outcome.reason
        ids[name] = outcome.record.id
    frame = cells_frame(store.entries())
    return {"store": store, "records": store.records(), "frame": frame, "ids": ids, "datasets": datasets}


def _summary(seeded, name) -> dict:
    return json.loads(seeded["store"].score_file(seeded["ids"][name], "summary.json"))


def test_the_weight_is_a_board_column_with_its_interval_shown_by_default():
    assert WEIGHT.header in COLUMN_NAMES and ci_header(WEIGHT) in COLUMN_NAMES
    assert WEIGHT.header in DEFAULT_SHOWN and ci_header(WEIGHT) in DEFAULT_SHOWN


def test_each_stored_result_carries_its_cells_weighted_claims(seeded):
    store, sid = seeded["store"], seeded["ids"]["blender"]
    aggregate = store.aggregate(sid)
    claims = [json.loads(line) for line in store.score_file(sid, "claims.jsonl").decode().split("\n") if line]
    weighted = sum(len(cell.weighted) for cell in aggregate.cells)
    assert weighted == sum(1 for c in claims if c["weight"] is not None) > 100
    assert all(abs(w - 0.5) < 0.05 and lever > 0 for cell in aggregate.cells for w, lever, _ in cell.weighted)
    assert Aggregate.from_dict(json.loads(json.dumps(aggregate.to_dict()))) == aggregate


def test_unfiltered_the_boards_weight_and_interval_are_summary_jsons(seeded):
    board = rank(seeded["records"], seeded["frame"]).set_index("model")
    for name in BASELINES:
        overall = _summary(seeded, name)["reading_weight"]["overall"]
        row = board.loc[f"baseline: {name}"]
        assert row[WEIGHT.header] == overall["weight"], name
        assert row[ci_header(WEIGHT)] == f"[{overall['ci_low']:.3f}, {overall['ci_high']:.3f}]", name


def test_filtered_to_one_arm_the_board_gives_summary_jsons_per_arm_figure(seeded):
    board = rank(seeded["records"], seeded["frame"], BoardFilter(arms=("damped",))).set_index("model")
    for name in ("faithful", "reciter", "blender", "fabricator"):
        entry = _summary(seeded, name)["reading_weight"]["per_arm"]["damped"]
        assert board.loc[f"baseline: {name}", WEIGHT.header] == entry["weight"]
        assert board.loc[f"baseline: {name}", ci_header(WEIGHT)] == f"[{entry['ci_low']:.3f}, {entry['ci_high']:.3f}]"


def test_the_canaries_land_on_the_board_where_their_names_say(seeded):
    board = rank(seeded["records"], seeded["frame"]).set_index("model")
    for name, expected in (("faithful", 1.0), ("reciter", 0.0), ("blender", 0.5)):
        assert board.loc[f"baseline: {name}", WEIGHT.header] == pytest.approx(expected, abs=0.02)


def test_a_selection_without_weighted_claims_shows_a_dash_and_why(seeded):
    board = rank(seeded["records"], seeded["frame"], BoardFilter(arms=("real",))).set_index("model")
    row = board.loc["baseline: faithful"]
    assert row[WEIGHT.header] is None and row[ci_header(WEIGHT)].startswith("— (no distinguishable")
    few = rank(seeded["records"], seeded["frame"], BoardFilter(contexts=("full",))).set_index("model")
    assert few.loc["baseline: blender", ci_header(WEIGHT)] == "— (4 cells with data; 5 needed)"


def test_a_result_stored_before_reading_weights_reads_as_having_none(seeded):
    record = seeded["records"][0]
    legacy = seeded["store"].aggregate(record.id).to_dict()
    for cell in legacy["cells"]:
        cell.pop("weighted")
    old = Aggregate.from_dict(legacy)
    assert all(cell.weighted == () for cell in old.cells)
    board = rank([record], cells_frame([(record, old)]))
    assert board.loc[0, WEIGHT.header] is None and board.loc[0, ci_header(WEIGHT)].startswith("—")
    assert CellCounts.from_dict({"cell_id": "c", "market": "us", "month": "2026-08", "arm": "real", "context": "full",
                                 "counts": {}}).weighted == ()


def test_the_cells_page_lists_each_cells_weight(seeded):
    table = cell_table(seeded["frame"], seeded["ids"]["reciter"]).set_index("cell_id")
    assert float(table.loc["us-2026-08-inverted-full", WEIGHT.header]) == pytest.approx(0.0, abs=0.02)
    assert table.loc["us-2026-08-real-full", WEIGHT.header] == "—"


def test_read_one_shows_each_claims_weight(seeded):
    from leaderboard.pages.read import CLAIM_COLUMNS, read_one_html
    from leaderboard.service import LeaderboardService

    assert "weight" in CLAIM_COLUMNS
    service = LeaderboardService(seeded["store"], seeded["datasets"])
    page, table = read_one_html(service, seeded["ids"]["blender"], "us-2026-08-inverted-full")
    weights = [value for value in table["weight"] if value != "—"]
    # stated to one decimal, a return whose shown and true values are 2 pp apart can land at 0.52
    assert weights and all(abs(float(value) - 0.5) <= 0.05 for value in weights) and weights.count("0.50") > len(weights) / 2
    assert "· w 0.50" in page
