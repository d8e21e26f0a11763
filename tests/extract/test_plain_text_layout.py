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


def test_a_plain_transposed_table_may_label_its_label_column():
    text = "Metric        NVDA      TSLA\nReturn (%)    6.8       14.2\nClose         220.78    367.95"
    assert facts_in_order(text) == [("NVDA", "period_return", 6.8), ("TSLA", "period_return", 14.2),
                                    ("NVDA", "price_level", 220.78), ("TSLA", "price_level", 367.95)]


@pytest.mark.parametrize("header", ["**NVDA**      **TSLA**", "$NVDA         $TSLA", "Nvidia (NVDA)   Tesla (TSLA)",
                                    "`NVDA`        `TSLA`"])
def test_a_transposed_header_may_mark_its_names(header):
    """Markup and a bracketed ticker around a column's name are no words of their own."""
    text = f"Metric        {header}\nReturn (%)    6.8       14.2\nClose         220.78    367.95"
    assert facts_in_order(text) == [("NVDA", "period_return", 6.8), ("TSLA", "period_return", 14.2),
                                    ("NVDA", "price_level", 220.78), ("TSLA", "price_level", 367.95)]


def test_a_header_cell_naming_two_companies_heads_no_column():
    text = "Metric        Nvidia/AMD    Tesla\nReturn (%)    6.8           14.2"
    assert ("NVDA", "period_return", 6.8) not in facts(text)


def test_a_net_change_column_is_no_return_beside_a_percent_one():
    text = "TICKER   PX_LAST   CHG_NET_1M   CHG_PCT_1M\nNVDA     220.78    +14.14       +6.84"
    assert facts_in_order(text) == [("NVDA", "price_level", 220.78), ("NVDA", "period_return", 6.84)]


def test_a_transposed_table_with_labels_left_of_a_header_of_names_only():
    text = "Galp          EDP           BCP\nReturn (%)    9.3           5.9           -4.7\nMax DD        6.1           4.2           8.7"
    assert facts_in_order(text, "lisbon") == [
        ("GALP.LS", "period_return", 9.3), ("EDP.LS", "period_return", 5.9), ("BCP.LS", "period_return", -4.7),
        ("GALP.LS", "max_drawdown", 6.1), ("EDP.LS", "max_drawdown", 4.2), ("BCP.LS", "max_drawdown", 8.7),
    ]


def test_a_caption_for_another_month_states_nothing():
    text = "Figure 2  Return in July 2026 (%)\nNVDA      TSLA      AMD\n3.1       -2.0      4.4"
    assert facts(text) == set()


# ---------------------------------------------------------------- words broken across lines


def test_a_word_hyphen_broken_across_lines_is_read_whole():
    text = "Tesla returned 14.2%, while Alphabet de-\nclined 9.1% and ranked last."
    assert_shape(text, present=[("GOOGL", "period_return", -9.1), ("GOOGL", "rank", "worst_return")])


def test_a_rejoined_word_keeps_its_offsets_into_the_text():
    text = "Tesla returned 14.2%, the strongest per-\nformance in the group, while Alphabet de-\n   clined 9.1%."
    claims = claims_of(text)
    rank = next(c for c in claims if c.metric == "rank")
    assert (rank.ticker, rank.value) == ("TSLA", "best_return")
    assert text[rank.start:rank.end] == rank.text
    fall = next(c for c in claims if c.ticker == "GOOGL")
    assert (fall.value, text[fall.start:fall.end]) == (-9.1, "9.1%")


def test_a_name_broken_at_its_own_hyphen_is_read():
    assert_shape("Mota-\nEngil rose 15.3% in February.", present=[("EGL.LS", "period_return", 15.3)], universe="lisbon")


def test_a_name_and_a_date_broken_across_lines_are_read():
    text = "Jerónimo Mar-\ntins rose 10.5%. NOS gained 4.3% on 23 Febru-\nary, its largest single-day gain."
    claims = claims_of(text, "lisbon")
    assert ("JMT.LS", "period_return", 10.5) in {(c.ticker, c.metric, c.value) for c in claims}
    move = next(c for c in claims if c.metric == "daily_move")
    assert (move.ticker, move.value, str(move.date)) == ("NOS.LS", 4.3, "2026-02-23")


@pytest.mark.parametrize("text", [
    "Broadcom had the deepest peak-to-\ntrough fall, 16.9%.",
    "Broadcom had the deepest peak-\nto-trough fall, 16.9%.",
])
def test_a_compound_broken_at_its_own_hyphen_keeps_it(text):
    assert_shape(text, present=[("AVGO", "max_drawdown", 16.9)])


def test_compounds_within_a_line_are_untouched():
    from extractors.document import join_line_hyphens

    text = "A single-day drop and a peak-to-trough fall,\nthen a re-\nbound and a single-\nday gain; Mota-\nEngil -\nup."
    joined, pads = join_line_hyphens(text, frozenset({("single", "day")}))
    assert len(joined) == len(text)
    assert joined == "A single-day drop and a peak-to-trough fall,\nthen a rebound   and a single-day  gain; Mota-Engil  -\nup."
    assert pads == [(text.index("re-") + 7, text.index("re-") + 9), (text.index("single-\n") + 10, text.index("single-\n") + 11),
                    (text.index("Mota") + 10, text.index("Mota") + 11)]


# ---------------------------------------------------------------- hard line breaks inside a sentence


