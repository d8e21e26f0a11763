"""Where the prompts come from: a folder built by `mcb build`, or a Hub dataset repo at a revision.

`--dataset` takes either. An existing directory is read with `builder.dataset.read_dataset`;
anything else of the form `owner/name[@revision]` is loaded with
`datasets.load_dataset(repo, config, revision=...)`, the way eval researchers pin a version.
`--config` picks which config's rows are sent: `prompts` (the 24 commentary cells), `sweep` (the
dose-response sweep, built by `mcb build --sweep`) or a track (`recall`, `relabeled`, `masked`),
whose rows carry the same cell columns.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from pathlib import Path

from builder.cells import CELL_FIELDS, Cell
from builder.dataset import SPLIT, all_configs, read_dataset
from builder.tracks.common import TRACKS, read_track_cells
from contracts.vocabulary import SWEEP_CONFIG

PROMPT_CONFIGS = ("prompts", SWEEP_CONFIG, *TRACKS)

HUB_REPO = re.compile(r"^(?P<repo>[A-Za-z0-9][\w.-]*/[\w.-]+)(?:@(?P<revision>[\w./-]+))?$")
OPTIONAL_FIELDS = ("n_tokens_max",)
"""Computed from the prompt when a release published before it lacks the column."""


class PromptSourceError(ValueError):
    """The `--dataset` or `--cells` value cannot be used; the message says why."""


@dataclass(frozen=True)
class PromptSource:
    """A parsed `--dataset` value: a local folder, or a Hub repo with an optional revision."""

    folder: Path | None = None
    repo: str | None = None
    revision: str | None = None

    def describe(self) -> str:
        if self.folder is not None:
            return str(self.folder)
        return f"{self.repo}@{self.revision}" if self.revision else str(self.repo)


def parse_source(value: str | Path) -> PromptSource:
    """A directory that exists wins; otherwise the value must look like `owner/name[@revision]`."""
    path = Path(value)
    if path.is_dir():
        return PromptSource(folder=path)
    match = HUB_REPO.match(str(value))
    if match is None:
        raise PromptSourceError(
            f"--dataset {value!r} is neither an existing folder nor a Hub repo id like owner/name@2026.08"
        )
    return PromptSource(repo=match["repo"], revision=match["revision"])


def load_cells(source: PromptSource, config: str = "prompts") -> list[Cell]:
    """Every cell of one config of the source, in the dataset's order."""
    if config not in PROMPT_CONFIGS or config not in all_configs():
        raise PromptSourceError(f"--config {config!r} has no prompts to send; choose one of {', '.join(PROMPT_CONFIGS)}")
    if source.folder is not None:
        try:
            if config in ("prompts", SWEEP_CONFIG):
                return list(read_dataset(source.folder, config).cells.values())
            return read_track_cells(source.folder, config)
        except FileNotFoundError as error:
            raise PromptSourceError(str(error)) from error
    return load_hub_cells(str(source.repo), source.revision, config)


def load_hub_cells(repo: str, revision: str | None, config: str = "prompts") -> list[Cell]:
    """One config of a dataset repo (or any path `load_dataset` accepts) as cells."""
    from datasets import load_dataset  # heavy import, only when the Hub path is used

    rows = load_dataset(repo, config, revision=revision, split=SPLIT)
    missing = [name for name in CELL_FIELDS if name not in rows.column_names and name not in OPTIONAL_FIELDS]
    if missing:
        raise PromptSourceError(f"{repo}: the {config} config lacks column(s) {', '.join(missing)}")
    return [Cell.from_row(row) for row in rows]


def select_cells(cells: list[Cell], pattern: str | None) -> list[Cell]:
    """Cells whose id matches the glob (comma-separated globs allowed); all cells without one."""
    if not pattern:
        return list(cells)
    globs = [part.strip() for part in pattern.split(",") if part.strip()]
    chosen = [cell for cell in cells if any(fnmatch.fnmatchcase(cell.cell_id, glob) for glob in globs)]
    if not chosen:
        examples = ", ".join(cell.cell_id for cell in cells[:3])
        raise PromptSourceError(f"--cells {pattern!r} matches no cell (ids look like {examples})")
    return chosen
