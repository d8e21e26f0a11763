"""Spreadsheet pastes: a TAB-separated grid copied from a workbook, with the sheet's column letters and row
numbers typed in front, dates as column or row headings, formulas beside the values, and a date column that
dates the best or worst day beside it."""

from __future__ import annotations

from datetime import date

import pytest

from extractors import markup
from tests.extract.support import assert_shape, claims_of, facts

GRID = (
    "Pasted from the workbook.\n\n"
    "\tA\tB\tC\tD\tE\n"
    "1\tTicker\t8/3/2026\t8/31/2026\tChg\tFormula in D\n"
    "2\tNVDA\t206.64\t220.78\t0.06843\t=C2/B2-1\n"
    "3\tTSLA\t322.08\t367.95\t0.14242\t=C3/B3-1\n"
    "4\t\t\t\t\t\n"
    "5\tAMD\t170.00\t160.00\t-0.05882\t=C5/B5-1\n"
)


def test_a_grid_with_column_letters_and_row_numbers_reads_as_its_table():
    assert_shape(GRID, [("NVDA", "price_level", 206.64), ("NVDA", "price_level", 220.78), ("NVDA", "period_return", 6.843),
                        ("TSLA", "period_return", 14.242), ("AMD", "price_level", 160.0), ("AMD", "period_return", -5.882)],
                 absent=[("NVDA", "price_level", 2.0), ("TSLA", "price_level", 3.0)])


def test_a_dated_heading_dates_the_closes_under_it():
    dated = {(c.ticker, c.value): c.date for c in claims_of(GRID) if c.metric == "price_level"}
    assert dated[("NVDA", 206.64)] == date(2026, 8, 3)
    assert dated[("TSLA", 367.95)] == date(2026, 8, 31)


def test_the_letters_and_row_numbers_are_no_cells():
    found = markup.analyse(GRID)
    (table,) = found.tables
    header = [GRID[a:b] for a, b in table.rows[0]]
    assert header[:2] == ["Ticker", "8/3/2026"]
    assert [GRID[a:b] for a, b in table.rows[1]][:2] == ["NVDA", "206.64"]
    letters = GRID.index("\tA\t")
    assert found.masked[letters:letters + 12].strip() == ""


def test_a_transposed_stats_block_with_letters_from_g_reads_by_columns():
    text = ("\tG\tH\tI\tJ\n1\tStat\tAMZN\tTSLA\tAMD\n2\tHigh close\t242.96\t428.27\t246.27\n3\tLow close\t198.79\t397.21\t192.50\n"
            "4\tMax DD\t18.18%\t6.64%\t21.83%\n5\tUp days\t7\t11\t6\n")
    assert_shape(text, [("AMZN", "range_high", 242.96), ("TSLA", "range_low", 397.21), ("AMD", "max_drawdown", 21.83),
                        ("TSLA", "up_days", 11)], month="2026-02")


def test_dates_down_the_side_with_ragged_rows_and_a_group_average():
    text = ("\tA\tB\tC\tD\n1\tDate\tGALP\tEDP\tBCP\n2\t02/02/2026\t16.67\t4.265\t0.9358\n21\t27/02/2026\t18.22\t4.516\t0.8916\n"
            "22\t\t\t\n23\tMTD\t9.3%\t5.9%\t-4.7%\n24\tAvg\t3.5%\n")
    claims = claims_of(text, "lisbon")
    dated = {(c.ticker, c.value): c.date for c in claims if c.metric == "price_level"}
    assert dated[("GALP.LS", 16.67)] == date(2026, 2, 2)
    assert dated[("BCP.LS", 0.8916)] == date(2026, 2, 27)
    found = facts(text, "lisbon")
    assert ("BCP.LS", "period_return", -4.7) in found and ("EDP.LS", "period_return", 5.9) in found
    assert ("GALP.LS", "period_return", 3.5) not in found  # the average row is the group's
    assert not any(c.value in (21, 22, 23, 24) for c in claims)


@pytest.mark.parametrize("letters", ["\tA\tC\tD\n", "\tB\tA\n", "x\ty\tz\n"])
def test_letters_that_are_not_a_sheet_heading_make_no_grid(letters):
    text = letters + "1\tTicker\t8/3/2026\n2\tNVDA\t206.64\n"
    assert not any(c.metric == "price_level" and c.date for c in claims_of(text))


