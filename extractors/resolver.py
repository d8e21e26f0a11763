"""The resolver: turns a document's figures, cues and names into claims, by the declared table.

For each figure the rows of `extractors/rules/resolve.toml` that apply (a cue of the row's label in
the row's relation to the figure) fill the claim's slots (metric, sign, anchor, extremity, date, or
"no claim"); the highest priority wins a slot, the nearest cue among equals. The subject is looked
for by the finders named in the table's `[subjects] order`, first to last. Constructions that are
not one figure (ranks, comparisons, counts, directions, causes, refusals, tables) are read by one
handler each, over the same cues. Every claim records the ids of the rules that made it.
"""

from __future__ import annotations
import re

from collections.abc import Callable
from dataclasses import replace, dataclass, field
from datetime import date

from contracts.vocabulary import MAGNITUDE_METRICS, PERCENT_METRICS
from extractors import subjects
from extractors.claims import Claim, ClaimError
from extractors.document import WIRE_SLUG, Cue, Document, Figure, Name
from extractors.frames import LineFrame, line_frame
from extractors.numbers import MONTH_NUMBERS, bare_percent, factor_percent, word_number
from extractors.notation import Notation
from extractors.printed_outputs import printed_outputs
from extractors.rankings import position_ranks
from extractors.rulebook import (
    RANK_PREFIX,
    RELATION_LABELS,
    AttachRule,
    HeaderRule,
    Rulebook,
)
from extractors.structure import Block, user_turns
from extractors.subjects import SUBJECT_FINDERS
from extractors.tables import SKIP_COLUMN, TableReader

# the slots whose rows a claim of each metric names among its rules
SLOTS_USED = {
    "period_return": ("metric", "sign"), "daily_move": ("metric", "sign", "date", "extreme"),
    "max_drawdown": ("metric",), "volatility": ("metric",), "price_level": ("metric", "anchor", "date", "extra"),
    "range_low": ("metric", "date", "extra"), "range_high": ("metric", "date", "extra"),
}
SIGN_LABELS = frozenset({"UP", "DOWN", "UP_NOUN", "DOWN_NOUN"})
# What a construction's span silences inside it: a count's words are the count's ("rose on 12 of 21 sessions"),
# a span of sessions is no single session, "after a low of" is no cause (but still a low), a news source names
# no company.
MUTED_INSIDE: dict[str, Callable[[str], bool]] = {
    "COUNT": lambda label: label not in ("COUNT", "COUNT_ELLIPTIC", "CLAUSE"),
    "COUNT_ELLIPTIC": lambda label: label not in ("COUNT", "COUNT_ELLIPTIC", "CLAUSE"),
    "SPAN": lambda label: label in ("DAILY", "SESSION_LAST", "SESSION_FIRST", "SESSION_SAME"),
    "PHASE": lambda label: label in ("SPAN", "DAILY", "SESSION_LAST", "SESSION_FIRST", "SESSION_SAME", "COUNT", "SUB_PERIOD", "OTHER_PERIOD"),
    "PERIOD": lambda label: label in ("DATE", "DAILY"),  # "over the same sessions": the month's, no day's
    "VOL": lambda label: label == "DAILY",  # "volatility of daily closes": the series, no day's move
    "WITHIN_PERIOD": lambda label: label == "PERIOD",
    "DD": lambda label: label in ("OTHER_PERIOD", "DAILY"),  # "from its first-day high": the peak's day, no move
    "TEMPORAL": lambda label: label in ("CAUSAL", "OTHER_PERIOD", "OTHER_QUANTITY", "PHASE"),  # "post-earnings" is a time
    "NOT_SUBJECT": lambda label: label != "CLAUSE",
    "PAST_MODAL": lambda label: label == "FORECAST",
    "REPORT_PERIOD": lambda label: label == "OTHER_PERIOD",
    # "a last séance at +2,7 %": the session's "last" is no month-end; "On Last Day Of July": its month no period
    "SESSION_LAST": lambda label: label in ("END", "MONTH", "PERIOD"),
    "SESSION_NEXT": lambda label: label == "SPAN",  # "two sessions later" is one session, not a span of two  # "a second-quarter report" names the report, not a period
}
OPPOSITE_RANKS = {
    "best_return": "worst_return", "worst_return": "best_return", "most_volatile": "least_volatile",
    "least_volatile": "most_volatile", "largest_daily_gain": "largest_daily_fall", "largest_daily_fall": "largest_daily_gain",
}
# a drop this strong (another period, a forecast) outweighs even a path or a range ("a support zone ($28-30)")
DROP_OVER_CONSTRUCTION = 80
PRICE_ROLES = frozenset({"HIGH", "LOW", "START", "END", "LEVEL"})
PERCENT_TOPICS = frozenset({"VOL", "DD", "OTHER_QUANTITY", "OTHER_PERIOD", "FORECAST", "PHASE"})
LIST_KEY_METRICS = frozenset({"volatility", "max_drawdown", "period_return", "up_days", "down_days"})
HEADING_KEY_METRICS = frozenset({"volatility", "max_drawdown"})
PRICE_KEY_METRICS = frozenset({"price_level", "range_low", "range_high"})  # a delimited terse line's price cells
# the rank an elliptic follow-up question asks of a measure ("which was the most volatile? and the drawdowns?"),
# by (the measure's cue, the pending rank)
ELLIPTIC_RANKS = {("DD", "most_volatile"): "largest_drawdown", ("DD", "worst_return"): "largest_drawdown",
                  ("DD", "largest_daily_fall"): "largest_drawdown", ("VOL", "largest_drawdown"): "most_volatile",
                  ("VOL", "worst_return"): "most_volatile", ("VOL", "best_return"): "least_volatile"}
WITHDRAWN_REACH = 20
DRAWDOWN_PATH_REACH = 6  # words from a drawdown word to the path of its peak and trough  # words from a withdrawn figure to its correction
COMPARED_PRIORITY = 20  # below every cue: a figure's own cue always wins over the figure it is compared with
PRICE_TOPICS = frozenset({"HIGH", "LOW", "START", "END", "OTHER_PERIOD", "FORECAST"})
# Day scope: the cues that give a figure on a dated line a scope of its own ("MTD AVGO +0.2", "Week: AVGO
# −8.1", "NVDA +10.3 MTD"), so the line's session label does not time it (Sentence._offer_frame).
FRAME_SCOPES = frozenset({"PERIOD", "OTHER_PERIOD", "PHASE", "SPAN", "VOL", "DD", "WITHIN_PERIOD", "PERIOD_FREE"})
# a bare number's metric named before it ("The volatility of AMD was 56.0"): the linking words that may lie
# between, and how many words in all (Sentence._named_percent)
NAMED_PERCENT_LINKS = frozenset({"of", "at", "with", "was", "is", "were", "came", "in", ":", "=", "-", "—"})
NAMED_PERCENT_WITHIN = 6
# the period words a signed number may follow its name across: "TSLA MTD +14.2", "AVGO YTD -3"
TITLE_WORD = re.compile(r"[^\W\d_][^\W_]*")


def _title_case_line(text: str, at: int) -> bool:
    """Whether the line holding character `at` is a headline in title case ("BRIEF-Broadcom Up 5.4 Pct In July,
    Second-Best Megacap; Nvidia Edges Up 1.6 Pct"): five words or more, each opening on a capital, not all caps."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    words = TITLE_WORD.findall(text[start:end if end >= 0 else len(text)])
    return len(words) >= 5 and all(w[0].isupper() for w in words) and not all(w.isupper() for w in words)


def _counted_group(words: list[str], index: int) -> bool:
    """"best of the 10", "lowest among the 8": a cardinal in digits after "the" is the field, as "the ten" is."""
    return index > 0 and words[index - 1] == "the" and words[index].isdigit() and 2 <= int(words[index]) <= 99


# A wire story: its headline opens on the desk's slug ("BRIEF-", "UPDATE 2-"), its dateline names the city, the
# day and the agency ("LISBON, Oct 27 (Reuters) -", "July 31 (Reuters) -")
WIRE_HEADLINE = WIRE_SLUG
DATELINE = re.compile(r"[ \t]*(?:[A-Z][A-Z .'-]{1,30},[ \t]+)?[A-Z][a-z]{2,8}\.?[ \t]+\d{1,2}[ \t]+"
                      r"\((?:Reuters|Bloomberg|AP|AFP|Dow Jones|Lusa|IFR)\)[ \t]*[-–—]")
# the rules by which a figure's own words time it as the month's ("In July", "For Month")
PERIOD_RULES = frozenset({"attach.period.after", "attach.period.before", "time.month", "metric.period"})
# a markdown footnote's mark in the body ("+17.05%[^2]") or opening its definition ("[^2]: ...")
FOOTNOTE_MARK = re.compile(r"\[\^([\w-]{1,12})\]")
SCOPE_AFTER_NAME = frozenset({"PERIOD", "OTHER_PERIOD", "PERIOD_FREE"})
# what may follow a figure that ends its clause ("META down about 9, but ..."): no count noun
CLAUSE_END_WORDS = frozenset({",", ".", ";", ")", "!", "?", "and", "but", "while", "—", "–"})


# a day of the month written alone in a list of dates: "29th", "29"
_BARE_DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")


@dataclass
class State:
    """What carries from one sentence to the next: the company last named, the last list of names,
    the block's subject (a list item's bold name, a heading's company)."""

    last_ticker: str | None = None
    last_group: tuple[Name, ...] = ()
    named: list[str] = field(default_factory=list)  # every ticker named so far, the most recently named last
    last_rank: str | None = None
    last_rank_at: int = 0  # where the sentence of the last rank starts (a character offset)
    question_rank: tuple[str, tuple[str, ...]] | None = None  # "Which stock did best?": the answer's first name takes it
    topic: str | None = None  # the one company the last sentence with a subject named
    count_direction: int | None = None  # +1/-1: the last sentence counted up/down sessions ("BCP only managed 10")
    fragment: Name | None = None  # "UnitedHealth? Red for the month.": a name standing alone is the next sentence's subject
    heading: list[tuple[int, Name, int]] = field(default_factory=list)  # (level, subject, section end or 0)
    # "Ranked by annualised vol:" over "1. AMD 51.4": the key an introducing line gives its list's bare figures
    list_key: HeaderRule | None = None
    leader: str | None = None  # the company last ranked best_return: "X weren't far behind" is behind it
    in_item: bool = False
    footnotes: dict[str, str] = field(default_factory=dict)  # a markdown footnote's label -> its marked sentence's company
    # "LISBON, Oct 27 (Reuters) - EDP Renovaveis SA:": the company a wire story's dateline introduces, which its
    # bare "SHARES" lines are about (not the parent a line names in between)
    story: str | None = None
    # "Correction: I gave Tesla's volatility as 23% — I swapped the digits. It's about 32%": the measure a
    # correcting sentence named, which the next sentence's bare percent restates
    corrected: str | None = None
    # the measure of a figure the writer just withdrew ("I gave Tesla's volatility as 23%"): the correction's
    # bare percent ("It's about 32%") is that measure
    withdrawn: tuple[str, int] | None = None  # (metric, token)
    question_more: list[str] = field(default_factory=list)  # "... and the drawdowns?": ranks a follow-up asks too


@dataclass
class Slot:
    value: object
    priority: int
    distance: int
    rules: tuple[str, ...]
    cue: Cue | None = None


@dataclass
class Reading:
    """What the table's rows say about one figure."""

    figure: Figure
    slots: dict[str, Slot] = field(default_factory=dict)

    def offer(self, slot: str, value, priority: int, distance: int, rules: tuple[str, ...], cue: Cue | None = None) -> None:
        held = self.slots.get(slot)
        if held is None or (priority, -distance) > (held.priority, -held.distance):
            self.slots[slot] = Slot(value, priority, distance, rules, cue)

    def get(self, slot: str, default=None):
        held = self.slots.get(slot)
        return default if held is None else held.value

    def rules(self, slots: tuple[str, ...] = ("metric", "sign", "anchor", "date", "extreme", "extra")) -> tuple[str, ...]:
        """The ids of the rows (and their cues) that filled the named slots."""
        return tuple(rule for name in slots if name in self.slots for rule in self.slots[name].rules)


class Resolver:
    """One universe's resolution: the rulebook's table indexed by cue label."""

    def __init__(self, book: Rulebook):
        self.book = book
        self.words = book.words
        self.notation = Notation(book.words)  # "argmax(r)=amzn", "amd > amzn > tsla"
        # figure kind -> cue label -> the rows that read that kind, in table order
        self.rows_by_kind: dict[str, dict[str, list[AttachRule]]] = {}
        for row in book.attach:
            for kind in dict.fromkeys(row.figures):
                self.rows_by_kind.setdefault(kind, {}).setdefault(row.cue, []).append(row)
        self.ranks = {(rank.superlative, rank.family, rank.sign): rank for rank in book.ranks}
        self.object_phrases = tuple(book.words("object_phrases"))  # str.endswith takes them all at once
        # the words a list of figures may hold between its members besides brackets and signs
        self.figure_list_words = book.words("hedges") | book.words("figure_joiners") | book.words("figure_list_skips")
        # each header rule's words, with the spaced form a header is searched for
        self.header_words = [(rule, tuple((word, f" {word} ") for word in rule.words)) for rule in book.headers]
        # the same, as an index: a header word (its words joined by single spaces) -> the position of the first
        # rule naming it, so a header is looked up by its runs of words instead of scanning every rule's words;
        # a word written otherwise (a stray space) keeps the scan (`header_rule`)
        self.header_index: dict[str, int] = {}
        self.header_scanned: list[tuple[int, str, str]] = []
        for position, (rule, words) in enumerate(self.header_words):
            for word, spaced in words:
                if word and " ".join(word.split()) == word:
                    self.header_index.setdefault(word, position)
                else:
                    self.header_scanned.append((position, word, spaced))
        self.header_run = max((len(word.split(" ")) for word in self.header_index), default=0)
        self.construction_priority = book.constants.get("construction", 90)
        self.paired_dates_priority = book.constants.get("paired_dates", 49)
        self.column_priority = book.constants.get("frame_column", 100)
        self.label_priority = book.constants.get("frame_label", 95)
        # the header rule of growth factors, which also keys a figure written "x1.0841" (numbers.factor_percent)
        self.factor_key = next((rule for rule in book.headers if rule.factor), None)
        self.session_frame_priority = book.constants.get("frame_session", 55)
        self.session_frame_date_priority = book.constants.get("frame_session_date", 30)
        unknown = [name for name in book.subject_order if name not in SUBJECT_FINDERS]
        if unknown:
            raise ValueError(f"resolve.toml [subjects] order names unknown finder(s) {unknown}; known: {', '.join(SUBJECT_FINDERS)}")
        self.finders = [(name, SUBJECT_FINDERS[name]) for name in book.subject_order]

    # ================================================================= entry point
    def claims(self, doc: Document, blocks: list[Block], month: str | None, sessions: list[date]) -> list[Claim]:
        state = State()
        out: list[Claim] = []
        sentence_index = 0
        block_spans = [(*doc.token_span(b.start, max(b.end, b.start + 1)), b) for b in blocks]
        items: dict[int, Name] = {}  # list depth -> the subject of the item open at that depth
        for t0, t1, block in block_spans:
            while state.heading and (block.kind == "heading" and state.heading[-1][0] >= block.level
                                     or 0 < state.heading[-1][2] <= block.start):
                state.heading.pop()  # a heading of its level or above, or the close of a <details> section
            state.fragment = None
            if block.kind == "table":
                out.extend(TableReader(self, doc, block, month, sessions, state).claims())
                while sentence_index < len(doc.sentences) and doc.sentences[sentence_index][0] < t1:
                    sentence_index += 1
                continue
            block_subject = self._lead_name(doc, t0, t1) if block.kind in ("item", "heading") else None
            if block.kind == "item":
                for depth in [d for d in items if d >= block.level]:
                    del items[depth]
                if block_subject is None:  # a sub-bullet is about its parent item's name
                    parents = [items[d] for d in sorted(items) if d < block.level]
                    block_subject = parents[-1] if parents else None
                if block_subject is not None:
                    items[block.level] = block_subject
            else:
                items.clear()
            if block.kind == "item" and block_subject is None and state.heading:
                block_subject = state.heading[-1][1]
            elif block.kind == "prose" and state.heading:
                block_subject = state.heading[-1][1]
            if block.kind == "heading" and block_subject is not None:
                state.heading.append((block.level, block_subject, block.until))
            state.in_item = block.kind == "item"
            if block.kind != "item":
                state.list_key = self._list_key(doc, block, month)
            made: list[Claim] = []
            while sentence_index < len(doc.sentences) and doc.sentences[sentence_index][0] < t1:
                s0, s1 = doc.sentences[sentence_index]
                sentence_index += 1
                if s1 <= t0:
                    continue
                subject = block_subject if block_subject is not None else state.fragment
                sentence = Sentence(self, doc, max(s0, t0), min(s1, t1), subject, month, sessions, state)
                if self._dateline(doc, max(s0, t0)):
                    state.story = next((n.ticker for n in sentence.mentions if n.ticker), None)
                said = sentence.claims()
                made.extend(said)
                self._note_footnote_marks(doc, s0, s1, said, subject, state)
                if sentence.mentions:  # a name standing alone ("Ticker: NVDA") holds until another is named
                    state.fragment = sentence.fragment()
            # "Both finished higher. Broadcom rose 5.4%, while Nvidia ...": a direction the paragraph then
            # states as a figure is that figure's, no claim of its own
            moved = {c.ticker for c in made if c.metric == "period_return"}
            out.extend(c for c in made if c.metric != "direction" or c.ticker not in moved)
        out = self._headlines_restated(doc, out)  # "BRIEF-Netflix Shares Slide 7.3 Pct" over "DOWN 7.3 PCT ON FRIDAY"
        out.extend(self._corrections(doc, out))  # "17.3 not 17.1, sorry", "*18.43"
        out = printed_outputs(doc, out)  # "In [4]: (px.iloc[-1] / px.iloc[0] - 1)" over "Out[4]:" and "amd 0.0593"
        out.extend(position_ranks(doc, blocks, out))  # "1. Galp", "Bottom 3 (worst first)", a Rank column
        key = lambda word: self.header_rule(word, month)  # noqa: E731
        out.extend(self.notation.ranks(doc, key, out))  # "argmax(r)=amzn", "best=galp"
        out.extend(self.notation.chains(doc, key))  # "amd > amzn > tsla"
        turns = user_turns(doc.text, self.words("user_speakers"), self.words("assistant_speakers"))
        if turns:  # a chat's user turns are read (their subjects and questions carry) but state no claim
            out = [c for c in out if not any(a <= c.start < b for a, b in turns)]
        out.sort(key=lambda claim: (claim.start, claim.end))
        return out

    @staticmethod
    def _dateline(doc: Document, s0: int) -> bool:
        """Whether the sentence at token `s0` opens on a wire dateline ("LISBON, Oct 27 (Reuters) -")."""
        start = doc.starts[s0] if s0 < len(doc.starts) else len(doc.text)
        line = doc.text.rfind("\n", 0, start) + 1
        return DATELINE.match(doc.text, line) is not None and not doc.text[line:start].strip()

    @staticmethod
    def _headlines_restated(doc: Document, out: list[Claim]) -> list[Claim]:
        """"BRIEF-Netflix Shares Slide 7.3 Pct" over "* SHARES DOWN 7.3 PCT ON FRIDAY": a wire headline's figure
        that no period word times restates the story's line with the same company and figure, so it is that
        line's move, dated as that line is (a story runs from its headline to the next one). The text's own
        words cannot say it: the headline has no session word, only the story below it does."""
        heads = [m.start() for m in WIRE_HEADLINE.finditer(doc.text)]
        if not heads:
            return out
        heads.append(len(doc.text))
        kept = []
        for claim in out:
            head = next((i for i in range(len(heads) - 1) if heads[i] <= claim.start < heads[i + 1]), None)
            line_end = doc.text.find("\n", heads[head]) if head is not None else -1
            if head is None or claim.metric != "period_return" or not (claim.start < line_end or line_end < 0) \
                    or any(rule in PERIOD_RULES for rule in claim.rules):
                kept.append(claim)
                continue
            story = [c for c in out if line_end < c.start < heads[head + 1] and c.ticker == claim.ticker
                     and c.metric == "daily_move" and c.date and isinstance(c.value, float | int) and abs(c.value) == abs(claim.value)]
            if not story:
                kept.append(claim)
                continue
            line = story[0]
            value = line.value if (line.value < 0) == (claim.value < 0) or not claim.value else claim.value
            kept.append(replace(claim, metric="daily_move", value=value, date=line.date,
                                rules=claim.rules + ("restated.wire_headline",)))
        return kept

    @staticmethod
    def _note_footnote_marks(doc: Document, s0: int, s1: int, said: list[Claim], subject: Name | None, state: State) -> None:
        """"NOS led with +17.05%[^2]" over "[^2]: €4.400 on 2 February → €5.150": a markdown footnote's
        definition is about the company of the sentence its mark sits in (the last claim's before the mark,
        else the sentence's block subject), which `subjects.footnote` gives the definition's figures."""
        start, end = doc.starts[s0], doc.ends[s1 - 1] if s1 > s0 else doc.starts[s0]
        for mark in FOOTNOTE_MARK.finditer(doc.text, start, end):
            line = doc.text.rfind("\n", 0, mark.start()) + 1
            if not doc.text[line:mark.start()].strip():
                continue  # the definition itself ("[^2]: ...")
            before = [c.ticker for c in said if c.ticker and c.start < mark.start()]
            ticker = before[-1] if before else subject.ticker if subject is not None else None
            if ticker:
                state.footnotes[mark.group(1)] = ticker

    def _corrections(self, doc: Document, out: list[Claim]) -> list[Claim]:
        """A thread corrects a figure in a message of its own: "17.3 not 17.1, sorry" restates the claim
        whose figure it names, "*18.43" opening its line the nearest figure before it that it is a slip of
        (the same decimals, within a tenth). The correction keeps that claim's name, metric, sign, date and
        anchor; the figure it withdraws stays a claim where it was stated."""
        made = []
        for cue in doc.cues:
            if cue.label != "CORRECTION":
                continue
            figures = [doc.figure_at[i] for i in range(cue.start, cue.end) if i in doc.figure_at]
            if not figures:
                continue
            new = figures[0].quantity
            if any(c.start <= new.start < c.end for c in out):
                continue  # the figure made a claim of its own
            before = [c for c in out if c.end <= new.start and isinstance(c.value, (int, float)) and not isinstance(c.value, bool)
                      and c.ticker and c.metric not in ("up_days", "down_days")]
            if cue.rule == "correction.star":
                line = doc.text.rfind("\n", 0, new.start) + 1
                if doc.text[line:new.start].lstrip() != "*":  # "*18.43", not a bullet "* 18.43"
                    continue  # a figure alone on its line is a correction only under Slack's star
            if len(figures) > 1:  # "17.3 not 17.1": the claim stating the withdrawn figure
                old = figures[1].quantity.value
                target = next((c for c in reversed(before) if abs(abs(c.value) - old) < 1e-9), None)
            else:
                target = next((c for c in reversed(before) if c.decimals == new.decimals and new.value
                               and abs(abs(c.value) - new.value) <= 0.1 * abs(c.value)), None)
            if target is None:
                continue
            value = -new.value if target.value < 0 and new.value > 0 else new.value
            claim = self._correction_claim(doc, target, value, new, cue.rule)
            if claim is not None:
                made.append(claim)
        return made

    def _correction_claim(self, doc: Document, target: Claim, value: float, new, rule: str) -> Claim | None:
        line_start = doc.text.rfind("\n", 0, new.start) + 1
        line_end = doc.text.find("\n", new.end)
        sentence = doc.text[line_start:line_end if line_end >= 0 else len(doc.text)].strip()
        try:
            return Claim(ticker=target.ticker, metric=target.metric, value=value, decimals=new.decimals, date=target.date,
                         anchor=target.anchor, extreme=target.extreme, text=doc.text[new.start:new.end], sentence=sentence,
                         start=new.start, end=new.end, rules=(rule, "subject.corrected"))
        except ClaimError:
            return None

    def _list_key(self, doc: Document, block: Block, month: str | None) -> HeaderRule | None:
        """The key a line ending in ':' gives the list under it ("Ranked by annualised vol:", "Up days:"):
        a percent measure or a count, never a price (the list's own words say which price)."""
        text = doc.text[block.start:block.end].strip().strip("*").strip()
        heading = block.kind == "heading" and not text.endswith(":")
        if heading:
            # "### Annualised volatility", "<summary>Annualised volatility: the calmest three</summary>": a heading
            # that opens on a risk measure's key keys the list under it (a return's heading says no more than
            # the bare figures already do)
            text = text.lstrip("#").strip().strip("*_").strip()
            text = text.split(":", 1)[0].strip().strip("*_").strip() + ":" if ":" in text else text + ":"
        if not text.endswith(":") or "\n" in text or len(text.split()) > 8:
            return None
        rule = self.header_rule(text[:-1], month)
        if rule is None or rule is SKIP_COLUMN or rule.metric not in (HEADING_KEY_METRICS if heading else LIST_KEY_METRICS):
            return None
        return rule

    def header_rule(self, text: str, month: str | None, paired: bool = False) -> HeaderRule | None:
        """What a table header or a line's key ("Return:", "Max DD =", '"return_pct":') says its figures are,
        by the header lexicon; SKIP_COLUMN for a header naming another month or year ("Jul return"). A rule
        read only beside its partner key ("dn" by "up") is given only to a key=value reader (`paired`)."""
        rule = self._header_rule(text, month)
        return None if rule is not None and rule.beside and not paired else rule

    def _header_rule(self, text: str, month: str | None) -> HeaderRule | None:
        text = text.lower()
        if self._money_change(text):
            return SKIP_COLUMN
        percent = "%" in text
        for noise in self.book.lexicon["header_noise"]:
            text = text.replace(noise, " ")
        raw = text.split()
        months = {MONTH_NUMBERS.get(w) or MONTH_NUMBERS.get(w[:3]) for w in raw if w.isalpha() and (w in MONTH_NUMBERS or w[:3] in MONTH_NUMBERS)}
        years = {w for w in raw if w.isdigit() and len(w) == 4}
        if month and (months - {int(month[5:7])} or years - {month[:4]}):
            return SKIP_COLUMN
        words = [w for w in raw if w[:3] not in MONTH_NUMBERS or len(w) > 9 or not w.isalpha()]
        normal = " ".join(w for w in words if not (w.isdigit() and len(w) == 4))
        if not normal and months and percent:
            normal = "%"  # "Aug %", "August (%)": the month's own percent change, the bare "%" header
        if not normal:
            return None
        # the first rule with a word that is `normal` or a run of its words (" word " in " normal ")
        runs = normal.split(" ")
        index, first = self.header_index, None
        for length in range(1, min(self.header_run, len(runs)) + 1):
            for start in range(len(runs) - length + 1):
                position = index.get(" ".join(runs[start:start + length]))
                if position is not None and (first is None or position < first):
                    first = position
        if self.header_scanned:
            padded = f" {normal} "
            for position, word, spaced in self.header_scanned:
                if (first is None or position < first) and (normal == word or spaced in padded):
                    first = position
        return None if first is None else self.header_words[first][0]

    def _money_change(self, header: str) -> bool:
        """"Change ($)", "Chg €", "Δ (USD)", "$ chg": a change counted in money is a price difference, which
        claims.md does not count; only a percent change ("Change (%)") is a return."""
        if "%" in header:
            return False
        parts = set(header.replace("(", " ").replace(")", " ").replace("/", " ").split())
        return bool(parts & self.words("money_units")) and bool(parts & self.words("change_heads"))

    def _lead_name(self, doc: Document, t0: int, t1: int) -> Name | None:
        """The name a list item or heading opens with ("- **Nvidia**: ...", "### Galp (GALP.LS)")."""
        words = 0
        for i in range(t0, t1):
            word = doc.orth[i]
            if not word.strip() or word in self.words("list_markers") or (word[:-1].isdigit() and word[-1:] in ".)"):
                continue
            for name in doc.names:
                if name.start == i:
                    return name
            if word[:1].isalnum():
                words += 1
            if words >= 4 or word in (":", "—"):
                return None
        return None

    # ================================================================= figures
    def _figure_of(self, doc: Document, end: int, token: int) -> bool:
        """Whether "of" and a figure other than `token` follow `end` ("a drawdown of just 1.12%"), hedges between."""
        position = end
        while position < len(doc.orth) and not doc.orth[position].strip():
            position += 1
        if position >= len(doc.orth) or doc.lower[position] != "of":
            return False
        position += 1
        hedges = self.words("hedges")
        while position < len(doc.orth) and (not doc.orth[position].strip() or doc.lower[position] in hedges
                                            or doc.lower[position] in ("just", "only", "a", "some")):
            position += 1
        return position != token and position in doc.figure_at

    def read_figure(self, doc: Document, figure: Figure, cues: list[Cue], topic: list[Cue] | None, s0: int, s1: int,
                    muted: set[int], at: int | None = None, into: Reading | None = None,
                    sides: tuple[str, ...] = ("before", "after", "inside", "topic")) -> Reading:
        """Every row that applies to the figure offers its slot; the reading keeps the winners. A figure in a
        list ("at $545.09 and $350.98") is read again from the list's first figure (`at`), on the `before` side:
        the words before a list speak for all of it, its own nearer words still win."""
        reading = into or Reading(figure)
        own = set(reading.slots) if at is not None else set()  # a list member's own words win over its list's
        token = figure.token if at is None else at
        penalty = 0 if at is None else doc.words_between(at, figure.token)
        signed = bool(figure.quantity.signed)
        kind_rows = self.rows_by_kind.get(figure.kind, {})
        for cue in cues:
            rows = kind_rows.get(cue.label)
            if not rows or id(cue) in muted:
                continue
            for row in rows:
                if (row.unsigned_only and signed) or row.side not in sides or row.slot in own:
                    continue
                if row.side == "topic":
                    if topic is None or cue not in topic or cue.end > token:
                        continue
                    left, right = cue.end, token
                elif row.side == "inside":
                    if not cue.start <= figure.token < cue.end:
                        continue
                    left, right = token, token
                elif row.side == "before":
                    if cue.end > token:
                        continue
                    if cue.label in MEASURE_NOUNS and token == figure.token and _noun_of_figure_before(doc, cue, figure.token) \
                            and not doc.names_between(cue.end, token):
                        continue  # "a 7.8% drawdown, before a 3.3% bounce": the noun is the figure's before it (a name
                        # between gaps the noun over its own figure: "a 7.8% drawdown and AMD 3.3%")
                    left, right = cue.end, token
                else:
                    if cue.start <= token:
                        continue
                    left, right = token + 1, cue.start
                    if cue.label in ASIDE_BLIND:
                        left = _after_aside(doc, left, right)
                    if cue.label in OWN_FIGURE_AFTER and _figure_right_after(doc, cue.end, figure.token):
                        continue  # "(from €0.8162) finishing at its monthly high of €0.8962": the high is the next figure
                    if cue.label in SIGN_NOUNS and self._figure_of(doc, cue.end, figure.token):
                        continue  # "added 11.94% with a drawdown of just 1.12%": the noun heads the figure after it
                distance = doc.words_between(left, right)
                breaks = doc.breaks_between(left, right)
                if breaks and row.side == "topic" and cue.label in ("VOL", "DD"):
                    # "The other drawdowns were small — none above 3.3%": a dash elaborates a measure's topic
                    breaks -= sum(1 for i in range(left, right) if doc.orth[i] in ("—", "–"))
                if distance > row.within or breaks:
                    continue
                if "comma" not in row.crosses and doc.commas_between(left, right):
                    continue
                if "name" not in row.crosses and doc.names_between(left, right):
                    continue
                if "figure" not in row.crosses and doc.figures_between(left, right):
                    continue
                if row.blocked_by and any(other.label in row.blocked_by and left <= other.start and other.end <= right
                                          and id(other) not in muted for other in cues):
                    continue
                value = cue.value if row.slot == "date" else row.value
                if row.slot == "date" and value is None:
                    continue
                if row.side == "before" and cue.label in DATE_LABELS and _owned_by_previous(doc, cue, figure.token, distance == 0, s0) \
                        and not self._closing_that_day(doc, cue.end):
                    continue  # "closed at $206.64 on 5 August and ended at $224.09": the date is the first figure's
                reading.offer(row.slot, value, row.priority, distance + penalty, (row.id, cue.rule), cue)
        return reading


    def _closing_that_day(self, doc: Document, end: int) -> bool:
        """"sank 7.1% on July 23, closing at a month low of $317.69": a participle of closing right after a date
        (across a comma, then "at") speaks of that session's close, so the date is the close's too."""
        words = [w for w in doc.lower[end:end + 6] if w.strip() and w != ","]
        return len(words) >= 2 and words[0] in self.words("close_participles") and words[1] in self.words("close_participle_links")


