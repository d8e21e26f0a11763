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


def name_patterns(universe: Universe, index_id: str) -> list[dict]:
    """SpanRuler patterns (exact spellings) for every name of the universe's table."""
    table = name_table(universe)
    patterns = [{"label": "TICKER", "pattern": surface, "id": ticker} for surface, ticker in table.tickers.items()]
    patterns += [{"label": "INDEX", "pattern": surface, "id": index_id} for surface in table.indices]
    return patterns


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
            and (following in ("'s", "’s", "stock", "shares", "is", "was", "has", "had") or following.lower() in _SUBJECT_VERBS)
        if bracketed or opening:
            out.append(Name(text, i, i + 1, BARE_SYMBOL_RULE))
    return out


_SUBJECT_VERBS = frozenset(
    "rose fell gained lost jumped dropped climbed slid sank closed ended finished traded surged soared declined advanced "
    "added shed tumbled plunged rallied goes went needs remains faces".split()
)
