"""Ranking: read rate on perturbed arms, seeded paired bootstrap intervals over cells, rank groups, filters."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from extractors.metrics import MIN_INTERVAL_CELLS, metric
from leaderboard.columns import COLUMN_NAMES, READ_RATE, ci_header
from leaderboard.ranking import RATES, BoardFilter, bootstrap_rates, cell_table, cells_frame, rank
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
        "reciter": (reciter, ModelMeta("reciter", "v1", "2026-09", 70.0)),
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
    assert table.loc[1, RECITED] == pytest.approx(2 / 3, abs=1e-3), "recited counts distinguishable perturbed claims"


def test_read_rate_counts_only_perturbed_arms(board):
    records, frame = board
    real_only = rank(records, frame, BoardFilter(arms=("real",)))
    assert real_only[READ_RATE].isna().all(), "supported on the real arm cannot be told from recited"
    assert set(real_only[f"{READ_RATE} 95% CI"]) == {"— (nothing checkable)"}
    assert real_only["rank"].isna().all(), "no interval, no rank"


def test_intervals_are_seeded_and_contain_the_point(board):
    records, frame = board
    first, second = rank(records, frame), rank(records, frame)
    assert first.equals(second)
    fabricated = first.set_index("model").loc["fabricator"]
    low, high = (float(x) for x in fabricated[ci_header(FABRICATED)].strip("[]").split(","))
    assert low <= fabricated[FABRICATED.header] <= high


def read_features(numerators, denominators) -> np.ndarray:
    """[n, 2R] features with only the read rate filled in."""
    features = np.zeros((len(numerators), 2 * len(RATES)))
    index = RATES.index(metric("read_rate"))
    features[:, 2 * index], features[:, 2 * index + 1] = numerators, denominators
    return features


def test_bootstrap_interval_widens_with_disagreeing_cells():
    uniform = read_features([1] * 10, [2] * 10)
    mixed = read_features([0] * 5 + [1] * 5, [2] * 10)
    out = bootstrap_rates([uniform, mixed], ["u", "m"])
    r = RATES.index(metric("read_rate"))
    assert out.lows[0, r] == out.highs[0, r] == 0.5
    assert out.lows[1, r] < out.points[1, r] < out.highs[1, r]


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


RECITED, FABRICATED = metric("recited_rate").header, metric("fabricated_rate")


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
    assert set(none_cells[READ_RATE]) == {"—"}
    assert set(cells.loc[cells["arm"] == "real", READ_RATE]) == {"—"}, "on real, reading cannot be told from recall"
    perturbed_full = cells[(cells["context"] == "full") & (cells["arm"] != "real")]
    assert not math.isnan(float(perturbed_full[READ_RATE].iloc[0]))


def perturbed_index(dataset):
    """Each perturbed cell's position among the perturbed cells, in dataset order."""
    perturbed = [cell_id for cell_id, cell in dataset.cells.items() if cell.arm != "real"]
    return {cell_id: index for index, cell_id in enumerate(perturbed)}


def tagged(supported: int, recited: int) -> str:
    return " ".join(["[supported]"] * supported + ["[recited]"] * recited)


@pytest.fixture(scope="module")
def groups(default_build, tmp_path_factory):
    """Models built to be told apart, or not: their per-cell read rates are known by construction."""
    datasets = load_datasets([default_build])
    dataset = datasets.get(datasets.latest)
    index = perturbed_index(dataset)
    first = next(iter(index))

    def per_cell(rule):
        return lambda cell: rule(index[cell.cell_id]) if cell.cell_id in index else "[unverifiable]"

    models = {
        "reads-all": per_cell(lambda k: tagged(2, 0)),
        # A and B: 0.5 and 1.0 on alternate cells, swapped: the same total, paired differences of both signs.
        "alternating-a": per_cell(lambda k: tagged(1, 1) if k % 2 == 0 else tagged(2, 0)),
        "alternating-b": per_cell(lambda k: tagged(2, 0) if k % 2 == 0 else tagged(1, 1)),
        # C and D: cells of very different difficulty, D one claim in ten better on every one of them.
        "steady-c": per_cell(lambda k: tagged(k % 8 + 1, 9 - k % 8)),
        "steady-d": per_cell(lambda k: tagged(k % 8 + 2, 8 - k % 8)),
        # The example: checkable perturbed claims in one cell only, read rate 5/9 = 0.556.
        "one-cell": lambda cell: tagged(5, 4) if cell.cell_id == first else "[unverifiable]",
    }
    store = LocalStore(tmp_path_factory.mktemp("groups") / "results")
    for name, commentary in models.items():
        outcome = submit(submission_bytes(dataset, commentary), ModelMeta(name, "v1"), store, datasets, scorer=tagged_scorer)
        assert outcome.status == "scored", outcome.reason
    records = store.records()
    return records, cells_frame((r, store.aggregate(r.id)) for r in records)


def interval(text: str) -> tuple[float, float]:
    low, high = text.strip("[]").split(",")
    return float(low), float(high)


def test_a_submission_checkable_in_one_cell_shows_a_dash_with_the_reason_and_no_rank(groups):
    records, frame = groups
    board = rank(records, frame).set_index("model")
    one = board.loc["one-cell"]
    assert one[READ_RATE] == pytest.approx(0.556, abs=1e-3)
    assert one[f"{READ_RATE} 95% CI"] == f"— (1 cell with data; {MIN_INTERVAL_CELLS} needed)"
    assert pd.isna(one["rank"])
    assert list(board.index)[-1] == "one-cell", "unranked rows come after every ranked one, whatever their rate"


def test_filtering_to_one_cell_gives_no_zero_width_intervals(groups):
    records, frame = groups
    single = rank(records, frame, BoardFilter(markets=("us",), arms=("inverted",), contexts=("full",)))
    assert set(single["cells"]) == {1}
    assert set(single[f"{READ_RATE} 95% CI"]) <= {f"— (1 cell with data; {MIN_INTERVAL_CELLS} needed)", "— (nothing checkable)"}
    assert single["rank"].isna().all()


def test_models_that_cannot_be_told_apart_share_a_rank_group(groups):
    records, frame = groups
    board = rank(records, frame).set_index("model")
    ranks = board["rank"]
    assert ranks["reads-all"] == 1
    assert ranks["alternating-a"] == ranks["alternating-b"] == 2, "equal totals, paired differences of both signs"
    assert board.loc["alternating-a", READ_RATE] == board.loc["alternating-b", READ_RATE] == 0.75


def test_the_paired_bootstrap_separates_a_model_better_on_every_shared_cell(groups):
    records, frame = groups
    board = rank(records, frame).set_index("model")
    c_low, c_high = interval(board.loc["steady-c", f"{READ_RATE} 95% CI"])
    d_low, d_high = interval(board.loc["steady-d", f"{READ_RATE} 95% CI"])
    assert d_low < c_high, "the marginal intervals overlap ..."
    assert board.loc["steady-d", "rank"] < board.loc["steady-c", "rank"], "... yet D is better on every cell"


def test_a_rows_interval_does_not_move_when_others_arrive(groups):
    records, frame = groups
    alone = rank([r for r in records if r.meta.name == "steady-c"], frame).set_index("model")
    together = rank(records, frame).set_index("model")
    assert alone.loc["steady-c", f"{READ_RATE} 95% CI"] == together.loc["steady-c", f"{READ_RATE} 95% CI"]
