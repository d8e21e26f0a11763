"""The charts in a real browser: Playwright driving Debian's Chromium against the app on 127.0.0.1,
over a store seeded with the baselines and the shipped real row. Each test opens its page by URL,
waits for the chart's marks, and leaves a screenshot in $MCB_SHOTS (default /work/scratch/shots)."""

from __future__ import annotations

import json
import os
import shutil
import socket
from itertools import combinations
from pathlib import Path

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
TIMEOUT_MS = 30_000
SHOTS = Path(os.environ.get("MCB_SHOTS", "/work/scratch/shots"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def served(default_build, tmp_path_factory):
    from leaderboard.app import LeaderboardService, serve
    from leaderboard.seed import seed_baselines, seed_models
    from leaderboard.store import LocalStore
    from leaderboard.submit import load_datasets

    datasets = load_datasets([default_build])
    root = tmp_path_factory.mktemp("charts-browser") / "results"
    store = LocalStore(root)
    outcomes = {**seed_baselines(store, datasets), **seed_models(store, datasets)}
    assert {o.status for o in outcomes.values()} == {"scored"}
    port = free_port()
    app = serve(LeaderboardService(store, datasets), host="127.0.0.1", port=port, block=False)
    ids = {r.meta.name: r.id for r in store.records()}
    # the models whose stored scores hold a distinguishable claim on the inverted arm (read from the
    # summaries the scorer wrote, not from the chart): only those can have a point under that filter
    inverted = {sid for sid in ids.values()
                for summary in [json.loads(next((root / "scores" / sid).glob("*/summary.json")).read_text())]
                if summary["per_arm"]["inverted"]["distinguishable"] > 0}
    yield {"url": f"http://127.0.0.1:{port}/", "ids": ids, "inverted": inverted}
    app.close()


@pytest.fixture(scope="module")
def browser(served):
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    yield page
    context.close()


def visit(page, served, path: str, ready: str) -> None:
    page.goto(served["url"] + path)
    page.wait_for_selector(ready)


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"charts-{name}.png"), full_page=True)


def ids_of(page, selector: str) -> set[str]:
    return set(page.eval_on_selector_all(selector, "els => els.map(e => e.id)"))


def boxes(page, selector: str) -> dict[str, dict]:
    return {el.get_attribute("id"): el.bounding_box() for el in page.locator(selector).all()}


def overlap(a: dict, b: dict) -> float:
    """Area shared by two boxes, as a share of the smaller one."""
    width = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    if width <= 0 or height <= 0:
        return 0.0
    return width * height / min(a["width"] * a["height"], b["width"] * b["height"])


def test_the_scatter_has_a_point_per_model_with_names_that_do_not_overlap(page, served):
    visit(page, served, "charts", "#chart-scatter .mcb-mark")
    points = ids_of(page, "#chart-scatter g.mcb-mark[id^=point-]")
    assert points == {f"point-{sid}" for sid in served["ids"].values()}, "every seeded row reads something"
    labels = boxes(page, "#chart-scatter g.mcb-mark[id^=label-]")
    assert len(labels) == len(points)
    for (one, a), (other, b) in combinations(labels.items(), 2):
        assert overlap(a, b) < 0.15, f"{one} and {other} overlap"
    faithful = page.locator(f"#point-{served['ids']['baseline: faithful']}")
    assert "read 100.0%" in faithful.locator("title").text_content()
    chart = page.locator("#chart-scatter").bounding_box()
    assert chart["width"] <= 1280, "the chart fits the page"
    shot(page, "scatter")


def test_chart_filters_drop_models_with_nothing_under_them(page, served):
    visit(page, served, "charts", "#chart-verdicts .mcb-mark")
    bars = ids_of(page, "#chart-verdicts g.mcb-mark")
    assert {f"bar-{sid}-fabricated" for sid in served["ids"].values()} <= bars
    reciter = served["ids"]["baseline: reciter"]
    every_arm = int(page.locator(f"#bar-{reciter}-recited").get_attribute("data-count"))
    page.locator("#charts-arm").get_by_label("real").check()
    page.wait_for_selector("p#chart-scatter")
    assert "perturbed arms only" in page.locator("#chart-scatter").inner_text()
    page.wait_for_function(f"() => document.querySelector('#bar-{reciter}-recited')?.dataset.count === '0'")
    shot(page, "filtered-real")
    page.locator("#charts-arm").get_by_label("real").uncheck()
    page.locator("#charts-arm").get_by_label("inverted").check()
    # Unchecking `real` first shows every arm again: wait for the inverted arm's own, smaller count.
    page.wait_for_function("([id, all]) => { const n = Number(document.querySelector(id)?.dataset.count); "
                           "return n > 0 && n < all; }", arg=[f"#bar-{reciter}-recited", every_arm])
    points = ids_of(page, "#chart-scatter g.mcb-mark[id^=point-]")
    assert points == {f"point-{sid}" for sid in served["inverted"]}
    # the shipped SmolLM2 row answered only `none` cells on the inverted arm: nothing distinguishable, no point
    assert served["ids"]["SmolLM2-135M-Instruct"] not in served["inverted"]
    assert {served["ids"][name] for name in served["ids"] if name.startswith("baseline:")} <= served["inverted"]
    shot(page, "verdicts-inverted")


