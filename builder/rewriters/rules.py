"""A rule-based rewriter: the narrator's claims re-realised in new words, seeded and reproducible.

It does not edit the narrator's text; it re-says each narrator sentence from that sentence's
gold claims, choosing (with a seeded RNG) among synonyms, clause orders, list or prose, company
name or ticker, and number spellings: `8.4 per cent`, `8.4pc`, `(8.2)%`, `-8.2%`, `US$ 206.64`,
`EUR 4.700`, `4,700 €` (Portuguese decimal comma, Lisbon only), `fifty-six per cent`. Because the
claims drive the words, every figure survives and the gold claims stay exact: values and stated
precision are never changed, only spelled differently. A sentence whose claim pattern it does
not know is kept verbatim.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from builder.rewriters.base import CorpusItem, Rewriter
from builder.universes import get_universe

NAME = "rules"
DEFAULT_SEED = 2026
_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " \
         "seventeen eighteen nineteen".split()
_TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty", 90: "ninety"}
_SESSIONS_RE = re.compile(r"on (\d+) of (\d+) sessions")
_LEAD_RE = re.compile(r"^(In [^,]+), ")


def number_word(value: int) -> str:
    """0..99 as English words (`56` -> `fifty-six`)."""
    if not 0 <= value < 100:
        raise ValueError(f"no word spelling for {value}")
    if value < 20:
        return _UNITS[value]
    tens, unit = divmod(value, 10)
    return _TENS[tens * 10] + (f"-{_UNITS[unit]}" if unit else "")


@dataclass(frozen=True)
class Speller:
    """Spells one paragraph's names, percents, prices, dates and counts, drawing from `rng`."""

    rng: random.Random
    market: str

    def pick(self, options):
        return self.rng.choice(list(options))

    def name(self, ticker: str) -> str:
        names = get_universe(self.market).names.get(ticker, ())
        return self.pick((ticker, *names[:2])) if names else ticker

    def number(self, value: float, decimals: int) -> str:
        return f"{abs(value):.{decimals}f}"

    def pct(self, value: float, decimals: int, words_ok: bool = True) -> str:
        """An unsigned percent; word spelling only when the figure is a whole number stated without decimals."""
        text = self.number(value, decimals)
        forms = [f"{text}%", f"{text} per cent", f"{text}pc", f"{text} percent"]
        if words_ok and decimals == 0 and abs(value) < 100:
            forms += [f"{number_word(int(abs(value)))} per cent", f"{number_word(int(abs(value)))} percent"]
        return self.pick(forms)

    def signed_pct(self, value: float, decimals: int) -> str:
        text = self.number(value, decimals)
        if value < 0:
            return self.pick((f"-{text}%", f"({text})%", f"\u2212{text}%", f"-{text} per cent"))
        return self.pick((f"+{text}%", f"+{text} per cent", f"+{text}pc"))

    def price(self, value: float, decimals: int) -> str:
        text = self.number(value, decimals)
        if self.market == "lisbon":
            comma = text.replace(".", ",")
            return self.pick((f"€{text}", f"EUR {text}", f"{comma} €", f"{text} euros", f"€ {text}"))
        return self.pick((f"${text}", f"US$ {text}", f"USD {text}", f"US${text}", f"${text}"))

    def day(self, iso: str) -> str:
        when = date.fromisoformat(iso)
        suffix = "th" if 11 <= when.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(when.day % 10, "th")
        return self.pick((
            f"{when:%B} {when.day}", f"{when.day} {when:%B}", f"{when:%b}. {when.day}",
            f"the {when.day}{suffix}", when.isoformat(), f"{when:%A}, {when:%B} {when.day}",
        ))

    def count(self, value: int) -> str:
        return self.pick((str(value), str(value), number_word(value) if value < 100 else str(value)))


