"""Name tables: how the text may name a ticker, for a universe plus well-known outsiders.

One source per universe (`data/universes.toml`, `data/other_names.toml`); the spellings companies
and newswires use are generated from it: corporate suffixes dropped ("Nvidia Corp" -> "Nvidia"),
accents folded ("Jeronimo Martins"), a one-word name in capitals ("NVIDIA"), "The X Company" ->
"X Company" and "X". The universe's own names win over outsiders with the same spelling.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Iterable

from builder.paths import data_dir
from builder.universes import Universe

OTHER_NAMES_FILE = "other_names.toml"
# An exchange-suffixed symbol (TEP.PA, CTT.LS) is a ticker even when no table lists it.
SUFFIXED_TICKER = re.compile(r"^[A-Z]{1,6}\.[A-Z]{1,2}$")
CORPORATE_SUFFIXES = (
    "Inc", "Inc.", "Corp", "Corp.", "Corporation", "Co.", "Company", "plc", "PLC", "SA", "S.A.", "SGPS", "S.G.P.S.",
    "Holdings", "Group", "Ltd", "Ltd.", "AG", "NV", "N.V.", "Class A", "Class C", "Platforms", "& Co.", "Incorporated",
)
# suffixes written after a company's name
WRITTEN_SUFFIXES = ("Inc.", "Inc", "Incorporated", "Corp.", "Corp", "Corporation", "Co.", "Ltd.", "plc", "PLC", "S.A.", "SA",
                    "SGPS", "N.V.", "Holdings", "Group", "Class A", "Class C", "& Co.")
BARE_SYMBOL_RULE = "name.bare_symbol"
CASHTAG_RULE = "name.cashtag"
_CASHTAG_SYMBOL = re.compile(r"^[A-Z]{1,5}(?:\.[A-Z]{1,2})?$")
# exchange suffixes whose symbols prose also writes bare ("SEM" for SEM.LS); a share class (BRK.B) is no exchange
EXCHANGE_SUFFIXES = frozenset({"LS", "PA", "AS", "MC", "MI", "DE", "L"})
_BARE = re.compile(r"^[A-Z]{2,5}$")


@dataclass(frozen=True)
class NameTable:
    """Surface form -> ticker for tickers, and the set of index / market subjects (no ticker)."""

    tickers: dict[str, str]
    indices: frozenset[str]


@cache
def _other_names(path: Path) -> tuple[dict[str, str], frozenset[str]]:
    with path.open("rb") as handle:
        table = tomllib.load(handle)
    aliases: dict[str, str] = {}
    for ticker, names in table.get("tickers", {}).items():
        # one-letter symbols (V, C) are too ambiguous to match as words; only their names count
        if len(ticker.split(".")[0]) > 1:
            aliases[ticker] = ticker
        base = ticker.split(".")[0]
        if "." in ticker and len(base) >= 3 and ticker.split(".")[1] in EXCHANGE_SUFFIXES:
            aliases.setdefault(base, ticker)  # "Ex-cov.: SEM +25.1%": the symbol without its exchange suffix
        for name in names:
            aliases[name] = ticker
    return aliases, frozenset(table.get("indices", {}).get("names", []))


def variants(name: str) -> list[str]:
    """The spellings prose uses for one table name."""
    out = [name]
    stripped = name
    changed = True
    while changed:
        changed = False
        for suffix in CORPORATE_SUFFIXES:
            if stripped.endswith(" " + suffix) and len(stripped) > len(suffix) + 2:
                stripped = stripped[: -len(suffix) - 1].rstrip(" ,")
                changed = True
    if stripped.startswith("The ") and len(stripped) > 5:
        out.append(stripped[4:])
    out.append(stripped)
    folded = unicodedata.normalize("NFKD", name)
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    out.append(folded)
    for form in list(out):  # headlines in capitals: "NVIDIA", "JERONIMO MARTINS", "EDP RENOVAVEIS"
        if form[:1].isupper() and not form.isupper() and len(form) > 3:
            out.append(form.upper())
    # the suffixed forms newswires write ("Tesla, Inc.", "Mastercard Incorporated"), so the suffix is the name's
    out.extend(f"{stripped}{joint}{suffix}" for suffix in WRITTEN_SUFFIXES for joint in (" ", ", "))
    if stripped != name and not name.endswith(WRITTEN_SUFFIXES):  # "Meta Platforms, Inc.": the full name's too
        out.extend(f"{name}{joint}{suffix}" for suffix in WRITTEN_SUFFIXES for joint in (" ", ", "))
    if " – " in name or " - " in name:
        out.extend(part.strip() for part in re.split(r" [–-] ", name))
    return list(dict.fromkeys(form for form in out if form))


def name_table(universe: Universe) -> NameTable:
    """The universe's own names win over outsiders with the same spelling."""
    others, indices = _other_names(data_dir() / OTHER_NAMES_FILE)
    aliases: dict[str, str] = {}
    for surface, ticker in others.items():
        for form in variants(surface):
            aliases.setdefault(form, ticker)
    for surface, ticker in universe.aliases().items():
        for form in variants(surface):
            aliases[form] = ticker
    return NameTable(tickers=aliases, indices=indices)


