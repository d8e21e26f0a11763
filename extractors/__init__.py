"""Claim extraction, the price-arithmetic oracle, verdicts and submission scoring.

`Claim` and `extract_claims` are loaded on first use (PEP 562): importing any `extractors.*` module
runs this file, and `extractors.extract` loads spaCy, which the command line must not pay for.
"""

from __future__ import annotations

import importlib

_LAZY = {"Claim": "extractors.claims", "extract_claims": "extractors.extract"}

__all__ = ["Claim", "extract_claims"]


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'extractors' has no attribute {name!r}")
