"""Cells: every cell of one model, including unanswered, claim-less and failed ones; opens on the top model."""

from __future__ import annotations

import gradio as gr

from extractors.metrics import COUNT_NAMES, metric
from leaderboard.columns import READ_RATE, Unit
from leaderboard.display.html import sortable_table
from leaderboard.ranking import WEIGHTS, cell_table
from leaderboard.service import LeaderboardService

# The units of `cell_table`'s figures (the rest are text): the counts, then the per-cell figures.
CELL_UNITS: dict[str, Unit] = {**dict.fromkeys(COUNT_NAMES, "count"), READ_RATE: "share",
                               **{entry.header: "number" for entry in WEIGHTS}, metric("coverage").header: "share"}

# What a cell row shows (the CSV of `mcb score` has every count): its identity, whether it was
# answered, the claims by kind, then the per-cell figures. Fits a 1,280 px window.
CELL_COLUMNS: tuple[str, ...] = ("cell_id", "arm", "context", "status", "failures", "claims",
                                 "distinguishable", "supported", "recited", "fabricated",
                                 READ_RATE, *(entry.header for entry in WEIGHTS), metric("coverage").header)


def cells_html(service: LeaderboardService, sid: str | None) -> str:
    if not sid:
        return "<p>No submission is stored yet.</p>"
    table = cell_table(service.snapshot()[1], sid)
    table = table[[name for name in CELL_COLUMNS if name in table.columns]]
    return f'<div class="mcb-board mcb-cells">{sortable_table(table, CELL_UNITS, empty="No cells.")}</div>'


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    gr.Markdown("## Cells\nEvery cell of one model, including unanswered, claim-less and failed ones. "
                "Click a header to sort.")
    top = service.top_submission()
    cells_model = gr.Dropdown(service.model_choices(), value=top, label="model", elem_id="cells-model")
    cells_table = gr.Markdown(cells_html(service, top), elem_id="cells-table", sanitize_html=False,
                              latex_delimiters=[], header_links=False)
    cells_model.change(lambda sid: cells_html(service, sid), cells_model, cells_table, show_progress="hidden")
    # The model list grows with the store: refreshed when the page opens.
    demo.load(lambda: gr.update(choices=service.model_choices()), None, cells_model, show_progress="hidden")
