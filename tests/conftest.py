"""Shared test setup: no network, datasets caches in a temporary folder, one default build per session."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# `datasets` reads its cache folder once, when it is imported (test modules import it at the top,
# before any fixture runs), and keys a local folder's cache by the folder's name, not its content:
# without a fresh cache per session, `load_dataset` on this session's `default-build0` returns an
# earlier session's tables. So the folder is chosen here, before any test module is imported.
_DATASETS_CACHE = tempfile.mkdtemp(prefix="mcb-test-hf-datasets-")
os.environ["HF_DATASETS_CACHE"] = _DATASETS_CACHE
atexit.register(shutil.rmtree, _DATASETS_CACHE, ignore_errors=True)


CACHE_VARIABLES = ("MCB_EMBEDDINGS_CACHE", "MCB_PRICE_CACHE")


@pytest.fixture(scope="session", autouse=True)
def _caches_in_tmp(tmp_path_factory):
    """Keep the embeddings' and the price fetcher's caches out of the user's home (`load_dataset`'s: above)."""
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
