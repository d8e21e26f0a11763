"""Line frames: the session label a line opens with scopes every figure on that line.

A day-by-day log writes one session a line: "Aug 4 — AMD 518.58 (+7.0%), AVGO +6.6%.", "Day 4: BCP
−3.65% → 0.8982.", "Day 20 (27 Feb): NOS 5.150 (+0.78%)", "- 06/11: EDP -6.45%", "Mon 3 Aug: …". The
label sits before the line's first separator, often sentences away from the figures it dates ("NVDA
+2.6%." is the line's third sentence), so no cue row within a few words of a figure can read it. The
label is found here once per line, and the resolver gives it to every figure after it: a percent is
that session's move, a price (or a bare number written after a name) that session's close — unless
the figure's own clause names another scope ("MTD", "Week:", "YTD"), which the resolver checks.

A label is a date (any spelling `extractors.numbers` reads, a weekday before it allowed), or an
ordinal session ("Day 4", "Session 12": the Nth session of the cell's month, from the calendar the
resolver is given), optionally followed by a bracket holding a weekday or the explicit date ("(Mon)",
"(27 Feb)", which then wins over the count), and then a separator of the lexicon's `label_separators`.
A date right after the separator makes a span ("Aug 3 – Aug 31:"), and a line that continues the
sentence of the line before (a hard-wrapped paragraph) opens with no label: neither is a frame.

A label with no figure after it ("### Aug 4", "**Day 3**", "Aug 27 — earnings day") heads a section: the
lines under it are that session's, up to the next heading or label (and, under a label that is no
heading, up to a paragraph break that no list item continues).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from datetime import date

from extractors.document import Document


@dataclass(frozen=True)
class LineFrame:
    """A line's session label: the line's tokens [start, end), the first token after the label
    (`body`), and the session it names."""

    start: int
    body: int
    end: int
    date: date
    own: bool = True  # the line's own label, not a section's over it


def line_frame(doc: Document, token: int, sessions: list[date], words) -> LineFrame | None:
    """The session label that times the line holding `token`, if any (every line's is found once a document)."""
    if not doc.frames:
        doc.frames.update(_frames(doc, sessions, words))
    index = bisect_right(doc.line_starts, token) - 1
    return doc.frames.get(index)


def _frames(doc: Document, sessions: list[date], words) -> dict[int, LineFrame | None]:
    """Line index -> its frame. A line's own label frames it. A label that stands alone on its line, or with
    words but no figure ("### Aug 4", "**Day 3**", "Aug 27 — earnings day") heads a section: the lines under
    it are that session's, up to the next heading or label, and (for a label that is no heading) up to a
    paragraph break that no list item continues. A labelled line broken in two (one sentence a line) goes on
    into the unlabelled lines right under it, up to a blank line."""
    starts = doc.line_starts
    dates = {cue.start: cue for cue in doc.dates}
    markers = words("list_markers")
    out: dict[int, LineFrame | None] = {-1: None}  # never empty once computed
    section: tuple[date, bool] | None = None  # (session, opened by a heading)
    carried: date | None = None  # the session of the labelled line right above, which a broken line continues
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(doc)
        first = _skip(doc.orth, start, end, ())
        if first >= end:
            continue
        heading = doc.orth[first].startswith("#")
        own = _read_label(doc, start, end, sessions, words, dates)
        if own is not None and not doc.figures_between(own.body, end):
            section, carried = (own.date, heading), None
            continue
        if own is not None:
            out[index] = own
            section, carried = None, own.date
            continue
        if heading:
            section = carried = None
            continue
        if carried is not None and start > 0 and doc.orth[start - 1].count("\n") == 1 and doc.orth[first] not in markers:
            # "Aug 4 — AMD 518.58 (+7.0%).\nNVDA +2.6%.\nMTD: AMD +7.0": a labelled line broken after its
            # sentences goes on being that session's line until a blank line
            out[index] = LineFrame(start, start, end, carried)
            continue
        carried = None
        if section is not None and not section[1] and start > 0 and doc.orth[start - 1].count("\n") > 1 \
                and doc.orth[first] not in markers:
            section = None
        if section is not None:
            out[index] = LineFrame(start, start, end, section[0], own=False)
    return out


def _read_label(doc: Document, start: int, end: int, sessions: list[date], words, dates: dict) -> LineFrame | None:
    orth, lower = doc.orth, doc.lower
    if _continues_previous_line(doc, start):
        return None
    markers, weekdays, ordinals = words("list_markers"), words("weekday_labels"), words("session_ordinal_words")
    separators = words("label_separators")
    i = _skip(orth, start, end, markers)
    bracket = orth[i] in ("[", "(") if i < end else False  # "[Aug 4] NVDA +2.6%", "(Day 3) …"
    if bracket:
        i = _skip(orth, i + 1, end, ())
    if i < end and lower[i].rstrip(".,") in weekdays:
        i = _skip(orth, i + 1, end, ())
        if i < end and orth[i] == "(" and i + 1 < end and i + 1 in dates:  # "Monday (Aug 3): …"
            i += 1
            bracket = True
    when: date | None = None
    if i < end and i in dates:
        when, i = dates[i].value, dates[i].end
    elif i < end and lower[i] in ordinals:
        number = _skip(orth, i + 1, end, ())
        figure = doc.figure_at.get(number) if number < end else None
        if figure is not None and figure.kind == "int":
            n = int(figure.quantity.value)
            when = sessions[n - 1] if sessions and 1 <= n <= len(sessions) else None
            i = number + 1
        else:
            return None
    else:
        return None
    i = _skip(orth, i, end, ())
    if bracket:  # the label's own bracket closes: what follows is the line's body, a separator or none
        if i >= end or orth[i] not in ("]", ")", "):", "]:"):
            return None
        i = _skip(orth, i + 1, end, ())
        if i < end and orth[i] in separators:
            i += 1
        i -= 1  # as if on a separator
    elif i < end and lower[i].rstrip(".,") in weekdays:  # "Aug 14 Fri:"
        i = _skip(orth, i + 1, end, ())
    tails = words("label_tail_words")
    for _ in range(2):  # "Aug 4 close:", "Day 3 recap —"
        if not bracket and i < end and lower[i] in tails:
            i = _skip(orth, i + 1, end, ())
    if not bracket and i < end and orth[i] == "(":  # "(Mon)", "(2 Feb)"
        close = next((j for j in range(i + 1, min(end, i + 6)) if orth[j] in (")", "):")), None)
        if close is None:
            return None
        inside = [j for j in range(i + 1, close) if orth[j].strip()]
        if not all(j in dates or lower[j].rstrip(".,") in weekdays or orth[j] == "," for j in inside):
            return None
        explicit = [dates[j].value for j in inside if j in dates and dates[j].value]
        when = explicit[0] if explicit else when
        i = close if orth[close] == "):" else _skip(orth, close + 1, end, ())
    if when is None:
        return None
    if i >= end:  # a label alone on its line ("### Aug 4", "**Day 3**")
        return LineFrame(start, end, end, when) if not sessions or when in sessions else None
    if orth[i] not in separators and not bracket:
        return None
    body = _skip(orth, i + 1, end, ())
    if body < end and body in dates:
        return None  # "Aug 3 – Aug 31: +6.8%": a span of sessions, no one session
    if sessions and when not in sessions:
        return None  # a label outside the cell's sessions (a reference close of another month)
    return LineFrame(start, body, end, when)


def _skip(orth: list[str], i: int, end: int, markers) -> int:
    while i < end and (not orth[i].strip() or orth[i] in markers):
        i += 1
    return i


def _continues_previous_line(doc: Document, start: int) -> bool:
    """A hard-wrapped line: the line right before is a long one (a paragraph's width, not a heading's) that
    ends inside its sentence, on a lowercase word or a comma ("the shares rose 8.7% on" / "27 August ...")."""
    j = start - 1
    while j >= 0 and not doc.orth[j].strip():
        if doc.orth[j].count("\n") > 1:
            return False  # a blank line between: a new paragraph
        j -= 1
    if j < 0:
        return False
    last = doc.orth[j]
    if not (last in (",", "(") or (last[-1:].isalpha() and last[-1:].islower())):
        return False
    line_start = doc.clean.rfind("\n", 0, doc.starts[j]) + 1
    return doc.ends[j] - line_start >= WRAP_WIDTH


# A line this long (characters) that ends inside a sentence is a paragraph hard-wrapped, not a heading.
WRAP_WIDTH = 40
