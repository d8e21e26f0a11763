"""Masked identities (memorisation paper, section 5.6): tickers become Stock A..J, dates session numbers.

Two tasks per arm. `masked` asks for the usual commentary on the masked full table (scored like
the other cells once labels are mapped back). `reconstruct` shows the same table and asks, as the
paper's identification prompt does, which company each stock is and which month the table shows.
The stock order is shuffled with a seed fixed by market and month, so `Stock A` is not simply the
universe's first ticker; prices and volumes are untouched (the paper masks names and dates only).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from string import ascii_uppercase

import numpy as np
import pyarrow as pa

from builder.arms import ARMS
from builder.contexts import daily_blocks
from builder.display import shown_arm
from builder.panel import Panel
from builder.tokens import prompt_sizes
from builder.tracks.common import TrackRow, track_schema
from builder.universes import Universe, get_universe

TRACK = "masked"
TASKS: tuple[str, ...] = ("masked", "reconstruct")
"""The row's `context`: masked commentary, or the reconstruction question."""
MONTH_WINDOW_YEARS = 10
"""Random baseline for the month: a uniform guess over the ten years ending with the panel's year."""

MASKED_SCHEMA = track_schema(
    ("task", pa.string(), "`masked` (commentary on the masked table) or `reconstruct` (name the stocks and month)"),
    ("mask_json", pa.string(), "answer key: label (`Stock A`) -> ticker, as JSON"),
    ("sessions_json", pa.string(), "session k's date at index k-1, as a JSON list"),
    ("n_tickers", pa.int64(), "stocks in the table: the random baseline for naming one is 1/n_tickers"),
    ("month_candidates", pa.int64(), "months a random guess is drawn from (ten years): the month baseline"),
)


@dataclass(frozen=True)
class MaskedRow(TrackRow):
    """One masked prompt; `mask_json` maps each label to its ticker, `sessions_json` lists session k's date at k-1."""

    task: str
    mask_json: str
    sessions_json: str
    n_tickers: int
    month_candidates: int



def stock_labels(n: int) -> list[str]:
    if n > len(ascii_uppercase):
        raise ValueError(f"masking names at most {len(ascii_uppercase)} stocks, got {n}")
    return [f"Stock {letter}" for letter in ascii_uppercase[:n]]


def mask_of(panel: Panel) -> dict[str, str]:
    """Label -> ticker, in a shuffled order seeded by market and month (the same for every arm)."""
    seed = zlib.crc32(f"{panel.market}-{panel.month}".encode())
    order = np.random.default_rng(seed).permutation(len(panel.tickers))
    tickers = [panel.tickers[i] for i in order]
    return dict(zip(stock_labels(len(tickers)), tickers))


def masked_table(panel: Panel, universe: Universe, mask: dict[str, str]) -> str:
    """The full daily table with labels for tickers and session numbers for dates."""
    number = {day: k for k, day in enumerate(panel.sessions, start=1)}
    headings = {ticker: label for label, ticker in mask.items()}
    note = "" if universe.has_open else "Opening prices are not available, so the table has no open column.\n\n"
    return note + daily_blocks(panel, universe, headings, "session", lambda day: str(number[day]))


def masked_prompt(panel: Panel, universe: Universe, mask: dict[str, str]) -> str:
    labels = list(mask)
    intro = (
        f"You are a markets analyst writing a note on {len(labels)} anonymised stocks ({labels[0]} to {labels[-1]}) "
        f"over one month of {len(panel.sessions)} trading sessions. Company names and dates are withheld; sessions "
        "are numbered from 1."
    )
    ask = (
        "Write three to five sentences of market commentary on how these stocks performed over the month, "
        "stating concrete figures such as percentage moves, price levels and notable sessions. Refer to each "
        "stock by its label and to sessions by number."
    )
    return f"{intro}\n\nPrice data:\n\n{masked_table(panel, universe, mask)}\n\n{ask}\n"


def reconstruct_prompt(panel: Panel, universe: Universe, mask: dict[str, str]) -> str:
    """The paper's identification prompt (appendix A.6), asking for JSON so it can be scored."""
    labels = list(mask)
    ask = (
        "You will receive a table of daily prices which has been anonymized. You are omniscient. Use all your "
        "knowledge and the context to identify which company each stock is, as well as the month and year of the "
        "table. Make your best guess based on information and context if you are unsure. Please only provide "
        "tickers. Format as a JSON object with the following fields:\n"
        f'- stocks: an object mapping each label ("{labels[0]}" to "{labels[-1]}") to your estimate of its ticker.\n'
        '- month: your estimate of the month and year, as "YYYY-MM".\n'
        "- confidence: A number between 0 and 100 indicating your confidence in the answer."
    )
    return f"{ask}\n\n{masked_table(panel, universe, mask)}\n"


def masked_rows(real: Panel, release: str) -> list[MaskedRow]:
    """Arm x task rows of one real panel; ids follow `{market}-{month}-{arm}-{context}` with context masked/reconstruct."""
    universe = get_universe(real.market)
    mask = mask_of(real)
    sessions = json.dumps([d.isoformat() for d in real.sessions])
    rows = []
    for arm in ARMS:
        shown = shown_arm(real, arm)
        for task in TASKS:
            prompt = masked_prompt(shown, universe, mask) if task == "masked" else reconstruct_prompt(shown, universe, mask)
            rows.append(MaskedRow(
                cell_id=f"{real.market}-{real.month}-{arm}-{task}", release=release, market=real.market,
                month=real.month, arm=arm, context=task, prompt=prompt, **prompt_sizes(prompt), track=TRACK,
                samples=1, task=task, mask_json=json.dumps(mask), sessions_json=sessions,
                n_tickers=len(mask), month_candidates=12 * MONTH_WINDOW_YEARS,
            ))
    return rows


def masked_config_table(inputs) -> pa.Table:
    """The `masked` config: masked commentary and reconstruction prompts for every arm of every panel."""
    rows = [row.to_dict() for real in inputs.panels for row in masked_rows(real, inputs.release)]
    return pa.Table.from_pylist(rows, schema=MASKED_SCHEMA)
