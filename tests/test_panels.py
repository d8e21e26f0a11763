"""Loading real panels and rejecting bad ones with errors that name ticker, date and rule."""

from __future__ import annotations

import math
from datetime import date
from pathlib import Path

import pandas as pd
import pytest

from builder.panel import PanelError, load_panel, shipped_months
from builder.paths import data_dir
from builder.universes import get_universe


def shipped(name: str) -> Path:
    return data_dir() / "prices" / name


def write_variant(tmp_path: Path, source: str, change) -> Path:
    """A copy of a shipped price file with one deliberate defect."""
    frame = pd.read_csv(shipped(source), dtype=str)
    frame = change(frame)
    target = tmp_path / source
    frame.to_csv(target, index=False)
    return target


def test_default_us_panel_has_ten_tickers_and_every_august_session():
    panel = load_panel("us", "2026-08")
    assert panel.tickers == get_universe("us").tickers
    assert len(panel.sessions) == 21
    assert panel.sessions[0] == date(2026, 8, 3) and panel.sessions[-1] == date(2026, 8, 31)
    assert len(panel.bars) == 210


def test_lisbon_panel_carries_no_open_rather_than_an_invented_one():
    panel = load_panel("lisbon", "2026-02")
    assert panel.tickers == get_universe("lisbon").tickers
    assert len(panel.sessions) == 20
    assert panel.bars["open"].isna().all()
    assert panel.bars["close"].notna().all()


def test_lisbon_january_loads_with_its_declared_gap_only():
    panel = load_panel("lisbon", "2026-01")
    assert date(2026, 1, 9) not in panel.sessions
    assert len(panel.sessions) == 20


def test_every_shipped_month_loads_for_its_universe():
    for market in ("us", "lisbon"):
        for month in shipped_months(market):
            assert load_panel(market, month).tickers


def test_a_month_that_is_not_shipped_says_how_to_supply_it():
    with pytest.raises(PanelError, match=r"no prices for us 2026-09.*--prices FILE\.csv"):
        load_panel("us", "2026-09")


def test_a_missing_session_is_named_with_ticker_and_date(tmp_path):
    path = write_variant(tmp_path, "us-2026-08.csv",
                         lambda f: f[~((f.ticker == "AMD") & (f.date == "2026-08-12"))])
    with pytest.raises(PanelError, match=r"AMD 2026-08-12: missing XNYS session"):
        load_panel("us", "2026-08", path)


def test_a_duplicate_session_is_named(tmp_path):
    def duplicate(frame):
        row = frame[(frame.ticker == "TSLA") & (frame.date == "2026-08-05")]
        return pd.concat([frame, row])
    path = write_variant(tmp_path, "us-2026-08.csv", duplicate)
    with pytest.raises(PanelError, match=r"TSLA 2026-08-05: duplicate session"):
        load_panel("us", "2026-08", path)


def test_a_close_above_the_high_is_named_with_the_rule(tmp_path):
    def break_high(frame):
        mask = (frame.ticker == "NVDA") & (frame.date == "2026-08-04")
        frame.loc[mask, "close"] = "999.0"
        return frame
    path = write_variant(tmp_path, "us-2026-08.csv", break_high)
    with pytest.raises(PanelError, match=r"NVDA 2026-08-04: rule close <= high broken"):
        load_panel("us", "2026-08", path)


def test_an_open_below_the_low_is_named_with_the_rule(tmp_path):
    def break_low(frame):
        mask = (frame.ticker == "MA") & (frame.date == "2026-08-20")
        frame.loc[mask, "open"] = "1.0"
        return frame
    path = write_variant(tmp_path, "us-2026-08.csv", break_low)
    with pytest.raises(PanelError, match=r"MA 2026-08-20: rule low <= open broken"):
        load_panel("us", "2026-08", path)


def test_a_missing_close_is_named(tmp_path):
    def drop_close(frame):
        frame.loc[(frame.ticker == "GALP.LS") & (frame.date == "2026-02-10"), "close"] = None
        return frame
    path = write_variant(tmp_path, "lisbon-2026-02.csv", drop_close)
    with pytest.raises(PanelError, match=r"GALP.LS 2026-02-10: close is missing"):
        load_panel("lisbon", "2026-02", path)


def test_a_weekend_date_is_not_a_session(tmp_path):
    def move_to_saturday(frame):
        frame.loc[(frame.ticker == "JPM") & (frame.date == "2026-08-07"), "date"] = "2026-08-08"
        return frame
    path = write_variant(tmp_path, "us-2026-08.csv", move_to_saturday)
    with pytest.raises(PanelError) as error:
        load_panel("us", "2026-08", path)
    assert "JPM 2026-08-08: not a XNYS session" in str(error.value)
    assert "JPM 2026-08-07: missing XNYS session" in str(error.value)


def test_a_non_numeric_price_names_the_file_line(tmp_path):
    def corrupt(frame):
        frame.loc[frame.index[5], "high"] = "n/a?"
        return frame
    path = write_variant(tmp_path, "us-2026-08.csv", corrupt)
    with pytest.raises(PanelError, match=r"line 7: high 'n/a\?' is not a number"):
        load_panel("us", "2026-08", path)


def test_prices_are_read_exactly_as_shipped():
    panel = load_panel("us", "2026-08")
    nvda = panel.series("NVDA")
    assert nvda.iloc[0] == 206.64 and nvda.iloc[6] == 217.5
    assert not math.isnan(panel.bars["open"].iloc[0])
