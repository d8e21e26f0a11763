"""The leaderboard in a real browser: Playwright driving Debian's Chromium against the app on 127.0.0.1.

One app and one browser per module (the baselines scored for real, as `mcb demo` does); each
test opens a fresh page. Skipped when no `chromium` is on PATH.
"""

from __future__ import annotations

import json
import re
import shutil
import socket

import pytest

from contracts.jsonl import numbered_lines
playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
TIMEOUT_MS = 30_000
HOSTILE_NAME = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'


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
    store = LocalStore(tmp_path_factory.mktemp("browser") / "results")
    outcomes = {**seed_baselines(store, datasets), **seed_models(store, datasets)}
    assert {o.status for o in outcomes.values()} == {"scored"}
    from leaderboard.tracks import seed_tracks

    assert {o.status for o in seed_tracks(store, default_build)} == {"scored"}
    port = free_port()
    app = serve(LeaderboardService(store, datasets), host="127.0.0.1", port=port, block=False)
    yield {"url": f"http://127.0.0.1:{port}/", "store": store, "datasets": datasets, "dataset_folder": default_build}
    app.close()


@pytest.fixture(scope="module")
def browser(served):
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser, served):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.dialogs = dialogs
    page.goto(served["url"])
    page.wait_for_selector("#board table")
    yield page
    context.close()


def open_page(page, served, name: str) -> None:
    """Go to one of the app's pages (the board is the first page; the rest have their own URL),
    through Gradio's navbar, the one navigation every page carries."""
    from leaderboard.pages import page_named

    page.get_by_role("navigation").get_by_role("link", name=name, exact=True).click()
    target = served["url"] + page_named(name).path
    page.wait_for_url(target)
    if name == "Leaderboard":
        page.wait_for_selector("#board table")


def board_text(page) -> str:
    return page.locator("#board").inner_text()


def models_in_order(page, names: list[str]) -> list[str]:
    text = board_text(page)
    found = [(text.find(name), name) for name in names if name in text]
    return [name for _, name in sorted(found)]


def store_files(store) -> dict[str, bytes]:
    return {str(p.relative_to(store.root)): p.read_bytes() for p in store.root.rglob("*") if p.is_file() and p.name != ".lock"}


def upload(page, served, tmp_path, content: bytes, name: str, revision: str = "r1") -> str:
    """Fill the Submit page and return the status text once the server has answered."""
    open_page(page, served, "Submit")
    path = tmp_path / "submission.jsonl"
    path.write_bytes(content)
    page.locator("#upload input[type=file]").set_input_files(str(path))
    page.locator("#upload").get_by_text("submission.jsonl").first.wait_for()
    page.locator("#meta-name textarea, #meta-name input").first.fill(name)
    page.locator("#meta-revision textarea, #meta-revision input").first.fill(revision)
    page.locator("#submit-button").click()
    status = page.locator("#submit-status textarea")
    page.wait_for_function("el => /^(scored|rejected|duplicate):/.test(el.value)", arg=status.element_handle())
    return status.input_value()


def fabricator_jsonl(served, seed: int) -> bytes:
    from extractors.baselines import baseline_submission
    from leaderboard.seed import submission_jsonl

    datasets = served["datasets"]
    return submission_jsonl(baseline_submission("fabricator", datasets.get(datasets.latest), seed))


def test_board_loads_with_the_baselines_ranked_faithful_first(page):
    order = models_in_order(page, ["baseline: faithful", "baseline: reciter", "baseline: fabricator"])
    assert order[0] == "baseline: faithful"
    assert set(order[1:]) == {"baseline: reciter", "baseline: fabricator"}
    assert "95% CI" in board_text(page)
    from extractors.version import scorer_version

    assert "scorer" in board_text(page) and f"Ranked with scorer {scorer_version()} (current)." in board_text(page)


def board_column(page, header: str) -> dict[str, str]:
    """Model -> the text of one column of the board, as shown."""
    headers = page.locator("#board th").all_inner_texts()
    model, index = headers.index("model"), headers.index(header)
    return {row.locator("td").nth(model).inner_text(): row.locator("td").nth(index).inner_text()
            for row in page.locator("#board tbody tr").all()}


