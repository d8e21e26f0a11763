"""Read one: the commentary of one cell with every claim marked in its verdict's colour; opens on
the top model's first perturbed full-table cell, so the page is full on first view."""

from __future__ import annotations

import html

import gradio as gr
import pandas as pd

from contracts.vocabulary import PERTURBED_ARMS
from leaderboard.display import formatting
from leaderboard.display.html import highlight_html, legend_html
from leaderboard.service import LeaderboardService
from leaderboard.store import StoreError

CLAIM_COLUMNS = ("sample", "ticker", "metric", "value", "verdict", "detail", "shown_value", "true_value", "distinguishable",
                 "weight", "text", "rules")
# The cell Read one opens on: the seed's example, a perturbed arm under the full table.
FIRST_CONTEXT = "full"
PICK = "<p>Pick a model and a cell.</p>"


def _claim_cell(claim: dict, name: str):
    if name in ("shown_value", "true_value", "weight"):
        return formatting.claim_value(claim.get(name))
    if name == "rules":
        return ", ".join(claim.get("rules") or ())
    return claim.get(name)


def read_one_html(service: LeaderboardService, sid: str | None, cell_id: str | None) -> tuple[str, pd.DataFrame]:
    empty = pd.DataFrame(columns=list(CLAIM_COLUMNS))
    if not sid or not cell_id:
        return PICK, empty
    try:
        lines, claims = service.details(sid)
    except StoreError as error:
        return f"<p><strong>This submission's stored files cannot be read</strong>: {html.escape(str(error))}</p>", empty
    cell_claims = [c for c in claims if c.get("cell_id") == cell_id]
    samples = sorted({s for (cid, s) in lines if cid == cell_id})
    blocks = [legend_html()]
    if not samples:
        blocks.append(f"<p><em>No answer was submitted for {html.escape(cell_id)}.</em></p>")
    for sample in samples:
        line = lines[(cell_id, sample)]
        heading = f"<h4>{html.escape(cell_id)} · sample {sample}</h4>"
        if line.failed:
            blocks.append(heading + f"<p><strong>failed call</strong>: {html.escape(line.error)}</p>")
            continue
        mine = [c for c in cell_claims if int(c.get("sample", 0) or 0) == sample]
        body = highlight_html(line.commentary, mine)
        count = f"<p>{len(mine)} claim(s)" + (" — no claims extracted" if not mine else "") + "</p>"
        blocks.append(heading + f'<div class="mcb-commentary" id="mcb-commentary-{sample}">{body}</div>' + count)
    table = pd.DataFrame([{k: _claim_cell(c, k) for k in CLAIM_COLUMNS} for c in cell_claims], columns=list(CLAIM_COLUMNS))
    return "".join(blocks), table.astype(str) if not table.empty else empty


def first_cell(service: LeaderboardService, sid: str | None, ids: list[str]) -> str | None:
    """The cell to open on: a perturbed arm under the full table where the version has one, else the first."""
    if not sid or not ids:
        return None
    release = service.record(sid).release
    cells = service.datasets.get(release).cells if release in service.datasets.by_release else {}
    for cid in ids:
        cell = cells.get(cid)
        if cell is not None and cell.arm in PERTURBED_ARMS and cell.context == FIRST_CONTEXT:
            return cid
    return ids[0]


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    gr.Markdown("## Read one\nThe commentary with every extracted claim marked in its verdict's colour.")
    top = service.top_submission()
    ids = service.cell_ids(top) if top else []
    cell = first_cell(service, top, ids)
    page, claims = read_one_html(service, top, cell)
    with gr.Row():
        read_model = gr.Dropdown(service.model_choices(), value=top, label="model", elem_id="read-model")
        read_cell = gr.Dropdown(ids, value=cell, label="cell", elem_id="read-cell")
    read_html = gr.HTML(page, elem_id="read-html")
    read_claims = gr.Dataframe(claims, interactive=False, elem_id="read-claims",
                               label="claims: shown and true values", datatype="str", wrap=True)

    def cells_for(sid):
        choices = service.cell_ids(sid) if sid else []
        return gr.update(choices=choices, value=first_cell(service, sid, choices))

    read_model.change(cells_for, read_model, read_cell)
    read_cell.change(lambda sid, cid: read_one_html(service, sid, cid), [read_model, read_cell], [read_html, read_claims])
    demo.load(lambda: gr.update(choices=service.model_choices()), None, read_model, show_progress="hidden")
