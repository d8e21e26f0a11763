"""The cue rules, loaded into spaCy's matchers so that matching stays fast.

spaCy's `Matcher` tests every token pattern at every token: its cost grows with patterns x tokens,
about 6 ms a commentary for this rulebook if every pattern went to one `Matcher`. The
`PhraseMatcher` costs almost nothing whatever the number of phrases. So each cue pattern goes
where it is cheapest, with the same matches:

- phrases (`phrases = [...]`) to a `PhraseMatcher` over lowercased tokens;
- token patterns whose every token is a literal or a literal set (`LOWER`/`NORM`, `IN`), with no
  operator but `?`, are expanded into phrases for a `PhraseMatcher` over NORM (figures are tokens
  whose NORM is `<pct>`, `<price>`, ...); `extractors.document` sets those norms;
- the rest go to one `Matcher` per rule, run only on the few windows of tokens where the pattern's
  anchor (its rarest required literal set) occurs, and of those only on the windows that hold every
  other required literal (a match must contain them). A pattern with no literal anchor runs over the
  whole document.

Every match comes back as (label, rule id, start, end), as a `SpanRuler` would give it; no Span
objects are made (building them cost as much as the matching).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from itertools import product

from spacy.attrs import LOWER, NORM, ORTH
from spacy.matcher import Matcher, PhraseMatcher
from spacy.tokens import Doc

from extractors.rulebook import CueRule

# A token pattern expands to phrases only when it makes at most this many.
MAX_EXPANSION = 3000
# How far a window reaches before and after a pattern's anchor when an operator has no bound.
UNBOUNDED_REACH = 12
KEY_SEPARATOR = "\t"
# The columns whose strings are exactly what the Matcher compares (a token's LOWER and ORTH); the NORM
# column mirrors the Doc's NORM only for figures, dates and number words, so it gates the document only.
WINDOW_CHECKED = frozenset({"LOWER", "ORTH"})


@dataclass(frozen=True)
class _Gated:
    """One rule's token patterns that stayed token patterns, with the anchor that gates them."""

    rule: CueRule
    matcher: Matcher
    attr: str | None  # LOWER | NORM | ORTH, None: no anchor, run everywhere
    values: frozenset[str]
    before: int  # tokens a match may start before the anchor
    after: int  # tokens a match may end after the anchor
    needs: tuple[tuple[str, frozenset[str]], ...] = ()  # every required literal set: the doc must hold one of each
    # the required sets each window must hold too: those over columns the Matcher compares as they are
    window_needs: tuple[tuple[str, frozenset[str]], ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "window_needs", tuple((a, v) for a, v in self.needs if a in WINDOW_CHECKED))


def _values(spec: dict) -> tuple[str, frozenset[str]] | None:
    """The attribute and literal set a token spec accepts, when it accepts only a literal set."""
    keys = set(spec) - {"OP"}
    if len(keys) != 1:
        return None
    attr = next(iter(keys))
    if attr not in ("LOWER", "NORM", "ORTH"):
        return None
    value = spec[attr]
    if isinstance(value, str):
        return attr, frozenset([value if attr == "ORTH" else value.lower()])
    if isinstance(value, dict) and set(value) == {"IN"} and all(isinstance(v, str) for v in value["IN"]):
        return attr, frozenset(v if attr == "ORTH" else v.lower() for v in value["IN"])
    return None


def _expansions(pattern: list[dict], norm_of) -> list[list[str]] | None:
    """The token sequences a literal pattern matches (each a list of NORM strings), or None.

    A LOWER literal whose lexeme NORM differs from it ("–" has NORM "-") is left to the token
    Matcher: as a NORM phrase it would match the wrong tokens, or none.
    """
    choices: list[list[str | None]] = []
    total = 1
    for spec in pattern:
        op = spec.get("OP")
        if op not in (None, "?"):
            return None
        found = _values(spec)
        if found is None or found[0] == "ORTH":
            return None
        if found[0] == "LOWER" and any(norm_of(v) != v for v in found[1]):
            return None
        options: list[str | None] = sorted(found[1])
        if op == "?":
            options = [None, *options]
        total *= len(options)
        if total > MAX_EXPANSION:
            return None
        choices.append(options)
    out = []
    for combination in product(*choices):
        words = [w for w in combination if w is not None]
        if words:
            out.append(words)
    return out


