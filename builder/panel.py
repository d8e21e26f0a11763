"""Panels: one market-month of daily bars for a universe, loaded from CSV and validated.

Prices must be real before anything is built from them. Every row of the file is checked and
named by its line: prices (open, high, low, close, adj_close) positive, finite and below
`MAX_PRICE`; volume finite and non-negative; the row's market the one being built; its ticker in
the universe (or one `universes.toml` declares the files carry beside it); its date inside the
month. Then the month's rows are checked against the exchange calendar (sessions, OHLC order).
An empty file, or one with only a header, is a one-line error. An empty field means the source
did not give that value (Lisbon has no open); the calendar rules decide where that is allowed.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import exchange_calendars as xcals
import numpy as np
import pandas as pd

from builder.paths import data_dir
from builder.universes import Universe, get_universe

PRICE_COLUMNS = ("open", "high", "low", "close")
CSV_COLUMNS = ("market", "ticker", "date", "open", "high", "low", "close", "adj_close", "volume")
BAR_COLUMNS = ("ticker", "date", "open", "high", "low", "close", "volume")
MAX_PROBLEMS_SHOWN = 12
MAX_PRICE = 10_000_000.0
"""No share of any universe trades near this in its currency (the dearest US share, Berkshire
Hathaway A, is under 1,000,000 USD): a price above it is a unit or parsing error."""
# The line a data row has in the file: the header is line 1.
FIRST_DATA_LINE = 2
LINE_COLUMN = "source_line"  # each row's line in the file, added when read (extra columns are dropped later)


class PanelError(ValueError):
    """Prices that cannot make a panel: missing month, bad rows, sessions that disagree with the calendar."""


@dataclass(frozen=True, eq=False)
class Panel:
    """Daily bars of one arm of one market-month: rows sorted by ticker, then date.

    `bars` has the columns of BAR_COLUMNS; `date` holds `datetime.date`; `open` is NaN where the
    source has no open (Lisbon). The `real` arm is the truth every other arm is derived from.
    """

    market: str
    month: str
    arm: str
    bars: pd.DataFrame = field(repr=False)

    @property
    def tickers(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.bars["ticker"]))

    @property
    def sessions(self) -> tuple[date, ...]:
        return tuple(sorted(set(self.bars["date"])))

    def series(self, ticker: str, column: str = "close") -> pd.Series:
        """One ticker's column indexed by date."""
        rows = self.bars[self.bars["ticker"] == ticker]
        if rows.empty:
            raise KeyError(f"{ticker} is not in the {self.market} {self.month} panel")
        return pd.Series(rows[column].to_numpy(dtype=float), index=list(rows["date"]), name=ticker)

    def ticker_bars(self, ticker: str) -> pd.DataFrame:
        return self.bars[self.bars["ticker"] == ticker].reset_index(drop=True)


def month_bounds(month: str) -> tuple[date, date]:
    """First and last calendar day of `YYYY-MM`."""
    try:
        period = pd.Period(month, freq="M")
    except ValueError as error:
        raise PanelError(f"month {month!r} is not YYYY-MM") from error
    if len(month) != 7:
        raise PanelError(f"month {month!r} is not YYYY-MM")
    return period.start_time.date(), period.end_time.date()


def exchange_sessions(universe: Universe, month: str) -> list[date]:
    """Sessions the universe's exchange held in the month, from `exchange_calendars`."""
    first, last = month_bounds(month)
    calendar = xcals.get_calendar(universe.exchange)
    return [session.date() for session in calendar.sessions_in_range(first.isoformat(), last.isoformat())]


def default_price_file(universe: Universe, month: str) -> Path:
    return data_dir() / "prices" / f"{universe.price_file_prefix}-{month}.csv"


def shipped_months(universe: str | Universe) -> list[str]:
    """The months whose prices ship in `data/prices/` for the universe, `YYYY-MM`, oldest first."""
    universe = get_universe(universe)
    prefix = f"{universe.price_file_prefix}-"
    stems = (path.stem for path in (data_dir() / "prices").glob(f"{prefix}*.csv"))
    return sorted(stem.removeprefix(prefix) for stem in stems if not stem.endswith("source-fields"))


def read_price_csv(path: Path) -> pd.DataFrame:
    """Read a CSV in the `data/prices` schema, naming what is wrong with it (PanelError, never
    another error: a file that pandas cannot parse is named as such)."""
    try:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""])
    except FileNotFoundError:
        raise
    except pd.errors.EmptyDataError as error:
        raise PanelError(f"{path}: the file is empty; expected the header {','.join(CSV_COLUMNS)} and one row "
                         "per ticker-session") from error
    except (ValueError, UnicodeDecodeError, csv.Error, OverflowError, MemoryError) as error:
        raise PanelError(f"{path}: not a readable CSV ({' '.join(str(error).split())[:300]})") from error
    missing = [column for column in CSV_COLUMNS if column not in frame.columns]
    if missing:
        raise PanelError(f"{path}: missing column(s) {', '.join(missing)}; expected {','.join(CSV_COLUMNS)}")
    if frame.empty:
        raise PanelError(f"{path}: holds a header and no rows; expected one row per ticker-session")
    for column in (*PRICE_COLUMNS, "adj_close", "volume"):
        numeric = pd.to_numeric(frame[column], errors="coerce")
        bad = frame[column].notna() & numeric.isna()
        if bad.any():
            line = int(np.flatnonzero(bad.to_numpy())[0]) + FIRST_DATA_LINE
            raise PanelError(f"{path}, line {line}: {column} {frame[column][bad].iloc[0]!r} is not a number")
        frame[column] = numeric.astype(float)
    parsed = pd.to_datetime(frame["date"], format="%Y-%m-%d", errors="coerce")
    if parsed.isna().any():
        line = int(np.flatnonzero(parsed.isna().to_numpy())[0]) + FIRST_DATA_LINE
        raise PanelError(f"{path}, line {line}: date {frame['date'][parsed.isna()].iloc[0]!r} is not YYYY-MM-DD")
    frame["date"] = parsed.dt.date
    frame[LINE_COLUMN] = np.arange(len(frame)) + FIRST_DATA_LINE
    return frame


