"""Progress of long library calls (scoring, submitting, seeding the board), shown by whoever called them.

Library code names its steps through `Steps` and never draws anything; the command line passes
`RichSteps` (one rich progress bar per step, with the time it took), everything else `SILENT`.
A step with a known size (cells to score) is a counted bar; one without (loading spaCy or an
embedding model) is a pulsing bar with its elapsed time, so no step over a second or two is silent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID


class Steps(Protocol):
    def step(self, description: str, total: int | None = None) -> None:
        """Start a step, finishing the one before: counted when `total` is given."""

    def advance(self, amount: int = 1) -> None:
        """Count `amount` more of the current step's `total`."""


class _Silent:
    def step(self, description: str, total: int | None = None) -> None:
        pass

    def advance(self, amount: int = 1) -> None:
        pass


SILENT: Steps = _Silent()


class RichSteps:
    """`Steps` as rich progress bars, one line per step, kept on screen; use it as a context manager."""

    def __init__(self, console: Console | None = None) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._progress: Progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                            TimeElapsedColumn(), console=console)
        self._task: TaskID | None = None

    @property
    def console(self) -> Console:
        """Print through this while the bars are live, so lines land above them."""
        return self._progress.console

    def __enter__(self) -> RichSteps:
        self._progress.start()
        return self

    def __exit__(self, *exc) -> None:
        self._finish()
        self._progress.stop()

    def step(self, description: str, total: int | None = None) -> None:
        self._finish()
        self._task = self._progress.add_task(description, total=total)

    def advance(self, amount: int = 1) -> None:
        if self._task is not None:
            self._progress.advance(self._task, amount)

    def _finish(self) -> None:
        """A pulsing step becomes a full 1/1 bar; a counted one stops its clock where it got to."""
        if self._task is None:
            return
        task = self._progress.tasks[self._task]
        if task.total is None:
            self._progress.update(self._task, total=1, completed=1)
        self._progress.stop_task(self._task)
        self._task = None


class Prefixed:
    """Steps whose descriptions start with `prefix` (the baseline or canary being scored)."""

    def __init__(self, steps: Steps, prefix: str) -> None:
        self._steps, self._prefix = steps, prefix

    def step(self, description: str, total: int | None = None) -> None:
        self._steps.step(f"{self._prefix}: {description}", total)

    def advance(self, amount: int = 1) -> None:
        self._steps.advance(amount)
