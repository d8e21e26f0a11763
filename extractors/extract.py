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

import re
from dataclasses import replace
from functools import lru_cache

from bisect import bisect_left

import spacy
from spacy.attrs import IDX, LENGTH
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc

from builder.universes import Universe, get_universe
from extractors.claims import Claim
from extractors.document import (SUFFIXED_SEARCH, Cue, Name, blank_spans, build, cjk_word_spans, clean_text, forced_tokens,
                                 korean_ending_spans,
                                 full_width_marks, hyphen_pairs, join_line_hyphens, join_parted_units, session_dates, widen_over_pads,
                                 words_and_spaces)
from extractors.matching import CueMatcher
from extractors.numbers import KOREAN_CURRENCY, compound_number_spans, writes_decimal_commas
from extractors.names import (BARE_SYMBOL_RULE, SUBJECT_VERBS, WordContext, bare_symbols, name_patterns, with_cashtags,
                              word_names_in_context)
from extractors.resolver import Resolver
from extractors.rulebook import RANK_PREFIX, Rulebook, rulebook
from extractors.spoken import speak_digits
from extractors.structure import blocks

INDEX_ID = "__index__"
# cues of a place or a comparison, which a counterfactual ("would have topped") states of no one
HYPOTHETICAL_PLACES = frozenset({"SUP_BEST", "SUP_WORST", "SUP_MAX", "SUP_MIN", "RANK_PLACE", "RANK_OPPOSITE", "PEER_EXTREME_HIGH",
                                 "PEER_EXTREME_LOW", "OUTPERF", "UNDERPERF", "PASSIVE_BY", "BEHIND_LEADER", "FOLLOWED_BY"})
# a figure in a cell: a decimal or a signed number ("+48.33", "1.156", "-9.1bp")
_FIGURE_IN_CELL = re.compile(r"\d[.,]\d|[+\-−]\d")


