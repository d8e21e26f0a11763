"""Paths and ranges: "from X to Y" is the first and last close, "between X and Y" the lowest and highest."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import LISBON_MONTH, US_MONTH, assert_shape, claims_of, facts, facts_in_order


def test_a_from_to_path_is_two_anchored_levels():
    claims = claims_of("GALP.LS surged from 19.43 to 21.93.", "lisbon", LISBON_MONTH)
    assert [(c.ticker, c.metric, c.value, c.anchor) for c in claims] == [
        ("GALP.LS", "price_level", 19.43, "start"),
        ("GALP.LS", "price_level", 21.93, "end"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "ALTR.LS fluctuated between 4.70 and 4.79.",
        "Altri traded in a 4.70-4.79 range.",
        "Altri moved between €4.70 and €4.79 during February.",
        "Altri oscillated between 4,70 € and 4,79 €.",
    ],
)
def test_a_range_gives_low_and_high(text):
    got = facts_in_order(text, "lisbon", LISBON_MONTH)
    assert got == [("ALTR.LS", "range_low", 4.7), ("ALTR.LS", "range_high", 4.79)]


def test_peaks_and_bottoms_with_dates_resolved_against_the_month():
    claims = claims_of("NVDA peaked at 227.98 on the 26th and bottomed at $184.67 on Aug. 3rd.", "us", US_MONTH)
    assert [(c.metric, c.value, c.date) for c in claims] == [
        ("range_high", 227.98, date(2026, 8, 26)),
        ("range_low", 184.67, date(2026, 8, 3)),
    ]


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # "touching X on the Nth" is a dated level
        ("Nvidia dropped from 181.20 to 170.05, touching 166.90 on the 20th.", "us", {("NVDA", "price_level", 166.9)}, set()),
        # a path that ends "hitting its low" makes its end the range low
        ("EDP slipped from 3.912 to 3.850, hitting its low on the 27th.", "lisbon", {("EDP.LS", "range_low", 3.85)}, set()),
        # "ranged from A to B" is a range, not a path
        ("Tesla ranged from $301.10 to $344.90.", "us", {("TSLA", "range_low", 301.1), ("TSLA", "range_high", 344.9)},
         {("TSLA", "price_level", 301.1)}),
        # an unsigned figure after a falling path takes the path's sign
        ("REN eased from 3.800 to 3.650, 3.9% in all.", "lisbon", {("RENE.LS", "period_return", -3.9)}, {("RENE.LS", "period_return", 3.9)}),
    ],
)
def test_a_path_and_what_follows_it(text, universe, present, absent):
    assert_shape(text, present, absent, universe)


def test_a_path_ending_at_its_low_carries_the_date():
    claims = claims_of("EDP slipped from 3.912 to 3.850, hitting its low on the 27th.", "lisbon", LISBON_MONTH)
    low = [c for c in claims if c.metric == "range_low"]
    assert low and low[0].date == date(2026, 2, 27)


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # dash ranges before "area"/"zone", and "the mid-$220s" is no price
        ("Amazon was trading in the $182–196 area, later quoted around the mid-$190s.",
         {("AMZN", "range_low", 182.0), ("AMZN", "range_high", 196.0)}, {("AMZN", "price_level", 190.0), ("AMZN", "price_level", 182.0)}),
    ],
)
def test_a_dash_range_before_area_or_zone(text, present, absent):
    assert_shape(text, present, absent, month=None)


@pytest.mark.parametrize(
    ("text", "universe", "start", "end"),
    [
        ("Nvidia went from $180.10 to $190.20.", "us", 180.1, 190.2),
        ("Nvidia rose to $190.20 from $180.10.", "us", 180.1, 190.2),
        ("EDP moved from €3,90 to €3,85.", "lisbon", 3.9, 3.85),
        ("EDP went from 3,90 € to 3,85 €.", "lisbon", 3.9, 3.85),
    ],
)
def test_a_path_in_either_order_anchors_its_endpoints(text, universe, start, end):
    claims = claims_of(text, universe)
    assert sorted((c.anchor, c.value) for c in claims if c.metric == "price_level") == [("end", end), ("start", start)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nvidia rose 5.6% from $180.10 to $190.20.",
         {("NVDA", "period_return", 5.6), ("NVDA", "price_level", 180.1), ("NVDA", "price_level", 190.2)}),
        ("Meta went from $612.91 to $600.10, a loss of 2.1%.",
         {("META", "price_level", 612.91), ("META", "price_level", 600.1), ("META", "period_return", -2.1)}),
        # "closing the month at its high": the end is also the range high
        ("Meta went from $580.44 to $640.00, closing the month at its high.",
         {("META", "price_level", 580.44), ("META", "price_level", 640.0), ("META", "range_high", 640.0)}),
        # "after trading as low/high as" is the month's extreme close
        ("Meta climbed from $600.10 to $640.00, after trading as low as $580.44.",
         {("META", "price_level", 600.1), ("META", "price_level", 640.0), ("META", "range_low", 580.44)}),
        ("Meta slid from $640.00 to $600.10, after trading as high as $655.20.",
         {("META", "price_level", 640.0), ("META", "price_level", 600.1), ("META", "range_high", 655.2)}),
    ],
)
def test_a_path_with_its_return_or_its_extreme(text, expected):
    assert facts(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Meta traded in a $580.44–640.00 band.",
        "Meta traded between a low of $580.44 and a high of $640.00.",
        "Meta bottomed at $580.44 and later peaked at $640.00.",
        "Meta's trading range: $580.44–$640.00.",
        "Meta's low was $580.44 and its high $640.00.",
        "Meta — Highest price: $640.00; lowest price: $580.44.",
    ],
)
def test_a_band_or_a_pair_of_extremes_gives_low_and_high(text):
    assert facts(text) == {("META", "range_low", 580.44), ("META", "range_high", 640.0)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Meta hit a monthly low of $580.44.", ("META", "range_low", 580.44)),
        ("Meta's monthly closing high was $640.00.", ("META", "range_high", 640.0)),
    ],
)
def test_a_single_extreme(text, expected):
    assert facts_in_order(text) == [expected]


# Round five: a path that ends on an extreme word ends at that extreme; rounded whole-number paths are prices.
@pytest.mark.parametrize(("text", "present", "absent"), [
    ("Meta slid from $700 to its low of $650 and closed at $670.",
     {("META", "price_level", 700), ("META", "range_low", 650), ("META", "price_level", 670)}, {("META", "price_level", 650)}),
    ("AMZN went from ~240 to a peak of ~262, then faded.", {("AMZN", "price_level", 240), ("AMZN", "range_high", 262)},
     {("AMZN", "price_level", 262)}),
    ("Tesla ran from ~320 to ~368 on the month.", {("TSLA", "price_level", 320), ("TSLA", "price_level", 368)}, set()),
    ("Amazon rose from $241.70 to $271.58.", {("AMZN", "price_level", 241.7), ("AMZN", "price_level", 271.58)}, set()),
])
def test_a_path_to_an_extreme_and_a_rounded_path(text, present, absent):
    assert_shape(text, present, absent)


@pytest.mark.parametrize("text", [
    "Nvidia rose from 12 to 15 sessions of gains.",
    "Headcount at Meta went from 120 to 150 employees.",
])
def test_a_path_of_small_or_counted_whole_numbers_is_no_price(text):
    assert not [f for f in facts(text) if f[1] in ("price_level", "range_high", "range_low")], facts(text)


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # a level reached and then given back is the month's high, whatever the verbs
        ("Alphabet tested $205.10 around the 12th, then retreated into month-end.", "us",
         {("GOOGL", "range_high", 205.1)}, {("GOOGL", "price_level", 205.1)}),
        ("After brushing €4.95, Altri eased back.", "lisbon", {("ALTR.LS", "range_high", 4.95)}, set()),
        ("Meta rallied 6% to $702.40 before paring the gain.", "us", {("META", "range_high", 702.4)}, set()),
        # and a level only dipped to is the low
        ("EDP slumped to €3.41 mid-month before clawing back.", "lisbon", {("EDP.LS", "range_low", 3.41)}, set()),
        # a level held, or one reached by another company's clause, is not an extreme
        ("Alphabet rose 4% to $205.10 and finished there.", "us", set(), {("GOOGL", "range_high", 205.1)}),
        ("Meta reached $702.40 whereas Alphabet faded.", "us", set(), {("META", "range_high", 702.4)}),
        # a reached level followed by a dated move is a path, not a given-back high
        ("Meta ran up to $702.40 on the 20th, then lost 4.3% on the 23rd.", "us", set(),
         {("META", "range_high", 702.4)}),
        # "after touching X" before a later close is the high given back; after a rebound it is the low; a
        # dated "after reaching X on the 7th and ..." is a path of dated closes, and "after hitting" says neither
        ("Galp closed at €16.73 after touching €16.85 the day before.", "lisbon",
         {("GALP.LS", "range_high", 16.85)}, {("GALP.LS", "price_level", 16.85)}),
        ("Tesla rebounded after touching $298.32 late in the month.", "us",
         {("TSLA", "range_low", 298.32)}, {("TSLA", "range_high", 298.32)}),
        ("Galp ended at 16.73 after reaching 16.85 on the 29th.", "lisbon", set(),
         {("GALP.LS", "range_high", 16.85)}),
        ("Amazon rose 2% after hitting $230.00 mid-month.", "us", set(),
         {("AMZN", "range_high", 230.0), ("AMZN", "range_low", 230.0)}),
    ],
)
def test_a_level_given_back_or_recovered_from_is_the_extreme(text, universe, present, absent):
    assert_shape(text, present, absent, universe)


def test_a_range_key_reads_its_two_prices_past_a_bracketed_date_but_a_path_does_not():
    assert_shape("AMD rose 5.9%. Range: $203.17 (Jan 9) to $295.68 (Jan 23).", {("AMD", "range_low", 203.17),
                 ("AMD", "range_high", 295.68)}, {("AMD", "price_level", 203.17)}, "us", "2026-01")
    assert_shape("AMD went from $203.17 (Jan 9) to $295.68 (Jan 23).", {("AMD", "price_level", 203.17)},
                 {("AMD", "range_low", 203.17), ("AMD", "range_high", 295.68)}, "us", "2026-01")
    # a bracket holding a figure is no date: the key's pair is not read through it
    assert_shape("AMD rose 5.9%. Range: $203.17 (-3%) to $295.68.", set(), {("AMD", "range_low", 203.17)}, "us", "2026-01")


@pytest.mark.parametrize("key", ["Close", "Price", "Closing price", "Last"])
@pytest.mark.parametrize("layout", ["- **Nvidia**\n  - **{key}:** `$180.10` → `$191.79`", "Nvidia {key}: $180.10 → $191.79"])
def test_a_path_after_a_price_key_anchors_its_ends(key, layout):
    """A key names the figures prices; the arrow says which end each is, whatever end the key alone would say."""
    claims = claims_of(layout.format(key=key))
    assert [(c.ticker, c.metric, c.value, c.anchor) for c in claims] == [
        ("NVDA", "price_level", 180.1, "start"), ("NVDA", "price_level", 191.79, "end")]


@pytest.mark.parametrize(
    "text",
    ["Tesla fell from 425.30 to 298.32 at the low on the 29th.",
     "From 425.30 Tesla fell to 298.32 at the low on the 29th.",
     "Tesla slipped from 425.30 to 298.32, hitting its low on July 29."],
)
def test_a_path_ending_at_an_extreme_dated_before_the_last_session_ends_there(text):
    claims = claims_of(text, "us", "2026-07")
    assert {(c.metric, c.value, c.anchor) for c in claims} == {("price_level", 425.3, "start"), ("range_low", 298.32, None)}


def test_a_path_ending_at_an_extreme_on_the_last_session_is_also_the_last_close():
    found = facts("Tesla fell from 425.30 to 298.32, hitting its low on July 31.", "us", "2026-07")
    assert {("TSLA", "price_level", 298.32), ("TSLA", "range_low", 298.32)} <= found


@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # a fall measured from the peak, its percent stated, runs to the trough
    ("Broadcom fell almost 17 percent from its peak of $427.76 on 8/7 to $355.59 on the 26th.", "us",
     {("AVGO", "range_high", 427.76), ("AVGO", "range_low", 355.59), ("AVGO", "max_drawdown", 17)},
     {("AVGO", "price_level", 355.59)}),
    # without the percent the path's end may be a close
    ("Broadcom fell from its peak of $427.76 on 8/7 to $355.59 on the 26th.", "us",
     {("AVGO", "range_high", 427.76), ("AVGO", "price_level", 355.59)}, {("AVGO", "range_low", 355.59)}),
    # an apposed superlative between the drawdown and its path parts neither
    ("BCP's drawdown reached 8.7 percent, the largest of the ten, from 0.9406 on the third to 0.8586 on the thirteenth.",
     "lisbon", {("BCP.LS", "range_high", 0.9406), ("BCP.LS", "range_low", 0.8586)},
     {("BCP.LS", "price_level", 0.9406), ("BCP.LS", "price_level", 0.8586)}),
])
def test_a_drawdowns_path_is_peak_to_trough(text, universe, present, absent):
    assert_shape(text, present, absent, universe=universe)
