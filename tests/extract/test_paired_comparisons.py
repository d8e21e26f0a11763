"""Paired comparisons: two named sides and their two figures. A relation verb that is also a move
("edged") is a relation only with its object right after it; a signed score after the comparison ("+8.4%
to +8.1%") is the two sides' figures, no range of percents; a gapped possessive ("AMD's 11.9%") keeps the
measure said before it."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, facts


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("NOS edged Sonae, +8.4% to +8.1%.", "lisbon",
         {("NOS.LS", "outperformed", "SON.LS"), ("NOS.LS", "period_return", 8.4), ("SON.LS", "period_return", 8.1)}, set()),
        ("BCP beat Navigator, +1.2% to −0.4%.", "lisbon",
         {("BCP.LS", "period_return", 1.2), ("NVG.LS", "period_return", -0.4)}, {("BCP.LS", "period_return", -0.4)}),
        ("Tesla pipped Nvidia, +7.1% to +6.9%.", "us",
         {("TSLA", "outperformed", "NVDA"), ("TSLA", "period_return", 7.1), ("NVDA", "period_return", 6.9)}, set()),
    ],
)
def test_a_signed_score_after_a_comparison_is_the_two_sides_figures(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


def test_a_range_of_percents_stays_no_claim():
    # a range runs up and leaves its bounds unsigned, or is hedged, or is a percent's path
    assert_shape("Palantir dropped roughly 7% to 8% on the news.", present=[], absent=[("PLTR", "period_return", -7)])
    assert_shape("AMD beat Meta by about 8% to 7%.", present=[], absent=[("AMD", "period_return", 8), ("META", "period_return", 7)])


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        ("Galp edged higher and EDP fell 2%.", "lisbon", {("EDP.LS", "period_return", -2)},
         {("GALP.LS", "outperformed", "EDP.LS"), ("GALP.LS", "period_return", -2)}),
        ("REN narrowly edged the rival EDP over the month.", "lisbon", {("RENE.LS", "outperformed", "EDP.LS")}, set()),
        ("Meta edged up 0.4%, as did Amazon.", "us", {("META", "period_return", 0.4)}, {("META", "outperformed", "AMZN")}),
    ],
)
def test_a_move_verb_is_a_relation_only_with_its_object_right_after(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)


def test_a_gapped_possessive_keeps_the_measure_said_before_it():
    assert_shape("Nvidia's peak-to-trough drop was 10.6%, Tesla's 7.2%.",
                 present=[("NVDA", "max_drawdown", 10.6), ("TSLA", "max_drawdown", 7.2)],
                 absent=[("TSLA", "period_return", 7.2)])


@pytest.mark.parametrize(("text", "present", "absent"), [
    ("**Mastercard vs JPMorgan.** The payments name edged the bank, +3.2% versus +1.0%.",
     {("MA", "outperformed", "JPM"), ("MA", "period_return", 3.2), ("JPM", "period_return", 1.0)}, {("JPM", "period_return", 3.2)}),
    ("Mastercard beat the bank, +3.2% versus +1.0%.",
     {("MA", "period_return", 3.2), ("JPM", "period_return", 1.0)}, {("MA", "period_return", 1.0)}),
])
def test_a_relation_between_descriptors_gives_a_figure_pair_its_sides(text, present, absent):
    assert_shape(text, present, absent, month="2026-08")


def test_edging_a_descriptor_higher_is_no_relation():
    assert ("GALP.LS", "outperformed", "BCP.LS") not in facts("Galp edged the bank higher.", "lisbon", "2026-08")


@pytest.mark.parametrize(("text", "present", "absent"), [
    ("**AMD vs Broadcom.** Both chipmakers fell, but AMD held up better: −2.9% against −5.6%.",
     {("AMD", "outperformed", "AVGO"), ("AMD", "period_return", -2.9), ("AVGO", "period_return", -5.6)}, {("AMD", "period_return", -5.6)}),
    ("Amazon rose 3%. Tesla did better, up 5%.", {("TSLA", "outperformed", "AMZN")}, set()),
    # a superlative ranks; it compares no pair
    ("Nvidia fell. AMD held up best, down 1%.", set(), {("AMD", "outperformed", "NVDA")}),
])
def test_an_unsaid_other_side_is_the_company_named_before(text, present, absent):
    assert_shape(text, present, absent, month="2026-08")