def sort_keys(page, header: str) -> list:
    """The board's values of one column in the order shown: numbers from data-s, text casefolded, "—" missing."""
    return page.evaluate("""(header) => {
        const heads = [...document.querySelectorAll('#board th')].map((th) => th.innerText.trim());
        const index = heads.indexOf(header);
        return [...document.querySelectorAll('#board tbody tr')].map((row) => {
            const cell = row.cells[index];
            if (cell.hasAttribute('data-s')) { const raw = cell.getAttribute('data-s'); return raw === '' ? null : Number(raw); }
            const text = cell.innerText.trim();
            return text === '' || text === '—' ? null : text.toLowerCase();
        });
    }""", header)


def in_order(keys: list, descending: bool) -> bool:
    """Sorted by value, missing values last in both directions."""
    present = [key for key in keys if key is not None]
    return present == sorted(present, reverse=descending) and keys == present + [None] * (len(keys) - len(present))


@pytest.mark.parametrize("header", ["model", "read rate (perturbed)", "fabricated", "reading weight", "params (B)",
                                    "revision", "rank"])
def test_clicking_a_header_sorts_the_board_by_value_both_ways(page, header):
    heading = page.locator("#board th").filter(has_text=re.compile(f"^{re.escape(header)}$"))
    before = sort_keys(page, header)
    heading.click()
    page.wait_for_function("(h) => [...document.querySelectorAll('#board th')].some((th) => th.innerText.trim() === h "
                           "&& th.getAttribute('aria-sort') === 'ascending')", arg=header)
    ascending = sort_keys(page, header)
    assert in_order(ascending, descending=False), ascending
    models_ascending = sort_keys(page, "model")
    heading.click()
    page.wait_for_function("(h) => [...document.querySelectorAll('#board th')].some((th) => th.innerText.trim() === h "
                           "&& th.getAttribute('aria-sort') === 'descending')", arg=header)
    descending = sort_keys(page, header)
    assert in_order(descending, descending=True), descending
    assert sorted(ascending, key=repr) == sorted(before, key=repr) == sorted(descending, key=repr), "sorting keeps every row"
    if header == "model":  # case-insensitive: "SmolLM2" sorts among the s's, not before every lower-case name
        names = [name for name in ascending if name]
        assert names.index("smollm2-135m-instruct") > names.index("baseline: faithful")
    if header == "read rate (perturbed)":  # the faithful baseline reads every figure: last going up, first going down
        assert models_ascending[-1] == sort_keys(page, "model")[0] == "baseline: faithful"


def test_rates_are_percentages_with_one_decimal_and_their_intervals(page):
    from leaderboard.columns import READ_RATE

    rates = board_column(page, READ_RATE)
    assert rates and all(re.fullmatch(r"\d{1,3}\.\d% ± (\d{1,3}\.\d|—)|—", text) for text in rates.values()), rates
    assert rates["baseline: faithful"].startswith("100.0% ± ")
    assert all(re.fullmatch(r"\d{1,3}\.\d%|—", text) for text in board_column(page, "coverage (full)").values())


def test_the_board_fits_a_1280_px_window_with_rank_and_model_frozen(browser, served):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(served["url"])
    page.wait_for_selector("#board tbody tr")
    widths = page.evaluate("() => { const b = document.querySelector('#board .mcb-board'); const d = document.documentElement;"
                           " return [b.scrollWidth, b.clientWidth, d.scrollWidth, d.clientWidth]; }")
    assert widths[0] <= widths[1] and widths[2] <= widths[3], f"horizontal scroll at 1,280 px: {widths}"
    for column in (1, 2):
        assert page.evaluate(f"() => getComputedStyle(document.querySelector('#board tbody td:nth-child({column})')).position") == "sticky"
    context.close()


