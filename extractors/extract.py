"""The claim extractor: spaCy (blank English, sentencizer, PhraseMatcher, Matcher) plus rules.

spaCy is used through its arrays: the tokenizer makes the Doc, the matchers return (id, start,
end) triples, and the sentencizer's rule (same punctuation set) is applied to `doc.to_array`
columns, so no Python object is made per token. Figures, dates and counts are found by
`extractors.numbers`' patterns, tried only where a match can begin.

Per sentence: names are matched as phrases, superlatives / causal clauses / refusals as token
patterns, figures and dates by `extractors.numbers`. Each name (or a coordinated group of names,
"JNJ and JPM") owns the text up to the next name; the figures it owns become claims whose metric
comes from the words around each figure. Several claims per name are normal ("NVDA led the pack
with an 8.4% gain" is a rank and a return); nothing is dropped for overlapping.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from itertools import product

import spacy
from spacy.attrs import IDX, IS_PUNCT, LENGTH, ORTH
from spacy.matcher import Matcher, PhraseMatcher

from builder.universes import Universe, get_universe
from extractors import patterns as P
from extractors.claims import Claim, ClaimError
from extractors.names import name_table
from extractors.numbers import (NUMBER_WORDS_FACTORED, WORD_NUMBER_RE, DateMention, Quantity, Scanner, find_dates, find_quantities,
                                lowercase, word_number)

INDEX_LABEL = "INDEX"
CAUSAL_LABEL = "CAUSAL"
REFUSAL_LABEL = "REFUSAL"
# Characters of context read on either side of a figure to decide its metric and sign.
LEAD_WINDOW = 60
TAIL_WINDOW = 45
NEAR_WINDOW = 45
# A date this close after a figure (with only "on", commas or brackets between) belongs to it.
DATE_ATTACH_GAP = re.compile(
    r"^\s*[,(]?\s*(?:(?:drop|fall|decline|loss|slide|plunge|gain|rise|jump|rally|advance|surge|move)\s+)?"
    r"(?:on|,|at|by)?\s*(?:the\s+)?$",
    re.IGNORECASE,
)
YEAR_LIKE = range(1900, 2101)
# Two letters or more before the point: "U.S." and "S.A." are abbreviations, not listings.
SUFFIXED_SEARCH = re.compile(r"(?<![\w.])[A-Z]{2,6}\.[A-Z]{1,2}(?!\w)(?!\.\w)")
# Every SUFFIXED_SEARCH match holds a point before a capital; a text without one has none.
SUFFIX_MARK = re.compile(r"\.[A-Z]")

COUNT_RE = re.compile(
    rf"(?P<pre>\b(?:on|in|for|during)\s+)?(?P<n>\b\d{{1,2}}\b|\b{WORD_NUMBER_RE}\b)\s+"
    r"(?:(?P<dir>up|down|positive|negative|winning|losing|green|red|higher|lower|advancing|declining|gaining|falling)\s+)?"
    rf"(?P<of>of\s+(?:the\s+)?(?:its\s+|the\s+month's\s+|the\s+month’s\s+)?(?:\d{{1,2}}|{WORD_NUMBER_RE})\s+)?"
    r"(?:(?P<dir2>up|down|positive|negative|winning|losing|green|red)\s+)?(?:trading\s+)?(?:sessions|days)\b",
    re.IGNORECASE,
)
# A count begins with a number or "on"/"in"/"for"/"during", and ends with "sessions" or "days".
COUNT_SCANNER = Scanner.of(
    COUNT_RE,
    {rf"\b(?=\d|(?:on|in|for|during)\s|(?:{NUMBER_WORDS_FACTORED})\b)": ""},
    needs=("sessions", "days"),
)
# "rising on 7 of 9", "down in six of nine.": a count whose sessions go unnamed; never before a noun or a figure's tail.
BARE_COUNT_RE = re.compile(
    rf"(?P<pre>\b(?:on|in)\s+)(?P<n>\b\d{{1,2}}\b|\b{WORD_NUMBER_RE}\b)\s+"
    rf"(?P<of>of\s+(?:the\s+)?(?:\d{{1,2}}|{WORD_NUMBER_RE})\b)(?P<dir>(?!x)x)?(?P<dir2>(?!x)x)?(?![-’']|\s*(?:%|[.,]\d|[a-z]))",
    re.IGNORECASE,
)
BARE_COUNT_SCANNER = Scanner.of(BARE_COUNT_RE, {r"\b(?=(?:on|in)\s)": ""}, needs=(" of ",))
SENTENCIZER = "sentencizer"
TOKEN_COLUMNS = [ORTH, IS_PUNCT, IDX, LENGTH]


def _literal_phrases(token_pattern: list[dict]) -> list[str] | None:
    """The phrases a LOWER-only token pattern matches ({"LOWER": {"IN": [...]}} expands), else None."""
    choices = []
    for token in token_pattern:
        if set(token) != {"LOWER"}:
            return None
        value = token["LOWER"]
        if isinstance(value, str):
            choices.append([value])
        elif isinstance(value, dict) and set(value) == {"IN"} and all(isinstance(v, str) for v in value["IN"]):
            choices.append(list(value["IN"]))
        else:
            return None
    return [" ".join(words) for words in product(*choices)]


def count_matches(text: str, lowered: str | None) -> list[re.Match]:
    """The matches of `COUNT_RE` and `BARE_COUNT_RE` over `text` in order of their number (groups lowercased);
    `lowered` is `lowercase(text)`."""
    found = COUNT_SCANNER.finditer(text, lowered)
    bare = BARE_COUNT_SCANNER.finditer(text, lowered)
    if not bare:
        return found
    named = {match.start("n") for match in found}
    return sorted(found + [match for match in bare if match.start("n") not in named], key=lambda match: match.start("n"))


@dataclass(frozen=True)
class Name:
    """A subject in the text: a ticker, or None for an index / market subject."""

    ticker: str | None
    start: int
    end: int


@dataclass
class _Proto:
    """A claim before its owner is known."""

    metric: str
    value: float | int | str
    start: int
    end: int
    decimals: int | None = None
    date: date | None = None
    anchor: str | None = None
    extreme: str | None = None
    family: str = ""


@dataclass
class _Segment:
    """The text a group of coordinated names owns inside one sentence."""

    names: list[Name]
    start: int
    end: int
    protos: list[_Proto] = field(default_factory=list)


def _lower(text: str) -> str:
    return text.lower()


class Extractor:
    """One universe's extractor: the spaCy pipeline, its matchers and name table."""

    def __init__(self, universe: Universe):
        self.universe = universe
        self.nlp = spacy.blank("en")
        sentencizer = self.nlp.add_pipe(SENTENCIZER)
        self.sentence_punct = frozenset(self.nlp.vocab.strings.add(char) for char in sentencizer.punct_chars)
        table = name_table(universe)
        self.names = PhraseMatcher(self.nlp.vocab, attr="ORTH")
        by_ticker: dict[str, list[str]] = {}
        for surface, ticker in table.tickers.items():
            by_ticker.setdefault(ticker, []).append(surface)
        for ticker, surfaces in by_ticker.items():
            self.names.add(ticker, [self.nlp.make_doc(surface) for surface in surfaces])
        self.names.add(INDEX_LABEL, [self.nlp.make_doc(surface) for surface in table.indices])
        index_id = self.nlp.vocab.strings[INDEX_LABEL]
        self.name_of = {self.nlp.vocab.strings[t]: t for t in by_ticker} | {index_id: None}
        # Cue phrases that are LOWER-only (a {"IN": [...]} token expands to its words) go to a
        # PhraseMatcher; only other patterns to the Matcher, which makes a Token object per token.
        self.cue_phrases = PhraseMatcher(self.nlp.vocab, attr="LOWER")
        self.cues = Matcher(self.nlp.vocab)
        labelled = [(f"RANK:{rank}", token_patterns) for rank, token_patterns in P.RANK_PATTERNS.items()]
        labelled += [(CAUSAL_LABEL, P.CAUSAL_PATTERNS), (REFUSAL_LABEL, P.REFUSAL_PATTERNS)]
        self.cue_label = {}
        for label, token_patterns in labelled:
            self.cue_label[self.nlp.vocab.strings.add(label)] = label
            expanded = [_literal_phrases(p) for p in token_patterns]
            literal = [phrase for phrases in expanded if phrases for phrase in phrases]
            wild = [p for p, phrases in zip(token_patterns, expanded) if phrases is None]
            if literal:
                self.cue_phrases.add(label, [self.nlp.make_doc(phrase) for phrase in literal])
            if wild:
                self.cues.add(label, wild)

    # ----------------------------------------------------------------- tokens
    def _sentences(self, orth: list[int], punct: list[int], starts: list[int], ends: list[int]) -> list[tuple[int, int]]:
        """Sentence character spans by spaCy's sentencizer rule, read off the token columns: a token
        that is neither punctuation nor a sentence-final character starts a sentence when such a
        character came since the current sentence started."""
        if not orth:
            return []
        first, seen_final, bounds = 0, False, []
        final = self.sentence_punct
        for i, (token, is_punct) in enumerate(zip(orth, punct)):
            is_final = token in final
            if seen_final and not is_punct and not is_final:
                bounds.append((starts[first], ends[i - 1]))
                first, seen_final = i, False
            elif is_final:
                seen_final = True
        bounds.append((starts[first], ends[-1]))
        return bounds

    # ----------------------------------------------------------------- mentions
    def _name_mentions(self, doc, text: str, starts: list[int], ends: list[int], sentences: list[tuple[int, int]]) -> list[Name]:
        chars = [(starts[start], ends[end - 1], self.name_of[match_id]) for match_id, start, end in self.names(doc)]
        for match in SUFFIXED_SEARCH.finditer(text) if SUFFIX_MARK.search(text) else ():
            if not any(s <= match.start() < e for s, e, _ in chars):
                chars.append((match.start(), match.end(), match.group(0)))
        taken = {start for start, _, _ in chars}
        for s0, _ in sentences:
            match = P.BARE_SUBJECT_RE.match(text, s0)
            if match:
                chars.extend(_bare_symbol(match, taken))
        if "(" in text:
            for match in P.BARE_BRACKETED_RE.finditer(text):
                if re.search(r"[a-z.]\s$", text[max(0, match.start() - 2):match.start()]):  # right after a company's name
                    chars.extend(_bare_symbol(match, taken))
        chars.extend(_sector_subjects(text))
        chars.sort(key=lambda item: (item[0], -(item[1] - item[0])))
        kept: list[Name] = []
        last_end = -1
        for start, end, ticker in chars:
            if start < last_end:
                continue
            kept.append(Name(ticker, start, end))
            last_end = end
        return kept

    def _cue_mentions(self, doc, starts: list[int], ends: list[int]) -> list[tuple[str, int, int]]:
        matches = self.cue_phrases(doc)
        if len(self.cues):
            matches = [*matches, *self.cues(doc)]
        found = [(self.cue_label[match_id], starts[start], ends[end - 1]) for match_id, start, end in matches]
        found.sort(key=lambda item: (item[1], -(item[2] - item[1])))
        kept: list[tuple[str, int, int]] = []
        for label, start, end in found:
            if kept and start < kept[-1][2] and (label == kept[-1][0] or (
                    end <= kept[-1][2] and label.startswith("RANK:") and kept[-1][0].startswith("RANK:"))):
                continue  # the same cue again, or a superlative inside a longer one ("the worst" in "the worst single day")
            kept.append((label, start, end))
        return kept

    # ----------------------------------------------------------------- entry point
    def extract(self, text: str, month: str | None = None) -> list[Claim]:
        clean = text.replace("*", " ").replace("\u00a0", " ")
        doc = self.nlp.make_doc(clean)
        orth, punct, starts, lengths = doc.to_array(TOKEN_COLUMNS).T.tolist() if len(doc) else ([], [], [], [])
        ends = [start + length for start, length in zip(starts, lengths)]
        sentences = self._sentences(orth, punct, starts, ends)
        names = self._name_mentions(doc, clean, starts, ends, sentences)
        cues = self._cue_mentions(doc, starts, ends)
        lowered = lowercase(clean)
        dates = find_dates(clean, month, lowered=lowered)
        counts = count_matches(clean, lowered)
        blocked = [(n.start, n.end) for n in names] + [(d.start, d.end) for d in dates] + [(c.start("n"), c.end()) for c in counts]
        quantities = [q for q in find_quantities(clean, lowered=lowered) if not _overlaps(q.start, q.end, blocked)]
        claims: list[Claim] = []
        carried: str | None = None
        month_number = int(month[5:7]) if month else None
        if month_number and not any(name in lowered for name in P.OTHER_MONTH_NAMES[month_number]):
            month_number = None  # no other month is named: no figure can be another month's
        # every mention list is in order of its start: a sentence takes a slice of each
        keys = {
            "names": [n.start for n in names],
            "cues": [c[1] for c in cues],
            "quantities": [q.start for q in quantities],
            "dates": [d.start for d in dates],
            "counts": [c.start("n") for c in counts],
        }
        mentions = {"names": names, "cues": cues, "quantities": quantities, "dates": dates, "counts": counts}
        for s0, s1 in sentences:
            inside = {kind: mentions[kind][bisect_left(key, s0):bisect_left(key, s1)] for kind, key in keys.items()}
            sentence = _Sentence(text=text, clean=clean, start=s0, end=s1, month=month_number, **inside)
            found, carried = sentence.claims(carried)
            claims.extend(found)
        return claims


