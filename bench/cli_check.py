"""`slidecheck check FILE` from process start to verdict, against plain Python sorting the numbers.

For each board size a random solvable board (fixed seed) is written as a grid file. Two
processes are timed, interleaved, in the same run:

- `slidecheck check FILE` (the installed console script: start-up, reading, parsing,
  validating, the parity rule, printing the verdict);
- `python -c SORT_BASELINE FILE`: the same interpreter reading the file, turning every
  number into an int and sorting them with `sorted()`.

Target: a 1000x1000 board within 1.5x of that baseline. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (
    PYTHON,
    SLIDECHECK,
    SORT_BASELINE,
    compile_bytecode,
    cpu_ms,
    load_average,
    markdown_table,
    ratio_text,
    time_interleaved,
    verdict_word,
    wall_ms,
)
from core import format_board, random_board

SIDES = (4, 10, 100, 316, 1000)
SEED = 20261122
TARGET_RATIO = 1.5


def runs_for(side: int, scale: float) -> int:
    """More runs where a run is cheap; never fewer than three."""
    base = 21 if side <= 100 else 11 if side <= 316 else 7
    return max(3, round(base * scale))


def write_board(directory: Path, side: int, solvable: bool = True) -> Path:
    board = random_board(side, side, solvable=solvable, rng=random.Random(SEED + side))
    path = directory / f"board-{side}x{side}-{'solvable' if solvable else 'unsolvable'}.txt"
    path.write_text(format_board(board, "grid"), encoding="utf-8")
    return path


def measure(
    sides: tuple[int, ...],
    scale: float,
    options: tuple[str, ...] = (),
    pure: bool = False,
    solvable: bool = True,
) -> list[list[str]]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="slidecheck-bench-") as temporary:
        directory = Path(temporary)
        # The pure-Python twins, for comparison with the compiled ones (core.speedups).
        prefix = ["env", "SLIDECHECK_PURE_PYTHON=1"] if pure else []
        for side in sides:
            path = write_board(directory, side, solvable)
            timings = time_interleaved(
                {
                    "slidecheck": [*prefix, SLIDECHECK, "check", *options, str(path)],
                    "baseline": [PYTHON, "-c", SORT_BASELINE, str(path)],
                },
                runs=runs_for(side, scale),
            )
            ours = wall_ms(timings["slidecheck"])
            baseline = wall_ms(timings["baseline"])
            ratio = ours / baseline
            cpu_ratio = ratio_text(cpu_ms(timings["slidecheck"]), cpu_ms(timings["baseline"]))
            target = (
                f"<= {TARGET_RATIO}x: {verdict_word(ratio, TARGET_RATIO)}" if side == 1000 else "-"
            )
            rows.append(
                [
                    f"{side}x{side}",
                    f"{side * side:,}",
                    f"{path.stat().st_size / 1e6:.2f}",
                    str(len(timings["slidecheck"])),
                    f"{ours:.1f}",
                    f"{baseline:.1f}",
                    f"{ratio:.2f}",
                    cpu_ratio,
                    target,
                ]
            )
            print(
                f"  {side}x{side}: {ours:.1f} ms vs {baseline:.1f} ms (load {load_average()})",
                file=sys.stderr,
            )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="multiply the number of runs (0.3 for a quick look)",
    )
    parser.add_argument(
        "--sides", type=int, nargs="+", default=list(SIDES), help="board sides to time"
    )
    parser.add_argument(
        "--json", action="store_true", help="time `check --json` (the full inversion count)"
    )
    parser.add_argument(
        "--pure", action="store_true", help="force the pure-Python twins (SLIDECHECK_PURE_PYTHON)"
    )
    parser.add_argument(
        "--unsolvable",
        action="store_true",
        help="time unsolvable boards (the verdict then computes the one-swap fix too)",
    )
    args = parser.parse_args(argv)
    compile_bytecode()
    load_before = load_average()
    options = ("--json",) if args.json else ()
    rows = measure(
        tuple(args.sides), args.scale, options, pure=args.pure, solvable=not args.unsolvable
    )
    command = " ".join(("check", *options, "FILE"))
    twins = " (pure-Python twins forced)" if args.pure else ""
    boards = "unsolvable boards" if args.unsolvable else "solvable boards"
    print(f"### `slidecheck {command}`{twins} on {boards} vs reading and sorting the numbers\n")
    print(
        "Median wall-clock ms per process, start to exit; ratio = slidecheck / baseline; "
        "CPU ratio compares the median user+system CPU time. "
        f"Load average before/after: {load_before}/{load_average()}.\n"
    )
    print(
        markdown_table(
            [
                "board",
                "tiles",
                "file MB",
                "runs",
                "slidecheck ms",
                "baseline ms",
                "ratio",
                "CPU ratio",
                "target",
            ],
            rows,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
