"""The Gradio 6 app: assembles the pages (`leaderboard.pages`) over the service (`leaderboard.service`).

The Leaderboard is the first page and carries only the board, so a first visit loads nothing else;
every other page has its own URL (Gradio multipage routes), and Gradio's navbar links them all, the
app's only navigation. Nothing is computed or rendered here.
"""

from __future__ import annotations

import os
from pathlib import Path

import gradio as gr

from leaderboard.display.css import CSS
from leaderboard.pages import BUILDERS, PAGES
from leaderboard.pages.nav import BOARD_PAGE
from leaderboard.service import LeaderboardService
from leaderboard.submit import MAX_SUBMISSION_BYTES

# The app's one script: click-to-sort on every server-rendered table, run once per page load.
SORT_JS = (Path(__file__).parent / "display" / "sort.js").read_text(encoding="utf-8")


def build_app(service: LeaderboardService) -> gr.Blocks:
    """Assemble the pages. Initial values are computed once here; the board's page load only
    redraws when the store changed since (a version token held in session state)."""
    service.snapshot()
    first, *rest = PAGES
    with gr.Blocks(title="market-claim-bench leaderboard", analytics_enabled=False) as demo:
        gr.Navbar(main_page_name=BOARD_PAGE.name)  # the one navigation, on every page
        BUILDERS[first.name](demo, service)
    for entry in rest:
        with demo.route(entry.name, f"/{entry.path}"):
            gr.Navbar(main_page_name=BOARD_PAGE.name)  # each page names the first one the same way
            BUILDERS[entry.name](demo, service)
    return demo


def serve(service: LeaderboardService, host: str = "127.0.0.1", port: int | None = None, block: bool = True) -> gr.Blocks:
    """Launch on `host` (loopback unless told otherwise), with analytics and version checks off."""
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    demo = build_app(service)
    demo.launch(server_name=host, server_port=port, prevent_thread_lock=not block, css=CSS, js=SORT_JS, quiet=not block,
                max_file_size=2 * MAX_SUBMISSION_BYTES, show_error=True, footer_links=[],
                allowed_paths=[str(service.downloads)])
    return demo


__all__ = ["LeaderboardService", "build_app", "serve"]
