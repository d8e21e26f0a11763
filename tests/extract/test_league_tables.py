"""League tables and slide tables: a sports-commentary table counts a session as a game (Won = up days,
Lost = down days, Played = sessions), its "Month" column is the month's return; a slide's "Aug %" column
is the month's own percent change, while another month's column states nothing."""

from __future__ import annotations

import pytest

from tests.extract.support import facts, facts_in_order


def test_a_league_table_reads_wins_and_defeats_as_up_and_down_days():
    text = ("| Pos | Club | Pld | Won | Lost | Month |\n|---|---|---|---|---|---|\n"
            "| 1 | Netflix | 20 | 12 | 8 | +7.4% |\n| 2 | Apple | 20 | 9 | 11 | −1.8% |")
    got = facts(text, "us", "2026-05")
    assert {("NFLX", "up_days", 12), ("NFLX", "down_days", 8), ("NFLX", "period_return", 7.4),
            ("AAPL", "up_days", 9), ("AAPL", "down_days", 11), ("AAPL", "period_return", -1.8)} <= got
    # Pld, sessions played, is no count; Pos 1 of a table with a return column is its leader, and a two-row
    # table has no last place that is the field's worst
    assert ("NFLX", "up_days", 20) not in got and ("NFLX", "down_days", 20) not in got
    assert {(t, v) for t, metric, v in got if metric == "rank"} == {("NFLX", "best_return")}


def test_single_letter_headers_stay_unread():
    # "W" is a week and "L" a low elsewhere: a bare letter is no count
    text = "| Ticker | W | L |\n|---|---|---|\n| NVDA | 3 | 2 |"
    got = facts(text, "us", "2026-05")
    assert ("NVDA", "up_days", 3) not in got and ("NVDA", "down_days", 2) not in got


def test_won_and_lost_spelled_out():
    text = "| Team | Played | Won | Lost |\n|---|---|---|---|\n| EDP | 21 | 13 | 8 |"
    got = facts(text, "lisbon", "2026-03")
    assert {("EDP.LS", "up_days", 13), ("EDP.LS", "down_days", 8)} <= got
    assert ("EDP.LS", "up_days", 21) not in got


def test_the_months_own_percent_column_is_its_return():
    text = "| Ticker | Jun % |\n|---|---|\n| MSFT | +4.4 |\n| META | −0.7 |"
    assert {("MSFT", "period_return", 4.4), ("META", "period_return", -0.7)} <= facts(text, "us", "2026-06")


def test_another_months_percent_column_states_nothing():
    text = "| Ticker | May % |\n|---|---|\n| MSFT | +4.4 |"
    assert ("MSFT", "period_return", 4.4) not in facts(text, "us", "2026-06")


def test_a_bare_month_name_without_a_percent_mark_is_no_return():
    # a column of closes headed by the month is not a column of returns
    text = "| Ticker | Jun |\n|---|---|\n| MSFT | 512.30 |"
    assert ("MSFT", "period_return", 512.3) not in facts(text, "us", "2026-06")


@pytest.mark.parametrize("key", ["(P = sessions played, W = up days, L = down days)",
                                 "Key: P = sessions played; W = up days; L = down days"])
def test_a_tables_key_gives_its_abbreviated_headers_their_meaning(key):
    text = f"**Final table** {key}\n\n| Pos | Club | P | W | L | Month |\n|---|---|---|---|---|---|\n" \
           "| 1 | Tesla | 19 | 11 | 7 | −4.6% |\n| 2 | Amazon | 19 | 7 | 11 | −13.6% |"
    assert facts_in_order(text) == [
        ("TSLA", "rank", "best_return"), ("TSLA", "up_days", 11), ("TSLA", "down_days", 7), ("TSLA", "period_return", -4.6),
        ("AMZN", "up_days", 7), ("AMZN", "down_days", 11), ("AMZN", "period_return", -13.6),
    ]


def test_a_single_label_is_no_key():
    text = "Note: W = up days\n\n| Club | W | Month |\n|---|---|---|\n| Tesla | 11 | −4.6% |"
    assert ("TSLA", "up_days", 11) not in facts_in_order(text)
