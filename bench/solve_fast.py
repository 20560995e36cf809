"""The fast (hand-method) solver on 10x10, 30x30 and 100x100, against Python sorting the numbers.

    .venv/bin/python bench/solve_fast.py [--sides 10 30 100] [--runs 3]

For each side a random solvable board (fixed seed) is solved towards blank-last:

- in this process, `core.fast_solver.solve_fast` alone, interleaved run by run with the
  baseline, Python's `sorted()` on the same numbers (the board's tiles);
- as a command, `slidecheck solve --fast FILE` (start-up, reading, solving and writing the
  letters), interleaved with `python -c` reading the same file and sorting its numbers.

Every solution is replayed once to its goal (not timed). Also printed: the moves, and the
moves per tile and per side cubed (the hand method grows as the cube of the side). Target:
100x100 under 10 s. Prints Markdown tables; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (
    PYTHON,
    SLIDECHECK,
    SORT_BASELINE,
    compile_bytecode,
    load_average,
    markdown_table,
    time_interleaved,
    wall_ms,
)
from core import Board, GoalName, format_board, random_board
from core.fast_solver import solve_fast
from core.solution import replay_end

SIDES = (10, 30, 100)
SEED = 20261123
TARGET_SECONDS = 10.0


def board_for(side: int) -> Board:
    return random_board(side, side, solvable=True, rng=random.Random(SEED + side))


def time_in_process(board: Board, runs: int) -> tuple[float, float, int]:
    """Median seconds of the solver and of `sorted()` on the same numbers, and the moves."""
    solver_seconds, sort_seconds = [], []
    numbers = list(board.tiles)
    moves: tuple[int, ...] = ()
    for _ in range(runs):
        started = time.perf_counter()
        moves = solve_fast(board, GoalName.BLANK_LAST)
        solver_seconds.append(time.perf_counter() - started)
        started = time.perf_counter()
        sorted(numbers)
        sort_seconds.append(time.perf_counter() - started)
    if replay_end(board, moves) != Board.solved(board.width, board.height):
        raise RuntimeError(f"the {board.width}x{board.height} solution does not reach the goal")
    return statistics.median(solver_seconds), statistics.median(sort_seconds), len(moves)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, nargs="+", default=list(SIDES))
    parser.add_argument("--runs", type=int, default=3, help="timed runs per board (median)")
    args = parser.parse_args(argv)
    compile_bytecode()
    load_before = load_average()
    solver_rows, command_rows = [], []
    with tempfile.TemporaryDirectory(prefix="slidecheck-bench-") as temporary:
        for side in args.sides:
            board = board_for(side)
            solver, baseline, moves = time_in_process(board, args.runs)
            target = f"< {TARGET_SECONDS:.0f} s: {'met' if solver < TARGET_SECONDS else 'MISSED'}"
            solver_rows.append(
                [
                    f"{side}x{side}",
                    f"{moves:,}",
                    f"{moves / (side * side - 1):.0f}",
                    f"{moves / side**3:.2f}",
                    f"{solver * 1000:.1f}",
                    f"{baseline * 1000:.3f}",
                    f"{solver / baseline:,.0f}",
                    target if side == 100 else "-",
                ]
            )
            path = Path(temporary) / f"board-{side}.txt"
            path.write_text(format_board(board), encoding="utf-8")
            timings = time_interleaved(
                {
                    "solve": [SLIDECHECK, "solve", "--fast", str(path)],
                    "baseline": [PYTHON, "-c", SORT_BASELINE, str(path)],
                },
                runs=args.runs,
            )
            ours, theirs = wall_ms(timings["solve"]), wall_ms(timings["baseline"])
            command_rows.append(
                [f"{side}x{side}", f"{ours:.1f}", f"{theirs:.1f}", f"{ours / theirs:.1f}"]
            )
            print(f"  {side}x{side}: {solver:.3f} s, {moves:,} moves", file=sys.stderr)
    print("### The fast solver (hand method) vs `sorted()` on the same numbers\n")
    print(
        f"Median of {args.runs} runs, interleaved; boards random and solvable (seed {SEED} + "
        f"side), goal blank-last. Load average before/after: {load_before}/{load_average()}.\n"
    )
    print(
        markdown_table(
            [
                "board",
                "moves",
                "moves/tile",
                "moves/side³",
                "solver ms",
                "sorted() ms",
                "ratio",
                "target",
            ],
            solver_rows,
        )
    )
    print("\n### `slidecheck solve --fast FILE` vs a process reading and sorting the numbers\n")
    print(
        markdown_table(["board", "solve ms", "baseline ms", "ratio"], command_rows),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
