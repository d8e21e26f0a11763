"""Ranked lists: a line that introduces a list ("Top 3", "Ranked by vol:", "Bottom 3 (worst first)") says
what its positions rank and what its bare figures measure; a Rank column ranks by return. Position 1 is
the top (the bottom for a list written from the bottom); the last position is the other end only where
the list names every company the text names; ties and middle positions rank nobody."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, facts


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Top 3 this month\n1. Meta +6.0%\n2. Nvidia +4.1%\n3. JPM +2.2%\n", "us",
         {("META", "rank", "best_return")}, {("JPM", "rank", "worst_return"), ("NVDA", "rank", "best_return")}),
        ("Worst first:\n9. BCP −3.1%\n8. EDP −2.0%\n", "lisbon", {("BCP.LS", "rank", "worst_return")}, {("EDP.LS", "rank", "worst_return")}),
        # the whole set of names the text names: the last position is the bottom
        ("Sorted by annualised volatility:\n1. TSLA 61.0\n2. NVDA 44.2\n3. JPM 18.5\n", "us",
         {("TSLA", "rank", "most_volatile"), ("JPM", "rank", "least_volatile"), ("NVDA", "volatility", 44.2), ("JPM", "volatility", 18.5)},
         {("NVDA", "rank", "most_volatile")}),
        # a tie at the top ranks nobody; a list of counts ranks nobody by return
        ("Top names\n1= AMD +3.0%\n1= MA +3.0%\n3. UNH +1.0%\n", "us", set(), {("AMD", "rank", "best_return"), ("MA", "rank", "best_return")}),
        ("Up days:\n1. EDP 14\n2. REN 12\n", "lisbon", {("EDP.LS", "up_days", 14), ("RENE.LS", "up_days", 12)}, {("EDP.LS", "rank", "best_return")}),
    ],
)
def test_a_position_in_a_ranked_list(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


def test_an_unranked_numbered_list_ranks_nobody():
    text = "Notes on the month:\n1. Nvidia rose 4.1%.\n2. Meta fell 2.0%.\n3. Tesla rose 9.0%.\n"
    assert not [f for f in facts(text) if f[1] == "rank"]


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("Pos | Name | Chg (%)\n---|---|---\n1 | NVDA | +4.0\n2 | META | +1.5\n3 | MA | −0.5\n",
         {("NVDA", "rank", "best_return"), ("MA", "rank", "worst_return"), ("MA", "period_return", -0.5)}, set()),
        # the last row is the bottom only where the table names every company the text names
        ("Rank | Ticker | Return\n---|---|---\n#1 | AVGO | +7.0%\n#2 | AMD | +2.0%\n#3 | UNH | +1.0%\n\nTesla fell 4%.",
         {("AVGO", "rank", "best_return")}, {("UNH", "rank", "worst_return")}),
    ],
)
def test_a_rank_column(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # a key opening a line gives the bare counts after its names their measure
        ("Days up: NVDA 12, META 10; AMD 9.", "us", {("NVDA", "up_days", 12), ("META", "up_days", 10), ("AMD", "up_days", 9)}, set()),
        ("Sessions down (of 20): Galp 11; then a three-way tie on 9 — NOS, REN and EDP.", "lisbon",
         {("GALP.LS", "down_days", 11), ("NOS.LS", "down_days", 9), ("RENE.LS", "down_days", 9), ("EDP.LS", "down_days", 9)},
         {("GALP.LS", "down_days", 9)}),
    ],
)
def test_a_key_opening_a_line_counts_for_its_names(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # an ellipsis inside a list ends no sentence: the list's measure holds after it
        ("Vol, lowest first: JPM 18%, MA 20% … highest TSLA 61%.", "us",
         {("TSLA", "volatility", 61), ("TSLA", "rank", "most_volatile")}, {("TSLA", "period_return", 61)}),
        # "runner-up": the hyphenated word's "up" is no sign
        ("Deepest drawdown: Meta, 12.0%, the runner-up Tesla at 9.5%.", "us", {("TSLA", "max_drawdown", 9.5)}, {("TSLA", "period_return", 9.5)}),
        ("NOS +3.0%; the follow-up Galp slipped 1.2%.", "lisbon", {("GALP.LS", "period_return", -1.2)}, set()),
    ],
)
def test_a_list_measure_holds_across_its_punctuation(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


# Rank grammar: a ranked list along one line ("RANK %CHG DESC  1) TSLA  2) NVDA ... 10) GOOGL"); its last
# position is the bottom where the list is elided to its end or names every company the text names.
@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("RANK %CHG DESC  1) TSLA  2) NVDA  3) MA ... 10) GOOGL", {("TSLA", "rank", "best_return"), ("GOOGL", "rank", "worst_return")},
         {("NVDA", "rank", "best_return"), ("MA", "rank", "worst_return")}),
        ("Ranked by return: 1) TSLA 2) NVDA 3) MA", {("TSLA", "rank", "best_return"), ("MA", "rank", "worst_return")}, set()),
        ("Vol ranking: 1. AMD 2. TSLA 3. JPM ... 10. UNH", {("AMD", "rank", "most_volatile"), ("UNH", "rank", "least_volatile")}, set()),
        # an unranked run of numbered items, and a partial one, rank no bottom
        ("Notes: 1) TSLA rose 2) NVDA fell 3) MA flat", set(), {("TSLA", "rank", "best_return"), ("MA", "rank", "worst_return")}),
        ("Top 3: 1) TSLA 2) NVDA 3) MA", {("TSLA", "rank", "best_return")}, {("MA", "rank", "worst_return")}),
    ],
)
def test_a_ranked_list_along_one_line(text, present, absent):
    assert_shape(text, present, absent)


def test_a_bracketed_position_after_a_figure_ranks_its_name():
    assert_shape("End of month — MTD: NOS +17.05 (1st), GALP +9.30, EDP +5.89, BCP −4.72 (last).",
                 {("NOS.LS", "rank", "best_return"), ("BCP.LS", "rank", "worst_return")},
                 {("GALP.LS", "rank", "best_return"), ("EDP.LS", "rank", "worst_return")}, universe="lisbon")


# ---- round eight (ranks8): tables that declare their order or what their bold marks
_DECLARED = """Here are the leaders and laggards, ranked by one-month return.

