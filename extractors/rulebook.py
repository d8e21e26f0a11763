"""The extractor's rules as data: the lexicon, the cue rules, the table headers and the resolver's table.

Every cue is an entry `{id, label, pattern | phrases, examples}` in `extractors/rules/cues.toml`; its
patterns name word lists of `extractors/rules/lexicon.toml` as `"@name"`, so a word list is spelled
once. `headers.toml` maps a table header to a metric; `resolve.toml` declares how a figure takes its
metric, sign, anchor and date from the cues around it, and in which order a figure's subject is
looked for. This module only reads and checks those files (ids unique, labels known, lists
defined); `extractors.matching` compiles the cues into spaCy's `PhraseMatcher`s and `Matcher`s and
`extractors.resolver` applies the table. Errors name the file, the rule id and the field.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent / "rules"
RULE_FILES = ("lexicon.toml", "cues.toml", "headers.toml", "resolve.toml")

# Cue labels, each with what it means to the resolver. A cue rule's label must be one of these, or
# `RANK:<rank>` for an idiom that ranks its subject ("led the pack").
LABELS: dict[str, str] = {
    "UP": "a word that says a figure is a rise",
    "DOWN": "a word that says a figure is a fall",
    "UP_NOUN": "a noun right after a figure that makes it a rise ('a 5% gain')",
    "DOWN_NOUN": "a noun right after a figure that makes it a fall ('a 5% decline')",
    "VOL": "volatility",
    "DD": "drawdown, peak to trough",
    "DAILY": "a single session",
    "PERIOD": "the whole month (m/m, over the month)",
    "SPAN": "a span of sessions or weeks ('over 22 sessions'): not one session",
    "EXTREME": "the largest of its kind ('its worst session')",
    "START": "the first close of the month",
    "END": "the last close of the month",
    "HIGH": "the highest close",
    "RANK_NUMBER": "a stated position in a ranking ('rank 10.0', 'ranked No. 3'): its number is no figure",
    "DD_WITH": "a figure led by 'with' up to the drawdown noun closing its clause ('mit 9,1 % den tiefsten Drawdown')",
    "VOL_WITH": "a figure led by 'with' up to the volatility word closing its clause ('with 30.1%, the most volatile')",
    "GIVEN_BACK_HIGH": "a level reached and then given back ('touched $X before fading'): the price inside is the high",
    "RECOVERED_LOW": "a level sunk to and then recovered from ('sank to €X before rebounding'): the price inside is the low",
    "LOW": "the lowest close",
    "LEVEL": "a word before a number that makes it a price ('closed at', 'trading at')",
    "OTHER_PERIOD": "a horizon other than the month (YTD, 12 months)",
    "SUB_PERIOD": "a horizon shorter than the month (a week): another period when the cell's month is known",
    "PHASE": "a stretch of the month a narrative moves through ('in the third week', 'the last three sessions'): a percent no session cue reads is no claim",
    "PERIOD_FREE": "a horizon in a text with no cell: the text's own period, no effect",
    "FORECAST": "a target or forecast, not a fact about the month",
    "OTHER_QUANTITY": "a figure about something other than the price (revenue, breadth, yield)",
    "CONTRIBUTION": "a holding's contribution to a fund's return in basis points ('contributed +40 bps'), no claim",
    "SPREAD": "a difference between two figures, not a claim",
    "SPREAD_BY": "'lagged B by 1.4pp': the figure after 'by' is a spread",
    "ABOVE_LOW": "'1.2% above its low': a distance from a low, no claim",
    "COUNT_SHARE": "'5 of 8 quarters (62.5%)': the share a count makes, no claim",
    "SHARE_OF": "a phrase after a figure that makes it a share of something ('7% of the index')",
    "PERCENT_RANGE": "'7%–8%': a range of percents, no one figure",
    "GROUP_FIGURE": "a group's figure (combined, average)",
    "ARITHMETIC": "an operator ('/', '−', '=', '≈') beside a bare number: the number is an operand, no claim",
    "PAST_MODAL": "'could increase by 9,8 percent and closed': a translated past ('konnte'), no forecast",
    "THRESHOLD": "'sessions below -6%': a bound that counts moves, not a move",
    "DENIED": "', not 4.07%', 'rather than 6.8%': a figure the text denies or withdraws",
    "CORRECTION": "'17.3 not 17.1', '*18.43': a thread's figure that corrects one stated before it",
    "MONTH": "a month's name; the cell's month makes a period, another month another period",
    "DATE": "an explicit date (found by extractors.numbers, not by a cue rule)",
    "PATH": "from X to Y: first and last close",
    "ARROW": "X -> Y: first and last close",
    "RANGE": "between X and Y: lowest and highest close",
    "START_AFTER": "'… against $421.81 at the start of the month', '$242.96 a month earlier': the close just before is the first",
    "END_AFTER": "'recovered to $210.00 by month-end': the close just before is the last",
    "DATED_MOVE": "'a 13.0% rebound on July 30': a move noun right after its percent, then its session",
    "END_PERIOD": "'ended the month', 'finished August': a price later in the clause is the last close",
    "ENDED_AT_HIGH": "'ended at its high': the price that follows is the month's highest close and its last",
    "ENDED_AT_LOW": "'ended at its low': the price that follows is the month's lowest close and its last",
    "EXTREME_AFTER_HIGH": "', its high' after a level: the level is also the month's highest close",
    "EXTREME_AFTER_LOW": "', its low' after a level: the level is also the month's lowest close",
    "PEER_EXTREME_HIGH": "', the highest in the group' after a figure: ranks the figure's family",
    "PEER_EXTREME_LOW": "', the lowest in the group' after a figure: ranks the figure's family",
    "SUP_BEST": "a superlative of doing well (best, top, strongest)",
    "SUP_WORST": "a superlative of doing badly (worst, weakest)",
    "SUP_MAX": "a superlative of size (largest, highest, most)",
    "SUP_MIN": "a superlative of smallness (lowest, least, smallest)",
    "RANK_OPPOSITE": "'at the other end': the opposite of the rank last given",
    "RANK_PLACE": "'ranked tenth of ten', 'came 1st of 8': a place out of a count; the first ranks best, the count's last worst",
    "PLURAL_PERFORMER": "a group noun after a superlative ('the biggest decliners'): no rank",
    "PERFORMER": "a noun naming a ranked return ('performer', 'showing')",
    "OUTPERF": "A outperformed B",
    "UNDERPERF": "A lagged B: B outperformed A",
    "PASSIVE_BY": "A was outpaced by B: B outperformed A",
    "BEHIND_LEADER": "A, B weren't far behind (after the leader is named): the leader outperformed each",
    "FOLLOWED_BY": "the leader ..., followed (closely) by A and B: the leader outperformed each name after it",
    "QUANTIFIER": "both / each / all: the relation is said of several names named before",
    "CAUSAL": "a causal connective: the clause after it explains a move",
    "CAUSAL_KEY": "a key whose value is a cause ('cause: guidance miss'): the item's move is what it explains",
    "TEMPORAL": "an 'after' that dates a move ('after a low of'), not a cause",
    "REPORT_PERIOD": "'a second-quarter report', 'Q2 results': a period word naming the report, not the figure's period",
    "REFUSAL": "a sentence that declines a figure the data cannot support",
    "REFUSAL_ABSENT": "a refusal because the named company is not in the data: no subject",
    "COUNT": "a count of up or down sessions",
    "COUNT_ELLIPTIC": "a second count without its noun ('and lower in eleven')",
    "DIRECTION_UP": "the month ended higher, no figure",
    "DIRECTION_DOWN": "the month ended lower, no figure",
    "DIRECTION_FLAT": "the month ended flat, no figure",
    "RESPECTIVELY": "figures map in order onto the names listed",
    "PRONOUN": "it / its / they: the company last named",
    "DESCRIPTOR": "the stock / the chipmaker: the company last named",
    "MARKET": "the index / the market / stocks: a subject that is no ticker",
    "OBJECT_LEAD": "a word after which a market descriptor is an object ('led the group')",
    "SESSION_FIRST": "the first session of the month",
    "SESSION_LAST": "the last session of the month",
    "SESSION_NEXT": "the next day: the session after the one last dated",
    "FORMER": "the former: the first of the names last listed",
    "LATTER": "the latter: the last of the names last listed",
    "YEAR": "a year: the cell's year is this period, another year another period",
    "SESSION_SAME": "that day / the same day: the session last dated",
    "SESSION_NTH": "'Day 4', 'session 12': the Nth session of the cell's month, read as that date",
    "PART_OF": "'was concentrated in', 'came in': the session after it is part of the figure before, not its time",
    "WEEKDAY": "a weekday alone ('on Friday'): the dated session with that weekday",
    "CLAUSE": "a word that opens a new clause (while, whereas, but)",
    "SPEAKER": "I / we: a clause about the writer, whose time words do not time a figure",
    "WITHIN_PERIOD": "'early in the month': a time inside the period, not the period's return",
    "NOT_SUBJECT": "a capitalised word that names no company (news sources, months)",
}
RANK_PREFIX = "RANK:"
# the labels of a comparison between two companies ("A outperformed B", "B was beaten by A")
RELATION_LABELS = frozenset({"OUTPERF", "UNDERPERF", "PASSIVE_BY"})
FIGURE_KINDS = ("pct", "price", "number")
SIDES = ("before", "after", "inside", "topic")
CROSSINGS = ("comma", "name", "figure")
SLOTS = ("metric", "sign", "anchor", "extreme", "date", "drop", "extra")


class RuleError(ValueError):
    """A rule file that breaks the format; names the file, the rule and the field."""


@dataclass(frozen=True)
class Example:
    """A sentence a rule must read: the claims it must give (ticker, metric, value) and must not give."""

    text: str
    claims: tuple[tuple, ...] = ()
    absent: tuple[tuple, ...] = ()
    universe: str = "us"
    month: str | None = None


@dataclass(frozen=True)
class CueRule:
    id: str
    label: str
    patterns: tuple  # each a phrase (str) or a token pattern (list of dicts), lexicon references expanded
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class HeaderRule:
    """A table header cell's words -> what the cells under it state."""

    id: str
    words: tuple[str, ...]
    metric: str | None  # None: the column states nothing the extractor reads (YTD, volume, weight)
    anchor: str | None = None
    extreme: str | None = None
    sign: int = 0  # -1 for a column of falls written unsigned ("Worst day")
    examples: tuple[Example, ...] = ()
    factor: bool = False  # the figures are growth factors (end over start): 1.0565 states +5.65%
    beside: str = ""  # a key=value note's key read only next to a pair keyed with this metric ("dn" by "up")


