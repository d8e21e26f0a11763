"""English mixed with Korean or Vietnamese: Korean glues its particles and endings to a Latin name, a figure or a
word ("Tesla가", "+14.24%로", "367.95달러", "변동성이", "최하위이며", "높았고") and puts the verb last; Vietnamese spaces
its syllables and writes the sign and metric words with diacritics ("giảm 2,85%", "độ biến động năm hóa 85,8%",
"mức sụt giảm tối đa"), decimal commas and day/month dates ("phiên 28/7")."""

from __future__ import annotations

import pytest

from tests.extract.support import claims_of, facts


@pytest.mark.parametrize(("text", "expected"), [
    # a particle glued to the name or the figure is no word of its own
    ("Tesla가 +14.24%로 1위.", ("TSLA", "period_return", 14.24)),
    ("Alphabet은 -9.15%로 마감했습니다.", ("GOOGL", "period_return", -9.15)),
    ("Meta는 3.03% 하락했고, AMD도 2.87% 하락.", ("META", "period_return", -3.03)),
    ("Meta는 3.03% 하락했고, AMD도 2.87% 하락.", ("AMD", "period_return", -2.87)),
    ("Nvidia의 수익률은 6.84% 상승.", ("NVDA", "period_return", 6.84)),
    # a currency word glued to the price, and a particle after it
    ("Tesla 월말 종가 367.95달러로 마감.", ("TSLA", "price_level", 367.95)),
    # a name with its gloss in a glued bracket
    ("Palantir(PLTR) +48.33%, Netflix(NFLX) +10.53%.", ("PLTR", "period_return", 48.33)),
    ("Palantir(PLTR) +48.33%, Netflix(NFLX) +10.53%.", ("NFLX", "period_return", 10.53)),
])
def test_korean_particles_glued_to_names_and_figures(text, expected):
    assert expected in facts(text, "us", "2026-08")


def test_a_euro_word_glued_to_a_lisbon_price():
    found = facts("BCP는 0.764유로에서 시작해서 0.8214유로로 마감했어요.", "lisbon", "2025-11")
    assert ("BCP.LS", "price_level", 0.764) in found and ("BCP.LS", "price_level", 0.8214) in found


def test_a_won_amount_is_no_price():
    found = facts("Tesla 월말 종가 367.95달러는 원화 환산 시 약 50.8만 원 수준입니다.", "us", "2026-08")
    assert not [f for f in found if f[2] in (50.8, 50)]


@pytest.mark.parametrize(("text", "expected", "absent"), [
    # a Korean word with its ending glued reads as the word ("변동성이", "높았고", "안정적이었습니다")
    ("AMD의 연환산 변동성이 56.0%로 가장 높았고, 나머지는 낮았다.", [("AMD", "volatility", 56.0), ("AMD", "rank", "most_volatile")],
     ("AMD", "period_return", 56.0)),
    ("JPMorgan: 연환산 변동성 13.68%로 10종목 중 가장 안정적이었습니다.", [("JPM", "volatility", 13.68), ("JPM", "rank", "least_volatile")],
     ("JPM", "rank", "most_volatile")),
    ("최대낙폭(MDD)은 Broadcom이 16.78%로 가장 컸음.", [("AVGO", "max_drawdown", 16.78), ("AVGO", "rank", "largest_drawdown")],
     ("AVGO", "period_return", 16.78)),
    # a rank word whose ending runs on to the next clause ("최하위이며,")
    ("Alphabet은 -9.15%로 최하위이며, 월말 종가 339.35달러.", [("GOOGL", "rank", "worst_return"), ("GOOGL", "price_level", 339.35)],
     ("GOOGL", "rank", "best_return")),
    ("EDP Renováveis -11.36%로 꼴찌.", [("EDPR.LS", "rank", "worst_return"), ("EDPR.LS", "period_return", -11.36)], None),
])
def test_korean_words_with_their_endings(text, expected, absent):
    universe, month = ("lisbon", "2025-11") if "EDP" in text else ("us", "2026-08")
    found = facts(text, universe, month)
    for fact in expected:
        assert fact in found
    assert absent not in found


@pytest.mark.parametrize(("text", "expected"), [
    ("Sonae는 +4.80%로 상승 13일, 하락 7일로 꾸준했어요.", [("SON.LS", "up_days", 13), ("SON.LS", "down_days", 7)]),
    ("Amazon: 21거래일 중 상승일은 5일뿐이었습니다.", [("AMZN", "up_days", 5)]),
    ("EDP tăng 4,79% với 15 phiên tăng và 7 phiên giảm.", [("EDP.LS", "up_days", 15), ("EDP.LS", "down_days", 7)]),
])
def test_counts_of_sessions(text, expected):
    universe, month = ("us", "2026-08") if "Amazon" in text else ("lisbon", "2025-10")
    found = facts(text, universe, month)
    for fact in expected:
        assert fact in found


def test_percentage_points_are_no_return():
    for text in ("Tesla가 Nvidia를 약 7.4%p 상회했습니다.", "AVGO vượt trội so với NVDA khoảng 3,8 điểm %."):
        found = facts(text, "us", "2026-07")
        assert not [f for f in found if f[1] == "period_return"], text


def test_a_korean_table_with_arrows_for_signs():
    text = ("| 종목 | 등락률 |\n|---|---|\n| 테슬라 (TSLA) | ▲14.24% |\n| AMD | ▼2.87% |\n| 메타 (META) | ▼ 3.03% |")
    found = facts(text, "us", "2026-08")
    assert {("TSLA", "period_return", 14.24), ("AMD", "period_return", -2.87), ("META", "period_return", -3.03)} <= found


