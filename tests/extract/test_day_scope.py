"""Day scope: figures that belong to one session. A line that opens with a session label ("Aug 4 —",
"Day 4:", "Mon 10 Aug:", "- 06/11:") times every figure of the line, across its sentences: a percent is that
session's move, a price that session's close. A figure whose clause names another scope (MTD, week, YTD)
keeps it; a running month-to-date figure before the last session is another period. Single-session
scope words ("the next morning", "that afternoon", "a single session", "el día 4") make daily moves."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import assert_shape, claims_of


def _moves_and_closes(text: str, universe: str = "us", month: str | None = "2026-08") -> set[tuple]:
    return {(c.ticker, c.metric, c.value, c.date) for c in claims_of(text, universe, month)
            if c.metric in ("daily_move", "price_level", "period_return")}


def test_every_figure_of_a_dated_line_is_that_sessions():
    text = "DESK LOG\n\nAug 12 — META 760.10 (+2.1%), AMD −1.4%. UNH +0.9%.\nAug 13 — AMD 510.25 (+3.0%)."
    assert _moves_and_closes(text) == {
        ("META", "price_level", 760.10, date(2026, 8, 12)), ("META", "daily_move", 2.1, date(2026, 8, 12)),
        ("AMD", "daily_move", -1.4, date(2026, 8, 12)), ("UNH", "daily_move", 0.9, date(2026, 8, 12)),
        ("AMD", "price_level", 510.25, date(2026, 8, 13)), ("AMD", "daily_move", 3.0, date(2026, 8, 13)),
    }


@pytest.mark.parametrize(
    ("line", "universe", "month", "day"),
    [
        ("Mon 10 Aug: TSLA 330.15 (+1.2%)", "us", "2026-08", date(2026, 8, 10)),
        ("Aug 14 (Fri) — TSLA 330.15 (+1.2%)", "us", "2026-08", date(2026, 8, 14)),
        ("- 06/11: EDP 4.210 (-6.45%)", "lisbon", "2025-11", date(2025, 11, 6)),
        # "Day N" is the month's Nth session: 2 Feb 2026 is the first, so Day 3 is 4 Feb
        ("Day 3: EDP 4.210 (-6.45%)", "lisbon", "2026-02", date(2026, 2, 4)),
        # a bracketed date says which session outright
        ("Day 7 (10 Feb): EDP 4.210 (-6.45%)", "lisbon", "2026-02", date(2026, 2, 10)),
        # a bracketed label, a weekday with its date in brackets, a word before the separator
        ("[Aug 4] TSLA 330.15 (+1.2%)", "us", "2026-08", date(2026, 8, 4)),
        ("Monday (Aug 3): TSLA 330.15 (+1.2%)", "us", "2026-08", date(2026, 8, 3)),
        ("Aug 5 close: TSLA 330.15 (+1.2%)", "us", "2026-08", date(2026, 8, 5)),
    ],
)
def test_a_session_label_in_its_spellings(line, universe, month, day):
    claims = [c for c in claims_of("Log.\n\n" + line + "\n", universe, month) if c.metric in ("daily_move", "price_level")]
    assert sorted((c.metric, c.date) for c in claims) == [("daily_move", day), ("price_level", day)]


def test_a_price_after_an_arrow_or_to_on_a_dated_line_is_that_close():
    text = "Log\nDay 3: BCP −2.10% → 0.9120. NOS +1.05% to 4.61.\n"
    assert {(c.ticker, c.metric, c.value) for c in claims_of(text, "lisbon", "2026-02")} >= {
        ("BCP.LS", "price_level", 0.912), ("NOS.LS", "price_level", 4.61),
        ("BCP.LS", "daily_move", -2.10), ("NOS.LS", "daily_move", 1.05)}


def test_a_running_month_to_date_figure_is_another_period_and_a_week_figure_no_claim():
    text = "Log\nAug 14 (Fri) — AVGO 392.99 (−5.9%). MTD AVGO +0.2. Week: AVGO −8.1.\nAug 18 — META −4.4%. MTD: META −7.9, AMD +1.1.\n"
    got = {(c.ticker, c.metric, c.value) for c in claims_of(text, "us", "2026-08")}
    assert ("AVGO", "daily_move", -5.9) in got and ("META", "daily_move", -4.4) in got
    assert not {c for c in got if c[1] == "period_return" or c[2] in (-8.1, 0.2, -7.9, 1.1)}


def test_month_to_date_on_the_last_sessions_line_and_a_month_end_line_is_the_months_return():
    text = "Log\nAug 31 (Mon) — TSLA +5.5% (MTD +14.2%).\n\nEOM: NVDA MTD +6.8 (top) · AMZN MTD −8.5.\n"
    assert_shape(text, {("TSLA", "daily_move", 5.5), ("TSLA", "period_return", 14.2), ("NVDA", "period_return", 6.8),
                        ("AMZN", "period_return", -8.5)},
                 {("TSLA", "daily_move", 14.2), ("NVDA", "range_high", 6.8)})


@pytest.mark.parametrize(
    "text",
    [
        # a span of sessions is no one session
        "Summary\nAug 3 – Aug 31: NVDA +6.8%.\n",
        # a hard-wrapped sentence whose next line happens to open on a date
        "Tesla was the best name, and by\nAug 31 — a Monday — it had gained 14.2% on its first close.\n",
    ],
)
def test_a_span_or_a_wrapped_line_is_no_session_label(text):
    assert not [c for c in claims_of(text, "us", "2026-08") if c.metric == "daily_move" and c.date != date(2026, 8, 31)]


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        ("Nvidia jumped 8.7% on August 27. Of course it coughed up 4.6% the next morning.", "us", "2026-08",
         {("NVDA", "daily_move", 8.7), ("NVDA", "daily_move", -4.6)}, {("NVDA", "period_return", -4.6)}),
        ("Nvidia returned 6.8%; a single session (27 August 2026) accounted for a gain of approximately 8.7%.", "us", "2026-08",
         {("NVDA", "period_return", 6.8), ("NVDA", "daily_move", 8.7)}, {("NVDA", "period_return", 8.7)}),
        ("Tesla peaked on Aug 12; it gave back 3.1% that afternoon.", "us", "2026-08",
         {("TSLA", "daily_move", -3.1)}, {("TSLA", "period_return", -3.1)}),
        # Spanish inside English: "el día 4", "la jornada del día 20"
        ("Galp subió un 9,03%. La jornada del día 20 Galp perdió un 2,46%.", "lisbon", "2026-02",
         {("GALP.LS", "period_return", 9.03)}, {("GALP.LS", "period_return", 2.46), ("GALP.LS", "period_return", -2.46)}),
        ("Altri lost 11.4% in the month, shedding 9.6% in one trading day.", "lisbon", "2026-02",
         {("ALTR.LS", "period_return", -11.4), ("ALTR.LS", "daily_move", -9.6)}, {("ALTR.LS", "period_return", -9.6)}),
    ],
)
def test_single_session_scope_words_make_daily_moves(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe, month)


def test_a_spanish_day_is_a_date_of_the_cells_month_and_a_spanish_verb_its_sign():
    moves = [c for c in claims_of("El día 4 AMD cayó un 17,3%. Rebotó un 8,8% el día 24.", "us", "2026-02")
             if c.metric == "daily_move"]
    assert [(m.value, m.date) for m in moves] == [(-17.3, date(2026, 2, 4)), (8.8, date(2026, 2, 24))]


def test_a_dated_close_and_its_extreme_see_past_the_bracketed_move():
    text = "Log\nAug 20 — UNH 356.10 (−3.2%), low of the month.\nAug 21 — MA 601.40 (+1.9%) — the high.\n"
    assert_shape(text, {("UNH", "price_level", 356.10), ("UNH", "range_low", 356.10), ("UNH", "daily_move", -3.2),
                        ("MA", "price_level", 601.40), ("MA", "range_high", 601.40), ("MA", "daily_move", 1.9)},
                 {("UNH", "period_return", -3.2), ("MA", "period_return", 1.9)})


def test_signed_numbers_each_before_its_date_after_a_day_key_are_dated_moves():
    text = "EDP fell 11% in November. EDP 1D -6.45 06/11 -6.20 11/11."
    moves = sorted((c.value, c.date) for c in claims_of(text, "lisbon", "2025-11") if c.metric == "daily_move")
    assert moves == [(-6.45, date(2025, 11, 6)), (-6.2, date(2025, 11, 11))]


def test_a_label_alone_heads_a_section_of_that_session():
    text = ("# August log\n\n### Mon 3 Aug\n- NVDA 206.64\n- TSLA +1.2%\n\n### Aug 27\nNvidia jumped 8.7% after earnings.\n\n"
            "For the month, Nvidia rose 6.8%.\n\n## Summary\nTesla was the best name, +14.2%.\n")
    got = {(c.ticker, c.metric, c.value, c.date) for c in claims_of(text, "us", "2026-08")
           if c.metric in ("daily_move", "price_level", "period_return")}
    assert got == {("NVDA", "price_level", 206.64, date(2026, 8, 3)), ("TSLA", "daily_move", 1.2, date(2026, 8, 3)),
                   ("NVDA", "daily_move", 8.7, date(2026, 8, 27)), ("NVDA", "period_return", 6.8, None),
                   ("TSLA", "period_return", 14.2, None)}


def test_a_bold_label_heads_its_list_but_not_the_paragraph_after_a_break():
    text = "Log\n\n**Day 2**\n- AMD +3.1%\n- AVGO -1.0%\n\nAmazon ended the month down 8.5%.\n"
    got = {(c.ticker, c.metric, c.value) for c in claims_of(text, "us", "2026-08")}
    assert {("AMD", "daily_move", 3.1), ("AVGO", "daily_move", -1.0), ("AMZN", "period_return", -8.5)} <= got


@pytest.mark.parametrize(
    ("phrase", "day"),
    [
        ("on the second trading day", date(2026, 7, 2)),
        ("on the fifth trading day", date(2026, 7, 8)),  # 3 July is a holiday
        ("on the second-to-last trading day", date(2026, 7, 30)),
        ("on the penultimate session", date(2026, 7, 30)),
    ],
)
def test_an_ordinal_session_is_that_session_of_the_month(phrase, day):
    moves = [c for c in claims_of(f"Meta lost 7.95% {phrase}.", "us", "2026-07") if c.metric == "daily_move"]
    assert [(m.value, m.date) for m in moves] == [(-7.95, day)]


def test_a_session_cue_lends_nothing_to_the_figure_its_move_left_or_the_next_name():
    text = ("Alphabet slid early, but a 6.7% pop on the final day left it only 1.4% lower. Broadcom gained 5.4% after a 4.8% rise on the "
            "fifth trading day, and UnitedHealth slipped 2.8%.")
    assert_shape(text, {("GOOGL", "daily_move", 6.7), ("GOOGL", "period_return", -1.4), ("AVGO", "daily_move", 4.8),
                        ("UNH", "period_return", -2.8)},
                 {("GOOGL", "daily_move", -1.4), ("UNH", "daily_move", -2.8)}, "us", "2026-07")


def test_a_labelled_line_broken_after_its_sentences_goes_on_until_a_blank_line():
    text = "Log\nAug 4 — AMD 518.58 (+7.0%).\nNVDA +2.6%.\nMTD: AMD +7.0.\n\nTop performer: TSLA +14.2%.\n"
    got = {(c.ticker, c.metric, c.value, c.date) for c in claims_of(text, "us", "2026-08")}
    assert {("NVDA", "daily_move", 2.6, date(2026, 8, 4)), ("TSLA", "period_return", 14.2, None)} <= got
    assert not {c for c in got if c[2] == 7.0 and c[1] == "period_return"}


@pytest.mark.parametrize(
    "text",
    [
        "Nvidia's 6.8% advance was concentrated in a single session: the shares rose 8.7% on 27 August.",
        "Nvidia rose 6.8%, most of it came in one session.",
    ],
)
def test_a_session_a_figure_was_concentrated_in_is_no_time_of_that_figure(text):
    assert_shape(text, {("NVDA", "period_return", 6.8)}, {("NVDA", "daily_move", 6.8)})
