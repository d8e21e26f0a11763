"""The app's pages, one module each, and the registry that names them (`nav.PAGES`) with their builders.

A page builder takes the Blocks it is built in and the service, and builds its components so the
page is full on first view (its initial values computed here, refreshed on load where the store
can have changed since)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from leaderboard.pages import about, board, cells, charts, compare, panels, read, submit, sweep, tracks
from leaderboard.pages.nav import BOARD_PAGE, PAGES, Page, page_named

Builder = Callable[..., None]
BUILDERS: Mapping[str, Builder] = MappingProxyType({
    "Leaderboard": board.build,
    "Charts": charts.build,
    "Compare": compare.build,
    "Cells": cells.build,
    "Read one": read.build,
    "Panels": panels.build,
    "Sweep": sweep.build,
    "Submit": submit.build,
    "Tracks": tracks.build,
    "About": about.build,
})
_missing = {page.name for page in PAGES} ^ set(BUILDERS)
if _missing:
    raise RuntimeError(f"pages without a builder, or builders without a page: {sorted(_missing)}")

__all__ = ["BOARD_PAGE", "BUILDERS", "PAGES", "Page", "page_named"]
