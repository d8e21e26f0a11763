"""Panels: one stock, two panels, the close the model was shown and the true close, on a session
axis (a weekend or holiday takes no room)."""

from __future__ import annotations

import gradio as gr

from contracts.vocabulary import PERTURBED_ARMS, TRUTH_ARM
from leaderboard.display.charts import panel_svg
from leaderboard.service import LeaderboardService, panel_frame, tickers_of

PANELS_FIRST_MARKET, PANELS_FIRST_TICKER = "us", "NVDA"


def panel_html(service: LeaderboardService, release: str | None, market: str | None, ticker: str | None, arm: str) -> str:
    if not (release and market and ticker):
        return panel_svg(None, "")
    return service.figure(("panel", release, market, ticker, arm),
                          lambda records, frame: panel_svg(panel_frame(service, release, market, ticker, arm), ticker))


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    releases = service.datasets.releases
    default_release = releases[0] if releases else None
    release_markets = sorted({c.market for c in service.datasets.get(default_release).cells.values()}) if default_release else []
    # Open on the seed's example, one US stock under inversion, where the release has it.
    release_markets.sort(key=lambda name: name != PANELS_FIRST_MARKET)
    gr.Markdown("## Panels\nOne stock, two panels: the close the model was shown and the true close, one point per "
                "session (hover for the date and close).")
    with gr.Row():
        panel_release = gr.Dropdown(releases, value=default_release, label="dataset version")
        panel_market = gr.Dropdown(release_markets, value=release_markets[0] if release_markets else None,
                                   label="market", elem_id="panel-market")
        first_tickers = tickers_of(service, default_release, release_markets[0]) if release_markets else []
        first_tickers.sort(key=lambda name: name != PANELS_FIRST_TICKER)
        panel_ticker = gr.Dropdown(first_tickers, value=first_tickers[0] if first_tickers else None,
                                   label="ticker", elem_id="panel-ticker")
        panel_arm = gr.Dropdown([*PERTURBED_ARMS, TRUTH_ARM], value=PERTURBED_ARMS[0], label="arm", elem_id="panel-arm")
    plot = gr.HTML(panel_html(service, default_release, release_markets[0] if release_markets else None,
                              first_tickers[0] if first_tickers else None, PERTURBED_ARMS[0]), elem_id="panel-plot")
    quiet = {"show_progress": "hidden", "api_visibility": "private"}

    def on_market(release, market_name):
        names = tickers_of(service, release, market_name)
        return gr.update(choices=names, value=names[0] if names else None)

    panel_market.change(on_market, [panel_release, panel_market], panel_ticker, **quiet)
    for control in (panel_ticker, panel_arm, panel_release):
        control.change(lambda r, m, t, a: panel_html(service, r, m, t, a),
                       [panel_release, panel_market, panel_ticker, panel_arm], plot, **quiet)