# Measure nouns that a percent written right before them owns ("a 7.8% drawdown", "56% volatility"): such a noun
# names no later figure's measure.
MEASURE_NOUNS = frozenset({"DD", "VOL"})


def _noun_of_figure_before(doc: Document, cue: Cue, token: int) -> bool:
    """Another percent stands right before the measure noun `cue` (nothing but spaces between)."""
    before = cue.start - 1
    while before >= 0 and not doc.orth[before].strip():
        before -= 1
    owner = doc.figure_at.get(before)
    return owner is not None and owner.kind == "pct" and owner.token != token


# Day scope: cues after a close that see past a bracketed aside right after it: "META 543.67 (−4.4%), low of
# the month", "BCP 0.8586 (−2.52%) — the low": the session's move in brackets is no figure between them.
ASIDE_BLIND = frozenset({"EXTREME_AFTER_HIGH", "EXTREME_AFTER_LOW"})


# Cues after a figure that state their own figure when one follows them: "finishing at its high of €0.8962" is
# the figure after it, not the one before ("the bank (from €0.8162) finishing at its high of €0.8962").
OWN_FIGURE_AFTER = frozenset({"ENDED_AT_HIGH", "ENDED_AT_LOW"})


SIGN_NOUNS = frozenset({"UP_NOUN", "DOWN_NOUN"})


def _figure_right_after(doc: Document, end: int, token: int) -> bool:
    while end < len(doc.orth) and not doc.orth[end].strip():
        end += 1
    return end != token and end in doc.figure_at


def _after_aside(doc: Document, left: int, right: int) -> int:
    """The token after a bracketed aside "( ... )" that opens at `left` (spaces aside) and closes before `right`
    within a few tokens; `left` itself when there is none."""
    i = left
    while i < right and not doc.orth[i].strip():
        i += 1
    if i >= right or doc.orth[i] != "(":
        return left
    for j in range(i + 1, min(right, i + 6)):
        if doc.orth[j] == ")":
            return j + 1
        if "\n" in doc.orth[j]:
            break
    return left


# Glosses: the marks between a line's opening figure and what it is ("14.2% — Tesla's gain"), and those that end
# one part of the gloss ("Tesla's gain, the group's best")
GLOSS_DASHES = frozenset({"—", "–", "-", ":", "="})
GLOSS_PART_ENDS = frozenset({",", ";", "(", ")", "—", "–", "."})
EMPHASIS = frozenset({"**", "*", "__", "_"})
# a figure set off by dashes after its clause ("Amazon's decline was steeper — 13.6% — and more persistent"): the
# dashes, and what may close the aside instead of a second dash
APPOSITION_DASHES = frozenset({"—", "–"})
APPOSITION_ENDS = frozenset({".", ",", ";", "!", ")"})
# what a gloss's later part may say of a figure its head left open: never a drop ("€0.8916 — where BCP finished, the
# only name in the red" is no change in price)
GLOSS_PERCENT_SLOTS = ("metric", "sign", "date", "extreme")

# cues that belong to the figure right before them ("2.0% in July before rising 5.6%": July is the 2.0%'s)
DATE_LABELS = frozenset({"DATE", "WEEKDAY", "SESSION_LAST", "SESSION_FIRST", "SESSION_SAME", "SESSION_NEXT", "OTHER_PERIOD",
                         "PERIOD"})


def _owned_by_previous(doc: Document, cue: Cue, token: int, touching: bool = False, s0: int = 0) -> bool:
    """A date right after a figure of its sentence belongs to that figure, not to one further on; but a date
    that touches the next figure across a comma or a bracket from the last ("4 Aug -3.9%, 5 Aug -2.7%", "below
    -3% (4 Aug -3.9%") is the next one's, unless its own brackets close on it, and a figure ending the sentence before owns nothing here ("... on
    Monday the 27th. The same Monday EDP fell 3.3%")."""
    for figure in doc.figures:
        if s0 <= figure.token < cue.start and figure.token < token and doc.words_between(figure.token + 1, cue.start) <= 2 \
                and not doc.breaks_between(figure.token, cue.start) and figure.kind != "int" \
                and not (touching and not _bracketed_alone(doc, cue) and (doc.commas_between(figure.token + 1, cue.start)
                                       or any(w in ("(", "[", ";") for w in doc.orth[figure.token + 1:cue.start]))):
            return True
    return False


def _bracketed_alone(doc: Document, cue: Cue) -> bool:
    """"+8.7% (27 Aug) / −4.6% (28 Aug)": a date its own brackets close on dates the figure before them."""
    before = next((w for w in reversed(doc.orth[:cue.start]) if w.strip()), "")
    after = next((w for w in doc.orth[cue.end:] if w.strip()), "")
    return (before, after) in (("(", ")"), ("[", "]"))


