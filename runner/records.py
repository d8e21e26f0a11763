"""One line of a run's output: a submission line (DESIGN.md contract) plus per-line metadata.

The contract fields are `cell_id`, `commentary`, `sample`, `status` and `error`; everything else
is metadata a scorer may ignore. A failed line carries `commentary: null` and an `error` that
starts with its failure kind, so a failure can never be read as an empty answer.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from typing import Literal, get_args

Status = Literal["ok", "failed"]
FailureKind = Literal[
    "too_long",     # refused before sending: the prompt cannot fit the server's context window
    "truncated",    # the server read materially fewer prompt tokens than were sent
    "timeout",      # no reply within --timeout, after retries
    "connection",   # could not reach the server, after retries
    "http",         # the server answered with an HTTP error status
    "empty",        # the reply had no text
    "refusal",      # the API refused (refusal field or content filter)
]
STATUSES: tuple[str, ...] = get_args(Status)
FAILURE_KINDS: tuple[str, ...] = get_args(FailureKind)


class RecordError(ValueError):
    """A line of a results file that does not follow the format; names the line and field."""


@dataclass(frozen=True)
class AnswerLine:
    """One (cell, sample) answer or failure, exactly as written to the JSONL file."""

    cell_id: str
    sample: int
    status: Status
    commentary: str | None
    error: str | None
    failure: FailureKind | None
    model: str
    server_model: str | None
    temperature: float
    max_tokens: int
    num_ctx: int | None
    n_tokens: int
    prompt_tokens: int | None
    completion_tokens: int | None
    finish_reason: str | None
    latency_s: float | None
    attempts: int
    release: str
    finished_at: str

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise RecordError(f"status must be one of {STATUSES}, got {self.status!r}")
        if not isinstance(self.sample, int) or self.sample < 0:
            raise RecordError(f"sample must be a non-negative int, got {self.sample!r}")
        if self.status == "ok":
            if not isinstance(self.commentary, str) or not self.commentary.strip():
                raise RecordError(f"{self.cell_id}: an ok line needs a non-empty commentary")
            if self.error is not None or self.failure is not None:
                raise RecordError(f"{self.cell_id}: an ok line carries no error or failure")
        else:
            if self.commentary is not None:
                raise RecordError(f"{self.cell_id}: a failed line has commentary null, never text")
            if not self.error or self.failure not in FAILURE_KINDS:
                raise RecordError(
                    f"{self.cell_id}: a failed line needs an error and a failure kind in {FAILURE_KINDS}"
                )

    @property
    def key(self) -> tuple[str, int]:
        return (self.cell_id, self.sample)

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, sort_keys=False)

    @classmethod
    def from_dict(cls, data: dict, where: str) -> "AnswerLine":
        """Rebuild a line read back from a file; `where` (e.g. "out.jsonl line 3") names it in errors."""
        names = [f.name for f in fields(cls)]
        missing = [name for name in names if name not in data]
        if missing:
            raise RecordError(f"{where}: missing field(s) {', '.join(missing)}")
        try:
            return cls(**{name: data[name] for name in names})
        except RecordError as error:
            raise RecordError(f"{where}: {error}") from error
