"""The fake-date arm (fake-date paper, sections 2.2.1-2.2.2): the real panel under a fake month label.

The same real `sparse` panel is shown twice: once labelled with its true month and once with the
same month FAKE_YEAR_OFFSET years later (dates moved onto that month's weekdays), each with the
instruction not to use information published after a stated cutoff. Test I puts the cutoff
DEPTH_MONTHS before the true month (the paper's three years); test II puts it at the true month's
end (depth zero). Only the label differs, so a model that reads the panel should state the same
distribution of returns under both; N samples per row make that a two-sample test.

`sparse` because its endpoints fix every period return (the faithful answer is the same under
both labels) while the interior path is hidden, which leaves memory room to show itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta

import pandas as pd
import pyarrow as pa

from builder.contexts import CONTEXTS
from builder.display import shown_panel
from builder.panel import Panel
from builder.tokens import prompt_sizes
from builder.tracks.common import TrackRow, track_cell_id, track_schema
from builder.tracks.recall import long_date
from builder.universes import get_universe

TRACK = "relabeled"
FAKE_YEAR_OFFSET = 5
"""August 2026 is shown as August 2031: past any current model's release, as the paper requires."""
DEPTH_MONTHS = 36
"""Test I's cutoff depth: the paper's three years before the true date."""
SAMPLES = 20
"""Answers wanted per row (the paper drew 100 at temperature 0.7); fewer samples, less power."""
SHOWN_CONTEXT = "sparse"
LABELS: tuple[str, ...] = ("true", "fake")
FAKE_TESTS: dict[str, int] = {"I": DEPTH_MONTHS, "II": 0}
"""Test name -> cutoff depth in months before the true month's end."""

RELABELED_SCHEMA = track_schema(
    ("fake_test", pa.string(), "`I` (cutoff 36 months before the true month) or `II` (cutoff at its end)"),
    ("label", pa.string(), "`true` (the real month) or `fake` (the same month five years on)"),
    ("shown_month", pa.string(), "the month the prompt names, `YYYY-MM`"),
    ("current_date", pa.string(), "the current date the prompt states"),
    ("cutoff_date", pa.string(), "the prompt's 'no information after' date; the same under both labels"),
    ("depth_months", pa.int64(), "months between the cutoff and the true month's end"),
    ("tickers_json", pa.string(), "the panel's tickers as a JSON list"),
    ("shown_returns_json", pa.string(), "each ticker's first-to-last close return in percent, from the closes as shown (identical under both labels)"),
    ("shown_dates_json", pa.string(), "the session dates the prompt shows, as a JSON list"),
)


@dataclass(frozen=True)
class RelabeledRow(TrackRow):
    """One labelled prompt; `shown_returns_json` is each ticker's first-to-last close return in percent."""

    fake_test: str
    label: str
    shown_month: str
    current_date: str
    cutoff_date: str
    depth_months: int
    tickers_json: str
    shown_returns_json: str
    shown_dates_json: str



def shift_month(month: str, months: int) -> str:
    return str(pd.Period(month, freq="M") + months)


def month_end(month: str) -> date:
    return pd.Period(month, freq="M").end_time.date()


def fake_sessions(real_sessions: tuple[date, ...], fake_month: str) -> dict[date, date]:
    """Session k of the real month -> weekday k of the fake month (holidays of the fake year are unknown)."""
    period = pd.Period(fake_month, freq="M")
    weekdays = [d.date() for d in pd.bdate_range(period.start_time, period.end_time)]
    if len(weekdays) < len(real_sessions):
        raise ValueError(f"{fake_month} has {len(weekdays)} weekdays, fewer than the {len(real_sessions)} sessions to relabel")
    return dict(zip(real_sessions, weekdays))


def relabel_panel(real: Panel, fake_month: str) -> Panel:
    """The real bars with every date moved onto the fake month; prices untouched."""
    mapping = fake_sessions(real.sessions, fake_month)
    bars = real.bars.copy()
    bars["date"] = [mapping[d] for d in bars["date"]]
    return Panel(market=real.market, month=fake_month, arm=real.arm, bars=bars)


def period_returns(panel: Panel) -> dict[str, float]:
    out = {}
    for ticker in panel.tickers:
        closes = panel.series(ticker)
        out[ticker] = round((float(closes.iloc[-1]) / float(closes.iloc[0]) - 1.0) * 100.0, 6)
    return out


def relabeled_prompt(shown: Panel, current: date, cutoff: date) -> str:
    universe = get_universe(shown.market)
    instruction = (
        f"The current date is {long_date(current)}. Do not use any information published after "
        f"{long_date(cutoff)}."
    )
    return f"{instruction}\n\n{CONTEXTS[SHOWN_CONTEXT].prompt(shown, universe)}"


def relabeled_rows(real: Panel, release: str) -> list[RelabeledRow]:
    """Test x label rows of one real panel: `{market}-{month}-relabeled-test{I|II}-{true|fake}`."""
    if real.arm != "real":
        raise ValueError(f"the fake-date test shows the real panel, not {real.arm!r}")
    fake_month = shift_month(real.month, 12 * FAKE_YEAR_OFFSET)
    displayed = shown_panel(real)
    returns = json.dumps(period_returns(displayed), sort_keys=True)
    tickers = json.dumps(list(real.tickers))
    rows = []
    for test, depth in FAKE_TESTS.items():
        cutoff = month_end(shift_month(real.month, -depth))
        for label in LABELS:
            shown = displayed if label == "true" else relabel_panel(displayed, fake_month)
            current = month_end(shown.month) + timedelta(days=1)
            prompt = relabeled_prompt(shown, current, cutoff)
            rows.append(RelabeledRow(
                cell_id=track_cell_id(real.market, real.month, TRACK, f"test{test}", label),
                release=release, market=real.market, month=real.month, arm="real", context=SHOWN_CONTEXT,
                prompt=prompt, **prompt_sizes(prompt), track=TRACK, samples=SAMPLES,
                fake_test=test, label=label, shown_month=shown.month, current_date=current.isoformat(),
                cutoff_date=cutoff.isoformat(), depth_months=depth, tickers_json=tickers, shown_returns_json=returns,
                shown_dates_json=json.dumps([d.isoformat() for d in shown.sessions]),
            ))
    return rows


def relabeled_table(inputs) -> pa.Table:
    """The `relabeled` config: true- and fake-labelled prompts of each real panel, for tests I and II."""
    rows = [row.to_dict() for real in inputs.panels for row in relabeled_rows(real, inputs.release)]
    return pa.Table.from_pylist(rows, schema=RELABELED_SCHEMA)
