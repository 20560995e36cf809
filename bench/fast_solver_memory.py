"""Time and peak memory of `slidecheck solve --fast` on 100x100 and 300x300 boards.

    .venv/bin/python bench/fast_solver_memory.py [--sides 100 300] [--twins compiled pure]

For each side a random solvable board (fixed seed) is written to a file and solved by the
command in a child process (`python -m gui.launcher solve --fast FILE`, this checkout's code,
output to a file), once for each twin asked for (`pure`: SLIDECHECK_PURE_PYTHON=1 in the
child, so the hand method's pure-Python reference runs); beside it, the baseline: plain
Python reading the same file and `sorted()` on its numbers. Prints wall time and the child's
peak resident memory (the kernel's ru_maxrss), and the solution's length. Asserts nothing:
both vary by machine.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import PYTHON, REPO_ROOT, SORT_BASELINE, load_average, markdown_table
from core import format_board, random_board

SIDES = (100, 300)
SEED = 20261123


def measure(argv: list[str]) -> tuple[float, float, str]:
    """Run `argv` from the checkout; wall seconds, peak resident MB, its first output line."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as output:
        process = subprocess.Popen(argv, stdout=output, stderr=subprocess.STDOUT, cwd=REPO_ROOT)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            output.seek(0)
            raise SystemExit(f"{argv} failed: {output.read()[-500:]!r}")
        output.seek(0)
        first = output.readline(200).decode(errors="replace").strip()
    return seconds, usage.ru_maxrss / 1024, first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, nargs="+", default=list(SIDES))
    parser.add_argument(
        "--twins",
        nargs="+",
        choices=["compiled", "pure"],
        default=["compiled"],
        help="which twins of the hand method to time (core.speedups)",
    )
    args = parser.parse_args()
    print(f"load average: {load_average()}\n")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for side in args.sides:
            board = random_board(side, side, solvable=True, rng=random.Random(SEED + side))
            path = Path(folder) / f"board-{side}.txt"
            path.write_text(format_board(board), encoding="utf-8")
            for twin in args.twins:
                # The pure-Python twins, for comparison with the compiled ones.
                prefix = ["env", "SLIDECHECK_PURE_PYTHON=1"] if twin == "pure" else []
                command = [*prefix, PYTHON, "-m", "gui.launcher", "solve", "--fast", str(path)]
                seconds, megabytes, said = measure(command)
                baseline = [PYTHON, "-c", SORT_BASELINE, str(path)]
                base_seconds, base_megabytes, _ = measure(baseline)
                rows.append(
                    [
                        f"{side}x{side}",
                        twin,
                        said.split(" moves")[0],
                        f"{seconds:.1f}",
                        f"{megabytes:.0f}",
                        f"{base_seconds:.2f}",
                        f"{base_megabytes:.0f}",
                    ]
                )
    headers = [
        "board",
        "twin",
        "moves",
        "solve s",
        "solve peak MB",
        "sorted() s",
        "sorted() peak MB",
    ]
    print(markdown_table(headers, rows))


if __name__ == "__main__":
    main()
