"""Named defaults that command-line help shows, in a module that imports nothing.

The modules that use them load numpy, pandas and scipy at import; `mcb --help` must answer at once
(`tests/test_cli_fast.py`), so the numbers and names a command's help prints are defined here and
imported by those modules under their own names.
"""

from __future__ import annotations

BASELINE_SEED = 2026
"""The fabricator baseline's random figures (`extractors.baselines`)."""

KS_PERMUTATIONS = 10_000
"""The fake-date paper's permutation count for its Kolmogorov-Smirnov test (`extractors.tracks.stats`)."""

PROBE_RIDGE_LAMBDA = 0.01
"""The memorisation probe's ridge regularisation strength, the paper's (`extractors.embeddings.memorisation_probe`)."""
PROBE_WINDOW = 20
"""Sessions of history per rolling ridge fit and per moving average: about one trading month."""
PROBE_SEED = 0
"""Seed of the probe's shuffled and random placebos."""

EMBEDDINGS_CACHE_ENV = "MCB_EMBEDDINGS_CACHE"
"""The environment variable naming the embedding cache folder (`extractors.embeddings.encoder`)."""
