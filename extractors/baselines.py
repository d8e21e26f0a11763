"""Baseline submissions, the scorer's canaries: they must score as their names say.

- faithful: narrator prose from the shown panel (the prices as the prompt displayed them), stating
  only what the cell's context shows (declines under `none`, declines the interior question under
  `probe`). Should be all supported.
- reciter: narrator prose from the true panel, whatever the cell. Should be recited wherever the
  arms can tell reading from recall.
- fabricator: prose with figures drawn at random (seeded). Should be almost all fabricated.
- blender: the faithful baseline's prose, every figure stated half way between the shown panel's
  and the truth's (`BLEND_SHARE`). Its reading weight must be 0.5: the canary for a model that mixes
  memory with the input, which the verdicts alone file as approximate or fabricated.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from builder.cells import Cell
from builder.contexts import month_label
from builder.display import price_text
from builder.facts import PanelFacts, TickerFacts, direction_of
from builder.narrator import TEMPLATES, narrate, narrate_facts
from builder.universes import get_universe
from extractors.oracle import PanelView, view_of
from extractors.scoring_data import ScoringData
from contracts.submission import Response
from contracts.vocabulary import BASELINE_NAMES, check_registry
from extractors.defaults import BASELINE_SEED as DEFAULT_SEED

# The fabricator's figures: prices scaled by a factor drawn from these bands around the true
# first close (never within a few percent of it), volatility and session counts from wide ranges.
FABRICATED_PRICE_FACTORS = ((0.45, 0.85), (1.15, 1.9))
FABRICATED_VOLATILITY = (5, 140)
# The blender states true + BLEND_SHARE x (shown - true) for every figure: its reading weight.
BLEND_SHARE = 0.5
# The figures the blender mixes (each answered by the oracle from the same field on both panels).
BLENDED_FIELDS = ("first_close", "last_close", "period_return", "min_close", "max_close", "max_drawdown", "volatility")


def _template(cell: Cell, index: int) -> int:
    return TEMPLATES[index % len(TEMPLATES)]


def faithful(cell: Cell, data: ScoringData, index: int, rng: random.Random) -> str:
    return narrate(data.shown(cell), scope=cell.context, template=_template(cell, index)).text


def reciter(cell: Cell, data: ScoringData, index: int, rng: random.Random) -> str:
    return narrate(data.true(cell), scope="full", template=_template(cell, index)).text


def _fake_price(rng: random.Random, anchor: float) -> float:
    low, high = rng.choice(FABRICATED_PRICE_FACTORS)
    return anchor * rng.uniform(low, high)


def fabricator(cell: Cell, data: ScoringData, index: int, rng: random.Random) -> str:
    """Confident prose about every ticker with random levels, volatility and session counts."""
    universe = get_universe(cell.market)
    facts = view_of(data.true(cell)).facts
    symbol = universe.currency_symbol
    sentences = [f"In {month_label(cell.month)} the group had an eventful month."]
    for ticker, ticker_facts in facts.tickers.items():
        anchor = ticker_facts.first_close
        end, peak = _fake_price(rng, anchor), _fake_price(rng, anchor)
        volatility = rng.randint(*FABRICATED_VOLATILITY)
        sentences.append(
            f"{ticker} ended the month at {symbol}{price_text(end, universe)} after peaking at "
            f"{symbol}{price_text(max(end, peak) * 1.01, universe)}, "
            f"with annualised volatility of {volatility}%."
        )
    return " ".join(sentences)


def _mix(shown: float, true: float, share: float) -> float:
    return true + share * (shown - true)


def blended_facts(shown: PanelView, true: PanelView, share: float = BLEND_SHARE) -> PanelFacts:
    """The shown panel's facts with every figure moved to true + share x (shown - true).

    The structure stays the shown panel's (leaders, dates, which ticker each sentence is about), so
    each figure is the one the oracle checks that claim against: a dated move is the mix of the two
    panels' moves on that date, a range the mix of the two lowest (highest) closes. Session counts
    are mixed and rounded (a count has no half); they carry no reading weight."""
    tickers: dict[str, TickerFacts] = {}
    for ticker, mine in shown.facts.tickers.items():
        theirs = true.facts.tickers[ticker]
        mixed = {name: _mix(getattr(mine, name), getattr(theirs, name), share) for name in BLENDED_FIELDS}
        fall_date = mine.largest_daily_fall_date
        fall = _mix(shown.moves[ticker][fall_date], true.moves[ticker][fall_date], share)
        up_days = round(_mix(mine.up_days, theirs.up_days, share))
        tickers[ticker] = replace(mine, **mixed, direction=direction_of(mixed["period_return"]), largest_daily_fall=fall,
                                  up_days=up_days, down_days=mine.sessions - 1 - up_days)
    return replace(shown.facts, tickers=tickers)


def blender(cell: Cell, data: ScoringData, index: int, rng: random.Random) -> str:
    """The faithful baseline's prose, scoped to what the cell shows, with every figure half way to the truth."""
    facts = blended_facts(view_of(data.shown(cell)), view_of(data.true(cell)))
    return narrate_facts(facts, scope=cell.context, template=_template(cell, index)).text


Writer = Callable[[Cell, ScoringData, int, random.Random], str]
BASELINES: dict[str, Writer] = {"faithful": faithful, "reciter": reciter, "fabricator": fabricator, "blender": blender}
check_registry("baseline", BASELINES, BASELINE_NAMES)


@dataclass(frozen=True)
class Baseline:
    name: str
    responses: list[Response]


def baseline_submission(name: str, data: ScoringData, seed: int = DEFAULT_SEED) -> list[Response]:
    """One response (sample 0) for every cell of `data`, in cell order."""
    if name not in BASELINES:
        raise ValueError(f"unknown baseline {name!r}; known: {', '.join(BASELINES)}")
    writer = BASELINES[name]
    rng = random.Random(seed)
    return [
        Response(line=index + 1, cell_id=cell.cell_id, commentary=writer(cell, data, index, rng))
        for index, cell in enumerate(data.cells.values())
    ]
