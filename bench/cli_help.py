"""How fast `mcb --help` and every subcommand's `--help` answer, each in a fresh process.

    python bench/cli_help.py [--runs 5]

Every command path the Typer app mounts (`mcb`, `mcb build`, ..., `mcb tracks score`) is run with
`--help` in a new interpreter, `--runs` times; the best and the median wall time are printed with
the CPU time of the best run, and the load average before and after (the machine may be shared:
wall time grows with other work, CPU time hardly does). The target, pinned by
`tests/test_cli_fast.py`, is under a second each. For comparison the script also times a bare
interpreter and `import typer` alone: the floor no command can go under.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_cli_fast import command_paths  # noqa: E402  (the app's command paths, defined once)


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def help_argv(path: tuple[str, ...]) -> list[str]:
    return [sys.executable, "-m", "mcb", *path, "--help"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = [("python -c pass", [sys.executable, "-c", "pass"]), ("python -c 'import typer'", [sys.executable, "-c", "import typer"])]
    rows += [(" ".join(("mcb", *path, "--help")), help_argv(path)) for path in command_paths()]
    width = max(len(name) for name, _ in rows)
    print(f"{'command':<{width}}  {'best':>6}  {'median':>6}  {'CPU':>6}")
    for name, argv in rows:
        runs = [timed(argv, env) for _ in range(args.runs)]
        best = min(runs)
        print(f"{name:<{width}}  {best[0]:6.2f}  {statistics.median(w for w, _ in runs):6.2f}  {best[1]:6.2f}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
