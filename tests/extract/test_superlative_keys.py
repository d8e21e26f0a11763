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


@pytest.mark.parametrize(
    ("text", "universe", "month", "present", "absent"),
    [
        # "Most up days" is a superlative of a count: the count, no daily rank
        ("**Most up days:** Meta (12 of 20)\n**Most down days:** Amazon (15 of 20)", "us", "2026-08",
         {("META", "up_days", 12), ("AMZN", "down_days", 15)},
         {("META", "rank", "largest_daily_gain"), ("AMZN", "rank", "largest_daily_fall")}),
        ("**Counts**\n- Most up days — NOS, 15 of 20", "lisbon", "2025-12", {("NOS.LS", "up_days", 15)},
         {("NOS.LS", "rank", "largest_daily_gain")}),
        # "Best day for BCP" is that name's own best day: the move, no rank
        ("- Best day for BCP — +2.47%, also on 2 December", "lisbon", "2025-12",
         {("BCP.LS", "daily_move", 2.47)}, {("BCP.LS", "rank", "largest_daily_gain")}),
        ("**Biggest one-day jump:** Nvidia, +8.74% on Aug 27", "us", "2026-08",
         {("NVDA", "rank", "largest_daily_gain"), ("NVDA", "daily_move", 8.74)}, set()),
    ],
)
def test_a_superlative_key_ranks_only_what_the_vocabulary_ranks(text, universe, month, present, absent):
    assert_shape(text, present, absent, universe, month)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # the key names the close as the month's extreme: one number, two claims
        ("**Closed on its high:** Tesla ($367.95)", {("TSLA", "price_level", 367.95), ("TSLA", "range_high", 367.95)}, set()),
        ("**Closed on its low:** Alphabet ($339.35)", {("GOOGL", "price_level", 339.35), ("GOOGL", "range_low", 339.35)}, set()),
        # a name after the key is its subject, not a second close
        ("Nvidia closed on its high, and Tesla rose to $367.95.", set(), {("TSLA", "range_high", 367.95)}),
    ],
)
def test_a_key_naming_the_close_an_extreme(text, present, absent):
    assert_shape(text, present, absent, "us", "2026-08")


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # a drawdown's dated endpoints are its peak and trough, no closes
        ("**Deepest drawdown:** Broadcom, 16.9% ($427.76 on Aug 7 → $355.59 on Aug 26)",
         {("AVGO", "range_high", 427.76), ("AVGO", "range_low", 355.59)}, {("AVGO", "price_level", 427.76), ("AVGO", "price_level", 355.59)}),
        # without a drawdown the dated arrow is two closes, no range
        ("Nvidia: $197.58 on Aug 3 → $191.79 on Aug 31", {("NVDA", "price_level", 197.58), ("NVDA", "price_level", 191.79)},
         {("NVDA", "range_high", 197.58), ("NVDA", "range_low", 191.79)}),
    ],
)
def test_a_dated_arrow(text, present, absent):
    assert_shape(text, present, absent, "us", "2026-08")
