"""The tracks' statistics match values computed by hand."""

from __future__ import annotations

import math

import pytest

from extractors.tracks.answers import parse_direction, parse_numeric
from extractors.tracks.stats import binomial_greater, bonferroni, ks_permutation_test, ks_statistic, pearson


def test_pearson_of_a_perfect_line_is_one_and_of_a_constant_is_undefined():
    assert pearson([1, 2, 3], [2, 4, 6]) == pytest.approx(1.0)
    assert pearson([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert pearson([1, 2, 3], [5, 5, 5]) is None
    assert pearson([1], [2]) is None


def test_pearson_by_hand():
    # x = 1,2,3,4; y = 1,3,2,4: cov = 1.25... by hand r = 0.8
    assert pearson([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(0.8)


def test_ks_statistic_is_the_largest_cdf_gap():
    assert ks_statistic([1, 2], [3, 4]) == 1.0
    assert ks_statistic([1, 2, 3], [1, 2, 3]) == 0.0
    # a = 1,2,3,4 ; b = 3,4,5,6: at x = 2 F_a = 0.5, F_b = 0 -> 0.5 is the largest gap
    assert ks_statistic([1, 2, 3, 4], [3, 4, 5, 6]) == 0.5


def test_ks_permutation_p_value_converges_to_the_exact_one():
    # {1,2} vs {3,4}: of the 6 equally likely labelings, 2 give KS = 1, so p = 1/3.
    statistic, p = ks_permutation_test([1, 2], [3, 4], permutations=20_000, seed=7)
    assert statistic == 1.0
    assert p == pytest.approx(1 / 3, abs=0.01)


def test_ks_permutation_is_seeded_and_never_zero():
    first = ks_permutation_test([0.0] * 5, [1.0] * 5, permutations=999, seed=3)
    again = ks_permutation_test([0.0] * 5, [1.0] * 5, permutations=999, seed=3)
    assert first == again
    # 2 of C(10,5) = 252 labelings give KS = 1: p ~ 0.008, and never below 1 / (1 + permutations)
    assert 1 / 1000 <= first[1] < 0.03


def test_identical_samples_give_p_one():
    assert ks_permutation_test([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], permutations=200, seed=0) == (0.0, 1.0)


def test_bonferroni_multiplies_by_the_number_of_tests_and_caps_at_one():
    assert bonferroni([0.01, 0.2, 0.5]) == pytest.approx([0.03, 0.6, 1.0])


def test_binomial_greater_by_hand():
    assert binomial_greater(10, 10, 0.5) == pytest.approx(1 / 1024)
    # P(X >= 1), X ~ Bin(3, 0.1) = 1 - 0.9^3
    assert binomial_greater(1, 3, 0.1) == pytest.approx(1 - 0.9 ** 3)
    assert binomial_greater(0, 0, 0.5) is None


@pytest.mark.parametrize("reply, value, confidence", [
    ('{"answer": 211.94, "confidence": 80}', 211.94, 80.0),
    ('Here you go:\n```json\n{"answer": "1,234.5", "confidence": "60"}\n```', 1234.5, 60.0),
    ('{"answer": null, "confidence": 0}', None, 0.0),
    ('{"answer": 0, "confidence": 10}', None, 10.0),
    ("answer: 99.5, confidence: 150", 99.5, 100.0),
    ("I cannot know that.", None, None),
])
def test_numeric_answers_and_refusals_follow_the_paper(reply, value, confidence):
    parsed = parse_numeric(reply)
    assert parsed.value == value
    assert parsed.confidence == confidence
    assert parsed.refused is (value is None)


def test_direction_answers():
    assert parse_direction('{"answer": "Up", "confidence": 70}').value == "up"
    assert parse_direction('{"answer": "down"}').value == "down"
    assert parse_direction('{"answer": "unknown", "confidence": 0}').refused
    assert math.isclose(parse_direction('{"answer": "up", "confidence": 70}').confidence, 70.0)
