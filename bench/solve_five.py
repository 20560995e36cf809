"""Near-optimal 5x5 search (core.budget_search through core.solve): Korf and Felner's 50.

Solves each of Korf and Felner's 50 random 24-puzzle instances (tests/core/data/
korf_felner_24.txt, with their published optimal lengths) by `solve` within a time budget,
and N seeded random 5x5 boards, and prints a Markdown table per set: length, proven lower
bound, wall and CPU seconds, and, as the same-run baseline, the beam search's length
(today's 5x5 default) on the same board. Every solution is replayed to the goal, every
lower bound is checked against the published length, and every length's parity against
the board's. The 6-6-6-6 tables must be built already in --cache-dir (a first `solve
--optimal` of a 5x5 builds them; minutes).

    nice .venv/bin/python bench/solve_five.py --cache-dir /tmp/five-cache [--budget 10]
                                              [--random-budget 8]
                                              [--random 20] [--only 1 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from core import pattern_db  # noqa: E402
from core.beam_solver import solve_beam_letters  # noqa: E402
from core.board import Board  # noqa: E402
from core.moves import random_board  # noqa: E402
from core.rule import GoalName, goal_board, is_solvable  # noqa: E402
from core.solution import SolveMethod, distance_bound, replay_end  # noqa: E402
from core.solve import default_method, solve  # noqa: E402

INSTANCES = REPO_ROOT / "tests" / "core" / "data" / "korf_felner_24.txt"


def instances() -> list[tuple[Board, int]]:
    rows = [
        list(map(int, line.split()))
        for line in INSTANCES.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return [(Board(5, 5, tuple(row[:25])), row[25]) for row in rows]


def run(boards: list[tuple[Board, int | None]], budget: float, title: str) -> None:
    goal = goal_board(GoalName.BLANK_FIRST, 5, 5)
    print(f"\n### {title} (budget {budget:g} s)\n")
    print("| # | optimal | length | lower bound | proven | wall s | CPU s | beam |")
    print("|---|---|---|---|---|---|---|---|")
    ratios, beam_ratios, walls, cpus, proven = [], [], [], [], []
    for number, (board, optimal) in enumerate(boards, 1):
        assert is_solvable(board, goal)
        wall, cpu = time.monotonic(), time.process_time()
        solution = solve(board, GoalName.BLANK_FIRST, time_budget=budget)
        wall, cpu = time.monotonic() - wall, time.process_time() - cpu
        beam = solve_beam_letters(board, goal)
        assert beam is not None
        assert replay_end(board, solution.moves) == goal
        assert (solution.length - distance_bound(board, goal)) % 2 == 0
        bound = solution.lower_bound
        assert bound is not None
        if optimal is not None:
            assert (optimal - solution.length) % 2 == 0
            assert bound <= optimal <= solution.length, (number, bound, optimal)
            ratios.append(solution.length / optimal)
            beam_ratios.append(len(beam) / optimal)
        walls.append(wall)
        cpus.append(cpu)
        if solution.optimal:
            proven.append(number)
        print(
            f"| {number} | {optimal if optimal is not None else '?'} | {solution.length} | "
            f"{bound} | {'yes' if solution.optimal else ''} | {wall:.1f} | {cpu:.1f} | "
            f"{len(beam)} |",
            flush=True,
        )
    print()
    if ratios:
        print(f"- mean length / optimal: {statistics.fmean(ratios):.3f} (worst {max(ratios):.3f});")
        print(f"  beam search: {statistics.fmean(beam_ratios):.3f} (worst {max(beam_ratios):.3f})")
    print(f"- wall seconds: mean {statistics.fmean(walls):.1f}, most {max(walls):.1f}")
    print(f"- CPU seconds: mean {statistics.fmean(cpus):.1f}, most {max(cpus):.1f}")
    print(f"- proven shortest: {', '.join(f'#{n}' for n in proven) or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache-dir", required=True, help="folder holding the 5x5 tables")
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--random", type=int, default=20, help="seeded random boards")
    parser.add_argument("--random-budget", type=float, default=8.0)
    parser.add_argument("--only", type=int, nargs="*", help="instance numbers (from 1)")
    args = parser.parse_args()
    os.environ[pattern_db.CACHE_DIR_VARIABLE] = args.cache_dir
    goal = goal_board(GoalName.BLANK_FIRST, 5, 5)
    if default_method(goal, None, GoalName.BLANK_FIRST) is not SolveMethod.NEAR_OPTIMAL:
        sys.exit(f"no 5x5 tables in {args.cache_dir}: `slidecheck solve --optimal` builds them")
    wall = time.monotonic()
    solve(goal, GoalName.BLANK_FIRST, time_budget=1.0)  # reads the tables once
    print(f"tables read in {time.monotonic() - wall:.1f} s")
    known = instances()
    chosen = [known[n - 1] for n in args.only] if args.only else known
    run([(board, length) for board, length in chosen], args.budget, "Korf and Felner's 50")
    if args.random:
        rng = random.Random("five")
        boards = [
            random_board(5, 5, solvable=True, goal=GoalName.BLANK_FIRST, rng=rng)
            for _ in range(args.random)
        ]
        run([(board, None) for board in boards], args.random_budget, "Seeded random 5x5 boards")


if __name__ == "__main__":
    main()