class Extractor:
    """One universe's extractor: the tokenizer, the two rulers and the resolver."""

    def __init__(self, universe: Universe, book: Rulebook | None = None):
        self.universe = universe
        self.book = book or rulebook()
        self.nlp = _tokenizer_with_slashes(spacy.blank("en"))
        self.cues = CueMatcher(self.nlp.vocab, self.book.cues, self.nlp.make_doc)
        # two matchers: spellings that count in any case ("Nvidia", "NVIDIA", "nvidia", "tsla") on the
        # tokens' LOWER, those that count only as spelt ("Meta", never "meta") on their ORTH
        self.names = PhraseMatcher(self.nlp.vocab, attr="ORTH")
        self.names_any_case = PhraseMatcher(self.nlp.vocab, attr="LOWER")
        self.name_of: dict[int, str | None] = {}
        # and a third, on LOWER, for the lowercase of names that are ordinary words ("meta", "nos"),
        # which count only where the context makes them names (`word_names_in_context`)
        self.word_names = PhraseMatcher(self.nlp.vocab, attr="LOWER")
        name_words = frozenset(self.book.lexicon.get("name_words", ()))
        by_ticker: dict[tuple[str | None, str], dict[str, str]] = {}  # (ticker, matcher) -> key -> spelling
        for pattern in name_patterns(universe, INDEX_ID, name_words):
            ticker = None if pattern["id"] == INDEX_ID else pattern["id"]
            surface = pattern["pattern"]
            # LOWER matchers take the spelling as written: the tokenizer's exceptions are case-sensitive
            # ("Inc." is one token, "inc." two), and the matcher compares the tokens' lowercase anyway
            if pattern["any_case"]:
                by_ticker.setdefault((ticker, "any"), {}).setdefault(surface.lower(), surface)
                continue
            by_ticker.setdefault((ticker, "exact"), {})[surface] = surface
            if surface.lower() in name_words and ticker:
                by_ticker.setdefault((ticker, "word"), {}).setdefault(surface.lower(), surface)
        matchers = {"any": self.names_any_case, "exact": self.names, "word": self.word_names}
        for (ticker, kind), surfaces in by_ticker.items():
            key = "NAME" + (ticker or INDEX_ID)
            self.name_of[self.nlp.vocab.strings.add(key)] = ticker
            matchers[kind].add(key, [self.nlp.make_doc(surface) for surface in surfaces.values()])
        lexicon = self.book.lexicon
        # the sign words, a phrase by its first word ("gave" of "gave up"), as the word after a name
        moves = frozenset(w.split()[0] for name in ("up_words", "down_words", "bare_move_verbs") for w in lexicon.get(name, ())
                          if w.split()[0] not in ("in", "on", "the"))
        self.word_context = WordContext(
            joiners=frozenset(lexicon.get("name_joiners", ())) | frozenset(lexicon.get("name_order_marks", ())), moves=moves,
            verbs=moves | SUBJECT_VERBS | frozenset(lexicon.get("be_forms", ())),
            before_objects=frozenset(w for name in ("object_words", "relation_single") for w in lexicon.get(name, ())),
            heads=frozenset(lexicon.get("company_heads", ())))
        self.resolver = Resolver(self.book)
        fits: dict[str, set[str]] = {}
        for ticker, words in universe.descriptors.items():
            for phrase in words:
                fits.setdefault(phrase, set()).add(ticker)
        self.descriptors = {phrase: frozenset(tickers) for phrase, tickers in fits.items()}
        self.header_words = {word for rule in self.book.headers for word in rule.words}
        self.subject_headers = frozenset(self.book.lexicon.get("subject_headers", ()))
        # the hyphenated compounds the rules spell, which a line break at their hyphen leaves hyphenated
        self.hyphen_compounds = hyphen_pairs(_rule_strings(self.book))
        # the CJK words the rules spell, found inside runs CJK writes without spaces (document.cjk_word_spans); a
        # phrase's words count one by one: Korean spaces its words but glues particles and endings to them
        # ("가장 높" in "가장 높았고", "변동성" in "변동성이")
        self.cjk_words = frozenset(w for phrase in _rule_strings(self.book) for w in phrase.split()
                                   if all("\u3040" <= ch <= "\ufaff" for ch in w))
        # ... and the Hangul runs inside the rules' phrases ("위" of "1위"), which take Korean endings ("1위를")
        self.cjk_words |= frozenset(run for phrase in _rule_strings(self.book) for run in _HANGUL.findall(phrase))
        self.cjk_longest = max(map(len, self.cjk_words), default=0)
        self.korean_endings = frozenset(self.book.lexicon.get("korean_endings", ()))
        self.cjk_words -= self.korean_endings  # an ending is read only after a stem (korean_ending_spans), no word to cut out
        self.korean_stems = self.cjk_words | KOREAN_CURRENCY
        self.share_words = frozenset(self.book.lexicon.get("share_words", ()))
        self.move_words = frozenset(self.book.lexicon.get("up_words", ())) | frozenset(self.book.lexicon.get("down_words", ()))
        self.share_prepositions = frozenset(self.book.lexicon.get("share_prepositions", ()))
        self.not_symbols = frozenset(word.upper() for name in ("not_symbols", "etf_symbols") for word in self.book.lexicon.get(name, ()))
        self.number_words = frozenset(self.book.lexicon.get("number_words", ()))

    def _header_like(self, cells: list[str]) -> bool | str:
        """A plain-text table's header line: no cell opening with a figure, and two or more short cells the
        header lexicon reads as the resolver reads a header cell (so "%CHG_PER", "PX_LAST", "Max DD", "HI"
        count as they do in a markdown table), or a column header of the subjects ("Ticker"). A line of
        nothing but two or more company names is a transposed table's header ("names"): each figure under a
        name is that company's."""
        if any(cell.strip()[:1].isdigit() or _FIGURE_IN_CELL.search(cell) for cell in cells):
            return False  # a line of figures ("%CHG +48.33") is no header
        known = 0
        for cell in cells:
            word = cell.strip().lower().strip("()%$€:*")
            if word in self.header_words or word in self.subject_headers:
                known += 1
            elif len(cell.split()) <= 4:
                rule = self.resolver.header_rule(cell, None)
                known += rule is not None and rule.id != "header.other_period"
        if known >= 2:
            return True
        # "Galp   EDP   BCP", or "Metric   NVDA   TSLA" (a label over the rows' labels, then the names)
        # (a name that is an ordinary word, "navigator", counts among two or more others)
        names = [self._only_name(cell) for cell in cells]
        return "names" if names.count(True) >= 2 and all(names[1:]) else False

    def _only_name(self, cell: str) -> bool | str:
        """Whether a cell is one company's name or ticker and nothing else ("word": a name that is an
        ordinary word in lowercase, "navigator"). Markup and a bracketed ticker around the name are no
        words of their own ("**AMD**", "$AMD", "`NVDA`", "Nvidia (NVDA)"): the cell is only a name when
        the names it holds cover every word in it and all name one company."""
        doc = self.nlp.make_doc(cell.strip())
        words = {token.i for token in doc if any(ch.isalnum() for ch in token.text)}
        if not words:
            return False

        def one_company(found) -> bool:
            covered = {i for _, start, end in found for i in range(start, end)}
            return bool(found) and words <= covered and len({self.name_of[key] for key, _, _ in found}) == 1 \
                and all(self.name_of[key] for key, _, _ in found)

        if one_company(self.names(doc) + self.names_any_case(doc)):
            return True
        return "word" if one_company(self.word_names(doc)) else False

    def _counterfactual_place(self, lower: list[str], end: int) -> bool:
        have = _next_word(lower, end)
        if have >= len(lower) or lower[have] not in ("have", "'ve", "’ve"):
            return False
        verb = _next_word(lower, have + 1)
        return verb < len(lower) and lower[verb] not in self.move_words

    def extract(self, text: str, month: str | None = None) -> list[Claim]:
        structure = blocks(text.replace("\r", " "), self._header_like)
        clean, pads = join_line_hyphens(clean_text(text), self.hyphen_compounds)
        clean, unit_pads = join_parted_units(clean, text)
        clean, spoken = speak_digits(clean)
        quantities, dates = forced_tokens(clean, month, self.universe.decimal_comma or writes_decimal_commas(clean))
        if unit_pads:  # a figure read with its moved unit word ends where the word is written
            pad_ends = dict(unit_pads)
            quantities = [replace(q, end=pad_ends[q.end]) if q.end in pad_ends else q for q in quantities]
            pads = sorted(pads + unit_pads)
        if spoken:
            quantities = [replace(q, spoken=True) if q.start in spoken else q for q in quantities]
        # a full-width mark carries its own spacing ("4）$EDPR：12月"): the tokenizer reads it as a space, and
        # the mark comes back as a token of its own below
        marks = full_width_marks(text)
        # Korean particles and endings glued to a name, a figure or a rule's word read as spaces (document.korean_ending_spans)
        endings = korean_ending_spans(clean, self.korean_stems, self.korean_endings)
        base = self.nlp.make_doc(blank_spans(clean, marks + endings) if marks or endings else clean)
        # token offsets read through the Doc's array, not a Token object per token
        bounds = base.to_array([IDX, LENGTH]).tolist()
        token_spans = [(start, start + length) for start, length in bounds]
        forced = [(q.start, q.end) for q in quantities] + [(d.start, d.end) for d in dates]
        taken = [(a, b) for a, b in forced]
        forced += [(a, b) for a, b in compound_number_spans(clean) if not any(a < e and s < b for s, e in taken)]
        forced += [(a, b) for a, b in marks if not any(a < e and s < b for s, e in forced)]
        forced += [(a, b) for a, b in cjk_word_spans(clean, self.cjk_words, self.cjk_longest) if not any(a < e and s < b for s, e in forced)]
        words, spaces, spans = words_and_spaces(blank_spans(clean, endings) if endings else clean, token_spans, forced)
        spans = widen_over_pads(spans, pads)
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
        tables = [b for b in structure if b.kind == "table"]
        cells = frozenset((c.start, c.end) for b in tables for row in b.rows for c in row)
        row_starts = frozenset(row[0].start for b in tables for row in b.rows if row)
        names, share_tokens = self._share_words(self._names(doc, orth, clean, spans, cells, row_starts), lower)
        matches = [m for m in self.cues(doc, lower, orth, norm) if not _hyphen_tail(m[0], m[2], m[3], orth, spans)]
        # a cue that starts or ends inside a company's name or its share words is none: "Advanced" of "Advanced
        # Micro Devices" is no rise, "outpaced ... shares" of "outpaced shares of Amazon" no peer group
        inside = share_tokens.union(*(range(n.start, n.end) for n in names if n.ticker and n.end - n.start > 1))
        if inside:
            matches = [m for m in matches if m[2] not in inside and m[3] - 1 not in inside]
        cues = _longest_per_label(Cue(label, rule, start, end) for label, rule, start, end in matches)
        # "NOS (7.5% weight) added 8.5%": a holding's weight is read whole by its contribution cue; its "weight"
        # is no other quantity that would drop the move after the bracket
        # "Mota-Engil +15.3% would have finished second": a modal before "have" and no move speaks of a place
        # that was not taken, no forecast; "would have gained 5%" stays a hypothetical move, dropped
        places = [c.end for c in cues if c.label == "FORECAST" and c.end - c.start == 1 and self._counterfactual_place(lower, c.end)]
        cues = [c for c in cues if not (c.label == "FORECAST" and c.end in places)]
        if places:
            # "Palantir's +48.3% would have topped this table", "Mota-Engil … would have placed second": a place
            # not taken is no rank and no comparison; the name's own figure stays
            cues = [c for c in cues if not (c.label in HYPOTHETICAL_PLACES or c.label.startswith(RANK_PREFIX))
                    or not any(_in_clause(lower, end, c.start) for end in places)]
        owned = [(c.start, c.end) for c in cues if c.label == "CONTRIBUTION"]
        if owned:
            cues = [c for c in cues if c.label != "OTHER_QUANTITY" or not any(a <= c.start and c.end <= b for a, b in owned)]
        document = build(doc, text, clean, spans, quantities, dates, cues, names, [b.start for b in structure], spoken,
                         words, lower)
        document.descriptors = self.descriptors
        document.panel = frozenset(self.universe.tickers) - (self.universe.absent_tickers(month) if month else frozenset())
        return self.resolver.claims(document, structure, month, session_dates(self.universe, month))

    def _share_words(self, names: list[Name], lower: list[str]) -> tuple[list[Name], set[int]]:
        """A company's shares are the company: "shares of Nvidia", "the shares of EDP", "shares in Galp"
        and "Tesla shares", "Tesla's shares", "Nvidia stock" are one mention of the name (a list of them
        is a list of names); the share words' tokens are returned so no cue reads them."""
        if self.share_words.isdisjoint(lower):
            return names, set()
        spans = {}
        taken: set[int] = set()
        for name in names:  # "shares of X" first: its head is the name's, never the one before
            spans[name] = [name.start, name.end]
            if name.ticker is None:
                continue
            before = _previous_word(lower, name.start)
            head = _previous_word(lower, before) if before >= 0 else -1
            if head >= 0 and lower[before] in self.share_prepositions and lower[head] in self.share_words:
                spans[name][0] = head
                taken.update(range(head, name.start))
        count = len(lower)
        for name in names:  # then "X shares", "X's shares", "X stock"
            if name.ticker is None:
                continue
            after = _next_word(lower, name.end)
            if after < count and lower[after] in ("'s", "’s"):
                after = _next_word(lower, after + 1)
            if after < count and lower[after] in self.share_words and after not in taken:
                spans[name][1] = after + 1
                taken.update(range(name.end, after + 1))
        out = [name if spans[name] == [name.start, name.end] else Name(name.ticker, *spans[name], name.rule) for name in names]
        return out, taken

    def _names(self, doc, orth: list[str], clean: str, spans: list[tuple[int, int]],
               cells: frozenset[tuple[int, int]] = frozenset(), row_starts: frozenset[int] = frozenset()) -> list[Name]:
        """Name mentions, longest first where two overlap; exchange-suffixed and bare symbols no table
        knows are names too ("CTT.LS", "Acme Widgets (ACMW)"). `cells` are the tables' cells (character
        spans) and `row_starts` where their rows start, where a lowercase name that is a word counts."""
        found = []
        for key, start, end in self.names(doc) + self.names_any_case(doc):
            ticker = self.name_of[key]
            found.append(Name(ticker, start, end, "name.table" if ticker else "name.index"))
        starts = [s for s, _ in spans]
        if "." in clean:
            for match in SUFFIXED_SEARCH.finditer(clean):
                index = bisect_left(starts, match.start())
                if index < len(starts) and starts[index] == match.start():
                    found.append(Name(match.group(0), index, index + 1, "name.suffixed"))
        found.extend(bare_symbols(orth, found, self.not_symbols))
        words = [Name(self.name_of[key], start, end, "") for key, start, end in self.word_names(doc)
                 if doc[start].is_lower]
        if words and cells:  # a table cell that is such a word and nothing else, or opens a row ("nos PL"), names it
            in_cells = [Name(w.ticker, w.start, w.end, "name.table_cell") for w in words
                        if (spans[w.start][0], spans[w.end - 1][1]) in cells or spans[w.start][0] in row_starts]
            found.extend(in_cells)
            words = [w for w in words if not any(c.start == w.start for c in in_cells)]
        if words:
            found.extend(word_names_in_context(orth, words, found, self.word_context))
        if "$" in clean:
            found = with_cashtags(orth, spans, found, self.not_symbols)
        found.sort(key=lambda n: (n.start, -(n.end - n.start)))
        kept: list[Name] = []
        for name in found:
            if kept and name.start < kept[-1].end:
                continue
            kept.append(name)
        return _slipped_symbols(kept, orth) if "(" in orth else kept