@dataclass(frozen=True)
class AttachRule:
    """One row of the resolver's table: a cue in a relation to a figure sets one slot of the claim."""

    id: str
    figures: tuple[str, ...]
    cue: str
    side: str
    within: int
    slot: str
    value: object
    priority: int
    crosses: frozenset[str] = frozenset()
    blocked_by: frozenset[str] = frozenset()
    unsigned_only: bool = False
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class RankRule:
    """A superlative with a metric family -> a rank ("largest" + "drawdown" -> largest_drawdown)."""

    id: str
    superlative: str
    family: str
    rank: str
    sign: int = 0  # for daily families: +1 a gain, -1 a fall, 0 either


@dataclass(frozen=True)
class Rulebook:
    lexicon: dict[str, tuple[str, ...]]
    cues: tuple[CueRule, ...]
    headers: tuple[HeaderRule, ...]
    attach: tuple[AttachRule, ...]
    ranks: tuple[RankRule, ...]
    subject_order: tuple[str, ...]
    constants: dict[str, int] = field(default_factory=dict)
    digest: str = ""
    word_sets: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)

    def words(self, name: str) -> frozenset[str]:
        """A lexicon list as a set, for the resolver's membership tests; an unknown name is an error,
        so a misspelt list cannot silently read as empty."""
        try:
            return self.word_sets[name]
        except KeyError:
            raise RuleError(f"lexicon.toml has no list {name!r}") from None

    def cue(self, rule_id: str) -> CueRule:
        for rule in self.cues:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    def all_examples(self) -> list[tuple[str, Example]]:
        """(rule id, example) for every rule of every file."""
        out = [(rule.id, example) for rule in self.cues for example in rule.examples]
        out += [(rule.id, example) for rule in self.headers for example in rule.examples]
        out += [(rule.id, example) for rule in self.attach for example in rule.examples]
        return out


