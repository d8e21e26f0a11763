"""The markets: enumerated from `data/universes.toml`, never spelled as a literal list.

`builder.universes` builds the full `Universe` objects from the same tables; this module only
reads the file, so the contract layer can name markets without importing the builder.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from contracts.paths import data_dir


def universes_path() -> Path:
    return data_dir() / "universes.toml"


@cache
def _tables(path: Path) -> dict[str, dict]:
    with path.open("rb") as handle:
        return dict(tomllib.load(handle).get("markets", {}))


def market_tables(path: Path | None = None) -> dict[str, dict]:
    """Each market's raw `[markets.NAME]` table, in file order."""
    return dict(_tables(path or universes_path()))


def market_names() -> tuple[str, ...]:
    """Every market of `data/universes.toml`, in file order (`us`, `lisbon` today)."""
    return tuple(_tables(universes_path()))


def make_cell_id(market: str, month: str, arm: str, context: str) -> str:
    """The cell id contract: `{market}-{month}-{arm}-{context}`, e.g. `us-2026-08-inverted-sparse`."""
    return f"{market}-{month}-{arm}-{context}"
