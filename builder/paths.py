"""Where the project's shipped data lives (defined in `contracts.paths`, named here for builder code),
and where `mcb build` writes by default (here, not in `builder.dataset`, so command help can name it
without loading pandas and pyarrow)."""

from __future__ import annotations

from pathlib import Path

from contracts.paths import CARDS_DIR, PROJECT_ROOT, data_dir

DEFAULT_OUT = Path("build/market-claim-bench")

__all__ = ["CARDS_DIR", "DEFAULT_OUT", "PROJECT_ROOT", "data_dir"]
