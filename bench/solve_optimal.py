"""Optimal search (core.search): 8-puzzles, Korf's 100 and the 80-move 15-puzzles.

Prints Markdown tables: time (wall and CPU) and nodes per board, nodes per second, each
length checked against the published one and every solution replayed to the goal. Baselines
in the same run: the pure-Python twin on the same 8-puzzles, and Python's sorted() on a
million numbers as the machine's yardstick. The pattern databases are built first into a
fresh folder (their size, build time and CPU time over every thread are printed), unless
--cache-dir names a folder holding them already. Before a goal's boards are timed, one
solve of a board a slide from the goal is timed apart: it reads the tables from disk and
builds what the search builds on first use, which the boards' times then leave out.
--pure-korf N runs the pure-Python twin on the N Korf instances with the shortest published
lengths, on the same tables as the compiled twin (the pure twin would build smaller ones of
its own). --korf-blank-last
runs Korf's 100 turned a half turn onto the blank-last goal (each instance's published
length stays its length): the blank-last goal's own search, whatever tables serve it. --max-length L
searches with the move automaton of the redundant step sequences up to L steps, generated
on the spot, instead of the stored one (2: only undoing a step is refused, as the search
did before the automaton). --every-goal builds the tables of every 4x4 goal (the corner, edge
and middle orbits' sets) and prints their size on disk and the peak resident memory of a
process holding all of them. --other-goals N solves N random boards (fixed seed) towards a
4x4 goal with the blank on an edge (cell 1) and N towards one with the blank in a middle
cell (cell 5), building their tables first: there are no published lengths for those goals,
so the sum of the lengths is printed, to compare between two table layouts (both optimal).

    .venv/bin/python bench/solve_optimal.py [--eight 200] [--korf] [--korf-blank-last]
                                            [--hardest] [--only 1 5] [--pure-korf 10]
                                            [--max-length 14] [--every-goal]
                                            [--other-goals 200]
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
from core.moves import apply_slide, legal_slides, random_board  # noqa: E402
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
    started, started_cpu = time.perf_counter(), time.process_time()
    search.prepare_databases(goal)
    seconds = time.perf_counter() - started
    cpu = time.process_time() - started_cpu
    after = {path: path.stat().st_size for path in pattern_db.cache_dir().glob("*.pdb")}
    new = {path: size for path, size in after.items() if path not in before}
    blank = goal.blank_index
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"| {goal.width}x{goal.height}, goal blank in cell {blank} | {len(new)} | "
        f"{sum(new.values()) / 1e6:.1f} MB | {seconds:.1f} s | {cpu:.1f} s | {load:.2f} |"
    )


def solve_timed(board: Board, goal: Board) -> tuple[int, int, float, float]:
    """(length, nodes, wall seconds, CPU seconds) of one optimal solve, its solution
    replayed to the goal."""
    started, started_cpu = time.perf_counter(), time.process_time()
    found = search.solve_optimal(board, goal)
    seconds = time.perf_counter() - started
    cpu = time.process_time() - started_cpu
    assert found is not None
    moves, nodes = found
    if replay_end(board, moves) != goal:
        raise SystemExit(f"a solution does not reach the goal: {board.tiles}")
    return len(moves), nodes, seconds, cpu


def first_solve(goal: Board) -> None:
    """Times a solve one slide from `goal` apart: reading the tables, first-use set-up."""
    board = apply_slide(goal, legal_slides(goal)[0])
    _length, _nodes, seconds, cpu = solve_timed(board, goal)
    print(f"\nFirst solve (tables read, first-use set-up): {seconds:.3f} s, CPU {cpu:.3f} s")


def eight_puzzles(count: int) -> None:
    goal = Board.solved(3, 3)
    rng = random.Random(2024)
    boards = [random_board(3, 3, solvable=True, rng=rng) for _ in range(count)]
    chosen = speedups.compiled_twins
    twins = {"compiled": chosen, "pure Python": speedups.CompiledTwins()}
    print("\n### 3x3, random solvable boards, goal blank last\n")
    print("| twin | boards | median ms | max ms | mean length | nodes/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, twin in twins.items():
        if twin.search is None and name == "compiled":
            continue
        speedups.compiled_twins = twin
        try:
            search.solve_optimal(boards[0], goal)  # the tables, once
            results = [solve_timed(board, goal) for board in boards]
        finally:
            speedups.compiled_twins = chosen
        times = [seconds for _, _, seconds, _ in results]
        nodes = sum(count for _, count, _, _ in results)
        print(
            f"| {name} | {len(boards)} | {statistics.median(times) * 1e3:.2f} | "
            f"{max(times) * 1e3:.2f} | {statistics.mean(r[0] for r in results):.1f} | "
            f"{nodes / sum(times):,.0f} |"
        )


def half_turned(tiles: list[int]) -> list[int]:
    """A blank-first 4x4 position turned a half turn, each tile renamed after its goal cell
    turned too: the blank-last position as far from its goal as `tiles` from blank first."""
    turned = [0] * 16
    for cell, tile in enumerate(tiles):
        turned[15 - cell] = 16 - tile if tile else 0
    return turned


def korf(only: list[int], *, blank_last: bool = False) -> None:
    goal = Board.solved(4, 4, blank_first=not blank_last)
    instances = load_lines(DATA / "korf100.txt")
    if blank_last:
        instances = [[number, length, *half_turned(tiles)] for number, length, *tiles in instances]
    print(f"\n### Korf's 100, goal blank {'last (turned a half turn)' if blank_last else 'first'}")
    first_solve(goal)
    print("\n| # | published | found | nodes | seconds | CPU s | nodes/s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    times, cpu_times, all_nodes, wrong = [], [], 0, []
    for number, length, *tiles in instances:
        if only and number not in only:
            continue
        found, nodes, seconds, cpu = solve_timed(Board(4, 4, tuple(tiles)), goal)
        times.append(seconds)
        cpu_times.append(cpu)
        all_nodes += nodes
        if found != length:
            wrong.append(number)
        print(
            f"| {number} | {length} | {found} | {nodes:,} | {seconds:.3f} | {cpu:.3f} | "
            f"{nodes / max(seconds, 1e-9):,.0f} |",
            flush=True,
        )
    print(
        f"\n{len(times)} instances: mean {statistics.mean(times):.3f} s, median "
        f"{statistics.median(times):.3f} s, max {max(times):.3f} s, total {sum(times):.3f} s "
        f"(CPU {sum(cpu_times):.3f} s), {all_nodes:,} nodes, {all_nodes / sum(times):,.0f} "
        f"nodes/s; lengths differing from the published: {wrong or 'none'}"
    )


def hardest(only: list[int]) -> None:
    goal = Board.solved(4, 4)
    positions = load_lines(DATA / "80_move_positions.txt")
    print("\n### The 80-move positions, goal blank last")
    first_solve(goal)
    print("\n| # | found | nodes | seconds | CPU s | nodes/s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    times, cpu_times, all_nodes = [], [], 0
    for number, tiles in enumerate(positions, start=1):
        if only and number not in only:
            continue
        found, nodes, seconds, cpu = solve_timed(Board(4, 4, tuple(tiles)), goal)
        times.append(seconds)
        cpu_times.append(cpu)
        all_nodes += nodes
        print(
            f"| {number} | {found} | {nodes:,} | {seconds:.1f} | {cpu:.1f} | "
            f"{nodes / seconds:,.0f} |",
            flush=True,
        )
    print(
        f"\n{len(times)} positions: total {sum(times):.1f} s (CPU {sum(cpu_times):.1f} s), "
        f"max {max(times):.1f} s, {all_nodes:,} nodes"
    )


def pure_korf(count: int) -> None:
    """The pure twin on the `count` shortest Korf instances, on the compiled twin's tables."""
    goal = Board.solved(4, 4, blank_first=True)
    instances = sorted(load_lines(DATA / "korf100.txt"), key=lambda line: (line[1], line[0]))
    databases = pattern_db.load(4, 4, goal.blank_index, engine=speedups.compiled_twins.search)
    print(f"\n### The pure-Python twin on the {count} shortest of Korf's 100 (same tables)\n")
    print("| # | published | found | nodes | CPU s | nodes/s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    cpu_times, all_nodes = [], 0
    for number, length, *tiles in instances[:count]:
        labels = search.relabel(Board(4, 4, tuple(tiles)), goal)
        started = time.process_time()
        found = search.run_search(labels, databases, lambda _bound, _nodes: False, None)
        cpu = time.process_time() - started
        assert found is not None
        moved, nodes = found
        if len(moved) != length:
            raise SystemExit(f"Korf #{number}: {len(moved)} moves, published {length}")
        cpu_times.append(cpu)
        all_nodes += nodes
        print(
            f"| {number} | {length} | {len(moved)} | {nodes:,} | {cpu:.2f} | {nodes / cpu:,.0f} |",
            flush=True,
        )
    print(f"\n{count} instances: CPU {sum(cpu_times):.2f} s, {all_nodes:,} nodes")


#: A 4x4 goal blank cell of each orbit (corner, edge, middle): their tables serve every goal.
ORBIT_CELLS = (0, 1, 5)

#: Loads the tables of every 4x4 goal (already built) in a fresh process and prints its peak
#: resident memory in kB, or only imports the search when given no cells. The peak is the
#: kernel's VmHWM: ru_maxrss would include the forked copy of this process before the exec.
_HOLD_TABLES = """
import re, sys
from pathlib import Path
from core import pattern_db, speedups
for cell in map(int, sys.argv[1:]):
    pattern_db.load(4, 4, cell, engine=speedups.compiled_twins.search)
print(re.search(r"VmHWM:\\s*(\\d+)", Path("/proc/self/status").read_text()).group(1))
"""


def every_goal() -> None:
    """The tables of every 4x4 goal: each orbit's build, their size on disk, and what a
    process holding all of them takes, beside one that only imports the search."""
    for cell in ORBIT_CELLS:
        build_databases(goal_with_blank_in(cell))
    on_disk = sum(path.stat().st_size for path in pattern_db.cache_dir().glob("*-4x4-*.pdb"))

    def peak_megabytes(*cells: int) -> float:
        answer = subprocess.run(
            [sys.executable, "-c", _HOLD_TABLES, *map(str, cells)],
            capture_output=True,
            text=True,
            check=True,
            cwd=REPO_ROOT,
        )
        return int(answer.stdout) / 1024

    held, bare = peak_megabytes(*ORBIT_CELLS), peak_megabytes()
    print(
        f"\nEvery 4x4 goal's tables: {on_disk / 1e6:.1f} MB on disk; a process holding them "
        f"peaks at {held:.0f} MB resident, {held - bare:.0f} MB over one that only imports "
        f"the search ({bare:.0f} MB)"
    )


def goal_with_blank_in(cell: int) -> Board:
    """The 4x4 goal with the tiles in order and the blank in `cell`."""
    tiles = list(range(1, 16))
    tiles.insert(cell, 0)
    return Board(4, 4, tuple(tiles))


def other_goals(count: int) -> None:
    """`count` random boards towards the edge goal (blank in cell 1) and as many towards the
    middle one (cell 5): nodes, CPU and the sum of the lengths (for comparing layouts)."""
    print(f"\n### {count} random boards towards the edge and middle goals\n")
    print("| goal blank | boards | sum of lengths | nodes | CPU s | slowest CPU s | nodes/s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for cell in ORBIT_CELLS[1:]:
        goal = goal_with_blank_in(cell)
        rng = random.Random(f"other-goal-{cell}")
        boards = [random_board(4, 4, solvable=True, goal=goal, rng=rng) for _ in range(count)]
        solve_timed(apply_slide(goal, legal_slides(goal)[0]), goal)  # tables read, set-up
        results = [solve_timed(board, goal) for board in boards]
        nodes = sum(result[1] for result in results)
        cpu = sum(result[3] for result in results)
        print(
            f"| {cell} | {count} | {sum(result[0] for result in results)} | {nodes:,} | "
            f"{cpu:.2f} | {max(result[3] for result in results):.2f} | "
            f"{nodes / max(cpu, 1e-9):,.0f} |",
            flush=True,
        )


def use_automaton_up_to(max_length: int) -> None:
    """Makes every search follow the automaton of the sequences up to `max_length` steps."""
    # Imported here, so the script runs on code from before the automaton (the baseline).
    from core import move_automaton

    started = time.process_time()
    built = {
        shape: move_automaton.compile_automaton(
            move_automaton.redundant_sequences(*shape, max_length)
        )
        for shape in [(3, 3), (4, 4)]
    }
    move_automaton.for_shape = lambda width, height: built[width, height]
    print(
        f"Move automaton of the sequences up to {max_length} steps: "
        f"{built[4, 4].state_count:,} states for 4x4, generated in "
        f"{time.process_time() - started:.1f} s of CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eight", type=int, default=200, help="random 3x3 boards (0: none)")
    parser.add_argument("--korf", action="store_true", help="Korf's 100")
    parser.add_argument(
        "--korf-blank-last",
        action="store_true",
        help="Korf's 100 turned a half turn onto the blank-last goal",
    )
    parser.add_argument("--hardest", action="store_true", help="the 80-move positions")
    parser.add_argument("--only", type=int, nargs="*", default=[], help="instance numbers")
    parser.add_argument(
        "--every-goal",
        action="store_true",
        help="build the tables of every 4x4 goal (three orbits) and measure them",
    )
    parser.add_argument(
        "--other-goals",
        type=int,
        default=0,
        metavar="N",
        help="N random boards towards the edge goal (blank in cell 1) and N towards the middle one",
    )
    parser.add_argument("--cache-dir", help="a folder of tables already built")
    parser.add_argument(
        "--pure-korf",
        type=int,
        default=0,
        metavar="N",
        help="the pure twin on the N shortest Korf instances, on the compiled twin's tables",
    )
    parser.add_argument(
        "--max-length",
        type=int,
        metavar="L",
        help="generate the move automaton up to L steps instead of the stored one (2: undo only)",
    )
    arguments = parser.parse_args()
    folder = arguments.cache_dir or tempfile.mkdtemp(prefix="slidecheck-bench-")
    os.environ[pattern_db.CACHE_DIR_VARIABLE] = folder
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    cpu = subprocess.run(["nproc"], capture_output=True, text=True, check=False).stdout.strip()
    print(
        f"search engine: {speedups.backends().get('search')}; nproc {cpu}; "
        f"load average {load:.2f}; sorted() of 1e6 floats: {sorted_yardstick():.3f} s"
    )
    if arguments.max_length is not None:
        use_automaton_up_to(arguments.max_length)
    print("\n### Pattern databases (compiled twin)\n")
    print("| shape and goal | tables | size | build | CPU (every thread) | load after |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    build_databases(Board.solved(3, 3))
    if arguments.korf or arguments.pure_korf:
        build_databases(Board.solved(4, 4, blank_first=True))
    if arguments.hardest or arguments.korf_blank_last:
        build_databases(Board.solved(4, 4))
    if arguments.every_goal:
        every_goal()
    elif arguments.other_goals:
        for cell in ORBIT_CELLS[1:]:
            build_databases(goal_with_blank_in(cell))
    if resource is not None:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"\nPeak resident memory of this process after the builds: {peak:.0f} MB")
    if arguments.eight:
        eight_puzzles(arguments.eight)
    if arguments.korf:
        korf(arguments.only)
    if arguments.korf_blank_last:
        korf(arguments.only, blank_last=True)
    if arguments.hardest:
        hardest(arguments.only)
    if arguments.pure_korf:
        pure_korf(arguments.pure_korf)
    if arguments.other_goals:
        other_goals(arguments.other_goals)


if __name__ == "__main__":
    main()