def _slipped_symbols(names: list[Name], orth: list[str]) -> list[Name]:
    """A name paired with another company's ticker ("Alphabet (AMZN)", "Navigator (ALTR.LS)", "BCP
    (NVG.LS)") is the named company's mention: the symbol in brackets is the writer's slip, no second
    subject (round eight's labelling case 7). Only a symbol written alone in the bracket right after the
    name counts (a capitalised symbol, not a name: "Tesla (Nvidia's rival)" keeps both)."""
    dropped = set()
    for first, second in zip(names, names[1:]):
        if (first.ticker and second.ticker and first.ticker != second.ticker and second.end - second.start == 1
                and second.start == first.end + 1 and orth[first.end] == "(" and second.end < len(orth)
                and orth[second.end][:1] == ")" and orth[second.start].replace(".", "").replace("-", "").isupper()
                and not orth[first.start].replace(".", "").replace("-", "").isupper()):
            dropped.add(id(second))
    return [n for n in names if id(n) not in dropped] if dropped else names


def _rule_strings(book: Rulebook):
    """Every phrase the rules spell: lexicon words, header words, cue phrases and token patterns' words."""
    for words in book.lexicon.values():
        yield from (w for w in words if isinstance(w, str))
    for rule in book.headers:
        yield from rule.words
    for rule in book.cues:
        for pattern in rule.patterns:
            if isinstance(pattern, str):
                yield pattern
            else:  # a token pattern: its tokens' words in order, hyphens glued ("peak", "-", "to" -> "peak-to")
                tokens = []
                for token in pattern:
                    value = next((v for v in token.values() if isinstance(v, str)), None) if isinstance(token, dict) else None
                    tokens.append(value or " ")
                yield " ".join(tokens).replace(" - ", "-")


