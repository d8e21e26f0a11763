"""Tracks: the papers' own tests, each with its canaries beside the models and its caveats."""

from __future__ import annotations

import gradio as gr

from leaderboard.service import LeaderboardService


def current_tracks_html(service: LeaderboardService) -> str:
    from leaderboard.tracks import stored_board, tracks_html

    service.store.refresh()
    return tracks_html(stored_board(service.store))


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    gr.Markdown("## Tracks\nThe papers' own tests as tracks: direct recall, fake dates, masked identities "
                "(`mcb tracks score`). Each track shows its known-good and known-bad canaries beside the models. "
                "**A pass is a lower bound, not proof of no memorisation.**")
    board = gr.HTML(current_tracks_html(service), elem_id="tracks")
    demo.load(lambda: current_tracks_html(service), None, board, show_progress="hidden")
