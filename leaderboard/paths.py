"""Where the board's results live by default: named here, not in `leaderboard.store`, so command
help can show it without loading the store (`tests/test_cli_fast.py`)."""

from __future__ import annotations

from pathlib import Path

DEFAULT_RESULTS = Path("results")
