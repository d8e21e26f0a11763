"""Family descriptors: a company named by its place in a group ("the renewables arm", "its parent", "the
subsidiary"), as a figure's subject and a relation's object (data/universes.toml `descriptors`)."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        ("EDP rose 2.5%. Its renewables unit gained 5.2%.", {("EDPR.LS", "period_return", 5.2)}, {("EDP.LS", "period_return", 5.2)}),
        ("EDP Renováveis rose 5.2%, while its parent added 2.5%.", {("EDP.LS", "period_return", 2.5)}, {("EDPR.LS", "period_return", 2.5)}),
        ("EDP gained 2.5% but the subsidiary did better, up 5.2%.", {("EDPR.LS", "period_return", 5.2)}, set()),
        ("EDP Renováveis (+5.2%) and EDP (+2.5%) rose. The renewables arm had a better month than its parent and, at €12.04, "
         "finished on its high.", {("EDPR.LS", "outperformed", "EDP.LS"), ("EDPR.LS", "range_high", 12.04)}, {("EDP.LS", "range_high", 12.04)}),
        ("EDP rose 2.5%, but it lagged its renewables arm.", {("EDPR.LS", "outperformed", "EDP.LS")}, set()),
        ("EDP Renováveis rose 5.2%. The unit outperformed its parent.", {("EDPR.LS", "outperformed", "EDP.LS")}, set()),
        ("EDP Renováveis rose 4.7%. The renewables arm trailed its parent EDP.", {("EDP.LS", "outperformed", "EDPR.LS")}, set()),
    ],
)
def test_family_descriptors_name_their_company(text, present, absent):
    assert_shape(text, present, absent, universe="lisbon", month="2025-12")


def test_a_pronoun_before_shares_is_still_the_company():
    assert_shape("Nvidia rose 6.8%. Its shares closed at $220.78.", {("NVDA", "price_level", 220.78)})


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        ("BCP and NOS did best, with the bank (from €0.8162) finishing at its monthly high of €0.8962.", "lisbon", "2025-12",
         {("BCP.LS", "price_level", 0.8162), ("BCP.LS", "range_high", 0.8962)}, {("BCP.LS", "range_high", 0.8162), ("NOS.LS", "range_high", 0.8962)}),
        ("NOS was the steadier of the two (volatility of about 12.5%, against 17.8% for the bank).", "lisbon", "2025-12",
         {("BCP.LS", "volatility", 17.8)}, {("NOS.LS", "volatility", 17.8)}),
        ("Tesla and Nvidia rose. Nvidia's volatility was 40.1%, against 52.3% for the EV maker.", "us", "2026-08",
         {("TSLA", "volatility", 52.3)}, {("NVDA", "volatility", 52.3)}),
        ("Tesla started at $322.08 and ended at its high of $367.95.", "us", "2026-08",
         {("TSLA", "range_high", 367.95)}, {("TSLA", "range_high", 322.08)}),
    ],
)
def test_a_descriptor_after_for_or_before_a_pronoun_names_its_company(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe=universe, month=month)