def name_patterns(universe: Universe, index_id: str, name_words: Iterable[str] = ()) -> list[dict]:
    """Patterns for every name of the universe's table; `any_case` says whether the spelling matches
    in any case ("nvidia", "tsla") or only as written (`any_case_spelling`)."""
    table = name_table(universe)
    surfaces = [(surface, "TICKER", ticker) for surface, ticker in table.tickers.items()]
    surfaces += [(surface, "INDEX", index_id) for surface in table.indices]
    lowercase = frozenset(surface for surface, _, _ in surfaces if surface == surface.lower())
    words = frozenset(name_words)
    return [{"label": label, "pattern": surface, "id": ident, "any_case": any_case_spelling(surface, words, lowercase)}
            for surface, label, ident in surfaces]


def any_case_spelling(surface: str, name_words: frozenset[str], lowercase_spellings: frozenset[str] = frozenset()) -> bool:
    """Whether a name's spelling counts in any case: not when its lowercase is an ordinary word of market
    prose (lexicon `name_words`: "meta", "nos", "apple"), nor for one or two letters ("MA", "KO"),
    nor when the table itself lists the lowercase as a spelling of its own ("gold", "the index"):
    those count only as spelt."""
    folded = surface.lower()
    if len(folded.replace(".", "")) <= 2 or folded in name_words or folded in lowercase_spellings:
        return False
    return True


def bare_symbols(orth: list[str], found, not_symbols: frozenset[str]) -> list:
    """A capital run no table knows, as a subject: opening its sentence before a verb or "'s"
    ("QRVX is in a drawdown", "QRVX's shares rose") or in brackets right after a company's name
    ("Acme Widgets (ACMW)"). Common acronyms (lexicon `not_symbols`) are no tickers."""
    from extractors.document import Name

    taken = {i for name in found for i in range(name.start, name.end)}
    out = []
    count = len(orth)
    for i, text in enumerate(orth):
        if not "A" <= text[:1] <= "Z" or i in taken or not _BARE.match(text) or text in not_symbols:  # a capital first, cheaply
            continue
        previous = orth[i - 1] if i else None
        following = orth[i + 1] if i + 1 < count else None
        bracketed = previous == "(" and following == ")" and i >= 2 and orth[i - 2][:1].isalpha() and not orth[i - 2].isupper()
        opening = (previous is None or previous in (".", ":", "-", "*", "•") or not previous.strip()) and following is not None \
            and (following in ("'s", "’s", "stock", "shares", "is", "was", "has", "had") or following.lower() in SUBJECT_VERBS)
        if bracketed or opening:
            out.append(Name(text, i, i + 1, BARE_SYMBOL_RULE))
    return out