def test_cells_opens_on_the_top_models_heatmap_and_follows_its_filters(page, served):
    visit(page, served, "cells", "#chart-heatmap .mcb-mark")
    squares = page.locator("#chart-heatmap g.mcb-mark")
    assert squares.count() == 2 * 3 * 4, "2 markets x 3 arms x 4 contexts"
    full = page.locator("#heat-us-inverted-full")
    assert full.get_attribute("data-value") == "1.000000", "the board's top row is the faithful reader"
    assert "n/a" in page.locator("#chart-heatmap").text_content(), "the read rate does not count the real arm"
    shot(page, "heatmap")
    page.locator("#cells-arm").get_by_label("inverted").check()
    page.wait_for_function("() => document.querySelectorAll('#chart-heatmap g.mcb-mark').length === 8")
    assert page.locator("#cells-table tbody tr").count() == 8, "the table follows the same filter"
    page.locator("#cells-heat-metric").get_by_label("recited (perturbed)").check()
    page.wait_for_function("() => document.querySelector('#heat-us-inverted-full')?.dataset.value === '0.000000'")
    page.locator("#cells-model input").click()
    page.get_by_role("option", name="baseline: reciter").click()
    page.wait_for_function("() => document.querySelector('#heat-us-inverted-full')?.dataset.value === '1.000000'")
    assert "baseline: reciter" in page.locator("#chart-heatmap").text_content()
    shot(page, "heatmap-reciter-recited")


def test_compare_opens_on_the_top_two_and_takes_a_third_model(page, served):
    visit(page, served, "compare", "#chart-compare .mcb-mark")
    rows = page.locator("#compare-table tbody tr")
    assert rows.count() == 7, "one pair: the whole selection, 2 arms, 4 contexts"
    first = rows.first
    assert "baseline: faithful" in first.inner_text() and "all selected cells" in first.inner_text()
    shot(page, "compare")
    page.locator("#compare-models input").click()
    page.get_by_role("option", name="baseline: reciter").click()
    page.wait_for_function("() => document.querySelectorAll('#compare-table tbody tr').length === 21")
    faithful, reciter = served["ids"]["baseline: faithful"], served["ids"]["baseline: reciter"]
    whole = page.locator(f'#compare-table tr[data-first="{faithful}"][data-second="{reciter}"]'
                         '[data-slice="all selected cells"]')
    assert "+100.0 pp" in whole.locator("strong").first.inner_text(), "significant, in bold"
    assert page.locator("#chart-compare g.mcb-mark").count() > 3 * 2
    page.locator("#compare-table th", has_text="shared cells").click()
    assert page.locator("#compare-table th[aria-sort]").count() == 1, "the table sorts like the board"
    shot(page, "compare-three")


def test_panels_draw_one_equally_spaced_point_per_session(page, served):
    visit(page, served, "panels", "#chart-panel .mcb-mark")
    dots = page.locator("#chart-panel g.mcb-mark[id^=session-0-]")
    days = [dot.get_attribute("data-date") for dot in dots.all()]
    import datetime as dt

    assert days and all(dt.date.fromisoformat(day).weekday() < 5 for day in days)
    centres = sorted(box["x"] + box["width"] / 2 for box in boxes(page, "#chart-panel g.mcb-mark[id^=session-0-]").values())
    steps = [b - a for a, b in zip(centres, centres[1:])]
    assert max(steps) - min(steps) < 1.0, f"a weekend took room: {steps}"
    assert "Sat" not in page.locator("#chart-panel").text_content()
    shot(page, "panel")
    page.locator("#panel-ticker input").click()
    page.get_by_role("option", name="AMD", exact=True).click()
    page.wait_for_function("() => document.querySelector('#chart-panel')?.textContent.includes('AMD')")
    shot(page, "panel-amd")