def _bare_symbol(match: re.Match, taken: set[int]) -> list[tuple[int, int, str]]:
    """A capital run no table knows, as a subject: a ticker, unless it is a common acronym, a sector ETF
    or already a name."""
    symbol, start = match.group("sym"), match.start("sym")
    if start in taken or symbol in P.NOT_SYMBOLS or P.ETF_SYMBOL_RE.match(symbol):
        return []
    return [(start, start + len(symbol), symbol)]


def _sector_subjects(text: str) -> list[tuple[int, int, None]]:
    """"the SaaS sector", "the Chips/Compute group" as subjects: names with no ticker. After "led", "among",
    "of" and the like the group is an object and owns nothing."""
    found = []
    for words, head_re in ((P.SECTOR_WORDS, P.SECTOR_HEAD_RE), (P.GROUP_WORDS, P.GROUP_HEAD_RE)):
        for word in words:
            at = text.find(word)
            while at >= 0:
                end = at + len(word)
                if end == len(text) or not text[end].isalnum():
                    window = text[max(0, at - 60):at]
                    head = head_re.search(window)
                    if head is not None:
                        start = at - len(window) + head.start()
                        if not P.SECTOR_OBJECT_LEAD_RE.search(text[max(0, start - 14):start]):
                            found.append((start, end, None))
                at = text.find(word, end)
    return found


