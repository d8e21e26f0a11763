"""Lists and headings: a bullet's bold or leading name, or a heading's company, is the subject of everything in the
item; label lines ("Best performer: META (+4.1%)") and dump lines ("NVDA: 206.64 → 189.77 (−8.16%)") give
their rank, endpoints and return."""

from __future__ import annotations

from datetime import date

import pytest

from tests.extract.support import assert_shape, claims_of, facts, facts_in_order


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("- **Nvidia**: fell 3.1% over the month, closing at $180.20.\n- **AMD**: up 2.4%, ending at $160.05.",
         [("NVDA", "period_return", -3.1), ("NVDA", "price_level", 180.2), ("AMD", "period_return", 2.4), ("AMD", "price_level", 160.05)]),
        ("* **Nvidia (NVDA)** — +3.1%; closed at $180.20\n* **Tesla (TSLA)** — -6.0%; closed at $310.44",
         [("NVDA", "period_return", 3.1), ("NVDA", "price_level", 180.2), ("TSLA", "period_return", -6.0), ("TSLA", "price_level", 310.44)]),
        ("- Amazon: +9.1%\n- Meta: +4.0%\n- Tesla: -6.0%",
         [("AMZN", "period_return", 9.1), ("META", "period_return", 4.0), ("TSLA", "period_return", -6.0)]),
        ("• NVDA +3.1% | close 180.20 | low 171.20 | high 190.40",
         [("NVDA", "period_return", 3.1), ("NVDA", "price_level", 180.2), ("NVDA", "range_low", 171.2), ("NVDA", "range_high", 190.4)]),
    ],
)
def test_a_bullets_leading_name_is_the_subject_of_the_item(text, expected):
    assert facts_in_order(text) == expected


def test_later_sentences_of_an_item_keep_its_subject():
    claims = claims_of("- **AMD**: Down 4.0%. Closed at $150.10. It hit a low of $141.20 on Aug. 12.")
    assert [(c.ticker, c.metric, c.value, c.anchor, c.date) for c in claims] == [
        ("AMD", "period_return", -4.0, None, None),
        ("AMD", "price_level", 150.1, "end", None),
        ("AMD", "range_low", 141.2, None, date(2026, 8, 12)),
    ]


def test_a_numbered_list_with_figures_in_brackets_and_rank_tails():
    got = facts("1. **Amazon** (+9.1%) — the top performer\n2. **Meta** (+4.0%)\n3. **Tesla** (-6.0%) — the laggard")
    assert got == {("AMZN", "period_return", 9.1), ("AMZN", "rank", "best_return"), ("META", "period_return", 4.0),
                   ("TSLA", "period_return", -6.0), ("TSLA", "rank", "worst_return")}


def test_section_labels_are_no_subjects():
    text = ("**Top Performers**\n* **Meta (META): +4.05%** — Top of the table.\n\n"
            "**Underperformers**\n* **UnitedHealth (UNH): -2.61%** — Bottom of the table.\n\n"
            "**Key Observations**\n- **Risk:** Tesla was the most volatile name, at 61%.\n"
            "- **Drawdowns:** Meta had the deepest drawdown, 9.4%.")
    assert facts(text) == {
        ("META", "period_return", 4.05), ("META", "rank", "best_return"),
        ("UNH", "period_return", -2.61), ("UNH", "rank", "worst_return"),
        ("TSLA", "rank", "most_volatile"), ("TSLA", "volatility", 61),
        ("META", "rank", "largest_drawdown"), ("META", "max_drawdown", 9.4),
    }


def test_an_item_without_a_name_lends_nothing_to_the_previous_item():
    assert facts_in_order("- **Nvidia**: +3.1%\n- Broad market: the S&P 500 rose 1.1%.") == [
        ("NVDA", "period_return", 3.1), (None, "period_return", 1.1)]


def test_the_first_sub_bullet_of_a_named_item_keeps_its_subject():
    assert facts_in_order("- **NVDA**\n  - Return: +3.1%") == [("NVDA", "period_return", 3.1)]