| Ticker | Name | Return |
|---|---|---|
| TSLA | Tesla | +14.2% |
| NVDA | Nvidia | +6.8% |
| … | *(six omitted)* | … |
| GOOGL | Alphabet | -9.1% |
"""

_SORTED_BY_TICKER = """The table lists the names sorted by ticker.

| Ticker | Change (%) |
|---|---|
| AMD | +3.1% |
| AMZN | -2.0% |
| TSLA | +5.0% |
"""

_BOLD_LEGEND = """| Stock | Close | 1M % |
|---|---|---|
| Galp | 16.85 | **+14.12%** |
| NOS | 4.385 | +8.41% |
| Altri | 5.10 | **-4.84%** |

*The month's top and bottom performers are highlighted in bold.*
"""

_BOLD_NO_LEGEND = """| Stock | Close | 1M % |
|---|---|---|
| Galp | 16.85 | **+14.12%** |
| NOS | 4.385 | +8.41% |
| Altri | 5.10 | **-4.84%** |
"""


def test_a_table_declared_ranked_by_return_ranks_its_first_and_marked_last_rows():
    assert_shape(_DECLARED, {("TSLA", "rank", "best_return"), ("GOOGL", "rank", "worst_return")},
                 {("NVDA", "rank", "best_return")})


def test_a_table_sorted_by_ticker_ranks_nobody():
    assert_shape(_SORTED_BY_TICKER, set(), {("AMD", "rank", "best_return"), ("TSLA", "rank", "worst_return")})


def test_bold_cells_rank_only_under_a_legend():
    assert_shape(_BOLD_LEGEND, {("GALP.LS", "rank", "best_return"), ("ALTR.LS", "rank", "worst_return")},
                 {("NOS.LS", "rank", "best_return")}, universe="lisbon")
    assert_shape(_BOLD_NO_LEGEND, set(), {("GALP.LS", "rank", "best_return"), ("ALTR.LS", "rank", "worst_return")},
                 universe="lisbon")


# ---- ranked lists written in markup: no position numbers on the lines, the element says the order
@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        # an <ol> whose class or data attribute declares the order; the whole field named: the last is the bottom
        ('<ol class="leaderboard">\n<li><b>Amazon</b> +3.2%</li>\n<li><b>Tesla</b> -1.0%</li>\n<li><b>AMD</b> -6.4%</li>\n</ol>',
         "us", "2026-02", {("AMZN", "rank", "best_return"), ("AMD", "rank", "worst_return")}, {("TSLA", "rank", "best_return")}),
        # the order from the line before an <ol>, as a markdown list takes it; volatility, highest first
        ("<p>Sorted by annualised volatility:</p>\n<ol><li>EDP 31.0%</li><li>NOS 22.4%</li><li>REN 12.9%</li></ol>",
         "lisbon", "2026-02", {("EDP.LS", "rank", "most_volatile")}, {("NOS.LS", "rank", "most_volatile")}),
        # XML containers: a partial list ranks only its first place; worst first puts the bottom on top
        ('<laggards order="worst_first"><entry>BCP −4.7%</entry><entry>Galp −1.2%</entry><entry>NOS −0.3%</entry></laggards>',
         "lisbon", "2026-02", {("BCP.LS", "rank", "worst_return")}, {("NOS.LS", "rank", "best_return"), ("GALP.LS", "rank", "worst_return")}),
        ("<best5><name>META</name><name>AVGO</name><name>MA</name><name>JPM</name><name>UNH</name></best5>",
         "us", "2026-08", {("META", "rank", "best_return")}, {("UNH", "rank", "worst_return")}),
        # the same runs with no declared order rank nobody
        ("<ul><li>Amazon +3.2%</li><li>Tesla -1.0%</li><li>AMD -6.4%</li></ul>", "us", "2026-02", set(),
         {("AMZN", "rank", "best_return"), ("AMD", "rank", "worst_return")}),
        ("<stocks><stock>Amazon +3.2%</stock><stock>Tesla -1.0%</stock><stock>AMD -6.4%</stock></stocks>", "us", "2026-02",
         set(), {("AMZN", "rank", "best_return"), ("AMD", "rank", "worst_return")}),
    ],
)
def test_a_markup_list_declared_ranked(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe=universe, month=month)


def test_a_complete_list_is_complete_over_the_months_panel():
    """Names the month has no prices for (February's dividend payers) or outside the universe compete in no
    ranking: a list of the three names with prices is the whole field, and its last is the bottom."""
    text = ("Nvidia and Meta have no February rows; Netflix rose 16.3%, outside the list.\n"
            "Ranked by return:\n1. Amazon +3.2%\n2. Tesla -1.0%\n3. AMD -6.4%\n")
    assert_shape(text, {("AMZN", "rank", "best_return"), ("AMD", "rank", "worst_return")}, universe="us", month="2026-02")
    # in August every one of the ten has prices: a list of three is a part of the field, its last no bottom
    assert_shape(text, {("AMZN", "rank", "best_return")}, {("AMD", "rank", "worst_return")}, universe="us", month="2026-08")


# ---- a short heading that orders the table under it
_HEADED_TRANSPOSED = """**Top 3 (best first)**

| | Meta | Nvidia | Mastercard |
|---|---:|---:|---:|
| Aug % | +6.1 | +4.0 | +2.2 |
| Close | 610.2 | 215.0 | 583.1 |
"""

_HEADED_ROWS = """Galp led the index, up 9.3%.

### Bottom of the table, worst first

| Ticker | Month |
|---|---|
| BCP | −3.9% |
| EDP | −2.1% |
| NOS | −0.5% |
"""

_LEADERS_ONLY = """**Leaders**

| Ticker | Aug % |
|---|---|
| META | +6.1 |
| NVDA | +4.0 |
| MA | +2.2 |
"""


def test_a_heading_that_states_an_order_ranks_the_first_company():
    assert_shape(_HEADED_TRANSPOSED, {("META", "rank", "best_return")}, {("MA", "rank", "worst_return")})
    assert_shape(_HEADED_ROWS, {("BCP.LS", "rank", "worst_return")}, {("NOS.LS", "rank", "best_return")}, universe="lisbon")


def test_a_heading_that_states_no_order_ranks_nobody():
    assert_shape(_LEADERS_ONLY, set(), {("META", "rank", "best_return"), ("MA", "rank", "worst_return")})


def test_a_frames_float_rank_column_in_ticker_order_ranks_by_position():
    text = ("```\n             last   chg_%   rank\nticker\nALTR.LS    4.3300   -4.84   3.0\n"
            "GALP.LS   16.7300   14.12   1.0\nNOS.LS     4.3850    8.41   2.0\n```")
    got = facts(text, "lisbon", "2026-01")
    assert ("GALP.LS", "rank", "best_return") in got
    assert ("ALTR.LS", "rank", "best_return") not in got
    assert not any(metric == "price_level" and value in (1.0, 2.0, 3.0) for _, metric, value in got)
