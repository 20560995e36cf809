"""The beam search against the hand method, on the same boards: moves and seconds.

    .venv/bin/python bench/solve_beam.py [--boards 20] [--sides 6 8 12 15 20 50 100]
                                         [--budget 10] [--twin compiled|pure]

Random solvable boards (seed 20261127 + side * 1000 + number), goal blank-last; every
solution is replayed to its goal once (not timed). For each board:

- the hand method, `solve(board, method=SolveMethod.FAST)`;
- `solve(board)` as the command and the window run it: the beam search at its default
  width up to `AUTO_BEAM_CELLS` cells, the hand method above;
- `solve(board, time_budget=B)`: the hand method's solution improved by beam searches,
  wider each pass, for at most B seconds (up to `MAX_BEAM_CELLS` cells).

`--boards` 10x10 boards are listed one by one (the issue's target: at least 30% fewer moves
than the hand method, each under 10 s), then the other sides (three boards each up to 15, one
above). Prints Markdown tables; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import compile_bytecode, load_average, markdown_table

SEED = 20261127
TEN_BY_TEN_TARGET = 0.7
TARGET_SECONDS = 10.0


def board_for(side: int, number: int):
    from core import random_board

    return random_board(side, side, solvable=True, rng=random.Random(SEED + side * 1000 + number))


def timed(board, **options):
    """(solution, seconds) of `solve(board, **options)`, the solution replayed once."""
    from core import Board, solve
    from core.solution import replay_end

    started = time.perf_counter()
    solution = solve(board, **options)
    seconds = time.perf_counter() - started
    if replay_end(board, solution.moves) != Board.solved(board.width, board.height):
        raise RuntimeError(f"a {board.width}x{board.height} solution does not reach the goal")
    return solution, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20, help="10x10 boards (0: none)")
    parser.add_argument("--sides", type=int, nargs="*", default=[6, 8, 12, 15, 20, 50, 100])
    parser.add_argument("--budget", type=float, default=10.0, help="seconds (0: no budget)")
    parser.add_argument("--twin", choices=["compiled", "pure"], default="compiled")
    args = parser.parse_args(argv)
    if args.twin == "pure":
        os.environ["SLIDECHECK_PURE_PYTHON"] = "1"  # the hand method's reference twin
    compile_bytecode()
    from core import SolveMethod
    from core.solution import AUTO_BEAM_CELLS, MAX_BEAM_CELLS

    budget = args.budget or None
    load_before = load_average()
    print(
        f"Hand method's twin: {args.twin}; the beam search is pure Python. Default beam up to "
        f"{AUTO_BEAM_CELLS} cells, with a budget up to {MAX_BEAM_CELLS}.\n"
    )
    ratios, budget_ratios, beam_seconds, budget_seconds = [], [], [], []
    rows = []
    for number in range(args.boards):
        board = board_for(10, number)
        hand, hand_seconds = timed(board, method=SolveMethod.FAST)
        beam, seconds = timed(board)
        ratios.append(beam.length / hand.length)
        beam_seconds.append(seconds)
        row = [
            str(number),
            f"{hand.length:,}",
            f"{hand_seconds * 1000:.1f}",
            f"{beam.length:,}",
            f"{seconds:.2f}",
            f"{1 - ratios[-1]:.0%}",
        ]
        if budget is not None:
            improved, seconds = timed(board, time_budget=budget)
            budget_ratios.append(improved.length / hand.length)
            budget_seconds.append(seconds)
            row += [f"{improved.length:,}", f"{seconds:.2f}", f"{1 - budget_ratios[-1]:.0%}"]
        rows.append(row)
        print(f"  10x10 #{number}: hand {hand.length}, beam {beam.length}", file=sys.stderr)
    if rows:
        headers = ["10x10", "hand", "hand ms", "beam", "beam s", "fewer"]
        if budget is not None:
            headers += [f"budget {budget:g} s", "s", "fewer"]
        heading = "### 10x10: the hand method, `solve` (beam)"
        if budget is not None:
            heading += f", `solve` with a {budget:g} s budget"
        print(heading + "\n")
        print(markdown_table(headers, rows))
        print(
            f"\nBeam at its default width: median {1 - statistics.median(ratios):.1%} fewer "
            f"moves than the hand method (mean {1 - statistics.mean(ratios):.1%}, least "
            f"{1 - max(ratios):.1%}); slowest {max(beam_seconds):.2f} s. Target (each board "
            f"at least 30% fewer, under {TARGET_SECONDS:.0f} s): "
            + (
                "met"
                if max(ratios) <= TEN_BY_TEN_TARGET and max(beam_seconds) < TARGET_SECONDS
                else "MISSED"
            )
            + "."
        )
        if budget is not None:
            print(
                f"With a {budget:g} s budget: median {1 - statistics.median(budget_ratios):.1%} "
                f"fewer (least {1 - max(budget_ratios):.1%}); slowest "
                f"{max(budget_seconds):.2f} s."
            )
    side_rows = []
    for side in args.sides:
        count = 3 if side <= 15 else 1
        for number in range(count):
            board = board_for(side, number)
            hand, hand_seconds = timed(board, method=SolveMethod.FAST)
            chosen, seconds = timed(board)
            row = [
                f"{side}x{side} #{number}",
                f"{hand.length:,}",
                f"{hand_seconds:.2f}",
                chosen.method.value,
                f"{chosen.length:,}",
                f"{seconds:.2f}",
                f"{1 - chosen.length / hand.length:.0%}",
            ]
            if budget is not None:
                improved, seconds = timed(board, time_budget=budget)
                row += [
                    improved.method.value,
                    f"{improved.length:,}",
                    f"{seconds:.2f}",
                    f"{1 - improved.length / hand.length:.0%}",
                ]
            side_rows.append(row)
            print(f"  {side}x{side} #{number}: {row}", file=sys.stderr)
    if side_rows:
        headers = ["board", "hand", "hand s", "`solve`", "moves", "s", "fewer"]
        if budget is not None:
            headers += [f"budget {budget:g} s", "moves", "s", "fewer"]
        print("\n### Other sizes: the hand method and what `solve` picks\n")
        print(markdown_table(headers, side_rows))
    print(f"\nLoad average before/after: {load_before}/{load_average()}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
