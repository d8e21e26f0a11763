"""Dates and sessions: a move tied to one session is a daily move with its date; dates resolve against the
cell's month; a dated close keeps its date and a month-end close its anchor."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import LISBON_MONTH, US_MONTH, assert_shape, claims_of


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Its worst session, a 4.0% drop on Aug 5, hit NVDA hard.", 5),
        ("NVDA's steepest one-day drop came on Aug. 27th, when it lost 8.7%.", 27),
        ("On Wednesday the 5th, AMD jumped 6.2%, its best session of the month.", 5),
        ("AMD fell 3.1% on 12 August.", 12),
    ],
)
def test_a_daily_move_carries_its_date(text, day):
    moves = [c for c in claims_of(text, "us", US_MONTH) if c.metric == "daily_move"]
    assert len(moves) == 1 and moves[0].date == date(2026, 8, day)


def test_the_largest_daily_move_is_marked_extreme_and_signed():
    claims = claims_of("NVDA's worst session was a 4.0% drop on 5 August.", "us", US_MONTH)
    move = next(c for c in claims if c.metric == "daily_move")
    assert (move.value, move.extreme, move.date) == (-4.0, "largest", date(2026, 8, 5))


def test_dates_stay_unresolved_without_a_month():
    claims = claims_of("NVDA peaked at 227.98 on the 26th.", "us", None)
    assert claims[0].date is None and claims[0].metric == "range_high"


def test_a_dated_close_keeps_its_date_and_a_month_end_close_its_anchor():
    claims = claims_of("Nvidia closed at $206.64 on 5 August and ended the month at US$ 224.09.", "us", US_MONTH)
    assert [(c.metric, c.value, c.date, c.anchor) for c in claims] == [
        ("price_level", 206.64, date(2026, 8, 5), None),
        ("price_level", 224.09, None, "end"),
    ]
    claims = claims_of("BCP closed at €0.812 on 27 February, having opened February at EUR 0.790.", "lisbon", LISBON_MONTH)
    assert [(c.value, c.date, c.anchor) for c in claims] == [(0.812, date(2026, 2, 27), None), (0.79, None, "start")]


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # "on the last day", "the next day" mark a single session
        ("Alphabet then jumped 4.4% on the last day.", {("GOOGL", "daily_move", 4.4)}, {("GOOGL", "period_return", 4.4)}),
    ],
)
def test_a_named_session_makes_a_daily_move(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # a figure with its own span of weeks is no single session's move
        ("Sysco slid after its report (-9% that day, -15% over 5 weeks).", {("SYY", "daily_move", -9), ("SYY", "period_return", -15)},
         {("SYY", "daily_move", -15)}),
        # a horizon in an earlier clause does not reach past "but"
        ("Coinbase is down 50% from 52-week highs but jumped 11.2% on May 6 from its lows.", {("COIN", "daily_move", 11.2)},
         {("COIN", "max_drawdown", 11.2)}),
    ],
)
def test_a_session_reference_reaches_its_own_figure_only(text, present, absent):
    assert_shape(text, present, absent, month=None)


@pytest.mark.parametrize(
    ("text", "universe", "value", "when"),
    [
        ("Tesla dropped 4.1% on Tuesday the 18th.", "us", -4.1, date(2026, 8, 18)),
        ("On Tuesday the 18th, Tesla dropped 4.1%.", "us", -4.1, date(2026, 8, 18)),
        ("Tesla dropped 4.1% on Tuesday, August 18.", "us", -4.1, date(2026, 8, 18)),
        ("Nvidia fell 2.3% on 2026-08-19.", "us", -2.3, date(2026, 8, 19)),
        ("Nvidia fell 2.3% on the 19th of August.", "us", -2.3, date(2026, 8, 19)),
        ("Galp fell 1,2% on Thursday 26 February.", "lisbon", -1.2, date(2026, 2, 26)),
        ("Meta's 4.6% pop on August 31st lifted its monthly gain to 2.2%.", "us", 4.6, date(2026, 8, 31)),
    ],
)
def test_a_weekday_or_calendar_date_dates_the_move(text, universe, value, when):
    moves = [c for c in claims_of(text, universe) if c.metric == "daily_move"]
    assert [(c.value, c.date) for c in moves] == [(value, when)]


def test_a_dated_pop_leaves_the_monthly_gain_a_period_return():
    claims = claims_of("Meta's 4.6% pop on August 31st lifted its monthly gain to 2.2%.")
    assert [(c.metric, c.value) for c in claims] == [("daily_move", 4.6), ("period_return", 2.2)]


@pytest.mark.parametrize(
    ("text", "universe", "value", "when"),
    [
        ("Nvidia jumped 2.1% in the final session.", "us", 2.1, date(2026, 8, 31)),
        ("Nvidia jumped 2.1% on the final session of the month.", "us", 2.1, date(2026, 8, 31)),
        ("In the final session Nvidia added 0.7%, closing at $190.20.", "us", 0.7, date(2026, 8, 31)),
    ],
)
def test_the_final_session_resolves_against_the_calendar(text, universe, value, when):
    moves = [c for c in claims_of(text, universe) if c.metric == "daily_move"]
    assert [(c.value, c.date) for c in moves] == [(value, when)]


def test_a_close_on_the_final_session_with_no_calendar_date_is_the_last_close():
    claims = claims_of("In the final session Nvidia added 0.7%, closing at $190.20.")
    assert [(c.value, c.date, c.anchor) for c in claims if c.metric == "price_level"] == [(190.2, None, "end")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Meta closed at $601.10 on Aug. 12. It fell 3.2% that day.",
         [("price_level", 601.1, date(2026, 8, 12)), ("daily_move", -3.2, date(2026, 8, 12))]),
        ("Meta fell 3.2% on Aug. 12, and Amazon rose 1.1% the same day.",
         [("daily_move", -3.2, date(2026, 8, 12)), ("daily_move", 1.1, date(2026, 8, 12))]),
    ],
)
def test_that_day_and_the_same_day_take_the_date_just_given(text, expected):
    assert [(c.metric, c.value, c.date) for c in claims_of(text)] == expected


@pytest.mark.parametrize(
    ("text", "universe", "metric", "value", "when"),
    [
        ("NEW YORK, Aug 28 (MCB Wire) – Nvidia fell 2.3% on Friday as chip stocks slid.", "us", "daily_move", -2.3, date(2026, 8, 28)),
        ("NEW YORK, Aug 28 (MCB Wire) – Nvidia closed at $180.20 on Friday.", "us", "price_level", 180.2, date(2026, 8, 28)),
        ("NEW YORK, Aug 28 (MCB Wire) – Tesla Inc slid 1.1% on the day.", "us", "daily_move", -1.1, date(2026, 8, 28)),
        ("LISBON, Feb 27 (MCB Wire) – Galp rose 1,2% on Friday.", "lisbon", "daily_move", 1.2, date(2026, 2, 27)),
    ],
)
def test_a_weekday_in_a_datelined_wire_is_the_datelines_session(text, universe, metric, value, when):
    claims = [c for c in claims_of(text, universe) if c.metric == metric]
    assert [(c.value, c.date) for c in claims] == [(value, when)]


def test_a_wire_keeps_the_month_figure_beside_the_days():
    claims = claims_of("NEW YORK, Aug 28 (MCB Wire) – Tesla Inc slid 1.1% on Friday and is down 5.9% for the month.")
    assert [(c.ticker, c.metric, c.value, c.date) for c in claims] == [
        ("TSLA", "daily_move", -1.1, date(2026, 8, 28)), ("TSLA", "period_return", -5.9, None)]


def test_the_best_session_named_by_weekday_is_a_dated_extreme():
    claims = claims_of("Intel's best session came on Monday the 3rd, a 3.9% gain.")
    assert [(c.metric, c.value, c.date, c.extreme) for c in claims] == [("daily_move", 3.9, date(2026, 8, 3), "largest")]


@pytest.mark.parametrize(
    ("text", "value"),
    [("Nvidia fell 2.3% on Wednesday.", -2.3), ("Nvidia fell 2.3% on the day.", -2.3), ("Nvidia gained 2.3% in a single session.", 2.3)],
)
def test_a_session_without_a_resolvable_date_is_still_a_daily_move(text, value):
    assert [(c.metric, c.value, c.date) for c in claims_of(text)] == [("daily_move", value, None)]


@pytest.mark.parametrize(
    ("text", "universe", "when"),
    [
        ("Galp closed at €17,10 on 27 February.", "lisbon", date(2026, 2, 27)),
        ("Galp's close on the last session, Friday, February 27, was €17,10.", "lisbon", date(2026, 2, 27)),
    ],
)
def test_a_close_on_a_calendar_date_keeps_the_date_even_on_the_last_session(text, universe, when):
    assert [(c.metric, c.value, c.date, c.anchor) for c in claims_of(text, universe)] == [("price_level", 17.1, when, None)]


# Shapes read since the structure-aware rewrite (each per claims.md and the labelling conventions).
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # date right, but 'on Tue 18 Aug.' also comes out as a cause
    ('Tesla dropped 4.1% on Tue 18 Aug.', 'us', [('TSLA', 'daily_move', -4.1)], [('TSLA', 'causal', 'on Tue 18 Aug.')]),
    # sell-side M/D date not read: want date 2026-08-19
    ('Nvidia fell 2.3% on 8/19.', 'us', [('NVDA', 'daily_move', -2.3)], [('NVDA', 'period_return', -2.3)]),
    # daily_move right but no date: want 2026-08-03 (first session); same for 'on the first session'
    ('Tesla jumped 6.7% on the first trading day of the month.', 'us', [('TSLA', 'daily_move', 6.7, (('date', '2026-08-03'),))], []),
    # extreme right but date lost: want 2026-08-05
    ("Nvidia's biggest one-day gain was 5.2%, on Aug. 5.", 'us', [('NVDA', 'daily_move', 5.2, (('date', '2026-08-05'), ('extreme', 'largest')))], []),
    # 'the next day' not resolved: want 2026-08-20
    ('Nvidia gained 2.3% on the 19th and another 1.1% the next day.', 'us', [('NVDA', 'daily_move', 1.1, (('date', '2026-08-20'),))], []),
])
def test_dates_and_sessions_shapes_with_their_fields(text, universe, present, absent):
    claims = claims_of(text, universe)
    found = {(c.ticker, c.metric, c.value) for c in claims}
    for item in present:
        ticker, metric, value, *fields = item
        want = dict(fields[0]) if fields else {}
        assert any((c.ticker, c.metric, c.value) == (ticker, metric, value)
                   and all(str(c.to_dict().get(k)) == str(v) for k, v in want.items()) for c in claims), (item, [c.to_dict() for c in claims])
    assert not ({tuple(a) for a in absent} & found), found


# Round five: a day marker that opens its clause, and dates written right before their figures.
@pytest.mark.parametrize(("text", "universe", "value", "when"), [
    # "the next session" opens the clause; the close it reached lies between it and the percent
    ("NOS peaked at €6.10 on 12 February; the next session it slipped to €5.98, which is −1.97%.", "lisbon",
     -1.97, date(2026, 2, 13)),
    ("Amazon topped out on Aug 12. The following day it closed at $241.30, a 3.5% drop.", "us", -3.5, date(2026, 8, 13)),
    ("Tesla hit a high on the 20th and the next day it gave back 4.1%.", "us", -4.1, date(2026, 8, 21)),
])
def test_a_next_session_before_the_move_makes_it_that_days_move(text, universe, value, when):
    claims = claims_of(text, universe)
    moves = [c for c in claims if c.metric == "daily_move" and c.value == value]
    assert len(moves) == 1 and moves[0].date == when, [c.to_dict() for c in claims]
    assert not [c for c in claims if c.metric == "period_return" and c.value == value]


def test_the_next_session_leaves_a_month_return_alone():
    assert_shape("Nvidia fell 4.6% on Aug 28; the next session it recovered, ending the month 6.8% higher.",
                 {("NVDA", "daily_move", -4.6), ("NVDA", "period_return", 6.8)}, {("NVDA", "daily_move", 6.8)})


@pytest.mark.parametrize(("text", "universe", "pairs"), [
    ("Meta: 4 Aug -3.9%, 5 Aug -2.7%, 6 Aug +1.2%.", "us", [(-3.9, 4), (-2.7, 5), (1.2, 6)]),
    ("Meta had two bad sessions (4 Aug -3.9%, 5 Aug -2.7%).", "us", [(-3.9, 4), (-2.7, 5)]),
    ("Galp: worst sessions 4 Feb −3.15%; 18 Feb −2.70%.", "lisbon", [(-3.15, 4), (-2.7, 18)]),
])
def test_a_date_written_right_before_its_figure_is_that_figures(text, universe, pairs):
    claims = claims_of(text, universe)
    month = 8 if universe == "us" else 2
    got = sorted((c.value, c.date.day) for c in claims if c.metric == "daily_move" and c.date and c.date.month == month)
    assert got == sorted(pairs), [c.to_dict() for c in claims]


def test_a_date_after_a_figure_still_belongs_to_it():
    claims = claims_of("Nvidia closed at $206.64 on 5 August and ended the month at US$ 224.09.", "us")
    assert [(c.value, c.date) for c in claims] == [(206.64, date(2026, 8, 5)), (224.09, None)]


@pytest.mark.parametrize(
    ("text", "month", "expected"),
    [
        # a date its own brackets close on is the figure's before it, not the next one's
        ("NVDA | +6.8% | 1d +8.7% (27 Aug) / −4.6% (28 Aug)", "2026-08",
         {8.7: date(2026, 8, 27), -4.6: date(2026, 8, 28)}),
        ("Nvidia: best day +8.7% [27 Aug], worst −4.6% [28 Aug].", "2026-08",
         {8.7: date(2026, 8, 27), -4.6: date(2026, 8, 28)}),
        # a bare weekday is the nearest session the text dates with that weekday
        ("Tesla lost 14.5% on Thursday, July 23. Late in the month Amazon added 3.9% on Thursday, and AMD jumped "
         "13.0% on Thursday the 30th.", "2026-07",
         {-14.5: date(2026, 7, 23), 3.9: date(2026, 7, 30), 13.0: date(2026, 7, 30)}),
    ],
)
def test_a_move_takes_its_own_date_among_several(text, month, expected):
    got = {c.value: c.date for c in claims_of(text, "us", month) if c.metric == "daily_move"}
    assert got == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a count of sessions after the one last dated is one session, that many trading days on
        ("Meta fell 3.0% on Aug 6 and recovered 2.1% two sessions later.", ("META", "daily_move", 2.1, "2026-08-10")),
        ("Meta fell 3.0% on Aug 6; three trading days later it rose 2.1%.", ("META", "daily_move", 2.1, "2026-08-11")),
        ("Meta fell 3.0% on Aug 6 and rose 2.1% 2 days later.", ("META", "daily_move", 2.1, "2026-08-10")),
    ],
)
def test_a_count_of_sessions_later_dates_one_session(text, expected):
    ticker, metric, value, day = expected
    got = [(c.ticker, c.metric, c.value, c.date) for c in claims_of(text)]
    assert (ticker, metric, value, day) in [(t, m, v, str(d)) for t, m, v, d in got]


def test_a_french_article_before_a_day_dates_the_cells_month():
    dated = {(c.value, c.date) for c in claims_of("Tesla: +5,5 % le 31.", "us", "2026-08") if c.metric == "daily_move"}
    assert dated == {(5.5, date(2026, 8, 31))}
    assert not [c for c in claims_of("Tesla: +5,5 % le 31.", "us", "2026-08") if c.metric == "period_return"]
    # a figure after the article is no day, and a day before its month is that month's
    assert not [c for c in claims_of("Tesla gained 14,2 % over the month; le 5 % de marge.", "us", "2026-08") if c.date]
    assert {c.date for c in claims_of("Tesla: +7,0 % le 4 août.", "us", "2026-08")} == {date(2026, 8, 4)}


@pytest.mark.parametrize(("text", "present", "absent"), [
    # "last" inside "a last session" names the session, not the month's end
    ("EDP closed at 4.516, thanks to a last session at +2.7%.", {("EDP.LS", "daily_move", 2.7)}, {("EDP.LS", "period_return", 2.7)}),
    # the month's last close is still the month's
    ("EDP rose 2.7% to its last close of 4.516.", {("EDP.LS", "period_return", 2.7)}, {("EDP.LS", "daily_move", 2.7)}),
])
def test_the_last_session_is_one_session(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon", month="2026-02")


# ---- a list of dates paired with a list of moves (construction.paired_dates)

@pytest.mark.parametrize(
    "text",
    [
        "AMD's two strongest sessions came on the 27th and 28th, +3.0% and +2.8%.",
        "AMD rose 3.0% and 2.8% on the 27th and 28th.",
        "AMD rose 3.0% and 2.8% on the 27th and 28th, respectively.",
        "On 27 and 28 August AMD gained 3.0% and 2.8%.",
        "On Aug 27 and 28, AMD added 3.0% and 2.8%.",
    ],
)
def test_a_list_of_dates_pairs_in_order_with_a_list_of_moves(text):
    claims = claims_of(text)
    assert [(c.ticker, c.metric, c.value, c.date) for c in claims] == [
        ("AMD", "daily_move", 3.0, date(2026, 8, 27)), ("AMD", "daily_move", 2.8, date(2026, 8, 28))]
    assert all("construction.paired_dates" in c.rules for c in claims)


def test_three_dates_pair_with_three_moves():
    claims = claims_of("Galp fell 1.1%, 2.0% and 0.5% on 4, 5 and 6 February.", "lisbon")
    assert [(c.value, c.date) for c in claims] == [(-1.1, date(2026, 2, 4)), (-2.0, date(2026, 2, 5)), (-0.5, date(2026, 2, 6))]


@pytest.mark.parametrize(
    "text",
    [
        "AMD rose 3.0% on the 27th and 2.8% on the 28th.",  # each move has its own date already
        "AMD and Nvidia rose 3.0% and 2.8% on the 27th.",  # one date: both moves are that day's
    ],
)
def test_dates_that_are_no_list_are_read_as_before(text):
    claims = claims_of(text)
    assert claims and not any("construction.paired_dates" in c.rules for c in claims)


def test_lists_of_unequal_length_do_not_pair():
    claims = claims_of("AMD rose 3.0%, 2.8% and 1.0% on the 27th and 28th.")
    assert not any("construction.paired_dates" in c.rules for c in claims)


# ---- "that day" before its figure: the session last dated (attach.dated.same.before)

@pytest.mark.parametrize(
    "text",
    [
        "Nvidia jumped 8.7% on Aug 27. That day it closed at $227.98.",
        "Nvidia jumped 8.7% on Aug 27. That day, Nvidia closed at $227.98.",
        "Nvidia jumped 8.7% on Aug 27 and closed that day at $227.98.",
        "Nvidia jumped 8.7% on Aug 27; on the same day it closed at $227.98.",
    ],
)
def test_that_day_dates_a_close_written_after_it(text):
    closes = [c for c in claims_of(text) if c.metric == "price_level"]
    assert [(c.ticker, c.value, c.date, c.anchor) for c in closes] == [("NVDA", 227.98, date(2026, 8, 27), None)]


def test_that_day_dates_a_move_written_after_it_and_not_the_month_after_that():
    claims = claims_of("Tesla fell 2% on Aug 12. That day, AMD rose 1.5%, while over the month Tesla gained 14.2%.")
    assert [(c.ticker, c.metric, c.value, c.date) for c in claims] == [
        ("TSLA", "daily_move", -2, date(2026, 8, 12)), ("AMD", "daily_move", 1.5, date(2026, 8, 12)),
        ("TSLA", "period_return", 14.2, None)]
