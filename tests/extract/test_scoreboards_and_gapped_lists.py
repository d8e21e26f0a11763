"""Scoreboards and gapped lists: a medal, trophy or crown ranks the name it stands by, a spoon is the
wooden spoon; "11 green days / 8 red" counts both ways; a day's extreme said after a level is no extreme
of the level; "the 451.67 high" names the high; and a list that says its verb once ("EDPR fell 3.3% and
Navigator 2.7%", "the green day: NOS +3.6%, EDPR +3.1%") reads every member from the first one's words."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape

US_JAN = {"universe": "us", "month": "2026-01"}
LISBON_JAN = {"universe": "lisbon", "month": "2026-01"}


@pytest.mark.parametrize(
    ("text", "present", "absent", "cell"),
    [
        ("🥇 AMZN +6.1% ✅\n🥈 AMD +2.0% ✅", {("AMZN", "rank", "best_return")}, {("AMD", "rank", "best_return")}, US_JAN),
        ("🔥 EDP +5.2% 👑 king of the month", {("EDP.LS", "rank", "best_return")}, set(), LISBON_JAN),
        ("▼ BCP −3.9% 🥄", {("BCP.LS", "rank", "worst_return")}, set(), LISBON_JAN),
        ("Tesla 🔻 from $440.00 to $431.10, worst day 🔴 −3.9% (1/16)", {("TSLA", "daily_move", -3.9)},
         {("TSLA", "range_low", 431.1), ("TSLA", "rank", "largest_daily_fall")}, US_JAN),
        ("AMD 📈 12 green days / 7 red", {("AMD", "up_days", 12), ("AMD", "down_days", 7)}, set(), US_JAN),
    ],
)
def test_scoreboard_marks(text, present, absent, cell):
    assert_shape(text, present, absent, **cell)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Amazon bulls remember the 248.10 high (1/14).", {("AMZN", "range_high", 248.1)}, {("AMZN", "price_level", 248.1)}),
        ("Tesla holders still remember the $401.50 low.", {("TSLA", "range_low", 401.5)}, set()),
        # a label before the figure keeps it, whatever extreme follows
        ("AMD low $203.17 → high $259.68", {("AMD", "range_low", 203.17), ("AMD", "range_high", 259.68)}, {("AMD", "range_high", 203.17)}),
    ],
)
def test_an_extreme_noun_after_the_price_names_it(text, present, absent):
    assert_shape(text, present, absent, **US_JAN)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Galp rose on Monday the 12th. The same Monday Altri fell 2.1% and Navigator 1.4%.",
         {("ALTR.LS", "daily_move", -2.1), ("NVG.LS", "daily_move", -1.4)}, {("NVG.LS", "period_return", -1.4)}),
        ("Thursday 22/1 was the big day: Sonae +2.6%, REN +1.9%, BCP +1.1%",
         {("SON.LS", "daily_move", 2.6), ("RENE.LS", "daily_move", 1.9), ("BCP.LS", "daily_move", 1.1)}, {("RENE.LS", "period_return", 1.9)}),
        ("Galp rose 3% over the month, EDP 2% and BCP 1%.",
         {("GALP.LS", "period_return", 3), ("EDP.LS", "period_return", 2), ("BCP.LS", "period_return", 1)}, set()),
    ],
)
def test_a_gapped_list_reads_its_members_from_the_first(text, present, absent):
    assert_shape(text, present, absent, **LISBON_JAN)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # the unit, like the verb, said once: the members after the first are bare numbers
        ("Altri rose about 10 percent and Galp 9.3.", {("ALTR.LS", "period_return", 10), ("GALP.LS", "period_return", 9.3)}, set()),
        ("Navigator was up 7.4 percent, EDP 5.9, and EDP Renováveis 4.7.",
         {("NVG.LS", "period_return", 7.4), ("EDP.LS", "period_return", 5.9), ("EDPR.LS", "period_return", 4.7)}, set()),
        ("EDPR fell 3.3%, and Navigator 2.7%.", {("NVG.LS", "period_return", -2.7)}, set()),
        # a count or a price after a name is no member
        ("Galp rose 9.3% and NOS 12 days.", {("GALP.LS", "period_return", 9.3)}, {("NOS.LS", "period_return", 12)}),
        ("Galp rose 9.3% and EDP closed at 4.516.", {("GALP.LS", "period_return", 9.3)}, {("EDP.LS", "period_return", 4.516)}),
    ],
)
def test_a_gapped_list_of_bare_numbers_after_a_percent(text, present, absent):
    assert_shape(text, present, absent, **LISBON_JAN)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("I had AMZN up ~12% and META down about 9, but I'd like the proper closes.",
         {("AMZN", "period_return", 12), ("META", "period_return", -9)}, set()),
        # a whole number the clause goes on from is a count
        ("Meta was down 9 sessions and up 12 sessions, down 3.4%.", {("META", "down_days", 9), ("META", "period_return", -3.4)},
         {("META", "period_return", -9)}),
    ],
)
def test_a_hedged_bare_move_after_a_sign_word(text, present, absent):
    assert_shape(text, present, absent, **US_JAN)


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("$BCP nuked 4.1% on the month", {("BCP.LS", "period_return", -4.1)}),
        ("$GALP mooned 9.2% on the month lol", {("GALP.LS", "period_return", 9.2)}),
        ("🔴 NOS 2.2%\n🟢 EDP 1.4%", {("NOS.LS", "period_return", -2.2), ("EDP.LS", "period_return", 1.4)}),
    ],
)
def test_thread_slang_and_colour_marks_sign_the_move(text, present):
    assert_shape(text, present, **LISBON_JAN)


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("🔥 Biggest single day: AMD +13.0% (7/30)", {("AMD", "rank", "largest_daily_gain"), ("AMD", "daily_move", 13.0)}),
        ("Largest one-day move: TSLA −14.5% on 7/23", {("TSLA", "rank", "largest_daily_fall"), ("TSLA", "daily_move", -14.5)}),
    ],
)
def test_a_days_superlative_label_takes_the_sign_of_its_figure(text, present):
    assert_shape(text, present, universe="us", month="2026-07")