PAGE_CONTENT = {  # what each page shows on first view, before anything is picked
    "Leaderboard": "#board tbody tr",
    "Charts": "#chart-scatter g.mcb-mark",
    "Compare": "#compare-table tbody tr",
    "Cells": "#cells-table tbody tr",
    "Read one": "#read-html mark.mcb-claim",
    "Panels": "#panel-plot canvas, #panel-plot svg",
    "Sweep": "#sweep-none, #sweep-slopes table",  # this store holds no sweep answers: the page says so (test_sweep_browser)
    "Submit": "#queue >> text=baseline: faithful",
    "Tracks": "#tracks table",
    "About": "#about h3",
}


def test_every_page_has_its_first_view_checked():
    from leaderboard.pages import PAGES

    assert list(PAGE_CONTENT) == [entry.name for entry in PAGES]


@pytest.mark.parametrize("name", list(PAGE_CONTENT))
def test_every_page_is_full_on_first_view_with_one_navigation(browser, served, name, tmp_path):
    """Opened by URL, each page shows its content at once, and Gradio's navbar is its one navigation."""
    import os
    from pathlib import Path

    from leaderboard.pages import PAGES, page_named

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(served["url"] + page_named(name).path)
    page.locator(PAGE_CONTENT[name]).first.wait_for()
    navigation = page.get_by_role("navigation")
    assert navigation.count() == 1
    assert navigation.get_by_role("link").all_inner_texts() == [entry.name for entry in PAGES]
    if name == "Cells":  # the top model's every cell, under named headers (no "1 2 3" placeholders)
        assert page.locator("#cells-table tbody tr").count() == 24
        assert page.locator("#cells-table th").first.inner_text() == "cell_id"
        box = page.evaluate("() => { const b = document.querySelector('#cells-table .mcb-board'); return [b.scrollWidth, b.clientWidth]; }")
        assert box[0] <= box[1], f"the cells table scrolls sideways at 1,280 px: {box}"
        assert page.locator("#cells-model input").input_value().startswith("baseline: faithful")
    if name == "Read one":
        assert page.locator("#read-model input").input_value().startswith("baseline: faithful")
        cell = page.locator("#read-cell input").input_value()
        assert cell and cell in page.locator("#read-html").inner_text()
        assert page.locator("#read-claims tbody tr").count() >= 1
    if name == "Cells":
        # the chart renders after the table on a loaded machine: wait for its last mark, then count
        page.locator("#chart-heatmap g.mcb-mark").nth(23).wait_for()
        assert page.locator("#chart-heatmap g.mcb-mark").count() == 24, "the heatmap opens with the table"
    if name == "Compare":  # the board's top two, compared at once
        assert page.locator("#compare-models").inner_text().count("baseline: faithful") == 1
        page.locator("#chart-compare g.mcb-mark").first.wait_for()
        assert page.locator("#chart-compare g.mcb-mark").count() >= 1
    if name == "About":
        from leaderboard.pages.about import about_text

        assert about_text().split("\n")[0] in page.locator("#about").inner_text()
    width = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], f"{name} scrolls sideways at 1,280 px: {width}"
    shots = Path(os.environ.get("MCB_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"{page_named(name).path or 'board'}.png"), full_page=True)
    context.close()


def test_the_board_shows_each_models_reading_weight_with_its_interval(page, served):
    from extractors.metrics import metric

    weight = metric("reading_weight")
    rows = board_column(page, weight.header)
    # A weight is a number, not a share: its point and the half-width of its 95% interval, "1.00 ± 0.00".
    assert all(re.fullmatch(r"-?\d+\.\d\d ± (\d+\.\d\d|—)|—", text) for text in rows.values()), rows
    assert float(rows["baseline: faithful"].split()[0]) == pytest.approx(1.0, abs=0.02)
    assert float(rows["baseline: blender"].split()[0]) == pytest.approx(0.5, abs=0.02)
    assert float(rows["baseline: reciter"].split()[0]) == pytest.approx(0.0, abs=0.02)
    bounds = page.locator("#board tr", has_text="baseline: blender").locator("td[title^='95% CI [']")
    assert bounds.count() >= 1, "each interval's exact bounds are on hover"


def test_the_real_model_row_is_on_the_board_beside_the_baselines(page):
    """`mcb demo` stores SmolLM2-135M-Instruct's committed real commentary with the baselines."""
    order = models_in_order(page, ["baseline: faithful", "SmolLM2-135M-Instruct"])
    assert order[0] == "baseline: faithful" and "SmolLM2-135M-Instruct" in order
    row = page.locator("#board tr", has_text="SmolLM2-135M-Instruct")
    assert row.count() == 1 and "Q4_1" in row.inner_text()


def test_filters_narrow_the_board(page):
    page.locator("#filter-search input, #filter-search textarea").first.fill("fabric")
    page.wait_for_function("() => !document.querySelector('#board').innerText.includes('baseline: faithful')")
    assert "baseline: fabricator" in board_text(page)
    page.locator("#filter-search input, #filter-search textarea").first.fill("")
    page.wait_for_function("() => (document.querySelector('#board')?.innerText ?? '').includes('baseline: faithful')")
    page.locator("#filter-arm").get_by_label("real").check()
    # Only the real arm selected: reading cannot be told from recall, so the read rate is "—".
    page.wait_for_function("() => (document.querySelector('#board')?.innerText ?? '').includes('—')")


def test_a_cell_opens_with_claims_highlighted_by_verdict(page, served):
    open_page(page, served, "Read one")
    page.locator("#read-model input").click()
    page.get_by_role("option", name="baseline: faithful").click()
    page.locator("#read-cell input").click()
    page.get_by_role("option", name="us-2026-08-inverted-sparse", exact=True).click()
    # Picking a model first shows its first cell: wait for the chosen cell's commentary, not that one's.
    page.wait_for_function("() => (document.querySelector('#read-html')?.innerText ?? '').includes('us-2026-08-inverted-sparse')")
    marks = page.locator("#read-html mark.mcb-claim")
    marks.first.wait_for()
    assert marks.count() >= 1
    assert page.locator('#read-html mark[data-verdict="supported"]').count() == marks.count()
    assert "shown" in marks.first.inner_text() and "true" in marks.first.inner_text()
    assert page.locator("#read-claims").get_by_text("supported").count() >= 1
    # every claim names the extractor rules that made it: on hover, and in the claims table's rules column
    assert "rules: " in marks.first.get_attribute("title") and "subject." in marks.first.get_attribute("title")
    assert page.locator("#read-claims").get_by_text("subject.", exact=False).count() >= 1
    # a distinguishable figure shows its reading weight beside shown and true: faithful reads, w 1.00
    assert page.locator("#read-html mark", has_text="w 1.00").count() >= 1
    assert page.locator("#read-claims").get_by_text("weight", exact=True).count() >= 1


def test_a_valid_upload_appears_on_the_board(page, served, tmp_path):
    status = upload(page, served, tmp_path, fabricator_jsonl(served, seed=7), "uploaded-model")
    assert status.startswith("scored:"), status
    open_page(page, served, "Leaderboard")
    page.wait_for_function("() => (document.querySelector('#board')?.innerText ?? '').includes('uploaded-model')")
    assert any(r.meta.name == "uploaded-model" for r in served["store"].records())


def test_the_file_mcb_run_writes_uploads_as_it_is_and_appears_on_the_board(page, served, tmp_path):
    """The README's path in the browser: `mcb run` against the stand-in (one call refused, so one failed
    line with commentary null and every run metadata field), uploaded unchanged on the Submit page."""
    from typer.testing import CliRunner

    from builder.dataset import read_dataset
    from mcb import app
    from tests.openai_standin import RunningStandIn, StandIn

    folder, out = served["dataset_folder"], tmp_path / "run.jsonl"
    refused = frozenset({read_dataset(folder).cells["lisbon-2026-02-inverted-probe"].prompt})
    with RunningStandIn(StandIn(failing_prompts=refused, failing_mode="refusal")) as server:
        ran = CliRunner().invoke(app, ["run", "--model", "standin-model", "--base-url", server.base_url,
                                       "--out", str(out), "--dataset", str(folder), "--concurrency", "2"])
    assert ran.exit_code == 1, ran.output
    status = upload(page, served, tmp_path, out.read_bytes(), "run-by-mcb")
    assert status.startswith("scored:"), status
    open_page(page, served, "Leaderboard")
    page.wait_for_function("() => (document.querySelector('#board')?.innerText ?? '').includes('run-by-mcb')")
    [record] = [r for r in served["store"].records() if r.meta.name == "run-by-mcb"]
    assert record.failures == 1


def test_a_broken_upload_shows_its_error_and_changes_nothing(page, served, tmp_path):
    before = store_files(served["store"])
    rows = [raw for _, raw in numbered_lines(fabricator_jsonl(served, seed=11).decode())]
    rows[1] = json.dumps({"cell_id": "us-1999-01-real-full", "commentary": "x"})
    status = upload(page, served, tmp_path, ("\n".join(rows) + "\n").encode(), "broken-model")
    assert status.startswith("rejected:")
    assert "line 2, field 'cell_id'" in status
    assert store_files(served["store"]) == before
    open_page(page, served, "Leaderboard")
    assert "broken-model" not in board_text(page)


def test_a_script_in_a_model_name_stays_inert(page, served, tmp_path):
    status = upload(page, served, tmp_path, fabricator_jsonl(served, seed=8), HOSTILE_NAME)
    assert status.startswith("scored:"), status
    open_page(page, served, "Leaderboard")
    page.wait_for_function("() => (document.querySelector('#board')?.innerText ?? '').includes('window.__pwned=1')")
    fresh = page.context.new_page()
    fresh.goto(page.url)
    fresh.wait_for_selector("#board table")
    fresh.wait_for_function("() => (document.querySelector('#board')?.innerText ?? '').includes('window.__pwned=1')")
    for view in (page, fresh):
        assert view.evaluate("() => window.__pwned") is None
        assert view.locator("#board script, #board img").count() == 0
    assert page.dialogs == []


def test_the_tracks_page_shows_each_canary_as_expected_with_the_caveats(page, served):
    from builder.tracks.common import LOWER_BOUND_CAVEAT, TRACK_INFO
    from extractors.tracks.canaries import CANARIES

    open_page(page, served, "Tracks")
    page.wait_for_selector("#tracks table")
    for (track, kind), canary in CANARIES.items():
        row = page.locator(f"#track-{track} tbody tr", has_text=f"canary: {kind}")
        assert row.count() == 1, (track, kind)
        assert row.locator(".mcb-track-status").get_attribute("data-status") == canary.expected
        assert f"{canary.expected} ✓" in row.inner_text()
        if canary.expected == "pass":  # a pass is never shown without what it is worth
            assert "lower bound" in row.locator(".mcb-track-status").inner_text()
        assert row.locator("td.n").inner_text() != ""  # the p-value column
    for track, info in TRACK_INFO.items():
        section = page.locator(f"#track-{track}").inner_text()
        assert LOWER_BOUND_CAVEAT in section
        assert all(caveat in section for caveat in info.caveats)


def test_a_script_in_a_model_name_stays_inert_on_the_tracks_page(page, served):
    from builder.tracks.common import read_track_rows
    from extractors.tracks.canaries import canary_submission
    from leaderboard.store import ModelMeta
    from leaderboard.tracks import submit_track

    folder = served["dataset_folder"]
    lines = canary_submission("masked", "guesser", read_track_rows(folder, "masked"), folder)
    raw = ("".join(json.dumps(line) + "\n" for line in lines) + "\n").encode()  # not the canary's bytes
    outcome = submit_track(raw, "masked", ModelMeta(HOSTILE_NAME, "r1"), served["store"], folder)
    assert outcome.status == "scored"
    open_page(page, served, "Tracks")
    page.wait_for_selector("#tracks table")
    page.wait_for_function("() => (document.querySelector('#tracks')?.innerText ?? '').includes('window.__pwned=1')")
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("#tracks script, #tracks img").count() == 0
    assert page.dialogs == []
