"""New months from yfinance: download a universe's daily bars, cache them as a `data/prices` CSV.

Shipped CSVs are preferred (they carry provenance); a month with no shipped file is fetched once,
validated by `builder.panel` (the same rules as shipped data) and cached, so later builds are
offline. Prices are the traded ones (`auto_adjust=False`, `Close` not `Adj Close`): a dividend-
adjusted close is not a price anyone saw that day, and the arms' arithmetic must start from
what the market printed.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from types import MappingProxyType

import exchange_calendars as xcals
import pandas as pd

from builder.panel import CSV_COLUMNS, PanelError, default_price_file, exchange_sessions, load_panel, month_bounds
from builder.universes import Universe, get_universe

CACHE_ENV = "MCB_PRICE_CACHE"
DEFAULT_CACHE = Path("~/.cache/market-claim-bench/prices")
# yfinance returns float32-derived noise (206.63999938964844); 4 decimals keep sub-cent quotes.
CACHE_PRICE_DECIMALS = 4
YF_FIELDS = MappingProxyType(
    {"Open": "open", "High": "high", "Low": "low", "Close": "close", "Adj Close": "adj_close", "Volume": "volume"}
)
MAX_ROWS_NAMED = 12

# (tickers, first day, day after the last) -> the frame `yfinance.download` returns.
Downloader = Callable[[tuple[str, ...], date, date], pd.DataFrame]


class FetchError(RuntimeError):
    """A month that cannot be fetched: not complete yet, or the source returned nothing usable."""


@dataclass(frozen=True)
class PriceSource:
    """Where a build's prices came from, for the build log and the card."""

    path: Path
    origin: str  # "shipped", "given", "cache" or "yfinance"


def price_cache_dir() -> Path:
    """The cache folder: $MCB_PRICE_CACHE, else ~/.cache/market-claim-bench/prices."""
    configured = os.environ.get(CACHE_ENV)
    return Path(configured).expanduser() if configured else DEFAULT_CACHE.expanduser()


def cached_price_file(universe: Universe, month: str) -> Path:
    return price_cache_dir() / f"{universe.price_file_prefix}-{month}.csv"


def last_session_close(universe: Universe, month: str) -> datetime | None:
    """When the month's last session closes (UTC), or None if the calendar has no session in it."""
    sessions = exchange_sessions(universe, month)
    if not sessions:
        return None
    calendar = xcals.get_calendar(universe.exchange)
    return calendar.session_close(sessions[-1].isoformat()).to_pydatetime()


def require_complete_month(universe: Universe, month: str, now: datetime | None = None) -> None:
    """Refuse a month whose last exchange session has not closed yet: its panel would be partial."""
    now = now or datetime.now(timezone.utc)
    first, _ = month_bounds(month)
    if first > now.date():
        raise FetchError(f"{universe.name} {month} has not started yet (today is {now.date()}); nothing to fetch")
    calendar = xcals.get_calendar(universe.exchange)
    if first > calendar.last_session.date():
        raise FetchError(f"{universe.name} {month} is beyond the {universe.exchange} calendar's range")
    closes_at = last_session_close(universe, month)
    if closes_at is None:
        raise FetchError(f"{universe.name} {month}: {universe.exchange} held no session that month")
    if closes_at > now:
        raise FetchError(
            f"{universe.name} {month} is not complete: its last {universe.exchange} session closes at "
            f"{closes_at:%Y-%m-%d %H:%M} UTC (now {now:%Y-%m-%d %H:%M} UTC). Build it after the close."
        )


class _Collect(logging.Handler):
    """Keeps yfinance's log messages instead of letting them reach stderr."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextlib.contextmanager
def _quiet_yfinance():
    """yfinance logs a line or two per ticker that failed (about 40 for a month without network) and
    pandas warns on its frames: collect the log, drop the warnings, so a failure is one error line."""
    logger = logging.getLogger("yfinance")
    collect, propagate = _Collect(), logger.propagate
    logger.addHandler(collect)
    logger.propagate = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield collect.messages
    finally:
        logger.removeHandler(collect)
        logger.propagate = propagate


_CURL_REASON = re.compile(r"reason: (?:Failed to perform, )?(?:curl: \(\d+\) )?(?P<reason>.+?)(?:\. See https?://\S+.*)?$")


def failure_reason(messages: list[str]) -> str:
    """The first failure yfinance logged, without curl's boilerplate ("Could not resolve host: ...")."""
    for message in messages:
        match = _CURL_REASON.search(message)
        if match:
            return match.group("reason")
    return messages[-1] if messages else "no reason given"


def yfinance_download(tickers: tuple[str, ...], start: date, end: date) -> pd.DataFrame:
    """The network boundary: one `yfinance.download` call for the month (tests replace this).

    A download that returns nothing raises `FetchError` with the first reason yfinance logged."""
    import yfinance

    with _quiet_yfinance() as messages:
        frame = yfinance.download(
            list(tickers), start=start.isoformat(), end=end.isoformat(), interval="1d",
            auto_adjust=False, actions=False, group_by="column", multi_level_index=True,
            progress=False, threads=False,
        )
    if frame is None or frame.empty:
        raise FetchError(f"yfinance returned no rows ({failure_reason(messages)})")
    return frame


