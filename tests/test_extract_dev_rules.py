"""Rules written from DEV-split misses (data/corpora/dev_misses.md), each tested on a sentence of the same
shape written here (never the corpus or third-party text itself)."""

from __future__ import annotations

from datetime import date

import pytest

from extractors import extract_claims

US_MONTH = "2026-08"
LISBON_MONTH = "2026-02"


def facts(text: str, universe: str = "us", month: str | None = US_MONTH) -> set[tuple]:
    return {(c.ticker, c.metric, c.value) for c in extract_claims(text, universe, month)}


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # "worst single day" ranks the session, not the month
        ("Meta had the worst single day of the group, shedding 6.3% on Aug. 12.", "us",
         {("META", "rank", "largest_daily_fall"), ("META", "daily_move", -6.3)}, {("META", "rank", "worst_return")}),
        ("Sonae had the best single session of the group, a 2.2% rise on 9 February.", "lisbon",
         {("SON.LS", "rank", "largest_daily_gain")}, {("SON.LS", "rank", "best_return")}),
        # "having fallen" carries the sign
        ("Mastercard was the laggard, having fallen 3.4pc, while Broadcom rose 2.0%.", "us",
         {("MA", "period_return", -3.4), ("AVGO", "period_return", 2.0)}, {("MA", "period_return", 3.4)}),
        ("Navigator, having risen 1.9 per cent, closed the month firmer.", "lisbon", {("NVG.LS", "period_return", 1.9)}, set()),
        # "volatile at" is a volatility figure
        ("JPMorgan, most volatile at 41 per cent, finished at $301.20.", "us",
         {("JPM", "volatility", 41), ("JPM", "rank", "most_volatile")}, {("JPM", "period_return", 41)}),
        ("EDP up 1.1%; REN down 2.3%, least volatile at 9%.", "lisbon",
         {("RENE.LS", "volatility", 9), ("RENE.LS", "period_return", -2.3)}, {("RENE.LS", "period_return", -9)}),
        # terse appositive ranks
        ("Sonae -4.4%, worst, down to EUR 1.201.", "lisbon", {("SON.LS", "rank", "worst_return"), ("SON.LS", "period_return", -4.4)}, set()),
        ("EDP +3.0%; Galp +1.2%; Altri -0.7%, worst.", "lisbon", {("ALTR.LS", "rank", "worst_return")}, {("GALP.LS", "rank", "worst_return")}),
        ("Amazon climbed 6.6% in August, best, ending at $230.40.", "us", {("AMZN", "rank", "best_return")}, set()),
        ("Meta slid 9.0%, weakest in the group, with an 11.2% drawdown.", "us",
         {("META", "rank", "worst_return"), ("META", "max_drawdown", 11.2)}, set()),
        ("Altri -1.5%; its 2.4% drop on Feb. 10 led the daily losers.", "lisbon",
         {("ALTR.LS", "rank", "largest_daily_fall"), ("ALTR.LS", "daily_move", -2.4)}, set()),
        # "after a low of" dates a level, it is no cause
        ("Sonae went from 1.210 to 1.255 after a low of 1.190 on the 11th.", "lisbon",
         {("SON.LS", "range_low", 1.19)}, {("SON.LS", "causal", "after a low of 1.190 on the 11th")}),
        # "touching X on the Nth" is a dated level
        ("Nvidia dropped from 181.20 to 170.05, touching 166.90 on the 20th.", "us", {("NVDA", "price_level", 166.9)}, set()),
        # a path that ends "hitting its low" makes its end the range low
        ("EDP slipped from 3.912 to 3.850, hitting its low on the 27th.", "lisbon", {("EDP.LS", "range_low", 3.85)}, set()),
    ],
)
def test_dev_paraphrase_shapes(text: str, universe: str, present: set, absent: set) -> None:
    found = facts(text, universe, US_MONTH if universe == "us" else LISBON_MONTH)
    assert present <= found, found
    assert not (absent & found), found


def test_a_path_ending_at_its_low_carries_the_date() -> None:
    claims = extract_claims("EDP slipped from 3.912 to 3.850, hitting its low on the 27th.", "lisbon", LISBON_MONTH)
    low = [c for c in claims if c.metric == "range_low"]
    assert low and low[0].date == date(2026, 2, 27)


def test_a_real_cause_after_after_is_still_causal() -> None:
    assert any(c.metric == "causal" for c in extract_claims("Galp rose 3% after a strong quarterly report.", "lisbon"))
