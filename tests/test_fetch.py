"""New months via yfinance: fetched on a recorded response, cached, validated, refused when incomplete."""

from __future__ import annotations

import shutil
import socket
from datetime import date, datetime, timezone
from pathlib import Path

import pandas as pd
import pytest
import yfinance
from typer.testing import CliRunner

from builder import fetch
from builder.fetch import FetchError, failure_reason, fetch_month, locate_prices, require_complete_month, yfinance_to_schema
from builder.panel import PanelError, load_panel
from builder.paths import PROJECT_ROOT
from builder.universes import get_universe
from mcb import app

RECORDED = Path(__file__).parent / "fixtures" / "yfinance" / "download-us-2026-08.csv"
AFTER_AUGUST = datetime(2026, 9, 2, 12, 0, tzinfo=timezone.utc)


def recorded_download() -> pd.DataFrame:
    """The recorded response rebuilt in yfinance's shape: (Price, Ticker) columns, a `Date` index."""
    long = pd.read_csv(RECORDED, dtype={"Ticker": str})
    long["Date"] = pd.to_datetime(long["Date"])
    frame = long.set_index(["Date", "Ticker"]).unstack("Ticker")
    frame.columns = frame.columns.set_names(["Price", "Ticker"])
    return frame


class RecordingDownload:
    """Stands in for `yfinance.download`, remembering how it was called."""

    def __init__(self, frame: pd.DataFrame | None = None) -> None:
        self.frame = recorded_download() if frame is None else frame
        self.calls: list[tuple[tuple, dict]] = []

    def __call__(self, *args, **kwargs) -> pd.DataFrame:
        self.calls.append((args, kwargs))
        return self.frame.copy()


def refuse_download(*args, **kwargs):
    raise AssertionError("yfinance.download must not be called here")


@pytest.fixture(autouse=True)
def isolated_cache(tmp_path, monkeypatch) -> Path:
    cache = tmp_path / "price-cache"
    monkeypatch.setenv("MCB_PRICE_CACHE", str(cache))
    return cache


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a test tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.fixture
def data_without_august(tmp_path, monkeypatch) -> Path:
    """A data folder like the shipped one but without us-2026-08.csv, so the month must be fetched."""
    data = tmp_path / "data"
    shutil.copytree(PROJECT_ROOT / "data", data)
    (data / "prices" / "us-2026-08.csv").unlink()
    monkeypatch.setenv("MCB_DATA_DIR", str(data))
    return data


def test_recorded_response_reshapes_into_the_prices_schema_with_traded_close():
    rows = yfinance_to_schema(recorded_download(), get_universe("us"))
    assert list(rows.columns) == ["market", "ticker", "date", "open", "high", "low", "close", "adj_close", "volume"]
    assert len(rows) == 210
    nvda = rows[(rows["ticker"] == "NVDA") & (rows["date"] == "2026-08-04")].iloc[0]
    assert (nvda["open"], nvda["high"], nvda["low"], nvda["close"], nvda["volume"]) == (211.3, 213.06, 209.05, 211.94, 134922000)


def test_fetch_downloads_unadjusted_prices_once_validates_and_caches(monkeypatch, isolated_cache, no_network):
    download = RecordingDownload()
    monkeypatch.setattr(yfinance, "download", download)
    cached = fetch_month("us", "2026-08", now=AFTER_AUGUST)
    assert cached == isolated_cache / "us-2026-08.csv"
    (args, kwargs), = download.calls
    assert kwargs["auto_adjust"] is False
    assert (kwargs["start"], kwargs["end"], kwargs["interval"]) == ("2026-08-01", "2026-09-01", "1d")
    assert sorted(args[0]) == sorted(get_universe("us").tickers)
    fetched = load_panel("us", "2026-08", cached)
    shipped = load_panel("us", "2026-08")
    pd.testing.assert_frame_equal(fetched.bars, shipped.bars)

    monkeypatch.setattr(yfinance, "download", refuse_download)
    assert fetch_month("us", "2026-08", now=AFTER_AUGUST) == cached


def test_a_fetch_that_breaks_the_calendar_is_refused_and_not_cached(monkeypatch, isolated_cache):
    frame = recorded_download().drop(index=pd.Timestamp("2026-08-12"))
    monkeypatch.setattr(yfinance, "download", RecordingDownload(frame))
    with pytest.raises(PanelError) as raised:
        fetch_month("us", "2026-08", now=AFTER_AUGUST)
    assert "2026-08-12: missing XNYS session" in str(raised.value)
    assert not (isolated_cache / "us-2026-08.csv").exists()
    assert (isolated_cache / "us-2026-08.rejected.csv").exists()


def test_an_empty_download_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(yfinance, "download", RecordingDownload(pd.DataFrame()))
    with pytest.raises(FetchError, match="no rows"):
        fetch_month("us", "2026-08", now=AFTER_AUGUST)


@pytest.mark.parametrize(
    ("month", "now", "message"),
    [
        ("2026-08", datetime(2026, 8, 31, 15, 0, tzinfo=timezone.utc), "not complete"),  # last session still open
        ("2026-08", datetime(2026, 8, 14, 9, 0, tzinfo=timezone.utc), "not complete"),  # the current month
        ("2026-09", datetime(2026, 8, 14, 9, 0, tzinfo=timezone.utc), "has not started"),
    ],
)
def test_an_incomplete_month_is_refused(monkeypatch, month, now, message):
    monkeypatch.setattr(yfinance, "download", refuse_download)
    with pytest.raises(FetchError, match=message):
        fetch_month("us", month, now=now)


