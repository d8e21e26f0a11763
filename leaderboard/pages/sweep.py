"""Sweep: how much did it read? Each model's dose-response slope over the `sweep` config's k, with
every claimed period return plotted and one model's fit; opens on the first model, full."""

from __future__ import annotations

import gradio as gr

from leaderboard.service import LeaderboardService
from leaderboard.sweep import slopes_html, sweep_plot, sweep_summaries

NONE_STORED = ("No sweep answers are stored yet: `mcb submit --config sweep` scores a model's answers to the "
               "`sweep` config (`mcb demo` stores the baselines').")


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    summaries = sweep_summaries(service.store)
    models = sorted({str(summary.get("model")) for summary in summaries})
    gr.Markdown("## Sweep\nShown daily return = k × true: a reader's claimed period return follows the shown one "
                "(slope 1, the diagonal), a reciter's stays at the truth (slope 0).")
    if not summaries:
        gr.Markdown(NONE_STORED, elem_id="sweep-none")
        return
    gr.HTML(slopes_html(summaries), elem_id="slopes")
    sweep_plot(summaries, elem_id="sweep-all")
    model = gr.Dropdown(models, value=models[0], label="one model's fit", elem_id="sweep-model")

    # Drawn afresh for each model: an updated plot keeps its first legend (the old fit's label).
    @gr.render(inputs=model)
    def one_model(name):
        sweep_plot(sweep_summaries(service.store), name, elem_id="sweep-one")
