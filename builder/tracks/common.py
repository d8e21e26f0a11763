"""What the three tracks share: their names, the caveats the board must show, cell ids, row basics.

Track rows carry every `Cell` column (cell_id, release, market, month, arm, context, prompt,
n_tokens, n_tokens_max) so anything that reads cells can send them, then `track` and the answer key.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyarrow as pa

from builder.cells import Cell
from contracts.vocabulary import TRACKS, check_registry

LOWER_BOUND_CAVEAT = (
    "A pass is a lower bound, not proof of no memorisation: a test that fails to elicit memorised "
    "knowledge does not show it is absent, since other prompts or cues may trigger it "
    "(memorisation paper, Remark 1)."
)


@dataclass(frozen=True)
class TrackInfo:
    """One track as the board shows it: a title, the paper it comes from and its caveats."""

    name: str
    title: str
    source: str
    caveats: tuple[str, ...]


TRACK_INFO: dict[str, TrackInfo] = {
    info.name: info
    for info in (
        TrackInfo(
            "recall",
            "Direct recall",
            "The Memorization Problem, sections 3 and 5.2-5.4, appendix A prompts",
            (
                LOWER_BOUND_CAVEAT,
                "Accurate answers before the declared knowledge cutoff cannot be told from skill; small "
                "post-cutoff samples have little power to separate skill from undetected memorisation "
                "(Proposition 2).",
            ),
        ),
        TrackInfo(
            "relabeled",
            "Fake date test",
            "Fake date tests, sections 2.2.1-2.2.2 (test I with a cutoff 36 months back, test II with none)",
            (
                LOWER_BOUND_CAVEAT,
                "Passing does not mean no lookahead: a model may leak the same future information under both "
                "labels. Failing is a serious signal, not proof: a model can be date-sensitive for other "
                "reasons (fake-date paper, section 3).",
            ),
        ),
        TrackInfo(
            "masked",
            "Masked identities",
            "The Memorization Problem, section 5.6",
            (
                LOWER_BOUND_CAVEAT,
                "Identification above the random baseline shows masking failed; failing to identify does not "
                "show the masked task is future-invariant (Remark 2).",
            ),
        ),
    )
}

check_registry("track", TRACK_INFO, TRACKS)

CELL_FIELDS_SCHEMA: tuple[tuple[str, pa.DataType, str], ...] = (
    ("cell_id", pa.string(), "the track row's id (scheme in the README's Tracks section); the key submissions use"),
    ("release", pa.string(), "the release version this row belongs to"),
    ("market", pa.string(), "universe name: `us` or `lisbon`"),
    ("month", pa.string(), "the true calendar month of the panel, `YYYY-MM`"),
    ("arm", pa.string(), "the arm whose prices the prompt shows (`real` except for masked rows)"),
    ("context", pa.string(), "recall: `none`/`previous`; relabeled: `sparse`; masked: `masked`/`reconstruct`"),
    ("prompt", pa.string(), "the full user prompt"),
    ("n_tokens", pa.int64(), "prompt length in the card's WordPiece tokenizer: a sizing guide, not any chat model's count"),
    ("n_tokens_max", pa.int64(), "a conservative upper bound on the prompt's tokens in any common tokenizer: its UTF-8 byte count"),
    ("track", pa.string(), "`recall`, `relabeled` or `masked`"),
    ("samples", pa.int64(), "answers per row the track's test wants (run with `mcb run --samples`)"),
)
"""Every track config starts with these columns (name, type, description for the card)."""


def track_cell_id(market: str, month: str, track: str, *parts: str) -> str:
    """`{market}-{month}-{track}-{part}-...`, e.g. `us-2026-08-recall-none-close-NVDA-2026-08-14`."""
    if track not in TRACKS:
        raise ValueError(f"unknown track {track!r}; known: {', '.join(TRACKS)}")
    return "-".join((market, month, track, *parts))


@dataclass(frozen=True)
class TrackRow(Cell):
    """A track's prompt: every `Cell` field, then the track and how many answers it wants.

    Each track's row type adds its answer key after these fields.
    """

    track: str
    samples: int


def track_schema(*answer_key: tuple[str, pa.DataType, str]) -> pa.Schema:
    """The Cell columns then the answer key; each field carries its description for the dataset card."""
    return pa.schema([pa.field(name, kind, metadata={"description": text})
                      for name, kind, text in (*CELL_FIELDS_SCHEMA, *answer_key)])


def read_track_rows(folder, track: str) -> list[dict]:
    """A built folder's rows of one track config, as dicts (answer key included)."""
    from pathlib import Path

    import pyarrow.parquet as pq

    from builder.dataset import config_path

    if track not in TRACKS:
        raise ValueError(f"unknown track {track!r}; known: {', '.join(TRACKS)}")
    path = Path(folder) / config_path(track)
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: build the dataset with `mcb build` (it writes every track config)")
    return pq.read_table(path).to_pylist()


def read_track_cells(folder, track: str) -> list:
    """The rows of one track config as `Cell`s, so a runner that sends cells can answer a track."""
    from builder.cells import Cell

    return [Cell.from_row(row) for row in read_track_rows(folder, track)]


def export_track_folder(dataset, track: str, out) -> int:
    """A folder `mcb run --dataset` reads as it is: the track's rows as its `prompts`, the panels copied.

    For runners that read only a `prompts` config (`mcb run` takes `--config`); returns the number of prompts written.
    """
    import shutil
    from pathlib import Path

    import pyarrow as pa
    import pyarrow.parquet as pq

    from builder.dataset import PROMPTS_SCHEMA, config_path

    source, target = Path(dataset), Path(out)
    if source.resolve() == target.resolve():
        raise ValueError("export a track to a new folder, not over the dataset it reads")
    cells = [cell.to_dict() for cell in read_track_cells(source, track)]
    prompts = target / config_path("prompts")
    prompts.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(cells, schema=PROMPTS_SCHEMA), prompts, compression="zstd")
    for config in ("panels", track):
        destination = target / config_path(config)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / config_path(config), destination)
    return len(cells)
