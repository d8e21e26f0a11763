"""Collapsible sections and markdown footnotes: a `<details>` block's `<summary>` names what the block's
lines are about, up to `</details>`; a footnote's definition (`[^2]: …`) is about the company of the
sentence its mark sits in."""

from __future__ import annotations

import pytest

from tests.extract.support import claims_of, facts

FEB = "2026-02"

SECTIONS = """AMD fell 18.70% and Tesla 4.58%.

<details>
<summary>Tesla — −4.58%</summary>

- Worst day: −3.87% on Feb 4
- Volatility 32.4% annualised

</details>

<details>
<summary>Amazon — −13.57%</summary>

- 34.2% annualised volatility

</details>
"""


def test_summary_names_the_lines_of_its_section():
    found = facts(SECTIONS, "us", FEB)
    assert {("TSLA", "daily_move", -3.87), ("TSLA", "volatility", 32.4), ("AMZN", "volatility", 34.2)} <= found
    assert not {("AMD", "volatility", 32.4), ("TSLA", "volatility", 34.2)} & found


def test_a_section_ends_at_its_close():
    text = SECTIONS + "\n- 6 up days for the group\n\nOverall, 11.2% annualised volatility for AMD.\n"
    found = facts(text, "us", FEB)
    assert ("AMD", "volatility", 11.2) in found
    assert ("AMZN", "volatility", 11.2) not in found


def test_nested_section_takes_its_own_summary():
    text = ("<details><summary>Tesla</summary>\n\n- Best day: +3.50% on Feb 6\n\n"
            "<details><summary>AMD</summary>\n\n- Best day: +8.77% on Feb 24\n\n</details>\n\n</details>\n")
    found = facts(text, "us", FEB)
    assert {("TSLA", "daily_move", 3.5), ("AMD", "daily_move", 8.77)} <= found
    assert ("TSLA", "daily_move", 8.77) not in found


@pytest.mark.parametrize(
    ("text", "universe", "present", "absent"),
    [
        # the mark after a named figure
        ("# PSI blue chips — February 2026\n\nNOS led with +17.05%[^2], ahead of Sonae.\n\n"
         "[^1]: Price return, first to last close.\n[^2]: €4.400 on 2 February → €5.150 on 27 February.",
         "lisbon", {("NOS.LS", "price_level", 4.4), ("NOS.LS", "price_level", 5.15)}, {(None, "price_level", 4.4)}),
        # the mark in a bullet whose company is its section's
        ("<details>\n<summary>Amazon — −13.57%</summary>\n\n- Peak-to-trough 18.18%[^3]\n\n</details>\n\n"
         "<details>\n<summary>AMD — −18.70%</summary>\n\n- Max drawdown 21.83%[^4]\n\n</details>\n\n"
         "[^3]: Trough $198.79 on Feb 13.\n[^4]: Peak $246.27 on Feb 2, trough $192.50 on Feb 5.",
         "us", {("AMZN", "range_low", 198.79), ("AMD", "range_high", 246.27), ("AMD", "range_low", 192.5)},
         {("AMD", "range_low", 198.79), ("AMZN", "range_low", 192.5)}),
    ],
)
def test_footnote_definition_is_about_its_marked_sentence(text, universe, present, absent):
    found = facts(text, universe, FEB)
    assert present <= found
    assert not absent & found


def test_closing_range_with_dates_is_low_and_high():
    found = facts("- **Tesla**: Closing range: $397.21 on Feb 5 to $428.27 on Feb 11", "us", FEB)
    assert {("TSLA", "range_low", 397.21), ("TSLA", "range_high", 428.27)} <= found
    assert ("TSLA", "price_level", 397.21) not in found


@pytest.mark.parametrize("text", ["- **Tesla**: 11 up days, 7 down", "Tesla: 11 up days, 7 down."])
def test_the_other_count_after_a_comma(text):
    found = facts(text, "us", FEB)
    assert {("TSLA", "up_days", 11), ("TSLA", "down_days", 7)} <= found


@pytest.mark.parametrize(
    "heading",
    ["<details>\n<summary>Annualised volatility: the calmest and the jumpiest</summary>\n",
     "### Annualised volatility\n", "Annualised volatility:\n"],
)
def test_a_heading_naming_a_risk_measure_keys_the_bare_percents_under_it(heading):
    text = heading + "\n- Sonae 15.74% ← lowest\n- Navigator 16.38%\n- BCP 31.91% ← highest\n- BCP fell 4.7% on the day\n"
    found = facts(text, "lisbon", FEB)
    assert {("SON.LS", "volatility", 15.74), ("NVG.LS", "volatility", 16.38), ("BCP.LS", "volatility", 31.91),
            ("SON.LS", "rank", "least_volatile"), ("BCP.LS", "rank", "most_volatile")} <= found
    assert not {("SON.LS", "period_return", 15.74), ("BCP.LS", "rank", "best_return"), ("BCP.LS", "volatility", -4.7)} & found


def test_a_return_heading_keys_nothing_new():
    found = facts("### February returns: the ranking\n\n- Sonae 11.9\n- NOS 5.150\n", "lisbon", FEB)
    assert not {c for c in found if c[1] == "period_return"}


def test_a_footnote_mark_glued_to_a_word_hides_no_cue():
    found = {(c.ticker, c.metric, c.value, c.date and c.date.isoformat()) for c in claims_of(
        "**Galp** peaked at €18.70 on the 19th and slipped 2.46% the next session[^4].\n\n"
        "[^4]: Galp still finished the month at €18.22.", "lisbon", FEB)}
    assert ("GALP.LS", "daily_move", -2.46, "2026-02-20") in found
    assert ("GALP.LS", "price_level", 18.22, None) in found


@pytest.mark.parametrize(
    "text",
    ["[^1]: Price return, first to last close; dividends are not included.",
     "- [ ] Why Amazon slid all month — the closes alone can't tell us that"],
)
def test_a_method_note_or_a_question_of_cause_declines_no_figure(text):
    assert not {c for c in facts(text, "us", FEB) if c[1] == "refusal"}


def test_a_data_gap_is_still_a_refusal():
    found = facts("- [ ] Intraday ranges — the source has no intraday highs or lows, so none are given here", "us", FEB)
    assert {c for c in found if c[1] == "refusal"}


def test_a_sign_noun_heading_the_next_figure_signs_not_the_one_before():
    found = facts("**Sonae** added 11.94% with a drawdown of just 1.12%.", "lisbon", FEB)
    assert {("SON.LS", "period_return", 11.94), ("SON.LS", "max_drawdown", 1.12)} <= found


def test_the_same_sessions_are_the_month():
    found = facts("Outside the ten, Mota-Engil rose 15.3% over the same sessions.", "lisbon", FEB)
    assert ("EGL.LS", "period_return", 15.3) in found
    assert ("EGL.LS", "daily_move", 15.3) not in found
