"""English written by Chinese- or Japanese-trained models: full-width forms of ASCII ("−4.58％", "（AMZN）",
"Answer：", "Nvidia、Meta"), CJK words and punctuation with no spaces around them ("跌幅最大，−18.70％。On"),
and tables headed in Chinese or Japanese ("期初收盘", "涨跌幅", "騰落率")."""

from __future__ import annotations

import pytest

from tests.extract.support import claims_of, facts


@pytest.mark.parametrize(("text", "expected"), [
    # full-width percent, plus and brackets are the ASCII ones
    ("Tesla fell −4.58％ in February（跌幅）.", ("TSLA", "period_return", -4.58)),
    ("On February 24 AMD rebounded ＋8.77％.", ("AMD", "daily_move", 8.77)),
    # an ideographic full stop ends a sentence with no space after it
    ("Amazon：下跌 13.6%。Tesla fell 4.6%。", ("AMZN", "period_return", -13.6)),
    ("Amazon：下跌 13.6%。Tesla fell 4.6%。", ("TSLA", "period_return", -4.6)),
])
def test_full_width_forms_read_as_ascii(text, expected):
    assert expected in facts(text, "us", "2026-02")


def test_an_ideographic_full_stop_is_a_sentence_end_and_keeps_the_next_words_whole():
    claims = claims_of("AMD fell 18.7%。Its volatility was 68.4%。", "us", "2026-02")
    assert ("AMD", "volatility", 68.4) in facts("AMD fell 18.7%。Its volatility was 68.4%。", "us", "2026-02")
    assert [c.sentence for c in claims if c.metric == "volatility"] == ["Its volatility was 68.4%。"]


def test_a_table_headed_in_chinese_reads_its_columns():
    text = ("| 股票 | 期初收盘 | 期末收盘 | 涨跌幅 | 最低收盘 | 年化波动率 |\n|---|---|---|---|---|---|\n"
            "| TSLA | 421.81 | 402.51 | −4.58％ | 397.21 | 32.4％ |")
    found = facts(text, "us", "2026-02")
    for fact in [("TSLA", "price_level", 421.81), ("TSLA", "price_level", 402.51), ("TSLA", "period_return", -4.58),
                 ("TSLA", "range_low", 397.21), ("TSLA", "volatility", 32.4)]:
        assert fact in found


def test_chinese_metric_words_name_their_measures():
    found = facts("Galp：最高 €17.70，最低 €13.96；最大回撤 21.3％，为全组最大；年化波动率 56.1％。", "lisbon", "2026-02")
    for fact in [("GALP.LS", "range_high", 17.7), ("GALP.LS", "range_low", 13.96), ("GALP.LS", "max_drawdown", 21.3),
                 ("GALP.LS", "volatility", 56.1)]:
        assert fact in found
    assert ("GALP.LS", "period_return", 21.3) not in found


def test_a_full_width_mark_is_a_token_though_no_space_follows_it():
    found = facts("1）BCP（Millennium bcp）：The bank closed at its monthly high（月内最高）of €0.8962 on December 31。",
                  "lisbon", "2025-12")
    assert ("BCP.LS", "range_high", 0.8962) in found
    assert not [f for f in found if f[0] != "BCP.LS"]


def test_a_cashtag_after_a_full_width_mark_is_the_name():
    found = facts("4）$EDPR：12月2日单日上涨 +3.76％，from €11.44 at the start of the month。", "lisbon", "2025-12")
    assert ("EDPR.LS", "price_level", 11.44) in found


@pytest.mark.parametrize(("text", "expected"), [
    # a Chinese date is the cell's session
    ("6）REN：12月19日下跌 −2.87％。", ("RENE.LS", "daily_move", -2.87)),
    # counts of sessions, before or after their day noun
    ("1）BCP：上涨天数 13 天。", ("BCP.LS", "up_days", 13)),
    ("2）NOS：14 个交易日上涨，只有 5 天下跌。", ("NOS.LS", "up_days", 14)),
    ("2）NOS：14 个交易日上涨，只有 5 天下跌。", ("NOS.LS", "down_days", 5)),
    # the rules' words inside a longer run: "最大回撤仅" (max drawdown only), "波动率最低" (volatility lowest)
    ("1）BCP：最大回撤仅 1.96％。", ("BCP.LS", "max_drawdown", 1.96)),
    ("5）Jerónimo Martins：波动率最低（9.8％）。", ("JMT.LS", "volatility", 9.8)),
])
def test_chinese_dates_counts_and_words_inside_runs(text, expected):
    assert expected in facts(text, "lisbon", "2025-12")


def test_a_chinese_date_carries_its_day():
    claims = [c for c in claims_of("6）REN：12月19日下跌 −2.87％。", "lisbon", "2025-12") if c.metric == "daily_move"]
    assert [str(c.date) for c in claims] == ["2025-12-19"]