def with_cashtags(orth: list[str], spans: list[tuple[int, int]], found: list, not_symbols: frozenset[str]) -> list:
    """A "$" glued to a symbol is a cashtag ("$TSLA", "$PLTR"), as posts on X and Reddit write it: a
    name's mention takes the "$" in, so that lists ("$TSLA, $META and $AMD") and brackets read it as they
    read the bare symbol, and a capital run no table knows is a name when it is cashtagged."""
    from dataclasses import replace

    from extractors.document import Name

    by_start = {name.start: index for index, name in enumerate(found)}
    out = list(found)
    for i in range(len(orth) - 1):
        if orth[i] != "$" or spans[i][1] != spans[i + 1][0]:
            continue
        index = by_start.get(i + 1)
        if index is not None:
            out[index] = replace(out[index], start=i)
        elif _CASHTAG_SYMBOL.match(orth[i + 1]) and orth[i + 1] not in not_symbols:
            out.append(Name(orth[i + 1], i, i + 2, CASHTAG_RULE))
    return out


SUBJECT_VERBS = frozenset(
    "rose fell gained lost jumped dropped climbed slid sank closed ended finished traded surged soared declined advanced "
    "added shed tumbled plunged rallied goes went needs remains faces spent".split()
)


WORD_NAME_RULE = "name.word_in_context"
_OPENERS = frozenset({".", "!", "?", ":", ";", "-", "*", "•", "—", "–", "(", "|"})
_AUXILIARIES = frozenset("was is were are has had".split())  # a move after them is the word-name's own
_DETERMINERS = frozenset("a an the this that its their his her my our your each every any no some".split())


@dataclass(frozen=True)
class WordContext:
    """The words around a lowercase word-name that make it a name (lexicon lists, read once)."""

    joiners: frozenset[str]  # name_joiners: "tesla, meta and amd"
    moves: frozenset[str]  # sign verbs: "alphabet eased 0.2%"
    verbs: frozenset[str]  # any subject's verb, read after a sentence opening: "meta was the standout"
    before_objects: frozenset[str]  # object_words, relation verbs: "better than ren", "bcp beat galp"
    heads: frozenset[str] = frozenset()  # company_heads: "the grid operator ren climbed", an apposition's name


def word_names_in_context(orth: list[str], candidates, found, context: WordContext) -> list:
    """A name whose lowercase is an ordinary word ("meta", "nos", "navigator") counts, written in
    lowercase, where the context makes it a name: in a list with another name or another such word
    ("tesla, meta and amd", "nos/SON", "ren and navigator"), before its own ticker in brackets
    ("meta (META)"), before a move or a comparison ("alphabet eased 0.2%", "nos -8.1%", "meta's best
    session", "meta outperformed amazon") unless a determiner makes it a noun ("the cost rose"),
    opening its sentence before a verb ("meta was the clear standout"), or
    as the object of a comparison ("better than ren"). `candidates` are the lowercase matches, `found`
    the names already taken; only candidates are visited, never the whole text."""
    from extractors.document import Name

    accepted: list = []
    taken = {i for name in found for i in range(name.start, name.end)}
    pending = [c for c in sorted(candidates, key=lambda n: n.start) if not any(i in taken for i in range(c.start, c.end))]
    while pending:  # a name accepted may make its neighbour a list's ("nos and ren")
        names = list(found) + accepted
        starts = {name.start: name for name in names}
        ends = {name.end: name for name in names}
        # two different word-names listed together name each other ("ren and navigator were flat")
        others = [c for c in pending if c.start not in starts]
        cand_starts = {c.start: c for c in others}
        cand_ends = {c.end: c for c in others}
        left = []
        for cand in pending:
            if _noun_phrase_head(orth, cand, context.heads):
                continue  # "its renewables arm, EDP Renováveis": the ordinary noun a possessive opens
            pair_starts = {k: v for k, v in cand_starts.items() if v.ticker != cand.ticker}
            pair_ends = {k: v for k, v in cand_ends.items() if v.ticker != cand.ticker}
            if _listed(orth, cand, starts, ends, context.joiners) or _bracketed(orth, cand, starts) \
                    or _listed(orth, cand, pair_starts, pair_ends, context.joiners) or _subject(orth, cand, context) \
                    or _in_column_of_names(orth, cand, starts):
                accepted.append(Name(cand.ticker, cand.start, cand.end, WORD_NAME_RULE))
            else:
                left.append(cand)
        if len(left) == len(pending):
            break
        pending = left
    return accepted


