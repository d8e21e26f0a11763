"""Superlative keys: a summary keyed by measure ("Best performer: Tesla (+14.2%)") ranks its name only where the
vocabulary has the rank; a count's superlative, a name's own best day and a place it would have taken rank none."""

from __future__ import annotations

import pytest

from tests.extract.support import assert_shape


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        # a key line's dash is its colon; "of 20" is the month's sessions, no count
        ("**Counts**\n- Most up days — NOS, 15 of 20\n- Most down days — Jerónimo Martins, 12", "lisbon", "2025-12",
         {("NOS.LS", "up_days", 15), ("JMT.LS", "down_days", 12)}, {("NOS.LS", "up_days", 20)}),
        # a dash is a key's colon only where the key names a measure: no count from a name's dash
        ("- Galp — 15 of 20 analysts say buy", "lisbon", "2025-12", set(), {("GALP.LS", "up_days", 15)}),
    ],
)
def test_a_dashed_key_line_keys_its_counts(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe, month)
