"""Wire briefs: a `BRIEF-` headline in title case, a dateline that dates and names the story
("LISBON, Oct 27 (Reuters) - EDP Renovaveis SA:"), `* ` fact lines in capitals with PCT, BLN and VS."""

from __future__ import annotations

import pytest

from tests.extract.support import claims_of, facts

JULY = "2026-07"
OCTOBER = "2025-10"


def dated(text, universe="us", month=JULY):
    return {(c.ticker, c.metric, c.value, c.date and c.date.isoformat()) for c in claims_of(text, universe, month)}


def test_slug_is_no_part_of_the_name():
    found = facts("BRIEF-Amazon.com Shares Surge 15.3 Pct On Last Day Of July, Up 12.4 Pct For Month", "us", JULY)
    assert {("AMZN", "daily_move", 15.3), ("AMZN", "period_return", 12.4)} <= found
    assert ("AMZN", "period_return", 15.3) not in found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Amazon rose 15.3% on last day of July", ("AMZN", "daily_move", 15.3, "2026-07-31")),
        ("Amazon rose 15.3% on the last trading day of July", ("AMZN", "daily_move", 15.3, "2026-07-31")),
    ],
)
def test_last_day_of_the_cell_month_is_its_last_session(text, expected):
    assert expected in dated(text)


def test_last_day_of_another_month_is_another_period():
    found = facts("Amazon rose 5% on the last day of June.", "us", JULY)
    assert not {c for c in found if c[0] == "AMZN" and c[1] in ("daily_move", "period_return")}


def test_title_case_headline_capitals_name_no_one():
    found = facts("BRIEF-Broadcom Up 5.4 Pct In July, Second-Best Megacap; Nvidia Edges Up 1.6 Pct", "us", JULY)
    assert {("AVGO", "period_return", 5.4), ("NVDA", "period_return", 1.6)} <= found
    assert (None, "period_return", 1.6) not in found


def test_initialism_before_a_capital_ends_no_headline():
    found = facts("BRIEF-Tesla Shares Fall 26.8 Pct In July, Worst Of U.S. Megacaps", "us", JULY)
    assert {("TSLA", "period_return", -26.8), ("TSLA", "rank", "worst_return")} <= found


@pytest.mark.parametrize(
    ("text", "universe", "month", "expected"),
    [
        ("JERONIMO MARTINS UP 11.8 PCT IN OCTOBER, BEST OF THE 10", "lisbon", OCTOBER, ("JMT.LS", "rank", "best_return")),
        ("Navigator down 8.7 pct, worst of the 10, amid weaker pulp prices", "lisbon", OCTOBER, ("NVG.LS", "rank", "worst_return")),
    ],
)
def test_a_field_counted_in_digits_scopes_a_bare_superlative(text, universe, month, expected):
    assert expected in facts(text, universe, month)


STORY = """BRIEF-EDP Renováveis Shares Fall 3.03 Pct, Lead Lisbon Decliners

LISBON, Oct 27 (Reuters) - EDP Renovaveis SA:
* SHARES DOWN 3.03 PCT ON MONDAY AT 12.88 EUROS
* PARENT EDP DOWN 2.3 PCT IN SAME SESSION
* SHARES HAD CLOSED AT A MONTH HIGH OF 13.82 EUROS ON OCT 16
Further company coverage: [EDPR.LS] [EDP.LS]
"""


def test_dateline_company_owns_the_bare_shares_lines():
    found = facts(STORY, "lisbon", OCTOBER)
    assert {("EDPR.LS", "range_high", 13.82), ("EDP.LS", "daily_move", -2.3)} <= found
    assert not {c for c in found if c[0] == "EDP.LS" and c[2] == 13.82}


def test_headline_restates_the_story_line_with_its_figure():
    found = dated(STORY, "lisbon", OCTOBER)
    assert ("EDPR.LS", "daily_move", -3.03, "2025-10-27") in found
    assert not {c for c in found if c[1] == "period_return" and c[2] == -3.03}


def test_headline_timed_by_its_own_words_stays_the_month():
    text = ("BRIEF-Tesla Shares Fall 26.8 Pct In July\n\nJuly 31 (Reuters) - Tesla Inc:\n* SHARES DOWN 26.8 PCT IN JULY\n"
            "* SHARES FELL 14.5 PCT ON JULY 23\n")
    found = facts(text, "us", JULY)
    assert ("TSLA", "period_return", -26.8) in found
    assert ("TSLA", "daily_move", -26.8) not in found


def test_money_in_billions_is_no_price():
    text = "Meta Platforms Inc:\n* SHARES DOWN 9.2 PCT IN JULY\n* CAPEX NOW SEEN AT $115 BLN-$120 BLN VS $105 BLN-$110 BLN EARLIER"
    found = facts(text, "us", JULY)
    assert ("META", "period_return", -9.2) in found
    assert not {c for c in found if c[1] == "price_level"}


def test_volatility_of_daily_closes_is_volatility():
    found = facts("Advanced Micro Devices Inc:\n* ANNUALISED VOLATILITY OF DAILY CLOSES 85.8 PCT, HIGHEST AMONG THE EIGHT",
                  "us", JULY)
    assert {("AMD", "volatility", 85.8), ("AMD", "rank", "most_volatile")} <= found
    assert ("AMD", "daily_move", 85.8) not in found


def test_a_fact_line_naming_no_one_is_the_dateline_company():
    text = ("BRIEF-Amazon.com Shares Surge 15.3 Pct\n\nNEW YORK, July 31 (Reuters) - Amazon.com Inc:\n"
            "* JULY GAIN OF 12.4 PCT, BEST OF THE EIGHT, VS 0.2 PCT RISE IN S&P 500\n")
    found = facts(text, "us", JULY)
    assert {("AMZN", "period_return", 12.4), ("AMZN", "rank", "best_return")} <= found
    assert ("AMZN", "period_return", 0.2) not in found and (None, "period_return", 12.4) not in found


def test_a_story_without_a_company_lends_none():
    text = "LISBON, Oct 31 (Reuters) -\n* JERONIMO MARTINS UP 11.8 PCT IN OCTOBER\n* PSI INDEX UP ABOUT 2 PCT IN OCTOBER\n"
    found = facts(text, "lisbon", OCTOBER)
    assert ("JMT.LS", "period_return", 11.8) in found
    assert ("JMT.LS", "period_return", 2) not in found
