"""The scorer's version: which code and which tables turned a submission into verdicts.

`scorer_version()` is the package version plus a hash of everything that decides a verdict: every
file under `extractors/rules/` (the extractor's rule files), the name tables `data/universes.toml`
and `data/other_names.toml`, and the Python modules of `extractors/` and `contracts/` (command-line
modules excluded: they parse arguments and print). Every stored result records it, so a result is
never read as if a later scorer had made it; `mcb rescore` re-scores stored submissions when it
changes.
"""

from __future__ import annotations

import hashlib
import tomllib
from functools import cache
from importlib import metadata
from pathlib import Path

from contracts.paths import PROJECT_ROOT, data_dir

DISTRIBUTION = "market-claim-bench"
HASH_CHARS = 12
RULES_DIR = Path("extractors") / "rules"
NAME_TABLES: tuple[str, ...] = ("universes.toml", "other_names.toml")
CODE_PACKAGES: tuple[str, ...] = ("extractors", "contracts")
# Results stored before scorers were versioned read as made by this one.
UNPINNED = "unpinned"


def package_version() -> str:
    """The installed distribution's version; pyproject.toml's when run from a copy (the Space)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pyproject = PROJECT_ROOT / "pyproject.toml"
        if pyproject.exists():
            return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
        return "0+unknown"


def _is_cli(path: Path) -> bool:
    return path.name == "cli.py" or path.name.endswith("_cli.py")


def scorer_files(root: Path = PROJECT_ROOT, data: Path | None = None) -> dict[str, Path]:
    """Label -> file of everything the hash covers; labels are relative, so the hash does not depend
    on where the project or its data folder lives."""
    data = Path(data) if data is not None else data_dir()
    files: dict[str, Path] = {}
    rules = root / RULES_DIR
    if rules.is_dir():
        files.update({path.relative_to(root).as_posix(): path for path in rules.rglob("*")
                      if path.is_file() and "__pycache__" not in path.parts})
    for name in NAME_TABLES:
        if (data / name).is_file():
            files[f"data/{name}"] = data / name
    for package in CODE_PACKAGES:
        for path in (root / package).rglob("*.py"):
            if "__pycache__" not in path.parts and not _is_cli(path):
                files[path.relative_to(root).as_posix()] = path
    return dict(sorted(files.items()))


def fingerprint(files: dict[str, Path]) -> str:
    """SHA-256 over each file's label and bytes, in label order."""
    digest = hashlib.sha256()
    for label, path in files.items():
        digest.update(label.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@cache
def _hash(root: Path, data: Path) -> str:
    """Files do not change under a running scorer: hashed once per process (and data folder)."""
    return fingerprint(scorer_files(root, data))[:HASH_CHARS]


def scorer_version() -> str:
    """`{package version}+{hash}`, e.g. `2026.8.0+3fa2b1c4d5e6`."""
    return f"{package_version()}+{_hash(PROJECT_ROOT, data_dir())}"


def revision_of(files: dict[str, Path]) -> str:
    """A dataset revision: the first hex digits of `fingerprint` over the files the scorer reads."""
    return fingerprint(dict(sorted(files.items())))[:HASH_CHARS]