def _reach(specs: list[dict]) -> int:
    reach = 0
    for spec in specs:
        op = spec.get("OP")
        if op in ("*", "+"):
            reach += UNBOUNDED_REACH
        elif op and op.startswith("{"):
            bounds = op.strip("{}").split(",")
            reach += int(bounds[-1]) if bounds[-1] else UNBOUNDED_REACH
        elif op != "!":
            reach += 1
    return reach


# Words so common that a pattern anchored on them would run almost everywhere.
COMMON = frozenset({"the", "a", "an", ",", ".", "of", "on", "in", "to", "and", "at", "for", "its", "was", "is", "by", "with"})


def _required(pattern: list[dict]) -> list[tuple[int, str, frozenset[str]]]:
    """Every required token with a literal set: (index, attribute, values)."""
    out = []
    for index, spec in enumerate(pattern):
        if spec.get("OP") in (None, "+"):
            found = _values(spec)
            if found is not None:
                out.append((index, found[0], found[1]))
    return out


def _anchor(pattern: list[dict]) -> tuple[int, str, frozenset[str]] | None:
    """The rarest required literal token: the one whose values are fewest, common words last."""
    required = _required(pattern)
    if not required:
        return None
    return min(required, key=lambda item: (bool(item[2] & COMMON), len(item[2])))


