"""The claim extractor: document structure, then tokens with figures, cues and names, then the resolver.

1. `extractors.structure` cuts the text into tables, list items, headings and prose (markdown-it-py).
2. `extractors.numbers` finds figures and dates; each becomes one spaCy token (`extractors.document`).
3. Two spaCy `SpanRuler`s find the cues of `extractors/rules/cues.toml` (lowercased tokens) and the
   names of the universe's name table (exact spellings).
4. `extractors.resolver` turns them into claims by the declared table of `rules/resolve.toml`.

Every claim names the rules that made it (`Claim.rules`). One extractor is built per universe
(building the matchers is the slow part) and reused.
"""

from __future__ import annotations

from functools import lru_cache

import spacy
from spacy.tokens import Doc

from builder.universes import Universe, get_universe
from extractors.claims import Claim
from extractors.document import SUFFIXED_SEARCH, Name, build, clean_text, forced_tokens, session_dates, words_and_spaces
from extractors.numbers import compound_number_spans
from extractors.names import BARE_SYMBOL_RULE, bare_symbols, name_patterns
from extractors.resolver import Resolver
from extractors.rulebook import Rulebook, rulebook
from extractors.structure import blocks

CUE_SPANS = "cues"
NAME_SPANS = "names"
INDEX_ID = "__index__"


class Extractor:
    """One universe's extractor: the tokenizer, the two rulers and the resolver."""

    def __init__(self, universe: Universe, book: Rulebook | None = None):
        self.universe = universe
        self.book = book or rulebook()
        self.nlp = spacy.blank("en")
        self.cue_ruler = self.nlp.add_pipe("span_ruler", name="cue_ruler", config={
            "spans_key": CUE_SPANS, "phrase_matcher_attr": "LOWER", "validate": True, "overwrite": True})
        self.cue_ruler.add_patterns([
            {"label": rule.label, "pattern": pattern, "id": rule.id} for rule in self.book.cues for pattern in rule.patterns
        ])
        self.name_ruler = self.nlp.add_pipe("span_ruler", name="name_ruler", config={
            "spans_key": NAME_SPANS, "phrase_matcher_attr": "ORTH", "validate": True, "overwrite": True})
        self.name_ruler.add_patterns(name_patterns(universe, INDEX_ID))
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
        quantities, dates = forced_tokens(clean, month, self.universe.decimal_comma)
        base = self.nlp.make_doc(clean)
        token_spans = [(token.idx, token.idx + len(token.text)) for token in base]
        forced = [(q.start, q.end) for q in quantities] + [(d.start, d.end) for d in dates]
        taken = [(a, b) for a, b in forced]
        forced += [(a, b) for a, b in compound_number_spans(clean) if not any(a < e and s < b for s, e in taken)]
        words, spaces, spans = words_and_spaces(clean, token_spans, forced)
        doc = Doc(self.nlp.vocab, words=words, spaces=spaces)
        by_start = {start: index for index, (start, _) in enumerate(spans)}
        for quantity in quantities:
            index = by_start.get(quantity.start)
            if index is not None:
                doc[index].norm_ = _norm(quantity)
        for mention in dates:
            index = by_start.get(mention.start)
            if index is not None:
                doc[index].norm_ = "<date>"
        forced_starts = {q.start for q in quantities} | {d.start for d in dates}
        for index, word in enumerate(words):
            if word.lower() in self.number_words and spans[index][0] not in forced_starts:
                doc[index].norm_ = "<int>"  # "nine of the month's twenty-one sessions" counts as "9 of 21"
        self.cue_ruler(doc)
        self.name_ruler(doc)
        from extractors.document import Cue

        cues = _longest_per_label(Cue(span.label_, span.id_, span.start, span.end) for span in doc.spans[CUE_SPANS])
        names = self._names(doc, clean, spans)
        document = build(doc, text, clean, spans, quantities, dates, cues, names, [b.start for b in structure])
        return self.resolver.claims(document, structure, month, session_dates(self.universe, month))

    def _names(self, doc, clean: str, spans: list[tuple[int, int]]) -> list[Name]:
        """Name mentions, longest first where two overlap; exchange-suffixed and bare symbols no table
        knows are names too ("CTT.LS", "Acme Widgets (ACMW)")."""
        found = []
        for span in doc.spans[NAME_SPANS]:
            ticker = None if span.id_ == INDEX_ID else span.id_
            found.append(Name(ticker, span.start, span.end, "name.table" if ticker else "name.index"))
        starts = [s for s, _ in spans]
        if "." in clean:
            from bisect import bisect_left

            for match in SUFFIXED_SEARCH.finditer(clean):
                index = bisect_left(starts, match.start())
                if index < len(starts) and starts[index] == match.start():
                    found.append(Name(match.group(0), index, index + 1, "name.suffixed"))
        found.extend(bare_symbols(doc, found, self.not_symbols))
        found.sort(key=lambda n: (n.start, -(n.end - n.start)))
        kept: list[Name] = []
        for name in found:
            if kept and name.start < kept[-1].end:
                continue
            kept.append(name)
        return kept


def _longest_per_label(cues) -> list:
    """Overlapping matches of one label are one cue, the longest ("on 4 of 9 sessions", not also "4 of 9");
    cues of different labels may overlap (the resolver reads each)."""
    by_label: dict[str, list] = {}
    for cue in cues:
        by_label.setdefault(cue.label, []).append(cue)
    kept = []
    for group in by_label.values():
        group.sort(key=lambda c: (-(c.end - c.start), c.start))
        taken: list = []
        for cue in group:
            if not any(cue.start < t.end and t.start < cue.end for t in taken):
                taken.append(cue)
        kept.extend(taken)
    return kept


def _norm(quantity) -> str:
    if quantity.kind == "pct":
        return "<pct>"
    if quantity.kind == "price":
        return "<price>"
    if quantity.decimals == 0 and float(quantity.value).is_integer():
        return "<int>"
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