class Sentence:
    """One sentence's mentions, and the handlers that turn them into claims."""

    def __init__(self, resolver: Resolver, doc: Document, s0: int, s1: int, block_subject: Name | None,
                 month: str | None, sessions: list[date], state: State):
        self.r, self.doc, self.s0, self.s1 = resolver, doc, s0, s1
        self._objects: dict[int, bool] = {}  # name start -> whether it is a comparison's object (`_object_at`)
        self._opening: tuple[int | None, HeaderRule | None] | None = None  # (`_opening_key`)
        self.block_subject, self.month, self.sessions, self.state = block_subject, month, sessions, state
        self.cues = doc.sentence_cues(s0, s1)
        self.figures = doc.sentence_figures(s0, s1)
        self.sentence_text = doc.text[slice(*doc.quote_span(s0, s1))].strip()
        self.mentions = self._mentions()
        self.cues = self._direct_object_relations()
        self.groups = self._groups()
        self.muted: set[int] = set()
        self.consumed: set[int] = set()  # figure tokens read by a construction
        self.score_pairs: set[tuple[int, ...]] = set()  # "+8.4% to +8.1%": two names' figures, a list of two
        self.out: list[Claim] = []
        self.reading: Reading | None = None  # the figure being given its subject
        # the session label the sentence's line opens with ("Aug 4 — …", "Day 4: …"): it times the line's figures
        self.frame: LineFrame | None = line_frame(doc, s0, sessions, resolver.words) if self.figures else None

    # ----------------------------------------------------------------- mentions
    def _direct_object_relations(self) -> list[Cue]:
        """The sentence's cues, less a relation verb that is also a move ("edged", "pipped") with no name
        right after it: "NOS edged Sonae" is a relation, "Galp edged higher" a move."""
        doc, words = self.doc, self.r.words("direct_object_relations")
        if words.isdisjoint(doc.lower[self.s0:self.s1]):
            return self.cues
        fillers = self.r.words("direct_object_fillers")
        starts = {n.start for n in self.mentions if n.ticker}
        kept = []
        for cue in self.cues:
            if cue.label in RELATION_LABELS and all(w in words for w in doc.lower[cue.start:cue.end] if w.strip()):
                after = self._next_word(cue.end)
                moves = self.r.words("bare_up") | self.r.words("bare_down")  # "edged the bank higher" moves it
                described = any(c.label == "DESCRIPTOR" and c.start == after and c.end - c.start > 1 and not (
                    c.end < self.s1 and doc.lower[self._next_word(c.end)] in moves) for c in self.cues)
                while after < self.s1 and doc.lower[after] in fillers:
                    after = self._next_word(after + 1)
                if after not in starts and not described and not (after < self.s1 and doc.lower[after] == "it"
                                                and self._next_word(after + 1) >= self.s1 - 1):
                    continue  # a name, or "it" closing the sentence ("NOS edged it."), is the object
            kept.append(cue)
        return kept

    # ----------------------------------------------------------------- mentions
    def _mentions(self) -> list[Name]:
        """Names, plus the market descriptors that are subjects; a "Name (SYM)" pair is one mention."""
        doc = self.doc
        descriptors = [c for c in self.cues if c.label == "DESCRIPTOR"]
        # "the oil company's shares": a market word inside a company descriptor modifies it, it is no subject
        found = [name for name in doc.sentence_names(self.s0, self.s1) if not (
            name.ticker is None and any(c.start <= name.start and name.end <= c.end for c in descriptors))]
        merged: list[Name] = []
        for name in found:
            if merged and name.ticker == merged[-1].ticker and name.ticker is not None:
                gap = doc.lower[merged[-1].end:name.start]
                if all(word in ("(", " ", "[", ",") or not word.strip() for word in gap) and "(" in gap:
                    end = name.end + 1 if name.end < len(doc) and doc.orth[name.end] in (")", "]") else name.end
                    merged[-1] = Name(name.ticker, merged[-1].start, end, merged[-1].rule)
                    continue
            merged.append(name)
        # "the best performance in the index", "the weakest value of the PSI": a market named after a
        # superlative's group word qualifies the superlative; it is no subject of what follows
        ranking = [c for c in self.cues if c.label.startswith(("SUP_", RANK_PREFIX)) or c.label == "PERFORMER"]
        merged = [n for n in merged if n.ticker is not None or not ranking or not self._qualifies(n) or not any(
            c.end <= n.start and doc.words_between(c.end, n.start) <= 4 and not doc.breaks_between(c.end, n.start)
            for c in ranking)]
        merged.extend(self._unknown_subjects(merged))
        for cue in self.cues:
            if cue.label != "MARKET":
                continue
            if any(n.start < cue.end and cue.start < n.end for n in merged):
                continue
            if cue.start > self.s0 and self._object_lead(cue.start):
                continue
            if cue.end < self.s1 and self.doc.lower[cue.end] in ("'s", "’s"):
                continue  # "the group's biggest one-day drop": a determiner, not a subject
            if any(r.label.startswith(RANK_PREFIX) and r.start <= cue.start and cue.end <= r.end for r in self.cues):
                continue  # "topping the largest U.S. growth stocks": the peers a rank names
            merged.append(Name(None, cue.start, cue.end, cue.rule))
        merged.sort(key=lambda n: n.start)
        return merged

    def _unknown_subjects(self, known: list[Name]) -> list[Name]:
        """A capitalised run no table knows, right before a rise or fall word ("Hyperscalers stumbled, down
        1.55%", "Networking/Interconnect off 8.62%"), is a subject with no ticker: its figures are its own,
        never lent to the company named before it."""
        doc = self.doc
        verbs = {c.start for c in self.cues if c.label in ("UP", "DOWN")}
        if not verbs:
            return []
        taken = {i for n in known for i in range(n.start, n.end)}
        # a capitalised metric or count word is no company: German nouns ("11 Tage im Plus", "Vola stieg")
        taken |= {i for c in self.cues if c.label in ("PRONOUN", "DESCRIPTOR", "MARKET", "MONTH", "CLAUSE", "COUNT", "COUNT_ELLIPTIC",
                                                      "DAILY", "VOL", "DD") for i in range(c.start, c.end)}
        taken |= {i for d in doc.dates if self.s0 <= d.start < self.s1 for i in range(d.start, d.end)}  # "on Aug 13 fell": a date
        out = []
        for i in range(self.s0, self.s1):
            word = doc.orth[i]
            if i in taken or not word[:1].isupper() or word.lower() in self.r.words("unknown_stop") or i + 1 >= self.s1:
                continue
            if _title_case_line(doc.text, doc.starts[i]):
                continue  # "Nvidia Edges Up 1.6 Pct": a headline capitalises every word, a capital names no one
            nxt = self._next_word(i + 1)
            if nxt not in verbs:
                continue
            opening = all(not doc.orth[j].strip() or doc.orth[j] in self.r.words("list_markers") or not doc.orth[j][:1].isalnum()
                          for j in range(self.s0, i))
            verb = doc.lower[nxt]
            if opening and not (verb.endswith("ed") or verb in self.r.words("bare_move_verbs")):
                continue  # "Significant negative impact": an adjective opens the sentence, no subject
            start = i
            while start - 1 >= self.s0 and doc.orth[start - 1][:1].isupper() and start - 1 not in taken and doc.orth[start - 1] not in ("(",):
                start -= 1
            before = start - 1
            while before >= self.s0 and not doc.orth[before].strip():
                before -= 1
            if before >= self.s0 and doc.lower[before] in self.r.words("subject_pronouns"):
                continue  # "as it Micro Devices lost": the pronoun is the subject
            out.append(Name(None, start, i + 1, "name.unknown"))
        return out

    def _object_lead(self, start: int) -> bool:
        for cue in self.cues:
            if cue.label == "OBJECT_LEAD" and cue.end <= start and self.doc.words_between(cue.end, start) <= 1 \
                    and not self.doc.breaks_between(cue.end, start) and not self.doc.commas_between(cue.end, start):
                return True
        return False

    def _groups(self) -> list[tuple[Name, ...]]:
        """Names joined by list words ("A, B and C", "A/B") make one group; a relation's object does not
        join a following name that has its own verb ("A beat B, and C led")."""
        doc = self.doc
        groups: list[list[Name]] = []
        for name in self.mentions:
            if groups:
                last = groups[-1][-1]
                between = [w for w in doc.lower[last.end:name.start] if w.strip()]
                same_kind = (last.ticker is None) == (name.ticker is None)
                if between and all(w in self.r.words("name_joiners") for w in between) and same_kind and not (
                        self._object_at(groups[-1][0].start) and self._has_verb_after(name)):
                    groups[-1].append(name)
                    continue
                if not between and same_kind and doc.orth[last.end - 1] != ")":
                    groups[-1].append(name)
                    continue
            groups.append([name])
        return [tuple(group) for group in groups]

    def _has_verb_after(self, name: Name) -> bool:
        """A name whose own verb follows it, past an adverb of sequence ("and Amazon in turn outperformed AMD")."""
        at, adverbs = name.end, self.r.words("subject_adverbs")
        while at < self.s1 and at - name.end < 3 and (not self.doc.orth[at].strip() or self.doc.lower[at] in adverbs):
            at += 1
        return any(cue.start in (name.end, at) or (cue.start == name.end + 1 and self.doc.lower[name.end] in ("'s", "’s"))
                   for cue in self.cues if cue.label in ("UP", "DOWN", "RANK:best_return", "RANK:worst_return", "DIRECTION_UP",
                                                         "DIRECTION_DOWN", "OUTPERF", "UNDERPERF"))

    def group_of(self, name: Name) -> tuple[Name, ...]:
        for group in self.groups:
            if name in group:
                return group
        return (name,)

    def is_object(self, name: Name) -> bool:
        """A name right after a comparison ("outperformed B", "than B", "versus B's") is its object."""
        return self._object_at(self.group_of(name)[0].start)

    def _object_at(self, start: int) -> bool:
        """Whether a name starting at `start` is a comparison's object; asked for each figure's candidate
        subjects, so kept per start (the relation cues it reads are final once the sentence is built)."""
        known = self._objects.get(start)
        if known is None:
            known = self._objects[start] = self._reads_as_object(start)
        return known

    def _reads_as_object(self, start: int) -> bool:
        doc = self.doc
        for cue in self.cues:
            if cue.label in RELATION_LABELS and cue.end <= start and doc.words_between(cue.end, start) <= 2 \
                    and not doc.breaks_between(cue.end, start) and not doc.figures_between(cue.end, start) \
                    and not doc.names_between(cue.end, start):
                return True
            # "helped by higher crude prices, closing at €16.73": what a cause names is the cause's, no subject
            # (a preposition's object: "as the PSI rose 2%" is a clause with a subject of its own)
            if cue.label == "CAUSAL" and cue.end <= start and doc.words_between(cue.end, start) <= 2 \
                    and doc.lower[cue.end - 1] in self.r.words("cause_prepositions") and not doc.breaks_between(cue.end, start) \
                    and all(doc.lower[i].isalpha() or not doc.orth[i].strip() for i in range(cue.end, start)) \
                    and not doc.figures_between(cue.end, start) and not doc.names_between(cue.end, start):
                return True
            # "as Brent firmed": a name inside the cause's own words (not "as Nvidia rose 3%", a figure's clause)
            if cue.label == "CAUSAL" and cue.start < start < cue.end and id(cue) not in self.muted \
                    and not doc.figures_between(cue.end, self._cause_end(cue)):
                return True
        before = [w for w in doc.lower[max(self.s0, start - 3):start] if w.strip()]
        if before and before[-1] in self.r.words("object_words"):
            return True
        return " ".join(before[-2:]).endswith(self.r.object_phrases)

    def _relative_after(self, name: Name) -> bool:
        """"B, which rose 3%": an object that opens a relative clause is that clause's subject, also past
        its bracketed figure ("did better than Amazon (−8.5%), which closed lower on 15 of 21 days")."""
        end = name.end
        if end < self.s1 and self.doc.orth[self._next_word(end)] == "(":
            close = next((i for i in range(end, min(self.s1, end + 8)) if self.doc.orth[i] == ")"), None)
            end = close + 1 if close is not None else end
        words = [w for w in self.doc.lower[end:min(self.s1, end + 3)] if w.strip()]
        return bool(words) and (words[0] in self.r.words("relative_pronouns") or words[0] == "," and words[1:2] and words[1] in self.r.words("relative_pronouns"))

    def ticker_before(self, token: int) -> str | None:
        """The company last named before `token`: in this sentence, else carried from earlier. A pronoun
        means the last subject, not a comparison's object ("four times Tesla's loss, so it lagged"),
        unless the sentence names only objects before it."""
        fallback = None
        for name in reversed(self.mentions):
            if name.end <= token and name.ticker:
                if self.is_object(name) and not self._relative_after(name):
                    fallback = fallback or name.ticker
                    continue
                return name.ticker
        return fallback or self.state.last_ticker

    # ----------------------------------------------------------------- run
    def claims(self) -> list[Claim]:
        self._relabel()
        self._mute_overlaps()
        self._resolve_session_cues()
        refusal = self._refusals()
        self._counts()
        constructions = self._constructions()
        figure_claims = self._figures(constructions)
        if refusal and figure_claims and self._absent_but_stated():
            refusal = False
        self.out.extend(figure_claims)
        if not refusal:
            self._answer()
            self._ranks()
            self._only_name()
            self._directions(figure_claims)
            self._bare_direction()
        self._relations()
        self._causals()
        self._carry()
        return self.out

    def _relabel(self) -> None:
        """Cues whose meaning depends on the cell: a month's name (the cell's month is this period, another
        month another period); a horizon ("year to date", "the past week") is another period in a month's
        cell, and the text's own period when there is no cell to be another than."""
        for index, cue in enumerate(self.cues):
            if cue.label in ("SUB_PERIOD", "OTHER_PERIOD", "PHASE") and not self.month:
                # with no cell there is no other period: "up 24% YTD" is the text's own claim
                self.cues[index] = Cue("PERIOD_FREE", cue.rule, cue.start, cue.end, cue.value)
            elif cue.label == "SUB_PERIOD":
                self.cues[index] = Cue("OTHER_PERIOD", cue.rule, cue.start, cue.end, cue.value)
            elif cue.label == "MONTH" and self.month:
                self._month_label(cue)
            elif cue.label == "SESSION_LAST" and self.month and self.doc.lower[cue.end - 1][:3] in MONTH_NUMBERS \
                    and MONTH_NUMBERS[self.doc.lower[cue.end - 1][:3]] != int(self.month[5:7]):
                # "on the last day of June" in a July cell: another month's session, another period
                self.cues[index] = Cue("OTHER_PERIOD", cue.rule, cue.start, cue.end, cue.value)
            elif cue.label == "YEAR":
                year = self.doc.orth[cue.start]
                other = bool(self.month) and year.isdigit() and (year != self.month[:4] or not self._dated_year(cue.start))
                self.cues[index] = Cue("OTHER_PERIOD" if other else "PERIOD_FREE", cue.rule, cue.start, cue.end, cue.value)

    def _dated_year(self, token: int) -> bool:
        """The cell's year after a month or a date ("October 2025", "30 October 2025") dates the month; alone
        ("Sonae's 2025 gain", "a 78% gain in 2025") it is the whole year, another period."""
        doc, before = self.doc, token - 1
        while before >= 0 and (not doc.orth[before].strip() or doc.lower[before] in (",", "of", "de", "di")):
            before -= 1
        if before < 0:
            return False
        months = self.r.words("month_names")
        return doc.lower[before] in months or doc.orth[before] in ("May", "May's") or \
            any(d.start <= before < d.end for d in doc.dates)

    def _clause_dash(self, cue: Cue) -> bool:
        """An em dash spaced on both sides between two percents opens an aside, no range ("7%–8%")."""
        doc = self.doc
        dash = next((i for i in range(cue.start + 1, cue.end - 1) if doc.orth[i] == "—"), None)
        return dash is not None and doc.starts[dash] > doc.ends[dash - 1] and doc.starts[dash + 1] > doc.ends[dash]

    def _restated(self, figure: Figure) -> int | None:
        """"losing approximately 19% — or, more precisely, 18.70%", "roughly 6% — 5.85% if we want to be
        exact": a percent a restatement word marks (within three words before it or six after, in its clause)
        restates the percent just before it, and is read from that figure's words, across the dash."""
        doc, words = self.doc, self.r.words("restatement_words")
        if figure.kind != "pct":
            return None
        bracketed = self._bracketed_restatement(figure)
        if bracketed is not None:
            return bracketed
        if words.isdisjoint(doc.lower[self.s0:self.s1]):
            return None
        earlier = [f for f in self.figures if f.token < figure.token and f.kind == "pct"]
        if not earlier or doc.words_between(earlier[-1].token + 1, figure.token) > 5:
            return None
        before = doc.lower[max(earlier[-1].token + 1, figure.token - 8):figure.token]
        after, position = [], figure.token + 1
        while position < self.s1 and len(after) < 6 and not doc.breaks_between(figure.token, position + 1) \
                and position not in doc.figure_at:
            if doc.lower[position].strip():
                after.append(doc.lower[position])
            position += 1
        if words.isdisjoint(before) and words.isdisjoint(after):
            return None
        return earlier[-1].token

    def _restated_bare(self, figure: Figure) -> bool:
        """A bare decimal a restatement word marks right after a rounder percent of about its size ("rose
        just under one percent, 0.96 to be exact", "up 17 percent, or seventeen point zero five, to be
        exact"): speech says the unit once, so the number restates the percent. No price: no currency."""
        quantity = figure.quantity
        if quantity.currency or quantity.decimals == 0:
            return False
        as_percent = Figure(figure.token, replace(quantity, kind="pct", unit="%"), "pct")
        head = self._restated(as_percent)
        earlier = self.doc.figure_at.get(head) if head is not None else None
        if earlier is None:
            return False
        a, b = abs(float(earlier.quantity.value)), abs(float(quantity.value))
        return earlier.quantity.decimals < quantity.decimals and abs(a - b) <= 0.1 * max(a, b) + 0.5

    def _bracketed_restatement(self, figure: Figure) -> int | None:
        """"its volatility was under 10% (9.8%)", "close to 30% (29.9%)": a percent alone in brackets right after
        a rounder percent of about its size states it exactly, and is read from that figure's words."""
        doc = self.doc
        before, after = self._previous_word(figure.token), self._next_word(figure.token + 1)
        if before <= self.s0 or doc.orth[before] != "(" or after >= self.s1 or doc.orth[after][:1] != ")":
            return None
        head = self._previous_word(before)
        earlier = doc.figure_at.get(head)
        if earlier is None or earlier.kind != "pct" or head < self.s0:
            return None
        a, b = abs(float(earlier.quantity.value)), abs(float(figure.quantity.value))
        if earlier.quantity.decimals >= figure.quantity.decimals or abs(a - b) > 0.1 * max(a, b) + 0.5:
            return None
        return head

    def _score_pair(self, cue: Cue) -> bool:
        """"NOS edged Sonae, +8.4% to +8.1%", "BCP beat Navigator, +1.2% to −0.4%": after a comparison of two
        named sides, two signed percents joined by "to" that fall from the first to the second are a score
        of the two names, no range (a range runs up, its bounds unsigned: "7%–8%")."""
        pair = [self.doc.figure_at[i] for i in range(cue.start, cue.end) if i in self.doc.figure_at]
        if len(pair) != 2 or self.doc.lower[self._next_word(pair[0].token + 1)] != "to":
            return False
        before = self._previous_word(pair[0].token)
        if before >= self.s0 and (self.doc.lower[before] in self.r.words("hedges") or self.doc.lower[before] in ("from", "between")):
            return False  # "roughly 8% to 7%": an estimate's bounds; "from 30% to 20%": a percent's path
        if not any(c.label in RELATION_LABELS and c.end <= pair[0].token for c in self.cues) and not any(
                w in self.r.words("comparison_words") for w in self.doc.lower[self.s0:pair[0].token]):
            return False  # a score is a comparison's: "NOS edged Sonae", "did better than"
        if len({n.ticker for n in self.mentions if n.ticker and n.end <= pair[0].token}) < 2:
            return False  # of two named sides ("the payments name edged the bank" names neither)
        if not all(f.quantity.signed for f in pair):
            return False  # each written with its sign, as two results are ("+8.4% to +8.1%"), never a range's bounds
        return float(pair[0].quantity.value) > float(pair[1].quantity.value)

    def _mute_overlaps(self) -> None:
        """A cue inside a construction's span says nothing of its own ("sessions" in a count, "rose" in
        "rose on 12 of 21 sessions" keeps its role in the count)."""
        for cue in self.cues:  # "dropped 15% in ONE day": one day after a move is when it happened, not a count
            if cue.label == "COUNT" and self.doc.lower[cue.end - 1] in ("day", "session") and \
                    self._previous_word(cue.start) in self.doc.figure_at:
                self.muted.add(id(cue))
            elif cue.label == "PERCENT_RANGE" and self._clause_dash(cue):
                self.muted.add(id(cue))  # "roughly 6% — 5.85% if we want to be exact": a spaced em dash is no range
            elif cue.label == "PERCENT_RANGE" and self._score_pair(cue):
                self.muted.add(id(cue))
                self.score_pairs.add(tuple(i for i in range(cue.start, cue.end) if i in self.doc.figure_at))
        # "following a second-quarter report": an ordinal that names the report dates no move
        reports = [c for c in self.cues if c.label == "REPORT_PERIOD"]
        for cue in self.cues:
            if cue.label == "TEMPORAL" and any(r.start < cue.end and cue.start < r.end for r in reports):
                self.muted.add(id(cue))
        spans = [c for c in self.cues if c.label in MUTED_INSIDE and id(c) not in self.muted]
        for cue in self.cues:
            for span in spans:
                if span is not cue and span.start <= cue.start and cue.end <= span.end and MUTED_INSIDE[span.label](cue.label):
                    self.muted.add(id(cue))
        # a cause's words are the cause ("fell 9.2% after earnings", "rose 1% after its quarterly update");
        # a passive comparison holds an active verb ("got outpaced by")
        for span in self.cues:
            if span.label == "CAUSAL" and not self._dates_a_move(span.start):
                if not self._open_connective(span):
                    continue
                span = self._connective(span)
                start, end, inner = span.start, self._cause_end(span), ("OTHER_QUANTITY", "SHARE_OF", "OTHER_PERIOD", "FORECAST")
                if any(start <= t < end and f.kind in ("pct", "price") for t, f in self.doc.figure_at.items()):
                    # "a pause after a year-to-date rise of roughly 60%": the period times the cause's own figure
                    inner = tuple(label for label in inner if label != "OTHER_PERIOD")
            elif span.label == "PASSIVE_BY":
                start, end, inner = span.start, span.end, ("OUTPERF", "UNDERPERF")
            else:
                continue
            for cue in self.cues:
                if cue.label in inner and start <= cue.start and cue.end <= end:
                    self.muted.add(id(cue))
        # a price word inside a longer one says nothing apart ("close" in "a low close of")
        roles = [c for c in self.cues if c.label in PRICE_ROLES]
        for cue in roles:
            if any(o is not cue and o.start <= cue.start and cue.end <= o.end and (o.end - o.start) > (cue.end - cue.start)
                   for o in roles):
                self.muted.add(id(cue))
        # "is up 13% year-to-date": a direction word before a figure is the figure's sign
        for cue in self.cues:
            if cue.label.startswith("DIRECTION_"):
                after = self._next_word(cue.end)
                while after < self.s1 and self.doc.lower[after] in self.r.words("hedges") and after not in self.doc.figure_at:
                    after = self._next_word(after + 1)
                if after < self.s1 and after in self.doc.figure_at:
                    self.muted.add(id(cue))
        # ", its lowest since May": an extreme over another period
        for cue in self.cues:
            if cue.label in ("EXTREME_AFTER_HIGH", "EXTREME_AFTER_LOW"):
                rest = [w for w in self.doc.lower[cue.end:min(self.s1, cue.end + 4)] if w.strip()]
                if rest and rest[0] in self.r.words("extreme_horizon_openers") and not (
                        rest[0] in ("on", "of", "in", "for") and len(rest) > 1 and rest[1] in self.r.words("own_period_words")
                        or rest[0] == "on"):
                    self.muted.add(id(cue))
        # "to $430.41, worst day −4.2%": a day's extreme after a level is no extreme of the level
        for cue in self.cues:
            if cue.label in ("EXTREME_AFTER_HIGH", "EXTREME_AFTER_LOW"):
                after = self._next_word(cue.end)
                if after < self.s1 and self.doc.lower[after] in self.r.words("day_words"):
                    self.muted.add(id(cue))
        # ", its trough a $355.59 close", ", a low close of $298.32": the extreme is the figure after, not the one before
        for cue in self.cues:
            if cue.label in ("EXTREME_AFTER_HIGH", "EXTREME_AFTER_LOW"):
                after = self._next_word(cue.end)
                if after < self.s1 and self.doc.lower[after] in self.r.words("price_nouns"):
                    after = self._next_word(after + 1)  # ", touching a low close of $298.32"
                if after < self.s1 and (after in self.doc.figure_at or (
                        self.doc.lower[after] in self.r.words("extreme_to_figure") and self._next_word(after + 1) in self.doc.figure_at)):
                    self.muted.add(id(cue))
                if any(p.label.startswith("PEER_EXTREME") and p.start == cue.start for p in self.cues):
                    self.muted.add(id(cue))
                if after < self.s1 and self.doc.lower[after] in self.r.words("ranked_return_nouns"):
                    self.muted.add(id(cue))  # ", the best showing of the ten": a rank of the return, not a high
        # "22.26유로(월중 최고)로 시작해서 20.44유로": an extreme said of the price right before it is that price's, so
        # its price word is no role for the next figure ("started at its low, $226.50" keeps its low: no price before)
        doc = self.doc
        for cue in self.cues:
            if cue.label in ("EXTREME_AFTER_HIGH", "EXTREME_AFTER_LOW") and id(cue) not in self.muted and any(
                    f.kind in ("price", "number") and token < cue.start and doc.words_between(token + 1, cue.start) <= 1
                    and not doc.breaks_between(token + 1, cue.start) for token, f in doc.figure_at.items()) and any(
                    f.kind in ("price", "number") and cue.end <= token < self.s1 for token, f in doc.figure_at.items()):
                for other in roles:
                    if cue.start <= other.start and other.end <= cue.end:
                        self.muted.add(id(other))
        # a longer cue of a family hides a shorter one inside it ("the worst" in "the worst single day")
        for cue in self.cues:
            if cue.label.startswith(RANK_PREFIX):
                for other in self.cues:
                    if other is not cue and other.label.startswith(("SUP_", RANK_PREFIX)) and cue.start <= other.start \
                            and other.end <= cue.end and (other.end - other.start) < (cue.end - cue.start):
                        self.muted.add(id(other))


    def _month_label(self, cue: Cue) -> None:
        """A month's name: the cell's month is a period cue, another month drops the figures near it."""
        word = self.doc.lower[cue.start].removesuffix("'s").removesuffix("’s")
        number = MONTH_NUMBERS.get(word) or MONTH_NUMBERS.get(word[:3])
        if number is None:
            return
        label = "PERIOD" if number == int(self.month[5:7]) else "OTHER_PERIOD"
        self.cues[self.cues.index(cue)] = Cue(label, cue.rule, cue.start, cue.end, cue.value)

    def _resolve_session_cues(self) -> None:
        """"the final session", "that day", "on Friday": the session each names, from the calendar."""
        for index, cue in enumerate(self.cues):
            if cue.value is not None:
                continue
            value = None
            if cue.label == "SESSION_LAST" and self.sessions:
                value = self.sessions[-1]
            elif cue.label == "SESSION_FIRST" and self.sessions:
                value = self.sessions[0]
            elif cue.label == "SESSION_SAME":
                earlier = [d for d in self.doc.dates if d.start < cue.start and d.value]
                value = earlier[-1].value if earlier else None
            elif cue.label == "SESSION_NEXT" and self.sessions:
                earlier = [d for d in self.doc.dates if d.start < cue.start and d.value]
                later = [day for day in self.sessions if earlier and day > earlier[-1].value]
                first = self.doc.lower[cue.start]  # "two sessions later": the second session after the one dated
                step = (int(first) if first.isdigit() else word_number(first)) or 1
                value = later[step - 1] if len(later) >= step else None
            elif cue.label == "WEEKDAY":
                value = self._weekday(cue)
            elif cue.label == "SESSION_NTH":  # "Day 4", "the fifth trading day": the month's Nth session, a date
                day = self._nth_session(cue)
                if day is not None:
                    self.cues[index] = Cue("DATE", cue.rule, cue.start, cue.end, day)
                    # its "trading day" is the date's: no day cue of its own to lend a later figure
                    self.muted.update(id(c) for c in self.cues if c.label == "DAILY" and cue.start <= c.start and c.end <= cue.end)
                continue
            if value is not None:
                self.cues[index] = Cue(cue.label, cue.rule, cue.start, cue.end, value)

    def _nth_session(self, cue: Cue) -> date | None:
        """The session an ordinal names: "Day 4" and "the fourth trading day" the 4th, "the second-to-last
        session" and "the penultimate session" the 2nd from the month's end."""
        words = self.doc.lower[cue.start:cue.end]
        figure = self.doc.figure_at.get(cue.end - 1)
        ordinals = self.r.book.lexicon.get("session_ordinals", ())
        if figure is not None and figure.kind == "int":
            n, from_end = int(figure.quantity.value), False
        else:
            n = next((ordinals.index(w) + 1 for w in words if w in ordinals), 2 if "penultimate" in words else 0)
            from_end = not self.r.words("session_from_end").isdisjoint(words)
        if not self.sessions or not 1 <= n <= len(self.sessions):
            return None
        return self.sessions[-n] if from_end else self.sessions[n - 1]

    def _weekday(self, cue: Cue) -> date | None:
        """A weekday alone names the dated session of the text with that weekday (a wire's dateline), the
        nearest one where the text dates several ("Thursday, July 23" … "on Thursday" … "Thursday the 30th")."""
        names = ("monday", "tuesday", "wednesday", "thursday", "friday")
        word = self.doc.lower[cue.end - 1].removesuffix("'s").removesuffix("’s")
        if word not in names:
            return None
        weekday = names.index(word)
        dated = [d for d in self.doc.dates if d.value and d.value.weekday() == weekday]
        return min(dated, key=lambda d: abs(d.start - cue.start)).value if dated else None

    # ----------------------------------------------------------------- refusals and counts
    def _declines_cause(self, cue: Cue) -> bool:
        """Whether what a refusal declines is a cause, not a figure: a question word after it ("I can't say
        whether that was company-specific", "I can't say exactly why the bank lagged") or a clause saying
        what the move was ("Can't say for sure it was the antitrust story"), past its hedges."""
        doc, hedges = self.doc, self.r.words("refusal_fillers") | self.r.words("refusal_cause_hedges")
        at = self._next_word(cue.end)
        while at < self.s1 and doc.lower[at] in hedges:
            at = self._next_word(at + 1)
        if at >= self.s1:
            return False
        if doc.lower[at] in self.r.words("cause_question_words"):
            return True
        following = self._next_word(at + 1)
        return doc.lower[at] in ("it", "that", "this") and following < self.s1 and doc.lower[following] in self.r.words("be_forms")

    def _refusals(self) -> bool:
        # "I can't say whether that was company-specific": a cause it cannot give, not a figure it declines
        # "9 January is missing from the data", "the dataset does not list scheduled events": an absence
        # cue declines a figure only where a company is what is absent
        tickers = {n.ticker for n in self.mentions if n.ticker}
        cues = [c for c in self.cues if c.label in ("REFUSAL", "REFUSAL_ABSENT") and not (
            c.label == "REFUSAL" and self._declines_cause(c)) and (c.label == "REFUSAL" or tickers)
            and not self._method_exclusion(c)]
        if not cues or self._cause_question():
            return False
        # a name the data does not hold ("Apple isn't in the table") is what is missing, not the subject
        absent = any(c.label == "REFUSAL_ABSENT" for c in cues)
        subject = next(iter(tickers)) if len(tickers) == 1 and not absent else None
        start, end = self.doc.char_span(self.s0, self.s1)
        self.out.append(self._claim(subject, "refusal", self.sentence_text, start, end, rules=(cues[0].rule,)))
        return True

    def _method_exclusion(self, cue: Cue) -> bool:
        """"Price return, first to last close; dividends are not included": what the method leaves out of a
        figure (dividends, fees) is no figure declined."""
        doc = self.doc
        near = [w for w in doc.lower[max(self.s0, cue.start - 4):min(self.s1, cue.end + 3)]]
        return not self.r.words("method_exclusions").isdisjoint(near)

    def _cause_question(self) -> bool:
        """"- [ ] Why Amazon slid all month — the closes alone can't tell us that": a sentence that opens on a
        question of cause declines a cause, not a figure."""
        doc = self.doc
        first = self.s0
        while first < self.s1 and (not doc.orth[first].strip() or not doc.orth[first][:1].isalnum()
                                   or doc.orth[first].lower() == "x" and 0 < first and doc.orth[first - 1] == "["):
            first += 1
        return first < self.s1 and doc.lower[first] == "why"

    def _absent_but_stated(self) -> bool:
        """"Mota-Engil, which is not in your list, also rose 15.26%": a name outside the data whose figure the
        sentence gives anyway declines nothing, so the refusal the absence cue made is withdrawn."""
        labels = {c.label for c in self.cues if c.label in ("REFUSAL", "REFUSAL_ABSENT")}
        if labels != {"REFUSAL_ABSENT"}:
            return False
        self.out = [c for c in self.out if c.metric != "refusal" or c.start < self.doc.starts[self.s0]]
        return True

    def _counts(self) -> None:
        doc = self.doc
        # a count in the sentence before licenses elliptic ones in this one ("NOS rose on 13 of 19 ... BCP
        # only managed 10 and fell on 9"); one with no direction word counts the way the last count did
        carried, self.state.count_direction = self.state.count_direction, None
        seen_full = carried is not None
        last_direction = carried
        for cue in self._count_cues():
            words = doc.lower[cue.start:cue.end]
            if cue.label == "COUNT_ELLIPTIC" and not seen_full:
                continue
            numbers = [(i, w) for i, w in zip(range(cue.start, cue.end), words) if w.isdigit() or _count_word(w) is not None]
            if not numbers or numbers[0][0] in self.consumed:
                continue  # "11 up days / 8 down.": the other count after the slash, read once
            direction = self._count_direction(cue, words)
            if direction is None and cue.label == "COUNT_ELLIPTIC":
                direction = last_direction
            if direction is None:
                continue
            after = self._next_word(cue.end)
            if any("\n" in w for w in doc.orth[cue.end:after]):
                after = self.s1  # "7 up / 12 dn⏎ldr GALP": the word after a line break is the next line's
            if after < self.s1 and doc.lower[after].isalpha() and doc.lower[after] not in self.r.words("count_followers") and not any(
                    w in self.r.words("session_nouns") for w in words) and doc.orth[cue.end - 1][:1].isalnum():
                continue  # "fell in 3 of 10 names": a count of something else
            if not doc.orth[cue.end - 1][:1].isalnum() and cue.start > self.s0 and doc.orth[cue.start - 1] == "/" \
                    and doc.ends[cue.start - 1] == doc.starts[cue.start]:
                continue  # "Breadth 3/5 up/down": a ratio of names, not "8 up / 11 dn"
            index, word = numbers[0]
            value = int(word) if word.isdigit() else _count_word(word)
            if value is None or value > 31:
                continue
            owner = self._owner(cue.start, cue.end)
            if not owner and cue.label == "COUNT" and any(w in self.r.words("session_nouns") for w in words):
                # "Rough patch on Jan 20 (−4.17%); closed lower on 11 of 19 sessions": a count of sessions in a
                # sentence naming no one is the company the text is on
                owner = subjects.topic_carried(self, cue.start, {})
            for i in range(cue.start, cue.end):
                self.consumed.add(i)
            if cue.label == "COUNT":
                seen_full = True
            if not owner or not doc.orth[cue.end - 1][:1].isalnum() and not all(name.ticker for name in owner):
                continue  # "Breadth: 6 up, 4 down": a bare count of the market's names
            metric = "up_days" if direction > 0 else "down_days"
            last_direction = self.state.count_direction = direction
            self._mute_before(cue, ("DIRECTION_UP", "DIRECTION_DOWN", "DIRECTION_FLAT", "UP", "DOWN"))
            start, end = doc.char_span(index, cue.end if doc.orth[cue.end - 1][:1].isalnum() else cue.end - 1)
            for name in owner:
                self.out.append(self._claim(name.ticker, metric, value, start, end, decimals=0, rules=(cue.rule, "subject.owner", name.rule)))
            self._elliptic_counts(cue.end, metric)

    def _count_cues(self):
        """The sentence's count cues; a desk pair of counts ("5 up / 15 dn", one cue so that the second is
        closed by its direction) is two, one count and its direction each."""
        doc = self.doc
        directions = self.r.words("desk_count_directions")
        for cue in self.cues:
            if cue.label not in ("COUNT", "COUNT_ELLIPTIC") or id(cue) in self.muted:
                continue
            counted = [i for i in range(cue.start, cue.end - 1) if doc.lower[i].isdigit()
                       and doc.lower[self._next_word(i + 1)] in directions]
            if len(counted) == 2 and cue.start == counted[0]:
                cut = self._next_word(self._next_word(counted[0] + 1) + 1) + 1  # after the first count's separator
                yield Cue(cue.label, cue.rule, cue.start, cut, cue.value)
                yield Cue(cue.label, cue.rule, self._next_word(cut), cue.end, cue.value)
                continue
            yield cue

    def _elliptic_counts(self, position: int, metric: str) -> None:
        """"NOS rose on 13 of 19, Sonae also 13, Jerónimo Martins 13, REN 12": after a count, a list of
        names each with a bare whole number counts the same sessions."""
        doc = self.doc
        fillers = self.r.words("elliptic_fillers")
        while position < self.s1:
            position = self._next_word(position)
            if position >= self.s1 or doc.orth[position] not in (",", ";") and doc.lower[position] != "and":
                return
            position = self._next_word(position + 1)
            if position < self.s1 and doc.lower[position] == "and":
                position = self._next_word(position + 1)
            name = self._name_starting(position)
            if name is None or not name.ticker:
                return
            position = self._next_word(name.end)
            while position < self.s1 and doc.lower[position] in fillers:
                position = self._next_word(position + 1)
            figure = doc.figure_at.get(position)
            if figure is None or figure.kind != "int" or not 0 <= figure.quantity.value <= 31 \
                    or position + 1 < self.s1 and doc.lower[self._next_word(position + 1)] in ("%", "per", "percent"):
                return
            self.consumed.add(position)
            start, end = doc.char_span(name.start, position + 1)
            self.out.append(self._claim(name.ticker, metric, int(figure.quantity.value), start, end, decimals=0,
                                        rules=("count.elliptic_list", "subject.list_item", name.rule)))
            position += 1

    def _mute_before(self, cue: Cue, labels: tuple[str, ...]) -> None:
        """The words right before a construction are its own ("closed higher on 4 of 9 sessions")."""
        doc = self.doc
        for other in self.cues:
            if other.label in labels and other.end <= cue.start + 1 and doc.words_between(other.end, cue.start) <= 1 \
                    and not doc.figures_between(other.end, cue.start):
                self.muted.add(id(other))

    def _count_direction(self, cue: Cue, words: list[str]) -> int | None:
        ups = self.r.words("up_words") | self.r.words("count_up_words")  # every sign word: "shed on 7", "advanced in 11"
        downs = self.r.words("down_words") | self.r.words("count_down_words")
        for word in reversed(words):
            if word in ups:
                return 1
            if word in downs:
                return -1
        doc = self.doc
        for other in reversed(self.cues):
            if other.end <= cue.start and other.label in ("UP", "DOWN", "DIRECTION_UP", "DIRECTION_DOWN") \
                    and doc.words_between(other.end, cue.start) <= 3 and not doc.breaks_between(other.end, cue.start) \
                    and not doc.figures_between(other.end, cue.start):
                return 1 if other.label in ("UP", "DIRECTION_UP") else -1
        return None

    # ----------------------------------------------------------------- paths and ranges
    def _constructions(self) -> dict[int, tuple[str, str | None, str]]:
        """Figure token -> (metric, anchor, rule) for the figures a path, an arrow or a range decides."""
        decided: dict[int, tuple[str, str | None, str]] = {}
        for cue in sorted((c for c in self.cues if c.label in ("RANGE", "PATH", "ARROW")),
                          key=lambda c: (0 if c.label == "RANGE" else 1, c.start)):
            inside = [self.doc.figure_at.get(i) for i in range(cue.start, cue.end)]
            inside = [f for f in inside if f is not None or False]
            numbers = [t for t in range(cue.start, cue.end) if self.doc.figure_at.get(t) is None and self._int_price(t)]
            figures = sorted([f.token for f in inside if f.kind in ("price", "number", "int")] + numbers)
            if len(figures) < 2 or any(t in decided for t in figures[:1] + figures[-1:]):
                continue
            first, last = figures[0], figures[-1]
            values = [self._price_value(first), self._price_value(last)]
            if None in values or not any(self.doc.figure_at.get(t) and self.doc.figure_at[t].kind in ("price", "number") for t in (first, last)) \
                    and not (cue.label == "PATH" and self._whole_prices(values, last)):
                continue
            if cue.label == "RANGE":
                low, high = (first, last) if values[0] <= values[1] else (last, first)
                decided[low] = ("range_low", None, cue.rule)
                decided[high] = ("range_high", None, cue.rule)
            elif cue.rule.endswith("reversed"):
                decided[first] = ("price_level", "end", cue.rule)
                decided[last] = ("price_level", "start", cue.rule)
            elif self._drawdown_path(cue, values):
                # "a maximum drawdown of 8.7%, from €0.9406 on 3 February to €0.8586": the drawdown's endpoints are
                # the month's high and low closes, no start and end
                decided[first] = ("range_high", None, "construction.drawdown_path")
                decided[last] = ("range_low", None, "construction.drawdown_path")
            else:
                decided[first] = ("price_level", "start", cue.rule)
                decided[last] = ("price_level", "end", cue.rule)
                # "ran from 206 to a high of 228 then dumped": the path's end is the peak it reached, not its close;
                # so is either end an extreme word names ("from a $557.89 high to a $429.56 low", "from a high
                # of €17.70 to a low of €13.96")
                for end, (left, right) in ((first, (cue.start, last)), (last, (first, self.s1))):
                    extreme = self._path_extreme(end, left, right)
                    if extreme:
                        decided[end] = (extreme, None, cue.rule)
                # "fell from 425.30 to 298.32 at the low on the 29th": a path that ends at an extreme dated before the
                # month's last session ends there, not at the last close
                extreme = self._dated_extreme_after(last)
                if extreme and decided[last][0] == "price_level":
                    decided[last] = (extreme, None, cue.rule)
                # "a maximum drawdown of 8.7%, from €0.9406 on 3 February to €0.8586": a drawdown's path runs from
                # its peak to its trough
                if values[0] > values[1] and decided[first][0] == "price_level" and decided[last][0] == "price_level" \
                        and self._drawdown_before(cue.start):
                    decided[first] = ("range_high", None, cue.rule)
                    decided[last] = ("range_low", None, cue.rule)
                # "fell almost 17 percent from its peak of $427.76 on 8/7 to $355.59": a fall measured from the peak
                # (a drawdown's words) runs to its trough
                elif values[0] > values[1] and decided[first][0] == "range_high" and decided[last][0] == "price_level" \
                        and self._drawdown_from_peak(cue, first):
                    decided[last] = ("range_low", None, cue.rule)
        return decided

    def _dated_extreme_after(self, token: int) -> str | None:
        """range_low/range_high when an extreme follows the figure (", hitting its low", "at the low") and a date
        of another session than the month's last stands in or right after it ("on the 29th")."""
        doc = self.doc
        last = self.sessions[-1] if self.sessions else None
        for c in self.cues:
            if c.label not in ("EXTREME_AFTER_HIGH", "EXTREME_AFTER_LOW") or id(c) in self.muted or c.start <= token \
                    or doc.words_between(token + 1, c.start) > 3 or doc.breaks_between(token, c.start):
                continue
            dated = [d for d in self.cues if d.label == "DATE" and d.value is not None and c.start <= d.start
                     and doc.words_between(c.end, d.start) <= 2 and not doc.breaks_between(c.end, d.start)]
            if dated and dated[0].value != last:
                return "range_high" if c.label == "EXTREME_AFTER_HIGH" else "range_low"
        return None

    def _path_extreme(self, token: int, left: int, right: int) -> str | None:
        """range_high/range_low when a high or low word stands right before a path's end ("to a low of €13.96")
        or right after it ("a $557.89 high"), between `left` and `right`."""
        doc = self.doc
        for c in self.cues:
            if c.label not in ("HIGH", "LOW") or id(c) in self.muted:
                continue
            before = left < c.start and c.end <= token and doc.words_between(c.end, token) <= 1
            after = token < c.start and c.end <= right and doc.words_between(token + 1, c.start) == 0 \
                and not doc.breaks_between(token, c.start) and not doc.commas_between(token, c.start)
            inside = c.start <= token < c.end  # "a $557.89 high": the cue holds its figure
            if before or after or inside:
                return "range_high" if c.label == "HIGH" else "range_low"
        return None

    def _drawdown_before(self, start: int) -> bool:
        """A drawdown cue ends a few words before a path ("a drawdown of 8.7%, from ... to ...", "drew down
        11% from ... to ...") in its clause."""
        doc = self.doc
        return any(c.label == "DD" and id(c) not in self.muted and c.end <= start and doc.words_between(c.end, start) <= 4
                   and not doc.breaks_between(c.end, start) for c in self.cues)
    def _drawdown_from_peak(self, cue: Cue, first: int) -> bool:
        """A drawdown cue that names the path's own start, its percent stated just before it ("fell 17% from its
        peak of $427.76 to ..."): it ends inside the path, before the path's first figure. Without the percent
        ("fell from its peak of $427.76 to $355.59") the path's end may be a close, and stays one."""
        doc = self.doc
        stated = [f.token for f in self.figures if f.kind == "pct" and self.s0 <= f.token < cue.start]
        return any(c.label == "DD" and id(c) not in self.muted and c.start >= self.s0 and cue.start < c.end <= first
                   and any(t < c.start and doc.words_between(t + 1, c.start) <= 1 for t in stated) for c in self.cues)

    def _apposed_words(self, start: int, end: int) -> int:
        """The words in [start, end) of an apposed superlative between commas (", the largest of the ten,"):
        words that describe the figure before them and do not part a drawdown from its path."""
        doc = self.doc
        commas = [i for i in range(start, end) if doc.orth[i] == ","]
        words = 0
        for left, right in zip(commas, commas[1:]):
            if any(c.label in ("SUP_MAX", "SUP_MIN") and left < c.start and c.end <= right for c in self.cues) \
                    and not doc.figures_between(left, right):
                words += doc.words_between(left + 1, right)
        return words

    def _drawdown_path(self, cue: Cue, values: list[float]) -> bool:
        """A falling path right after a drawdown in its sentence ("a drawdown of about 21.1% — from €17.70 to
        €13.96", "Its maximum drawdown was 8.7%, from €0.9406 to €0.8586"): peak to trough, within a few words
        of the drawdown word, with no rise, period or session between."""
        if cue.label != "PATH" or cue.rule.endswith("reversed") or values[0] <= values[1]:
            return False
        for dd in self.cues:
            if dd.label == "DD" and dd.end <= cue.start and dd.start >= self.s0 and id(dd) not in self.muted \
                    and self.doc.words_between(dd.end, cue.start) - self._apposed_words(dd.end, cue.start) <= DRAWDOWN_PATH_REACH:
                return not any(c.label in ("UP", "UP_NOUN", "OTHER_PERIOD", "PERIOD", "DATE", "DAILY") and dd.end <= c.start and c.end <= cue.start
                               and c.start != dd.start for c in self.cues if id(c) not in self.muted)
        return False

    def _whole_prices(self, values: list[float], last: int) -> bool:
        """"ran from ~206 to ~228": a path between two whole numbers too large to count sessions, with no
        noun after it, is a path of prices (rounded)."""
        if min(values) <= 31:
            return False
        after = self._next_word(last + 1)
        word = self.doc.lower[after] if after < self.s1 else ""
        return not word[:1].isalpha() or word in self.r.words("count_followers") and word not in self.r.words("session_nouns")

    def _path_way(self, token: int, constructions: dict) -> int:
        """+1/-1 when a path ends just before the figure ("slipped from 1.920 to 1.827, 4.8% in all")."""
        doc = self.doc
        ends = [t for t, (metric, anchor, _) in constructions.items() if anchor == "end" and t < token]
        if not ends:
            return 0
        end = max(ends)
        if doc.words_between(end + 1, token) > 3 or doc.breaks_between(end, token) or doc.figures_between(end + 1, token):
            return 0
        starts = [t for t, (metric, anchor, _) in constructions.items() if anchor == "start" and t < end]
        if not starts:
            return 0
        first, last = self._price_value(max(starts)), self._price_value(end)
        return (last > first) - (last < first)

    def _int_price(self, token: int) -> bool:
        return False

    def _price_value(self, token: int) -> float | None:
        figure = self.doc.figure_at.get(token)
        return None if figure is None else abs(float(figure.quantity.value))

    # ----------------------------------------------------------------- figures
    def _topic(self, labels: frozenset[str] = frozenset({"VOL", "DD"})) -> list[Cue]:
        """The cues that open the sentence, before its first name and its first figure, are its topics
        (`labels`: the families a topic may be, per figure kind); the last of each label counts."""
        first_name = self.mentions[0].start if self.mentions else self.s1
        first_figure = self.figures[0].token if self.figures else self.s1
        limit = min(first_name, first_figure)
        found: dict[str, Cue] = {}
        for cue in self.cues:
            if cue.start >= limit:
                break
            if cue.label in labels and id(cue) not in self.muted:
                found[cue.label] = cue
        return list(found.values())

    def _figures(self, constructions: dict[int, tuple[str, str | None, str]]) -> list[Claim]:
        out: list[Claim] = []
        if not self.figures:
            return out
        topics = {"pct": self._topic(PERCENT_TOPICS), "price": self._topic(PRICE_TOPICS)}
        topics["number"] = topics["price"]
        previous_sign: tuple[int, int] | None = None  # (sign, token) of the last percent signed by a cue
        lists = self._figure_lists()
        paired = self._paired_dates(lists)
        signed_percent: set[int] = set()
        dated_moves: set[int] = set()
        named_percents: set[int] = set()
        gapped_bare: set[int] = set()
        restated_bare: set[int] = set()
        compared: tuple[int, str] | None = None  # the last percent a cue gave a metric: "drawdown, 21.8%, deeper than Amazon's 18.2%"
        corrected, self.state.corrected = self.state.corrected, None
        for figure in self.figures:
            if figure.token in self.consumed:
                continue
            key = self._key_rule(figure)
            if key is None and figure.kind == "pct" and self.r.factor_key is not None \
                    and self.doc.clean[figure.quantity.start:figure.quantity.start + 1] in ("x", "X", "×"):
                key = self.r.factor_key  # "x1.0841  mdd=4.97": a factor written for the return is the return, whatever follows
            if key is not None and key.metric == "up_down_days" and figure.kind == "int":
                out.extend(self._key_count_pair(figure, key, lists))  # "up/dn=7/12"
                continue
            if key is not None and key.metric in ("up_days", "down_days") and figure.kind == "int":
                out.extend(self._key_count(figure, key, lists))  # "up_days: 7"
                continue
            if figure.kind in ("int", "number") and key is None and self._signed_after_name(figure):
                figure = Figure(figure.token, replace(figure.quantity, kind="pct", unit="%"), "pct")  # "META -3, AVGO -5.6"
                signed_percent.add(figure.token)
            elif figure.kind in ("int", "number") and key is None and figure.token not in constructions and self._dated_bare_move(figure):
                figure = Figure(figure.token, replace(figure.quantity, kind="pct", unit="%"), "pct")  # "down 14.5 on 7/23"
                dated_moves.add(figure.token)
            elif figure.kind == "number" and key is None and figure.token not in constructions and self._named_percent(figure):
                figure = Figure(figure.token, bare_percent(figure.quantity), "pct")  # "The volatility of AMD was 56.0"
                named_percents.add(figure.token)
            elif figure.kind == "number" and key is None and figure.token not in constructions and self._restated_bare(figure):
                figure = Figure(figure.token, replace(figure.quantity, kind="pct", unit="%"), "pct")  # "one percent, 0.96 to be exact"
                restated_bare.add(figure.token)
            elif figure.kind in ("int", "number") and key is None and figure.token not in constructions \
                    and self._gapped_bare(figure, lists):
                figure = Figure(figure.token, replace(figure.quantity, kind="pct", unit="%"), "pct")  # "Altri rose 10 percent and Galp 9.3"
                gapped_bare.add(figure.token)
            gloss = self._gloss(figure)
            if figure.kind == "int" and gloss is not None and figure.token not in constructions:
                out.extend(self._gloss_count(figure, gloss))  # "15 — sessions out of 21 in which Amazon closed lower"
                continue
            if figure.kind == "int" and figure.token not in constructions:
                continue
            if figure.kind == "int":
                figure = Figure(figure.token, figure.quantity, "number")
            if key is not None and key.factor and figure.kind == "number":
                factor = factor_percent(figure.quantity)  # "gf=1.0565": a growth factor states +5.65%
                if factor is None:
                    continue
                figure = Figure(figure.token, factor, "pct")
            elif key is not None and key.metric in PERCENT_METRICS and figure.kind == "number":
                figure = Figure(figure.token, bare_percent(figure.quantity), "pct")  # '"return_pct": 8.44' is a percent
            reading = self.r.read_figure(self.doc, figure, self.cues, topics.get(figure.kind), self.s0, self.s1, self.muted)
            if key is not None:
                self._offer_key(reading, key, figure)
            if figure.token in paired:  # "on the 28th and 29th, +3.0% and +2.8%": the i-th move is the i-th date's
                priority = self.r.paired_dates_priority
                reading.offer("metric", "daily_move", priority, 0, ("construction.paired_dates",))
                reading.offer("date", paired[figure.token], priority, 0, ("construction.paired_dates",))
            if self.frame is not None:
                self._offer_frame(reading, figure)
            if gloss is not None:
                self._read_gloss(figure, reading, gloss)
            dash = self._apposed_dash(figure)
            if dash is not None:  # "Amazon's decline was steeper — 13.6% — and more persistent"
                self.r.read_figure(self.doc, figure, self.cues, None, self.s0, self.s1, self.muted, at=dash, into=reading, sides=("before",))
            equated = self._equated_key(figure)
            if equated is not None:  # "last 3.440 = m/hi": the close is also the month's high
                reading.offer("extra", f"{equated.metric}:{equated.anchor or ''}".rstrip(":"), self.r.label_priority, 0,
                              (equated.id, "structure.key"))
            head = lists.get(figure.token, (figure.token,))[0]
            if head == figure.token and figure.kind == "pct":
                head = self._gapped_head(figure.token, lists)  # "EDPR fell 3.3% and Navigator 2.7%"
            if head == figure.token and not {"metric", "sign"} & set(reading.slots):
                head = self._restated(figure) or head  # "approximately 19% — or, more precisely, 18.70%"
            if head != figure.token:
                self.r.read_figure(self.doc, figure, self.cues, None, self.s0, self.s1, self.muted, at=head, into=reading, sides=("before",))
            if figure.kind == "pct" and not {"metric", "sign"} & set(reading.slots) and compared is not None \
                    and self._compared_to(compared[0], figure.token):
                reading.offer("metric", compared[1], COMPARED_PRIORITY, 0, ("metric.compared",))
            if figure.kind == "pct" and not {"metric", "sign"} & set(reading.slots) and compared is None and corrected:
                reading.offer("metric", corrected, COMPARED_PRIORITY, 0, ("metric.corrected",))
            if figure.kind == "pct" and "metric" in reading.slots:
                compared = (figure.token, reading.get("metric"))
            decided = constructions.get(figure.token)
            if decided:
                metric, anchor, rule = decided
                reading.offer("metric", metric, self.r.construction_priority, 0, (rule,))
                if anchor:
                    # "Close: $242.96 → $210.00": a key names the figure a price, the path says which end it is
                    over_key = key is not None and key.metric == "price_level"
                    reading.offer("anchor", anchor, self.r.label_priority + 1 if over_key else self.r.construction_priority, 0, (rule,))
                if rule == "construction.drawdown_path":
                    reading.slots.pop("date", None)  # a drawdown's endpoints are the month's range: their dates are no part
            if reading.get("drop") is not None:
                drop = reading.slots["drop"]
                held = reading.slots.get("metric")
                if held is None or held.priority <= drop.priority or (decided and drop.priority >= DROP_OVER_CONSTRUCTION):
                    if "attach.denied" in drop.rules and held is not None and figure.kind == "pct":
                        self.state.withdrawn = (held.value, figure.token)  # "I gave Tesla's volatility as 23%. It's about 32%."
                    continue
            if figure.kind == "pct" and self.state.withdrawn and not {"metric", "sign"} & set(reading.slots):
                if self.doc.words_between(self.state.withdrawn[1], figure.token) <= WITHDRAWN_REACH:
                    reading.offer("metric", self.state.withdrawn[0], COMPARED_PRIORITY, 0, ("metric.withdrawn",))
                self.state.withdrawn = None
            self.reading = reading  # a finder may ask what the figure measures (subjects.topic_price)
            subjects, subject_rule = self._subject(figure, lists)
            if subjects is None:
                continue
            made = self._figure_claims(figure, reading, previous_sign)
            if made is None:
                continue
            claims, sign_from_cue = made
            if figure.kind == "pct" and not figure.quantity.signed and "sign" not in reading.slots:
                way = self._path_way(figure.token, constructions)
                if way:
                    claims = [(m, abs(v) * way if m in ("period_return", "daily_move") else v, r + ("sign.path",), kw)
                              for m, v, r, kw in claims]
            if figure.kind == "pct":
                if sign_from_cue:
                    previous_sign = (sign_from_cue, figure.token)
                elif figure.quantity.signed:
                    previous_sign = None
            for name in subjects:
                for metric, value, extra_rules, kw in claims:
                    used = SLOTS_USED.get(metric, ("metric",))
                    marked = ("figure.signed_after_name",) if figure.token in signed_percent else \
                        ("figure.dated_bare_move",) if figure.token in dated_moves else \
                        ("figure.named_percent",) if figure.token in named_percents else \
                        ("figure.gapped_bare",) if figure.token in gapped_bare else \
                        ("figure.restated_bare",) if figure.token in restated_bare else ()
                    claim = self._claim(name.ticker, metric, value, figure.start, figure.end,
                                        rules=reading.rules(used) + extra_rules + marked + (subject_rule, name.rule), **kw)
                    if claim is not None:
                        out.append(claim)
        if compared is not None and not self.r.words("correction_words").isdisjoint(self.doc.lower[self.s0:self.s1]):
            self.state.corrected = compared[1]
        return out

    # ----------------------------------------------------------------- glosses
    def _gloss(self, figure: Figure) -> tuple[int, ...] | None:
        """A figure that opens its line and is glossed after a dash, as a "by the numbers" box or a slide's
        callout writes: "- 14.2% — Tesla's gain, the group's best", "$367.95 — where it closed on Aug. 31, also
        its high for the month", "15 — sessions out of 21 in which Amazon closed lower". The gloss names the
        figure's subject and metric after it, where no cue reaches across the dash. Returns the gloss's first
        token, then the end of each of its comma-separated parts (the first is its head)."""
        doc = self.doc
        markers = self.r.words("list_markers")
        for i in range(self.s0, figure.token):
            word = doc.orth[i]
            if word.strip() and word not in EMPHASIS and word not in markers and not (word[:-1].isdigit() and word[-1:] in ".)"):
                return None
        i = figure.token + 1
        while i < self.s1 and (not doc.orth[i].strip() or doc.orth[i] in EMPHASIS):
            i += 1
        if i >= self.s1 or doc.orth[i] not in GLOSS_DASHES:
            return None
        start = self._next_word(i + 1)
        if start >= self.s1 or not any(w[:1].isalpha() for w in doc.lower[start:self.s1]):
            return None
        ends = [j for j in range(start, self.s1) if doc.orth[j] in GLOSS_PART_ENDS or "\n" in doc.orth[j]]
        parts = [e for k, e in enumerate(ends) if e > start and (k == 0 or e > ends[k - 1] + 1)] + [self.s1]
        if not any(w[:1].isalpha() for w in doc.lower[start:parts[0]]):
            return None
        return (start, *dict.fromkeys(parts))

    def _apposed_dash(self, figure: Figure) -> int | None:
        """The dash before a figure set off by dashes after its clause, "Amazon's decline was steeper — 13.6% —",
        "Broadcom's drawdown was the deepest — about 16.9%.": the figure is what the clause before the dash
        measured, so it is read from that clause's words as if the dash were not there."""
        doc = self.doc
        hedges = self.r.words("hedges")
        i = figure.token - 1
        while i > self.s0 and (not doc.orth[i].strip() or doc.orth[i] in EMPHASIS or doc.lower[i] in hedges):
            i -= 1
        if i <= self.s0 or doc.orth[i] not in APPOSITION_DASHES or not any(w[:1].isalpha() for w in doc.lower[self.s0:i]):
            return None
        j = figure.token + 1
        while j < self.s1 and (not doc.orth[j].strip() or doc.orth[j] in EMPHASIS or doc.lower[j] in self.r.words("figure_list_skips")):
            j += 1
        if j < self.s1 and doc.orth[j] not in APPOSITION_DASHES and doc.orth[j] not in APPOSITION_ENDS:
            return None
        return i

    def _read_gloss(self, figure: Figure, reading: Reading, gloss: tuple[int, ...]) -> None:
        """Read a glossed figure from its gloss's words as if they stood before it ("Tesla's gain 14.2%", "where
        BCP finished: €0.8916"): the head first, its own words winning; a later part ("also its high for the
        month", "a monthly high") adds what it says of a price as a second claim, and fills what the head left
        open of a percent."""
        head, *rest = gloss[1:]
        read = self.r.read_figure
        read(self.doc, figure, self.cues, None, self.s0, self.s1, self.muted, at=head, into=reading, sides=("before",))
        for end in rest:
            later = read(self.doc, figure, self.cues, None, self.s0, self.s1, self.muted, at=end, sides=("before",))
            if figure.kind == "pct" or "metric" not in later.slots:  # "$681.31 — Meta's peak, set on the 15th"
                open_slots = GLOSS_PERCENT_SLOTS if figure.kind == "pct" else ("date",)
                for name, slot in later.slots.items():
                    if name in open_slots and name not in reading.slots:
                        reading.offer(name, slot.value, slot.priority, slot.distance, slot.rules, slot.cue)
                continue
            metric = later.get("metric")
            if metric in PRICE_KEY_METRICS and metric != reading.get("metric", "price_level") and "extra" not in reading.slots:
                anchor = later.get("anchor") if metric == "price_level" else None
                slot = later.slots["metric"]
                reading.offer("extra", f"{metric}:{anchor}" if anchor else metric, slot.priority, slot.distance,
                              slot.rules + ("figure.gloss",), slot.cue)

    def _gloss_subject(self, gloss: tuple[int, ...]) -> tuple[Name, ...] | None:
        """The company a gloss's head names ("Tesla's gain", "where BCP finished", "sessions in which Amazon
        closed lower"), or the one its pronoun stands for ("where it closed")."""
        start, head = gloss[0], gloss[1]
        for name in self.mentions:
            if start <= name.start < head:
                return self.group_of(name)
        return subjects.carried(self, head, {})

    def _gloss_count(self, figure: Figure, gloss: tuple[int, ...]) -> list[Claim]:
        """A whole number glossed as sessions of one direction: "15 — sessions out of 21 in which Amazon closed
        lower", "13 — Sonae's up sessions", "9 — days Tesla finished in the red"."""
        doc, start, head = self.doc, gloss[0], gloss[1]
        words = doc.lower[start:head]
        value = figure.quantity.value
        if not 0 <= value <= 31 or float(value) != int(value) or self.r.words("session_nouns").isdisjoint(words):
            return []
        ups = self.r.words("up_words") | self.r.words("count_up_words") | self.r.words("bare_up")
        downs = self.r.words("down_words") | self.r.words("count_down_words") | self.r.words("bare_down")
        direction = next((1 if w in ups else -1 for w in reversed(words) if w in ups or w in downs), None)
        owner = self._gloss_subject(gloss)
        if direction is None or not owner:
            return []
        for cue in self.cues:
            if start <= cue.start < head and cue.label in ("UP", "DOWN", "DIRECTION_UP", "DIRECTION_DOWN"):
                self.muted.add(id(cue))  # the count's own words, no direction of their own
        self.consumed.add(figure.token)
        metric = "up_days" if direction > 0 else "down_days"
        s, e = doc.char_span(figure.token, self._previous_word(head) + 1)
        return [c for name in owner if name.ticker for c in [self._claim(name.ticker, metric, int(value), s, e, decimals=0,
                rules=("count.gloss", "subject.gloss", name.rule))] if c is not None]

    def _compared_to(self, earlier: int, token: int) -> bool:
        """A comparison word lies between two figures of one clause: the second is the same measure
        of the compared name ("deeper than Amazon's 18.2%", "32% annualised against 34%")."""
        doc = self.doc
        if doc.breaks_between(earlier, token):
            return False
        between = doc.lower[earlier + 1:token]
        if any(word in self.r.words("comparison_words") for word in between):
            return True
        # the comparison's list goes on: "volatility of 51.39%, compared to 28.4% for Amazon and 39.81% for Tesla",
        # "against Amazon's 34% and Tesla's 23%": a name's figure joined to the last by a list word keeps its measure
        names = {i for n in self.mentions if earlier < n.start < token for i in range(n.start, n.end)}
        words = [w for i, w in enumerate(between, start=earlier + 1) if w.strip() and i not in names]
        links = self.r.words("compared_list_links") | self.r.words("hedges")
        if bool(names) and any(w in ("and", ",", "&") for w in words) and all(w in links for w in words):
            return True
        # "roughly 34% for Amazon and 23% for Tesla": figures each "for" a name, joined, are one measure's list
        named = {i for n in self.mentions if earlier < n.start and n.end <= token for i in range(n.start, n.end)}
        words = [(i, w) for i, w in enumerate(between, start=earlier + 1) if w.strip() and i not in named]
        return bool(named) and bool(words) and words[0][1] == "for" and any(w in self.r.words("figure_joiners") for _, w in words) \
            and all(w == "for" or w in self.r.figure_list_words for _, w in words)

    def _signed_after_name(self, figure: Figure) -> bool:
        """A number written with its sign right after a company's name, in a text that writes its
        moves in percent ("META -3, AVGO -5.6", "Sonae +5,5"), is a percent move: prices carry no sign.
        So is a spoken decimal there ("Navigator seven point four"): a spoken price says its currency."""
        quantity, doc = figure.quantity, self.doc
        if quantity.currency or not any(f.kind == "pct" for f in doc.figures):
            return False
        position = figure.token - 1
        if not quantity.signed:  # "UnitedHealth: down 2.85" in a list of "up 5.40 percent": the word is its sign
            while position >= self.s0 and not doc.orth[position].strip():
                position -= 1
            # "META down about 9": a hedge between the word and its figure changes nothing (convention 4)
            hedges = self.r.words("approx_leads")
            hedged = position
            while hedged >= self.s0 and (not doc.orth[hedged].strip() or doc.lower[hedged] in hedges):
                hedged -= 1
            if hedged >= self.s0 and hedged < position and doc.lower[hedged] in ("up", "down"):
                position = hedged
            # "REN, eleven point six": speech leaves out the unit it said before (a spoken price says its currency)
            bare_speech = quantity.spoken and quantity.decimals > 0
            # a whole number only where the clause ends on it ("and META down about 9, but"): "down 9 sessions" counts
            after = self._next_word(figure.token + 1)
            whole = figure.kind == "int" and (after >= self.s1 or doc.lower[after] in CLAUSE_END_WORDS)
            if position < self.s0 or (figure.kind != "number" and not whole) \
                    or (doc.lower[position] not in ("up", "down") and not bare_speech):
                return False
            if doc.lower[position] in ("up", "down"):
                position -= 1
        # a colon, or in speech a comma and fillers, may stand between the name and its figure ("AMD, uh, -2.9");
        # day scope: so may a period word ("TSLA MTD +14.2", "AVGO YTD -3")
        fillers = self.r.words("speech_fillers")
        scoped = {i for c in self.cues if c.label in SCOPE_AFTER_NAME for i in range(c.start, c.end)}
        while position >= self.s0 and (not doc.orth[position].strip() or doc.orth[position] in (":", ",")
                                       or doc.lower[position] in fillers or position in scoped):
            position -= 1
        return any(n.ticker and n.end == position + 1 for n in self.mentions)

    def _named_percent(self, figure: Figure) -> bool:
        """A bare number whose metric the sentence names just before it is that metric's percent: "The
        volatility of AMD was 56.0", "the lowest volatility of 9.84", "a max drawdown of 21.3", and a dated
        figure after a day's move ("The biggest daily increase was NVDA with 8.74 on August 29"). Small models
        drop the percent sign; a price is never named by these words. The nearest metric word before the
        figure decides (a price word nearer, "its high of 227.98", keeps it a price); linking words ("was",
        "of"), names and sign words lie between freely, within a few words."""
        quantity, doc = figure.quantity, self.doc
        if quantity.currency or quantity.decimals == 0:
            return False
        weak = self.r.words("be_forms") | NAMED_PERCENT_LINKS
        words = 0
        daily = False
        for cue in sorted((c for c in self.cues if c.end <= figure.token and c.start >= self.s0 and id(c) not in self.muted),
                          key=lambda c: -c.end):
            if doc.words_between(cue.end, figure.token) > NAMED_PERCENT_WITHIN:
                break
            if cue.label in ("VOL", "DD"):
                return not daily
            if cue.label == "DAILY":
                daily = True
                break
            if cue.label in ("UP", "DOWN", "UP_NOUN", "DOWN_NOUN", "OBJECT_LEAD", "EXTREME", "SUP_MAX", "SUP_MIN", "CLAUSE") \
                    or (cue.label == "LEVEL" and " ".join(doc.lower[cue.start:cue.end]) in weak):
                continue
            return False
        if not daily:
            return False
        after = self._next_word(figure.token + 1)
        if after < self.s1 and doc.lower[after] in ("on", "of"):
            after = self._next_word(after + 1)
        return after < self.s1 and any(d.start == after for d in doc.dates)

    def _dated_bare_move(self, figure: Figure) -> bool:
        """A bare number dated to a session, in a text that writes its moves in percent, is that day's move
        when a move word or its sign opens it: "down 14.5 on 7/23", "up 13 on 7/30", "+7.7 on 1/21 alone".
        A price is written "to 203.17 on 1/9", never right after "down"."""
        quantity, doc = figure.quantity, self.doc
        if quantity.currency or not any(f.kind == "pct" for f in doc.figures):
            return False
        after = self._next_word(figure.token + 1)
        if after < self.s1 and doc.lower[after] in ("on", "of"):
            after = self._next_word(after + 1)
        if after >= self.s1 or not any(c.start == after and c.label in ("DATE", "WEEKDAY") for c in self.cues) \
                and not any(d.start == after for d in doc.dates):
            return False
        before = self._previous_word(figure.token)
        if quantity.signed:
            # day scope: after a day key or the last pair's date, "EDP 1D -6.45 06/11 -6.20 11/11" lists dated moves
            return before < self.s0 or doc.lower[before] in subjects.ELIDED_OPENERS or any(n.ticker and n.end == before + 1 for n in self.mentions) \
                or any(c.end == before + 1 and c.label in ("DAILY", "DATE") for c in self.cues)
        return before >= self.s0 and any(c.end == before + 1 and c.label in ("UP", "DOWN") for c in self.cues)

    # ----------------------------------------------------------------- day scope: a line's session label
    def _offer_frame(self, reading: Reading, figure: Figure) -> None:
        """A figure after its line's session label ("Aug 4 — AMD 518.58 (+7.0%), AVGO +6.6%. NVDA +2.6%.") is
        that session's: a percent its move, a price (or a bare number right after a name or a price word) its
        close, both dated to the label's session. A figure whose clause names its own scope keeps it, and a
        month-to-date figure on a line before the month's last session is a running figure, another period
        than the month ("MTD AVGO +0.2" on Aug 14); on the last session's line it is the month's return. Under
        a section's label ("### Aug 27") only a to-date word runs: "For the month, Nvidia rose 6.8%" is the month's."""
        frame, r = self.frame, self.r
        if not frame.body <= figure.token < frame.end:
            return
        rule = ("frame.session_label",)
        scope = self._frame_scope(figure)
        if figure.kind == "pct":
            running = scope == "RUNNING" or scope == "PERIOD" and frame.own  # a dated line's period words run to date
            if running and self.sessions and frame.date < self.sessions[-1]:
                reading.offer("drop", "a running month-to-date figure", r.label_priority, 0, rule)
            if scope in ("PERIOD", "RUNNING"):
                return
            if scope is None:
                reading.offer("metric", "daily_move", r.session_frame_priority, 0, rule)
                reading.offer("date", frame.date, r.session_frame_date_priority, 0, rule)
            return
        if scope is not None:
            return
        reading.offer("date", frame.date, r.session_frame_date_priority, 0, rule)
        if figure.kind == "number" and not figure.quantity.signed and self._frame_price(figure):
            reading.offer("metric", "price_level", r.session_frame_date_priority, 0, rule)

    def _frame_scope(self, figure: Figure) -> str | None:
        """The scope a figure's own clause gives it on a dated line: a scope cue before it in its clause (not
        inside a bracket closed before the figure) or right after it ("+10.3 MTD"); a period word wins, RUNNING
        for a to-date word ("MTD", "month-to-date"), PERIOD for another ("for the month")."""
        doc, found = self.doc, None
        for cue in self.cues:
            if cue.label not in FRAME_SCOPES or id(cue) in self.muted:
                continue
            if cue.end <= figure.token:
                if cue.start < self.frame.body or doc.breaks_between(cue.end, figure.token):
                    continue
                between = doc.orth[cue.end:figure.token]
                if between.count(")") > between.count("("):
                    continue
            elif cue.start <= figure.token or doc.words_between(figure.token + 1, cue.start) > 1 \
                    or doc.commas_between(figure.token + 1, cue.start) or doc.breaks_between(figure.token + 1, cue.start) \
                    or "(" in doc.orth[figure.token + 1:cue.start]:
                continue  # "+5.5% (MTD +14.2%)": the bracket's scope is its own figure's
            if found not in ("PERIOD", "RUNNING"):
                found = cue.label
            if cue.label in ("PERIOD", "PERIOD_FREE"):
                running = doc.span_text(cue.start, cue.end).lower() in self.r.words("running_period_words")
                found = "RUNNING" if running or found == "RUNNING" else "PERIOD"
        return found

    def _frame_price(self, figure: Figure) -> bool:
        """A bare number on a dated line is a close where a name ("NVDA 206.64") or a price word
        ("→ 0.8982", "to 5.01") comes right before it."""
        doc = self.doc
        position = self._previous_word(figure.token)
        if position >= self.s0 and doc.orth[position] == ":":
            position = self._previous_word(position)
        if position < self.s0:
            return False
        return doc.lower[position] in self.r.words("frame_price_leads") or any(
            n.ticker and n.end == position + 1 for n in self.mentions)

    def _key_rule(self, figure: Figure) -> HeaderRule | None:
        """The header lexicon's reading of the key a figure is the value of: "Max DD: 6.1%", "Start: $206.64",
        '"return_pct": 8.44', "Vol = 41%". A key is up to four words right before the figure, ended by ':' or '='."""
        doc, position = self.doc, figure.token - 1
        while position >= self.s0 and doc.orth[position] in ('"', "'", " ", "  ", "(", "~", "≈"):
            position -= 1
        if position < self.s0 or doc.orth[position] not in (":", "="):
            return self._terminal_key(figure) or self._list_item_key(figure)
        # a glued key ("hi=247.38") is the run of characters glued to its sign: "p0=226.50=lo  hi=247.38" keys
        # 247.38 by "hi" alone, the "lo" before it being the earlier figure's
        glued = doc.orth[position] == "=" and position > self.s0 and doc.ends[position - 1] == doc.starts[position]
        position -= 1
        words: list[str] = []
        while position >= self.s0 and len([w for w in words if w != "/"]) < 4:  # "Up Days / Down Days:" is four words
            word = doc.orth[position]
            if word in (",", "{", "}", "|", ";", "[", "]", "=") or "\n" in word or position in doc.figure_at or any(
                    n.start <= position < n.end for n in self.mentions):
                break
            if word.strip() and word not in ('"', "'"):
                words.append(word)
            if glued and (position == self.s0 or doc.ends[position - 1] != doc.starts[position]):
                position -= 1
                while position > self.s0 and not doc.orth[position].strip():
                    position -= 1  # (the token before the key: `_keyed_beside` reads the pair there)
                break
            position -= 1
        rule = self.r.header_rule(" ".join(reversed(words)), self.month, paired=True) if words else None
        if rule is not None and rule.beside and not self._keyed_beside(position, figure.token, rule.beside):
            return None  # "dn=8" is the down days only beside "up=11"
        if rule is not None and rule.metric == "period_return":
            outer = self._outer_key(position)
            if outer is not None and outer.metric == "daily_move":
                return outer  # "largest_daily_drop: {date: 2026-02-04, return: -0.1731}"
        return rule if rule is not None and rule.metric != "range" else None

    def _keyed_beside(self, before: int, after: int, metric: str) -> bool:
        """Whether the key=value pair next to a key (the figure at token `before`, or the pair right after the
        figure at `after`) is keyed as `metric`: an ambiguous key ("dn") reads only beside its partner ("up=11")."""
        doc = self.doc
        previous = doc.figure_at.get(before)
        if previous is not None and doc.orth[before - 1] in (":", "="):
            rule = self._key_rule(previous)
            if rule is not None and rule.metric == metric:
                return True
        following = after + 3
        if following < self.s1 and doc.orth[after + 2] in (":", "=") and following in doc.figure_at:
            rule = self.r.header_rule(doc.orth[after + 1], self.month)
            return rule is not None and rule.metric == metric
        return False

    # ---------------------------------------------------------- plain-text layout: terminal lines
    def _caps_line(self) -> bool:
        """Whether the sentence is a terminal line: one line, no lowercase letter ("FIELD  MAX_DD_PERIOD  AVGO
        16.87", "NON-UNIV   PLTR US  %CHG +48.33"), where fields are keyed by mnemonics and cells, not colons."""
        cached = getattr(self, "_caps", None)
        if cached is None:  # (a name may be written in lowercase: "EVENT  edp PL  1D -6.45")
            words = self.doc.orth[self.s0:self.s1]
            names = {i - self.s0 for n in self.mentions for i in range(n.start, n.end)}
            cached = self._caps = not any(
                i not in names and any(ch.islower() for ch in word) for i, word in enumerate(words)) and not any(
                "\n" in word for word in words[:-1])
        return cached

    def _delimited_line(self, token: int) -> bool:
        """Whether the line holding `token` is a delimited terse line: cut into cells by pipes or by spaced
        colons (`document.cell_colons`): "NOS   : +8.4%  : best d +3.6 (22/1)", "AMD | −2.9% | vol 56.0%".
        Like a terminal line's fields, its cells are keyed by a word or two before their figure. The line,
        not the sentence: a line ending in a word runs on into a lowercase one ("~flat\njmt : −2.4%")."""
        doc = self.doc
        first = token
        while first > self.s0 and "\n" not in doc.orth[first - 1]:
            first -= 1
        cache = self.__dict__.setdefault("_delimited", {})
        if first not in cache:
            last = token
            while last < self.s1 and "\n" not in doc.orth[last]:
                last += 1
            cache[first] = any(self._cell_delimiter(i) for i in range(first, last))
        return cache[first]

    def _cell_delimiter(self, position: int) -> bool:
        """A pipe, or a colon the document reads as a cell delimiter (a break)."""
        word = self.doc.orth[position]
        return word == "|" or (word == ":" and self.doc.breaks_between(position, position + 1) > 0)

    def _terminal_key(self, figure: Figure) -> HeaderRule | None:
        """A terminal line's field mnemonic before a bare figure, with no colon: "%CHG +48.33", "1D -6.45  06/11
        -6.20  11/11" (the key holds over the figures and dates after it), or the line's opening field cell
        before its first name ("FIELD  VOLATILITY_21D (ANN)   AMD 56.00   JPM 13.68"). Read by the header
        lexicon; a field of another horizon ("HIGH_52WK") drops its figures. A delimited terse line's cell
        is keyed the same way, its key cell running back to its delimiter ("DD 5.7", "lo 0.8708", "best d
        +3.6", "last 3.440"); there a key may name a price too (a terminal's price fields are its table's)."""
        if figure.kind not in ("int", "number"):
            return None
        delimited = self._delimited_line(figure.token)
        if not delimited and not self._caps_line():
            return None
        doc = self.doc
        named = [n for n in self.mentions if n.ticker]
        if not named or named[0].start > figure.token:
            return None
        inside = {i: n for n in self.mentions for i in range(n.start, n.end)}
        position = figure.token - 1
        while position >= self.s0 and (not doc.orth[position].strip() or position in doc.figure_at
                                       or any(d.start == position for d in doc.dates)):
            position -= 1  # over the figures and dates the same key holds for
        if position in inside:  # the figure's name: the key cell before it ("WORST 1D   AMD -7.04")
            name = inside[position]
            position = name.start - 1
            if name.start == self.s0 or doc.starts[name.start] - doc.ends[name.start - 1] < 2:
                return None
            while position >= self.s0 and not doc.orth[position].strip():
                position -= 1
        last, begin = position, None  # the key cell: tokens [begin, last], back to a wide gap or a delimiter
        while position >= self.s0 and position not in inside and (begin is None or last - position < 5):
            if delimited and position in doc.figure_at and position != last:
                return None  # "5 up / 15 dn": the words before the figure are another figure's, no key
            if not doc.orth[position].strip() or (position == last and position in doc.figure_at) \
                    or (delimited and self._cell_delimiter(position)):
                break
            begin = position
            if position > self.s0 and doc.starts[position] - doc.ends[position - 1] >= 2:
                break  # the key cell's first word
            position -= 1
        if begin is not None:
            key = doc.clean[doc.starts[begin]:doc.ends[last]]
        else:  # the line's opening cell, before its first name ("FIELD  MAX_DD_PERIOD   AVGO 16.87   NVDA 7.47")
            first = named[0].start
            if first == self.s0 or doc.starts[first] - doc.ends[first - 1] < 2 or any(n.start < first for n in self.mentions):
                return None
            key = doc.clean[doc.starts[self.s0]:doc.ends[first - 1]]
            if not key.strip() or len([w for w in key.split() if w[:1].isalpha()]) > 5:
                return None
        rule = self.r.header_rule(key, self.month)
        allowed = LIST_KEY_METRICS | {"daily_move"} | (PRICE_KEY_METRICS if delimited else frozenset())
        if rule is None or rule.metric == "range" or (rule.metric and rule.metric not in allowed):
            return None
        return rule

    def _equated_key(self, figure: Figure) -> HeaderRule | None:
        """A delimited terse line's figure set equal to a second key after it, a price it also is:
        "last 3.440 = m/hi", "last 339.35 = m/lo" (the close is the month's high, low); a notebook's key=value
        note says it the same way, glued or bracketed: "p0=226.50=lo", "p1=271.58 (=hi)"."""
        if figure.kind not in ("number", "price"):
            return None
        doc = self.doc
        noted = figure.token > self.s0 and doc.orth[figure.token - 1] == "=" and doc.ends[figure.token - 1] == doc.starts[figure.token]
        if not noted and not self._delimited_line(figure.token):
            return None
        equals = self._next_word(figure.token + 1)
        if equals >= self.s1 or doc.orth[equals] not in (("=", "(=") if noted else ("=",)):
            return None
        position, words = self._next_word(equals + 1), []
        while position < self.s1 and len(words) < 3 and doc.orth[position].strip() and not self._cell_delimiter(position) \
                and position not in doc.figure_at and doc.orth[position] not in ("(", ")", ",", ";"):
            words.append(doc.orth[position])
            position = self._next_word(position + 1)
        rule = self.r.header_rule(" ".join(words), self.month) if words else None
        return rule if rule is not None and rule.metric in PRICE_KEY_METRICS else None

    def _list_item_key(self, figure: Figure) -> HeaderRule | None:
        """A bare figure after its item's name takes the key of the line introducing the list
        ("Ranked by annualised vol:" / "1. AMD 51.4"); the item's own number ("1.", "#1") takes none."""
        key = self.state.list_key if self.state.in_item else None
        if key is None:
            key = self._opening_key(figure)
        if key is not None and figure.kind == "pct" and key is self.state.list_key and key.metric in ("volatility", "max_drawdown") \
                and self._bare_percent_item(figure):
            return key  # "Annualised volatility:" over "- Sonae 15.74% ← lowest": the list's measure
        if key is None or figure.kind not in ("int", "number"):
            return None
        doc = self.doc
        if not any(n.ticker and n.end <= figure.token for n in self.mentions):
            return None
        previous = self._previous_word(figure.token)
        if previous >= self.s0 and doc.orth[previous] in ("#", "no", "No", "no.", "No."):
            return None
        if key.metric in ("up_days", "down_days") and figure.kind != "int":
            return None
        return key

    def _bare_percent_item(self, figure: Figure) -> bool:
        """A list item that is a name and an unsigned percent and nothing else that speaks ("Sonae 15.74% ← lowest",
        "2. BCP 31.9%"): the only figure of its item, right after the name, with no cue of its own before it."""
        doc = self.doc
        if figure.quantity.signed or len(self.figures) != 1:
            return False
        previous = self._previous_word(figure.token)
        if not any(n.ticker and n.end == previous + 1 for n in self.mentions):
            return False
        return not any(c.end <= figure.token and id(c) not in self.muted and c.label not in ("DESCRIPTOR",) for c in self.cues)

    def _opening_key(self, figure: Figure) -> HeaderRule | None:
        """"Up days: AMD 11, AMZN 11; TSLA 8": a key opening the sentence, before its first name, gives
        the bare figures after the names of the line its measure."""
        if self._opening is None:
            self._opening = self._read_opening_key()
        colon, rule = self._opening
        return rule if colon is not None and colon <= figure.token else None

    def _read_opening_key(self) -> tuple[int | None, HeaderRule | None]:
        """The sentence's opening key (`_opening_key`) and its colon, read once: asked for every figure,
        it depends on the figure only through whether the colon comes before it."""
        doc = self.doc
        # a key line's dash is its colon ("Most down days — Jerónimo Martins, 12"): read only where the key
        # names a list measure, so a dash elsewhere ("Galp — 15.8%") keys nothing
        colon = next((i for i in range(self.s0, min(self.s1, self.s0 + 12)) if doc.orth[i] in (":", "):", "—", "–")
                      and (doc.orth[i] in (":", "):") or i > self.s0 and doc.starts[i] > doc.ends[i - 1])), None)
        if colon is None or any(n.ticker and n.start < colon for n in self.mentions):
            return colon, None
        words = [w for w in doc.orth[self.s0:colon] if w.strip() and w not in ("*", "**")]
        if not words or len([w for w in words if w[:1].isalpha()]) > 4:
            return colon, None
        rule = self.r.header_rule(" ".join(words), self.month)
        if rule is None or rule is SKIP_COLUMN or rule.metric not in LIST_KEY_METRICS:
            return colon, None
        return colon, rule

    def _outer_key(self, position: int) -> HeaderRule | None:
        """The key an open brace or bracket before `position` is the value of, if any."""
        doc, depth = self.doc, 0
        while position >= self.s0:
            word = doc.orth[position]
            if word in ("}", "]"):
                depth += 1
            elif word in ("{", "["):
                if depth == 0:
                    break
                depth -= 1
            elif "\n" in word:
                return None
            position -= 1
        if position < self.s0:
            return None
        colon = position - 1
        while colon >= self.s0 and not doc.orth[colon].strip():
            colon -= 1
        if colon < self.s0 or doc.orth[colon] not in (":", "="):
            return None
        words, position = [], colon - 1
        while position >= self.s0 and len(words) < 4:
            word = doc.orth[position]
            if word in (",", "{", "}", "|", ";", "[", "]") or "\n" in word or position in doc.figure_at:
                break
            if word.strip() and word not in ('"', "'"):
                words.append(word)
            position -= 1
        return self.r.header_rule(" ".join(reversed(words)), self.month) if words else None

    def _key_count(self, figure: Figure, rule: HeaderRule, lists) -> list[Claim]:
        value = int(figure.quantity.value)
        of = self._previous_word(figure.token)
        if of >= self.s0 and self.doc.lower[of] == "of" and self._previous_word(of) in self.doc.figure_at:
            return []  # "Most up days — NOS, 15 of 20": the 20 is the month's sessions
        subjects, subject_rule = self._subject(figure, lists)
        dash = self._next_word(figure.token + 1)
        if dash < self.s1 and self.doc.orth[dash] in ("—", "–", "-", ":"):
            following = self._name_starting(self._next_word(dash + 1))
            if following is not None and following.ticker:  # "a four-way tie on 12 — Galp, NOS and REN"
                subjects, subject_rule = self.group_of(following), "subject.following_dash"
        if not subjects or value > 31:
            return []
        made = [self._claim(name.ticker, rule.metric, value, figure.start, figure.end,
                            rules=(rule.id, "structure.key", subject_rule, name.rule)) for name in subjects]
        return [claim for claim in made if claim is not None]

    def _key_count_pair(self, figure: Figure, rule: HeaderRule, lists) -> list[Claim]:
        """"up/dn=7/12": a key of both counts over two figures split by a slash, the up days first."""
        doc, slash = self.doc, figure.token + 1
        second = doc.figure_at.get(slash + 1)
        if slash >= self.s1 or doc.orth[slash] != "/" or second is None or second.kind != "int":
            return []
        self.consumed.add(second.token)
        return [claim for part, metric in ((figure, "up_days"), (second, "down_days"))
                for claim in self._key_count(part, replace(rule, metric=metric), lists)]

    def _offer_key(self, reading: Reading, rule: HeaderRule, figure: Figure) -> None:
        priority = self.r.label_priority
        if rule is SKIP_COLUMN or not rule.metric:
            reading.offer("drop", "a key naming another period or no claim", priority, 0, (rule.id, "structure.key"))
            return
        if rule.metric in ("up_days", "down_days", "up_down_days"):
            return
        reading.offer("metric", rule.metric, priority, 0, (rule.id, "structure.key"))
        if rule.anchor:
            reading.offer("anchor", rule.anchor, priority, 0, (rule.id, "structure.key"))
        if rule.extreme:
            reading.offer("extreme", rule.extreme, priority, 0, (rule.id, "structure.key"))
        if rule.sign and not figure.quantity.signed:
            reading.offer("sign", rule.sign, priority, 0, (rule.id, "structure.key"))

    def _figure_claims(self, figure: Figure, reading: Reading, previous_sign):
        """The claims a read figure makes: (metric, value, rules, fields) each, and the sign a cue gave."""
        quantity = figure.quantity
        if figure.kind == "pct":
            metric = reading.get("metric", "period_return")
            if metric not in PERCENT_METRICS:
                return None
            if quantity.unit == "pp" and "metric" not in reading.slots:
                return None  # percentage points are a difference unless a cue says what of
            magnitude = abs(float(quantity.value))
            cue_sign = reading.get("sign", 0)
            if metric in MAGNITUDE_METRICS:
                return [(metric, magnitude, (), {"decimals": quantity.decimals})], 0
            sign, inherited = quantity.signed, ()
            if not sign:
                sign = cue_sign
            if not sign and previous_sign and not self.doc.breaks_between(previous_sign[1], figure.token):
                sign, inherited = previous_sign[0], ("sign.inherited",)
            value = magnitude * (sign or 1)
            fields = {"decimals": quantity.decimals}
            if metric == "daily_move":
                fields["date"] = reading.get("date")
                if reading.get("extreme"):
                    fields["extreme"] = "largest"
            return [(metric, value, inherited, fields)], cue_sign if not quantity.signed else 0
        metric = reading.get("metric")
        if metric is None:
            if figure.kind != "price":
                return None
            metric = "price_level"
        if metric not in ("price_level", "range_low", "range_high"):
            return None
        value = abs(float(quantity.value))
        when = reading.get("date")
        anchor = reading.get("anchor") if metric == "price_level" and when is None else None
        claims = [(metric, value, (), {"decimals": quantity.decimals, "date": when, "anchor": anchor})]
        extra = reading.get("extra")
        if extra:
            extra_metric, _, extra_anchor = str(extra).partition(":")
            if extra_metric != metric:
                cue = reading.slots["extra"].cue
                dated = [d.value for d in self.doc.dates if cue is not None and cue.end <= d.start and d.value
                         and self.doc.words_between(cue.end, d.start) <= 2 and not self.doc.breaks_between(cue.end, d.start)]
                if extra_metric == "price_level" and when is not None:
                    # "sank 7.1% the same day, closing at a month low of $317.69": a close at the low on a dated
                    # session is that session's close, not the month's last
                    claims.append((extra_metric, value, (), {"decimals": quantity.decimals, "date": when, "anchor": None}))
                    return claims, 0
                claims.append((extra_metric, value, (), {"decimals": quantity.decimals, "anchor": extra_anchor or None,
                                                         "date": dated[0] if dated and extra_metric != "price_level" else None}))
        return claims, 0

    def _gapped_bare(self, figure: Figure, lists: dict[int, tuple[int, ...]]) -> bool:
        """A bare number in a gapped list of percents ("Altri rose about 10 percent and Galp 9.3", "EDP 5.9,
        and EDP Renováveis 4.7"): the unit, like the verb, is said once, so the number is the percent
        `_gapped_head` reads from the first member. Never a price (no currency, at most two decimals: a
        Lisbon price is written with three or four) and never a count (the clause ends on the number)."""
        quantity = figure.quantity
        if quantity.currency or quantity.signed or quantity.decimals > 2:
            return False
        after = self._next_word(figure.token + 1)
        if after < self.s1 and self.doc.lower[after] not in CLAUSE_END_WORDS:
            return False  # "and NOS 12 days": a count, not a member
        return self._gapped_head(figure.token, lists) != figure.token

    def _gapped_head(self, token: int, lists: dict[int, tuple[int, ...]]) -> int:
        """A gapped list of names and percents, the verb said once: "The same Monday EDPR fell 3.3% and
        Navigator 2.7%", "the green day: NOS +3.6%, EDPR +3.1%". A percent right after a name that a list
        word joins to an earlier percent is read, like a list's member, from the first figure's words; so is
        one after a possessive name ("Broadcom's peak-to-trough drop was 16.9%, AMD's 11.9%")."""
        doc, head, at = self.doc, token, token
        for _ in range(12):
            before = self._previous_word(at)
            if before > self.s0 and doc.lower[before] in ("'s", "’s"):
                before = self._previous_word(before)  # "Broadcom's drop was 16.9%, AMD's 11.9%": a possessive name
            name = next((n for n in self.mentions if n.ticker and n.end == before + 1), None)
            if name is None:
                break
            joiner = self._previous_word(name.start)
            if joiner < self.s0 or doc.lower[joiner] not in (",", ";", "and", "e", "y", "et"):
                break
            if doc.lower[joiner] != "," and joiner > self.s0 and doc.lower[self._previous_word(joiner)] == ",":
                joiner = self._previous_word(joiner)  # "EDP 5.9, and EDP Renováveis 4.7": a serial comma
            previous = self._previous_word(joiner)
            figure = doc.figure_at.get(previous) if previous >= self.s0 else None
            if figure is None or doc.breaks_between(previous, token):
                break
            if figure.kind != "pct":  # a bare member further up ("EDP 5.9, and EDPR 4.7"): the chain goes on
                if figure.quantity.currency or figure.quantity.decimals > 2:
                    break
                at = previous
                continue
            head = at = lists.get(previous, (previous,))[0]
        return head

    def _paired_dates(self, lists: dict[int, tuple[int, ...]]) -> dict[int, object]:
        """Percent token -> date, where a list of k dates and a list of k percents share a sentence that holds
        no other date ("on the 28th and 29th, +3.0% and +2.8%", "rose 3.0% and 2.8% on 28 and 29 January"): the
        lists pair in order, as "respectively" pairs names and figures. A date list is one date and the bare
        days joined to it by list words ("and", ",", "the", "&"), each day in the date's month."""
        doc = self.doc
        dates = [c for c in self.cues if c.label == "DATE" and c.value is not None and id(c) not in self.muted
                 and self.s0 <= c.start < self.s1]
        if len(dates) != 1 and not (len(dates) == 2 and self._joined(dates[0].end, dates[1].start)):
            return {}
        days = [(c.start, c.value) for c in dates]
        for step in (-1, 1):  # bare days joined to the list on either side
            edge = days[0][0] if step < 0 else dates[-1].end - 1
            while True:
                token = self._joined_day(edge, step)
                if token is None:
                    break
                try:
                    days.append((token, dates[0].value.replace(day=self._day_of(token))))
                except ValueError:
                    break
                edge = token
        if len(days) < 2:
            return {}
        days.sort()
        runs = {run for run in lists.values() if len(run) == len(days) and all(doc.figure_at[t].kind == "pct" for t in run)}
        if len(runs) != 1:
            return {}
        return dict(zip(next(iter(runs)), (value for _, value in days)))

    def _joined(self, end: int, start: int) -> bool:
        joiners = self.r.words("date_list_words")
        between = [w for w in self.doc.lower[end:start] if w.strip()]
        return bool(between) and all(w in joiners for w in between)

    def _joined_day(self, edge: int, step: int) -> int | None:
        """The bare day ("29th", "28") that list words join to token `edge` on the side `step` says, if any."""
        token = edge + step
        seen_joiner = False
        while self.s0 <= token < self.s1:
            word = self.doc.lower[token]
            if not word.strip() or word in self.r.words("date_list_words"):
                seen_joiner = seen_joiner or word.strip() not in ("", "the")
                token += step
                continue
            return token if seen_joiner and self._day_of(token) is not None else None
        return None

    def _day_of(self, token: int) -> int | None:
        match = _BARE_DAY.fullmatch(self.doc.lower[token])
        return int(match.group(1)) if match and 1 <= int(match.group(1)) <= 31 else None

    def _figure_lists(self) -> dict[int, tuple[int, ...]]:
        """Figure token -> its list: figures of one kind joined only by list words, hedges and signs
        ("down 13.5%, 6.6% and 2.9%", "+5.4%/-12.0%", "+2.4% vs -9.2%")."""
        doc = self.doc
        runs: list[list[Figure]] = []
        joiners = self.r.words("figure_joiners")
        skip_words = self.r.figure_list_words
        signs = {i for c in self.cues if c.label in ("UP", "DOWN") for i in range(c.start, c.end)}
        for figure in self.figures:
            if figure.token in self.consumed or figure.kind == "int":
                continue
            if runs:
                last = runs[-1][-1]
                between = [(i, w) for i, w in enumerate(doc.lower[last.token + 1:figure.token], start=last.token + 1) if w.strip()]
                words = [w for _, w in between]
                signed_gap = any(i in signs and w not in skip_words for i, w in between)
                if last.kind == figure.kind and between and len(between) <= 4 and all(
                        w in skip_words or w in ("(", ")") or i in signs for i, w in between) \
                        and not doc.breaks_between(last.token + 1, figure.token) and (any(w in joiners for w in words) and not (
                            signed_gap and not any(w in joiners and w != "," for w in words))
                            or (last.token, figure.token) in self.score_pairs):
                    runs[-1].append(figure)
                    continue
            runs.append([figure])
        out: dict[int, tuple[int, ...]] = {}
        for run in runs:
            if len(run) > 1:
                tokens = tuple(f.token for f in run)
                for token in tokens:
                    out[token] = tokens
        return out

    # ----------------------------------------------------------------- subjects
    def _subject(self, figure: Figure, lists: dict[int, tuple[int, ...]]) -> tuple[tuple[Name, ...] | None, str]:
        gloss = self._gloss(figure)
        if gloss is not None:
            found = self._gloss_subject(gloss)
            if found:
                return found, "subject.gloss"
        for name, finder in self.r.finders:
            found = finder(self, figure.token, lists)
            if found:
                return found, f"subject.{name}"
        return None, ""

    def _name_starting(self, token: int) -> Name | None:
        for name in self.mentions:
            if name.start == token:
                return name
        return None

    def _previous_word(self, token: int) -> int:
        token -= 1
        while token > self.s0 and not self.doc.orth[token].strip():
            token -= 1
        return token

    def _next_word(self, token: int) -> int:
        while token < self.s1 and not self.doc.orth[token].strip():
            token += 1
        return token

    def _owner(self, start: int, end: int) -> tuple[Name, ...] | None:
        """The subject of a construction at tokens [start, end): the name before it in its clause, a
        pronoun's company, the block's subject, or the name right after it."""
        for finder in (subjects.clause_subject, subjects.carried, subjects.sentence_subject, subjects.block):
            found = finder(self, start, {})
            if found:
                return found
        found = subjects.elided(self, start, {})  # "11 green days out of 19" after "$AMZN +5.7%."
        if found:
            return found
        after = self._next_word(end)
        name = self._name_starting(after)
        return (name,) if name else None


    # ----------------------------------------------------------------- ranks
    def _ranks(self) -> None:
        doc = self.doc
        made: dict[tuple[str, str], int] = {}  # (ticker, rank) -> the end of the cue that made it
        for cue in self.cues:
            if id(cue) in self.muted:
                continue
            rank, rules = None, (cue.rule,)
            if cue.label.startswith(RANK_PREFIX):
                rank = cue.label[len(RANK_PREFIX):]
                if self._emoji_over_group(cue):
                    continue
            elif cue.label in ("SUP_BEST", "SUP_WORST", "SUP_MAX", "SUP_MIN"):
                shared = self._shared_superlative(cue)
                if shared:
                    owner = self._rank_owner(cue)
                    if owner and len(owner) == 1 and owner[0].ticker:
                        start, end = doc.char_span(cue.start, cue.end)
                        for rank, rule in shared:
                            if (owner[0].ticker, rank) not in made:
                                made[(owner[0].ticker, rank)] = cue.end
                                self.out.append(self._claim(owner[0].ticker, "rank", rank, start, end,
                                                            rules=(cue.rule, rule, "subject.rank_owner", owner[0].rule)))
                        continue
                found = self._superlative(cue)
                if found:
                    rank, rule = found
                    rules = (cue.rule, rule)
            elif cue.label in ("PEER_EXTREME_HIGH", "PEER_EXTREME_LOW"):
                rank = self._peer_extreme(cue)
            elif cue.label == "RANK_OPPOSITE":
                # "At the other end": the opposite of a rank in its own paragraph, not of one slides earlier
                since = self.doc.clean[self.state.last_rank_at:self.doc.char_span(cue.start, cue.end)[0]]
                rank = OPPOSITE_RANKS.get(self.state.last_rank or "") if "\n\n" not in since.replace("\r", "") else None
            elif cue.label == "RANK_PLACE":
                rank = self._place_rank(cue)
            if rank is None or self._possessed(cue) or self._ordinal_before(cue) or self._own_extreme_key(cue, rank) \
                    or self._price_extreme(cue) or self._fronted_other_period(cue):
                continue
            # a question that names no one ("Which stock had the biggest fall?") leaves its rank to the answer
            asks = self._is_question() and not any(m.ticker for m in self.mentions)
            owner = None if asks else self._figure_owner(cue) or self._rank_owner(cue)
            if not owner and self._is_question():
                self.state.question_rank = (rank, rules)
                continue
            if not owner or len(owner) > 1 or owner[0].ticker is None:
                continue
            if any(c.label == "REFUSAL" and c.end <= cue.start and self._declines_cause(c) for c in self.cues):
                continue  # "I can't say exactly why the bank lagged": the cause asked about restates no rank
            opening = self._next_word(self.s0)
            if any(q.label == "QUANTIFIER" and q.start == opening and q.end <= cue.start and doc.words_between(q.end, cue.start) <= 4
                   and not doc.breaks_between(q.end, cue.start) for q in self.cues):
                continue  # "The two EDPs were the worst: ...", "Both were the worst": a group's superlative ranks no one
            if owner[0].start >= cue.end and owner[0].end < self.s1 and doc.lower[owner[0].end] in ("'s", "’s") and any(
                    c.label in ("SUP_BEST", "SUP_WORST", "SUP_MAX", "SUP_MIN") and owner[0].end < c.start <= owner[0].end + 2
                    for c in self.cues):
                continue  # "Biggest up day: AMD's best session was ...": a label over the name's own extreme
            key = (owner[0].ticker, rank)
            if key in made and not self._lead_in_between(made[key], cue.start, owner[0].ticker):
                continue
            made[key] = cue.end
            self.state.last_rank, self.state.last_rank_at = rank, self.doc.char_span(self.s0, self.s0 + 1)[0]
            if rank == "best_return":
                self.state.leader = owner[0].ticker
            start, end = doc.char_span(cue.start, cue.end)
            self.out.append(self._claim(owner[0].ticker, "rank", rank, start, end, rules=rules + ("subject.rank_owner", owner[0].rule)))

    def _fronted_other_period(self, cue: Cue) -> bool:
        """"Over the trailing twelve months Amazon is still the strongest", "Year to date Jerónimo is the laggard",
        "Over five years Nvidia is up": a period opening the sentence scopes its clause, so a rank or a direction
        in it is of that period, not the month's (a month named or a ";" between ends the scope)."""
        doc = self.doc
        first = self._next_word(self.s0)
        while first < self.s1 and not doc.orth[first][:1].isalnum():
            first = self._next_word(first + 1)
        while first < self.s1 and doc.lower[first] in ("over", "for", "in", "during", "across", "through", "the", "its"):
            first = self._next_word(first + 1)  # "Over the trailing twelve months": the period's own lead
        period = next((c for c in self.cues if c.label == "OTHER_PERIOD" and id(c) not in self.muted
                       and c.start <= first and c.end <= cue.start), None)
        if period is None:
            return False
        if any(c.label in ("PERIOD", "MONTH", "DATE") and period.end <= c.start < cue.start for c in self.cues):
            return False
        return not any(doc.orth[i] in (";", ".", "!", "?") for i in range(period.end, cue.start))

    def _figure_owner(self, cue: Cue) -> tuple[Name, ...] | None:
        """"hv=14.6 ← min", "mdd=5.73 (max)": an extreme marked after a figure is the extreme of the company
        that figure's claim is about (a name on the next line is the next note's)."""
        if cue.label not in ("PEER_EXTREME_HIGH", "PEER_EXTREME_LOW"):
            return None
        previous = [f for f in self.figures if f.token < cue.start and not self.doc.breaks_between(f.token, cue.start)]
        if not previous:
            return None
        start = self.doc.starts[previous[-1].token]
        owners = {c.ticker for c in self.out if c.start == start and c.ticker and c.metric != "rank"}
        if len(owners) != 1:
            return None
        ticker = owners.pop()
        return (Name(ticker, cue.start, cue.start, "subject.figure_owner"),)

    def _emoji_over_group(self, cue: Cue) -> bool:
        """Rank grammar: "🏆 Top performers", "🥇 Winners": a trophy before a plural heads a group (a
        section heading over several bullets), not one company's rank."""
        doc = self.doc
        if any(ch.isalnum() for ch in doc.text[doc.starts[cue.start]:doc.ends[cue.end - 1]]):
            return False
        return any(c.label == "PLURAL_PERFORMER" and c.start >= cue.end and doc.words_between(cue.end, c.start) <= 2
                   and not doc.breaks_between(cue.end, c.start) for c in self.cues)

    def _lead_in_between(self, left: int, right: int, ticker: str) -> bool:
        """Rank grammar: a bold lead-in that states a rank ("**Tesla led the pack:** Tesla was the top
        performer") is a claim of its own beside the sentence that restates it; its colon closes the bold."""
        doc = self.doc
        colon = next((i for i in range(left, right) if doc.orth[i] == ":" and doc.text.startswith(("**", "__"), doc.ends[i])), None)
        if colon is None:
            return False  # "**Worst single day:** BCP, −3.65% — the steepest": a label, restated in one claim
        return any(n.ticker == ticker and n.end <= colon for n in self.mentions) and any(
            n.ticker == ticker and colon < n.start < right for n in self.mentions)

    def _only_name(self) -> None:
        """Rank grammar: a sentence opening "Only <company> <sign word>" ("Only BCP finishes in baisse",
        "Only Meta ended higher") ranks that company worst (best): the only one that moved so. A session
        or a date in the sentence makes it a day's move, and a second company after the first a group."""
        doc = self.doc
        lead = self._next_word(self.s0)
        while lead < self.s1 and not doc.orth[lead][:1].isalnum():
            lead = self._next_word(lead + 1)
        if lead >= self.s1 or doc.lower[lead] not in self.r.words("only_words"):
            # rank grammar: "nine of the ten rose, and only BCP ended lower", "; only Meta finished higher":
            # "only" opening a clause after a comma, a semicolon or a dash (and its "and" / "but")
            lead = next((i for i in range(self.s0 + 1, self.s1) if doc.lower[i] in self.r.words("only_words")
                         and self._clause_opening(i)), self.s1)
            if lead >= self.s1:
                return
        name = self._name_starting(self._next_word(lead + 1))
        if name is None or name.ticker is None or self.is_object(name):
            return
        if any(n.ticker and n.ticker != name.ticker and n.start < name.end + 3 for n in self.mentions if n.start >= name.end):
            return  # "Only Alphabet and Amazon fell"
        if any(c.label in ("DAILY", "DATE", "WEEKDAY", "SESSION_LAST", "SESSION_FIRST", "COUNT", "OTHER_PERIOD")
               for c in self.cues if id(c) not in self.muted and c.start >= lead):  # "Nine of the ten rose, and only ...
            return
        sign = next((c for c in self.cues if c.label in ("UP", "DOWN") and name.end <= c.start
                     and doc.words_between(name.end, c.start) <= 3 and id(c) not in self.muted), None)
        if sign is None:
            return
        rank = "worst_return" if sign.label == "DOWN" else "best_return"
        if any(c.metric == "rank" and c.ticker == name.ticker for c in self.out):
            return
        self.state.last_rank, self.state.last_rank_at = rank, self.doc.char_span(self.s0, self.s0 + 1)[0]
        start, end = doc.char_span(lead, sign.end)
        self.out.append(self._claim(name.ticker, "rank", rank, start, end, rules=("rank.only_name", sign.rule, name.rule)))

    def _clause_opening(self, token: int) -> bool:
        """A word that opens a clause: after ",", ";", ":", a dash, or one of them and "and" / "but"."""
        doc = self.doc
        before = self._previous_word(token)
        if before >= self.s0 and doc.lower[before] in ("and", "but", "yet", "while", "whereas"):
            before = self._previous_word(before)
        return before >= self.s0 and doc.orth[before] in (",", ";", ":", "—", "–", "-")

    def _is_question(self) -> bool:
        return "?" in self.doc.orth[self.s0:self.s1]

    def _answer(self) -> None:
        """A question that ranks without naming ("Which stock did best?", "And the worst?") is answered
        by the first company the next sentence names ("A: Tesla. It rose 14.2%")."""
        pending, self.state.question_rank = self.state.question_rank, None
        if pending is None:
            return
        if self._is_question():
            # "which was the most volatile? and the drawdowns?": a follow-up that names only a measure asks the
            # same superlative of it; the pending rank waits for the answer
            if not any(n.ticker for n in self.mentions) and not any(c.label.startswith(RANK_PREFIX) or c.label.startswith("SUP_")
                                                                    for c in self.cues):
                self.state.question_rank = pending
                measure = next((ELLIPTIC_RANKS.get((c.label, pending[0])) for c in self.cues if c.label in ("DD", "VOL") and id(c) not in self.muted), None)
                if measure and measure != pending[0] and measure not in self.state.question_more:
                    self.state.question_more.append(measure)
            else:
                self.state.question_more = []
            return
        more, self.state.question_more = self.state.question_more, []
        names = [n for n in self.mentions if n.ticker]
        if not names:
            return
        rank, rules = pending
        name = names[0]
        self.state.last_rank, self.state.last_rank_at = rank, self.doc.char_span(self.s0, self.s0 + 1)[0]
        start, end = self.doc.char_span(name.start, name.end)
        self.out.append(self._claim(name.ticker, "rank", rank, start, end, rules=rules + ("subject.answer", name.rule)))
        if more and not self.r.words("answer_all_words").isdisjoint(self.doc.lower[name.end:self.s1]):
            for extra in more:  # "BCP on both counts": the answer's name takes the follow-up's rank too
                self.out.append(self._claim(name.ticker, "rank", extra, start, end, rules=rules + ("subject.answer_all", name.rule)))

    def _price_extreme(self, cue: Cue) -> bool:
        """"It hit the bottom at $198.79", "the top of €5.15": an extreme noun right before the price it
        names is the stock's own high or low (the price cues read it), no place in a ranking; so is one
        inside a drawdown's phrase ("18.8% from top to bottom")."""
        doc = self.doc
        if doc.lower[cue.end - 1] not in self.r.words("local_extreme_nouns"):
            return False
        if any(c.label == "DD" and c.start <= cue.start and cue.end <= c.end and c is not cue for c in self.cues):
            return True
        link = self._next_word(cue.end)
        if link >= self.s1 or doc.lower[link] not in ("at", "of", "near"):
            return False
        figure = doc.figure_at.get(self._next_word(link + 1))
        return figure is not None and figure.kind == "price"

    def _own_extreme_key(self, cue: Cue, rank: str) -> bool:
        """"- Nvidia — best day: 2026-08-04", '"best_day": "2026-08-04"': a day's superlative used as a key,
        after the company it describes and before a date or figure, is that company's own extreme, no
        ranking. With no company before it ("Biggest one-day drop: -6.1% (TSLA)") the key ranks."""
        if rank not in ("largest_daily_gain", "largest_daily_fall"):
            return False
        doc = self.doc
        colon = next((i for i in range(cue.end, min(self.s1, cue.end + 6)) if doc.orth[i] in (":", "=")), None)
        if colon is None:  # "EDPR: max drawdown 13.6%; worst day −5.86% (7 Nov)": the label with no colon
            label_end = self._next_word(cue.end)
            while label_end < self.s1 and (doc.lower[label_end] in self.r.words("day_words") or label_end not in doc.figure_at
                                           and label_end > self._next_word(cue.end) and not doc.orth[label_end][:1].isalnum()
                                           and doc.orth[label_end] not in (",", ";", ".", "(", ":", ")", "+", "-", "−", "–")):
                label_end = self._next_word(label_end + 1)  # "worst day 🔴 −4.2%": an emoji between label and figure
            # "1d worst (−) 6.1%": the day word before the superlative, a bracketed sign before the figure
            day_before = any(c.label == "DAILY" and c.end <= cue.start and self._next_word(c.end) == cue.start
                             for c in self.cues)
            if day_before:
                while label_end < self.s1 and doc.orth[label_end] in ("(", ")", "+", "-", "−", "–"):
                    label_end = self._next_word(label_end + 1)
            if (label_end == self._next_word(cue.end) and not day_before) or label_end >= self.s1 \
                    or label_end not in doc.figure_at:
                return False
            colon = label_end - 1
        elif doc.figures_between(cue.end, colon) or doc.names_between(cue.end, colon):
            return False
        value, skipped = self._next_word(colon + 1), 0
        while value < self.s1 and value not in doc.figure_at and skipped < 4 and (
                doc.orth[value] in ('"', "'", "“", "”", "*", "**", "{", "[", ":") or doc.orth[value].isalpha()):
            value, skipped = self._next_word(value + 1), skipped + 1  # '"best_day": "2026-08-04"', "{date: 2026-02-04"
        if value >= self.s1 or not (value in doc.figure_at or any(d.start == value for d in doc.dates)):
            return False
        return self.block_subject is not None or any(n.ticker and n.end <= cue.start for n in self.mentions)

    def _ordinal_before(self, cue: Cue) -> bool:
        doc, before = self.doc, cue.start - 1
        while before >= self.s0 and (not doc.orth[before].strip() or doc.orth[before] == "-"):
            before -= 1
        return before >= self.s0 and doc.lower[before] in self.r.words("ordinals")

    def _possessed(self, cue: Cue) -> bool:
        """"its worst session", "Tesla's best session": the name's own extreme, no ranking."""
        doc = self.doc
        position = cue.start - 1
        while position > self.s0 and (not doc.orth[position].strip() or doc.lower[position] in (
                "single", "very", "own", "one", "by", "far", '"', "“", "”", "'", "‘")
                or doc.lower[position] in self.r.words("number_words")):  # "its two strongest sessions"
            position -= 1
        if position < self.s0:
            return False
        word = doc.lower[position]
        if word in self.r.words("possessives"):
            return True
        # "Tesla's best session" is Tesla's own, and so is "the company's worst day"; "the month's laggard" ranks
        return word in ("'s", "’s") and (any(n.end == position and n.ticker for n in self.mentions) or any(
            c.label in ("DESCRIPTOR", "PRONOUN") and c.end == position for c in self.cues))

    def _superlative(self, cue: Cue) -> tuple[str, str] | None:
        """A superlative's rank: its family from the words after it ("largest drawdown"), before it
        ("volatility was highest"), the sentence's topic, or the figure it qualifies. "At most", "at best"
        are hedges, not superlatives."""
        doc = self.doc
        before = cue.start - 1
        while before >= self.s0 and (not doc.orth[before].strip() or doc.orth[before] == "-"):
            before -= 1
        if before >= self.s0 and (doc.lower[before] == "at" or doc.lower[before] in self.r.words("ordinals")):
            return None  # "at most", "the second-best performer"
        count = self._next_word(cue.end)
        if count < self.s1 and cue.end - cue.start == 1 and doc.lower[cue.start] in ("top", "bottom", "best", "worst") and (
                (doc.orth[count].isdigit() and int(doc.orth[count]) >= 2) or (word_number(doc.lower[count]) or 0) >= 2):
            return None  # "# top 3 by x", "best five": a part of the field, no one's rank
        if doc.lower[cue.end - 1] in ("most", "least") and self._next_word(cue.end) < self.s1 \
                and doc.lower[self._next_word(cue.end)] == "of" and not (before >= self.s0 and doc.lower[before] == "the"):
            return None  # "giving up most of July's gains": a quantity, not a superlative ("the most of any stock" ranks)
        after = [c for c in self.cues if cue.end <= c.start and doc.words_between(cue.end, c.start) <= 3
                 and not doc.breaks_between(cue.end, c.start) and not doc.commas_between(cue.end, c.start)
                 and not self._ticker_between(cue.end, c.start) and id(c) not in self.muted]
        if any(c.label == "PLURAL_PERFORMER" and doc.words_between(cue.end, c.start) <= 2 for c in after):
            return None
        if self._subgroup_after(cue.end):
            return None
        if any(c.label in ("LEVEL", "START", "END") and c.start - cue.end <= 2 and doc.lower[c.start] in self.r.words("price_nouns") for c in after):
            return None
        if self._count_superlative(cue.end):
            return None  # "Most up days: Meta (12 of 20)": a count's superlative, which the vocabulary does not rank
        if any(c.label == "SPREAD" and c.end <= cue.start and doc.words_between(c.end, cue.start) <= 6
               and not doc.breaks_between(c.end, cue.start) and not doc.figures_between(c.end, cue.start) for c in self.cues):
            return None  # "the gap between the best and the worst was 23.4 points": the ends of a spread rank no one
        family, sign = None, 0
        for c in after:
            if c.label in ("VOL", "DD"):
                family = c.label
                break
            if c.label == "DAILY":
                family = "DAILY"
                sign = self._nearby_sign(c, after)
                following = self._next_word(c.end)
                if following < self.s1 and doc.lower[following] == "for" and any(
                        n.ticker and n.start == self._next_word(following + 1) for n in self.mentions):
                    return None  # "Best day for BCP — +2.47%": that name's own best day, no one's rank
                break
        if family is None:
            for c in after:
                if c.label in ("UP_NOUN", "DOWN_NOUN"):
                    family = "UP" if c.label == "UP_NOUN" else "DOWN"
                    break
                if c.label == "PERFORMER":
                    if doc.lower[c.start] in self.r.words("weight_members") and \
                            doc.lower[cue.end - 1] in self.r.words("weight_superlatives"):
                        return None  # "our top holding": a weight, no rank
                    family = "RETURN_NOUN" if doc.lower[c.start] in self.r.words("return_nouns") else "RETURN"
                    break
        if family in ("UP", "DOWN") and cue.label == "SUP_MIN" and any(c.label == "PLURAL_PERFORMER" for c in self.cues):
            return None  # "Among the decliners, Tesla had the smallest loss": the least of a subgroup ranks no one
        if family in ("UP", "DOWN") and (self._dated_after(cue) or self._after_day_key(cue) or self._after_dated_move(cue)
                                         or self._possessed_date_before(cue)):
            family, sign = "DAILY", 1 if family == "UP" else -1  # "the biggest fall was AMD's 7.0% drop on Aug 5"
        elif family in ("UP", "DOWN") and self._dated_after(cue, after_name=True) and not self._scoped(cue):
            return None  # "Amazon fell ..., with the sharpest drop (-5.55%) coming on February 6": its own worst day
        if family is None:
            for c in reversed(self.cues):
                if c.end <= cue.start and c.label in ("VOL", "DD") and doc.words_between(c.end, cue.start) <= 3 \
                        and not doc.breaks_between(c.end, cue.start) and id(c) not in self.muted:
                    family = c.label
                    break
                if c.end <= cue.start and c.label == "DAILY" and self._next_word(c.end) == cue.start \
                        and id(c) not in self.muted:
                    family = "DAILY"  # "1d best +7.7%", "daily worst": the day word as the label's head
                    break
        if family is None:
            family = self._apposed_family(cue)
        if family is None:
            topic = self._topic()
            for topic in self._topic():
                if topic.end <= cue.start:
                    family = topic.label
        if family is None and cue.label in ("SUP_BEST", "SUP_WORST") and self._bare_rank(cue):
            family = "RETURN"
        if family is None:
            return None
        if family == "DAILY" and cue.label in ("SUP_BEST", "SUP_WORST"):
            sign = 0
        elif family == "DAILY" and not sign:
            # "Biggest single day: AMD +13.0%": the signed figure the label names says which way
            named = next((f for f in self.figures if f.token >= cue.end and f.kind == "pct"), None)
            if named is not None and named.quantity.signed and doc.words_between(cue.end, named.token) <= 6:
                sign = named.quantity.signed
            elif self._scoped(cue):
                # "a 15.32% surge on July 31, the largest single-day move in the group": the figure the
                # superlative stands in apposition to, scoped over the group, says which way
                before = [f for f in self.figures if f.token < cue.start and f.kind == "pct"
                          and not doc.breaks_between(f.token, cue.start) and doc.words_between(f.token, cue.start) <= 8]
                if before:
                    reading = self.r.read_figure(doc, before[-1], self.cues, self._topic(), self.s0, self.s1, self.muted)
                    sign = before[-1].quantity.signed or reading.get("sign", 0)
        rule = self.r.ranks.get((cue.label, family, sign)) or self.r.ranks.get((cue.label, family, 0))
        if rule is None and family == "RETURN_NOUN":
            rule = self.r.ranks.get((cue.label, "RETURN", 0))
        return (rule.rank, rule.id) if rule else None

    def _apposed_family(self, cue: Cue) -> str | None:
        """A bare superlative set after a figure by a comma or a dash ("a 19.6% peak-to-trough slide — easily the
        worst on the page", "volatility of 56%, the highest") ranks what that figure measures: the family is
        the figure's metric as its own words read it, when that metric is no period return (a return's
        superlative is the topic's or the bare rank's, as before)."""
        doc = self.doc
        before = [f for f in self.figures if f.token < cue.start and f.kind == "pct"
                  and doc.words_between(f.token + 1, cue.start) <= 6 and not doc.figures_between(f.token + 1, cue.start)
                  and not doc.names_between(f.token + 1, cue.start)
                  and any(doc.orth[i] in self.r.words("apposition_marks") for i in range(f.token + 1, cue.start))]
        if not before:
            return None
        reading = self.r.read_figure(doc, before[-1], self.cues, self._topic(), self.s0, self.s1, self.muted)
        return {"max_drawdown": "DD", "volatility": "VOL"}.get(reading.get("metric"))

    def _subgroup_after(self, end: int) -> bool:
        """Rank grammar: "the weakest of the nine risers", "the best among the banks": a superlative over a
        sub-group of the universe (README convention 21) ranks nobody; "the best of the ten (names)" ranks."""
        doc, words = self.doc, []
        position = self._next_word(end)
        while position < self.s1 and len(words) < 4:
            words.append(doc.lower[position])
            position = self._next_word(position + 1)
        if not words or words[0] not in ("of", "among", "amongst"):
            return False
        rest = [w for w in words[1:] if w not in ("the", "our", "your", "its", "all") and not word_number(w) and not w.isdigit()]
        return bool(rest) and rest[0] in self.r.words("subgroup_nouns")

    def _count_superlative(self, token: int) -> bool:
        """Whether the two words after a superlative name a count of sessions by the header lexicon ("most up
        days", "most sessions down", "fewest red days"): a plural count, where "biggest up day" is one move."""
        doc, words, position = self.doc, [], self._next_word(token)
        while position < self.s1 and len(words) < 2 and doc.orth[position].strip().isalpha():
            words.append(doc.lower[position])
            position = self._next_word(position + 1)
        if len(words) < 2 or not ({"days", "sessions"} & set(words)):
            return False
        rule = self.r.header_rule(" ".join(words), self.month)
        return rule is not None and rule.metric in ("up_days", "down_days", "up_down_days")

    def _ticker_between(self, left: int, right: int) -> bool:
        """A company named between two tokens; a market's name ("best PSI performer") is none."""
        return any(n.ticker and left <= n.start and n.end <= right for n in self.mentions)

    def _dated_after(self, cue: Cue, words: int = 12, after_name: bool = False) -> bool:
        """A session's date follows a superlative that opens its sentence, before any name: the move it
        ranks is one day's ("The biggest fall was AMD's 7.0% drop on Aug 5"). After a name ("Amazon rose
        12%, with the biggest move a 10.1% gain on July 23") it is that name's own best day, no rank
        (`after_name`: whether such a date follows a superlative said after a name)."""
        doc = self.doc
        if bool(doc.names_between(self.s0, cue.start)) != after_name:
            return False
        return any(c.label == "DATE" and c.start >= cue.end and doc.words_between(cue.end, c.start) <= words
                   and not doc.breaks_between(cue.end, c.start) for c in self.cues)

    def _after_day_key(self, cue: Cue) -> bool:
        """"wd=-6.13% on 01-30, the last session → largest fall of the three": a rise or fall superlative after a
        figure keyed as one day's move (bd=, wd=, "worst day:") ranks that day, not the month."""
        before = [f for f in self.figures if f.token < cue.start and not self.doc.breaks_between(f.token, cue.start)
                  and self.doc.words_between(f.token, cue.start) <= 10]
        if not before:
            return False
        key = self._key_rule(before[-1])
        return key is not None and key.metric == "daily_move"

    def _possessed_date_before(self, cue: Cue) -> bool:
        """"BCP's 05/02 is the largest fall", "Galp's 9 December was the worst drop": a company's date as the
        subject of a rise or fall superlative is one session of that company, so the superlative ranks the day."""
        doc = self.doc
        position = self._previous_word(cue.start)
        while position >= self.s0 and doc.lower[position] in ("the", "a", "its", "single", "one", "also", "is", "was", "were"):
            position = self._previous_word(position)
        dates = [c for c in doc.dates if c.value and c.end - 1 <= position and c.end - 1 >= position - 1]
        if not dates:
            return False
        owner = self._previous_word(dates[0].start)
        return owner >= self.s0 and doc.lower[owner] in ("'s", "’s")

    def _after_dated_move(self, cue: Cue) -> bool:
        """"The séance of 27 August, +8,7 %, is the strongest rise of the basket", "Worst séance on 5 February:
        −3,65 %, the sharpest fall of the cote": a rise or fall superlative in apposition to a figure read as
        one session's move ranks that session, not the month."""
        doc = self.doc
        before = [f for f in self.figures if f.token < cue.start and f.kind == "pct" and not doc.breaks_between(f.token, cue.start)
                  and doc.words_between(f.token, cue.start) <= 6]
        if not before or self._ticker_between(before[-1].token, cue.start):
            return False
        reading = self.r.read_figure(doc, before[-1], self.cues, self._topic(), self.s0, self.s1, self.muted)
        return reading.get("metric") == "daily_move"

    def _nearby_sign(self, day: Cue, after: list[Cue]) -> int:
        doc = self.doc
        for c in self.cues:
            if c.label in SIGN_LABELS and abs(c.start - day.end) <= 3 and not doc.breaks_between(min(c.start, day.end), max(c.start, day.end)):
                return 1 if c.label in ("UP", "UP_NOUN") else -1
        return 0

    def _bare_rank(self, cue: Cue) -> bool:
        """"best" with no noun ranks only where it stands alone (", best,", "best in group", "the best.")."""
        doc = self.doc
        nxt = self._next_word(cue.end)
        if nxt >= self.s1:
            return True
        if self._label_name(cue) is not None:
            return True  # "TOP BCP   BOTTOM EDPR": a terminal's label before its name
        word = doc.lower[nxt]
        if word in (",", ".", ";", ":", "(", ")", "—", "–", "!", "?", "|", "…") or nxt in doc.figure_at:
            return True
        previous = [w for w in doc.lower[max(self.s0, cue.start - 2):cue.start] if w.strip()]
        if previous and previous[-1] == "the" and word in self.r.words("function_words"):
            return True
        if word in self.r.words("group_qualifiers"):
            rest = [w for w in doc.lower[nxt + 1:min(self.s1, nxt + 7)] if w.strip()]
            groups = self.r.words("group_nouns") | self.r.words("plural_performers")
            return any(w in groups or _counted_group(rest, i) for i, w in enumerate(rest[:5]))
        return False

    def _scoped(self, cue: Cue) -> bool:
        """A group scope a few words after a superlative: "... move in the group", "... of the ten"."""
        doc = self.doc
        rest = [w for w in doc.lower[cue.end:min(self.s1, cue.end + 10)] if w.strip()]
        for index, word in enumerate(rest[:6]):
            if word in self.r.words("group_qualifiers"):
                groups = (self.r.words("group_nouns") | self.r.words("plural_performers")) - self.r.words("own_period_words")
                return any(w in groups or _counted_group(rest, i) for i, w in enumerate(rest[index + 1:index + 4], index + 1))  # "of the month" is a time, no group
            if word in (",", ".", ";", ":"):
                return False
        return False

    def _place_rank(self, cue: Cue) -> str | None:
        """"ranked tenth of ten": place 1 is the best return, the place that is the count the worst."""
        ordinals = [w for w in self.doc.lower[cue.start:cue.end] if w in self.r.words("place_ordinals")]
        if not ordinals:
            return None
        order = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"]
        word = ordinals[0]
        number = order.index(word) + 1 if word in order else int(word[:-2]) if word[:-2].isdigit() else None
        last = self.doc.lower[cue.end - 1]
        count = int(last) if last.isdigit() else _count_word(last)
        if number is None or count is None:
            return None
        return "best_return" if number == 1 else "worst_return" if number == count and count >= 3 else None

    def _label_name(self, cue: Cue) -> Name | None:
        """Rank grammar: an upper-case or vowel-less rank label written right before a company ("TOP BCP",
        "BOTTOM EDPR", "HI VOL EDP" on a desk terminal, "ldr GALP · lggd ALTR") ranks that company, not the
        one before it."""
        doc = self.doc
        letters = [w for w in doc.orth[cue.start:cue.end] if w[:1].isalpha()]
        # upper case ("TOP", "HI VOL"), or a desk abbreviation that drops its vowels ("ldr GALP", "lggd ALTR")
        if not letters or not all((w.isupper() and len(w) >= 2) or not set(w.lower()) & set("aeiouy") for w in letters):
            return None
        name = self._name_starting(self._next_word(cue.end))
        return name if name is not None and name.ticker else None

    def _peer_extreme(self, cue: Cue) -> str | None:
        """', the highest in the group' after a figure ranks that figure's family."""
        previous = [f for f in self.figures if f.token < cue.start and not self.doc.breaks_between(f.token, cue.start)]
        if not previous:
            return None
        if cue.rule.startswith("rank.arrowed."):
            after = self._next_word(cue.end)
            if any(c.start == after and c.label in ("VOL", "DD", "DAILY", "UP_NOUN", "DOWN_NOUN", "PERFORMER") for c in self.cues):
                return None  # "r=+5.1% → highest vol of the three": the superlative names its own measure
        figure = previous[-1]
        reading = self.r.read_figure(self.doc, figure, self.cues, self._topic(), self.s0, self.s1, self.muted)
        # "vol 30.1 (max)", "hv=30.1 (max)", "mdd=5.73 ← max": the figure's key (a delimited terse line's key
        # cell, a notebook's key=value) says the family
        key = self._key_rule(figure)
        if key is not None and key.metric:
            self._offer_key(reading, key, figure)
        metric = reading.get("metric", "period_return" if figure.kind == "pct" else None)
        high = cue.label == "PEER_EXTREME_HIGH"
        sign = figure.quantity.signed or reading.get("sign", 0)
        if metric == "daily_move":  # "bd=+7.71% (max)", "wd=-3.81% ← min": the day's extreme of its sign
            return "largest_daily_fall" if sign < 0 else "largest_daily_gain" if sign > 0 and high else None
        if metric != "period_return" and not self.r.words("notation_best_worst").isdisjoint(self.doc.lower[cue.start:cue.end]):
            return None  # "(best)" ranks a return; a volatility's "best" could be either end
        if metric == "period_return" and high and sign < 0 and not self._key_rule(figure):
            return "worst_return"  # "shed 9.1%, the most of any name": the largest fall is the worst return
        return {"volatility": ("most_volatile", "least_volatile"), "period_return": ("best_return", "worst_return"),
                "max_drawdown": ("largest_drawdown", None)}.get(metric, (None, None))[0 if high else 1]

    def _qualifies(self, name: Name) -> bool:
        """"in the index", "of the PSI": a market named after a group word, its determiner skipped."""
        if name.start <= self.s0:
            return False
        before = self._previous_word(name.start)
        if self.doc.lower[before] in ("the", "its", "our", "this") and before > self.s0:
            before = self._previous_word(before)
        return self.doc.lower[before] in self.r.words("group_qualifiers")

    def _shared_superlative(self, cue: Cue) -> list[tuple[str, str]]:
        """Rank grammar: "Its drawdown (21.8%) and volatility (roughly 86%) were both the highest of the group",
        "AMD's volatility and drawdown were each the largest": one superlative after "both" / "each" shared by
        the measures the clause before it coordinates is each measure's rank."""
        doc = self.doc
        before = self._previous_word(cue.start)
        if before >= self.s0 and doc.lower[before] == "the":
            before = self._previous_word(before)
        if before < self.s0 or doc.lower[before] not in ("both", "each", "all"):
            return []
        families = []
        for c in self.cues:
            if c.end <= before and c.label in ("VOL", "DD") and id(c) not in self.muted and not doc.breaks_between(c.end, cue.start) \
                    and not any(doc.orth[i] in (";", ".") for i in range(c.end, before)) and c.label not in families:
                families.append(c.label)
        if len(families) < 2:
            return []
        out = []
        for family in families:
            rule = self.r.ranks.get((cue.label, family, 0))
            if rule is not None:
                out.append((rule.rank, rule.id))
        return out if len(out) >= 2 else []

    def _figure_apposition(self, cue: Cue) -> tuple[Name, ...] | None:
        """Rank grammar: "A 7.0% jump on Aug. 4, then a 7.0% drop the very next day — the worst session any of
        the ten had": in a sentence that names no one, a superlative in apposition to a figure (a dash or a
        comma between, a few words at most) ranks the company that figure went to."""
        doc = self.doc
        start = doc.starts[cue.start]
        before = [c for c in self.out if c.ticker and c.metric in ("daily_move", "period_return", "volatility", "max_drawdown")
                  and doc.starts[self.s0] <= c.start and c.end <= start]
        if not before:
            return None
        last = max(before, key=lambda c: c.end)
        gap = doc.text[last.end:start]
        if len(gap.split()) > 9 or not re.search(r"[,—–]", gap) or re.search(r"[.;]", gap):
            return None
        return (Name(last.ticker, cue.start, cue.start, "subject.figure_apposition"),)

    def _rank_owner(self, cue: Cue) -> tuple[Name, ...] | None:
        doc = self.doc
        # "the best performer was NVDA", "Best performer: AMZN", "the highest volatility belonged to AMD"
        family = {i for c in self.cues if c.label in ("VOL", "DD", "DAILY", "PERFORMER", "UP_NOUN", "DOWN_NOUN", "EXTREME")
                  for i in range(c.start, c.end)}
        labelled = self._label_name(cue)
        if labelled is not None:
            return self.group_of(labelled)
        if doc.orth[cue.start] == "(" and self._previous_word(cue.start) in doc.figure_at:
            # "NOS +17.05 (1st), GALP +9.30": a bracketed position after a figure is the figure's name's
            before = self._previous_word(self._previous_word(cue.start))
            while before > self.s0 and doc.orth[before] in ("+", "-", "−", "–", ":"):
                before = self._previous_word(before)
            named = next((n for n in self.mentions if n.ticker and n.end - 1 == before), None)
            if named is not None:
                return self.group_of(named)
        sign = self._next_word(cue.end)
        if sign < self.s1 and doc.orth[sign] in ("=", ":", "→", "->", "=>"):  # "best=amd  worst: tsla": the key's value
            named = self._name_starting(self._next_word(sign + 1))
            if named is not None and named.ticker:
                return self.group_of(named)
        previous = self._previous_word(cue.start)
        if previous >= self.s0:  # "TL;DR Galp worst stock of the month, BCP best": the name right before it
            named = next((n for n in self.mentions if n.ticker and n.end - 1 == previous), None)
            if named is not None:
                return self.group_of(named)
        position, words = cue.end, 0
        if doc.breaks_between(cue.start, cue.end) or doc.orth[cue.end - 1] in (",", ".", ";"):
            position = self.s1  # ", tops;": the rank closes its clause; a name after it is the next one's
        crossed = False
        while position < self.s1 and words <= 6:
            name = self._name_starting(position)
            if name is not None and name.ticker is None and (
                    (name.end < self.s1 and name.end in family) or self._qualifies(name)):
                position = name.end  # "best PSI performer", "the best performance in the index": the group, no owner
                continue
            if name is not None:
                if crossed:  # "AMD had the deepest drawdown, Tesla trailed": past a comma a name before the cue owns it
                    return subjects.clause_subject(self, cue.start, {}) or self.group_of(name)
                return self.group_of(name)
            word = doc.lower[position]
            crossed = crossed or word == ","
            if word.strip() and position not in family and word not in self.r.words("rank_to_next") and word not in self.r.words("rank_fillers"):
                break
            if word[:1].isalnum():
                words += 1
            position += 1
        found = subjects.clause_subject(self, cue.start, {})
        if found:
            return found
        for finder in (subjects.carried, subjects.sentence_subject, subjects.block):
            found = finder(self, cue.start, {})
            if found:
                return found
        found = subjects.following(self, cue.end, {}) or subjects.story(self, cue.start, {})
        if not found and not self.mentions:
            found = self._figure_apposition(cue)
        if found or self.mentions or self.figures and not self._over_peers(cue) or self.state.topic is None:
            return found  # "Bottom 3 (worst first)": a rank over a count of names is a heading, no one's
        # "Galp rose 14%. Best of the bunch.", "the winner, not close": a rank that opens a sentence naming
        # no one ranks the one company the sentence before named; a label with nothing after its colon
        # ("**The Laggard:**") heads what follows, no rank (round ten case 2)
        colon = self._next_word(cue.end)
        if colon < self.s1 and doc.orth[colon] == ":" and not any(doc.orth[i].strip("*_ \n") for i in range(colon + 1, self.s1)):
            return None
        lead = self._next_word(self.s0)
        fillers = self.r.words("discourse_fillers")  # "So, yeah, best of the group."
        while lead < cue.start and (doc.orth[lead] in ("*", "-", "•", ">", "—", "–") or doc.lower[lead] in ("the", "a", "o")
                                    or doc.lower[lead] in fillers or not doc.orth[lead][:1].isalnum()):
            lead = self._next_word(lead + 1)
        return (Name(self.state.topic, cue.start, cue.start, "subject.topic"),) if lead >= cue.start else None

    def _over_peers(self, cue: Cue) -> bool:
        """"Steadiest of the three (28.4% vol)": a rank said over the peers ranks a company, whatever
        figures its sentence gives (not "Best day: +7.71%", the company's own extreme)."""
        doc = self.doc
        at = self._next_word(cue.end)
        if at >= self.s1 or doc.lower[at] != "of":
            return False
        at = self._next_word(at + 1)
        return any(c.label == "QUANTIFIER" and c.start == at and id(c) not in self.muted for c in self.cues) or (
            doc.lower[at] == "the" and self._next_word(at + 1) < self.s1
            and doc.lower[self._next_word(at + 1)] in self.r.words("peer_groups") | self.r.words("peer_groups_bare"))

    # ----------------------------------------------------------------- directions
    def _bare_direction(self) -> None:
        """A sentence without figures that is a direction in one word, after its name or alone under the
        question's or block's name: "Down, modestly.", "REN red too.", "Meta: flat"."""
        doc = self.doc
        if self.figures or any(c.metric == "direction" for c in self.out):
            return
        words = [i for i in range(self.s0, self.s1) if doc.orth[i].strip() and doc.orth[i] not in ("*", "-", "•", ":")]
        if not words:
            return
        owner, first = None, 0
        lead = self._name_starting(words[0])
        if lead is not None and lead.ticker:
            owner = lead
            first = next((k for k, i in enumerate(words) if i >= lead.end), len(words))
        elif not self.mentions and self.block_subject is not None and self.block_subject.ticker:
            owner = self.block_subject
        if owner is None or first >= len(words):
            return
        word = doc.lower[words[first]]
        following = doc.lower[words[first + 1]] if first + 1 < len(words) else "."
        value = next((v for v, name in (("up", "bare_up"), ("down", "bare_down"), ("flat", "bare_flat"))
                      if word in self.r.words(name)), None)
        if value is None or following not in self.r.words("bare_direction_enders"):
            return
        start, end = doc.char_span(words[first], words[first] + 1)
        self.out.append(self._claim(owner.ticker, "direction", value, start, end, rules=("direction.bare", owner.rule)))

    def _directions(self, figure_claims: list[Claim]) -> None:
        # a move or a price path makes a direction word redundant; a drawdown, a volatility or a count does not
        moved = {c.ticker for c in figure_claims if c.metric not in ("max_drawdown", "volatility", "up_days", "down_days")}
        values = {"DIRECTION_UP": "up", "DIRECTION_DOWN": "down", "DIRECTION_FLAT": "flat"}
        for cue in self.cues:
            if cue.label not in values or id(cue) in self.muted:
                continue
            inside = [n for n in self.mentions if cue.start <= n.start < cue.end]
            owner = (inside[-1],) if inside else self._owner(cue.start, cue.end)
            if not owner or self._other_quantity_moved(owner[-1], cue) or self._fronted_other_period(cue):
                continue
            start, end = self.doc.char_span(cue.start, cue.end)
            for name in owner:
                if name.ticker and name.ticker not in moved and not any(
                        c.ticker == name.ticker and c.metric == "direction" for c in self.out):
                    self.out.append(self._claim(name.ticker, "direction", values[cue.label], start, end, rules=(cue.rule, "subject.owner", name.rule)))

    def _other_quantity_moved(self, owner: Name, cue: Cue) -> bool:
        """"Nvidia's volatility was lower", "Meta's swings were smaller", "its volume fell": the direction word
        belongs to a quantity of the company named just before it (the lexicon's `non_price_heads`), not to
        its price, so it states no direction of the stock."""
        if not owner.end <= cue.start <= owner.end + 4:
            return False
        heads = self.r.words("non_price_heads")
        return any(self.doc.lower[i] in heads for i in range(owner.end, cue.start))

    # ----------------------------------------------------------------- relations
    def _behind_leader(self) -> None:
        """"NOS and Sonae weren't far behind", "REN followed closely": after the leader is named, the names
        of the clause are behind it."""
        leader = self.state.leader
        if leader is None:
            return
        for cue in self.cues:
            if cue.label != "BEHIND_LEADER" or id(cue) in self.muted:
                continue
            left = subjects.clause_subject(self, cue.start, {}) or subjects.carried(self, cue.start, {})
            if not left:
                continue
            start, end = self.doc.char_span(min(left[0].start, cue.start), cue.end - 1)
            for name in left:
                if name.ticker and name.ticker != leader:
                    self.out.append(self._claim(leader, "outperformed", name.ticker, start, end,
                                                rules=(cue.rule, "subject.leader", name.rule)))

    def _followed_by(self) -> None:
        """Rank grammar: "AMD was the best performer, followed closely by Amazon", "Galp led, followed by NOS
        (8.4%) and Sonae (8.1%)": where the clause's subject is the leader (the company ranked best_return),
        each name after "followed by" (a list joined by commas or "and", bracketed figures between) is
        behind it. Any other subject is left alone: in a list of fallers the first is the worst."""
        leader = self.state.leader
        if leader is None:
            return
        doc = self.doc
        for cue in self.cues:
            if cue.label != "FOLLOWED_BY" or id(cue) in self.muted:
                continue
            left = subjects.clause_subject(self, cue.start, {}) or subjects.carried(self, cue.start, {})
            if not left or len(left) != 1 or left[0].ticker != leader:
                continue
            behind, after = [], cue.end
            for name in self.mentions:
                if name.start < after or not name.ticker:
                    continue
                between = [w for w in doc.lower[after:name.start] if w.strip()]
                if doc.breaks_between(after, name.start) or any(w in (";", ".", ":", "while", "but", "whereas") for w in between):
                    break
                if behind and not any(w in (",", "and", "&") for w in between):
                    break
                if len(between) > (3 if not behind else 8):
                    break
                behind.append(name)
                after = name.end
            for name in behind:
                if name.ticker != leader:
                    start, end = doc.char_span(cue.start, name.end)
                    self.out.append(self._claim(leader, "outperformed", name.ticker, start, end,
                                                rules=(cue.rule, "subject.leader", name.rule)))

    def _relations(self) -> None:
        doc = self.doc
        self._behind_leader()
        self._followed_by()
        followed = [(c.start, c.end) for c in self.cues if c.label == "FOLLOWED_BY"]
        for cue in self.cues:
            if cue.label not in RELATION_LABELS or id(cue) in self.muted:
                continue
            if any(a <= cue.start < b for a, b in followed):
                continue  # "closely trailed by Nvidia": the passive of following, read by _followed_by
            right, after = None, cue.end
            spread = self._next_word(cue.end)
            if spread < self.s1 and doc.orth[spread] == ".":
                spread = self._next_word(spread + 1)
            if spread < self.s1 and spread in doc.figure_at and doc.lower[self._next_word(spread + 1)] in self.r.words("versus_words"):
                after = self._next_word(spread + 1) + 1  # "outperf. +0.3pp vs AMZN": the spread, then the other name
            for name in self.mentions:
                if name.start >= after and doc.words_between(after, name.start) <= 3 and not doc.breaks_between(after, name.start) \
                        and not doc.figures_between(after, name.start):
                    right = self.group_of(name)
                    break
            left = self._quantified(cue)
            if right is None and left is None:
                right = self._quantified_object(cue)
            if right is None:
                right = self._descriptor_object(cue)  # "had a better month than its parent", "beat the lender"
            pronoun = self._next_word(cue.end)
            bare = cue.rule == "relation.outperformed.bare"  # "but AMD held up better:": the pair's other side unsaid
            if right is None and not bare and not (pronoun < self.s1 and doc.lower[pronoun] == "it"):
                continue
            if left is None and self._pronoun_before(cue.start):
                left = subjects.carried(self, cue.start, {})  # "…, so it underperformed Amazon": the pronoun is the subject
            if left is None:
                left = subjects.clause_subject(self, cue.start, {}) or subjects.carried(self, cue.start, {}) or subjects.block(self, cue.start, {}) \
                    or subjects.sentence_subject(self, cue.start, {})  # "TSLA (−) 1.7%; underperf. AMZN by ~740bp"
            if not left:
                continue
            if right is None:
                right = self._pronoun_object(cue, cue.end - 1 if bare else pronoun, left)  # "Sonae rose 8.1%; NOS edged it."
                if right is None:
                    continue
            winners, losers = (left, right) if cue.label == "OUTPERF" else (right, left)
            start = doc.starts[min(left[0].start, cue.start)] if left[0].end > left[0].start else doc.starts[cue.start]
            end = doc.ends[right[-1].end - 1]
            for winner in winners:
                for loser in losers:
                    if winner.ticker and loser.ticker and winner.ticker != loser.ticker:
                        self.out.append(self._claim(winner.ticker, "outperformed", loser.ticker, start, end,
                                                    rules=(cue.rule, "subject.relation")))

    def _pronoun_object(self, cue: Cue, at: int, left: tuple[Name, ...]) -> tuple[Name, ...] | None:
        """"it" as a relation's object is the company named last before the relation that is not its subject."""
        before = [n.ticker for n in self.mentions if n.ticker and n.end <= cue.start]
        named = [t for t in self.state.named if t not in before] + list(dict.fromkeys(before))
        others = [t for t in named if t not in {n.ticker for n in left}]
        return (Name(others[-1], at, at + 1, "subject.pronoun_object"),) if others else None

    def _descriptor_object(self, cue: Cue) -> tuple[Name, ...] | None:
        """A relation whose object is a descriptor that fits one company ("than its parent", "beat the
        renewables arm", "lagged the lender"): that company (the universe's `descriptors`), never a
        descriptor that fits none ("the stock")."""
        for d in self.cues:
            if d.label == "DESCRIPTOR" and d.start >= cue.end and self.doc.words_between(cue.end, d.start) <= 1 \
                    and id(d) not in self.muted and d.end - d.start > 1:
                fitting = subjects.descriptor_fits(self.doc, d)
                if not fitting:
                    return None
                found = subjects.carried(self, d.end - 1, {})
                return found if found and found[0].ticker in fitting else None
        return None

    def _pronoun_before(self, start: int) -> bool:
        """A subject pronoun right before a verb ("so it underperformed"), adverbs between allowed."""
        position = self._previous_word(start)
        while position > self.s0 and self.doc.lower[position].endswith("ly"):
            position = self._previous_word(position)
        return self.doc.lower[position] in self.r.words("subject_pronouns") and any(
            c.label == "PRONOUN" and c.start == position for c in self.cues)

    def _quantified_object(self, cue: Cue) -> tuple[Name, ...] | None:
        """"Netflix beat all three", "Tesla comfortably beat the other two": the last names the text
        named before, the relation's subject left out."""
        doc = self.doc
        for q in self.cues:
            if q.label != "QUANTIFIER" or q.start < cue.end or doc.words_between(cue.end, q.start) > 2 \
                    or doc.breaks_between(cue.end, q.start):
                continue
            subject = subjects.clause_subject(self, cue.start, {}) or subjects.carried(self, cue.start, {})
            left = {n.ticker for n in subject or ()}
            before = [n.ticker for n in self.mentions if n.ticker and n.end <= cue.start]
            named = [t for t in self.state.named if t not in before] + list(dict.fromkeys(before))
            named = [t for t in named if t not in left]
            words = doc.lower[q.start:q.end]
            count = 2 if "both" in words or "two" in words else next((word_number(w) for w in words if word_number(w)), 0)
            # "left it well behind the other two": the names of the cell's panel, where enough are named, not
            # an aside's name from outside it ("Apple, by comparison, rose about 2%")
            panel = [t for t in named if t in doc.panel]
            chosen = (panel if len(panel) >= count else named)[-count:] if count else named
            if not chosen or (count and len(chosen) < count):
                return None
            return tuple(Name(t, q.start, q.end, q.rule) for t in chosen)
        return None

    def _quantified(self, cue: Cue) -> tuple[Name, ...] | None:
        """"both underperformed X": the last two names before; "all three": the last three; "each": all."""
        doc = self.doc
        for q in self.cues:
            if q.label == "QUANTIFIER" and q.end <= cue.start and doc.words_between(q.end, cue.start) <= 2:
                words = doc.lower[q.start:q.end]
                named: dict[str, Name] = {}
                for name in self.mentions:
                    if name.end <= q.start and name.ticker:
                        named.setdefault(name.ticker, name)
                names = list(named.values())
                count = 2 if "both" in words or "two" in words else next(
                    (word_number(w) for w in words if word_number(w)), 0)
                return tuple(names[-count:] if count else names) or None
        return None

    # ----------------------------------------------------------------- causes
    def _causals(self) -> None:
        doc = self.doc
        taken_until = -1
        for cue in self.cues:
            if cue.label == "CAUSAL_KEY" and id(cue) not in self.muted:
                first = self._next_word(cue.end)  # "cause: guidance miss": the value is the cause
                if first >= self.s1:
                    continue
                cue = Cue(cue.label, cue.rule, first, first + 1, cue.value)
            elif cue.label != "CAUSAL" or id(cue) in self.muted or not self._open_connective(cue):
                continue
            else:
                cue = self._connective(cue)
            if cue.start < taken_until:
                continue
            if self._dates_a_move(cue.start):
                continue
            end = self._cause_end(cue)
            # a key's cause explains its item's move; a connective's needs the move before it
            if doc.figures_between(cue.start, end) or cue.label == "CAUSAL" and not self._move_before(cue.start):
                continue
            owner = subjects.clause_subject(self, cue.start, {}) or subjects.carried(self, cue.start, {}) or subjects.block(self, cue.start, {})
            # (a name inside the cause, "with firmer Brent", is no subject of the move)
            if not owner and not any(n.ticker or n.start < cue.start for n in self.mentions):
                # "Galp rose 12%. Almost all of it on the 30th, +11.4%, after its results": the move it explains is
                # the company's the sentence's own figure went to
                moved = [c for c in self.out if c.ticker and c.metric in ("daily_move", "period_return") and c.end <= doc.starts[cue.start]]
                owner = (Name(moved[-1].ticker, cue.start, cue.start, "subject.moved"),) if moved else None
                if not owner and self.state.last_ticker and self._move_noun_before(cue.start):
                    # "Galp rose 9.3%. The move came with firmer Brent.": a cause in a sentence of its own
                    owner = (Name(self.state.last_ticker, cue.start, cue.start, "subject.carried"),)
            if not owner:
                continue
            taken_until = end
            start_char, end_char = doc.char_span(cue.start, end)
            text = doc.text[start_char:end_char].strip().strip("()")  # "(earnings beat)": the bracket's words
            for name in owner:
                if name.ticker:
                    self.out.append(self._claim(name.ticker, "causal", text, start_char, end_char, rules=(cue.rule, "subject.owner", name.rule)))

    def _dates_a_move(self, start: int) -> bool:
        """An "after" at `start` that dates a move ("after a low of", "following a choppy month"), no cause."""
        return any(t.label == "TEMPORAL" and t.start == start and id(t) not in self.muted for t in self.cues)

    def _open_connective(self, cue: Cue) -> bool:
        """A cause pattern ending on a bare "on" or "as" ("rose 3% on ...") needs a next word that can open a
        cause: not a day, a basis, a pronoun or a figure ("on Friday", "on a closing basis", "as it fell")."""
        last = self.doc.lower[cue.end - 1]
        if last not in ("on", "as"):
            return True
        after = self._next_word(cue.end)
        if after >= self.s1 or after in self.doc.figure_at or self.doc.lower[after] in ("(", ",", ".", ";"):
            return False
        blocked = self.r.words("on_not_causal" if last == "on" else "as_not_causal")
        # "+15.3 Pct On Last Day Of July": a session cue after "on" is a time, as a date is
        return self.doc.lower[after] not in blocked and not any(d.start == after for d in self.doc.dates) and not any(
            c.start == after and c.label in DATE_LABELS for c in self.cues)

    def _connective(self, cue: Cue) -> Cue:
        """A cause pattern that opens on its move ("rallied on optimism", "+1.6% on renewed AI optimism")
        starts, as a cause, at its connective."""
        if cue.end - cue.start > 1 and self.doc.lower[cue.end - 1] in ("on", "as"):
            return Cue(cue.label, cue.rule, cue.end - 1, cue.end, cue.value)  # "+5.6% m/m on DC capex": the cause opens at "on"
        start = cue.start
        while start < cue.end - 1 and (start in self.doc.figure_at or any(
                c.start == start and c.label in ("UP", "DOWN") for c in self.cues) or self.doc.lower[start] in self.r.words("cause_hedges")):
            start += 1
        return cue if start == cue.start else Cue(cue.label, cue.rule, start, cue.end, cue.value)

    def _move_noun_before(self, token: int) -> bool:
        """"The move came with firmer Brent", "the drop followed the results", "Support came from": a move's
        or a force's noun just before a cause."""
        nouns = self.r.words("move_nouns") | self.r.words("force_nouns")
        return any(self.doc.lower[i] in nouns and not self.doc.breaks_between(i, token) for i in range(max(self.s0, token - 3), token + 1))

    def _move_before(self, token: int) -> bool:
        """A cause explains a move: a rise or fall word, a count of up or down sessions, a comparison
        ("Broadcom outperformed Nvidia, helped by ...") or a percent, before it in its clause."""
        doc = self.doc
        if self._move_noun_before(token):
            return True
        new_subject = [c.start for c in self.cues if c.label in ("PRONOUN", "DESCRIPTOR") and c.start < token
                       and self.doc.lower[c.start] not in self.r.words("possessives")]
        for cue in self.cues:
            if cue.end <= token and (cue.label in ("UP", "DOWN", "DIRECTION_UP", "DIRECTION_DOWN", "DIRECTION_FLAT", "SUP_BEST", "SUP_WORST", "COUNT")
                                     or cue.label.startswith(RANK_PREFIX) or cue.label in RELATION_LABELS) \
                    and id(cue) not in self.muted and not doc.breaks_between(cue.end, token) and doc.words_between(cue.end, token) <= 8 \
                    and not any(cue.end <= t for t in new_subject):
                return True
        return any(f.kind == "pct" and f.token < token and not doc.breaks_between(f.token, token)
                   and doc.words_between(f.token, token) <= (8 + self._comment_words(f.token, token))
                   and not doc.names_between(f.token, token)
                   and not any(f.token < t for t in new_subject) for f in self.figures)

    def _comment_words(self, left: int, right: int) -> int:
        """"rose 12.36 percent in July, which is very good for the investors, because of ...": the words of a
        relative clause that comments on the move stand between it and its cause without cutting them."""
        doc = self.doc
        for i in range(left + 1, right):
            if doc.orth[i] == "," and doc.lower[self._next_word(i + 1)] == "which" and not doc.figures_between(i, right):
                return doc.words_between(i, right)
        return 0

    def _cause_end(self, cue: Cue) -> int:
        """A cause runs from its connective to its clause's end."""
        doc, end = self.doc, cue.end
        if doc.orth[end - 1] == ")":
            return end  # "(earnings beat)": a bracket's cause is the bracket
        while end < self.s1 and doc.orth[end] not in (",", ";", ".", "—", "–", "!", "?", ")") and not doc.breaks_between(end, end + 1):
            end += 1
        return end

    # ----------------------------------------------------------------- state
    def fragment(self) -> Name | None:
        """The name, when the sentence is that name alone or under a label ("AMD?", "Tesla:", "Ticker: NVDA"),
        or the one name a question asks about; a company named twice is one name ("Tesla TSLA", an XML
        element's `name=` and `symbol=`)."""
        doc = self.doc
        if not self.mentions or self.figures or len({m.ticker for m in self.mentions}) != 1 or not self.mentions[0].ticker:
            return None
        if self._is_question():
            return self.mentions[0]  # "Was Galp up or down? Down, modestly.": the answer is about the question's name
        name_words = sum(len([w for w in doc.orth[m.start:m.end] if w[:1].isalnum()]) for m in self.mentions)
        return self.mentions[0] if doc.words_between(self.s0, self.s1) <= name_words + 2 else None

    def _carry(self) -> None:
        tickers = [n for n in self.mentions if n.ticker]
        for name in tickers:  # most recently named last
            if name.ticker in self.state.named:
                self.state.named.remove(name.ticker)
            self.state.named.append(name.ticker)
        if tickers:
            # the next sentence's pronoun is this one's subject, not a comparison's object ("Amazon beat AMD
            # to second place. It kicked off at $242.96": Amazon), as within a sentence (`ticker_before`)
            self.state.last_ticker = None
            self.state.last_ticker = self.ticker_before(self.s1) or tickers[-1].ticker
        if self.mentions:
            # an index or market named beside one company ("the best of the PSI") leaves that company the topic
            distinct = {n.ticker for n in self.mentions if n.ticker} or {None}
            self.state.topic = next(iter(distinct)) if len(distinct) == 1 and None not in distinct else None
        elif not tickers:
            # "The bank a cédé 4,7 %. Worst séance on 5 February: −3,65 %": a descriptor that fits one company
            # other than the last named makes that company the topic, as naming it would
            described = {c.ticker for c in self.out if c and c.ticker and "subject.descriptor_fits" in c.rules}
            if len(described) == 1 and all(c.ticker in described for c in self.out if c and c.ticker):
                ticker = next(iter(described))
                if ticker in self.state.named:
                    self.state.named.remove(ticker)
                self.state.named.append(ticker)
                self.state.last_ticker = self.state.topic = ticker
        groups = [g for g in self.groups if len(g) > 1 and all(n.ticker for n in g)]
        if groups:
            self.state.last_group = groups[-1]

    def _claim(self, ticker: str | None, metric: str, value, start: int, end: int, *, decimals: int | None = None,
               date: date | None = None, anchor: str | None = None, extreme: str | None = None,
               rules: tuple[str, ...] = ()) -> Claim | None:
        """The claim, or None when the figure cannot make a valid one (a zero price, an overflowing number)."""
        if metric in PERCENT_METRICS and decimals == 0 and isinstance(value, float) and value.is_integer():
            value = int(value)
        try:
            return Claim(ticker=ticker, metric=metric, value=value, decimals=decimals, date=date, anchor=anchor,
                         extreme=extreme, text=self.doc.text[start:end], sentence=self.sentence_text, start=start, end=end,
                         rules=tuple(dict.fromkeys(r for r in rules if r)))
        except ClaimError:
            return None


def _count_word(word: str) -> int | None:
    """A count spelled out: "nine", "twenty-one", "once", "twice"."""
    return {"once": 1, "twice": 2, "thrice": 3}.get(word, word_number(word))
