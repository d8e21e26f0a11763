"""Subject finders: where a figure's company is looked for, one function per construction. The
resolver tries them in the order `extractors/rules/resolve.toml` names under `[subjects] order`."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from extractors.document import Name
from extractors.rulebook import RELATION_LABELS

if TYPE_CHECKING:
    from extractors.resolver import Sentence


def bracket_after(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    doc = sentence.doc
    after = sentence._next_word(token + 1)
    if after < sentence.s1 and doc.orth[after] in ("(", "["):
        name = sentence._name_starting(sentence._next_word(after + 1))
        if name is not None:
            return (name,)
        return _descriptor_at(sentence, sentence._next_word(after + 1))  # "a 17.8% gain (the bank)"
    return None


def _descriptor_at(sentence: Sentence, start: int) -> tuple[Name, ...] | None:
    """The company a descriptor opening at `start` fits ("the bank", "the renewables arm"), when it fits one
    that was named (or only one at all); None for a descriptor that fits no particular company."""
    for cue in sentence.cues:
        if cue.label == "DESCRIPTOR" and cue.start == start and cue.end - cue.start > 1 and id(cue) not in sentence.muted:
            fitting = _fitting(sentence.doc, cue)
            if not fitting:
                return None
            ticker = _last_named_of(sentence.doc, fitting, cue.start)
            return (Name(ticker, cue.start, cue.start, "subject.descriptor_fits"),) if ticker else None
    return None


def bracket_before(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    """"AMD (−12.0%)": a figure opening brackets right after a name is the name's."""
    doc = sentence.doc
    position = token - 1
    while position > sentence.s0 and not doc.orth[position].strip():
        position -= 1
    if position <= sentence.s0 or doc.orth[position] not in ("(", "["):
        return None
    position -= 1
    while position > sentence.s0 and not doc.orth[position].strip():
        position -= 1
    for name in sentence.mentions:
        if name.end - 1 == position:
            return (name,)
    return None


