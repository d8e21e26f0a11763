"""Direct recall (memorisation paper, sections 3 and 5.2-5.4; prompts of its appendix A.1/A.4).

Ask for a ticker's close on a named session, with no context and with the two previous closes as
context, and whether the month was up or down. No prices of the asked-for session are shown, so
an accurate answer can only come from memory; the answer key rides along in each row.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import numpy as np
import pyarrow as pa

from builder.display import price_text
from builder.panel import Panel
from builder.tokens import prompt_sizes
from builder.tracks.common import TrackRow, track_cell_id, track_schema
from builder.universes import Universe, get_universe

TRACK = "recall"
SESSIONS_PER_TICKER = 3
"""Close questions per ticker per context: evenly spaced sessions from the third to the last."""
FIRST_ASKED_POSITION = 2
"""The first asked session is the third, so two previous closes exist inside the month."""
RECALL_CONTEXTS: tuple[str, ...] = ("none", "previous")
QUESTIONS: tuple[str, ...] = ("close", "direction")
SYSTEM_LINE = "You're a helpful assistant who always tries to answer to the best of your recollection of facts."
"""The paper's pre-training-period system message, sent as the prompt's first line."""
NUMERIC_FORMAT = (
    "Provide a precise numerical answer. Indicate your level of confidence. Format as a JSON object with the "
    "following fields:\n"
    "- answer: The precise numerical answer to the question. No strings.\n"
    "- confidence: A number between 0 and 100 indicating your confidence in the answer."
)
DIRECTION_FORMAT = (
    'Provide an answer that is either "up" or "down". Indicate your level of confidence. Format as a JSON object '
    "with the following fields:\n"
    '- answer: An answer to the question that is either "up" or "down".\n'
    "- confidence: A number between 0 and 100 indicating your confidence in the answer."
)

RECALL_SCHEMA = track_schema(
    ("question", pa.string(), "`close` (a session's close) or `direction` (the month up or down)"),
    ("ticker", pa.string(), "the ticker asked about"),
    ("target_date", pa.string(), "the asked session (direction: the month's last session); splits at the knowledge cutoff"),
    ("true_value", pa.float64(), "answer key: the close (close) or the first-to-last-close return in percent (direction)"),
    ("previous_close", pa.float64(), "the close before the asked session (direction: the month's first close)"),
    ("true_direction", pa.string(), "answer key: `up`, `down` or `flat`"),
)


@dataclass(frozen=True)
class RecallRow(TrackRow):
    """One recall prompt and its answer key.

    `close`: true_value is the session's close, previous_close the close before it, true_direction
    the move between them. `direction`: true_value is the month's first-to-last-close return in
    percent, previous_close the first close, true_direction its sign as a word.
    """

    question: str
    ticker: str
    target_date: str
    true_value: float
    previous_close: float
    true_direction: str



def long_date(day: date) -> str:
    """`2026-08-14` -> `August 14, 2026` (the paper's style)."""
    return f"{day:%B} {day.day}, {day.year}"


def ticker_label(universe: Universe, ticker: str) -> str:
    names = universe.names.get(ticker, ())
    return f"{ticker} ({names[0]})" if names else ticker


def direction_word(change: float) -> str:
    return "up" if change > 0 else "down" if change < 0 else "flat"


def asked_positions(n_sessions: int) -> list[int]:
    """Evenly spaced session positions from the third to the last, without repeats."""
    if n_sessions <= FIRST_ASKED_POSITION:
        raise ValueError(f"a recall ticker needs more than {FIRST_ASKED_POSITION} sessions, got {n_sessions}")
    spaced = np.linspace(FIRST_ASKED_POSITION, n_sessions - 1, SESSIONS_PER_TICKER).round().astype(int)
    return sorted(set(int(p) for p in spaced))


def close_prompt(label: str, day: date, context: str) -> str:
    return f"{SYSTEM_LINE}\n\n{context}What was the closing price of {label} on {long_date(day)}? Provide your best estimate.\n\n{NUMERIC_FORMAT}\n"


def previous_context(label: str, universe: Universe, closes: list[float], days: list[date]) -> str:
    """The paper's A.4 context, most recent close first."""
    return (
        f"Context: The closing price of {label} was {price_text(closes[1], universe)} on {long_date(days[1])} "
        f"and {price_text(closes[0], universe)} on {long_date(days[0])}.\n\n"
    )


def direction_prompt(label: str, month: str) -> str:
    period = date.fromisoformat(f"{month}-01")
    return (
        f"{SYSTEM_LINE}\n\nWas the stock price of {label} up or down for the month of {period:%B}, {period.year} "
        f"(from the month's first session close to its last)? Provide your best estimate.\n\n{DIRECTION_FORMAT}\n"
    )


def recall_rows(real: Panel, release: str) -> list[RecallRow]:
    """Every recall prompt of one real panel, in a fixed order: ticker, question, context, session."""
    if real.arm != "real":
        raise ValueError(f"recall asks about the truth: build it from the real panel, not {real.arm!r}")
    universe = get_universe(real.market)
    rows: list[RecallRow] = []

    def row(cell_id: str, context: str, prompt: str, **key) -> RecallRow:
        return RecallRow(cell_id=cell_id, release=release, market=real.market, month=real.month, arm="real",
                         context=context, prompt=prompt, **prompt_sizes(prompt), track=TRACK, samples=1, **key)

    for ticker in real.tickers:
        bars = real.ticker_bars(ticker)
        closes = [float(c) for c in bars["close"]]
        days = list(bars["date"])
        label = ticker_label(universe, ticker)
        for context in RECALL_CONTEXTS:
            for position in asked_positions(len(days)):
                day = days[position]
                shown = "" if context == "none" else previous_context(
                    label, universe, closes[position - 2:position], days[position - 2:position])
                rows.append(row(
                    track_cell_id(real.market, real.month, TRACK, context, "close", ticker, day.isoformat()),
                    context, close_prompt(label, day, shown),
                    question="close", ticker=ticker, target_date=day.isoformat(), true_value=closes[position],
                    previous_close=closes[position - 1],
                    true_direction=direction_word(closes[position] - closes[position - 1]),
                ))
        month_return = (closes[-1] / closes[0] - 1.0) * 100.0
        rows.append(row(
            track_cell_id(real.market, real.month, TRACK, "none", "direction", ticker),
            "none", direction_prompt(label, real.month),
            question="direction", ticker=ticker, target_date=days[-1].isoformat(), true_value=month_return,
            previous_close=closes[0], true_direction=direction_word(month_return),
        ))
    return rows


def recall_table(inputs) -> pa.Table:
    """The `recall` config: every real panel's recall prompts with their answer key."""
    rows = [row.to_dict() for real in inputs.panels for row in recall_rows(real, inputs.release)]
    return pa.Table.from_pylist(rows, schema=RECALL_SCHEMA)
