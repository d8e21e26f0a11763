"""A deterministic narrator: commentary prose written from a panel's facts, with its gold claims.

Each paragraph is built from sentences; each sentence carries the claims it states, in the
`shared/claims.md` vocabulary, with the value as written (rounded) and its stated precision.
A `scope` limits what the prose may state to what a context shows: `full` may state anything,
`sparse` only what the endpoints give, `none` declines, `probe` states the endpoints and declines
the interior question. The faithful baseline, the reciter and the paraphrase corpora all start here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from builder.contexts import month_label
from builder.display import price_text
from builder.facts import PanelFacts, TickerFacts, panel_facts
from builder.panel import Panel
from builder.universes import Universe, get_universe
from contracts.vocabulary import CONTEXT_NAMES

SCOPES = CONTEXT_NAMES  # a scope is named after the context whose view it limits prose to
TEMPLATES = (0, 1, 2)
RETURN_DECIMALS = 1
VOLATILITY_DECIMALS = 0


@dataclass(frozen=True)
class Sentence:
    text: str
    claims: tuple[dict, ...]
    needs_interior: bool = False


@dataclass(frozen=True)
class Paragraph:
    """Narrator prose and the claims it states."""

    text: str
    claims: list[dict] = field(default_factory=list)


def _claim(ticker: str | None, metric: str, value, decimals: int | None = None, **extra) -> dict:
    claim = {"ticker": ticker, "metric": metric, "value": value, "decimals": decimals}
    claim.update({key: value for key, value in extra.items() if value is not None})
    return claim


class _Writer:
    """Formats figures one way per template and records the rounded value it wrote."""

    def __init__(self, universe: Universe, template: int):
        self.universe = universe
        self.template = template

    def name(self, ticker: str) -> str:
        names = self.universe.names.get(ticker, ())
        return names[0] if self.template == 1 and names else ticker

    def pct(self, value: float, decimals: int = RETURN_DECIMALS) -> tuple[str, float]:
        rounded = round(abs(value), decimals)
        text = f"{rounded:.{decimals}f}"
        return (text + (" per cent" if self.template == 2 else "%")), rounded

    def price(self, value: float) -> tuple[str, float]:
        """A price as prompts print it (`builder.display`), so the prose quotes the table's figures."""
        text = price_text(value, self.universe)
        rounded = float(text)
        if self.template == 0:
            return f"{self.universe.currency_symbol}{text}", rounded
        if self.template == 1:
            return f"{self.universe.currency} {text}", rounded
        return text, rounded

    def day(self, session: date) -> str:
        if self.template == 0:
            return session.strftime("%B ") + str(session.day)
        if self.template == 1:
            return f"{session.day} {session.strftime('%B')}"
        return session.strftime("%b. ") + str(session.day)


def _return_phrase(writer: _Writer, facts: TickerFacts) -> tuple[str, dict]:
    text, rounded = writer.pct(facts.period_return)
    signed = rounded if facts.period_return >= 0 else -rounded
    verbs = (("rose", "fell"), ("gained", "lost"), ("added", "shed"))[writer.template]
    verb = verbs[0] if facts.period_return >= 0 else verbs[1]
    return f"{writer.name(facts.ticker)} {verb} {text}", _claim(facts.ticker, "period_return", signed, RETURN_DECIMALS)