@pytest.mark.parametrize(
    ("text", "universe", "expected"),
    [
        ("### Galp (GALP.LS)\n\nShares rose 4,2% to close at €17,10. The month's low was €16,40.\n\n"
         "### EDP (EDP.LS)\n\nDown 1,3%, ending at €3,85.", "lisbon",
         [("GALP.LS", "period_return", 4.2), ("GALP.LS", "price_level", 17.1), ("GALP.LS", "range_low", 16.4),
          ("EDP.LS", "period_return", -1.3), ("EDP.LS", "price_level", 3.85)]),
        ("## Nvidia\n\nThe chipmaker slid 3.1% in August and closed at $180.20.\n\n## Meta Platforms\n\nMeta rose 2.0%.", "us",
         [("NVDA", "period_return", -3.1), ("NVDA", "price_level", 180.2), ("META", "period_return", 2.0)]),
        ("#### Tesla (TSLA) — down 6.0%\nClosed the month at $310.44 after a 7.4% drop on Aug. 19.", "us",
         [("TSLA", "period_return", -6.0), ("TSLA", "price_level", 310.44), ("TSLA", "daily_move", -7.4)]),
    ],
)
def test_a_heading_names_the_subject_of_its_section(text, universe, expected):
    assert facts_in_order(text, universe) == expected


def test_a_heading_without_a_company_ends_the_previous_section():
    assert facts_in_order("## Nvidia\n\nRose 3.1%.\n\n## Market\n\nThe index rose 1.0%.") == [
        ("NVDA", "period_return", 3.1), (None, "period_return", 1.0)]


def test_label_lines_of_a_small_model_dump():
    text = ("Best performer: META (+4.1%)\nWorst performer: UNH (-2.6%)\nMost volatile: TSLA (volatility 61.2%)\n"
            "Largest single-day drop: UNH -4.4% on 2026-08-19")
    claims = claims_of(text)
    assert {(c.ticker, c.metric, c.value) for c in claims} == {
        ("META", "rank", "best_return"), ("META", "period_return", 4.1),
        ("UNH", "rank", "worst_return"), ("UNH", "period_return", -2.6),
        ("TSLA", "rank", "most_volatile"), ("TSLA", "volatility", 61.2),
        ("UNH", "rank", "largest_daily_fall"), ("UNH", "daily_move", -4.4),
    }
    move = next(c for c in claims if c.metric == "daily_move")
    assert (move.date, move.extreme) == (date(2026, 8, 19), "largest")


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("Highest volatility: AMD (55%).", {("AMD", "rank", "most_volatile"), ("AMD", "volatility", 55)}),
        ("Deepest drawdown: Tesla (14.2%).", {("TSLA", "rank", "largest_drawdown"), ("TSLA", "max_drawdown", 14.2)}),
        ("Best day: Intel +3.9% (Aug 3).", {("INTC", "rank", "largest_daily_gain"), ("INTC", "daily_move", 3.9)}),
        ("Biggest one-day drop: Meta, -6.3% on Aug. 12.", {("META", "rank", "largest_daily_fall"), ("META", "daily_move", -6.3)}),
        ("Low-vol name: MA (17% ann.).", {("MA", "rank", "least_volatile"), ("MA", "volatility", 17)}),
    ],
)
def test_a_label_line_ranks_its_name_and_keeps_its_figure(text, present):
    assert_shape(text, present)


