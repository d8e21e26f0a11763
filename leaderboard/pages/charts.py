"""Charts: the verdict mix of every model and its read rate against its recited rate, under the
same filters as the board (a model with nothing checkable under them has no point)."""

from __future__ import annotations

import gradio as gr

from contracts.vocabulary import ARM_NAMES, CONTEXT_NAMES
from leaderboard.compare import model_rates
from leaderboard.display.charts import scatter_svg, verdict_mix_svg, verdict_mixes
from leaderboard.pages.board import board_filter
from leaderboard.ranking import CUTOFF_CHOICES, SIZE_CHOICES, BoardFilter
from leaderboard.service import LeaderboardService

INTRO = ("## Charts\nEvery model at a glance, under the filters below (the board's). **Read vs recited**: "
         "each model's read rate against its recited rate on the perturbed arms, with both 95% intervals "
         "(the board's); a reader sits bottom right, a reciter top left. **Verdict mix**: what its checkable "
         "claims were, and apart, the share of its claims no oracle can check. Hover a point or a bar for its figures.")


def scatter_html(service: LeaderboardService, chosen: BoardFilter) -> str:
    return service.figure(("scatter", chosen), lambda records, frame: scatter_svg(model_rates(records, frame, chosen)))


def verdicts_html(service: LeaderboardService, chosen: BoardFilter) -> str:
    return service.figure(("verdicts", chosen),
                          lambda records, frame: verdict_mix_svg(verdict_mixes(records, frame, chosen)))


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    _, frame = service.snapshot()
    markets = sorted(frame["market"].unique().tolist()) if not frame.empty else []
    gr.Markdown(INTRO)
    with gr.Row():
        market = gr.CheckboxGroup(markets, label="market", elem_id="charts-market")
        arm = gr.CheckboxGroup(list(ARM_NAMES), label="arm", elem_id="charts-arm")
        context = gr.CheckboxGroup(list(CONTEXT_NAMES), label="context", elem_id="charts-context")
    with gr.Row():
        size = gr.Radio(list(SIZE_CHOICES), value="all", label="model size", elem_id="charts-size")
        cutoff = gr.Radio(list(CUTOFF_CHOICES), value="all", label="knowledge cutoff vs the cell's month",
                          elem_id="charts-cutoff")
        search = gr.Textbox(label="search models", placeholder="name or revision", elem_id="charts-search")
    version = gr.State(service.version())
    scatter = gr.HTML(scatter_html(service, BoardFilter()), elem_id="charts-scatter")
    verdicts = gr.HTML(verdicts_html(service, BoardFilter()), elem_id="charts-verdicts")
    filters = [market, arm, context, size, cutoff, search]
    quiet = {"show_progress": "hidden", "api_visibility": "private"}

    def view(*values):
        chosen = board_filter(*values)
        return scatter_html(service, chosen), verdicts_html(service, chosen)

    for control in (market, arm, context, size, cutoff):
        control.change(view, filters, [scatter, verdicts], **quiet)
    search.submit(view, filters, [scatter, verdicts], **quiet)

    def refresh(seen, *values):
        """Drawn at launch: redraw when the store changed since."""
        current = service.version()
        if current == seen:
            return gr.skip(), gr.skip(), gr.skip()
        return current, *view(*values)

    demo.load(refresh, [version, *filters], [version, scatter, verdicts], **quiet)
