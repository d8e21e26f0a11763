"""Plain-text layout: whitespace-aligned tables (terminal grids, tables flattened out of a PDF), transposed
ones whose header line names the companies, and words hyphen-broken across line ends."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, claims_of, facts, facts_in_order

TERMINAL = (
    "TICKER             PX_FIRST     LAST        CHG      %CHG      HI        LO\n"
    "TSLA US Equity     322.08     367.95    +45.87    +14.24    367.95    319.53\n"
    "NVDA US Equity     206.64     220.78    +14.14    +6.84     227.98    206.64\n"
)


def test_a_terminal_grid_reads_its_abbreviated_headers():
    assert facts_in_order(TERMINAL) == [
        ("TSLA", "price_level", 322.08), ("TSLA", "price_level", 367.95), ("TSLA", "period_return", 14.24),
        ("TSLA", "range_high", 367.95), ("TSLA", "range_low", 319.53),
        ("NVDA", "price_level", 206.64), ("NVDA", "price_level", 220.78), ("NVDA", "period_return", 6.84),
        ("NVDA", "range_high", 227.98), ("NVDA", "range_low", 206.64),
    ]


def test_a_change_column_beside_a_percent_change_column_is_the_price_change():
    assert_shape(TERMINAL, present=[("TSLA", "period_return", 14.24)], absent=[("TSLA", "period_return", 45.87)])
    # alone, a "Chg" column is the percent change, as ever
    assert facts("Ticker  Last    Chg\nNVDA    190.20  -4.1%\nAMD     160.20  +2.0%") >= {("NVDA", "period_return", -4.1)}


@pytest.mark.parametrize(
    ("header", "row", "expected"),
    [
        ("TICKER   PX_LAST   %CHG_PER   MAX_DD", "BCP PL   0.8214    +7.51      4.59",
         [("BCP.LS", "price_level", 0.8214), ("BCP.LS", "period_return", 7.51), ("BCP.LS", "max_drawdown", 4.59)]),
        ("TICKER   HIST_VOL   UP/DN   CHG%", "NOS PL   12.79      7/11    -1.07",
         [("NOS.LS", "volatility", 12.79), ("NOS.LS", "up_days", 7), ("NOS.LS", "down_days", 11),
          ("NOS.LS", "period_return", -1.07)]),
    ],
)
def test_terminal_mnemonics_read_through_the_header_lexicon(header, row, expected):
    assert facts_in_order(f"{header}\n{row}", "lisbon", "2025-11") == expected


def test_an_up_down_cell_that_looks_like_a_date_of_the_month_is_two_counts():
    text = "TICKER   PX_LAST   UP/DN\nBCP PL   0.8214    11/7"
    claims = claims_of(text, "lisbon", "2025-11")
    assert [(c.metric, c.value, c.text) for c in claims if c.metric.endswith("_days")] == [("up_days", 11, "11"), ("down_days", 7, "7")]


def test_fifty_two_week_fields_state_no_month_figure():
    text = "TICKER   LAST     HIGH_52WK\nNVDA     220.78   241.10\nTSLA     367.95   488.54"
    assert facts(text) == {("NVDA", "price_level", 220.78), ("TSLA", "price_level", 367.95)}


def test_prose_with_double_spaces_is_no_table():
    text = "Tesla rose 5% on the month.  Nvidia fell 2%.  AMD was flat.\nAmazon gained 3%.  Meta lost 1%.  UNH rose 4%."
    assert all("structure.table" not in c.rules for c in claims_of(text))


TRANSPOSED = (
    "Figure 4  Monthly return by issuer (%)\n"
    "Galp          EDP           EDPR          Navigator     BCP\n"
    "9.3           5.9           4.7           7.4           -4.7\n"
    "Source: Euronext Lisbon, closing prices."
)


def test_a_line_of_company_names_heads_a_transposed_table_read_by_its_caption():
    assert facts_in_order(TRANSPOSED, "lisbon") == [
        ("GALP.LS", "period_return", 9.3), ("EDP.LS", "period_return", 5.9), ("EDPR.LS", "period_return", 4.7),
        ("NVG.LS", "period_return", 7.4), ("BCP.LS", "period_return", -4.7),
    ]


def test_a_transposed_table_takes_another_metric_from_its_caption():
    text = "Exhibit 2: Max drawdown (%)\nNVDA      TSLA      AMD\n7.5       11.2      9.8"
    assert facts_in_order(text) == [("NVDA", "max_drawdown", 7.5), ("TSLA", "max_drawdown", 11.2), ("AMD", "max_drawdown", 9.8)]


def test_a_transposed_table_of_two_names_with_labelled_rows():
    text = "              Nvidia     Tesla\nReturn (%)    6.8        14.2\nMax drawdown  7.5        11.2"
    assert facts_in_order(text) == [("NVDA", "period_return", 6.8), ("TSLA", "period_return", 14.2),
                                    ("NVDA", "max_drawdown", 7.5), ("TSLA", "max_drawdown", 11.2)]


def test_a_transposed_table_with_labels_left_of_a_header_of_names_only():
    text = "Galp          EDP           BCP\nReturn (%)    9.3           5.9           -4.7\nMax DD        6.1           4.2           8.7"
    assert facts_in_order(text, "lisbon") == [
        ("GALP.LS", "period_return", 9.3), ("EDP.LS", "period_return", 5.9), ("BCP.LS", "period_return", -4.7),
        ("GALP.LS", "max_drawdown", 6.1), ("EDP.LS", "max_drawdown", 4.2), ("BCP.LS", "max_drawdown", 8.7),
    ]


def test_a_caption_for_another_month_states_nothing():
    text = "Figure 2  Return in July 2026 (%)\nNVDA      TSLA      AMD\n3.1       -2.0      4.4"
    assert facts(text) == set()
