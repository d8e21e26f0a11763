"""Paired comparisons between models over the cells they share, on the seeded baselines, whose
behaviour is known: the faithful reader reads every distinguishable figure, the reciter none."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from leaderboard.display.charts import compare_svg
from leaderboard.compare import READ, RECITED, WHOLE, compare, model_rates, slice_name
from leaderboard.display.compare import comparison_html
from leaderboard.ranking import BoardFilter, cells_frame, format_ci, rank


@pytest.fixture(scope="module")
def seeded(default_build, tmp_path_factory):
    from leaderboard.seed import seed_baselines, seed_models
    from leaderboard.store import LocalStore
    from leaderboard.submit import load_datasets

    datasets = load_datasets([default_build])
    store = LocalStore(tmp_path_factory.mktemp("compare") / "results")
    outcomes = {**seed_baselines(store, datasets), **seed_models(store, datasets)}
    assert {o.status for o in outcomes.values()} == {"scored"}
    contents = store.contents()
    ids = {r.meta.name.removeprefix("baseline: "): r.id for r in contents.records}
    return contents.records, cells_frame(contents.entries), ids


def test_faithful_minus_reciter_reads_more_and_recites_less_on_every_perturbed_arm(seeded):
    records, frame, ids = seeded
    result = compare(records, frame, [ids["faithful"], ids["reciter"]])
    for label in (WHOLE, slice_name("arm", "inverted"), slice_name("arm", "damped")):
        read = result.find(READ.name, label, ids["faithful"], ids["reciter"])
        recited = result.find(RECITED.name, label, ids["faithful"], ids["reciter"])
        assert read.point > 0 and read.low > 0 and read.significant, label
        assert recited.point < 0 and recited.high < 0, label
    assert slice_name("arm", "real") not in result.slices, "the compared rates do not count the real arm"


def test_swapping_the_pair_negates_every_difference(seeded):
    records, frame, ids = seeded
    forward = compare(records, frame, [ids["blender"], ids["fabricator"]])
    backward = compare(records, frame, [ids["fabricator"], ids["blender"]])
    for entry in forward.differences:
        other = backward.find(entry.metric, entry.slice, entry.second, entry.first)
        if entry.point is None:
            assert other.point is None
            continue
        assert other.point == pytest.approx(-entry.point)
        if entry.low is not None:
            assert (other.low, other.high) == pytest.approx((-entry.high, -entry.low), abs=1e-9)


def test_the_whole_difference_is_the_boards_two_points_apart(seeded):
    records, frame, ids = seeded
    board = rank(records, frame).set_index("submission")
    real = next(sid for name, sid in ids.items() if name not in ("faithful", "reciter", "fabricator", "blender"))
    result = compare(records, frame, [ids["faithful"], real, ids["blender"]])
    for first, second in ((ids["faithful"], real), (ids["faithful"], ids["blender"]), (real, ids["blender"])):
        found = result.find(READ.name, WHOLE, first, second)
        expected = board.loc[first, READ.header] - board.loc[second, READ.header]
        assert found.point == pytest.approx(expected, abs=1e-3), (first, second)


def test_model_rates_carry_the_boards_intervals(seeded):
    records, frame, _ = seeded
    board = rank(records, frame).set_index("submission")
    for point in model_rates(records, frame):
        row = board.loc[point.submission]
        for rate, entry in ((point.read, READ), (point.recited, RECITED)):
            if rate.has_interval:
                assert format_ci(rate.low, rate.high, rate.cells) == row[f"{entry.header} 95% CI"]
            else:
                assert rate.note == row[f"{entry.header} 95% CI"]


def test_slices_with_fewer_than_five_shared_cells_have_no_interval_and_say_so(seeded):
    records, frame, ids = seeded
    result = compare(records, frame, [ids["faithful"], ids["reciter"]], BoardFilter(markets=("us",)))
    inverted = result.find(READ.name, slice_name("arm", "inverted"), ids["faithful"], ids["reciter"])
    assert inverted.shared == 4 and inverted.cells <= 4
    assert inverted.point == pytest.approx(1.0) and inverted.low is None and "5 needed" in inverted.note
    whole = result.find(READ.name, WHOLE, ids["faithful"], ids["reciter"])
    assert whole.shared == 12, "one market: 3 arms x 4 contexts"
    real_only = compare(records, frame, [ids["faithful"], ids["reciter"]], BoardFilter(arms=("real",)))
    nothing = real_only.find(READ.name, WHOLE, ids["faithful"], ids["reciter"])
    assert nothing.point is None and nothing.cells == 0 and "no shared cell" in nothing.note


def test_two_to_four_known_models(seeded):
    records, frame, ids = seeded
    with pytest.raises(ValueError, match="2 to 4"):
        compare(records, frame, [ids["faithful"], ids["faithful"]])
    with pytest.raises(ValueError, match="2 to 4"):
        compare(records, frame, list(ids.values()))
    with pytest.raises(ValueError, match="unknown submission"):
        compare(records, frame, [ids["faithful"], "0" * 16])
    result = compare(records, frame, [ids["faithful"], ids["reciter"], ids["fabricator"], ids["blender"]])
    assert len({(d.first, d.second) for d in result.differences}) == 6


def test_the_table_and_chart_show_every_pair_with_significant_ones_marked(seeded):
    records, frame, ids = seeded
    result = compare(records, frame, [ids["faithful"], ids["reciter"], ids["blender"]])
    table = comparison_html(result)
    assert table.count("<tr data-first=") == 3 * len(result.slices)
    assert "<strong>+100.0 pp</strong>" in table and "<strong>-100.0 pp</strong>" in table
    svg = compare_svg(result)
    root = ET.fromstring(svg[svg.index("<svg"):svg.rindex("</svg>") + len("</svg>")])
    groups = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "mcb-mark"]
    drawn = [d for d in result.differences if d.point is not None]
    assert len(groups) == len(drawn)
    whole = next(g for g in groups if g.get("data-slice") == WHOLE and g.get("data-metric") == READ.name
                 and g.get("data-first") == ids["faithful"] and g.get("data-second") == ids["reciter"])
    assert "+100.0 pp [+100.0 pp, +100.0 pp]" in whole.find("{http://www.w3.org/2000/svg}title").text
