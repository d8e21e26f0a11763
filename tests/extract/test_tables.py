"""Tables: each header cell maps to a metric through one header lexicon; a row's subject is its ticker or company
cell, or, in a transposed table, each column's header; plain-text tables read like markdown ones."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import claims_of, facts, facts_in_order


def one_column(header: str, cell: str, name: str = "NVDA") -> str:
    return f"| Ticker | {header} |\n|---|---|\n| {name} | {cell} |"


@pytest.mark.parametrize(
    ("header", "cell", "metric", "value"),
    [
        ("Return", "+5.6%", "period_return", 5.6),
        ("1M Return", "-2.4%", "period_return", -2.4),
        ("Return (%)", "5.6", "period_return", 5.6),
        ("Chg", "-4.1%", "period_return", -4.1),
        ("% m/m", "-4.1", "period_return", -4.1),
        ("Change", "+0.3%", "period_return", 0.3),
        ("% Chg", "+5.6%", "period_return", 5.6),
        ("MTD", "+5.6%", "period_return", 5.6),
        ("Aug return", "+5.6%", "period_return", 5.6),
        ("Low", "171.20", "range_low", 171.2),
        ("Month Low", "$171.20", "range_low", 171.2),
        ("High", "190.40", "range_high", 190.4),
        ("Month High", "$190.40", "range_high", 190.4),
        ("Max DD", "6.1%", "max_drawdown", 6.1),
        ("Max Drawdown", "6.1%", "max_drawdown", 6.1),
        ("Drawdown", "6.1%", "max_drawdown", 6.1),
        ("Vol", "41%", "volatility", 41),
        ("Ann. Vol", "41%", "volatility", 41),
        ("Volatility (ann.)", "27.5%", "volatility", 27.5),
        ("Up Days", "12", "up_days", 12),
        ("Sessions Up", "13", "up_days", 13),
        ("Down Days", "9", "down_days", 9),
    ],
)
def test_a_header_names_the_metric_of_its_column(header, cell, metric, value):
    assert facts_in_order(one_column(header, cell)) == [("NVDA", metric, value)]


@pytest.mark.parametrize(
    ("header", "anchor"),
    [("Start", "start"), ("First Close", "start"), ("Open", "start"),
     ("End", "end"), ("Close", "end"), ("Last Close", "end"), ("Last", "end")],
)
def test_start_and_end_columns_are_anchored_closes(header, anchor):
    claims = claims_of(one_column(header, "180.10"))
    assert [(c.ticker, c.metric, c.value, c.anchor) for c in claims] == [("NVDA", "price_level", 180.1, anchor)]


@pytest.mark.parametrize("header", ["Price", "Close", "Close (first → last)", "Start → End", "Price ($)"])
@pytest.mark.parametrize("cell", ["180.10 → 191.79", "$180.10 -> $191.79", "from 180.10 to 191.79"])
def test_a_path_in_a_price_cell_is_the_first_and_last_close(header, cell):
    claims = claims_of(one_column(header, cell))
    assert [(c.ticker, c.metric, c.value, c.anchor) for c in claims] == [
        ("NVDA", "price_level", 180.1, "start"), ("NVDA", "price_level", 191.79, "end")]
    assert all(any(rule.startswith("construction.") for rule in c.rules) for c in claims)


def test_best_and_worst_day_columns_are_dated_extremes():
    claims = claims_of("| Name | Best day | Worst day |\n|---|---|---|\n| Tesla | +6.2% (Aug 5) | -7.4% (Aug 19) |")
    assert [(c.ticker, c.metric, c.value, c.date, c.extreme) for c in claims] == [
        ("TSLA", "daily_move", 6.2, date(2026, 8, 5), "largest"),
        ("TSLA", "daily_move", -7.4, date(2026, 8, 19), "largest"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("| Ticker | Aug 3 | Aug 31 |\n|---|---|---|\n| NVDA | 180.10 | 190.20 |",
         [(180.1, date(2026, 8, 3)), (190.2, date(2026, 8, 31))]),
        ("| Ticker | 2026-08-14 | 2026-08-31 |\n|---|---|---|\n| MA | 560.10 | 571.22 |",
         [(560.1, date(2026, 8, 14)), (571.22, date(2026, 8, 31))]),
        ("| Company | Close (Aug 31) | Return |\n|---|---|---|\n| Mastercard | $571.22 | +1.9% |", [(571.22, date(2026, 8, 31))]),
    ],
)
def test_a_date_as_a_header_is_the_close_on_that_date(text, expected):
    levels = [c for c in claims_of(text) if c.metric == "price_level"]
    assert [(c.value, c.date) for c in levels] == expected
    assert all(c.anchor is None for c in levels)


def test_a_full_performance_table_reads_every_cell():
    text = ("| Ticker | Return | Low | High | Max DD | Vol |\n|---|---|---|---|---|---|\n"
            "| NVDA | +5.6% | 171.20 | 190.40 | 6.1% | 41% |\n"
            "| AMD | -3.2% | 150.05 | 166.70 | 9.8% | 55% |")
    assert facts_in_order(text) == [
        ("NVDA", "period_return", 5.6), ("NVDA", "range_low", 171.2), ("NVDA", "range_high", 190.4),
        ("NVDA", "max_drawdown", 6.1), ("NVDA", "volatility", 41),
        ("AMD", "period_return", -3.2), ("AMD", "range_low", 150.05), ("AMD", "range_high", 166.7),
        ("AMD", "max_drawdown", 9.8), ("AMD", "volatility", 55),
    ]


def test_a_range_column_gives_low_and_high():
    text = "| Ticker | Range | Return |\n|---|---|---|\n| AMZN | 212.40–231.10 | +4.0% |"
    assert facts_in_order(text) == [("AMZN", "range_low", 212.4), ("AMZN", "range_high", 231.1), ("AMZN", "period_return", 4.0)]


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        ("| Ticker | Start | End | Return (%) |\n|---|---|---|---|\n| Broadcom (AVGO) | 301.10 | 318.55 | 5.8 |", "us",
         {("AVGO", "price_level", 301.1), ("AVGO", "price_level", 318.55), ("AVGO", "period_return", 5.8)}),
        ("| Company | 1M Return | Month Low | Month High |\n|---|---|---|---|\n| **Nvidia** | **+5.6%** | $171.20 | $190.40 |", "us",
         {("NVDA", "period_return", 5.6), ("NVDA", "range_low", 171.2), ("NVDA", "range_high", 190.4)}),
        ("| Company | Ticker | Return |\n|---|---|---|\n| Millennium bcp | BCP.LS | +4,4% |", "lisbon", {("BCP.LS", "period_return", 4.4)}),
        ("| Ticker | First Close | Last Close | Ann. Vol | Drawdown |\n|---|---|---|---|---|\n| Jerónimo Martins | 20,15 € | 20,40 € | 18% | 4,2% |",
         "lisbon", {("JMT.LS", "price_level", 20.15), ("JMT.LS", "price_level", 20.4), ("JMT.LS", "volatility", 18),
                    ("JMT.LS", "max_drawdown", 4.2)}),
        ("**Performance table**\n\n| Stock | Return |\n|:--|--:|\n| `NVDA` | 5.6% |", "us", {("NVDA", "period_return", 5.6)}),
    ],
)
def test_a_rows_subject_is_its_ticker_or_company_cell(text, universe, expected):
    assert facts(text, universe) == expected


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        ("| | NVDA | AMD | TSLA |\n|---|---|---|---|\n| Return | +5.1% | -2.0% | +0.4% |\n| Close | 180.10 | 160.20 | 320.55 |", "us",
         [("NVDA", "period_return", 5.1), ("AMD", "period_return", -2.0), ("TSLA", "period_return", 0.4),
          ("NVDA", "price_level", 180.1), ("AMD", "price_level", 160.2), ("TSLA", "price_level", 320.55)]),
        ("| Metric | Galp | EDP |\n|---|---|---|\n| Feb return | +3,2% | -1,1% |\n| Low | 16,905 | 3,850 |", "lisbon",
         [("GALP.LS", "period_return", 3.2), ("EDP.LS", "period_return", -1.1), ("GALP.LS", "range_low", 16.905),
          ("EDP.LS", "range_low", 3.85)]),
    ],
)
def test_a_transposed_table_takes_its_subjects_from_the_header_row(text, universe, expected):
    assert facts_in_order(text, universe) == expected


def test_a_transposed_table_anchors_its_close_row_at_the_end():
    text = "| | NVDA | AMD |\n|---|---|---|\n| Close | 180.10 | 160.20 |"
    assert [(c.ticker, c.anchor) for c in claims_of(text)] == [("NVDA", "end"), ("AMD", "end")]


@pytest.mark.parametrize(
    "text",
    [
        "Ticker  Start    End      Return\nNVDA    180.10   190.20   +5.6%\nAMD     165.00   160.20   -2.9%",
        "Ticker | Start | End | Return\nNVDA | 180.10 | 190.20 | +5.6%\nAMD | 165.00 | 160.20 | -2.9%",
    ],
)
def test_a_plain_text_table_reads_like_a_markdown_one(text):
    claims = claims_of(text)
    assert [(c.ticker, c.metric, c.value, c.anchor) for c in claims] == [
        ("NVDA", "price_level", 180.1, "start"), ("NVDA", "price_level", 190.2, "end"), ("NVDA", "period_return", 5.6, None),
        ("AMD", "price_level", 165.0, "start"), ("AMD", "price_level", 160.2, "end"), ("AMD", "period_return", -2.9, None),
    ]


def test_columns_for_other_horizons_and_targets_state_nothing():
    text = "| Ticker | Return | YTD | Target |\n|---|---|---|---|\n| NVDA | +5.6% | +31.0% | $250 |"
    assert facts_in_order(text) == [("NVDA", "period_return", 5.6)]


def test_an_index_row_owns_its_figure_and_an_average_row_states_nothing():
    text = "| Ticker | Return |\n|---|---|\n| NVDA | +5.6% |\n| AMD | n/a |\n| Average | +2.0% |\n| S&P 500 | +1.1% |"
    assert facts_in_order(text) == [("NVDA", "period_return", 5.6), (None, "period_return", 1.1)]


def test_table_claims_name_the_header_rule_that_made_them():
    claim = claims_of(one_column("Max DD", "6.1%"))[0]
    assert any(rule.startswith("header.") for rule in claim.rules), claim.rules


def test_a_transposed_table_may_name_its_companies_in_full():
    text = "| | Nvidia | Tesla |\n|---|---|---|\n| Return | +5.6% | -5.9% |\n| Max DD | 4.8% | 11.2% |"
    assert facts_in_order(text) == [("NVDA", "period_return", 5.6), ("TSLA", "period_return", -5.9),
                                    ("NVDA", "max_drawdown", 4.8), ("TSLA", "max_drawdown", 11.2)]


def test_a_price_history_with_dates_down_the_side_dates_every_close():
    text = "| Date | NVDA | AMD |\n|---|---|---|\n| Aug 3 | 180.10 | 160.20 |\n| Aug 31 | 190.20 | 158.00 |"
    assert [(c.ticker, c.metric, c.value, c.date) for c in claims_of(text)] == [
        ("NVDA", "price_level", 180.1, date(2026, 8, 3)), ("AMD", "price_level", 160.2, date(2026, 8, 3)),
        ("NVDA", "price_level", 190.2, date(2026, 8, 31)), ("AMD", "price_level", 158.0, date(2026, 8, 31)),
    ]


def test_prose_after_a_table_names_its_own_subject():
    text = "| Ticker | Return |\n|---|---|\n| NVDA | +5.6% |\n\nNvidia was the best performer, and it closed at $190.20."
    assert facts_in_order(text) == [("NVDA", "period_return", 5.6), ("NVDA", "rank", "best_return"), ("NVDA", "price_level", 190.2)]


# Shapes read since the structure-aware rewrite (each per claims.md and the labelling conventions).
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # a header naming another month is another period
    ('| Ticker | Jul return | Aug return |\n|---|---|---|\n| NVDA | +2.0% | +5.6% |', 'us', [('NVDA', 'period_return', 5.6)], [('NVDA', 'period_return', 2.0)]),
    # 'Δ%' header unknown
    ('| Ticker | Price | Δ% |\n|---|---|---|\n| NVDA | $190.20 | +5.6% |', 'us', [('NVDA', 'period_return', 5.6)], []),
    # 'Low–High' (en dash, no spaces) header unknown
    ('| Ticker | Last | Low–High |\n|---|---|---|\n| NVDA | 190.20 | 171.20–195.30 |', 'us', [('NVDA', 'range_high', 195.3), ('NVDA', 'range_low', 171.2)], []),
    # 'Up/Down' column with 'N/M' cells
    ('| Ticker | Return | Up/Down |\n|---|---|---|\n| META | +4.1% | 12/9 |', 'us', [('META', 'down_days', 9), ('META', 'up_days', 12)], []),
    # metric/value table whose row label names ticker and metric
    ('| Metric | Value |\n|---|---|\n| NVDA return | +5.6% |\n| NVDA max drawdown | 6.1% |', 'us', [('NVDA', 'max_drawdown', 6.1), ('NVDA', 'period_return', 5.6)], []),
    # key-value block: nothing extracted
    ('Ticker: NVDA\nReturn: +5.6%\nMax DD: 6.1%\nVol: 41%', 'us', [('NVDA', 'max_drawdown', 6.1), ('NVDA', 'period_return', 5.6), ('NVDA', 'volatility', 41)], []),
])
def test_tables_shapes_with_their_fields(text, universe, present, absent):
    claims = claims_of(text, universe)
    found = {(c.ticker, c.metric, c.value) for c in claims}
    for item in present:
        ticker, metric, value, *fields = item
        want = dict(fields[0]) if fields else {}
        assert any((c.ticker, c.metric, c.value) == (ticker, metric, value)
                   and all(str(c.to_dict().get(k)) == str(v) for k, v in want.items()) for c in claims), (item, [c.to_dict() for c in claims])
    assert not ({tuple(a) for a in absent} & found), found


@pytest.mark.parametrize("header", ["Change ($)", "$ Chg", "Chg (USD)", "Δ $", "Net chg (US$)"])
def test_a_change_in_money_is_a_price_difference_not_a_return(header):
    text = f"| Ticker | {header} | Change (%) |\n|---|---|---|\n| TSLA | +45.87 | +14.24% |\n| NVDA | +14.14 | +6.84% |"
    claims = claims_of(text, "us", "2026-08")
    assert sorted((c.ticker, c.metric, c.value) for c in claims) == [("NVDA", "period_return", 6.84), ("TSLA", "period_return", 14.24)]


# ---- box-drawing tables: a terminal's or code block's ┌─┬─┐ / ╔═╦═╗ rules read as pipes and dashes
LIGHT_BOX = """```
┌──────────────┬────────┬────────┐
│ Metric       │   MSFT │     MA │
├──────────────┼────────┼────────┤
│ Open         │ 402.10 │ 551.30 │
│ Change       │ −2.44% │ +3.05% │
│ Worst day    │ −3.10% (8/12) │ −1.20% (8/4) │
│ Up / down    │ 9 / 12 │ 13 / 8 │
└──────────────┴────────┴────────┘
```"""

DOUBLE_BOX = """╔════════╦═════════╦═════════╗
║ Ticker ║ Return  ║ Max DD  ║
╠════════╬═════════╬═════════╣
║ JPM    ║ +1.8%   ║ 4.4%    ║
║ UNH    ║ −6.0%   ║ 9.9%    ║
╚════════╩═════════╩═════════╝"""


def test_a_light_box_table_in_a_code_block_reads_by_columns():
    got = facts(LIGHT_BOX)
    assert {("MSFT", "period_return", -2.44), ("MA", "period_return", 3.05), ("MSFT", "up_days", 9),
            ("MSFT", "down_days", 12), ("MA", "down_days", 8)} <= got
    assert ("MSFT", "up_days", 12) not in got and ("MA", "period_return", 551.3) not in got
    worst = [c for c in claims_of(LIGHT_BOX) if c.metric == "daily_move" and c.ticker == "MSFT"]
    assert [(c.value, c.date) for c in worst] == [(-3.1, date(2026, 8, 12))]


def test_a_double_line_box_table_reads_by_rows():
    assert facts(DOUBLE_BOX) == {("JPM", "period_return", 1.8), ("JPM", "max_drawdown", 4.4),
                                 ("UNH", "period_return", -6.0), ("UNH", "max_drawdown", 9.9)}


def test_a_month_percent_row_is_the_return():
    text = "| | Apple | Visa |\n|---|---:|---:|\n| Month % | +2.2 | −0.9 |\n| Month low | 201.50 | 330.10 |"
    got = facts(text)
    assert {("AAPL", "period_return", 2.2), ("V", "period_return", -0.9), ("V", "range_low", 330.1)} <= got
    assert ("V", "period_return", 330.1) not in got
