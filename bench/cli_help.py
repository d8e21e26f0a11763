"""How fast `mcb --help` and every subcommand's `--help` answer, each in a fresh process.

    python bench/cli_help.py [--runs 5]

Every command path the Typer app mounts (`mcb`, `mcb build`, ..., `mcb tracks score`) is run with
`--help` in a new interpreter, `--runs` times. Printed: the best run's wall time (and the median
of all runs), its CPU time, the time it waited for a core other processes held, and its answer
time (wall less that wait: what a user on a free core sees), with the load average before and
after (the machine may be shared: wall time grows with other work, CPU and answer time hardly
do). The target, pinned by `tests/test_cli_fast.py` on CPU and answer time, is under a second each. For comparison the script also times a bare
interpreter and `import typer` alone: the floor no command can go under.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_cli_fast import command_paths, help_argv, timed  # noqa: E402  (the paths and the timing, defined once)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = [("python -c pass", [sys.executable, "-c", "pass"]), ("python -c 'import typer'", [sys.executable, "-c", "import typer"])]
    rows += [(" ".join(("mcb", *path, "--help")), help_argv(path)) for path in command_paths()]
    width = max(len(name) for name, _ in rows)
    print(f"{'command':<{width}}  {'wall':>6}  {'median':>6}  {'CPU':>6}  {'waited':>6}  {'answer':>6}")
    for name, argv in rows:
        runs = [timed(argv, env) for _ in range(args.runs)]
        best = min(runs, key=lambda run: run.answer)
        print(f"{name:<{width}}  {best.wall:6.2f}  {statistics.median(run.wall for run in runs):6.2f}  {best.cpu:6.2f}  "
              f"{best.waited:6.2f}  {best.answer:6.2f}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
