"""Shared test setup: no network, datasets caches in a temporary folder, one default build per session."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


CACHE_VARIABLES = ("HF_DATASETS_CACHE", "MCB_EMBEDDINGS_CACHE", "MCB_PRICE_CACHE")


@pytest.fixture(scope="session", autouse=True)
def _caches_in_tmp(tmp_path_factory):
    """Keep `load_dataset`'s, the embeddings' and the price fetcher's caches out of the user's home."""
    previous = {name: os.environ.get(name) for name in CACHE_VARIABLES}
    for name in CACHE_VARIABLES:
        os.environ[name] = str(tmp_path_factory.mktemp(name.lower()))
    yield
    for name, value in previous.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(scope="session")
def default_build(tmp_path_factory):
    """The default dataset (both markets at their default months), built once per session."""
    from builder.dataset import build_dataset, default_specs

    out = tmp_path_factory.mktemp("default-build")
    build_dataset(out, default_specs())
    return out
