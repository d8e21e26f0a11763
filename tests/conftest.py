"""Shared test setup: no network, datasets caches in a temporary folder, one default build per session."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


@pytest.fixture(scope="session", autouse=True)
def _datasets_cache(tmp_path_factory):
    """Keep `load_dataset`'s cache out of the user's home."""
    cache = tmp_path_factory.mktemp("hf-datasets-cache")
    previous = os.environ.get("HF_DATASETS_CACHE")
    os.environ["HF_DATASETS_CACHE"] = str(cache)
    yield
    if previous is None:
        os.environ.pop("HF_DATASETS_CACHE", None)
    else:
        os.environ["HF_DATASETS_CACHE"] = previous


@pytest.fixture(scope="session")
def default_build(tmp_path_factory):
    """The default dataset (both markets at their default months), built once per session."""
    from builder.dataset import build_dataset, default_specs

    out = tmp_path_factory.mktemp("default-build")
    build_dataset(out, default_specs())
    return out
