"""Release versions (`YYYY.MM`, `YYYY.MM.N` for a re-release) and the changelog the card renders.

A release is immutable once published; a correction is a new `.N` release, never a moved tag.
The version string is also the Hub tag and the folder name of a local pinned release.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from builder.paths import CARDS_DIR

VERSION_PATTERN = re.compile(r"^(?P<year>\d{4})\.(?P<month>\d{2})(?:\.(?P<rerelease>[1-9]\d*))?$")
CHANGELOG_FILE = "changelog.toml"


class VersionError(ValueError):
    """A version string that is not `YYYY.MM` or `YYYY.MM.N`, or a changelog that does not parse."""


@dataclass(frozen=True, order=True)
class Version:
    """A parsed release version; orders by year, month, then re-release number (0 = first release)."""

    year: int
    month: int
    rerelease: int = 0

    def __str__(self) -> str:
        base = f"{self.year:04d}.{self.month:02d}"
        return f"{base}.{self.rerelease}" if self.rerelease else base

    @property
    def data_month(self) -> str:
        """The `YYYY-MM` the release is named after."""
        return f"{self.year:04d}-{self.month:02d}"


def parse_version(text: str) -> Version:
    """Parse and validate a release version, naming what is wrong."""
    match = VERSION_PATTERN.match(str(text))
    if not match:
        raise VersionError(
            f"release version {text!r} is not YYYY.MM or YYYY.MM.N (e.g. 2026.08, or 2026.08.1 for a re-release)"
        )
    month = int(match["month"])
    if not 1 <= month <= 12:
        raise VersionError(f"release version {text!r}: month {match['month']} is not 01-12 (expected YYYY.MM or YYYY.MM.N)")
    return Version(int(match["year"]), month, int(match["rerelease"] or 0))


def validate_version(text: str) -> str:
    """The canonical string of a valid version (raises VersionError otherwise)."""
    return str(parse_version(text))


def next_rerelease(version: str) -> str:
    """The version that corrects `version`: 2026.08 -> 2026.08.1, 2026.08.1 -> 2026.08.2."""
    current = parse_version(version)
    return str(Version(current.year, current.month, current.rerelease + 1))


def release_folder(root: Path, version: str) -> Path:
    """Where a local pinned release lives: `<root>/<version>/`, a complete dataset repo of its own."""
    return Path(root) / validate_version(version)


@dataclass(frozen=True)
class ChangelogEntry:
    """One release's notes."""

    version: Version
    date: date | None
    changes: tuple[str, ...]


def changelog_path() -> Path:
    return CARDS_DIR / CHANGELOG_FILE


def read_changelog(path: Path | None = None) -> tuple[ChangelogEntry, ...]:
    """Every entry of the changelog, newest first; validates each version and forbids duplicates."""
    path = path or changelog_path()
    try:
        with Path(path).open("rb") as handle:
            table = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise VersionError(f"{path}: not valid TOML ({error})") from error
    entries: list[ChangelogEntry] = []
    for index, raw in enumerate(table.get("release", []), start=1):
        if "version" not in raw or "changes" not in raw:
            raise VersionError(f"{path}: [[release]] #{index} needs `version` and `changes`")
        released = raw.get("date")
        entries.append(ChangelogEntry(
            version=parse_version(str(raw["version"])),
            date=date.fromisoformat(str(released)) if released else None,
            changes=tuple(str(change) for change in raw["changes"]),
        ))
    versions = [entry.version for entry in entries]
    duplicates = sorted({str(v) for v in versions if versions.count(v) > 1})
    if duplicates:
        raise VersionError(f"{path}: version(s) listed twice: {', '.join(duplicates)}")
    return tuple(sorted(entries, key=lambda entry: entry.version, reverse=True))


def changelog_until(release: str, path: Path | None = None) -> tuple[ChangelogEntry, ...]:
    """The entries a card of `release` shows: that release and every earlier one, newest first."""
    current = parse_version(release)
    return tuple(entry for entry in read_changelog(path) if entry.version <= current)