def test_an_arrow_mark_signs_only_an_unsigned_cell():
    found = facts("| Ticker | Return |\n|---|---|\n| AMD | ▲-2.87% |", "us", "2026-08")
    assert ("AMD", "period_return", -2.87) in found


@pytest.mark.parametrize(("text", "expected", "absent"), [
    # the month's extreme said after its price, in a bracket or with "곧" (namely)
    ("Jerónimo Martins: 22.26유로(월중 최고)로 시작해서 20.44유로(월중 최저)로 끝났어요.",
     [("JMT.LS", "range_high", 22.26), ("JMT.LS", "range_low", 20.44), ("JMT.LS", "price_level", 20.44)],
     ("JMT.LS", "range_high", 20.44)),
    ("Navigator giảm 8,69%. Giá đầu tháng 3,290 EUR cũng là mức cao nhất tháng.",
     [("NVG.LS", "range_high", 3.29), ("NVG.LS", "price_level", 3.29)], ("NVG.LS", "range_low", 3.29)),
])
def test_an_extreme_said_after_its_price(text, expected, absent):
    found = facts(text, "lisbon", "2025-11" if "유로" in text else "2025-10")
    for fact in expected:
        assert fact in found
    assert absent not in found


def test_korean_extreme_after_a_us_price():
    found = facts("Amazon: 월초 284.02달러가 곧 월중 고점. Meta: 8/18(화) 종가 543.67달러가 월중 최저.", "us", "2026-08")
    assert ("AMZN", "range_high", 284.02) in found and ("META", "range_low", 543.67) in found
    assert ("AMZN", "range_low", 284.02) not in found


@pytest.mark.parametrize(("text", "expected"), [
    # Vietnamese sign words with diacritics, decimal commas
    ("UNH (UnitedHealth): giảm 2,85%, đóng cửa ở 414,40 USD.", ("UNH", "period_return", -2.85)),
    ("AMD: giảm 11,97%. Mất 8,15% phiên 28/7 rồi bật tăng 13,00% phiên 30/7.", ("AMD", "period_return", -11.97)),
    ("Sonae (SON) tăng 6,48%, mặc dù phiên cuối tháng giảm 1,94%.", ("SON.LS", "period_return", 6.48)),
    # metric words
    ("AMD biến động mạnh nhất rổ (độ biến động năm hóa 85,8%).", ("AMD", "volatility", 85.8)),
    ("TSLA: mức sụt giảm tối đa 29,86%, lớn nhất nhóm.", ("TSLA", "max_drawdown", 29.86)),
    ("AVGO đạt đỉnh 401,11 USD ngày 9/7.", ("AVGO", "range_high", 401.11)),
    ("GOOGL lao dốc 7,13% xuống mức thấp nhất tháng 317,96 USD.", ("GOOGL", "range_low", 317.96)),
    # relations written subject first, as English does
    ("AVGO vượt trội so với NVDA khoảng 3,8 điểm %.", ("AVGO", "outperformed", "NVDA")),
    ("REN tăng 6,53% và nhỉnh hơn Sonae khoảng 0,05 điểm %.", ("RENE.LS", "outperformed", "SON.LS")),
    # ranks
    ("TSLA đội sổ, giảm 26,83%.", ("TSLA", "rank", "worst_return")),
    ("NOS giảm 2,84% nhưng là mã ít biến động nhất (10,2%).", ("NOS.LS", "rank", "least_volatile")),
])
def test_vietnamese_sign_and_metric_words(text, expected):
    universe, month = ("us", "2026-07") if any(t in text for t in ("UNH", "AMD", "AVGO", "GOOGL", "TSLA")) else ("lisbon", "2025-10")
    assert expected in facts(text, universe, month)


def test_a_vietnamese_target_price_is_no_claim():
    found = facts("Khuyến nghị: tích lũy JMT khi điều chỉnh, giá mục tiêu 24,50 EUR.", "lisbon", "2025-10")
    assert not [f for f in found if f[2] == 24.5]


def test_a_vietnamese_session_dates_its_move():
    claims = [c for c in claims_of("AMD: Mất 8,15% phiên 28/7.", "us", "2026-07") if c.metric == "daily_move"]
    assert [(c.value, str(c.date)) for c in claims] == [(-8.15, "2026-07-28")]


@pytest.mark.parametrize(("text", "cause"), [
    ("AMZN tăng 12,36%, nhờ kết quả kinh doanh quý 2 vượt kỳ vọng.", "nhờ kết quả kinh doanh quý 2 vượt kỳ vọng"),
    ("Galp tăng 4,63%, với phiên 27/10 tăng 3,49% nhờ giá dầu Brent phục hồi.", "nhờ giá dầu Brent phục hồi"),
    ("META giảm 7,95% do lo ngại chi phí đầu tư AI tăng mạnh.", "do lo ngại chi phí đầu tư AI tăng mạnh"),
])
def test_vietnamese_causes_after_the_move(text, cause):
    universe, month = ("lisbon", "2025-10") if "Galp" in text else ("us", "2026-07")
    causes = [c.value for c in claims_of(text, universe, month) if c.metric == "causal"]
    assert any(cause in value for value in causes), causes


def test_english_do_is_no_cause():
    assert not [c for c in claims_of("Tesla fell 4.6%, as many do in August.", "us", "2026-08") if c.metric == "causal"]


def test_a_quarter_number_is_no_figure():
    claims = claims_of("Nvidia: 8/27(목) 2분기 실적 발표 직후 +8.74% 급등.", "us", "2026-08")
    assert not [c for c in claims if c.value in (2, 2.0)]
    assert [c.date for c in claims if c.value == 8.74 and c.metric == "daily_move"]
