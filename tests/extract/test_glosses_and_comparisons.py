"""Figures whose metric or subject is stated around them, not by a verb before them: a line's opening figure
glossed after a dash ("14.2% — Tesla's gain"), a comparison's list of names' figures, a correction's restated
figure, a path's ends named as extremes, a drawdown's stretch, a figure set off by dashes after its clause."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, claims_of


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Key figures\n- 6.8% — Nvidia's advance, second only to Tesla.\n- 27.0% — Tesla's slide, the deepest of the ten.", "us",
         {("NVDA", "period_return", 6.8), ("TSLA", "period_return", -27.0)}, set()),
        ("- **$220.78** – Nvidia's last close, also the top of its range for the month.", "us",
         {("NVDA", "price_level", 220.78), ("NVDA", "range_high", 220.78)}, set()),
        ("• €13.96: Galp's lowest close, set on the 12th.", "lisbon", {("GALP.LS", "range_low", 13.96)},
         {("GALP.LS", "price_level", 13.96)}),
        ("- 5.1% — Amazon's jump on Aug. 12, its best session.", "us", {("AMZN", "daily_move", 5.1)},
         {("AMZN", "period_return", 5.1)}),
        ("- 29.9% — Tesla's peak-to-trough fall.\n- 46% — Nvidia's annualised volatility.", "us",
         {("TSLA", "max_drawdown", 29.9), ("NVDA", "volatility", 46)}, {("TSLA", "period_return", -29.9)}),
        ("Meta had a rough month.\n- $556.71 — where it finished, down from $612.91.", "us", {("META", "price_level", 556.71)}, set()),
        ("- €4.385 — where NOS ended, the only name in the green.", "lisbon", {("NOS.LS", "price_level", 4.385)}, set()),
    ],
)
def test_a_lines_opening_figure_is_read_from_its_gloss(text, universe, present, absent):
    month = "2026-12" if "Galp" in text else None
    if month:
        assert_shape(text, present, absent, universe=universe, month=month)
    else:
        assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "universe", "present"),
    [
        ("- 12 — sessions out of 21 in which Nvidia finished higher.", "us", {("NVDA", "up_days", 12)}),
        ("- 9 – days Meta ended in the red", "us", {("META", "down_days", 9)}),
        ("• 11: Galp's down sessions, the most in the group.", "lisbon", {("GALP.LS", "down_days", 11)}),
    ],
)
def test_a_glossed_whole_number_counts_sessions(text, universe, present):
    assert_shape(text, present, {("NVDA", "direction", "up"), ("META", "direction", "down")}, universe=universe)


def test_a_figure_inside_its_sentence_is_no_gloss():
    assert_shape("Tesla rose 14.2% — the group's best.", {("TSLA", "period_return", 14.2)}, set())
    assert_shape("- Tesla: 14.2% — the best of the ten.", {("TSLA", "period_return", 14.2)}, set())


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("UNH was the calmest at 21% annualised, versus 30% for JPMorgan, 34% for Mastercard and 41% for Tesla.", "us",
         {("JPM", "volatility", 30), ("MA", "volatility", 34), ("TSLA", "volatility", 41)}, {("TSLA", "period_return", 41)}),
        ("Nvidia's drawdown reached 12.1%, deeper than Amazon's 9.5% and Meta's 4.2%.", "us",
         {("AMZN", "max_drawdown", 9.5), ("META", "max_drawdown", 4.2)}, {("META", "period_return", 4.2)}),
        ("Tesla rose 14.2%, compared to 6.8% for Nvidia and 2.3% for Mastercard.", "us",
         {("NVDA", "period_return", 6.8), ("MA", "period_return", 2.3)}, set()),
    ],
)
def test_a_comparisons_list_keeps_its_measure(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("One correction to the above: Amazon's drawdown was misstated as 8%. It was 18.2%.",
         {("AMZN", "max_drawdown", 18.2)}, {("AMZN", "period_return", 18.2)}),
        ("Correction: I gave Nvidia's volatility as 64% — the digits were swapped. It's about 46%.",
         {("NVDA", "volatility", 46)}, {("NVDA", "period_return", 46)}),
        ("Nvidia's volatility was about 46%. Amazon rose 3%.", {("AMZN", "period_return", 3)}, {("AMZN", "volatility", 3)}),
    ],
)
def test_a_corrections_restated_figure_keeps_its_measure(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        ("Tesla traded from a low of $302.10 to a high of $367.95 over the month.", "us", "2026-08",
         {("TSLA", "range_low", 302.1), ("TSLA", "range_high", 367.95)}, {("TSLA", "price_level", 302.1)}),
        ("Meta swung from a $681.31 peak to a $534.67 trough.", "us", "2026-07",
         {("META", "range_high", 681.31), ("META", "range_low", 534.67)}, {("META", "price_level", 681.31)}),
        ("Broadcom's peak-to-trough decline was 16.9%, from $427.76 to $355.59.", "us", "2026-08",
         {("AVGO", "max_drawdown", 16.9), ("AVGO", "range_high", 427.76), ("AVGO", "range_low", 355.59)}, set()),
        ("Nvidia climbed from $206.64 to $220.78, a 6.8% gain.", "us", "2026-08",
         {("NVDA", "price_level", 206.64), ("NVDA", "price_level", 220.78)}, {("NVDA", "range_high", 220.78)}),
    ],
)
def test_a_paths_ends_named_as_extremes(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe=universe, month=month)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Amazon's slump was sharper — 8.5% — and it came early.", "us", {("AMZN", "period_return", -8.5)}, set()),
        ("Broadcom's drawdown was the deepest — about 16.9% — and it came late.", "us", {("AVGO", "max_drawdown", 16.9)},
         {("AVGO", "period_return", 16.9)}),
        ("Galp's volatility ran higher — roughly 30% annualised.", "lisbon", {("GALP.LS", "volatility", 30)}, set()),
    ],
)
def test_a_figure_set_off_by_dashes_is_its_clauses(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


def test_gloss_claims_name_their_rules():
    rules = {rule for claim in claims_of("- 13 — Sonae's up sessions.", "lisbon") for rule in claim.rules}
    assert {"count.gloss", "subject.gloss"} <= rules


def test_a_compared_figure_for_a_descriptor_is_the_company_it_fits():
    assert_shape("Nvidia rose 6.8%. Tesla's volatility was about 41%, against 46% for the chipmaker.",
                 {("NVDA", "volatility", 46), ("TSLA", "volatility", 41)}, {("TSLA", "volatility", 46)})