def test_a_month_is_complete_once_its_last_session_has_closed():
    require_complete_month(get_universe("us"), "2026-08", now=datetime(2026, 8, 31, 20, 0, 1, tzinfo=timezone.utc))
    require_complete_month(get_universe("lisbon"), "2026-02", now=AFTER_AUGUST)


def test_shipped_prices_win_over_the_cache_and_the_network(monkeypatch):
    monkeypatch.setattr(yfinance, "download", refuse_download)
    source = locate_prices("us", "2026-07")
    assert source.origin == "shipped"
    given = locate_prices("us", "2026-07", Path("/somewhere/else.csv"))
    assert (given.origin, given.path) == ("given", Path("/somewhere/else.csv"))


def test_no_fetch_names_the_missing_month(data_without_august, monkeypatch):
    monkeypatch.setattr(yfinance, "download", refuse_download)
    with pytest.raises(PanelError, match="fetching is off"):
        locate_prices("us", "2026-08", allow_fetch=False)


def test_mcb_build_fetches_a_month_that_is_not_shipped(data_without_august, monkeypatch, tmp_path, isolated_cache, no_network):
    monkeypatch.setattr(fetch, "datetime", _FrozenDatetime)
    monkeypatch.setattr(yfinance, "download", RecordingDownload())
    out = tmp_path / "built"
    result = CliRunner().invoke(app, ["build", "--market", "us", "--month", "2026-08", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "prices from yfinance" in result.output
    assert (isolated_cache / "us-2026-08.csv").exists()
    assert "fetched with yfinance (`auto_adjust=False`" in (out / "README.md").read_text()


def test_a_month_that_cannot_be_fetched_prints_one_clear_line(data_without_august, monkeypatch, tmp_path, isolated_cache):
    """The real yfinance client, its requests sent to a proxy that refuses every connection: yfinance
    logs a line or two per ticker and pandas may warn; the command prints the one error line."""
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens on `port` now: every connection through the proxy is refused
    for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"):
        monkeypatch.setenv(name, f"http://127.0.0.1:{port}")
    monkeypatch.setattr(fetch, "datetime", _FrozenDatetime)
    import yfinance.cache

    yfinance.cache.set_cache_location(str(tmp_path / "yfinance-cache"))
    result = CliRunner().invoke(app, ["build", "--market", "us", "--month", "2026-08", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: us 2026-08: yfinance returned no rows (") and "127.0.0.1" in lines[0]
    assert "--prices FILE.csv" in lines[0]
    assert not isolated_cache.exists() or not any(isolated_cache.iterdir())


def test_the_failure_reason_is_yfinance_s_first_without_curl_boilerplate():
    logged = ["Cookie/crumb fetch failed (DNSError), continuing without crumb",
              "Failed to get ticker 'AMD' reason: Failed to perform, curl: (6) Could not resolve host: "
              "query2.finance.yahoo.com (Domain name not found). See https://curl.se/libcurl/c/libcurl-errors.html "
              "first for more details.",
              "$AMD: possibly delisted; no timezone found"]
    assert failure_reason(logged) == "Could not resolve host: query2.finance.yahoo.com (Domain name not found)"
    assert failure_reason(["$AMD: possibly delisted; no timezone found"]) == "$AMD: possibly delisted; no timezone found"
    assert failure_reason([]) == "no reason given"


def test_mcb_build_refuses_a_month_that_has_not_ended(monkeypatch, tmp_path):
    monkeypatch.setattr(yfinance, "download", refuse_download)
    today = date.today()
    next_month = f"{today.year + today.month // 12}-{today.month % 12 + 1:02d}"
    result = CliRunner().invoke(app, ["build", "--market", "us", "--month", next_month, "--out", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert "has not started" in result.output or "not complete" in result.output


def test_mcb_build_works_offline_from_shipped_july(tmp_path, monkeypatch, no_network):
    monkeypatch.setattr(yfinance, "download", refuse_download)
    out = tmp_path / "july"
    result = CliRunner().invoke(app, ["build", "--market", "us", "--month", "2026-07", "--out", str(out)])
    assert result.exit_code == 0, result.output
    card = (out / "README.md").read_text()
    assert "`JPM` is absent from us 2026-07" in card and "`MA` is absent from us 2026-07" in card


def test_mcb_build_with_prices_file_accepts_any_csv_in_the_schema(tmp_path, monkeypatch, no_network):
    monkeypatch.setattr(yfinance, "download", refuse_download)
    copy = tmp_path / "my-august.csv"
    shutil.copy(PROJECT_ROOT / "data" / "prices" / "us-2026-08.csv", copy)
    out = tmp_path / "given"
    result = CliRunner().invoke(app, ["build", "--market", "us", "--month", "2026-08", "--prices", str(copy), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "prices from given" in result.output
    assert "supplied to the build as a CSV" in (out / "README.md").read_text()


class _FrozenDatetime(datetime):
    """`datetime` whose now() is just after August 2026 closed, for the CLI fetch test."""

    @classmethod
    def now(cls, tz=None):
        return AFTER_AUGUST


def test_bars_without_volume_are_named_not_written(monkeypatch):
    frame = recorded_download()
    frame.loc[pd.Timestamp("2026-08-14"), ("Volume", "TSLA")] = float("nan")
    with pytest.raises(FetchError, match="without volume for 1 ticker-session\\(s\\): TSLA 2026-08-14"):
        yfinance_to_schema(frame, get_universe("us"))
