"""Optimal search: lengths equal breadth-first distances on small boards and on 4x4 boards
near their goals for both twins and every kind of goal, both twins search node for node,
the move automaton keeps the lengths the search found when it only refused undoing a step,
every solution replays to the goal, Korf's instances get their published lengths, and
cancellation, deadlines and progress work."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from core import move_automaton, pattern_db, search, symmetry
from core.board import Board
from core.moves import random_board, scramble
from core.solution import SearchProgress, SolveCancelledError, distance_bound, replay_end
from tests.core.ground_truth import (
    blank_first,
    blank_last,
    distances_from,
    seeded_custom_goal,
)
from tests.core.pattern_cache import databases_of

if TYPE_CHECKING:
    from collections.abc import Iterator

    from core.speedups import CompiledSearch, CompiledTwins
    from tests.core.conftest import Compiled

DATA = Path(__file__).parent / "data"
#: The compiled twin's budget in these tests.
TEST_MAX_ENTRIES = 6_000_000


@pytest.fixture(scope="session")
def session_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache folder for the whole session, so each table is built once."""
    return tmp_path_factory.mktemp("pattern-cache")


@pytest.fixture(autouse=True)
def _shared_cache(session_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(session_cache))
    # 6-6-3 for the 15-puzzle: seconds to build, where 7-8 takes minutes and hundreds of
    # megabytes (bench/solve_optimal.py runs the real tables on Korf's 100 and the 80-move
    # positions). The search and the builder are the same code at every size.
    monkeypatch.setenv(pattern_db.MAX_ENTRIES_VARIABLE, str(TEST_MAX_ENTRIES))


