"""Name tables: how the text may name a ticker, for a universe plus well-known outsiders."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from builder.paths import data_dir
from builder.universes import Universe

OTHER_NAMES_FILE = "other_names.toml"
# An exchange-suffixed symbol (TEP.PA, CTT.LS) is a ticker even when no table lists it.
SUFFIXED_TICKER = re.compile(r"^[A-Z]{1,6}\.[A-Z]{1,2}$")


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
        for name in names:
            aliases[name] = ticker
    return aliases, frozenset(table.get("indices", {}).get("names", []))


def name_table(universe: Universe) -> NameTable:
    """The universe's own names win over outsiders with the same spelling."""
    others, indices = _other_names(data_dir() / OTHER_NAMES_FILE)
    aliases = dict(others)
    aliases.update(universe.aliases())
    return NameTable(tickers=aliases, indices=indices)
