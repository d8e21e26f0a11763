"""The claim extractor: document structure, then tokens with figures, cues and names, then the resolver.

1. `extractors.structure` cuts the text into tables, list items, headings and prose (markdown-it-py).
2. `extractors.numbers` finds figures and dates; each becomes one spaCy token (`extractors.document`).
3. spaCy's matchers find the cues of `extractors/rules/cues.toml` (`extractors.matching`) and a
   `PhraseMatcher` the names of the universe's name table (exact spellings).
4. `extractors.resolver` turns them into claims by the declared table of `rules/resolve.toml`; tables
   are read by `extractors.tables`, a figure's company found by the finders of `extractors.subjects`.

Every claim names the rules that made it (`Claim.rules`). One extractor is built per universe
(building the matchers is the slow part) and reused.
"""

from __future__ import annotations

from functools import lru_cache

from bisect import bisect_left

import spacy
from spacy.attrs import IDX, LENGTH
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc

from builder.universes import Universe, get_universe
from extractors.claims import Claim
from extractors.document import SUFFIXED_SEARCH, Cue, Name, build, clean_text, forced_tokens, session_dates, words_and_spaces
from extractors.matching import CueMatcher
from extractors.numbers import compound_number_spans, writes_decimal_commas
from extractors.names import BARE_SYMBOL_RULE, bare_symbols, name_patterns
from extractors.resolver import Resolver
from extractors.rulebook import Rulebook, rulebook
from extractors.structure import blocks

INDEX_ID = "__index__"


class Extractor:
    """One universe's extractor: the tokenizer, the two rulers and the resolver."""

    def __init__(self, universe: Universe, book: Rulebook | None = None):
        self.universe = universe
        self.book = book or rulebook()
        self.nlp = spacy.blank("en")
        self.cues = CueMatcher(self.nlp.vocab, self.book.cues, self.nlp.make_doc)
        self.names = PhraseMatcher(self.nlp.vocab, attr="ORTH")
        self.name_of: dict[int, str | None] = {}
        by_ticker: dict[str | None, list[str]] = {}
        for pattern in name_patterns(universe, INDEX_ID):
            by_ticker.setdefault(None if pattern["id"] == INDEX_ID else pattern["id"], []).append(pattern["pattern"])
        for ticker, surfaces in by_ticker.items():
            key = "NAME" + (ticker or INDEX_ID)
            self.name_of[self.nlp.vocab.strings.add(key)] = ticker
            self.names.add(key, [self.nlp.make_doc(surface) for surface in surfaces])
        self.resolver = Resolver(self.book)
        self.header_words = {word for rule in self.book.headers for word in rule.words}
        self.not_symbols = frozenset(word.upper() for name in ("not_symbols", "etf_symbols") for word in self.book.lexicon.get(name, ()))
        self.number_words = frozenset(self.book.lexicon.get("number_words", ()))

    def _header_like(self, cells: list[str]) -> bool:
        """A plain-text table's header line: no figures, and two or more cells the header lexicon knows."""
        known = sum(1 for cell in cells if cell.strip().lower().strip("()%$€:") in self.header_words)
        return known >= 2 and not any(ch.isdigit() for cell in cells for ch in cell if cell.strip()[:1].isdigit())

    def extract(self, text: str, month: str | None = None) -> list[Claim]:
        structure = blocks(text.replace("\r", " "), self._header_like)
        clean = clean_text(text)
        quantities, dates = forced_tokens(clean, month, self.universe.decimal_comma or writes_decimal_commas(clean))
        base = self.nlp.make_doc(clean)
        # token offsets read through the Doc's array, not a Token object per token
        bounds = base.to_array([IDX, LENGTH]).tolist()
        token_spans = [(start, start + length) for start, length in bounds]
        forced = [(q.start, q.end) for q in quantities] + [(d.start, d.end) for d in dates]
        taken = [(a, b) for a, b in forced]
        forced += [(a, b) for a, b in compound_number_spans(clean) if not any(a < e and s < b for s, e in taken)]
        words, spaces, spans = words_and_spaces(clean, token_spans, forced)
        doc = Doc(self.nlp.vocab, words=words, spaces=spaces)
        orth = words
        lower = [word.lower() for word in words]
        # the NORM of each figure, date and number word, set once on the Doc and mirrored in `norm`
        # (the other tokens keep their lexeme's NORM on the Doc, their lowercase form in `norm`)
        by_start = {start: index for index, (start, _) in enumerate(spans)}
        marked: dict[int, str] = {}
        for quantity in quantities:
            index = by_start.get(quantity.start)
            if index is not None:
                marked[index] = _norm(quantity)
        for mention in dates:
            index = by_start.get(mention.start)
            if index is not None:
                marked[index] = "<date>"
        number_words = self.number_words
        if not number_words.isdisjoint(lower):  # most texts spell no number
            for index, word in enumerate(lower):
                if word in number_words and index not in marked:
                    marked[index] = "<int>"  # "nine of the month's twenty-one sessions" counts as "9 of 21"
        norm = list(lower)
        for index, value in marked.items():
            doc[index].norm_ = value
            norm[index] = value
        cues = _longest_per_label(Cue(label, rule, start, end) for label, rule, start, end in self.cues(doc, lower, orth, norm)
                                  if not _hyphen_tail(label, start, end, orth, spans))
        names = self._names(doc, orth, clean, spans)
        document = build(doc, text, clean, spans, quantities, dates, cues, names, [b.start for b in structure])
        return self.resolver.claims(document, structure, month, session_dates(self.universe, month))

    def _names(self, doc, orth: list[str], clean: str, spans: list[tuple[int, int]]) -> list[Name]:
        """Name mentions, longest first where two overlap; exchange-suffixed and bare symbols no table
        knows are names too ("CTT.LS", "Acme Widgets (ACMW)")."""
        found = []
        for key, start, end in self.names(doc):
            ticker = self.name_of[key]
            found.append(Name(ticker, start, end, "name.table" if ticker else "name.index"))
        starts = [s for s, _ in spans]
        if "." in clean:
            for match in SUFFIXED_SEARCH.finditer(clean):
                index = bisect_left(starts, match.start())
                if index < len(starts) and starts[index] == match.start():
                    found.append(Name(match.group(0), index, index + 1, "name.suffixed"))
        found.extend(bare_symbols(orth, found, self.not_symbols))
        found.sort(key=lambda n: (n.start, -(n.end - n.start)))
        kept: list[Name] = []
        for name in found:
            if kept and name.start < kept[-1].end:
                continue
            kept.append(name)
        return kept