@pytest.mark.parametrize("text, day", [
    ("AMZN closed at 210.00 on 8/31/2026.", date(2026, 8, 31)),
    ("AMZN closed at 210.00 on 31/08/2026.", date(2026, 8, 31)),
    ("AMZN closed at 210.00 on 8/31/2025.", None),
])
def test_a_slashed_date_with_the_cell_year_is_a_date(text, day):
    (claim,) = [c for c in claims_of(text) if c.metric == "price_level"]
    assert claim.date == day and claim.value == 210.0


@pytest.mark.parametrize("text", [
    "| Name | Best day | Date | Worst day | Date |\n|---|---|---|---|---|\n| NOS | 4.27% | 23/02 | -1.54% | 20/02 |",
    "Name\tBest day\tDate\tWorst day\tDate\nNOS\t4.27%\t23/02/2026\t-1.54%\t20/02/2026\n",
    "| Name | Best session | On | Worst session | On |\n|---|---|---|---|---|\n| NOS | +4.27% | Feb 23 | −1.54% | Feb 20 |",
])
def test_a_date_column_after_a_daily_move_dates_it(text):
    days = {c.value: c.date for c in claims_of(text, "lisbon") if c.metric == "daily_move"}
    assert days == {4.27: date(2026, 2, 23), -1.54: date(2026, 2, 20)}
    assert all("structure.date_column" in c.rules for c in claims_of(text, "lisbon") if c.metric == "daily_move")


def test_a_date_column_beside_no_daily_move_dates_nothing_else():
    text = "| Name | Return | Date |\n|---|---|---|\n| NOS | +17.0% | 27/02 |"
    (claim,) = [c for c in claims_of(text, "lisbon") if c.metric == "period_return"]
    assert claim.value == 17.0 and claim.date is None


def test_a_tsv_headed_by_dates_without_sheet_headings_is_a_table():
    text = "Ticker\t8/3/2026\t8/31/2026\nNVDA\t206.64\t220.78\nTSLA\t322.08\t367.95\n"
    dated = {(c.ticker, c.value): c.date for c in claims_of(text) if c.metric == "price_level"}
    assert dated == {("NVDA", 206.64): date(2026, 8, 3), ("NVDA", 220.78): date(2026, 8, 31),
                     ("TSLA", 322.08): date(2026, 8, 3), ("TSLA", 367.95): date(2026, 8, 31)}


def test_a_header_of_dates_alone_is_no_table():
    text = "8/3/2026\t8/31/2026\n206.64\t220.78\n322.08\t367.95\n"
    assert not any(c.metric == "price_level" for c in claims_of(text))


@pytest.mark.parametrize("formula", ["=C2/B2-1", "=1-B2/MAX(B$2:B2)", "=STDEV.S(Daily!C3:C20)*SQRT(252)",
                                     '=COUNTIF(Daily!C3:C20,">0")', "=INDEX($A$3:$A$21,MATCH(MAX(G3:G21),G3:G21,0))"])
def test_a_formula_is_masked_whole_and_states_no_figure(formula):
    text = f"Tesla: D3 is {formula}, which gives +14.2%.\n"
    masked = markup.mask(text)
    assert masked[text.index(formula):text.index(formula) + len(formula)].strip() == ""
    assert facts(text) == {("TSLA", "period_return", 14.2)}


def test_a_formula_column_beside_the_values_adds_no_claim():
    text = "Ticker\t8/3/2026\t8/31/2026\tReturn\nNVDA\t206.64\t220.78\t=C2/B2-1\nTSLA\t322.08\t367.95\t=C3/B3-1\n"
    assert not any(c.metric == "period_return" for c in claims_of(text))


@pytest.mark.parametrize("text", ["ret=5.6% for NVDA", "NVDA: x =1.0565", "NVDA mdd = 4.9%", "NVDA (=5.6%)"])
def test_an_equals_sign_before_a_bare_figure_is_no_formula(text):
    assert markup.mask(text + "\n") == text + "\n"