def distances(width: int, height: int, goal: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """Breadth-first distance of every position that reaches `goal`."""
    return distances_from(width, height, goal)


GOALS = {"blank-last": blank_last, "blank-first": blank_first, "custom": seeded_custom_goal}


def samples(
    width: int, height: int, goal: tuple[int, ...], count: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """`count` positions of every distance band (the farthest included), fixed per shape."""
    known = distances(width, height, goal)
    farthest = max(known.values())
    positions = sorted(known)
    chosen = [position for position in positions if known[position] == farthest][:2]
    chosen += random.Random(f"{width}x{height}").sample(positions, min(count, len(positions)))
    for position in chosen:
        yield position, known[position]


@pytest.mark.parametrize("goal_name", sorted(GOALS))
@pytest.mark.parametrize(
    ("width", "height", "count"),
    [(2, 2, 12), (2, 3, 20), (3, 2, 20), (2, 4, 20), (4, 2, 10), (3, 3, 12)],
)
def test_lengths_equal_breadth_first_distances(
    twin: CompiledTwins, goal_name: str, width: int, height: int, count: int
) -> None:
    goal = Board(width, height, GOALS[goal_name](width, height))
    for tiles, distance in samples(width, height, goal.tiles, count):
        board = Board(width, height, tiles)
        found = search.solve_optimal(board, goal)
        assert found is not None
        moves, nodes = found
        assert len(moves) == distance, tiles
        assert replay_end(board, moves) == goal
        assert nodes >= len(moves)


@pytest.mark.parametrize(("width", "height"), [(1, 4), (5, 1), (1, 2)])
def test_lines_only_move_the_blank(twin: CompiledTwins, width: int, height: int) -> None:
    goal = Board(width, height, blank_last(width, height))
    for tiles, distance in distances(width, height, goal.tiles).items():
        board = Board(width, height, tiles)
        found = search.solve_optimal(board, goal)
        assert found is not None
        assert len(found[0]) == distance
        assert replay_end(board, found[0]) == goal


def test_a_solved_board_needs_no_moves(twin: CompiledTwins) -> None:
    goal = Board.solved(3, 3)
    assert search.solve_optimal(goal, goal) == ((), 0)
    assert search.next_move(goal, goal) is None


def test_next_move_starts_a_shortest_solution(twin: CompiledTwins) -> None:
    goal = Board.solved(3, 2, blank_first=True)
    known = distances(3, 2, goal.tiles)
    for tiles, distance in list(known.items())[:30]:
        board = Board(3, 2, tiles)
        tile = search.next_move(board, goal)
        if distance == 0:
            assert tile is None
            continue
        assert tile is not None
        after = replay_end(board, (tile,))
        assert known[after.tiles] == distance - 1


def test_an_easy_fifteen_puzzle_in_both_twins(twin: CompiledTwins) -> None:
    goal = Board.solved(4, 4)
    board = Board(4, 4, (1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 7, 11, 13, 14, 15, 12))
    found = search.solve_optimal(board, goal)
    assert found is not None
    assert found[0] == (7, 11, 12)


def never_stop(_bound: int, _nodes: int) -> bool:
    return False


#: The search as it was before the move automaton: only undoing the last step refused.
UNDO_ONLY = move_automaton.compile_automaton(["UD", "DU", "LR", "RL"])


def run_twin(
    databases: pattern_db.PatternDatabases,
    labels: list[int],
    engine: CompiledSearch | None,
    automaton: move_automaton.MoveAutomaton | None = None,
) -> tuple[list[int], int]:
    """One twin's search (the pure one when `engine` is None) with the shape's automaton
    or the one given."""
    found = search.run_search(labels, databases, never_stop, engine, automaton)
    assert found is not None
    return found


def both_twins(
    compiled: CompiledSearch, databases: pattern_db.PatternDatabases, board: Board, goal: Board
) -> tuple[list[int], int, int]:
    """The moves (goal cells) and nodes both twins agree on, and the nodes of the search
    that only refuses undoing (which must find a solution as long)."""
    labels = search.relabel(board, goal)
    moved, nodes = run_twin(databases, labels, compiled)
    assert run_twin(databases, labels, None) == (moved, nodes)
    before, before_nodes = run_twin(databases, labels, compiled, UNDO_ONLY)
    assert len(before) == len(moved)
    assert replay_end(board, [goal.tiles[label] for label in moved]) == goal
    return moved, nodes, before_nodes


def test_both_twins_search_node_for_node(compiled: Compiled) -> None:
    goal = Board.solved(3, 3, blank_first=True)
    databases = databases_of(3, 3, 0, pattern_db.partition(3, 3, 0, 400))
    for tiles, distance in samples(3, 3, goal.tiles, 5):
        moved, _nodes, _before = both_twins(compiled.search, databases, Board(3, 3, tiles), goal)
        assert len(moved) == distance


#: 4x4 goals: Korf's (blank first), blank last, and the blank in a middle cell (5), where
#: no mirrored lookup applies.
FIFTEEN_GOALS = {
    "blank-first": Board.solved(4, 4, blank_first=True),
    "blank-last": Board.solved(4, 4),
    "middle": Board(4, 4, (1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)),
}


def fifteen_samples(goal: Board) -> list[tuple[Board, int]]:
    """Boards 6 to 12 slides from `goal` (three of each length, fixed), with their
    breadth-first distances."""
    known = distances_from(4, 4, goal.tiles, within=12)
    by_distance: dict[int, list[tuple[int, ...]]] = {}
    for tiles, distance in sorted(known.items()):
        by_distance.setdefault(distance, []).append(tiles)
    rng = random.Random(f"fifteen-{goal.tiles}")
    return [
        (Board(4, 4, tiles), distance)
        for distance in range(6, 13)
        for tiles in rng.sample(by_distance[distance], 3)
    ]


@pytest.mark.parametrize("goal_name", sorted(FIFTEEN_GOALS))
def test_fifteen_puzzle_lengths_equal_breadth_first_distances(
    compiled: Compiled, goal_name: str
) -> None:
    # Both twins on the same (6-6-3) tables and automaton: the same moves and nodes, and
    # the breadth-first length, as the search that only refused undoing found.
    goal = FIFTEEN_GOALS[goal_name]
    databases = pattern_db.load(4, 4, goal.blank_index, engine=compiled.search)
    for board, distance in fifteen_samples(goal):
        moved, _nodes, _before_nodes = both_twins(compiled.search, databases, board, goal)
        assert len(moved) == distance, board
        found = search.solve_optimal(board, goal)
        assert found is not None
        assert len(found[0]) == distance
        assert replay_end(board, found[0]) == goal


def scrambled(goal: Board, count: int, slides: int) -> list[Board]:
    """`count` boards `slides` random slides from `goal` (fixed seed; slides may undo)."""
    rng = random.Random(f"scrambled-{goal.tiles}-{slides}")
    return [scramble(goal, slides, rng) for _ in range(count)]


@pytest.mark.parametrize("goal_name", sorted(FIFTEEN_GOALS))
def test_both_twins_search_fifteen_puzzles_node_for_node(
    compiled: Compiled, goal_name: str
) -> None:
    # Deeper than breadth-first search reaches: 30 to 40 slides scrambled, so the
    # automaton's longer sequences and the iterations past the first are exercised. Fewer
    # nodes in all; not board by board, as the last iteration may meet the solution it
    # keeps later than the one it refuses.
    goal = FIFTEEN_GOALS[goal_name]
    databases = pattern_db.load(4, 4, goal.blank_index, engine=compiled.search)
    all_nodes = all_before = 0
    for board in scrambled(goal, 4, 30) + scrambled(goal, 2, 40):
        _moved, nodes, before_nodes = both_twins(compiled.search, databases, board, goal)
        all_nodes += nodes
        all_before += before_nodes
    assert all_nodes < all_before


@pytest.mark.parametrize(("width", "height"), [(2, 4), (4, 2), (2, 5), (3, 4)])
def test_both_twins_search_other_shapes_node_for_node(
    compiled: Compiled, width: int, height: int
) -> None:
    # Each shape has its own automaton: a sequence that duplicates another on one shape
    # may have no smaller twin on a narrower one.
    goal = Board.solved(width, height)
    databases = pattern_db.load(width, height, goal.blank_index, engine=compiled.search)
    for board in scrambled(goal, 4, 25):
        both_twins(compiled.search, databases, board, goal)


@pytest.mark.parametrize(
    "automaton",
    [
        b"",
        b"\x00\x00\x00",
        (1).to_bytes(4, "little") * 4,
        (-2).to_bytes(4, "little", signed=True) * 4,
    ],
)
def test_the_compiled_twin_refuses_a_broken_automaton(compiled: Compiled, automaton: bytes) -> None:
    goal = Board.solved(2, 2)
    databases = pattern_db.load(2, 2, goal.blank_index, engine=compiled.search)
    labels = search.relabel(Board(2, 2, (1, 2, 0, 3)), goal)
    with pytest.raises(ValueError, match="automaton"):
        compiled.search.search(
            2, 2, tuple(labels), databases.groups, databases.tables, False, automaton, None, 10
        )


def korf_instances() -> list[tuple[int, int, tuple[int, ...]]]:
    instances = []
    for line in (DATA / "korf100.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        number, length, *tiles = map(int, line.split())
        instances.append((number, length, tuple(tiles)))
    return instances


def test_the_data_files_hold_every_instance() -> None:
    instances = korf_instances()
    assert [number for number, _, _ in instances] == list(range(1, 101))
    assert all(sorted(tiles) == list(range(16)) for _, _, tiles in instances)
    hardest = [
        line
        for line in (DATA / "80_move_positions.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert len(hardest) == 17
    assert len(set(hardest)) == 17
    assert all(sorted(map(int, line.split())) == list(range(16)) for line in hardest)


def _transposed(tiles: tuple[int, ...]) -> tuple[int, ...]:
    """The position transposed about the main diagonal, each tile relabelled by its goal
    cell there: the symmetry of the blank-last 4x4 goal, which keeps every distance."""
    result = [0] * 16
    for index, tile in enumerate(tiles):
        row, column = divmod(index, 4)
        goal_row, goal_column = divmod(tile - 1, 4)
        result[4 * column + row] = 4 * goal_column + goal_row + 1 if tile else 0
    return tuple(result)


def test_the_80_move_positions_are_closed_under_the_goals_symmetry() -> None:
    # How the seventeenth was found: the set maps onto itself under the transposition.
    hardest = {
        tuple(map(int, line.split()))
        for line in (DATA / "80_move_positions.txt").read_text().splitlines()
        if line and not line.startswith("#")
    }
    assert {_transposed(tiles) for tiles in hardest} == hardest
    goal = Board.solved(4, 4)
    assert _transposed(goal.tiles) == goal.tiles


#: The easiest of Korf's instances: the 15-puzzle tables are built once for the session.
EASY_KORF = (79, 55, 97, 42, 47, 12)


@pytest.mark.parametrize("number", EASY_KORF)
def test_korf_instances_get_their_published_lengths(compiled: Compiled, number: int) -> None:
    goal = Board.solved(4, 4, blank_first=True)
    _number, length, tiles = korf_instances()[number - 1]
    board = Board(4, 4, tiles)
    found = search.solve_optimal(board, goal)
    assert found is not None
    assert len(found[0]) == length
    assert replay_end(board, found[0]) == goal


HARD_EIGHT = Board(3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1))  # 31 moves, the most any needs


def test_cancelling_raises(twin: CompiledTwins) -> None:
    with pytest.raises(SolveCancelledError):
        search.solve_optimal(HARD_EIGHT, Board.solved(3, 3), cancelled=lambda: True)


def test_cancelling_during_the_search_raises(twin: CompiledTwins) -> None:
    # The compiled twin solves any 8-puzzle in one bound (its table is exact): a 15-puzzle of
    # millions of nodes (Korf's third) lets it be stopped mid-search.
    board, goal = HARD_EIGHT, Board.solved(3, 3)
    if twin.search is not None:
        board, goal = Board(4, 4, korf_instances()[2][2]), Board.solved(4, 4, blank_first=True)
    heard: list[SearchProgress] = []
    with pytest.raises(SolveCancelledError):
        search.solve_optimal(board, goal, progress=heard.append, cancelled=lambda: bool(heard))
    assert heard


def test_a_past_deadline_returns_none(twin: CompiledTwins) -> None:
    assert search.solve_optimal(HARD_EIGHT, Board.solved(3, 3), deadline=0.0) is None


def test_progress_hears_every_bound(twin: CompiledTwins) -> None:
    heard: list[SearchProgress] = []
    found = search.solve_optimal(HARD_EIGHT, Board.solved(3, 3), progress=heard.append)
    assert found is not None
    assert len(found[0]) == 31
    bounds = [progress.depth for progress in heard]
    assert bounds == sorted(bounds)
    assert bounds[-1] == 31
    assert heard[-1].nodes <= found[1]


def test_prepare_databases_reports_its_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    goal = Board.solved(2, 4)
    fractions: list[float] = []
    assert not search.databases_ready(goal)
    search.prepare_databases(goal, progress=fractions.append)
    assert fractions
    assert all(0.0 <= fraction <= 1.0 for fraction in fractions)
    assert search.databases_ready(goal)
    with pytest.raises(SolveCancelledError):
        search.prepare_databases(Board.solved(2, 5), cancelled=lambda: True)


# --- a deadline: what the search proved before it stopped ----------------------------------


class CountingClock:
    """Stands in for `time` in core.search: each reading is one tick later, so a deadline
    of N ticks stops the search at the same poll every run, however fast the machine."""

    def __init__(self) -> None:
        self.ticks = 0

    def monotonic(self) -> float:
        self.ticks += 1
        return float(self.ticks)


def test_a_past_deadline_still_proves_the_start_heuristic(twin: CompiledTwins) -> None:
    outcome = search.search_optimal(HARD_EIGHT, Board.solved(3, 3), deadline=0.0)
    assert outcome.moves is None
    # At least the distance bound, at most the true length, and of the length's parity.
    assert distance_bound(HARD_EIGHT, Board.solved(3, 3)) <= outcome.lower_bound <= 31
    assert outcome.lower_bound % 2 == 31 % 2


def test_a_deadline_mid_search_proves_the_bound_it_stopped_in(
    twin: CompiledTwins, monkeypatch: pytest.MonkeyPatch
) -> None:
    goal = Board.solved(3, 3)
    assert search.prepare_databases(goal)  # so every tick goes to the search
    clock = CountingClock()
    monkeypatch.setattr(search, "time", clock)
    bounds = []
    for ticks in range(1, 40):
        clock.ticks = 0
        outcome = search.search_optimal(HARD_EIGHT, goal, deadline=float(ticks))
        if outcome.moves is not None:
            assert (len(outcome.moves), outcome.lower_bound) == (31, 31)
            assert replay_end(HARD_EIGHT, outcome.moves) == goal
            break
        assert outcome.lower_bound <= 31
        assert outcome.lower_bound % 2 == 1
        bounds.append(outcome.lower_bound)
    else:
        pytest.fail("the search never finished")
    assert bounds == sorted(bounds)
    if twin.search is None:
        # The pure twin's smaller tables (blank first's, the board turned onto them) take
        # iterations 29 and 31: a stop within 31 proves more than the start's estimate.
        assert bounds[0] == 29
        assert 31 in bounds


def test_a_finished_search_proves_its_own_length(twin: CompiledTwins) -> None:
    outcome = search.search_optimal(HARD_EIGHT, Board.solved(3, 3))
    assert outcome.moves is not None
    assert outcome.lower_bound == len(outcome.moves) == 31


def test_a_deadline_during_the_table_build_falls_back_to_the_distance_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    goal = Board.solved(3, 3)
    outcome = search.search_optimal(HARD_EIGHT, goal, deadline=0.0)
    assert (outcome.moves, outcome.nodes) == (None, 0)
    assert outcome.lower_bound == distance_bound(HARD_EIGHT, goal) == 21
    assert not search.prepare_databases(goal, deadline=0.0)
    assert not search.databases_ready(goal)


# --- one table set for every goal blank cell of an orbit (core.symmetry) -------------------


def goal_with_blank_in(width: int, height: int, blank_cell: int, shuffled: bool) -> Board:
    """The tiles in order, or in a fixed shuffled order, with the blank in `blank_cell`."""
    tiles = list(range(1, width * height))
    if shuffled:
        random.Random(f"goal-{width}x{height}-{blank_cell}").shuffle(tiles)
    tiles.insert(blank_cell, 0)
    return Board(width, height, tuple(tiles))


def blank_cells_built(folder: Path) -> set[int]:
    """The goal blank cells the tables in `folder` were built for (from their names)."""
    return {int(path.name.split("-blank")[1].split("-")[0]) for path in folder.glob("*.pdb")}


@pytest.mark.parametrize("shuffled", [False, True])
@pytest.mark.parametrize(("width", "height"), [(3, 3), (2, 4), (3, 2)])
def test_every_goal_blank_cell_gets_breadth_first_lengths_from_its_orbits_tables(
    twin: CompiledTwins,
    width: int,
    height: int,
    shuffled: bool,
    *,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A goal whose blank is in another cell of an orbit is searched turned or flipped onto
    # the one cell of the orbit that gets tables: the lengths stay the breadth-first ones.
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    cell_count = width * height
    for blank_cell in range(cell_count):
        goal = goal_with_blank_in(width, height, blank_cell, shuffled)
        for tiles, distance in samples(width, height, goal.tiles, 6):
            board = Board(width, height, tiles)
            found = search.solve_optimal(board, goal)
            assert found is not None
            assert len(found[0]) == distance, (goal.tiles, tiles)
            assert replay_end(board, found[0]) == goal
    orbits = {symmetry.orbit(width, height, cell) for cell in range(cell_count)}
    assert blank_cells_built(tmp_path) == {cells[0] for cells in orbits}
    assert len(orbits) < cell_count


#: 4x4 goals whose blank another cell's tables serve, with that cell: blank last (15) and a
#: middle cell (10) are turned onto blank first (0) and cell 5.
SERVED_FIFTEEN_GOALS = {
    "blank-last": (Board.solved(4, 4), 0),
    "middle-10": (Board(4, 4, (*range(1, 11), 0, *range(11, 16))), 5),
}


@pytest.mark.parametrize("goal_name", sorted(SERVED_FIFTEEN_GOALS))
def test_fifteen_puzzles_through_a_symmetry_match_the_goals_own_tables(
    compiled: Compiled, goal_name: str
) -> None:
    # Random boards (Korf's kind, not near the goal): the length through the other cell's
    # tables equals the length the goal's own tables find, both replayed to the goal.
    goal, table_cell = SERVED_FIFTEEN_GOALS[goal_name]
    assert pattern_db.serving_cell(4, 4, goal.blank_index) == table_cell
    pattern_db.load(4, 4, table_cell, engine=compiled.search)
    assert search.databases_ready(goal)
    own = pattern_db.load(4, 4, goal.blank_index, engine=compiled.search)
    rng = random.Random(f"through-{goal_name}")
    for _ in range(3):
        board = random_board(4, 4, solvable=True, goal=goal, rng=rng)
        outcome = search.search_optimal(board, goal)
        assert outcome.moves is not None
        assert replay_end(board, outcome.moves) == goal
        labels, _nodes = run_twin(own, search.relabel(board, goal), compiled.search)
        assert replay_end(board, [goal.tiles[label] for label in labels]) == goal
        assert len(outcome.moves) == len(labels)


def test_a_blank_last_fifteen_puzzle_after_a_blank_first_one_builds_nothing(
    compiled: Compiled, session_cache: Path
) -> None:
    # The session's 4x4 tables (6-6-3 here) built for Korf's goal serve the blank-last goal.
    korf = Board(4, 4, korf_instances()[78][2])
    assert search.solve_optimal(korf, Board.solved(4, 4, blank_first=True)) is not None
    assert pattern_db.is_cached(4, 4, 0, engine=compiled.search)
    before = sorted(session_cache.glob("pattern-*-4x4-*.pdb"))
    goal = Board.solved(4, 4)
    assert search.databases_ready(goal)
    board = random_board(4, 4, solvable=True, goal=goal, rng=random.Random("blank-last"))
    found = search.solve_optimal(board, goal)
    assert found is not None
    assert replay_end(board, found[0]) == goal
    assert sorted(session_cache.glob("pattern-*-4x4-*.pdb")) == before


def test_prepare_shape_compiles_the_automaton_of_a_shape_the_search_takes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled: list[tuple[int, int]] = []
    monkeypatch.setattr(move_automaton, "for_shape", lambda *shape: compiled.append(shape))
    for width, height in [(3, 3), (4, 4), (2, 8), (5, 5), (1, 1), (17, 1)]:
        search.prepare_shape(width, height)
    assert compiled == [(3, 3), (4, 4), (2, 8)]