def _hyphen_tail(label: str, start: int, end: int, orth: list[str], spans: list[tuple[int, int]]) -> bool:
    """"the runner-up Altri at 5.5%", "a follow-up": a one-word sign that ends a hyphenated word is that
    word's, no sign ("run-up", a sign phrase of its own, is matched whole)."""
    if label not in ("UP", "DOWN") or end - start != 1 or start < 2 or orth[start - 1] != "-":
        return False
    return spans[start - 1][0] == spans[start - 2][1] and spans[start][0] == spans[start - 1][1] and orth[start - 2].isalpha()


def _longest_per_label(cues) -> list:
    """Overlapping matches of one label are one cue, the longest ("on 4 of 9 sessions", not also "4 of 9");
    cues of different labels may overlap (the resolver reads each)."""
    by_label: dict[str, list] = {}
    for cue in cues:
        by_label.setdefault(cue.label, []).append(cue)
    kept = []
    for group in by_label.values():
        if len(group) == 1:
            kept.append(group[0])
            continue
        group.sort(key=lambda c: (c.start - c.end, c.start))
        covered = 0  # a bit per token taken by a longer cue of the label
        for cue in group:
            tokens = ((1 << (cue.end - cue.start)) - 1) << cue.start
            if not covered & tokens:
                kept.append(cue)
                covered |= tokens
    return kept


def _norm(quantity) -> str:
    """The NORM a figure token gets, which token patterns name."""
    if quantity.kind == "pct":
        return "<pct>"
    if quantity.kind == "price":
        return "<price>"
    if quantity.decimals == 0 and float(quantity.value).is_integer():
        return "<year>" if 1990 <= quantity.value <= 2100 else "<int>"
    return "<num>"


@lru_cache(maxsize=8)
def extractor_for(universe_name: str) -> Extractor:
    """One extractor per universe, built once."""
    return Extractor(get_universe(universe_name))


def extract_claims(text: str, universe: str | Universe = "us", month: str | None = None) -> list[Claim]:
    """Every claim in `text`, in order of appearance; `month` (`YYYY-MM`) resolves dates like "the 26th"."""
    if isinstance(universe, Universe):
        extractor = extractor_for(universe.name) if get_universe(universe.name) == universe else Extractor(universe)
    else:
        extractor = extractor_for(universe)
    return extractor.extract(text, month or None)


__all__ = ["BARE_SYMBOL_RULE", "Extractor", "extract_claims", "extractor_for"]