def _load(name: str, directory: Path) -> dict:
    path = directory / name
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError as error:
        raise RuleError(f"{path}: rule file missing") from error
    except tomllib.TOMLDecodeError as error:
        raise RuleError(f"{path}: not valid TOML: {error}") from error


def _examples(raw: list, where: str) -> tuple[Example, ...]:
    out = []
    for index, entry in enumerate(raw or []):
        if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
            raise RuleError(f"{where}: examples[{index}] needs a 'text'")
        unknown = set(entry) - {"text", "claims", "absent", "universe", "month"}
        if unknown:
            raise RuleError(f"{where}: examples[{index}] has unknown field(s) {', '.join(sorted(unknown))}")
        out.append(Example(
            text=entry["text"],
            claims=tuple(tuple(claim) for claim in entry.get("claims", [])),
            absent=tuple(tuple(claim) for claim in entry.get("absent", [])),
            universe=entry.get("universe", "us"),
            month=entry.get("month"),
        ))
    return tuple(out)


class _Expander:
    """Replaces "@list" references with the lexicon's words, naming the rule on an unknown list."""

    def __init__(self, lexicon: dict[str, tuple[str, ...]]):
        self.lexicon = lexicon

    def words(self, ref: str, where: str) -> tuple[str, ...]:
        name = ref[1:]
        if name not in self.lexicon:
            raise RuleError(f"{where}: unknown lexicon list {ref!r}; known: {', '.join(sorted(self.lexicon))}")
        return self.lexicon[name]

    def phrases(self, raw: list, where: str) -> list[str]:
        out: list[str] = []
        for item in raw:
            if not isinstance(item, str):
                raise RuleError(f"{where}: phrases must be strings, not {item!r}")
            if item.startswith("@"):
                out.extend(self.words(item, where))
            else:
                out.append(item)
        return out

    def value(self, value, where: str):
        if isinstance(value, str) and value.startswith("@"):
            return list(self.words(value, where))
        if isinstance(value, dict):
            return {key: self.value(item, where) for key, item in value.items()}
        if isinstance(value, list):
            out = []
            for item in value:
                expanded = self.value(item, where)
                out.extend(expanded if isinstance(item, str) and item.startswith("@") else [expanded])
            return out
        return value

    def token_pattern(self, raw: list, where: str) -> list[dict]:
        if not isinstance(raw, list) or not all(isinstance(token, dict) for token in raw):
            raise RuleError(f"{where}: a token pattern is a list of tables")
        return [self.value(token, where) for token in raw]


