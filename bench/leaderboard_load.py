"""Board load time with 1,000 stored submissions vs an empty Gradio 6 page, side by side in one run.

    python bench/leaderboard_load.py [--submissions 1000] [--results build/bench-results] [--rounds 5]

Submissions are real: each mixes, cell by cell, the commentaries of the three baselines (the
fabricator under several seeds), under a distinct model name, and goes through the full
submission path (validation, `mcb score` scoring, aggregates, atomic store). The store is kept
and reused by later runs. Both pages are then served on 127.0.0.1 and loaded alternately in
Debian's Chromium, each in a fresh browser context (no HTTP cache); the time is the page's own
clock (`performance.now()`, from navigation start) when the content is visible: the top-ranked
model's row in the board table (the first page carries only the board; the other pages have their
own URLs), the page's text for the empty page. Prints medians, the ratio of medians (target: at
most 1.5x), the median of the per-round ratios, and the load average: on a shared machine the runs
are noisy, so read the ratio with the load beside it.
"""

from __future__ import annotations

import argparse
import random
import shutil
import socket
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_RATIO = 1.5
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
FABRICATOR_SEEDS = tuple(range(8))
PARAM_SIZES = (None, 1.0, 3.0, 8.0, 14.0, 32.0, 70.0, 405.0)
CUTOFFS = (None, "2024-06", "2025-03", "2025-12", "2026-05", "2026-10")
EMPTY_TEXT = "empty gradio page"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def populate(store, datasets, target: int) -> float:
    """Store real scored submissions until the store holds `target`; returns seconds spent."""
    from extractors.baselines import baseline_submission
    from leaderboard.seed import seed_baselines, submission_jsonl
    from leaderboard.store import ModelMeta
    from leaderboard.submit import submit

    started = time.perf_counter()
    seed_baselines(store, datasets)
    data = datasets.get(datasets.latest)
    pools = [baseline_submission("faithful", data), baseline_submission("reciter", data)]
    pools += [baseline_submission("fabricator", data, seed) for seed in FABRICATOR_SEEDS]
    index = 0
    while len(store.ids()) < target:
        rng = random.Random(index)
        mixed = [rng.choice(pools)[position] for position in range(len(data.cells))]
        meta = ModelMeta(f"bench-model-{index:04d}", "r1", rng.choice(CUTOFFS), rng.choice(PARAM_SIZES))
        outcome = submit(submission_jsonl(mixed), meta, store, datasets)
        if outcome.status == "rejected":
            raise SystemExit(f"generated submission {index} was rejected: {outcome.reason}")
        index += 1
        if index % 100 == 0:
            print(f"  ... {len(store.ids())} stored ({time.perf_counter() - started:.0f} s)", flush=True)
    return time.perf_counter() - started


def load_ms(browser, url: str, wait_js: str) -> float:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.wait_for_function(wait_js, timeout=120_000, polling="raf")
    elapsed = page.evaluate("() => performance.now()")
    context.close()
    return float(elapsed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--submissions", type=int, default=1000)
    parser.add_argument("--results", type=Path, default=ROOT / "build" / "bench-results")
    parser.add_argument("--dataset", type=Path, default=ROOT / "build" / "bench-dataset")
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()

    import os

    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    import gradio as gr
    from playwright.sync_api import sync_playwright

    from builder.dataset import build_dataset, default_specs
    from leaderboard.app import LeaderboardService, serve
    from leaderboard.ranking import BoardFilter
    from leaderboard.store import LocalStore
    from leaderboard.submit import load_datasets

    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("Debian's chromium is not on PATH (apt-get install chromium)")
    if not (args.dataset / "README.md").exists():
        build_dataset(args.dataset, default_specs())
    datasets = load_datasets([args.dataset])
    store = LocalStore(args.results)
    have = len(store.ids())
    if have < args.submissions:
        print(f"storing {args.submissions - have} more real scored submissions in {args.results} ...", flush=True)
        print(f"stored in {populate(store, datasets, args.submissions):.0f} s")
    print(f"store: {len(store.ids())} submissions in {args.results}")

    started = time.perf_counter()
    service = LeaderboardService(store, datasets)
    board_port, empty_port = free_port(), free_port()
    board_app = serve(service, port=board_port, block=False)
    print(f"board app built and launched in {time.perf_counter() - started:.1f} s (server start, not page load)")
    with gr.Blocks(title="empty", analytics_enabled=False) as empty:
        gr.Markdown(EMPTY_TEXT)
    empty.launch(server_name="127.0.0.1", server_port=empty_port, prevent_thread_lock=True, quiet=True)

    top = service.board(BoardFilter()).iloc[0]["model"]
    board_wait = f"() => {{ const el = document.querySelector('#board'); return !!el && el.innerText.includes({top!r}); }}"
    empty_wait = f"() => document.body && document.body.innerText.includes({EMPTY_TEXT!r})"
    board_times, empty_times = [], []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            load_ms(browser, f"http://127.0.0.1:{empty_port}/", empty_wait)  # warm both servers once
            load_ms(browser, f"http://127.0.0.1:{board_port}/", board_wait)
            for _ in range(args.rounds):
                empty_times.append(load_ms(browser, f"http://127.0.0.1:{empty_port}/", empty_wait))
                board_times.append(load_ms(browser, f"http://127.0.0.1:{board_port}/", board_wait))
            browser.close()
    finally:
        board_app.close()
        empty.close()
    empty_med, board_med = statistics.median(empty_times), statistics.median(board_times)
    ratio = board_med / empty_med
    paired = statistics.median(b / e for b, e in zip(board_times, empty_times))
    print(f"empty Gradio 6 page : median {empty_med:7.0f} ms  runs {[round(t) for t in empty_times]}")
    print(f"board, {len(store.ids())} subs : median {board_med:7.0f} ms  runs {[round(t) for t in board_times]}")
    print(f"ratio board / empty : {ratio:.2f}x (target <= {TARGET_RATIO}x) -> {'OK' if ratio <= TARGET_RATIO else 'OVER'}")
    print(f"median of per-round ratios: {paired:.2f}x; load average (1, 5, 15 min): {os.getloadavg()}")
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    raise SystemExit(main())
