"""Where the project's shipped data lives: defined in `contracts.paths`, named here for builder code."""

from __future__ import annotations

from contracts.paths import CARDS_DIR, PROJECT_ROOT, data_dir

__all__ = ["CARDS_DIR", "PROJECT_ROOT", "data_dir"]
