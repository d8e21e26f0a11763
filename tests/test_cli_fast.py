"""`mcb` answers at once: `mcb --help` and every command's `--help` in under a second, with no heavy import.

The import check is the deterministic part: importing the app and building every command (what
`--help` does) must not load spaCy, torch, Gradio, datasets, sentence-transformers or the data
stack they sit on; commands import those when they run. The timing runs each `--help` in a fresh
interpreter, as a user does, up to five times, and keeps the best run, so a burst of load from other
work on a shared machine does not fail it while a slow import still does. It checks the process's
CPU time as well as the wall time: the CPU a command spends is its own, whatever else the machine
runs (importing spaCy alone costs seconds of it), so a failure on the wall clock alone with the CPU
well inside the budget means a saturated machine, and the message says so with the load average.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HELP_BUDGET_S = 1.0
RUNS = 5
# Libraries a command may need but `--help` must not pay for (seconds each to import on this machine).
HEAVY: tuple[str, ...] = (
    "spacy", "thinc", "torch", "gradio", "datasets", "sentence_transformers", "transformers",
    "pandas", "numpy", "scipy", "pyarrow", "exchange_calendars", "yfinance", "openai", "huggingface_hub", "jinja2",
)


def command_paths() -> list[tuple[str, ...]]:
    """(), ("build",), ..., ("tracks", "score"): the app and every group and command it mounts."""
    import typer

    from mcb import app

    paths: list[tuple[str, ...]] = []

    def walk(command, path: tuple[str, ...]) -> None:
        paths.append(path)
        for name, sub in getattr(command, "commands", {}).items():  # a group (Typer vendors its own click)
            walk(sub, (*path, name))

    walk(typer.main.get_command(app), ())
    return paths


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


def test_building_every_command_imports_no_heavy_library():
    code = "import json, sys, typer, mcb; typer.main.get_command(mcb.app); print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(), capture_output=True, text=True, check=True)
    loaded = {name.split(".")[0] for name in json.loads(done.stdout)}
    assert sorted(loaded & set(HEAVY)) == []


def test_every_command_is_covered():
    names = {" ".join(path) for path in command_paths()}
    assert {"", "build", "score", "submit", "run", "demo", "rescore", "space", "tracks score", "probe embeddings"} <= names


def _timed_help(path: tuple[str, ...]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) of one `mcb ... --help` in a fresh interpreter."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mcb", *path, "--help"], cwd=ROOT, env=_env(),
                          capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Usage: mcb {' '.join(path)}".rstrip())
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@pytest.mark.parametrize("path", command_paths(), ids=lambda path: " ".join(("mcb", *path)))
def test_help_answers_in_under_a_second(path):
    runs = []
    for _ in range(RUNS):
        runs.append(_timed_help(path))
        if runs[-1][0] < HELP_BUDGET_S:
            break
    wall, cpu = min(runs)
    shown = ", ".join(f"{w:.2f} s (CPU {c:.2f} s)" for w, c in runs)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    assert cpu < HELP_BUDGET_S, f"`mcb {' '.join(path)} --help` spent {shown}: too much work before answering"
    assert wall < HELP_BUDGET_S, f"`mcb {' '.join(path)} --help` took {shown} with load average {load} on {os.cpu_count()} cores"
