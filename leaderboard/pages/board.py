"""The first page: filters, the ranking as a sortable server-rendered table, column chooser, CSV link."""

from __future__ import annotations

import gradio as gr
import pandas as pd

from contracts.vocabulary import ARM_NAMES, CONTEXT_NAMES
from leaderboard.columns import DEFAULT_SHOWN, HIDEABLE, selected_columns
from leaderboard.display.html import board_html
from leaderboard.pages.nav import HEADER
from leaderboard.ranking import CUTOFF_CHOICES, SIZE_CHOICES, BoardFilter, scorer_choices
from leaderboard.service import LeaderboardService

# The board first shows the top rows (a page of a thousand rows costs load time); "all" shows every one.
TOP_ROWS = 50
ROW_CHOICES: tuple[str, ...] = (f"top {TOP_ROWS}", "all")
# The scorer filter's default: each submission's current-scorer result (its newest where it has none).
CURRENT_SCORER = "current"


def shown_rows(table: pd.DataFrame, rows: str | None) -> pd.DataFrame:
    return table if rows == "all" else table.head(TOP_ROWS)


def board_filter(market, arm, context, size, cutoff, search, scorer=CURRENT_SCORER) -> BoardFilter:
    """The filter the page's controls describe (the Charts page reads the same controls' values)."""
    return BoardFilter(tuple(market or ()), tuple(arm or ()), tuple(context or ()), size or "all", cutoff or "all",
                       search or "", "" if scorer in (None, CURRENT_SCORER) else scorer)


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    _, frame = service.snapshot()
    default_columns = selected_columns(DEFAULT_SHOWN)
    markets = sorted(frame["market"].unique().tolist()) if not frame.empty else []

    def board_view(market, arm, context, size, cutoff, search, columns, rows, scorer=CURRENT_SCORER):
        names = selected_columns(columns or [])
        table = shown_rows(service.board(board_filter(market, arm, context, size, cutoff, search, scorer))[names], rows)
        return board_html(table, service.write_csv(table), service.scorer_note(), service.integrity_note())

    version = gr.State(service.version())
    gr.Markdown(HEADER, elem_id="header")
    with gr.Row():
        market = gr.CheckboxGroup(markets, label="market", elem_id="filter-market")
        arm = gr.CheckboxGroup(list(ARM_NAMES), label="arm", elem_id="filter-arm")
        context = gr.CheckboxGroup(list(CONTEXT_NAMES), label="context", elem_id="filter-context")
    with gr.Row():
        size = gr.Radio(list(SIZE_CHOICES), value="all", label="model size", elem_id="filter-size")
        cutoff = gr.Radio(list(CUTOFF_CHOICES), value="all", label="knowledge cutoff vs the cell's month",
                          elem_id="filter-cutoff")
        search = gr.Textbox(label="search models", placeholder="name or revision", elem_id="filter-search")
        rows = gr.Radio(list(ROW_CHOICES), value=ROW_CHOICES[0], label="rows", elem_id="filter-rows")
        scorer = gr.Radio([CURRENT_SCORER, *scorer_choices(frame)], value=CURRENT_SCORER, label="scorer version",
                          elem_id="filter-scorer")
    first_view = shown_rows(service.board(BoardFilter())[default_columns], ROW_CHOICES[0])
    # A Markdown block renders the escaped table as it is (it is one HTML block: no Markdown syntax
    # applies inside, nothing is sanitised away because nothing unescaped is in it) and its code is
    # already on every Gradio page, where gr.HTML's is another 33 kB to fetch first. Sorting is the
    # app's one script (`display/sort.js`, passed to launch), listening on the document.
    table = gr.Markdown(board_html(first_view, service.write_csv(first_view), service.scorer_note(), service.integrity_note()),
                        elem_id="board", sanitize_html=False, latex_delimiters=[], header_links=False)
    # Below the table, not in an accordion: one component type fewer on the first page.
    columns = gr.CheckboxGroup(list(HIDEABLE), value=list(DEFAULT_SHOWN), label="columns", elem_id="columns")
    filters = [market, arm, context, size, cutoff, search, columns, rows, scorer]
    # Private endpoints: the page inlines the API description of every public one (tens of kB).
    quiet = {"show_progress": "hidden", "api_visibility": "private"}
    for control in (market, arm, context, size, cutoff, columns, rows, scorer):
        control.change(board_view, filters, table, **quiet)
    search.submit(board_view, filters, table, **quiet)
    search.change(board_view, filters, table, **quiet)

    def refresh(seen, *filter_values):
        """The table in the page config is the one built at launch: redraw when the store changed since."""
        current = service.version()
        if current == seen:
            return gr.skip(), gr.skip()
        return current, board_view(*filter_values)

    demo.load(refresh, [version, *filters], [version, table], **quiet)