def _no_rows(universe: Universe, month: str, what: str) -> str:
    return (f"{universe.name} {month}: {what} for {', '.join(universe.tickers)}. No network, or tickers Yahoo "
            "does not know: use --prices FILE.csv to build offline.")


def yfinance_to_schema(frame: pd.DataFrame, universe: Universe) -> pd.DataFrame:
    """Reshape yfinance's (field, ticker)-column frame into `data/prices` rows, one per ticker-session."""
    if frame.empty:
        raise FetchError(f"yfinance returned no rows for {universe.name}")
    if not isinstance(frame.columns, pd.MultiIndex):
        raise FetchError("yfinance frame has flat columns; expected (field, ticker) columns (multi_level_index=True)")
    missing = [name for name in ("Open", "High", "Low", "Close", "Volume") if name not in frame.columns.get_level_values(0)]
    if missing:
        raise FetchError(f"yfinance frame lacks field(s) {', '.join(missing)}")
    long = frame.stack(level=1, future_stack=True).reset_index()
    long = long.rename(columns={long.columns[0]: "date", long.columns[1]: "ticker", **YF_FIELDS})
    if "adj_close" not in long.columns:
        long["adj_close"] = float("nan")
    long = long.dropna(subset=["open", "high", "low", "close"], how="all")
    long["date"] = pd.to_datetime(long["date"]).dt.strftime("%Y-%m-%d")
    for column in ("open", "high", "low", "close", "adj_close"):
        long[column] = long[column].astype(float).round(CACHE_PRICE_DECIMALS)
    no_volume = long[long["volume"].isna()]
    if not no_volume.empty:
        named = ", ".join(f"{row.ticker} {row.date}" for row in no_volume.head(MAX_ROWS_NAMED).itertuples())
        raise FetchError(f"yfinance gave bars without volume for {len(no_volume)} ticker-session(s): {named}")
    long["volume"] = long["volume"].round().astype("int64")
    long["market"] = universe.name.upper()
    order = {ticker: index for index, ticker in enumerate(universe.tickers)}
    long = long[long["ticker"].isin(order)].assign(_order=lambda f: f["ticker"].map(order))
    return long.sort_values(["_order", "date"]).loc[:, list(CSV_COLUMNS)].reset_index(drop=True)


def fetch_month(
    universe: str | Universe,
    month: str,
    *,
    download: Downloader = yfinance_download,
    now: datetime | None = None,
    refresh: bool = False,
) -> Path:
    """Fetch, validate and cache one month; return the cached CSV (reused unless `refresh`).

    The download is validated by `builder.panel.load_panel` before it enters the cache; a file
    that fails stays beside the cache as `*.rejected.csv` for inspection, named in the error.
    """
    universe = get_universe(universe)
    require_complete_month(universe, month, now)
    target = cached_price_file(universe, month)
    if target.exists() and not refresh:
        load_panel(universe, month, target)
        return target
    first, last = month_bounds(month)
    try:
        frame = download(universe.tickers, first, last + timedelta(days=1))
    except FetchError as error:
        raise FetchError(_no_rows(universe, month, str(error))) from None
    if frame.empty:
        raise FetchError(_no_rows(universe, month, "yfinance returned no rows"))
    rows = yfinance_to_schema(frame, universe)
    target.parent.mkdir(parents=True, exist_ok=True)
    staged = target.with_suffix(".partial.csv")
    rows.to_csv(staged, index=False)
    try:
        load_panel(universe, month, staged)
    except PanelError as error:
        rejected = target.with_suffix(".rejected.csv")
        staged.replace(rejected)
        raise PanelError(f"fetched prices failed validation (kept as {rejected}):\n{error}") from error
    staged.replace(target)
    return target


def locate_prices(
    market: str,
    month: str,
    prices_file: Path | None = None,
    *,
    allow_fetch: bool = True,
    download: Downloader = yfinance_download,
    now: datetime | None = None,
) -> PriceSource:
    """Pick a month's prices: a given file, else the shipped CSV, else the cache, else yfinance."""
    universe = get_universe(market)
    if prices_file is not None:
        return PriceSource(Path(prices_file), "given")
    shipped = default_price_file(universe, month)
    if shipped.exists():
        return PriceSource(shipped, "shipped")
    cached = cached_price_file(universe, month)
    if cached.exists():
        return PriceSource(cached, "cache")
    if not allow_fetch:
        raise PanelError(
            f"no prices for {universe.name} {month}: not shipped ({shipped}) and not cached ({cached}); "
            "fetching is off. Pass --prices FILE.csv or allow fetching."
        )
    return PriceSource(fetch_month(universe, month, download=download, now=now), "yfinance")


def price_origin(market: str, month: str, prices_file: Path | None) -> str:
    """Classify a build's price file after the fact: `shipped`, `yfinance` (from the cache) or `given`."""
    universe = get_universe(market)
    if prices_file is None:
        return "shipped"
    path = Path(prices_file).resolve()
    if path == default_price_file(universe, month).resolve():
        return "shipped"
    if path.parent == price_cache_dir().resolve():
        return "yfinance"
    return "given"
