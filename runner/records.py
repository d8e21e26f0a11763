"""One line of a run's output: a submission line (`contracts.submission`) plus the run metadata.

The contract fields are `cell_id`, `commentary`, `sample`, `status` and `error`; the rest are the
run metadata fields `contracts.submission.RUN_METADATA_FIELDS` declares, so the scorer and the
board accept a run's file as it is. A failed line carries `commentary: null` and an `error` that
starts with its failure kind, so a failure can never be read as an empty answer.
"""

from __future__ import annotations

import json
from dataclasses import MISSING, asdict, dataclass, fields

from contracts.problems import summarise
from contracts.submission import CONTRACT_NAMES, RUN_METADATA_NAMES, Response, check_line
from contracts.vocabulary import FAILURE_KINDS, FailureKind, Status


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
    # A `length` failure's text, kept apart from commentary so it is never scored as a complete answer.
    partial: str | None = None

    def __post_init__(self) -> None:
        """The contract's own checks (one rule set for writer and readers), then the runner's:
        a failed line names its failure kind."""
        _, problems = check_line(asdict(self), None)
        if problems:
            raise RecordError(f"{self.cell_id}: {summarise(problems, separator='; ')}")
        if self.status == "ok" and self.failure is not None:
            raise RecordError(f"{self.cell_id}: an ok line carries no failure kind")
        if self.status == "failed" and self.failure not in FAILURE_KINDS:
            raise RecordError(f"{self.cell_id}: a failed line needs a failure kind in {FAILURE_KINDS}")
        if self.partial is not None and self.failure != "length":
            raise RecordError(f"{self.cell_id}: only a `length` failure keeps partial text")

    @property
    def key(self) -> tuple[str, int]:
        return (self.cell_id, self.sample)

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, sort_keys=False)

    @classmethod
    def from_response(cls, response: Response, where: str) -> "AnswerLine":
        """Rebuild a line the contract parser read back; `where` (e.g. "out.jsonl line 3") names it in errors."""
        optional = {f.name for f in fields(cls) if f.default is not MISSING}
        missing = [name for name in RUN_METADATA_NAMES if name not in response.metadata and name not in optional]
        if missing:
            raise RecordError(f"{where}: missing run metadata field(s) {', '.join(missing)}")
        record = response.to_dict()
        try:
            return cls(**{name: record[name] for name in (f.name for f in fields(cls)) if name in record})
        except RecordError as error:
            raise RecordError(f"{where}: {error}") from error


if {f.name for f in fields(AnswerLine)} != set(CONTRACT_NAMES) | set(RUN_METADATA_NAMES):
    raise RuntimeError("runner.records.AnswerLine and contracts.submission's fields have drifted apart")