def _overlaps(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    for span_start, span_end in spans:
        if start < span_end and span_start < end:
            return True
    return False


@dataclass
class _Sentence:
    """One sentence's mentions and the rules that turn them into claims."""

    text: str
    clean: str
    start: int
    end: int
    names: list[Name]
    cues: list[tuple[str, int, int]]
    quantities: list[Quantity]
    dates: list[DateMention]
    counts: list[re.Match]
    month: int | None = None  # the cell's month number, when known and the text names another month

    def low(self, start: int, end: int) -> str:
        return self.clean[max(start, self.start):min(end, self.end)].lower()

    def claims(self, carried: str | None) -> tuple[list[Claim], str | None]:
        out: list[Claim] = []
        sentence_text = self.text[self.start:self.end].strip()
        refusal = [c for c in self.cues if c[0] == REFUSAL_LABEL]
        tickers = {n.ticker for n in self.names if n.ticker}
        if refusal:
            subject = next(iter(tickers)) if len(tickers) == 1 else None
            out.append(self._claim(subject, _Proto("refusal", sentence_text, self.start, self.end), sentence_text))
        names = self.names
        if not names:
            if carried and (P.PRONOUN_START_RE.match(self.clean[self.start:self.end]) or P.CARRIED_SUBJECT_RE.search(self.low(self.start, self.end))):
                names = [Name(carried, self.start, self.start)]
            else:
                for label, cstart, cend in self.cues:
                    if label == CAUSAL_LABEL and not self._temporal(cstart, cend):
                        out.append(self._claim(None, self._causal(cstart), sentence_text))
                return [claim for claim in out if claim is not None], carried
        segments = self._segments(names)
        out.extend(self._relations(segments, sentence_text))
        used_dates: set[int] = set()
        for index, segment in enumerate(segments):
            self._figures(segment, used_dates)
            self._counts(segment)
            if not refusal:
                self._ranks(segment, segments[index + 1] if index + 1 < len(segments) else None, segments)
            self._causals(segment)
            self._direction(segment)
            out.extend(self._distribute(segment, sentence_text))
        last = segments[-1].names
        carried = last[-1].ticker if len(last) == 1 and last[-1].ticker else carried
        out = [claim for claim in out if claim is not None]
        out.sort(key=lambda claim: claim.start)
        return out, carried

    # ----------------------------------------------------------------- structure
    def _segments(self, names: list[Name]) -> list[_Segment]:
        groups: list[list[Name]] = [[names[0]]]
        for previous, current in zip(names, names[1:]):
            gap = self.clean[previous.end:current.start]
            if P.CONNECTIVE_RE.match(gap) and (previous.ticker is None) == (current.ticker is None) and not self._new_subject(
                    names, groups[-1][0], current):
                groups[-1].append(current)
            else:
                groups.append([current])
        segments = []
        for index, group in enumerate(groups):
            start = self.start if index == 0 else group[0].start
            end = groups[index + 1][0].start if index + 1 < len(groups) else self.end
            segments.append(_Segment(group, start, end))
            if index and P.PARTICIPLE_AFTER_RE.match(self.clean, group[-1].end, end) and self._after_relation(segments[-2], group):
                # the clause after the comma goes back to the subject, named there with zero width
                comma = self.clean.index(",", group[-1].end)
                subject = [Name(name.ticker, comma, comma) for name in segments[-2].names]
                segments[-1].end = comma
                segments.append(_Segment(subject, comma, end))
        return segments

    def _after_relation(self, subject: _Segment, objects: list[Name]) -> bool:
        """Whether `objects` are a relation's objects ("Nvidia beat AMD and Intel")."""
        gap = self.low(subject.names[-1].end, objects[0].start)
        return bool(P.OUTPERF_RE.search(gap) or P.UNDERPERF_RE.search(gap))

    def _new_subject(self, names: list[Name], group_first: Name, current: Name) -> bool:
        """"Amazon outperformed Alphabet, and Nvidia led": a name with its own verb after a relation's object
        starts a new clause instead of extending the object list."""
        first = names.index(group_first)
        if first == 0:
            return False
        before = self.low(names[first - 1].end, group_first.start)
        if not (P.OUTPERF_RE.search(before) or P.UNDERPERF_RE.search(before)):
            return False
        return bool(P.NEW_CLAUSE_AFTER_RE.match(self.low(current.end, current.end + 30)))

    def _relations(self, segments: list[_Segment], sentence_text: str) -> list[Claim]:
        """"A outperformed B" / "A lagged B" between neighbouring subjects."""
        out = []
        for index, (left, right) in enumerate(zip(segments, segments[1:])):
            gap = self.low(left.names[-1].end, right.names[0].start)
            under = P.UNDERPERF_RE.search(gap)
            if not under and not P.OUTPERF_RE.search(gap):
                continue
            quantified = P.QUANTIFIED_RELATION.search(gap)
            if quantified:
                subjects = self._quantified_subjects(segments[:index + 1], quantified)
                winners, losers = (right.names, subjects) if quantified.group("under") else (subjects, right.names)
            elif len(gap) > 80 or ";" in gap or " while " in gap or self._has_quantity_like_clause(gap):
                continue
            elif under:
                winners, losers = right.names, left.names
            else:
                winners, losers = left.names, right.names
            for winner in winners:
                for loser in losers:
                    if winner.ticker and loser.ticker and winner.ticker != loser.ticker:
                        proto = _Proto("outperformed", loser.ticker, left.names[-1].end, right.names[0].end)
                        out.append(self._claim(winner.ticker, proto, sentence_text, span=(min(winner.start, loser.start), max(winner.end, loser.end))))
        return out

    @staticmethod
    def _quantified_subjects(before: list[_Segment], quantified: re.Match) -> list[Name]:
        """"both" is the last two tickers named, "all three"/"the three" the last three, "each"/"all" every one."""
        subjects: dict[str, Name] = {}
        for segment in before:
            for name in segment.names:
                if name.ticker and name.ticker not in subjects:
                    subjects[name.ticker] = name
        named = list(subjects.values())
        how_many = quantified.group("all_n") or quantified.group("the_n")
        count = 2 if quantified.group("both") else (int(how_many) if how_many and how_many.isdigit() else word_number(how_many or ""))
        return named[-count:] if count else named

    @staticmethod
    def _has_quantity_like_clause(gap: str) -> bool:
        return bool(re.search(r"\bwhich\b|\bwho\b", gap))

    # ----------------------------------------------------------------- figures
    def _date_for(self, quantity: Quantity, lead_start: int, used: set[int]) -> date | None:
        return self._dated(quantity, lead_start, used)[1]

    def _dated(self, quantity: Quantity, lead_start: int, used: set[int]) -> tuple[bool, date | None]:
        """Whether a date mention belongs to the figure, and its date (None when the month is unknown)."""
        for mention in self.dates:
            if mention.start in used:
                continue
            after = mention.start >= quantity.end and DATE_ATTACH_GAP.match(self.clean[quantity.end:mention.start])
            before = lead_start <= mention.start < quantity.start
            if after or before:
                used.add(mention.start)
                return True, mention.date
        return False, None

    def _figures(self, segment: _Segment, used_dates: set[int]) -> None:
        owner_end = segment.names[0].end
        quantities = [q for q in self.quantities if segment.start <= q.start < segment.end]
        direction = 0
        lead_start = segment.start
        index = 0
        while index < len(quantities):
            quantity = quantities[index]
            lead = self.low(max(lead_start, quantity.start - LEAD_WINDOW), quantity.start)
            tail = self._tail(quantity, quantities[index + 1] if index + 1 < len(quantities) else None, segment)
            if quantity.kind == "pct":
                proto, direction = self._percent(quantity, lead, tail, direction, lead_start, used_dates, segment)
                if proto:
                    segment.protos.append(proto)
                    if "the high" in tail or "the low" in tail:
                        self._group_extreme_after(proto, tail, segment)
                lead_start = quantity.end
                index += 1
                continue
            pair = quantities[index + 1] if index + 1 < len(quantities) else None
            if pair is not None and self._is_priceish(pair, loose=True) and self._is_priceish(quantity, loose=True):
                join = self.low(quantity.end, pair.start)
                if P.PAIR_JOIN_RE.match(join):
                    wide_lead = self.low(max(segment.start, quantity.start - LEAD_WINDOW), quantity.start)
                    if P.RANGE_LEAD_RE.search(wide_lead) and ("from" not in lead[-12:] or P.RANGED_FROM_RE.search(lead)) or (
                        re.match(r"^\s*[-–—]\s*$", join) and re.match(r"^\s*(?:euros?\s+|dollars\s+)?(?:range|band|corridor|area|zone|region)", self.low(pair.end, pair.end + 20))
                    ):
                        low_q, high_q = sorted((quantity, pair), key=lambda q: q.value)
                        segment.protos.append(self._price_proto("range_low", low_q, None, None, "range"))
                        segment.protos.append(self._price_proto("range_high", high_q, None, None, "range"))
                        lead_start = pair.end
                        index += 2
                        continue
                    if P.FROM_TAIL_RE.search(lead) or P.FROM_TAIL_RE.search(wide_lead[-40:]):
                        for quantity_, anchor, lead_ in ((quantity, "start", lead), (pair, "end", join)):
                            metric = self._level_metric(lead_)
                            when = self._date_for(quantity_, quantity_.start, used_dates)
                            if metric == "price_level":
                                segment.protos.append(self._price_proto(metric, quantity_, when, None if when else anchor, "path"))
                            else:
                                segment.protos.append(self._price_proto(metric, quantity_, when, None, "path"))
                        self._extreme_after_path(pair, segment, used_dates)
                        # an unsigned figure after the path takes its way: "slipped from 1.920 to 1.827, 4.8% in all"
                        direction = (pair.value > quantity.value) - (pair.value < quantity.value) or direction
                        lead_start = pair.end
                        index += 2
                        continue
            if self._is_priceish(quantity, loose=False) and P.PRICE_CUE_RE.search(lead) or quantity.kind == "price":
                if not P.OTHER_PERIOD.search(tail) and not (self.month and self._other_month(lead, tail)) and not P.NOT_PRICE_TAIL_RE.match(tail) and not (re.match(r"^\s*(?:per share|a share|apiece)", tail) and not P.TRADED_AT_RE.search(lead)) and not re.search(
                    r"\b(?:adding|added|gained|lost|shed|shedding|losing|up|down|rose|fell|by)\s+(?:about\s+|nearly\s+|roughly\s+)?$", lead
                ):
                    metric = self._level_metric(lead)
                    when = self._date_for(quantity, lead_start, used_dates)
                    anchor = None
                    if metric == "price_level" and when is None:
                        anchor = self._anchor(lead)
                        if anchor is None and P.ENDED_PERIOD_AT_RE.search(self.low(max(segment.start, quantity.start - LEAD_WINDOW), quantity.start)):
                            anchor = "end"
                    segment.protos.append(self._price_proto(metric, quantity, when, anchor, "level"))
                    if metric != "price_level" and P.ENDED_AT_EXTREME_RE.search(lead):
                        segment.protos.append(self._price_proto("price_level", quantity, None, "end", "level"))
                    elif metric == "price_level":
                        self._extreme_after_level(quantity, segment)
            lead_start = quantity.end
            index += 1

    def _extreme_after_path(self, end_quantity: Quantity, segment: _Segment, used_dates: set[int]) -> None:
        """"fell from 4.465 to 4.330, hitting its low on the 30th": the path's end is the range low."""
        after = P.EXTREME_AFTER_PATH_RE.match(self.low(end_quantity.end, min(segment.end, end_quantity.end + 40)))
        if not after:
            return
        metric = "range_low" if after.group("low") else "range_high"
        when = None
        for mention in self.dates:
            if mention.start not in used_dates and end_quantity.end + after.end() <= mention.start <= end_quantity.end + after.end() + 8:
                used_dates.add(mention.start)
                when = mention.date
        segment.protos.append(self._price_proto(metric, end_quantity, when, None, "level"))

    def _extreme_after_level(self, quantity: Quantity, segment: _Segment) -> None:
        """"ended at 244.98, its best close of the stretch", "closed at 589.31 on August 31, its highest close": the
        level is also the window's extreme (a date attached to the level is read past)."""
        start = quantity.end
        for mention in self.dates:
            if mention.start >= start and DATE_ATTACH_GAP.match(self.clean[start:mention.start]):
                start = mention.end
                break
        after = P.LEVEL_EXTREME_AFTER_RE.match(self.low(start, min(segment.end, start + 50)))
        if after:
            metric = "range_low" if after.group("low") else "range_high"
            segment.protos.append(self._price_proto(metric, quantity, None, None, "level"))

    @staticmethod
    def _group_extreme_after(proto: _Proto, tail: str, segment: _Segment) -> None:
        """"volatility was roughly 38%, the highest in the group": the figure's family ranks its owner."""
        ranks = P.FIGURE_RANKS.get(proto.family)
        if ranks is None:
            return
        after = P.GROUP_EXTREME_AFTER_RE.match(tail)
        rank = after and ranks[0 if after.group("high") else 1]
        if rank:
            segment.protos.append(_Proto("rank", rank, proto.end, proto.end + after.end(), family="rank:" + rank))

    def _other_month(self, lead: str, tail: str) -> bool:
        """"recovering from a 4.2% slide in July" in an August cell: a month other than the cell's named in the
        figure's clause (after it, or before it: "July's 4.2% slide") makes the figure another period's. Asked only
        when `self.month` is set, that is when the text names another month at all."""
        named = P.NAMED_MONTH_AFTER_RE.search(P.CLAUSE_END_RE.split(tail, maxsplit=1)[0]) or P.NAMED_MONTH_BEFORE_RE.search(lead[-NEAR_WINDOW:])
        return bool(named) and P.MONTH_NUMBERS[named.group("month") or named.group("owner")] != self.month

    def _tail(self, quantity: Quantity, following: Quantity | None, segment: _Segment) -> str:
        stop = min(segment.end, quantity.end + TAIL_WINDOW, following.start if following else segment.end)
        return self.low(quantity.end, stop)

    @staticmethod
    def _is_priceish(quantity: Quantity, loose: bool) -> bool:
        if quantity.kind == "price":
            return True
        if quantity.kind != "number" or quantity.value <= 0:
            return False
        if quantity.decimals == 0 and int(quantity.value) in YEAR_LIKE:
            return False
        return loose or quantity.decimals > 0

    def _price_proto(self, metric: str, quantity: Quantity, when: date | None, anchor: str | None, family: str) -> _Proto:
        return _Proto(metric, abs(float(quantity.value)), quantity.start, quantity.end, quantity.decimals, when, anchor, None, family)

    @staticmethod
    def _level_metric(lead: str) -> str:
        """The nearest high/low word before a price decides range_high/range_low; else a level."""
        window = lead[-NEAR_WINDOW:]
        high = [m.end() for m in P.HIGH_RE.finditer(window)]
        low = [m.end() for m in P.LOW_RE.finditer(window)]
        if not high and not low:
            return "price_level"
        return "range_high" if (max(high) if high else -1) > (max(low) if low else -1) else "range_low"

    @staticmethod
    def _anchor(lead: str) -> str | None:
        window = lead[-NEAR_WINDOW:]
        starts = [m.end() for m in P.START_RE.finditer(window)]
        ends = [m.end() for m in P.END_RE.finditer(window)]
        if not starts and not ends:
            return None
        return "start" if (max(starts) if starts else -1) > (max(ends) if ends else -1) else "end"

    def _percent(self, quantity: Quantity, lead: str, tail: str, direction: int, lead_start: int, used_dates: set[int],
                 segment: _Segment) -> tuple[_Proto | None, int]:
        near_tail = P.CLAUSE_END_RE.split(tail, maxsplit=1)[0]
        if P.DRAWDOWN_AFTER_RE.match(near_tail):
            return _Proto("max_drawdown", abs(quantity.value), quantity.start, quantity.end, quantity.decimals, family="drawdown"), direction
        if P.OTHER_PERIOD.search(near_tail) or P.GROUP_FIGURE_LEAD_RE.search(lead) or P.NOT_PRICE_FIGURE_TAIL_RE.match(tail):
            return None, direction
        if self.month and self._other_month(lead, near_tail):
            return None, direction
        if P.OTHER_PERIOD.search(lead[-30:]) and P.OTHER_PERIOD.search(P.CLAUSE_END_RE.split(lead[-30:])[-1]):
            return None, direction  # the horizon belongs to this clause, not to one before a comma or "but"
        recent = lead[-30:]
        if re.match(r"^\s*(?:of|breadth|probability|chance|stake|share of|weight)", tail) or (
            ("breadth" in recent or "probability" in recent) and re.search(r"\b(?:breadth|probability)\b[^,]*$", recent)
        ):
            return None, direction
        noun = P.SIGN_NOUN_AFTER_RE.match(tail[:25])
        verbs = list(P.SIGN_WORD_RE.finditer(lead))
        if noun:
            direction = -1 if noun.group("down") else 1
        elif verbs:
            direction = -1 if verbs[-1].group("down") else 1
        near_lead = lead[-NEAR_WINDOW:]
        magnitude = abs(quantity.value)
        if P.VOLATILITY.search(near_lead) or P.VOLATILITY.search(near_tail):
            return _Proto("volatility", magnitude, quantity.start, quantity.end, quantity.decimals, family="volatility"), direction
        if P.DRAWDOWN.search(near_lead) or P.DRAWDOWN.search(near_tail):
            return _Proto("max_drawdown", magnitude, quantity.start, quantity.end, quantity.decimals, family="drawdown"), direction
        sign = quantity.signed or direction or 1
        value = magnitude * sign if not quantity.signed else quantity.value
        dated, when = self._dated(quantity, lead_start, used_dates)
        if P.SPAN_AFTER_RE.match(self.low(quantity.end, quantity.end + 40)):
            return _Proto("period_return", value, quantity.start, quantity.end, quantity.decimals, family="return"), direction
        if dated or P.DAILY.search(near_lead) or P.DAILY.search(near_tail):
            extreme = "largest" if (P.EXTREME.search(near_lead) or P.EXTREME.search(near_tail)) else None
            return _Proto("daily_move", value, quantity.start, quantity.end, quantity.decimals, when, None, extreme, "daily"), direction
        return _Proto("period_return", value, quantity.start, quantity.end, quantity.decimals, family="return"), direction

    def _counts(self, segment: _Segment) -> None:
        for match in self.counts:
            if not segment.start <= match.start("n") < segment.end:
                continue
            if not (match.group("dir") or match.group("dir2") or match.group("of") or match.group("pre")):
                continue
            if not (match.group("dir") or match.group("dir2") or match.group("of")) and P.FIGURE_BEFORE_RE.search(
                    self.clean[max(segment.start, match.start() - 3):match.start()]):
                continue  # "climbed from 4.40 to 4.85 in ten sessions": the span of a move, no count
            words = (match.group("dir") or match.group("dir2") or "").lower()
            if not words:
                lead = self.low(max(segment.start, match.start() - 40), match.start())
                ups = [m.end() for m in P.COUNT_DIR_UP.finditer(lead)]
                downs = [m.end() for m in P.COUNT_DIR_DOWN.finditer(lead)]
                if not ups and not downs:
                    continue
                words = "up" if (max(ups) if ups else -1) > (max(downs) if downs else -1) else "down"
            metric = "up_days" if P.COUNT_DIR_UP.fullmatch(words) else "down_days"
            number = match.group("n")
            value = int(number) if number.isdigit() else word_number(number)
            if value is None:
                continue
            segment.protos.append(_Proto(metric, value, match.start("n"), match.end(), 0, family=metric))

    # ----------------------------------------------------------------- words
    def _ranks(self, segment: _Segment, following: _Segment | None, segments: list[_Segment]) -> None:
        for label, start, end in self.cues:
            if not label.startswith("RANK:") or not segment.start <= start < segment.end:
                continue
            rank = label.split(":", 1)[1]
            target = segment
            if following is not None and P.RANK_TO_NEXT_RE.match(self.low(end, following.names[0].start)):
                target = following
            if start < segment.names[0].start and target is segment and not self._rank_before_owner(segment, start, end):
                continue
            target.protos.append(_Proto("rank", rank, start, end, family="rank:" + rank))

    def _rank_before_owner(self, segment: _Segment, start: int, end: int) -> bool:
        """A superlative before its subject ("The top performer, NVDA, ..."): only when nothing else intervenes."""
        gap = self.low(end, segment.names[0].start)
        return bool(re.match(r"^[\s,:]*(?:(?:name|stock|one|performer|mover)\s+)?(?:was|were|is|of the \w+)?[\s,:]*$", gap)
                    or P.RANK_TO_NEXT_RE.match(gap))

    def _temporal(self, cue_start: int, cue_end: int) -> bool:
        """"after a low of 15.710", "after the close": an "after" that dates a level or a move, not a cause."""
        rest = self.low(cue_end, cue_end + 40)
        if self.low(cue_start, cue_end) == "after the" and not P.AFTER_THE_CAUSE_RE.match(rest):
            return True
        return bool(P.TEMPORAL_AFTER_RE.match(rest[:30]))

    def _causal(self, start: int) -> _Proto:
        rest = self.clean[start:self.end]
        stop = re.search(r"[,;.](?!\d)|\bwhile\b|\bwhereas\b|—", rest[3:])
        end = start + 3 + stop.start() if stop else self.end
        return _Proto("causal", self.text[start:end].strip(), start, end, family="causal")

    def _causals(self, segment: _Segment) -> None:
        for label, start, end in self.cues:
            if label == CAUSAL_LABEL and segment.start <= start < segment.end and start >= segment.names[0].end and not self._temporal(start, end):
                if any(p.metric == "causal" and p.start <= start < p.end for p in segment.protos):
                    continue
                segment.protos.append(self._causal(start))

    def _direction(self, segment: _Segment) -> None:
        if any(p.metric not in ("causal",) for p in segment.protos):
            return
        body_end = min([p.start for p in segment.protos if p.metric == "causal"] + [segment.end])
        body = self.low(segment.names[-1].end, body_end)
        body = P.CLAUSE_END_RE.split(body, maxsplit=1)[0] if not body.lstrip().startswith(",") else body
        for value, pattern in (("flat", P.DIRECTION_FLAT_RE), ("down", P.DIRECTION_DOWN_RE), ("up", P.DIRECTION_UP_RE)):
            found = pattern.search(body)
            if found:
                start = segment.names[-1].end + found.start()
                segment.protos.append(_Proto("direction", value, start, start + len(found.group(0)), family="direction"))
                return

    # ----------------------------------------------------------------- owners
    def _distribute(self, segment: _Segment, sentence_text: str) -> list[Claim]:
        """Give each claim its subject; a coordinated group takes figures in order ("respectively")."""
        names = segment.names
        out: list[Claim] = []
        if len(names) == 1:
            return [self._claim(names[0].ticker, proto, sentence_text) for proto in segment.protos]
        families: dict[str, list[_Proto]] = {}
        for proto in segment.protos:
            families.setdefault(proto.family, []).append(proto)
        for family, protos in families.items():
            if family.startswith("rank:"):
                continue  # a superlative shared by several names ranks none of them
            if family in ("range", "path"):
                units = [protos[i:i + 2] for i in range(0, len(protos), 2)]
            else:
                units = [[proto] for proto in protos]
            if len(units) == 1 or family in ("causal", "direction"):
                for name in names:
                    for unit in units:
                        out.extend(self._claim(name.ticker, proto, sentence_text) for proto in unit)
            else:
                for name, unit in zip(names, units):
                    out.extend(self._claim(name.ticker, proto, sentence_text) for proto in unit)
        return out

    def _claim(self, ticker: str | None, proto: _Proto, sentence_text: str, span: tuple[int, int] | None = None) -> Claim | None:
        """The claim, or None when the figure cannot make a valid one (a zero price, an overflowing
        number): such a figure is dropped, the text never makes the extractor raise."""
        start, end = span or (proto.start, proto.end)
        value = proto.value
        if proto.metric in ("period_return", "daily_move", "max_drawdown", "volatility") and proto.decimals == 0 and float(value).is_integer():
            value = int(value)
        try:
            return Claim(
                ticker=ticker,
                metric=proto.metric,
                value=value,
                decimals=proto.decimals,
                date=proto.date,
                anchor=proto.anchor,
                extreme=proto.extreme,
                text=self.text[start:end],
                sentence=sentence_text,
                start=start,
                end=end,
            )
        except ClaimError:
            return None


@lru_cache(maxsize=8)
def extractor_for(universe_name: str) -> Extractor:
    """One extractor per universe, built once (building the matchers is the slow part)."""
    return Extractor(get_universe(universe_name))


def extract_claims(text: str, universe: str | Universe = "us", month: str | None = None) -> list[Claim]:
    """Every claim in `text`, in order of appearance; `month` (`YYYY-MM`) resolves dates like "the 26th"."""
    if isinstance(universe, Universe):
        extractor = extractor_for(universe.name) if get_universe(universe.name) == universe else Extractor(universe)
    else:
        extractor = extractor_for(universe)
    return extractor.extract(text, month)
