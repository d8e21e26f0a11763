"""Compare: two to four models side by side, the paired differences of their read and recited rates
per arm and per context over the cells both answered, with 95% intervals; opens on the board's top two."""

from __future__ import annotations

import html

import gradio as gr

from contracts.vocabulary import ARM_NAMES, CONTEXT_NAMES
from leaderboard.compare import MAX_MODELS, MIN_MODELS, compare
from leaderboard.display.charts import compare_svg
from leaderboard.display.compare import comparison_html
from leaderboard.ranking import BoardFilter
from leaderboard.service import LeaderboardService

INTRO = (f"## Compare\nPick {MIN_MODELS} to {MAX_MODELS} models: each pair's difference (first − second, in "
         "percentage points) of the read and the recited rate, over the whole selection, per arm and per context, "
         "with a 95% paired bootstrap interval over the cells both answered (the same draws for both, as the "
         "board's rank groups). Bold: the interval excludes zero.")


def comparison_view(service: LeaderboardService, submissions, chosen: BoardFilter) -> tuple[str, str]:
    """(chart, table) for the picked models, or why there is nothing to compare."""
    picked = tuple(dict.fromkeys(submissions or ()))
    if not MIN_MODELS <= len(picked) <= MAX_MODELS:
        return f'<p id="chart-compare">Pick {MIN_MODELS} to {MAX_MODELS} models.</p>', ""

    def make(records, frame):
        try:
            result = compare(records, frame, picked, chosen)
        except ValueError as error:  # a model removed from the store since the list was made
            return f'<p id="chart-compare">{html.escape(str(error))}</p>', ""
        return compare_svg(result), comparison_html(result)

    return service.figure(("compare", picked, chosen), make)


def first_pair(service: LeaderboardService) -> list[str]:
    board = service.board(BoardFilter())
    return [str(sid) for sid in board["submission"].head(MIN_MODELS)]


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    _, frame = service.snapshot()
    markets = sorted(frame["market"].unique().tolist()) if not frame.empty else []
    gr.Markdown(INTRO)
    opening = first_pair(service)
    models = gr.Dropdown(service.model_choices(), value=opening, multiselect=True, max_choices=MAX_MODELS,
                         label=f"models ({MIN_MODELS} to {MAX_MODELS})", elem_id="compare-models")
    with gr.Row():
        market = gr.CheckboxGroup(markets, label="market", elem_id="compare-market")
        arm = gr.CheckboxGroup(list(ARM_NAMES), label="arm", elem_id="compare-arm")
        context = gr.CheckboxGroup(list(CONTEXT_NAMES), label="context", elem_id="compare-context")
    chart_html, table_html = comparison_view(service, opening, BoardFilter())
    chart = gr.HTML(chart_html, elem_id="compare-chart")
    table = gr.HTML(table_html, elem_id="compare-result")
    quiet = {"show_progress": "hidden", "api_visibility": "private"}

    def view(picked, markets_, arms, contexts):
        return comparison_view(service, picked, BoardFilter(tuple(markets_ or ()), tuple(arms or ()), tuple(contexts or ())))

    for control in (models, market, arm, context):
        control.change(view, [models, market, arm, context], [chart, table], **quiet)
    demo.load(lambda: gr.update(choices=service.model_choices()), None, models, **quiet)
