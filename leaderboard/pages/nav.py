"""The app's pages by name and URL. Gradio's navbar, built from the routes, is the one navigation:
it is on every multipage app's page whatever `gr.Navbar(visible=False)` says (Gradio 6.31), so the
pages carry no links of their own."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    """One page of the app: its navbar name and URL path ("" is the board)."""

    name: str
    path: str


# The board is the first page and carries only the board: everything else is its own page, so a
# first visit loads the ranking's components and nothing more (issue 9's load target).
BOARD_PAGE = Page("Leaderboard", "")
PAGES: tuple[Page, ...] = (
    BOARD_PAGE,
    Page("Charts", "charts"),
    Page("Compare", "compare"),
    Page("Cells", "cells"),
    Page("Read one", "read"),
    Page("Panels", "panels"),
    Page("Sweep", "sweep"),
    Page("Submit", "submit"),
    Page("Tracks", "tracks"),
    Page("About", "about"),
)
HEADER = ("# market-claim-bench — read, or remembered?\nModels ranked by how often their claims match "
          "the **perturbed** prices they were shown. Every cell, every claim, with 95% bootstrap intervals.")


def page_named(name: str) -> Page:
    """Look a page up by its navbar name, failing loudly on a typo."""
    for candidate in PAGES:
        if candidate.name == name:
            return candidate
    raise KeyError(f"no page {name!r}; known: {', '.join(p.name for p in PAGES)}")