@pytest.mark.parametrize(
    ("text", "universe", "start", "end", "ret"),
    [
        ("NVDA: 206.64 → 189.77 (−8.16%)", "us", 206.64, 189.77, -8.16),
        ("AMD: $150.10 → $161.30 (+7.46%)", "us", 150.1, 161.3, 7.46),
        ("AMD $150.10 ⟶ $161.30, +7.5%", "us", 150.1, 161.3, 7.5),
        ("Galp: 16,41 € → 17,10 € (+4,2%)", "lisbon", 16.41, 17.1, 4.2),
        ("**Galp Energia**: +4,2% (from €16,41 to €17,10)", "lisbon", 16.41, 17.1, 4.2),
        ("**Tesla**\nStart 320.14 | End 302.26 | Return -5.6%", "us", 320.14, 302.26, -5.6),
    ],
)
def test_a_dump_line_gives_start_end_and_return(text, universe, start, end, ret):
    claims = claims_of(text, universe)
    levels = sorted((c.anchor, c.value) for c in claims if c.metric == "price_level")
    assert levels == [("end", end), ("start", start)]
    assert [c.value for c in claims if c.metric == "period_return"] == [ret]
    assert len({c.ticker for c in claims}) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Trend for UNH: Downward\nTrend for AVGO: Upward", [("UNH", "direction", "down"), ("AVGO", "direction", "up")]),
    ],
)
def test_a_trend_line_is_a_direction(text, expected):
    assert facts_in_order(text) == expected


# Shapes read since the structure-aware rewrite (each per claims.md and the labelling conventions).
@pytest.mark.parametrize(("text", "universe", "present", "absent"), [
    # ASCII '->' arrow: levels come out without anchors (need start/end); with no '$' no levels at all
    ('AMD: $150.10 -> $161.30 (+7.46%)', 'us', [('AMD', 'price_level', 150.1, (('anchor', 'start'),)), ('AMD', 'price_level', 161.3, (('anchor', 'end'),))], []),
    # ASCII arrow, bare numbers: only the return
    ('AMD: 150.10 -> 161.30 (+7.46%)', 'us', [('AMD', 'period_return', 7.46), ('AMD', 'price_level', 150.1), ('AMD', 'price_level', 161.3)], []),
    # only the first sub-bullet keeps the parent item's subject
    ('- **NVDA**\n  - Return: +3.1%\n  - Close: $180.20', 'us', [('NVDA', 'period_return', 3.1), ('NVDA', 'price_level', 180.2)], []),
    # nested sub-bullet loses the parent's subject
    ('- NVDA — closed at $180.20 (+3.1%)\n  - low $171.20, high $190.40', 'us', [('NVDA', 'range_high', 190.4), ('NVDA', 'range_low', 171.2)], []),
    # 'The month's clear winner' / 'Clear winner of the month' give no rank ('the clear winner' does)
    ("**Top Performers**\n* **Meta (META): +4.05%** — The month's clear winner.", 'us', [('META', 'rank', 'best_return')], []),
])
def test_lists_and_headings_shapes_with_their_fields(text, universe, present, absent):
    claims = claims_of(text, universe)
    found = {(c.ticker, c.metric, c.value) for c in claims}
    for item in present:
        ticker, metric, value, *fields = item
        want = dict(fields[0]) if fields else {}
        assert any((c.ticker, c.metric, c.value) == (ticker, metric, value)
                   and all(str(c.to_dict().get(k)) == str(v) for k, v in want.items()) for c in claims), (item, [c.to_dict() for c in claims])
    assert not ({tuple(a) for a in absent} & found), found


@pytest.mark.parametrize(
    ("text", "present", "absent"),
    [
        # a rank label with nothing after its colon heads the next bullets: no rank for the name before it
        ("* **EDP (EDP.LS):** +5.89%\n\n**The Laggard:**\n\n* **BCP (BCP.LS):** -4.72%",
         {("BCP.LS", "period_return", -4.72)}, {("EDP.LS", "rank", "worst_return"), ("BCP.LS", "rank", "worst_return")}),
        # a rank sentence after a name still ranks it
        ("Galp rose 14%. Best of the bunch.", {("GALP.LS", "rank", "best_return")}, set()),
    ],
)
def test_a_rank_label_closing_its_line_heads_what_follows(text, present, absent):
    assert_shape(text, present, absent, "lisbon", "2026-02")
