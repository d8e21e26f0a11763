"""The board's charts, drawn from a seeded store (the baselines and the shipped real model row) and
checked against the scorer's own cells.csv: every bar, point and heatmap cell is the stored count."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from collections import defaultdict
from datetime import date

import pandas as pd
import pytest

from contracts.vocabulary import PERTURBED_ARMS, TRUTH_ARM
from leaderboard.display.charts import (
    APART,
    MIX_DETAILS,
    HeatCell,
    NOT_COUNTED,
    VerdictMix,
    heat_cells,
    heatmap_svg,
    panel_svg,
    scatter_svg,
    session_positions,
    verdict_mix_svg,
    verdict_mixes,
)
from leaderboard.compare import model_rates
from leaderboard.ranking import BoardFilter, cells_frame

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def seeded(default_build, tmp_path_factory):
    from leaderboard.seed import seed_baselines, seed_models
    from leaderboard.store import LocalStore
    from leaderboard.submit import load_datasets

    datasets = load_datasets([default_build])
    store = LocalStore(tmp_path_factory.mktemp("charts") / "results")
    outcomes = {**seed_baselines(store, datasets), **seed_models(store, datasets)}
    assert {o.status for o in outcomes.values()} == {"scored"}
    contents = store.contents()
    frame = cells_frame(contents.entries)
    by_name = {r.meta.name: r.id for r in contents.records}
    csvs = {r.id: list(csv.DictReader(io.StringIO(store.score_file(r.id, "cells.csv").decode("utf-8"))))
            for r in contents.records}
    return {"records": contents.records, "frame": frame, "ids": by_name, "csv": csvs, "datasets": datasets}


def marks(svg: str) -> dict[str, ET.Element]:
    """Every annotated group of a chart by id (the SVG must parse as XML)."""
    root = ET.fromstring(svg[svg.index("<svg"):svg.rindex("</svg>") + len("</svg>")])
    return {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("class") == "mcb-mark"}


def title(group: ET.Element) -> str:
    return group.find(f"{SVG}title").text


def csv_sum(rows, name: str, **where) -> int:
    return sum(int(float(row[name] or 0)) for row in rows if all(row[k] == v for k, v in where.items()))


def real_model(seeded) -> str:
    return next(sid for name, sid in seeded["ids"].items() if not name.startswith("baseline: "))


# ---- verdict mix ----

def test_every_bar_is_the_models_count_in_cells_csv(seeded):
    mixes = verdict_mixes(seeded["records"], seeded["frame"])
    assert {m.submission for m in mixes} == set(seeded["ids"].values()), "every seeded row has claims"
    found = marks(verdict_mix_svg(mixes))
    for mix in mixes:
        rows = seeded["csv"][mix.submission]
        for detail in (*MIX_DETAILS, APART):
            group = found[f"bar-{mix.submission}-{detail}"]
            assert int(group.get("data-count")) == csv_sum(rows, detail), (mix.model, detail)
        checkable = csv_sum(rows, "checkable")
        assert mix.checkable == checkable and sum(mix.share(d) for d in MIX_DETAILS) == pytest.approx(1.0)
    faithful, reciter = (next(m for m in mixes if m.model == f"baseline: {n}") for n in ("faithful", "reciter"))
    assert faithful.share("supported") == 1.0 and reciter.counts["recited"] > 0 and faithful.counts["recited"] == 0


def test_a_filtered_verdict_mix_counts_only_the_kept_cells(seeded):
    chosen = BoardFilter(markets=("us",), arms=("inverted",))
    mixes = verdict_mixes(seeded["records"], seeded["frame"], chosen)
    for mix in mixes:
        rows = seeded["csv"][mix.submission]
        assert mix.counts["recited"] == csv_sum(rows, "recited", market="us", arm="inverted")
        assert mix.unverifiable == csv_sum(rows, APART, market="us", arm="inverted")
    reciter = next(m for m in mixes if m.model == "baseline: reciter")
    assert reciter.counts["recited"] < next(m for m in verdict_mixes(seeded["records"], seeded["frame"])
                                            if m.model == "baseline: reciter").counts["recited"]


def test_user_text_in_a_chart_is_escaped_and_never_mathtext():
    mix = VerdictMix("0123456789abcdef", "<script>alert(1)</script> $x$", dict.fromkeys(MIX_DETAILS, 1), 2)
    svg = verdict_mix_svg([mix])
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "$x$" in svg, "the dollars are text, not a formula"
    assert title(marks(svg)[f"bar-{mix.submission}-fabricated"]).startswith("<script>")
    from leaderboard.compare import ModelRates, RateInterval

    hostile = '<img src=x onerror="alert(1)"> $y$'
    point = ModelRates(mix.submission, hostile, "r", RateInterval(0.5, 0.4, 0.6, 9), RateInterval(0.1, 0.0, 0.2, 9))
    for drawn in (scatter_svg([point]), heatmap_svg([HeatCell("us", "inverted", "full", 0.5, 1, 2)], hostile)):
        found = marks(drawn)  # parses as XML: every title and attribute is escaped
        assert "<img" not in drawn and "&lt;img" in drawn and "$y$" in drawn
        assert any(hostile in title(group) for group in found.values())


# ---- scatter ----

def distinguishable_models(seeded, **where) -> set[str]:
    """Models with a distinguishable claim on a perturbed arm in the cells `where` selects, from cells.csv."""
    return {sid for sid, rows in seeded["csv"].items()
            if any(int(float(r["distinguishable"])) > 0 and r["arm"] in PERTURBED_ARMS
                   and all(r[k] == v for k, v in where.items()) for r in rows)}


def test_a_scatter_point_per_model_at_the_boards_figures(seeded):
    from leaderboard.ranking import rank

    points = model_rates(seeded["records"], seeded["frame"])
    found = marks(scatter_svg(points))
    assert {g.removeprefix("point-") for g in found if g.startswith("point-")} == distinguishable_models(seeded)
    board = rank(seeded["records"], seeded["frame"]).set_index("submission")
    for point in points:
        group = found[f"point-{point.submission}"]
        assert float(group.get("data-read")) == pytest.approx(board.loc[point.submission, "read rate (perturbed)"], abs=5e-4)
        assert float(group.get("data-recited")) == pytest.approx(board.loc[point.submission, "recited (perturbed)"], abs=5e-4)
        ci = board.loc[point.submission, "read rate (perturbed) 95% CI"]
        if point.read.has_interval:
            assert ci == f"[{point.read.low:.3f}, {point.read.high:.3f}]", "the error bar is the board's interval"
            assert f"[{100 * point.read.low:.1f}%, {100 * point.read.high:.1f}%]" in title(group)
    faithful = found[f"point-{seeded['ids']['baseline: faithful']}"]
    reciter = found[f"point-{seeded['ids']['baseline: reciter']}"]
    assert float(faithful.get("data-read")) > 0.9 > float(reciter.get("data-read"))
    assert float(reciter.get("data-recited")) > 0.9


def test_filtering_to_one_arm_or_context_drops_the_points_without_data_there(seeded):
    only_real = model_rates(seeded["records"], seeded["frame"], BoardFilter(arms=(TRUTH_ARM,)))
    assert only_real == ()
    svg = scatter_svg(only_real)
    assert "<svg" not in svg and "perturbed arms only" in svg
    for context in ("none", "probe"):
        points = model_rates(seeded["records"], seeded["frame"], BoardFilter(contexts=(context,)))
        assert {p.submission for p in points} == distinguishable_models(seeded, context=context), context
    everyone = {p.submission for p in model_rates(seeded["records"], seeded["frame"])}
    fewer = {p.submission for p in model_rates(seeded["records"], seeded["frame"], BoardFilter(contexts=("none",)))}
    assert fewer < everyone, "under `none` some model states nothing distinguishable"


# ---- heatmap ----

def test_heatmap_cells_are_the_cells_csv_counts(seeded):
    for sid in (seeded["ids"]["baseline: faithful"], real_model(seeded)):
        cells = heat_cells(seeded["records"], seeded["frame"], sid)
        rows = seeded["csv"][sid]
        assert len(cells) == len({(r["market"], r["arm"], r["context"]) for r in rows})
        found = marks(heatmap_svg(cells, "model"))
        for cell in cells:
            group = found[cell.id]
            where = {"market": cell.market, "arm": cell.arm, "context": cell.context}
            if cell.arm == TRUTH_ARM:
                assert cell.value is None and group.get("data-value") == "" and "does not count" in title(group)
                continue
            supported, distinguishable = (csv_sum(rows, n, **where) for n in ("distinguishable_supported", "distinguishable"))
            assert (int(group.get("data-numerator")), int(group.get("data-denominator"))) == (supported, distinguishable)
            if distinguishable:
                assert float(group.get("data-value")) == pytest.approx(supported / distinguishable, abs=1e-4)
                assert f"{100 * supported / distinguishable:.1f}%" in title(group)
            else:
                assert cell.value is None
    assert NOT_COUNTED in heatmap_svg(heat_cells(seeded["records"], seeded["frame"], sid), "model")


def test_a_filtered_heatmap_keeps_only_the_chosen_cells_and_weight_reads_one_for_faithful(seeded):
    faithful = seeded["ids"]["baseline: faithful"]
    cells = heat_cells(seeded["records"], seeded["frame"], faithful, chosen=BoardFilter(arms=("inverted",), markets=("us",)))
    assert {(c.market, c.arm) for c in cells} == {("us", "inverted")} and len(cells) == 4
    weights = heat_cells(seeded["records"], seeded["frame"], faithful, "reading_weight")
    perturbed = [c for c in weights if c.arm in PERTURBED_ARMS and c.numerator]
    # Stated values are rounded, so a faithful reader's weight is 1 to within the rounding; a reciter's is 0.
    assert perturbed and all(c.value == pytest.approx(1.0, abs=0.01) for c in perturbed), "a faithful reader's weight is 1"
    recited = heat_cells(seeded["records"], seeded["frame"], seeded["ids"]["baseline: reciter"], "reading_weight")
    recited = [c for c in recited if c.arm in PERTURBED_ARMS and c.numerator]
    assert recited and all(c.value == pytest.approx(0.0, abs=0.01) for c in recited)
    with pytest.raises(KeyError, match="known: read_rate"):
        heat_cells(seeded["records"], seeded["frame"], faithful, "claims")


# ---- panels on a session axis ----

def panel_frame(seeded, market: str, ticker: str, arm: str) -> pd.DataFrame:
    dataset = seeded["datasets"].get(seeded["datasets"].latest)
    month = next(c.month for c in dataset.cells.values() if c.market == market)
    frames = []
    for label, panel in ((f"shown ({arm})", dataset.shown_panel(market, month, arm)),
                         (f"true ({TRUTH_ARM})", dataset.true_panel(market, month))):
        bars = panel.bars[panel.bars["ticker"] == ticker][["date", "close"]].copy()
        bars["panel"] = label
        frames.append(bars)
    return pd.concat(frames, ignore_index=True)


def test_panel_sessions_are_equally_spaced_and_no_weekend_is_drawn(seeded):
    frame = panel_frame(seeded, "us", "NVDA", "inverted")
    svg = panel_svg(frame, "NVDA")
    found = marks(svg)
    sessions = sorted(set(pd.to_datetime(frame["date"]).dt.date))
    xs: dict[str, list[float]] = defaultdict(list)
    for gid, group in found.items():
        day = date.fromisoformat(group.get("data-date"))
        assert day.weekday() < 5 and day in sessions, gid
        assert int(group.get("data-session")) == sessions.index(day)
        xs[group.get("data-panel")].append(float(group.find(f".//{SVG}use").get("x")))
    assert len(found) == 2 * len(sessions)
    for panel, positions in xs.items():
        steps = {round(b - a, 3) for a, b in zip(positions, positions[1:])}
        assert len(steps) == 1, f"{panel}: a weekend took room: {steps}"
    assert any(d.weekday() == 4 for d in sessions[:-1]), "the month has a Friday-to-Monday step to test"
    assert list(session_positions(reversed(sessions)).values()) == list(range(len(sessions)))
    for weekend in ("Sat", "Sun"):
        assert f">{weekend} " not in svg, "no tick names a weekend day"


def test_empty_inputs_say_why_instead_of_drawing():
    assert "No panel" in panel_svg(pd.DataFrame(columns=["date", "close", "panel"]), "NVDA")
    assert "No model" in verdict_mix_svg(())
    assert "No cell" in heatmap_svg((), "model")


def test_a_crowded_scatter_draws_the_top_models_and_says_how_many_were_left_out():
    from leaderboard.compare import ModelRates, RateInterval
    from leaderboard.display.charts import MAX_LABELS, MAX_POINTS

    many = [ModelRates(f"{i:016x}", f"model {i}", "r", RateInterval(1 - i / 200, None, None, 3), RateInterval(i / 200, None, None, 3))
            for i in range(MAX_POINTS + 7)]
    svg = scatter_svg(many)
    found = marks(svg)
    assert len([g for g in found if g.startswith("point-")]) == MAX_POINTS
    assert len([g for g in found if g.startswith("label-")]) == MAX_LABELS
    assert f"First {MAX_POINTS} of {MAX_POINTS + 7} models drawn" in svg and f"point-{0:016x}" in found