# possessives that open a noun phrase: a lowercase word-name after one, a lowercase word or none between,
# is that phrase's noun ("its renewables arm", "their meta strategy" aside)
_POSSESSIVES = frozenset({"its", "their", "his", "her", "our", "whose"})


def _noun_phrase_head(orth, cand, heads: frozenset[str] = frozenset()) -> bool:
    """"its renewables arm", "its arm", "The renewables arm trailed": a possessive, or a determiner and one
    lowercase word, then the word; a company head keeps its apposition ("the grid operator ren")."""
    before = _previous(orth, cand.start)
    if before >= 0 and orth[before].lower() in _POSSESSIVES:
        return True
    if before >= 0 and orth[before].isalpha() and orth[before].islower():
        earlier = _previous(orth, before)
        if earlier >= 0 and orth[earlier].lower() in _DETERMINERS and orth[before] not in heads:
            return True
        return earlier >= 0 and orth[earlier].lower() in _POSSESSIVES
    return False


def _blank(word: str) -> bool:
    return not word.strip()


def _listed(orth, cand, starts, ends, joiners) -> bool:
    """Another name within three joiner tokens either side ("ren and the edp", "amd and meta")."""
    i, hops = cand.end, 0
    while i < len(orth) and hops <= 3:
        if i in starts and hops:
            return True
        if orth[i].lower() not in joiners and not _blank(orth[i]):
            break
        hops += 1
        i += 1
    i, hops = cand.start, 0
    while i > 0 and hops <= 3:
        if i in ends and hops:
            return True
        if orth[i - 1].lower() not in joiners and not _blank(orth[i - 1]):
            break
        hops += 1
        i -= 1
    return False


def _bracketed(orth, cand, starts) -> bool:
    """"meta (META)": its own ticker in brackets right after it."""
    i = cand.end
    if i < len(orth) and orth[i] == "(" and i + 1 in starts:
        other = starts[i + 1]
        return other.ticker == cand.ticker and other.end < len(orth) and orth[other.end] == ")"
    return False


def _previous(orth, i: int) -> int:
    """The index of the last word before token `i`, skipping spaces; -1 at a line's or the text's start."""
    i -= 1
    while i >= 0 and _blank(orth[i]):
        if "\n" in orth[i]:
            return -1
        i -= 1
    return i


def _line_opener(orth, i: int, step: int) -> int | None:
    """The first word of the line before (`step` -1) or after (+1) the line holding token `i`."""
    count = len(orth)
    k = i
    while 0 <= k < count and "\n" not in orth[k]:
        k += step
    if not 0 <= k < count:
        return None
    if step < 0:  # back over the line before to its own start
        k -= 1
        while k >= 0 and "\n" not in orth[k]:
            k -= 1
    k += 1
    while k < count and _blank(orth[k]) and "\n" not in orth[k]:
        k += 1
    return k if k < count and not _blank(orth[k]) else None


def _in_column_of_names(orth, cand, starts) -> bool:
    """A notebook's or a terse table's column of names: the word opens its line, a figure follows it on
    that line ("nos    x1.0841  p1=4.385"), and the line above or below opens with a name ("galp", "son")."""
    if _previous(orth, cand.start) >= 0:
        return False
    j = cand.end
    while j < len(orth) and _blank(orth[j]) and "\n" not in orth[j]:
        j += 1
    if j >= len(orth) or not _figure_like(orth[j]):
        return False
    return any(opener is not None and opener in starts and opener != cand.start
               for opener in (_line_opener(orth, cand.start, -1), _line_opener(orth, cand.end - 1, +1)))