def _sentences(facts: PanelFacts, writer: _Writer, month: str) -> list[Sentence]:
    per = facts.tickers
    best, worst = facts.leaders["best_return"], facts.leaders["worst_return"]
    label = month_label(month)
    out: list[Sentence] = []

    best_text, best_claim = _return_phrase(writer, per[best])
    start_text, start_value = writer.price(per[best].first_close)
    end_text, end_value = writer.price(per[best].last_close)
    worst_text, worst_claim = _return_phrase(writer, per[worst])
    lead = ("led the group", "was the top performer", "topped the table")[writer.template]
    tail = ("was the weakest", "lagged the rest", "brought up the rear")[writer.template]
    out.append(Sentence(
        f"In {label}, {writer.name(best)} {lead}: it {best_text.split(' ', 1)[1]}, from {start_text} to {end_text}, "
        f"while {writer.name(worst)} {tail} as it {worst_text.split(' ', 1)[1]}.",
        (
            _claim(best, "rank", "best_return"),
            best_claim,
            _claim(best, "price_level", start_value, writer.universe.price_decimals, anchor="start"),
            _claim(best, "price_level", end_value, writer.universe.price_decimals, anchor="end"),
            _claim(worst, "rank", "worst_return"),
            worst_claim,
        ),
    ))

    rest = [ticker for ticker in per if ticker not in (best, worst)]
    phrases = [_return_phrase(writer, per[ticker]) for ticker in rest]
    if phrases:  # a month with declared absences can leave one name, or none, besides the best and worst
        texts = [text for text, _ in phrases]
        listed = texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + f" and {texts[-1]}"
        opener = ("Elsewhere, ", "Across the rest of the group, ", "Others: ")[writer.template]
        out.append(Sentence(f"{opener}{listed}.", tuple(claim for _, claim in phrases)))

    out.append(Sentence(
        f"{writer.name(best)} outperformed {writer.name(worst)} over the month.",
        (_claim(best, "outperformed", worst),),
    ))

    faller = facts.leaders["largest_daily_fall"]
    fall_text, fall_value = writer.pct(per[faller].largest_daily_fall)
    fall_date = per[faller].largest_daily_fall_date
    out.append(Sentence(
        f"The sharpest single-session drop belonged to {writer.name(faller)}, a fall of {fall_text} on {writer.day(fall_date)}.",
        (
            _claim(faller, "rank", "largest_daily_fall"),
            _claim(faller, "daily_move", -fall_value, RETURN_DECIMALS, date=fall_date.isoformat(), extreme="largest"),
        ),
        needs_interior=True,
    ))

    volatile = facts.leaders["most_volatile"]
    vol_text, vol_value = writer.pct(per[volatile].volatility, VOLATILITY_DECIMALS)
    drawn = facts.leaders["largest_drawdown"]
    dd_text, dd_value = writer.pct(per[drawn].max_drawdown)
    out.append(Sentence(
        f"{writer.name(volatile)} was the most volatile name, with annualised volatility of {vol_text}, "
        f"and {writer.name(drawn)} suffered the deepest drawdown, {dd_text} from its peak.",
        (
            _claim(volatile, "rank", "most_volatile"),
            _claim(volatile, "volatility", vol_value, VOLATILITY_DECIMALS),
            _claim(drawn, "rank", "largest_drawdown"),
            _claim(drawn, "max_drawdown", dd_value, RETURN_DECIMALS),
        ),
        needs_interior=True,
    ))

    steady = facts.ordered("least_volatile")[0]
    low_text, low_value = writer.price(per[steady].min_close)
    high_text, high_value = writer.price(per[steady].max_close)
    out.append(Sentence(
        f"{writer.name(steady)} traded between {low_text} and {high_text} and closed higher on "
        f"{per[steady].up_days} of {per[steady].sessions - 1} sessions.",
        (
            _claim(steady, "range_low", low_value, writer.universe.price_decimals),
            _claim(steady, "range_high", high_value, writer.universe.price_decimals),
            _claim(steady, "up_days", per[steady].up_days, 0),
        ),
        needs_interior=True,
    ))
    return out


def _refusal(text: str) -> Sentence:
    return Sentence(text, (_claim(None, "refusal", text),))


def narrate(panel: Panel, scope: str = "full", template: int = 0) -> Paragraph:
    """Prose about `panel`, stating only what `scope` allows, in one of TEMPLATES' voices."""
    return narrate_facts(panel_facts(panel), scope, template)


def narrate_facts(facts: PanelFacts, scope: str = "full", template: int = 0) -> Paragraph:
    """Prose stating `facts` (a panel's, or figures a baseline made from two panels' facts), as `narrate` does."""
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r}; known: {', '.join(SCOPES)}")
    if template not in TEMPLATES:
        raise ValueError(f"unknown template {template!r}; known: {TEMPLATES}")
    label = month_label(facts.month)
    if scope == "none":
        sentences = [_refusal(
            f"No price data was provided for {label}, so I cannot state how these stocks performed without guessing."
        )]
    else:
        writer = _Writer(get_universe(facts.market), template)
        sentences = _sentences(facts, writer, facts.month)
        if scope != "full":
            sentences = [sentence for sentence in sentences if not sentence.needs_interior]
        if scope == "probe":
            sentences.append(_refusal(
                "The largest single-session falls cannot be determined from the first and last closes alone."
            ))
    text = " ".join(sentence.text for sentence in sentences)
    claims = [{**claim, "sentence": sentence.text} for sentence in sentences for claim in sentence.claims]
    return Paragraph(text=text, claims=claims)
