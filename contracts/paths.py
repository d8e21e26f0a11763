"""Where the project's shipped data lives (overridable with MCB_DATA_DIR for an installed copy)."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CARDS_DIR = PROJECT_ROOT / "cards"


def data_dir() -> Path:
    """The folder holding `universes.toml`, `prices/` and the shipped corpora."""
    return Path(os.environ.get("MCB_DATA_DIR", PROJECT_ROOT / "data"))
