"""Cells: one model's market x arm x context heatmap, then every cell of it, including unanswered,
claim-less and failed ones; opens on the top model. The filters narrow both."""

from __future__ import annotations

import gradio as gr

from contracts.vocabulary import ARM_NAMES, CONTEXT_NAMES
from extractors.metrics import COUNT_NAMES, metric
from leaderboard.columns import READ_RATE, Unit
from leaderboard.display.charts import HEAT_METRICS, heat_cells, heatmap_svg
from leaderboard.display.html import sortable_table
from leaderboard.ranking import WEIGHTS, BoardFilter, cell_table
from leaderboard.service import LeaderboardService

# The units of `cell_table`'s figures (the rest are text): the counts, then the per-cell figures.
CELL_UNITS: dict[str, Unit] = {**dict.fromkeys(COUNT_NAMES, "count"), READ_RATE: "share",
                               **{entry.header: "number" for entry in WEIGHTS}, metric("coverage").header: "share"}
# What a cell row shows (`mcb score`'s cells.csv has every count): its identity, whether it was
# answered, its claims by kind, then the per-cell figures; fits a 1,280 px window.
CELL_COLUMNS: tuple[str, ...] = ("cell_id", "arm", "context", "status", "failures", "claims",
                                 "distinguishable", "supported", "recited", "fabricated",
                                 READ_RATE, *(entry.header for entry in WEIGHTS), metric("coverage").header)
HEAT_CHOICES: list[tuple[str, str]] = [(entry.header, entry.name) for entry in HEAT_METRICS]


def cells_html(service: LeaderboardService, sid: str | None, chosen: BoardFilter = BoardFilter()) -> str:
    if not sid:
        return "<p>No submission is stored yet.</p>"
    table = cell_table(service.snapshot()[1], sid)
    for name, values in (("market", chosen.markets), ("arm", chosen.arms), ("context", chosen.contexts)):
        if values:
            table = table[table[name].isin(values)]
    table = table[[name for name in CELL_COLUMNS if name in table.columns]]
    return f'<div class="mcb-board mcb-cells">{sortable_table(table, CELL_UNITS, empty="No cells.")}</div>'


def heatmap_html(service: LeaderboardService, sid: str | None, metric_name: str, chosen: BoardFilter = BoardFilter()) -> str:
    if not sid:
        return ""
    name = next((r.meta.name for r in service.snapshot()[0] if r.id == sid), sid)
    return service.figure(("heatmap", sid, metric_name, chosen), lambda records, frame: heatmap_svg(
        heat_cells(records, frame, sid, metric_name, chosen), name, metric_name))


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    gr.Markdown("## Cells\nOne model's figures per market, arm and context (hover a square for its counts), then "
                "every cell, including unanswered, claim-less and failed ones. Click a header to sort.")
    _, frame = service.snapshot()
    markets = sorted(frame["market"].unique().tolist()) if not frame.empty else []
    top = service.top_submission()
    with gr.Row():
        cells_model = gr.Dropdown(service.model_choices(), value=top, label="model", elem_id="cells-model")
        heat_metric = gr.Radio(HEAT_CHOICES, value=HEAT_METRICS[0].name, label="heatmap colour",
                               elem_id="cells-heat-metric")
    with gr.Row():
        market = gr.CheckboxGroup(markets, label="market", elem_id="cells-market")
        arm = gr.CheckboxGroup(list(ARM_NAMES), label="arm", elem_id="cells-arm")
        context = gr.CheckboxGroup(list(CONTEXT_NAMES), label="context", elem_id="cells-context")
    heatmap = gr.HTML(heatmap_html(service, top, HEAT_METRICS[0].name), elem_id="cells-heatmap")
    cells_table = gr.Markdown(cells_html(service, top), elem_id="cells-table", sanitize_html=False,
                              latex_delimiters=[], header_links=False)
    quiet = {"show_progress": "hidden", "api_visibility": "private"}

    def view(sid, metric_name, markets_, arms, contexts):
        chosen = BoardFilter(tuple(markets_ or ()), tuple(arms or ()), tuple(contexts or ()))
        return heatmap_html(service, sid, metric_name or HEAT_METRICS[0].name, chosen), cells_html(service, sid, chosen)

    controls = [cells_model, heat_metric, market, arm, context]
    for control in controls:
        control.change(view, controls, [heatmap, cells_table], **quiet)
    # The model list grows with the store: refreshed when the page opens.
    demo.load(lambda: gr.update(choices=service.model_choices()), None, cells_model, **quiet)
