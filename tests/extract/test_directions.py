"""Signs and directions: a figure takes its sign from its verb; a direction claim is made only when the month's
move is stated with no figure."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, facts_in_order


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tesla finished higher.", [("TSLA", "direction", "up")]),
        ("Nvidia ended August lower.", [("NVDA", "direction", "down")]),
        ("JPM and MA were flat.", [("JPM", "direction", "flat"), ("MA", "direction", "flat")]),
        ("Tesla finished higher, up 3.1%.", [("TSLA", "period_return", 3.1)]),
    ],
)
def test_a_direction_only_without_a_figure(text, expected):
    assert facts_in_order(text) == expected


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # "having fallen" carries the sign
        ("Mastercard was the laggard, having fallen 3.4pc, while Broadcom rose 2.0%.", "us",
         {("MA", "period_return", -3.4), ("AVGO", "period_return", 2.0)}, {("MA", "period_return", 3.4)}),
        ("Navigator, having risen 1.9 per cent, closed the month firmer.", "lisbon", {("NVG.LS", "period_return", 1.9)}, set()),
    ],
)
def test_a_perfect_participle_carries_the_sign(text, universe, present, absent):
    assert_shape(text, present, absent, universe)
