"""Optimal search (core.search): 8-puzzles, Korf's 100 and the 80-move 15-puzzles.

Prints Markdown tables: time and nodes per board, nodes per second, each length checked
against the published one and every solution replayed to the goal. Baselines in the same run:
the pure-Python twin on the same 8-puzzles, and Python's sorted() on a million numbers as the
machine's yardstick. The pattern databases are built first into a fresh folder (their build
time and size are printed), unless --cache-dir names a folder holding them already.

    .venv/bin/python bench/solve_optimal.py [--eight 200] [--korf] [--hardest] [--only 1 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from core import pattern_db, search, speedups  # noqa: E402
from core.board import Board  # noqa: E402
from core.moves import random_board  # noqa: E402
from core.solution import replay_end  # noqa: E402

DATA = REPO_ROOT / "tests" / "core" / "data"


def load_lines(path: Path) -> list[list[int]]:
    return [
        list(map(int, line.split()))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]


def sorted_yardstick() -> float:
    numbers = [random.random() for _ in range(1_000_000)]
    started = time.perf_counter()
    sorted(numbers)
    return time.perf_counter() - started


def build_databases(goal: Board) -> None:
    pattern_db.forget_loaded()
    before = {path: path.stat().st_size for path in pattern_db.cache_dir().glob("*.pdb")}
    started = time.perf_counter()
    search.prepare_databases(goal)
    seconds = time.perf_counter() - started
    after = {path: path.stat().st_size for path in pattern_db.cache_dir().glob("*.pdb")}
    new = {path: size for path, size in after.items() if path not in before}
    blank = goal.blank_index
    print(
        f"| {goal.width}x{goal.height}, goal blank in cell {blank} | {len(new)} | "
        f"{sum(new.values()) / 1e6:.1f} MB | {seconds:.1f} s |"
    )


def solve_timed(board: Board, goal: Board) -> tuple[int, int, float]:
    started = time.perf_counter()
    found = search.solve_optimal(board, goal)
    seconds = time.perf_counter() - started
    assert found is not None
    moves, nodes = found
    if replay_end(board, moves) != goal:
        raise SystemExit(f"a solution does not reach the goal: {board.tiles}")
    return len(moves), nodes, seconds


def eight_puzzles(count: int) -> None:
    goal = Board.solved(3, 3)
    rng = random.Random(2024)
    boards = [random_board(3, 3, solvable=True, rng=rng) for _ in range(count)]
    twins = {"compiled": None, "pure Python": "1"}
    print("\n### 3x3, random solvable boards, goal blank last\n")
    print("| twin | boards | median ms | max ms | mean length | nodes/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, forced in twins.items():
        if forced:
            os.environ[speedups.PURE_PYTHON_VARIABLE] = forced
        elif speedups.compiled("_search") is None:
            continue
        search.solve_optimal(boards[0], goal)  # the tables, once
        results = [solve_timed(board, goal) for board in boards]
        os.environ.pop(speedups.PURE_PYTHON_VARIABLE, None)
        times = [seconds for _, _, seconds in results]
        nodes = sum(count for _, count, _ in results)
        print(
            f"| {name} | {len(boards)} | {statistics.median(times) * 1e3:.2f} | "
            f"{max(times) * 1e3:.2f} | {statistics.mean(r[0] for r in results):.1f} | "
            f"{nodes / sum(times):,.0f} |"
        )


def korf(only: list[int]) -> None:
    goal = Board.solved(4, 4, blank_first=True)
    instances = load_lines(DATA / "korf100.txt")
    print("\n### Korf's 100, goal blank first\n")
    print("| # | published | found | nodes | seconds | nodes/s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    times, all_nodes, wrong = [], 0, []
    for number, length, *tiles in instances:
        if only and number not in only:
            continue
        found, nodes, seconds = solve_timed(Board(4, 4, tuple(tiles)), goal)
        times.append(seconds)
        all_nodes += nodes
        if found != length:
            wrong.append(number)
        print(
            f"| {number} | {length} | {found} | {nodes:,} | {seconds:.3f} | "
            f"{nodes / max(seconds, 1e-9):,.0f} |",
            flush=True,
        )
    print(
        f"\n{len(times)} instances: mean {statistics.mean(times):.3f} s, median "
        f"{statistics.median(times):.3f} s, max {max(times):.3f} s, total {sum(times):.1f} s, "
        f"{all_nodes / sum(times):,.0f} nodes/s; lengths differing from the published: "
        f"{wrong or 'none'}"
    )


def hardest(only: list[int]) -> None:
    goal = Board.solved(4, 4)
    positions = load_lines(DATA / "80_move_positions.txt")
    print("\n### The 80-move positions, goal blank last\n")
    print("| # | found | nodes | seconds | nodes/s |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for number, tiles in enumerate(positions, start=1):
        if only and number not in only:
            continue
        found, nodes, seconds = solve_timed(Board(4, 4, tuple(tiles)), goal)
        print(
            f"| {number} | {found} | {nodes:,} | {seconds:.1f} | {nodes / seconds:,.0f} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eight", type=int, default=200, help="random 3x3 boards (0: none)")
    parser.add_argument("--korf", action="store_true", help="Korf's 100")
    parser.add_argument("--hardest", action="store_true", help="the 80-move positions")
    parser.add_argument("--only", type=int, nargs="*", default=[], help="instance numbers")
    parser.add_argument("--cache-dir", help="a folder of tables already built")
    arguments = parser.parse_args()
    folder = arguments.cache_dir or tempfile.mkdtemp(prefix="slidecheck-bench-")
    os.environ[pattern_db.CACHE_DIR_VARIABLE] = folder
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    cpu = subprocess.run(["nproc"], capture_output=True, text=True, check=False).stdout.strip()
    print(
        f"search engine: {speedups.backends().get('search')}; nproc {cpu}; "
        f"load average {load:.2f}; sorted() of 1e6 floats: {sorted_yardstick():.3f} s"
    )
    print("\n### Pattern databases (compiled twin)\n")
    print("| shape and goal | tables | size | build |")
    print("| --- | ---: | ---: | ---: |")
    build_databases(Board.solved(3, 3))
    if arguments.korf:
        build_databases(Board.solved(4, 4, blank_first=True))
    if arguments.hardest:
        build_databases(Board.solved(4, 4))
    if resource is not None:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"\nPeak resident memory of this process after the builds: {peak:.0f} MB")
    if arguments.eight:
        eight_puzzles(arguments.eight)
    if arguments.korf:
        korf(arguments.only)
    if arguments.hardest:
        hardest(arguments.only)


if __name__ == "__main__":
    main()
