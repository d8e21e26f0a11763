"""Signs and directions: a figure takes its sign from its verb; a direction claim is made only when the month's
move is stated with no figure."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape, claims_of, facts_in_order


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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Broadcom? Green for the month, though only just.", ("AVGO", "direction", "up")),
        ("Tesla: red for the month.", ("TSLA", "direction", "down")),
        ("Meta closed the month in the green.", ("META", "direction", "up")),
        ("Amazon probably closed the month in the green.", ("AMZN", "direction", "up")),
        ("Meta ended modestly higher.", ("META", "direction", "up")),
        ("Broadcom closed August lower.", ("AVGO", "direction", "down")),
        ("Meta ended August in negative territory.", ("META", "direction", "down")),
        ("Meta was up for the month.", ("META", "direction", "up")),
        ("Nvidia was roughly flat over the month.", ("NVDA", "direction", "flat")),
        ("Nvidia ended the month essentially unchanged.", ("NVDA", "direction", "flat")),
        ("Nvidia was little changed in August.", ("NVDA", "direction", "flat")),
    ],
)
def test_a_direction_in_the_words_models_use(text, expected):
    assert facts_in_order(text) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nvidia was roughly flat, up 0.1%.", ("NVDA", "period_return", 0.1)),
        ("Meta was down 0.2%, roughly flat.", ("META", "period_return", -0.2)),
    ],
)
def test_roughly_flat_beside_a_figure_leaves_only_the_figure(text, expected):
    assert facts_in_order(text) == [expected]


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        ("Intel, for its part, gave up 2.2%.", "us", ("INTC", "period_return", -2.2)),
        ("Galp devalued 3,4% in February.", "lisbon", ("GALP.LS", "period_return", -3.4)),
        ("Galp valorised 3,4% in February.", "lisbon", ("GALP.LS", "period_return", 3.4)),
        ("Sonae ended as the month's worst, devaluing 3,5%.", "lisbon", ("SON.LS", "period_return", -3.5)),
        ("Meta suffered a loss of 2.1%.", "us", ("META", "period_return", -2.1)),
    ],
)
def test_the_sign_comes_from_the_verb_or_noun(text, universe, expected):
    assert expected in facts_in_order(text, universe)


# Round five: "suffered heavy losses", "enjoyed solid gains": the month's direction with no figure.
@pytest.mark.parametrize(("text", "present", "absent"), [
    ("Chip names such as AMD and Nvidia suffered heavy losses as yields climbed.",
     {("AMD", "direction", "down"), ("NVDA", "direction", "down")}, set()),
    ("Meta has enjoyed solid gains.", {("META", "direction", "up")}, set()),
    ("Amazon has seen steep losses, down 8.5% this month.", {("AMZN", "period_return", -8.5)}, {("AMZN", "direction", "down")}),
])
def test_a_verb_of_seeing_losses_or_gains_is_a_direction(text, present, absent):
    assert_shape(text, present, absent, month=None)


@pytest.mark.parametrize("text", [
    "Nvidia's volatility was lower.",
    "Meta's daily swings were lower in the second half.",
    "Its trading volume fell.",
    "Tesla's drawdown was smaller than Amazon's.",
])
def test_a_direction_of_another_quantity_is_no_direction_of_the_stock(text):
    claims = claims_of("Tesla rose 14.2% in August. " + text if text.startswith("Its") else text, "us", "2026-08")
    assert not [c for c in claims if c.metric == "direction"]