def for_after(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    after = sentence._next_word(token + 1)
    if after < sentence.s1 and sentence.doc.lower[after] == "for":
        start = sentence._next_word(after + 1)
        name = sentence._name_starting(start)
        if name is not None:
            return (name,)
        return _descriptor_at(sentence, sentence._next_word(after + 1))  # "17.8% for the bank"
    return None


def distributed(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    tokens = lists.get(token)
    if not tokens:
        return None
    k = len(tokens)
    position = tokens.index(token)
    before = [g for g in sentence.groups if g[-1].end <= tokens[0]]
    for group in reversed(before):
        if len(group) == k:
            return (group[position],)
        if len(group) > 1:
            break
    # "A outperformed B: +2.4% vs -9.2%", "A was less volatile than B, 32% against 34%": the two sides, in order
    if k == 2 and len(before) >= 2:
        left, right = before[-2], before[-1]
        compared = sentence.r.words("comparison_words")
        if len(left) == 1 and len(right) == 1 and (any(
                c.label in RELATION_LABELS and left[0].end <= c.start and c.end <= right[0].start for c in sentence.cues)
                or any(word in compared for word in sentence.doc.lower[left[0].end:right[0].start])):
            return ((left[0], right[0])[position],)
    if k == 2 and len(before) < 2:
        sides = _described_sides(sentence, tokens[0])
        if sides:
            return (sides[position],)
    if any(c.label == "RESPECTIVELY" for c in sentence.cues) and len(sentence.state.last_group) == k and not before:
        return (sentence.state.last_group[position],)
    return None


def _described_sides(sentence: Sentence, first: int) -> tuple[Name, Name] | None:
    """"The payments name edged the bank, +3.2% versus +1.0%": a relation between two descriptors (or a name and
    a descriptor) that each fit one company, before a pair of figures, gives the pair its two sides in order."""
    for cue in reversed(sentence.cues):
        if cue.label not in RELATION_LABELS or cue.end > first or id(cue) in sentence.muted:
            continue
        left = next((d for d in reversed(sentence.cues) if d.label == "DESCRIPTOR" and d.end <= cue.start
                     and sentence.doc.words_between(d.end, cue.start) <= 1), None)
        left_side = _descriptor_at(sentence, left.start) if left else next(
            ((n,) for n in reversed(sentence.mentions) if n.ticker and n.end <= cue.start), None)
        after = sentence._next_word(cue.end)
        right_side = _descriptor_at(sentence, after) or next(
            ((n,) for n in sentence.mentions if n.ticker and n.start == after), None)
        if right_side is None and left_side and cue.rule == "relation.outperformed.bare":
            right_side = sentence._pronoun_object(cue, cue.end - 1, left_side)  # "AMD held up better: −2.9% against −5.6%"
        if left_side and right_side and left_side[0].ticker != right_side[0].ticker:
            return left_side[0], right_side[0]
        return None
    return None


EMPHASIS_MARKS = frozenset({"**", "*", "__", "_"})


def possessive(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    doc = sentence.doc
    for name in reversed(sentence.mentions):
        if name.end > token:
            continue
        end = name.end
        while end < token and (doc.orth[end] in EMPHASIS_MARKS or not doc.orth[end].strip()):
            end += 1  # "**Tesla**'s 6.6%": the bold (masked to a blank) closes before the possessive
        if end < len(doc) and doc.lower[end] in ("'s", "’s", "'") and doc.words_between(end + 1, token) <= 2 \
                and not doc.breaks_between(name.end, token) and not doc.figures_between(name.end, token):
            return (name,)
        break
    return None


def name_at(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    """"just behind EDP at −11.1%", "trailing Galp at -15.8%": the name the figure is "at"."""
    doc = sentence.doc
    position = token - 1
    while position > sentence.s0 and not doc.orth[position].strip():
        position -= 1
    if position <= sentence.s0 or doc.lower[position] != "at":
        return None
    position -= 1
    while position > sentence.s0 and not doc.orth[position].strip():
        position -= 1
    for name in sentence.mentions:
        if name.ticker and name.end - 1 == position:
            return (name,)
    return None


def _preceding(sentence: Sentence, token: int, within_clause: bool) -> tuple[Name, ...] | None:
    doc = sentence.doc
    candidates = [n for n in sentence.mentions if n.end <= token]
    fallback = None
    for name in reversed(candidates):
        if within_clause and doc.breaks_between(name.end, token):
            break
        if sentence.is_object(name) and not sentence._relative_after(name):
            if fallback is None:
                fallback = name
            continue
        group = sentence.group_of(name)
        return group if len(group) > 1 and group[-1] is name or group[-1].end <= token else (name,)
    if fallback is not None and not within_clause:
        return sentence.group_of(fallback)
    return None


def clause_subject(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    found = _preceding(sentence, token, within_clause=True)
    if found and found[-1].end < token:
        # "BCP and NOS did best, with the bank (from €0.8162) …": a descriptor that fits one company, nearer the
        # figure than the name and no relation's object, is the figure's subject
        for cue in reversed(sentence.cues):
            if cue.label == "DESCRIPTOR" and found[-1].end <= cue.start and cue.end <= token and id(cue) not in sentence.muted:
                if sentence._object_at(cue.start):
                    break
                fits = _descriptor_at(sentence, cue.start)
                if fits and fits[0].ticker != found[-1].ticker and (len(found) == 1 or any(n.ticker == fits[0].ticker for n in found)):
                    return fits
                break
    return found


def sentence_subject(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    return _preceding(sentence, token, within_clause=False)


SINGULAR_PRONOUNS = frozenset({"it", "its", "it's", "itself"})


def carried(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    """A pronoun or descriptor before the figure in its sentence: the company last named before it."""
    for cue in reversed(sentence.cues):
        if cue.end > token + 1 or cue.label not in ("PRONOUN", "DESCRIPTOR", "FORMER", "LATTER") or id(cue) in sentence.muted:
            continue
        if cue.label in ("FORMER", "LATTER"):
            group = sentence.state.last_group
            if not group:
                return None
            chosen = group[0] if cue.label == "FORMER" else group[-1]
            return (Name(chosen.ticker, cue.start, cue.start, cue.rule),)
        if any(n.start <= cue.start < n.end for n in sentence.mentions):
            continue
        if cue.label == "PRONOUN" and _inverted_after(sentence, cue, token):
            continue  # "Right behind it came Sonae, up 11.9%": the pronoun is an object, the name after the verb the subject
        if cue.label == "PRONOUN" and any(d.label == "DESCRIPTOR" and d.start <= cue.start < d.end and d.end - d.start > 1
                                          and id(d) not in sentence.muted for d in sentence.cues):
            continue  # "its parent", "its renewables unit": the descriptor the pronoun opens names the company
        if cue.label == "DESCRIPTOR" and token >= cue.end and sentence._object_at(cue.start) and any(
                c.label == "DESCRIPTOR" and c.end <= cue.start and id(c) not in sentence.muted for c in sentence.cues):
            continue  # "The renewables arm beat its parent and finished on its high": the object is not the subject
        word = sentence.doc.lower[cue.start]
        if cue.label == "PRONOUN" and word in SINGULAR_PRONOUNS:
            # "with the bank (from €0.8162) finishing at its high": a pronoun after a descriptor that fits one
            # company, with no name between, is that company
            named = sentence.ticker_before(cue.start)
            last_name = max((n.end for n in sentence.doc.names if n.end <= cue.start), default=-1)
            for d in reversed(sentence.cues):
                if d.label == "DESCRIPTOR" and last_name <= d.start and d.end <= cue.start and d.end - d.start > 1 \
                        and d.start >= sentence.s0 and id(d) not in sentence.muted:
                    found = _descriptor_at(sentence, d.start)
                    if found and found[0].ticker != named:
                        return (Name(found[0].ticker, cue.start, cue.start, "subject.descriptor_fits"),)
                    break
        if word in ("their", "they", "them"):
            # a plural pronoun is the last list of names while that list is the last naming; after a name of its
            # own it is that company, as British writers make a firm or a club plural ("Tesla lift the trophy.
            # But they defended well")
            before = [n for n in sentence.mentions if n.end <= cue.start and n.ticker]
            here = [g for g in sentence.groups if len(g) > 1 and all(n.ticker for n in g) and g[-1].end <= cue.start]
            if here and before and before[-1] is here[-1][-1]:
                return here[-1]
            group = sentence.state.last_group
            if group and not before and sentence.state.last_ticker == group[-1].ticker:
                return group
        if cue.label == "DESCRIPTOR" and sentence.state.story and cue.end - cue.start == 1 \
                and sentence.doc.lower[cue.start] in sentence.r.words("share_words") \
                and not any(n.ticker and n.end <= cue.start for n in sentence.mentions):
            # "* SHARES HAD CLOSED AT A MONTH HIGH": a wire story's bare shares are its dateline's company
            return (Name(sentence.state.story, cue.start, cue.start, "subject.story"),)
        ticker = sentence.ticker_before(cue.start)
        fitting = _fitting(sentence.doc, cue) if cue.label == "DESCRIPTOR" else None
        if fitting and ticker not in fitting:
            # "Tesla rose 14%. The search giant fell 9%": the descriptor fits Alphabet, not Tesla
            # a descriptor that fits several companies none of which was named is about one of them, no
            # later finder's company: a claim without a ticker (unverifiable material, as an index's is)
            ticker = _last_named_of(sentence.doc, fitting, cue.start)
            return (Name(ticker, cue.start, cue.start, "subject.descriptor_fits"),)
        if ticker:
            return (Name(ticker, cue.start, cue.start, cue.rule),)
        return None
    return None


def _inverted_after(sentence: Sentence, cue, token: int) -> bool:
    """A pronoun a preposition of place governs ("behind it", "after it") with a name between it and the
    figure: an inverted sentence ("Right behind it came Sonae, up 11.9 percent") whose subject is that name."""
    doc = sentence.doc
    before = cue.start - 1
    while before >= sentence.s0 and not doc.orth[before].strip():
        before -= 1
    if before < sentence.s0 or doc.lower[before] not in sentence.r.words("pronoun_object_prepositions"):
        return False
    return any(n.ticker and cue.end <= n.start and n.end <= token for n in sentence.mentions)


def descriptor_fits(doc, cue) -> frozenset[str] | None:
    return _fitting(doc, cue)


def _fitting(doc, cue) -> frozenset[str] | None:
    """The companies a descriptor's words fit (the universe's `descriptors`), or None when they fit no
    particular company ("the stock", "the company")."""
    if not doc.descriptors:
        return None
    words = " " + " ".join(w for w in doc.lower[cue.start:cue.end] if w.strip()) + " "
    fits = [tickers for phrase, tickers in doc.descriptors.items() if f" {phrase} " in words]
    return frozenset().union(*fits) if fits else None


def _last_named_of(doc, tickers: frozenset[str], token: int) -> str | None:
    """The company of `tickers` named last before `token`; the only one when none was named yet."""
    for name in reversed(doc.names):
        if name.end <= token and name.ticker in tickers:
            return name.ticker
    return next(iter(tickers)) if len(tickers) == 1 else None


def block(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    return (sentence.block_subject,) if sentence.block_subject is not None else None


def topic_carried(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    """A sentence that names no subject at all goes on about the one company the sentence before named."""
    if sentence.mentions or sentence.state.topic is None:
        return None
    return (Name(sentence.state.topic, token, token, "subject.topic"),)


# what a bare number or a percent measures when its own words say so: a price role or a risk measure
TOPIC_MEASURES = {"number": frozenset({"price_level", "range_high", "range_low"}),
                  "pct": frozenset({"max_drawdown", "volatility"})}


def topic_price(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    """"Let me check Galp. The first close in the table is €16.67": a price in a sentence naming no one
    is a price of the one company the sentence before named. So is a bare number a price word reads
    ("The peak close looks like 227.98"), and a percent its own words make a drawdown or a volatility
    ("the maximal drawdown amounted to 21,1 percent": the sentence's first percent, its measure word
    opening its clause). Other percents are not carried this way: in model reasoning they are as often
    probabilities or parameters as the company's moves ("volatility (18% annualised) puts the odds at 55%")."""
    figure = next((f for f in sentence.figures if f.token == token), None)
    if figure is None:
        return None
    reading = sentence.reading if sentence.reading is not None and sentence.reading.figure.token == token else None
    kind = reading.figure.kind if reading is not None else figure.kind
    if kind != "price":
        metric = reading.slots.get("metric") if reading is not None else None
        if metric is None or metric.value not in TOPIC_MEASURES.get(kind, ()):
            return None
        if kind == "pct" and (not _opens_clause_measure(sentence, token, metric)
                              or any(rule.endswith(".topic") for rule in metric.rules)
                              or any(f.kind == "pct" and f.token < token for f in sentence.figures)):
            return None  # only the measure its own words name, and the sentence's first percent
    return topic_carried(sentence, token, lists)


def _opens_clause_measure(sentence: Sentence, token: int, metric) -> bool:
    """The percent's measure word opens its clause, at most two words after the sentence's start or a
    comma ("The maximal drawdown amounted to 21,1 percent", "…, the drawdown reached 9%"), and lies at most
    three words before the percent: the clause is about the measure, so its owner is the company the text
    is on. A measure word after a word that could be a subject ("amd (volatility 85.8%)", "tesla saw the
    largest decline at 29.9%": a name the tables do not know) carries nothing."""
    doc, cue = sentence.doc, metric.cue
    if cue is None or cue.end > token or metric.distance > 3:
        return False
    words = 0
    position = cue.start - 1
    while position >= sentence.s0:
        word = doc.orth[position]
        if word in (",", ";", "—", "–") or "\n" in word:
            break
        if word.strip():
            if not word[:1].isalnum() or words >= 2 or doc.lower[position] not in sentence.r.words("measure_openers"):
                return False
            words += 1
        position -= 1
    return True


DAY_LABELS = frozenset({"DATE", "WEEKDAY", "SESSION_LAST", "SESSION_FIRST", "SESSION_NEXT", "SESSION_SAME"})


def topic_move(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    """"Galp rose 4%. The big day was the 12th, +3.1%": a day's move in a sentence naming no one is a
    move of the one company the sentence before named. Only a percent a session or a date marks: an
    unmarked percent in such a sentence is as often a probability or a parameter."""
    figure = next((f for f in sentence.figures if f.token == token), None)
    if figure is None or figure.kind != "pct" or not any(
            c.label in DAY_LABELS and id(c) not in sentence.muted and not sentence.doc.breaks_between(min(c.start, token), max(c.end, token + 1) - 1)
            for c in sentence.cues):
        return None
    return topic_carried(sentence, token, lists)


ELIDED_LEADS = frozenset({"UP", "DOWN", "END", "START", "END_PERIOD", "LEVEL", "HIGH", "LOW", "DD", "VOL", "COUNT"})
# words a dropped-subject note may open on before its verb: "then -6.1% on the last day", "and closed at 14,63"
ELIDED_OPENERS = frozenset({"then", "and", "also", "plus", "but", "still"})


def elided(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    """"Galp fell hard. Ended the month at 14,63": a sentence that opens on its verb, naming no one,
    goes on about the one company the sentence before named (notes and posts drop the subject; a
    thread writes it in lowercase: "bottomed at 203.17 on 1/9", "max DD only 6.6%", "+7.7 on 1/21")."""
    doc = sentence.doc
    if sentence.mentions or sentence.state.topic is None:
        return None
    first = sentence._next_word(sentence.s0) if not doc.orth[sentence.s0].strip() else sentence.s0
    while first < sentence.s1 and (doc.orth[first] in ("*", "-", "•", ">") or doc.lower[first] in ELIDED_OPENERS):
        first = sentence._next_word(first + 1)
    if first >= sentence.s1:
        return None
    figure = doc.figure_at.get(first)
    if figure is not None and figure.token == token and figure.kind in ("pct", "number") and figure.quantity.signed:
        return (Name(sentence.state.topic, token, token, "subject.elided"),)  # "+7.7 on 1/21 alone"
    if not doc.orth[first][:1].isalnum() or not any(
            c.start == first and c.label in ELIDED_LEADS for c in sentence.cues):
        return None
    return (Name(sentence.state.topic, token, token, "subject.elided"),)


# a possessive is no subject a fronted figure waits for: "29.9% below its earlier peak, Tesla said"
POSSESSIVE_PRONOUNS = frozenset({"its", "their", "his", "her"})


def following(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    """The first name after the figure in its clause, short of a comparison's other side ("JULY GAIN OF 12.4 PCT
    … VS 0.2 PCT RISE IN S&P 500": the index is what the gain is set against, no subject of it); but a pronoun
    or descriptor before that name is the subject the fronted figure waits for ("At 28.4% annualised it was
    the calmest, and AMD ..."): the company it carries."""
    doc = sentence.doc
    for name in sentence.mentions:
        if name.start > token and not doc.breaks_between(token, name.start):
            if not sentence.r.words("comparison_joiners").isdisjoint(doc.lower[token:name.start]):
                return None
            pronoun = next((c for c in sentence.cues if c.label in ("PRONOUN", "DESCRIPTOR") and token < c.start < name.start
                            and doc.lower[c.start] not in POSSESSIVE_PRONOUNS and id(c) not in sentence.muted
                            and not any(n.start <= c.start < n.end for n in sentence.mentions)), None)
            carried_on = carried(sentence, pronoun.end - 1, lists) if pronoun is not None else None
            return carried_on or sentence.group_of(name)
    return None


def story(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    """"LISBON, Oct 27 (Reuters) - EDP Renovaveis SA:" over "* JULY GAIN OF 12.4 PCT": a wire story's fact line
    that names no company before its figure is about the company its dateline introduced."""
    ticker = sentence.state.story
    if not ticker or any(n.start < token for n in sentence.mentions):
        return None
    text = sentence.doc.text
    start = sentence.doc.starts[sentence.s0]
    line = text.rfind("\n", 0, start + 1) + 1
    if text[line:line + 2] not in ("* ", "- ", "• "):
        return None
    return (Name(ticker, token, token, "subject.story"),)


# a markdown footnote's definition opening its line: "[^2]: €4.400 on 2 February → €5.150 on 27 February."
MARKDOWN_FOOTNOTE = re.compile(r"[ \t]*\[\^([\w-]{1,12})\]:")


def footnote(sentence: Sentence, token: int, lists) -> tuple[Name, ...] | None:
    """"¹ Return is calculated from the first close of the Period (US$322.08) to the last": a footnote that
    names no one is about the company named last before its marker where the body carries it ("Tesla
    returned c. 14.2%¹"), not about whoever the paragraph above the footnotes ended on."""
    doc = sentence.doc
    if sentence.mentions:
        return None
    text = doc.text  # the marks as written: the clean text blanks a star
    line = text.rfind("\n", 0, doc.starts[sentence.s0] + 1) + 1
    definition = MARKDOWN_FOOTNOTE.match(text, line)
    if definition is not None:  # "[^2]: €4.400 on 2 February": the company of the sentence its mark sits in
        ticker = sentence.state.footnotes.get(definition.group(1))
        return (Name(ticker, token, token, "subject.footnote"),) if ticker else None
    first = next((i for i in range(sentence.s0, sentence.s1) if doc.orth[i][:1].isalpha() or doc.orth[i][:1].isascii() and doc.orth[i][:1].isdigit()), sentence.s1)
    if first >= sentence.s1:
        return None
    opening = text[line:doc.starts[first]].strip()
    marker = opening[:1]
    if not marker or len(opening) > 2 or marker not in sentence.r.words("footnote_markers"):
        return None
    start = line
    reference = next((i for i in range(start - 1, 0, -1) if text[i] == marker and _footnote_reference(text, i)), None)
    if reference is None:
        return None
    line_start = text.rfind("\n", 0, reference) + 1
    named = [n for n in doc.names if n.ticker and line_start <= doc.starts[n.start] < reference]
    return (Name(named[-1].ticker, token, token, "subject.footnote"),) if named else None


def _footnote_reference(text: str, at: int) -> bool:
    """A marker glued to the word before it; a star only right after a figure ("17.0%*"), since a star after a
    word is markdown's emphasis ("**Nvidia**", "*Semiconductors.*")."""
    before = text[at - 1]
    if text[at] == "*":
        return (before.isdigit() or before in "%)") and text[at + 1:at + 2] != "*"
    return not before.isspace()


SUBJECT_FINDERS: dict[str, Callable[[Sentence, int, dict], tuple[Name, ...] | None]] = {
    "bracket_after": bracket_after, "bracket_before": bracket_before, "for_after": for_after, "distributed": distributed, "possessive": possessive, "name_at": name_at,
    "clause_subject": clause_subject, "sentence_subject": sentence_subject, "carried": carried, "block": block,
    "following": following, "topic_carried": topic_carried, "elided": elided, "topic_price": topic_price,
    "topic_move": topic_move, "footnote": footnote, "story": story,
}
