"""One error model for every input the project checks: `Problem(line, field, message)`.

Every validator collects problems instead of stopping at the first, and every command shows them
the same way: the first twenty, then one "and N more of the same kind" line per kind, so a file
with three hundred identical mistakes reads as one mistake made three hundred times.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

MAX_PROBLEMS_SHOWN = 20


def shown_name(name: str) -> str:
    """A field name as a message prints it: as written when printable, else escaped (a name may
    hold NUL, a lone surrogate or a bidi control, which must not reach a terminal raw)."""
    return name if name.isprintable() else repr(name)[1:-1]


@dataclass(frozen=True)
class Problem:
    """One error: where (1-based line, field; either may be unknown) and what.

    `kind` groups problems that are the same mistake on different lines (e.g. "unknown_field");
    it defaults to the message itself.
    """

    line: int | None
    field: str | None
    message: str
    kind: str = ""

    @property
    def group(self) -> tuple[str | None, str]:
        return (self.field, self.kind or self.message)

    def where(self) -> str:
        parts = []
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.field is not None:
            parts.append(f"field '{shown_name(self.field)}'")
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message


def summarise(problems: Sequence[Problem], limit: int = MAX_PROBLEMS_SHOWN, separator: str = "\n") -> str:
    """The first `limit` problems, then per kind of the rest: "... and N more of the same kind"."""
    shown = [str(problem) for problem in problems[:limit]]
    rest: dict[tuple[str | None, str], list[Problem]] = {}
    for problem in problems[limit:]:
        rest.setdefault(problem.group, []).append(problem)
    for group in rest.values():
        example = group[0]
        label = f"field '{shown_name(example.field)}': {example.message}" if example.field else example.message
        shown.append(f"... and {len(group)} more of the same kind ({label})")
    return separator.join(shown)


class InvalidInput(ValueError):
    """Input that failed validation; `problems` lists every error found, and nothing was stored."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(summarise(self.problems))

    def summary(self, separator: str = "\n") -> str:
        return summarise(self.problems, separator=separator)