class CueMatcher:
    """All cue rules of a rulebook, matched over a Doc; `__call__` gives (label, rule, start, end)."""

    def __init__(self, vocab, rules: tuple[CueRule, ...], make_doc):
        self.vocab = vocab
        self.phrases = PhraseMatcher(vocab, attr="LOWER")
        self.norm_phrases = PhraseMatcher(vocab, attr="NORM")
        self.gated: list[_Gated] = []
        self.keys: dict[int, tuple[str, str]] = {}
        for rule in rules:
            key = vocab.strings.add(rule.label + KEY_SEPARATOR + rule.id)
            self.keys[key] = (rule.label, rule.id)
            phrase_docs, norm_docs, token_patterns = [], [], []
            for pattern in rule.patterns:
                if isinstance(pattern, str):
                    phrase_docs.append(make_doc(pattern))
                    continue
                expanded = _expansions(pattern, lambda word: vocab[word].norm_)
                if expanded is None:
                    token_patterns.append(pattern)
                    continue
                for words in expanded:
                    doc = Doc(vocab, words=words)
                    for token, word in zip(doc, words):
                        token.norm_ = word
                    norm_docs.append(doc)
            if phrase_docs:
                self.phrases.add(rule.label + KEY_SEPARATOR + rule.id, phrase_docs)
            if norm_docs:
                self.norm_phrases.add(rule.label + KEY_SEPARATOR + rule.id, norm_docs)
            for pattern in token_patterns:
                matcher = Matcher(vocab, validate=True)
                matcher.add(rule.label + KEY_SEPARATOR + rule.id, [pattern])
                anchor = _anchor(pattern)
                needs = tuple((attr, values) for _, attr, values in _required(pattern))
                if anchor is None:
                    self.gated.append(_Gated(rule, matcher, None, frozenset(), 0, 0, needs))
                else:
                    index, attr, values = anchor
                    self.gated.append(_Gated(rule, matcher, attr, values, _reach(pattern[:index]), _reach(pattern[index:]), needs))
        self._index()

    def _index(self) -> None:
        """What a call asks of a Doc, decided once: per attribute, every literal some gate names (its anchor
        or a required set), and which gates each anchor value opens, so a call visits only the gates whose
        anchor occurs. Each distinct required set is numbered once (many gates share "the", "%", a sign
        word's set), with the sets each literal belongs to, so that a call tells which sets the Doc holds in
        one pass over the literals present, a gate passes when its sets are a subset of those, and the
        positions of a set's literals are gathered once per call however many gates ask for them."""
        self.opened_by: dict[str, dict[str, list[int]]] = {"LOWER": {}, "ORTH": {}, "NORM": {}}
        self.ungated: list[int] = []
        wanted: dict[str, set[str]] = {"LOWER": set(), "ORTH": set(), "NORM": set()}
        self.need_numbers: dict[tuple[str, frozenset[str]], int] = {}
        self.needs_of: dict[str, dict[str, list[int]]] = {"LOWER": {}, "ORTH": {}, "NORM": {}}
        self.gate_needs: list[frozenset[int]] = []  # per gate: the numbers of its required sets
        self.gate_anchor: list[int | None] = []  # per gate: the number of its anchor's set
        self.gate_window_needs: list[tuple[int, ...]] = []  # per gate: the sets each window must hold too

        def number(attr: str, values: frozenset[str]) -> int:
            key = (attr, values)
            if key not in self.need_numbers:
                self.need_numbers[key] = len(self.need_numbers)
                for value in values:
                    self.needs_of[attr].setdefault(value, []).append(self.need_numbers[key])
            return self.need_numbers[key]

        for gate, gated in enumerate(self.gated):
            for attr, values in gated.needs:
                wanted[attr] |= values
            self.gate_needs.append(frozenset(number(attr, values) for attr, values in gated.needs))
            self.gate_window_needs.append(tuple(number(attr, values) for attr, values in gated.window_needs))
            if gated.attr is None:
                self.ungated.append(gate)
                self.gate_anchor.append(None)
                continue
            wanted[gated.attr] |= gated.values
            self.gate_anchor.append(number(gated.attr, gated.values))
            for value in gated.values:
                self.opened_by[gated.attr].setdefault(value, []).append(gate)
        self.need_sets = [key for key, _ in sorted(self.need_numbers.items(), key=lambda item: item[1])]
        self.wanted = {attr: frozenset(values) for attr, values in wanted.items()}

    def __call__(self, doc, lower: list[str], orth: list[str], norm: list[str]) -> list[tuple[str, str, int, int]]:
        keys = self.keys
        found = [(*keys[key], start, end) for matches in (self.phrases(doc), self.norm_phrases(doc))
                 for key, start, end in matches]
        # the positions of the literals the gates name, per attribute, and the required sets the Doc holds
        where: dict[str, dict[str, list[int]]] = {}
        opened = set(self.ungated)
        held: set[int] = set()
        for attr, column in (("LOWER", lower), ("ORTH", orth), ("NORM", norm)):
            present = self.wanted[attr].intersection(column)
            index: dict[str, list[int]] = {}
            if present:
                for i, value in enumerate(column):
                    if value in present:
                        if value in index:
                            index[value].append(i)
                        else:
                            index[value] = [i]
                opened_by, needs_of = self.opened_by[attr], self.needs_of[attr]
                for value in present:
                    opened.update(opened_by.get(value, ()))
                    held.update(needs_of.get(value, ()))
            where[attr] = index
        length = len(doc)
        spots: dict[int, list[int]] = {}  # a required set -> the sorted positions of its literals, once per call

        def positions(need: int) -> list[int]:
            """The sorted positions of a required set's literals, gathered into `spots` (callers look there first)."""
            attr, values = self.need_sets[need]
            index = where[attr]
            spots[need] = spot = sorted(i for value in values & index.keys() for i in index[value])
            return spot

        for number in sorted(opened):
            if not self.gate_needs[number] <= held:
                continue  # the Doc lacks every literal of one of the gate's required sets
            gated = self.gated[number]
            label, rule = gated.rule.label, gated.rule.id
            if gated.attr is None:
                windows = [(0, length)]
            else:
                windows = []
                anchor = self.gate_anchor[number]
                for i in spots[anchor] if anchor in spots else positions(anchor):
                    start, end = max(0, i - gated.before), min(length, i + gated.after)
                    if windows and start <= windows[-1][1]:
                        windows[-1] = (windows[-1][0], end)
                    else:
                        windows.append((start, end))
            # a window lacking one of the required words cannot hold a match: skip the matcher there
            needed = [spots[need] if need in spots else positions(need) for need in self.gate_window_needs[number]]
            for start, end in windows:
                if any(_none_within(spot, start, end) for spot in needed):
                    continue
                target = doc if (start, end) == (0, length) else doc[start:end]
                for _, s, e in gated.matcher(target):
                    found.append((label, rule, s + start, e + start))
        return found


def _none_within(positions: list[int], start: int, end: int) -> bool:
    """No position of the sorted list lies in [start, end)."""
    at = bisect_left(positions, start)
    return at == len(positions) or positions[at] >= end


def token_columns(doc) -> tuple[list[str], list[str], list[str]]:
    """Lowercase, exact and NORM strings of every token, read through the Doc's arrays."""
    strings = doc.vocab.strings
    array = doc.to_array([LOWER, ORTH, NORM])
    lower = [strings[int(v)] for v in array[:, 0]]
    orth = [strings[int(v)] for v in array[:, 1]]
    norm = [strings[int(v)] for v in array[:, 2]]
    return lower, orth, norm