# Italian and French elisions before a word of two letters or more, or a figure: "l'", "dell'", "d'", "n'", "qu'"
_ELISION = (r"(?:[DdNnSsCc]ell|[Dd]all|[Nn]ell|[Ss]ull|[Aa]ll|[Qq]uell|[Qq]u|[Uu]n|[Ll]|[Dd]|[Nn]|[Jj]|[Ss]|[Cc]|[Mm]|[Tt])"
            r"['’](?=[^\W\d_]{2}|\d|\$[A-Z])")


# a CJK punctuation mark, or a run of kana, ideographs or Hangul syllables
_CJK = r"(?:[\u3002\u300c-\u3011]|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[\uac00-\ud7a3]+)"


_HANGUL = re.compile(r"[\uac00-\ud7a3]+")
# an opening bracket glued to the name before it, as Korean and Chinese write a gloss ("Palantir(PLTR)", "JPMorgan(JP모건)")
_GLUED_BRACKET = r"(?<=[A-Za-z])\((?=[A-Z\uac00-\ud7a3])"


def _tokenizer_with_slashes(nlp):
    """A slash against a capital is a token of its own, as between two letters: "NOS/SON" splits, and so
    do "**NOS**/SON" and "SON/**EDPR**", whose emphasis leaves the slash at a token's edge ("w/" stays).
    A pipe is always a token of its own, a cell's edge: "GOOGL| −9.1%" names Alphabet; so is an equals sign
    after a key ("lo=203.17", "hv=51.4", "argmax(r)=amzn"), whose key the header lexicon then reads.
    An Italian or French elided article or preposition is a token of its own, as its unelided form is: "L'EDP",
    "dell'Altri", "d'août", "n'avons", "l'$EDP" read their name, month and verb ("Dell's", one letter after the
    apostrophe, stays whole). German "im" ("im Plus", "im Januar") stays one word: spaCy's English exceptions
    read it as "I'm", a speaker who is not there. A run of CJK characters (ideographs, kana, the ideographic
    full stop) is a token of its own, as a word between spaces is: Chinese and Japanese write no spaces
    around their words or their full-width punctuation ("跌幅最大，−18.70％。On February 24", "下跌 13.6%"), and Korean
    glues its particles to a Latin name or a figure ("Tesla가", "+14.24%로"). An opening bracket glued to a
    name is a token of its own ("Palantir(PLTR)": the name and its ticker). A hyphen between a word and a
    currency figure splits: "$115 BLN-$120 BLN" is a range whose ends each keep their unit."""
    from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex

    rules = dict(nlp.tokenizer.rules)
    for contraction in ("im", "Im", "IM"):
        rules.pop(contraction, None)
    nlp.tokenizer.rules = rules

    defaults = nlp.Defaults
    nlp.tokenizer.prefix_search = compile_prefix_regex([r"/(?=[A-Z])", r"\|", _ELISION, _CJK, *defaults.prefixes]).search
    nlp.tokenizer.suffix_search = compile_suffix_regex([r"(?<=[A-Z])/", r"\|", r"(?<=\w)=", _CJK, *defaults.suffixes]).search
    nlp.tokenizer.infix_finditer = compile_infix_regex([r"(?<=[A-Za-z0-9)\]'])=", r"(?<=[A-Za-z])-(?=[$€£]\d)", _CJK,
                                                        _GLUED_BRACKET, *defaults.infixes]).finditer
    return nlp


def _in_clause(lower: list[str], start: int, token: int) -> bool:
    """Whether `token` lies in the clause that runs on from `start` (to its next comma or stop)."""
    return start <= token and not any(w in (",", ".", ";", ":", "!", "?") or "\n" in w for w in lower[start:token])


def _next_word(lower: list[str], i: int) -> int:
    while i < len(lower) and not lower[i].strip():
        i += 1
    return i


def _previous_word(lower: list[str], i: int) -> int:
    i -= 1
    while i >= 0 and not lower[i].strip():
        i -= 1
    return i


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