def row_problems(frame: pd.DataFrame, universe: Universe, month: str) -> list[str]:
    """Every row that cannot be a real bar of this market-month, named by line and field."""
    first, last = month_bounds(month)
    known = set(universe.tickers) | set(universe.extra_tickers)
    problems: list[str] = []
    for row in frame.itertuples(index=False):
        where = f"line {getattr(row, LINE_COLUMN)}"
        market = row.market if isinstance(row.market, str) else ""
        if market.strip().casefold() != universe.name.casefold():
            problems.append(f"{where}, field 'market': {market!r} is not the {universe.name} market being built")
        ticker = row.ticker if isinstance(row.ticker, str) else ""
        if ticker not in known:
            problems.append(f"{where}, field 'ticker': {ticker!r} is not in the {universe.name} universe "
                            f"({', '.join(universe.tickers)}; data/universes.toml)")
        if not first <= row.date <= last:
            problems.append(f"{where}, field 'date': {row.date} is outside {month}")
        for name in (*PRICE_COLUMNS, "adj_close"):
            value = getattr(row, name)
            if np.isnan(value):
                continue
            if not np.isfinite(value) or value <= 0:
                problems.append(f"{where}, field '{name}': {value!r} is not a positive finite price")
            elif value > MAX_PRICE:
                problems.append(f"{where}, field '{name}': {value:g} is above {MAX_PRICE:,.0f}, no real share price")
        if not np.isnan(row.volume) and (not np.isfinite(row.volume) or row.volume < 0):
            problems.append(f"{where}, field 'volume': {row.volume!r} is not a non-negative finite volume")
    return problems


def validation_problems(bars: pd.DataFrame, universe: Universe, month: str) -> list[str]:
    """Every rule the bars break, each naming ticker, date and rule."""
    problems: list[str] = []
    expected = exchange_sessions(universe, month)
    expected_set = set(expected)
    declared_gaps = universe.gap_dates()
    absent = universe.absent_tickers(month)
    for ticker in universe.tickers:
        rows = bars[bars["ticker"] == ticker]
        if ticker in absent:
            if not rows.empty:
                problems.append(f"{ticker}: declared absent for {month} in universes.toml but has {len(rows)} row(s)")
            continue
        if rows.empty:
            problems.append(f"{ticker}: no rows for {month}")
            continue
        for row in rows.itertuples(index=False):
            where = f"{ticker} {row.date}"
            if np.isnan(row.close):
                problems.append(f"{where}: close is missing")
                continue
            if not np.isnan(row.low) and not np.isnan(row.high) and row.low > row.high:
                problems.append(f"{where}: low {row.low} > high {row.high}")
            for name in ("open", "close"):
                value = getattr(row, name)
                if np.isnan(value):
                    continue
                if not np.isnan(row.low) and value < row.low:
                    problems.append(f"{where}: rule low <= {name} broken ({row.low} > {value})")
                if not np.isnan(row.high) and value > row.high:
                    problems.append(f"{where}: rule {name} <= high broken ({value} > {row.high})")
            if universe.has_open and np.isnan(row.open):
                problems.append(f"{where}: open is missing")
            if row.date not in expected_set:
                problems.append(f"{where}: not a {universe.exchange} session")
        counts = rows["date"].value_counts()
        for duplicate in sorted(counts[counts > 1].index):
            problems.append(f"{ticker} {duplicate}: duplicate session ({counts[duplicate]} rows)")
        present = set(rows["date"])
        for session in expected:
            if session not in present and session not in declared_gaps:
                problems.append(f"{ticker} {session}: missing {universe.exchange} session")
    return problems


def load_panel(universe: str | Universe, month: str, prices_file: Path | None = None) -> Panel:
    """Load and validate the real panel of a universe for one month.

    Without `prices_file`, reads the shipped `data/prices/{prefix}-{month}.csv`.
    """
    universe = get_universe(universe)
    first, last = month_bounds(month)
    path = Path(prices_file) if prices_file else default_price_file(universe, month)
    if not path.exists():
        shipped = [f"{universe.price_file_prefix}-{shipped}" for shipped in shipped_months(universe)]
        raise PanelError(
            f"no prices for {universe.name} {month}: {path} does not exist. Shipped months: "
            f"{', '.join(shipped) or 'none'}. Supply the month with --prices FILE.csv "
            f"(columns {','.join(CSV_COLUMNS)}), or fetch it on a machine with network."
        )
    frame = read_price_csv(path)
    problems = row_problems(frame, universe, month)
    in_month = frame[(frame["date"] >= first) & (frame["date"] <= last) & frame["ticker"].isin(universe.tickers)]
    problems += validation_problems(in_month, universe, month)
    if problems:
        shown = problems[:MAX_PROBLEMS_SHOWN]
        more = f"\n  ... and {len(problems) - len(shown)} more" if len(problems) > len(shown) else ""
        raise PanelError(f"{path}: {len(problems)} problem(s) in {universe.name} {month}:\n  " + "\n  ".join(shown) + more)
    order = {ticker: index for index, ticker in enumerate(universe.tickers)}
    bars = in_month.assign(_order=in_month["ticker"].map(order)).sort_values(["_order", "date"])
    bars = bars.loc[:, list(BAR_COLUMNS)].reset_index(drop=True)
    return Panel(market=universe.name, month=month, arm="real", bars=bars)