def test_a_line_break_after_a_word_no_sentence_ends_on_runs_on():
    text = "The shares rose 8.7% on\n27 August after results."
    move = claims_of(text.replace("The shares", "Nvidia"))[0]
    assert (move.ticker, move.metric, str(move.date)) == ("NVDA", "daily_move", "2026-08-27")


def test_a_line_break_after_a_comma_before_a_lowercase_word_runs_on():
    text = "Broadcom had the deepest drawdown (16.9%)²,\nfalling to $355.59 on 26 August. Amazon closed\nlower on 15 of 21 sessions."
    claims = claims_of(text)
    assert ("AVGO", "price_level", 355.59) in {(c.ticker, c.metric, c.value) for c in claims}
    assert ("AMZN", "down_days", 15) in {(c.ticker, c.metric, c.value) for c in claims}


# ---------------------------------------------------------------- terminal lines: fields keyed by mnemonics


def test_a_field_line_gives_its_field_to_each_name_figure_cell():
    text = "FIELD  VOLATILITY_21D (ANN)   AMD 56.00   JPM 13.68   TSLA 41.14\nFIELD  MAX_DD_PERIOD          AVGO 16.87   NVDA 7.47"
    assert facts_in_order(text) == [("AMD", "volatility", 56.0), ("JPM", "volatility", 13.68), ("TSLA", "volatility", 41.14),
                                    ("AVGO", "max_drawdown", 16.87), ("NVDA", "max_drawdown", 7.47)]


def test_a_field_of_another_horizon_states_nothing():
    assert facts("FIELD  HIGH_52WK              NVDA 241.10   TSLA 488.54   GOOGL 401.22") == set()


def test_a_mnemonic_between_a_name_and_its_figure_keys_it():
    text = "NON-UNIV   PLTR US  %CHG +48.33    NFLX US  %CHG +10.53\nSPX Index  %CHG +1.9    CCMP Index %CHG +2.4"
    assert_shape(text, present=[("PLTR", "period_return", 48.33), ("NFLX", "period_return", 10.53)])


def test_a_key_cell_holds_over_the_figures_and_dates_after_it():
    claims = claims_of("EVENT  EDP PL  1D -6.45  06/11  -6.20  11/11", "lisbon", "2025-11")
    assert [(c.ticker, c.metric, c.value, str(c.date)) for c in claims] == [
        ("EDP.LS", "daily_move", -6.45, "2025-11-06"), ("EDP.LS", "daily_move", -6.2, "2025-11-11")]


def test_the_key_cell_before_a_figures_own_name_wins_over_the_lines_first():
    claims = claims_of("BEST 1D    NVDA +8.74 08/27      WORST 1D   AMD -7.04 08/05")
    moves = [(c.ticker, c.value, "header.worst_day" in c.rules) for c in claims if c.metric == "daily_move"]
    assert moves == [("NVDA", 8.74, False), ("AMD", -7.04, True)]


def test_a_lowercase_line_is_no_terminal_line():
    # prose keeps its own reading: a header word before a figure in a sentence is no field key
    assert all("structure.key" not in c.rules for c in claims_of("Nvidia  chg 4.1 and a high 197.5 for Tesla  vol 41.2"))


def test_a_line_ending_in_a_name_runs_on_into_a_lowercase_line():
    text = "Portuguese equities gained in February. NOS\nwas up 17.0%, closing the month at its high of €5.15."
    assert_shape(text, present=[("NOS.LS", "period_return", 17.0), ("NOS.LS", "range_high", 5.15)], universe="lisbon")


def test_a_line_opening_with_a_key_is_a_line_of_its_own():
    from extractors.document import sentence_bounds

    orth = ["best", ":", " ", "TSLA", "\n  ", "worst", ":", " ", "AMD"]
    is_space = [not w.strip() for w in orth]
    starts = [0, 4, 5, 6, 10, 13, 18, 19, 20]
    assert sentence_bounds(orth, is_space, starts, "", []) == [(0, 5), (5, 9)]


def test_a_transposed_table_of_names_in_lowercase_reads_them_all():
    # "navigator" is a word as well as a name: a table cell holding it alone names the company
    text = "Figure 4  Monthly return by issuer (%)\ngalp          edp           navigator     bcp\n9.3           5.9           7.4           -4.7"
    assert facts_in_order(text, "lisbon") == [("GALP.LS", "period_return", 9.3), ("EDP.LS", "period_return", 5.9),
                                              ("NVG.LS", "period_return", 7.4), ("BCP.LS", "period_return", -4.7)]


def test_a_table_row_may_open_with_a_lowercase_name_that_is_a_word():
    text = "TICKER       PX_LAST   %CHG_PER\nnos PL       3.685     -1.07\nSON PL       1.484     +4.80"
    assert facts_in_order(text, "lisbon", "2025-11") == [("NOS.LS", "price_level", 3.685), ("NOS.LS", "period_return", -1.07),
                                                         ("SON.LS", "price_level", 1.484), ("SON.LS", "period_return", 4.8)]



def test_a_terminal_line_may_write_a_name_in_lowercase():
    claims = claims_of("EVENT  edp PL  1D -6.45  06/11", "lisbon", "2025-11")
    assert [(c.ticker, c.metric, c.value) for c in claims] == [("EDP.LS", "daily_move", -6.45)]


def test_an_all_caps_headline_ends_its_line_before_a_lowercase_name():
    text = "ALPHABET SINKS 9.1%; WORST OF THE TEN\nnvidia ENDS MONTH AT $220.78, UP 6.8%"
    ranks = [(c.ticker, c.value) for c in claims_of(text) if c.metric == "rank"]
    assert ranks == [("GOOGL", "worst_return")]
