"""The sweep's plot and slopes table in a real browser (Playwright driving Debian's Chromium).

The app's Sweep page (`/sweep`), served over a real store seeded with the baselines' sweep
answers. Skipped when no `chromium` is on PATH.
"""

from __future__ import annotations

import shutil

import pytest

from tests.test_leaderboard_browser import CHROMIUM_ARGS, TIMEOUT_MS, free_port

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from builder.dataset import build_dataset, default_specs
    from extractors.scoring_data import from_folder
    from leaderboard.app import serve
    from leaderboard.service import LeaderboardService
    from leaderboard.store import LocalStore
    from leaderboard.submit import load_datasets
    from leaderboard.sweep import seed_sweep

    folder = tmp_path_factory.mktemp("sweep-browser")
    build_dataset(folder / "ds", default_specs(), extras=("sweep",))
    store = LocalStore(folder / "results")
    seed_sweep(store, from_folder(folder / "ds", "sweep"))
    port = free_port()
    demo = serve(LeaderboardService(store, load_datasets([folder / "ds"])), port=port, block=False)
    yield f"http://127.0.0.1:{port}/sweep"
    demo.close()


@pytest.fixture()
def page(served):
    with playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1300, "height": 1400})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(served)
        page.wait_for_selector("#sweep-slopes table")
        yield page
        browser.close()


def test_the_slopes_table_shows_each_baselines_slope_with_its_interval(page):
    text = page.locator("#sweep-slopes").inner_text()
    rows = {line.split("\t")[0]: line.split("\t") for line in text.split("\n") if line.startswith("baseline: ")}
    assert rows["baseline: faithful"][1] == "1.000" and rows["baseline: faithful"][2].startswith("[0.99")
    assert rows["baseline: blender"][1] == "0.500" and rows["baseline: reciter"][1].startswith("0.00")
    assert rows["baseline: fabricator"][1] == "—"


def test_the_plot_draws_every_model_and_one_models_fit(page):
    for plot in ("#sweep-all", "#sweep-one"):
        page.locator(f"{plot} canvas, {plot} svg").first.wait_for()
    legend = page.locator("#sweep-all").inner_text()
    assert "baseline: faithful" in legend and "baseline: reciter" in legend
    one = page.locator("#sweep-one").inner_text()
    assert "fitted slope 0.500" in one and "k = 2" in one  # the page opens on the first model, the blender


def test_picking_another_model_draws_its_fit(page):
    page.locator("#sweep-model input").click()
    page.get_by_role("option", name="baseline: faithful", exact=True).click()
    # the faithful baseline reads: its fitted slope is 1 (to the sweep's rounding), the blender's 0.5 is gone
    page.wait_for_function("() => /fitted slope (1\\.000|0\\.99\\d)/.test((document.querySelector('#sweep-one')?.innerText ?? ''))")
    assert "fitted slope 0.500" not in page.locator("#sweep-one").inner_text()
