"""Ranking: read rate on perturbed arms, seeded bootstrap intervals over cells, filters."""

from __future__ import annotations

import math

import numpy as np
import pytest

from leaderboard.columns import COLUMN_NAMES, READ_RATE
from leaderboard.ranking import BoardFilter, bootstrap_rates, cell_table, cells_frame, rank
from leaderboard.store import LocalStore, ModelMeta
from leaderboard.submit import load_datasets, submit
from tests.test_leaderboard_support import fabricator, faithful, reciter, submission_bytes, tagged_scorer


@pytest.fixture(scope="module")
def board(default_build, tmp_path_factory):
    datasets = load_datasets([default_build])
    dataset = datasets.get(datasets.latest)
    store = LocalStore(tmp_path_factory.mktemp("ranking") / "results")
    models = {
        "faithful": (faithful, ModelMeta("faithful", "v1", "2025-01", 8.0)),
        "reciter": (reciter, ModelMeta("reciter", "v1", "2027-01", 70.0)),
        "fabricator": (fabricator, ModelMeta("fabricator", "v1", None, None)),
    }
    for commentary, meta in models.values():
        outcome = submit(submission_bytes(dataset, commentary), meta, store, datasets, scorer=tagged_scorer)
        assert outcome.status == "scored", outcome.reason
    records = store.records()
    frame = cells_frame((r, store.aggregate(r.id)) for r in records)
    return records, frame


def test_the_board_has_every_column_and_ranks_reading_first(board):
    records, frame = board
    table = rank(records, frame)
    assert list(table.columns) == list(COLUMN_NAMES)
    assert list(table["model"]) == ["faithful", "reciter", "fabricator"]
    assert list(table["rank"]) == [1, 2, 3]
    assert table.loc[0, READ_RATE] == 1.0
    assert table.loc[1, READ_RATE] == pytest.approx(1 / 3, abs=1e-3)
    assert table.loc[1, "recited"] == 0.5


def test_read_rate_counts_only_perturbed_arms(board):
    records, frame = board
    real_only = rank(records, frame, BoardFilter(arms=("real",)))
    assert real_only[READ_RATE].isna().all(), "supported on the real arm cannot be told from recited"
    assert set(real_only[f"{READ_RATE} 95% CI"]) == {"—"}


def test_intervals_are_seeded_and_contain_the_point(board):
    records, frame = board
    first, second = rank(records, frame), rank(records, frame)
    assert first.equals(second)
    fabricated = first.set_index("model").loc["fabricator"]
    low, high = (float(x) for x in fabricated["fabricated 95% CI"].strip("[]").split(","))
    assert low <= fabricated["fabricated"] <= high


def test_bootstrap_interval_widens_with_disagreeing_cells():
    uniform = np.array([[1, 2, 2, 0, 0, 0, 0, 0]] * 10, dtype=float)
    mixed = uniform.copy()
    mixed[:5, 0] = 0
    out = bootstrap_rates({"u": uniform, "m": mixed})
    assert out["u"][1][0] == out["u"][2][0] == 0.5
    assert out["m"][1][0] < out["m"][0][0] < out["m"][2][0]


def test_filters_select_cells_and_models(board):
    records, frame = board
    lisbon = rank(records, frame, BoardFilter(markets=("lisbon",)))
    assert set(lisbon["cells"]) == {12}
    assert list(rank(records, frame, BoardFilter(search="FABRIC"))["model"]) == ["fabricator"]
    assert list(rank(records, frame, BoardFilter(size="10B-100B"))["model"]) == ["reciter"]
    assert list(rank(records, frame, BoardFilter(size="unknown"))["model"]) == ["fabricator"]
    assert list(rank(records, frame, BoardFilter(cutoff="unknown"))["model"]) == ["fabricator"]
    before = rank(records, frame, BoardFilter(cutoff="before the month"))
    assert list(before["model"]) == ["faithful"], "only faithful's cutoff precedes the cells' months"
    assert list(rank(records, frame, BoardFilter(cutoff="after the month"))["model"]) == ["reciter"]


def test_declines_coverage_and_claims_per_response(board):
    records, frame = board
    table = rank(records, frame).set_index("model")
    assert table.loc["faithful", "declines (none/probe)"] == 0.5, "declines under none, not under probe"
    assert table.loc["fabricator", "declines (none/probe)"] == 0.0
    assert table.loc["faithful", "coverage (full)"] == 0.5
    assert table.loc["fabricator", "claims / response"] == 4.0
    assert table.loc["faithful", "causal"] == 18


def test_every_cell_is_listed_with_a_dash_where_nothing_is_checkable(board):
    records, frame = board
    faithful_id = next(r.id for r in records if r.meta.name == "faithful")
    cells = cell_table(frame, faithful_id)
    assert len(cells) == 24
    none_cells = cells[cells["context"] == "none"]
    assert set(none_cells["read rate"]) == {"—"}
    assert not math.isnan(float(cells.loc[cells["context"] == "full", "read rate"].iloc[0]))