def _label_ok(label: str) -> bool:
    return label in LABELS or label.startswith(RANK_PREFIX)


def load_rulebook(directory: Path | None = None) -> Rulebook:
    """Read and check every rule file; the digest covers their bytes (the scorer's version names it)."""
    directory = directory or RULES_DIR
    raw = {name: _load(name, directory) for name in RULE_FILES}
    lists = raw["lexicon.toml"].get("lists", {})
    lexicon = {}
    for name, words in lists.items():
        if not isinstance(words, list) or not all(isinstance(word, str) for word in words):
            raise RuleError(f"lexicon.toml: list {name!r} must be a list of strings")
        lexicon[name] = tuple(dict.fromkeys(words))
    expand = _Expander(lexicon)
    seen: set[str] = set()

    def check_id(entry: dict, file: str) -> str:
        rule_id = entry.get("id")
        if not isinstance(rule_id, str) or not rule_id:
            raise RuleError(f"{file}: a rule without an id: {entry}")
        if rule_id in seen:
            raise RuleError(f"{file}: rule id {rule_id!r} is used twice")
        seen.add(rule_id)
        return rule_id

    cues = []
    for entry in raw["cues.toml"].get("cue", []):
        rule_id = check_id(entry, "cues.toml")
        where = f"cues.toml: rule {rule_id!r}"
        label = entry.get("label")
        if not isinstance(label, str) or not _label_ok(label):
            raise RuleError(f"{where}: unknown label {label!r}; known: {', '.join(LABELS)} or {RANK_PREFIX}<rank>")
        unknown = set(entry) - {"id", "label", "pattern", "patterns", "phrases", "examples", "note"}
        if unknown:
            raise RuleError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        patterns: list = expand.phrases(entry.get("phrases", []), where)
        if "pattern" in entry:
            patterns.append(expand.token_pattern(entry["pattern"], where))
        for pattern in entry.get("patterns", []):
            patterns.append(expand.token_pattern(pattern, where))
        if not patterns:
            raise RuleError(f"{where}: needs 'phrases', 'pattern' or 'patterns'")
        cues.append(CueRule(rule_id, label, tuple(patterns), _examples(entry.get("examples"), where)))

    headers = []
    for entry in raw["headers.toml"].get("header", []):
        rule_id = check_id(entry, "headers.toml")
        where = f"headers.toml: rule {rule_id!r}"
        words = expand.phrases(entry.get("words", []), where)
        if not words:
            raise RuleError(f"{where}: needs 'words'")
        headers.append(HeaderRule(rule_id, tuple(word.lower() for word in words), entry.get("metric"), entry.get("anchor"),
                                  entry.get("extreme"), int(entry.get("sign", 0)), _examples(entry.get("examples"), where),
                                  bool(entry.get("factor", False)), str(entry.get("beside", ""))))

    resolve = raw["resolve.toml"]
    attach = []
    for entry in resolve.get("attach", []):
        rule_id = check_id(entry, "resolve.toml")
        where = f"resolve.toml: rule {rule_id!r}"
        figures = tuple(entry.get("figures", []))
        if not figures or not set(figures) <= set(FIGURE_KINDS):
            raise RuleError(f"{where}: 'figures' must name some of {', '.join(FIGURE_KINDS)}")
        if not _label_ok(entry.get("cue", "")):
            raise RuleError(f"{where}: unknown cue label {entry.get('cue')!r}")
        if entry.get("side") not in SIDES:
            raise RuleError(f"{where}: 'side' must be one of {', '.join(SIDES)}")
        sets = entry.get("set", {})
        if len(sets) != 1 or next(iter(sets)) not in SLOTS:
            raise RuleError(f"{where}: 'set' must set exactly one of {', '.join(SLOTS)}")
        crosses = frozenset(entry.get("crosses", []))
        if not crosses <= set(CROSSINGS):
            raise RuleError(f"{where}: 'crosses' may name {', '.join(CROSSINGS)}")
        blocked = frozenset(entry.get("blocked_by", []))
        if not all(_label_ok(label) for label in blocked):
            raise RuleError(f"{where}: unknown label in 'blocked_by'")
        slot, value = next(iter(sets.items()))
        attach.append(AttachRule(rule_id, figures, entry["cue"], entry["side"], int(entry.get("within", 0)), slot, value,
                                 int(entry.get("priority", 0)), crosses, blocked, bool(entry.get("unsigned_only", False)),
                                 _examples(entry.get("examples"), where)))

    ranks = []
    for entry in resolve.get("rank", []):
        rule_id = check_id(entry, "resolve.toml")
        ranks.append(RankRule(rule_id, entry["superlative"], entry["family"], entry["rank"], int(entry.get("sign", 0))))
    subject_order = tuple(resolve.get("subjects", {}).get("order", []))
    digest = hashlib.sha256(b"".join((directory / name).read_bytes() for name in RULE_FILES)).hexdigest()[:16]
    return Rulebook(lexicon, tuple(cues), tuple(headers), tuple(attach), tuple(ranks), subject_order,
                    dict(resolve.get("constants", {})), digest, {name: frozenset(words) for name, words in lexicon.items()})


@cache
def rulebook() -> Rulebook:
    """The committed rulebook, read once."""
    return load_rulebook()
