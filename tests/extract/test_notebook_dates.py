"""Notebook dates: "01-21" (two digits each, read like "1/21" only where one side is the cell's month) and
"14-jan" (a day, a hyphen, a month name). A best or worst day key with such a date is a dated daily move, and a
date right before a move ("nvda 01-13 -2.85%") makes it that day's move, not the month's."""

from __future__ import annotations

from extractors.numbers import find_dates
from tests.extract.support import claims_of


def _dated(text: str, universe: str = "us") -> set[tuple]:
    return {(c.ticker, c.metric, c.value, c.date and c.date.isoformat()) for c in claims_of(text, universe, "2026-01")}


def test_month_day_dates_after_best_and_worst_day_keys():
    found = _dated("- nvda bd=+5.12% 01-14 ; wd=-3.06% 01-27")
    assert ("NVDA", "daily_move", 5.12, "2026-01-14") in found and ("NVDA", "daily_move", -3.06, "2026-01-27") in found


def test_day_month_name_dates():
    found = _dated("bcp    x1.0210  wd=-2.44% 08-jan  bd=+1.90% 29-Jan", universe="lisbon")
    assert ("BCP.LS", "daily_move", -2.44, "2026-01-08") in found and ("BCP.LS", "daily_move", 1.9, "2026-01-29") in found


def test_a_date_before_a_move_makes_it_a_daily_move():
    found = _dated("- pltr 01-13 -2.85%, no news")
    assert ("PLTR", "daily_move", -2.85, "2026-01-13") in found
    assert not any(metric == "period_return" for _, metric, _, _ in found)


def test_dates_of_another_month_and_ranges_are_no_dates():
    assert [d.date.isoformat() for d in find_dates("lo (01-09), 10-12% band, 03-17 in march", "2026-01") if d.date] == ["2026-01-09"]
    assert not [d for d in find_dates("a 2026-01-21 close", "2026-01") if d.end - d.start == 5]