def _rise_fall(sp: Speller, value: float, decimals: int) -> str:
    """A verb phrase stating a signed monthly return: `climbed 8.4%`, `returned (8.2)%`, `was down 8.2 percent`."""
    pct = sp.pct(value, decimals, words_ok=False)
    if value >= 0:
        return sp.pick((f"rose {pct}", f"climbed {pct}", f"gained {pct}", f"advanced {pct}", f"was up {pct}",
                        f"returned {sp.signed_pct(value, decimals)}", f"added {pct}", f"posted a gain of {pct}"))
    return sp.pick((f"fell {pct}", f"declined {pct}", f"dropped {pct}", f"slipped {pct}", f"was down {pct}",
                    f"returned {sp.signed_pct(value, decimals)}", f"lost {pct}", f"posted a loss of {pct}"))


def _by_metric(claims: tuple[dict, ...]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for claim in claims:
        out.setdefault(claim["metric"], []).append(claim)
    return out


def _lead_sentence(sp: Speller, lead: str, claims: tuple[dict, ...]) -> list[tuple[str, tuple[dict, ...]]]:
    m = _by_metric(claims)
    ranks = {claim["value"]: claim for claim in m["rank"]}
    best, worst = ranks["best_return"]["ticker"], ranks["worst_return"]["ticker"]
    rets = {claim["ticker"]: claim for claim in m["period_return"]}
    start = next(c for c in m["price_level"] if c.get("anchor") == "start")
    end = next(c for c in m["price_level"] if c.get("anchor") == "end")
    b_ret, w_ret = rets[best], rets[worst]
    path = f"from {sp.price(start['value'], start['decimals'])} to {sp.price(end['value'], end['decimals'])}"
    b_name, w_name = sp.name(best), sp.name(worst)
    b_move, w_move = _rise_fall(sp, b_ret["value"], b_ret["decimals"]), _rise_fall(sp, w_ret["value"], w_ret["decimals"])
    led = sp.pick(("led the pack", "was the best performer", "led the group", "was the top performer", "topped the table"))
    lagged = sp.pick(("was the weakest", "was the worst performer", "brought up the rear", "was the laggard"))
    shape = sp.pick(("one", "worst_first", "split"))
    if shape == "one":
        return [(f"{lead}, {b_name} {led}: it {b_move}, {path}, while {w_name} {lagged} as it {w_move}.", claims)]
    if shape == "worst_first":
        return [(f"{lead}, {w_name} {lagged}, having {_past(w_move)}, while {b_name} {led} after it {b_move} {path}.", claims)]
    lower = lead[0].lower() + lead[1:]
    first = tuple(c for c in claims if c["ticker"] == best)
    second = tuple(c for c in claims if c["ticker"] != best)
    return [
        (f"{b_name} {led} {lower}: it {b_move}, {path}.", first),
        (f"At the other end, {w_name} {lagged}; it {w_move}.", second),
    ]


def _past(move: str) -> str:
    """`rose 8.4%` -> `risen 8.4%` after `having` (the few verbs _rise_fall uses)."""
    participles = {"rose": "risen", "fell": "fallen", "was": "been", "slipped": "slipped", "dropped": "dropped",
                   "declined": "declined", "climbed": "climbed", "gained": "gained", "advanced": "advanced",
                   "returned": "returned", "added": "added", "lost": "lost", "posted": "posted"}
    verb, rest = move.split(" ", 1)
    return f"{participles.get(verb, verb)} {rest}"


def _list_sentence(sp: Speller, claims: tuple[dict, ...]) -> list[tuple[str, tuple[dict, ...]]]:
    items = list(claims)
    sp.rng.shuffle(items)
    shape = sp.pick(("prose", "signed", "semicolons", "respectively", "sentences"))
    if shape == "prose":
        parts = [f"{sp.name(c['ticker'])} {_rise_fall(sp, c['value'], c['decimals'])}" for c in items]
        opener = sp.pick(("Elsewhere, ", "Among the rest, ", "In the rest of the group, ", ""))
        text = opener + ", ".join(parts[:-1]) + f" and {parts[-1]}."
        return [(text[0].upper() + text[1:], tuple(items))]
    if shape == "signed":
        parts = [f"{sp.name(c['ticker'])} {sp.signed_pct(c['value'], c['decimals'])}" for c in items]
        return [(sp.pick(("The rest: ", "Other moves: ", "Elsewhere: ")) + ", ".join(parts) + ".", tuple(items))]
    if shape == "semicolons":
        parts = [f"{sp.name(c['ticker'])} {'up' if c['value'] >= 0 else 'down'} {sp.pct(c['value'], c['decimals'], False)}"
                 for c in items]
        return [("The others: " + "; ".join(parts) + ".", tuple(items))]
    if shape == "respectively":
        up = [c for c in items if c["value"] >= 0]
        down = [c for c in items if c["value"] < 0]
        clauses = []
        for group, verb in ((up, "rose"), (down, "fell")):
            if len(group) == 1:
                c = group[0]
                clauses.append(f"{sp.name(c['ticker'])} {verb} {sp.pct(c['value'], c['decimals'], False)}")
            elif group:
                names = ", ".join(sp.name(c["ticker"]) for c in group[:-1]) + f" and {sp.name(group[-1]['ticker'])}"
                pcts = ", ".join(sp.pct(c["value"], c["decimals"], False) for c in group[:-1])
                pcts += f" and {sp.pct(group[-1]['value'], group[-1]['decimals'], False)}"
                clauses.append(f"{names} {verb} {pcts} respectively")
        return [("Elsewhere, " + ", while ".join(clauses) + ".", tuple(items))]
    return [(f"{sp.name(c['ticker'])} {_rise_fall(sp, c['value'], c['decimals'])}.", (c,)) for c in items]


def _outperformed_sentence(sp: Speller, claims: tuple[dict, ...]) -> list[tuple[str, tuple[dict, ...]]]:
    claim = claims[0]
    winner, loser = sp.name(claim["ticker"]), sp.name(claim["value"])
    period = sp.pick(("over the period", "over the month", "", "by a wide margin"))
    period = f" {period}" if period else ""
    return [(sp.pick((
        f"{winner} outperformed {loser}{period}.",
        f"{loser} lagged {winner}{period}.",
        f"{loser} underperformed {winner}{period}.",
        f"{winner} beat {loser}{period}.",
    )), claims)]


def _daily_fall_sentence(sp: Speller, claims: tuple[dict, ...]) -> list[tuple[str, tuple[dict, ...]]]:
    move = _by_metric(claims)["daily_move"][0]
    who, pct, day = sp.name(move["ticker"]), sp.pct(move["value"], move["decimals"], False), sp.day(move["date"])
    return [(sp.pick((
        f"The sharpest single-session drop belonged to {who}, a fall of {pct} on {day}.",
        f"{who} had the worst single day of the group, sliding {pct} on {day}.",
        f"On {day}, {who} suffered the largest one-day fall of any stock, a {pct} drop.",
        f"The biggest daily decline was {who}'s {pct} slide on {day}.",
    )), claims)]


def _risk_sentence(sp: Speller, claims: tuple[dict, ...]) -> list[tuple[str, tuple[dict, ...]]]:
    m = _by_metric(claims)
    vol, dd = m["volatility"][0], m["max_drawdown"][0]
    vol_text = sp.pct(vol["value"], vol["decimals"])
    dd_text = sp.pct(dd["value"], dd["decimals"], False)
    v_name, d_name = sp.name(vol["ticker"]), sp.name(dd["ticker"])
    vol_clause = sp.pick((
        f"{v_name} was the most volatile name, with annualised volatility of {vol_text}",
        f"{v_name} was the most volatile stock, its annualized volatility running at {vol_text}",
        f"the highest volatility belonged to {v_name}, at {vol_text} annualised",
    ))
    dd_clause = sp.pick((
        f"{d_name} suffered the deepest drawdown, {dd_text} from its peak",
        f"{d_name} had the largest peak-to-trough drawdown, at {dd_text}",
        f"{d_name} saw the biggest drawdown of the group: {dd_text} from peak to trough",
    ))
    vol_claims = tuple(c for c in claims if c["metric"] == "volatility" or c.get("value") == "most_volatile")
    dd_claims = tuple(c for c in claims if c not in vol_claims)
    shape = sp.pick(("together", "swapped", "split"))
    cap = lambda text: text[0].upper() + text[1:]  # noqa: E731 - local helper
    if shape == "together":
        return [(cap(f"{vol_clause}, and {dd_clause}."), claims)]
    if shape == "swapped":
        return [(cap(f"{dd_clause}, while {vol_clause}."), dd_claims + vol_claims)]
    return [(cap(f"{vol_clause}."), vol_claims), (cap(f"{dd_clause}."), dd_claims)]


def _range_sentence(sp: Speller, claims: tuple[dict, ...], original: str) -> list[tuple[str, tuple[dict, ...]]]:
    m = _by_metric(claims)
    low, high, up = m["range_low"][0], m["range_high"][0], m["up_days"][0]
    found = _SESSIONS_RE.search(original)
    total = int(found.group(2)) if found else None
    who = sp.name(low["ticker"])
    lo, hi = sp.price(low["value"], low["decimals"]), sp.price(high["value"], high["decimals"])
    of = f" of {sp.count(total)}" if total is not None else ""
    days = sp.pick((f"closed higher on {sp.count(up['value'])}{of} sessions",
                    f"rose on {sp.count(up['value'])}{of} sessions",
                    f"finished up in {sp.count(up['value'])}{of} sessions"))
    return [(sp.pick((
        f"{who} traded between {lo} and {hi} and {days}.",
        f"{who} fluctuated between {lo} and {hi}, and {days}.",
        f"{who} moved in a range from a low of {lo} to a high of {hi}; it {days}.",
        f"{who} closed between {lo} and {hi} throughout and {days}.",
    )), claims)]


def _realise(sp: Speller, sentence: str, claims: tuple[dict, ...]) -> list[tuple[str, tuple[dict, ...]]]:
    metrics = {claim["metric"] for claim in claims}
    ranks = {claim["value"] for claim in claims if claim["metric"] == "rank"}
    lead = _LEAD_RE.match(sentence)
    if "best_return" in ranks and lead:
        return _lead_sentence(sp, lead.group(1), claims)
    if metrics == {"period_return"} and len(claims) > 1:
        return _list_sentence(sp, claims)
    if metrics == {"outperformed"}:
        return _outperformed_sentence(sp, claims)
    if "daily_move" in metrics:
        return _daily_fall_sentence(sp, claims)
    if {"volatility", "max_drawdown"} <= metrics:
        return _risk_sentence(sp, claims)
    if {"range_low", "range_high", "up_days"} <= metrics:
        return _range_sentence(sp, claims, sentence)
    return [(sentence, claims)]


def sentences_of(item: CorpusItem) -> list[tuple[str, tuple[dict, ...]]]:
    """The narrator sentences in order, each with its claims (claims name their sentence)."""
    out: list[tuple[str, list[dict]]] = []
    for claim in item.claims:
        if out and out[-1][0] == claim["sentence"]:
            out[-1][1].append(claim)
        else:
            out.append((claim["sentence"], [claim]))
    return [(sentence, tuple(claims)) for sentence, claims in out]


class RuleRewriter(Rewriter):
    """Seeded: the same seed and item always give the same text."""

    name = NAME

    def __init__(self, seed: int = DEFAULT_SEED) -> None:
        self.seed = seed

    def __call__(self, item: CorpusItem) -> CorpusItem:
        speller = Speller(random.Random(f"{self.seed}:{item.id}"), item.market)
        realised: list[tuple[str, tuple[dict, ...]]] = []
        for sentence, claims in sentences_of(item):
            realised.extend(_realise(speller, sentence, claims))
        text = " ".join(sentence for sentence, _ in realised)
        claims = tuple({**claim, "sentence": sentence} for sentence, group in realised for claim in group)
        return item.reworded(self.name, text, claims)