def _figure_like(word: str) -> bool:
    return any(ch.isdigit() for ch in word)


def _subject(orth, cand, context: WordContext) -> bool:
    count = len(orth)
    before = _previous(orth, cand.start)
    word_before = orth[before].lower() if before >= 0 else ""
    if word_before in context.before_objects:
        return True
    # opening a sentence, a clause or a numbered item ("2. nos: 4.045 → 4.385"); not after a "the", even
    # opening a sentence: "The cost rose 4%" is the ordinary noun
    opening = before < 0 or orth[before] in _OPENERS or orth[before] == "):" or (orth[before][:1].isdigit() and orth[before][-1:] in ".)"
                                                            and _previous(orth, before) < 0)
    j = cand.end
    while j < count and _blank(orth[j]):
        j += 1
    if j < count and orth[j].lower() in ("'s", "’s"):
        return not word_before in _DETERMINERS or opening
    line_start = any("\n" in orth[k] for k in range(max(before, 0), cand.start)) or before < 0
    if j < count and (orth[j] == ":" and opening or orth[j] in (":", "|") and line_start):
        # "nos: 4.045 → 4.385", "- ren: -1.9%", "navigator: Δ −0.4%"; a terse line's first cell ("nos | +17.0%")
        return any(_figure_like(orth[k]) for k in range(j + 1, min(j + 3, count)))
    if opening and j < count and _figure_like(orth[j]) and orth[j][:1].isdigit():
        # day scope: a log's "Day 1 (2 Feb): nos 4.400, BCP 0.9358", "— nos 5.150 (+0.78%)": a close opening its clause
        k = j + 1
        while k < count and _blank(orth[k]) and "\n" not in orth[k]:
            k += 1
        return k >= count or orth[k] in (",", "(", ".", ";", "→") or "\n" in orth[k]
    if j < count and _figure_like(orth[j]) and word_before in context.joiners and before >= 1:
        return _figure_like(orth[_previous(orth, before)])  # "edp 14.6%, ren 15.0%", "fell 3.3% and navigator 2.7%"
    if j + 1 < count and orth[j] == ",":  # "navigator, meanwhile, lost 2.4%", "meta, by contrast, climbed"
        k = j + 1
        while k < count and k - j <= 3 and orth[k] != "," and orth[k].isalpha():
            k += 1
        if k < count and orth[k] == "," and k > j + 1:
            j = k + 1
    if j < count and (orth[j].lower().endswith("ly") or orth[j].lower() in ("also", "too", "then", "still")):
        j += 1  # "alphabet barely moved", "nos also advanced"
    if j >= count:
        return False
    word = orth[j].lower()
    if word == "(" and (opening or word_before in context.joiners):  # "Winners: nos (+17.0%), ren (+11.6%)"
        k = j + 1
        while k < count and _blank(orth[k]):
            k += 1
        return k < count and orth[k][:1] in "+-−" and _figure_like(orth[k])
    moves = word in context.moves or word in context.before_objects or (word[:1] in "+-−" and _figure_like(word))
    if word_before in context.heads and (moves or word in context.verbs):
        return True  # "The cable-and-mobile operator nos was the best", "the paper maker navigator rose 7%"
    if not moves and word in _AUXILIARIES:  # "and ren was up 11.59%", "alphabet was down 1.41%"
        k = j + 1
        while k < count and _blank(orth[k]):
            k += 1
        after = orth[k].lower() if k < count else ""
        moves = after in context.moves and (len(after) > 2 or after == "up")  # not the Romance "a", "do" the list holds
    if opening:
        return moves or word in context.verbs or (word.endswith("ed") and len(word) > 3)
    return moves and word_before not in _DETERMINERS
