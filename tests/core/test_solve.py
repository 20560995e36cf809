"""`solve`: which method runs, what an unsolvable board gets, and the time budget.

The optimal engine is replaced here by a stand-in where the test is about the façade's
choices (so these run whatever the engine's state); the real engine's lengths are checked
against breadth-first search at the end.
"""

from __future__ import annotations

import random
import sys
import time
import types
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings

import core
from core import (
    Board,
    BoardError,
    GoalName,
    Solution,
    SolveMethod,
    UnsolvableError,
    check,
    goal_board,
    pattern_db,
    random_board,
    solve,
    suggest_fix,
)
from core.search import SearchOutcome
from core.solution import (
    MAX_OPTIMAL_CELLS,
    SearchProgress,
    SolveCancelledError,
    distance_bound,
    replay_end,
)
from core.solve import default_method
from tests.core.pattern_cache import pattern_cache  # noqa: F401 - a fixture
from tests.core.test_fast_solver import solvable_boards_with_goals
from tests.core.test_search import DATA

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path


class StandInEngine:
    """Takes the place of `core.search`: records each call and answers as told (None: the
    deadline came first, having proved `lower_bound`)."""

    def __init__(
        self,
        answer: Callable[[Board, Board], tuple[tuple[int, ...], int] | None],
        lower_bound: int = 0,
    ):
        self.answer = answer
        self.lower_bound = lower_bound
        self.calls: list[dict[str, Any]] = []

    def search_optimal(
        self,
        board: Board,
        goal: Board,
        *,
        progress: Callable[[SearchProgress], None] | None = None,
        cancelled: Callable[[], bool] | None = None,
        deadline: float | None = None,
    ) -> SearchOutcome:
        self.calls.append(
            {"board": board, "goal": goal, "progress": progress, "deadline": deadline}
        )
        found = self.answer(board, goal)
        if found is None:
            return SearchOutcome(None, 123, self.lower_bound)
        moves, nodes = found
        return SearchOutcome(moves, nodes, len(moves))


@pytest.fixture
def install_engine(monkeypatch: pytest.MonkeyPatch) -> Callable[..., StandInEngine]:
    def install(
        answer: Callable[[Board, Board], tuple[tuple[int, ...], int] | None],
        lower_bound: int = 0,
    ) -> StandInEngine:
        engine = StandInEngine(answer, lower_bound)
        module = types.ModuleType("core.search")
        module.search_optimal = engine.search_optimal  # type: ignore[attr-defined]
        module.databases_ready = lambda goal: True  # type: ignore[attr-defined]
        # No 5x5-sized tables: such boards get the beam search, whatever the cache holds.
        module.databases_stored = lambda goal: False  # type: ignore[attr-defined]
        module.prepare_databases = never_called  # type: ignore[attr-defined]
        module.tables_serve = never_called  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "core.search", module)
        return engine

    return install


def never_called(board: Board, goal: Board) -> None:
    raise AssertionError("no search should have started")


def assert_reaches(solution: Solution, goal: GoalName | Board) -> None:
    start = solution.start
    assert solution.goal == goal_board(goal, start.width, start.height)
    assert replay_end(start, solution.moves) == solution.goal


def test_the_api_is_exported_from_core() -> None:
    for name in ("solve", "Solution", "SolveMethod", "UnsolvableError"):
        assert name in core.__all__
        assert getattr(core, name) is not None


def test_boards_over_sixteen_cells_get_the_beam_search(
    install_engine: Callable[..., StandInEngine],
) -> None:
    install_engine(never_called)
    board = random_board(5, 4, solvable=True, rng=random.Random(1))
    solution = solve(board)
    assert (solution.method, solution.optimal, solution.nodes) == (SolveMethod.BEAM, False, 0)
    assert solution.lower_bound is None  # nothing proven, nothing claimed
    assert solution.length < len(solve(board, method=SolveMethod.FAST).letters)
    assert_reaches(solution, GoalName.BLANK_LAST)


@pytest.mark.parametrize(
    ("shape", "budget", "method"),
    [
        ((4, 4), None, SolveMethod.OPTIMAL),
        ((5, 4), None, SolveMethod.BEAM),
        ((12, 12), None, SolveMethod.BEAM),
        ((13, 12), None, SolveMethod.FAST),
        ((13, 12), 5.0, SolveMethod.BEAM),
        ((20, 20), 5.0, SolveMethod.BEAM),
        ((21, 20), 5.0, SolveMethod.FAST),
        ((2, 30), None, SolveMethod.FAST),
        ((30, 2), 5.0, SolveMethod.FAST),
    ],
)
def test_the_default_method_by_size_and_budget(
    shape: tuple[int, int],
    budget: float | None,
    method: SolveMethod,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # An empty cache: a 5x4 with its tables built gets the near-optimal search instead.
    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    assert default_method(Board.solved(*shape), budget) is method


def test_boards_over_the_beam_limit_get_the_fast_method(
    install_engine: Callable[..., StandInEngine],
) -> None:
    install_engine(never_called)
    board = random_board(13, 12, solvable=True, rng=random.Random(13))
    solution = solve(board)
    assert (solution.method, solution.optimal, solution.lower_bound) == (
        SolveMethod.FAST,
        False,
        None,
    )
    assert_reaches(solution, GoalName.BLANK_LAST)


@pytest.mark.parametrize("shape", [(2, 9), (9, 2), (21, 20)])
def test_the_beam_search_names_its_limits(shape: tuple[int, int]) -> None:
    with pytest.raises(BoardError, match="beam search takes boards of 3x3 and up"):
        solve(Board.solved(*shape), method=SolveMethod.BEAM)


@pytest.mark.parametrize("goal", list(GoalName))
def test_a_budget_improves_on_the_hand_method(goal: GoalName) -> None:
    board = random_board(7, 6, solvable=True, goal=goal, rng=random.Random(76))
    hand = solve(board, goal, method=SolveMethod.FAST)
    solution = solve(board, goal, time_budget=1.0)
    assert (solution.method, solution.optimal) == (SolveMethod.BEAM, False)
    assert solution.lower_bound == distance_bound(board, goal_board(goal, 7, 6))
    assert solution.length < hand.length
    assert_reaches(solution, goal)


def test_a_budget_spent_at_once_keeps_the_hand_method_solution() -> None:
    board = random_board(9, 8, solvable=True, rng=random.Random(98))
    solution = solve(board, time_budget=1e-9)
    assert (solution.method, solution.optimal) == (SolveMethod.FAST, False)
    assert solution.letters == solve(board, method=SolveMethod.FAST).letters
    assert solution.lower_bound == distance_bound(board, Board.solved(9, 8))


def test_boards_up_to_sixteen_cells_get_the_optimal_search(
    install_engine: Callable[..., StandInEngine],
) -> None:
    board = Board(4, 4, (*range(1, 15), 0, 15))
    engine = install_engine(lambda board, goal: ((15,), 7))
    solution = solve(board, GoalName.BLANK_LAST)
    assert (solution.moves, solution.method, solution.optimal, solution.nodes) == (
        (15,),
        SolveMethod.OPTIMAL,
        True,
        7,
    )
    assert solution.lower_bound == 1
    [call] = engine.calls
    assert call["goal"] == Board.solved(4, 4)
    assert call["deadline"] is None


def test_the_fast_method_can_be_asked_for_on_a_small_board(
    install_engine: Callable[..., StandInEngine],
) -> None:
    install_engine(never_called)
    board = random_board(3, 3, solvable=True, goal=GoalName.BLANK_FIRST, rng=random.Random(2))
    solution = solve(board, GoalName.BLANK_FIRST, method=SolveMethod.FAST)
    assert (solution.method, solution.optimal) == (SolveMethod.FAST, False)
    assert solution.lower_bound is None  # nothing proven, nothing claimed
    assert_reaches(solution, GoalName.BLANK_FIRST)


def test_a_budgeted_hand_solution_carries_the_distance_bound(
    install_engine: Callable[..., StandInEngine],
) -> None:
    install_engine(never_called)
    board = random_board(6, 5, solvable=True, rng=random.Random(7))
    solution = solve(board, method=SolveMethod.FAST, time_budget=5.0)
    assert (solution.method, solution.optimal) == (SolveMethod.FAST, False)
    assert solution.lower_bound == distance_bound(board, Board.solved(6, 5))
    assert solution.lower_bound < solution.length
    assert_reaches(solution, GoalName.BLANK_LAST)


def test_a_hand_solution_as_short_as_the_bound_is_proven_shortest(
    install_engine: Callable[..., StandInEngine],
) -> None:
    install_engine(never_called)
    board = Board(5, 5, (*range(1, 24), 0, 24))  # one slide away
    solution = solve(board, time_budget=5.0)
    assert (solution.moves, solution.optimal, solution.lower_bound) == ((24,), True, 1)


def test_optimal_over_sixteen_cells_names_the_limit(
    install_engine: Callable[..., StandInEngine],
) -> None:
    install_engine(never_called)
    # A 5x5 is taken (the near-optimal search's tables); a 6x5 is past every limit.
    with pytest.raises(BoardError, match=f"up to {MAX_OPTIMAL_CELLS} cells.*6x5.*30"):
        solve(Board.solved(6, 5), method=SolveMethod.OPTIMAL)


def test_a_spent_time_budget_returns_the_fast_solution_not_proven_shortest(
    install_engine: Callable[..., StandInEngine],
) -> None:
    engine = install_engine(lambda board, goal: None, lower_bound=40)
    board = random_board(4, 4, solvable=True, rng=random.Random(3))
    before = time.monotonic()
    solution = solve(board, time_budget=2.5)
    after = time.monotonic()
    assert (solution.method, solution.optimal) == (SolveMethod.FAST, False)
    # What the search proved and how far it got come with the hand method's moves.
    assert (solution.lower_bound, solution.nodes) == (40, 123)
    assert solution.length > 40
    assert_reaches(solution, GoalName.BLANK_LAST)
    deadline = engine.calls[0]["deadline"]
    assert before + 2.5 <= deadline <= after + 2.5


def test_progress_reaches_the_engine(install_engine: Callable[..., StandInEngine]) -> None:
    engine = install_engine(lambda board, goal: ((), 1))
    reports: list[SearchProgress] = []
    solve(Board.solved(3, 3), progress=reports.append)
    assert engine.calls[0]["progress"] == reports.append


def test_the_first_search_of_a_shape_reports_building_its_tables(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core import pattern_db

    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    reports: list[SearchProgress] = []
    board = Board(3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1))  # one of the two 31-move positions
    solution = solve(board, progress=reports.append)
    assert solution.length == 31
    building = [report.building_tables for report in reports if report.building_tables is not None]
    assert building, "no report while the tables were built"
    assert building == sorted(building)
    assert building[-1] == 1.0
    assert all(0.0 <= fraction <= 1.0 for fraction in building)
    # Which goals the tables serve: blank last is a corner, like blank first.
    assert {report.tables_serve for report in reports if report.building_tables is not None} == {
        "every 3x3 goal with the blank in a corner"
    }
    # Built once: the next search of the shape starts at once, with no building reports.
    reports.clear()
    solve(board, progress=reports.append)
    assert all(report.building_tables is None for report in reports)


def table_files(folder: Path) -> dict[str, int]:
    return {path.name: path.stat().st_mtime_ns for path in folder.glob("*.pdb")}


@pytest.mark.parametrize(("width", "height"), [(3, 3), (2, 4)])
@pytest.mark.parametrize(
    ("first", "then"),
    [(GoalName.BLANK_FIRST, GoalName.BLANK_LAST), (GoalName.BLANK_LAST, GoalName.BLANK_FIRST)],
)
def test_the_other_corner_goal_after_one_builds_nothing(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    width: int,
    height: int,
    *,
    first: GoalName,
    then: GoalName,
) -> None:
    # Blank first and blank last share one table set: the second solve, as the window and
    # `solve` run it (with progress), is ready at once and reports no build.
    from core import pattern_db, search

    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    pattern_db.forget_loaded()
    rng = random.Random(f"{width}x{height}")
    board = random_board(width, height, solvable=True, goal=first, rng=rng)
    solution = solve(board, first, progress=lambda _report: None)
    assert solution.optimal
    built = table_files(tmp_path)
    assert built
    then_goal = goal_board(then, width, height)
    assert search.databases_ready(then_goal)
    pattern_db.forget_loaded()  # from the disk, as a later run would
    assert search.databases_ready(then_goal)
    reports: list[SearchProgress] = []
    board = random_board(width, height, solvable=True, goal=then, rng=rng)
    solution = solve(board, then, progress=reports.append)
    assert solution.optimal
    assert replay_end(board, solution.moves) == then_goal
    assert all(report.building_tables is None for report in reports)
    assert table_files(tmp_path) == built


def test_a_goal_in_another_orbit_says_its_tables_need_building(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core import pattern_db, search

    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    pattern_db.forget_loaded()
    assert search.prepare_databases(goal_board(GoalName.BLANK_LAST, 3, 3))
    centre = Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8))
    edge = Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))
    assert not search.databases_ready(centre)
    assert not search.databases_ready(edge)
    reports: list[SearchProgress] = []
    board = random_board(3, 3, solvable=True, goal=edge, rng=random.Random(7))
    assert solve(board, edge, progress=reports.append).optimal
    assert {report.tables_serve for report in reports if report.building_tables is not None} == {
        "every 3x3 goal with the blank on an edge, not in a corner"
    }
    # The edge goal's tables serve every edge cell, not the centre.
    assert search.databases_ready(Board(3, 3, (1, 0, 2, 3, 4, 5, 6, 7, 8)))
    assert not search.databases_ready(centre)


def test_a_blank_last_goal_builds_blank_firsts_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every goal of an orbit is searched on the tables of its first cell, whatever else the
    # cache holds: a set of blank last's own, from before tables were shared, is not read.
    from core import pattern_db, search, speedups

    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    pattern_db.forget_loaded()
    pattern_db.load(2, 4, 7, engine=speedups.compiled_twins.search)
    goal = goal_board(GoalName.BLANK_LAST, 2, 4)
    assert not search.databases_ready(goal)
    board = random_board(2, 4, solvable=True, goal=goal, rng=random.Random(3))
    solution = solve(board, goal, progress=lambda _report: None)
    assert replay_end(board, solution.moves) == goal
    assert {name.split("-")[3] for name in table_files(tmp_path)} == {"blank0", "blank7"}
    assert search.databases_ready(goal_board(GoalName.BLANK_FIRST, 2, 4))


@pytest.mark.parametrize("method", [None, SolveMethod.OPTIMAL, SolveMethod.FAST])
@pytest.mark.parametrize(
    ("board", "goal"),
    [
        (Board(4, 4, (*range(1, 14), 15, 14, 0)), GoalName.BLANK_LAST),
        (Board(3, 3, (0, 2, 1, 3, 4, 5, 6, 7, 8)), GoalName.BLANK_FIRST),
        (Board(2, 2, (2, 1, 3, 0)), Board(2, 2, (1, 2, 3, 0))),
        (Board(1, 4, (2, 1, 3, 0)), GoalName.BLANK_LAST),
    ],
)
def test_an_unsolvable_board_never_starts_a_search(
    install_engine: Callable[..., StandInEngine],
    board: Board,
    goal: GoalName | Board,
    method: SolveMethod | None,
) -> None:
    install_engine(never_called)
    with pytest.raises(UnsolvableError) as raised:
        solve(board, goal, method=method)
    assert raised.value.verdict == check(board, goal)
    assert raised.value.fix == suggest_fix(board, goal)
    assert str(raised.value).startswith("not solvable: ")


def test_an_unsolvable_hundred_by_hundred_is_refused_at_once() -> None:
    board = Board(100, 100, (*range(1, 9998), 9999, 9998, 0))
    with pytest.raises(UnsolvableError) as raised:
        solve(board)
    assert raised.value.fix is not None


def test_a_goal_of_another_shape_is_a_board_error() -> None:
    with pytest.raises(BoardError, match="the goal is 3x3 but the board is 4x4"):
        solve(Board.solved(4, 4), Board.solved(3, 3))


def test_an_optimal_line_needs_no_search(install_engine: Callable[..., StandInEngine]) -> None:
    install_engine(never_called)
    solution = solve(Board(1, 5, (1, 2, 0, 3, 4)), GoalName.BLANK_LAST)
    assert (solution.moves, solution.optimal, solution.method) == (
        (3, 4),
        True,
        SolveMethod.OPTIMAL,
    )


def test_cancelling_a_fast_solve() -> None:
    board = random_board(9, 9, solvable=True, rng=random.Random(4))
    with pytest.raises(SolveCancelledError):
        solve(board, cancelled=lambda: True)


@settings(max_examples=150, deadline=None)
@given(solvable_boards_with_goals())
def test_fast_solutions_of_any_shape_and_goal(case: tuple[Board, GoalName | Board]) -> None:
    board, goal = case
    solution = solve(board, goal, method=SolveMethod.FAST)
    assert solution.length == len(solution.moves)
    assert len(solution.directions) == solution.length
    assert_reaches(solution, goal)


# --- with the real optimal engine ---------------------------------------------------------


@pytest.mark.usefixtures("pattern_cache")
@pytest.mark.parametrize("goal", list(GoalName))
@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (3, 3), (2, 4)])
def test_default_solutions_of_small_boards_are_shortest(
    shape: tuple[int, int], goal: GoalName
) -> None:
    from tests.core.test_search import distances

    width, height = shape
    target = goal_board(goal, width, height)
    known = distances(width, height, target.tiles)
    farthest = max(known.values())
    rng = random.Random(f"{shape}{goal}")
    positions = [tiles for tiles, distance in known.items() if distance == farthest][:1]
    positions += rng.sample(sorted(known), 5)
    for tiles in positions:
        board = Board(width, height, tiles)
        solution = solve(board, goal)
        assert (solution.method, solution.optimal) == (SolveMethod.OPTIMAL, True)
        assert solution.length == known[tiles]
        assert_reaches(solution, goal)


@pytest.mark.usefixtures("pattern_cache")
def test_a_budget_already_spent_returns_the_fast_solution() -> None:
    # 8 6 7 / 2 5 4 / 3 _ 1: one of the two 3x3 positions 31 moves from the goal.
    board = Board(3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1))
    solution = solve(board, time_budget=0)
    assert (solution.method, solution.optimal) == (SolveMethod.FAST, False)
    assert solution.length >= 31
    assert_reaches(solution, GoalName.BLANK_LAST)


def eighty_move_positions() -> list[Board]:
    lines = (DATA / "80_move_positions.txt").read_text(encoding="utf-8").splitlines()
    return [Board(4, 4, tuple(map(int, line.split()))) for line in lines if line[:1].isdigit()]


@pytest.fixture(scope="module")
def fifteen_tables(request: pytest.FixtureRequest) -> None:
    """The 15-puzzle's blank-last tables, built ahead (seconds at the tests' size) so that a
    tiny budget is spent searching, not building."""
    from core.search import prepare_databases

    request.getfixturevalue("pattern_cache")
    assert prepare_databases(Board.solved(4, 4))


@pytest.mark.usefixtures("fifteen_tables")
@pytest.mark.parametrize("budget", [0, 0.01])
@pytest.mark.parametrize("number", [1, 3])
def test_a_hard_fifteen_puzzle_within_a_tiny_budget(number: int, budget: float) -> None:
    # 80 moves is the proven shortest of these positions; a hundredth of a second is far
    # from enough to prove it (seconds with the app's tables, minutes with the tests').
    board = eighty_move_positions()[number - 1]
    solution = solve(board, time_budget=budget)
    assert_reaches(solution, GoalName.BLANK_LAST)
    assert solution.length == len(solution.moves) > 80
    assert (solution.method, solution.optimal) == (SolveMethod.FAST, False)
    assert solution.lower_bound is not None
    assert distance_bound(board, Board.solved(4, 4)) <= solution.lower_bound <= 80
    assert solution.lower_bound % 2 == 0  # every solution of these has even length


@pytest.mark.usefixtures("fifteen_tables")
def test_a_budget_to_spare_still_proves_the_shortest() -> None:
    board = Board(4, 4, (1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 7, 11, 13, 14, 15, 12))
    solution = solve(board, time_budget=600)
    assert (solution.moves, solution.optimal, solution.lower_bound) == ((7, 11, 12), True, 3)


def test_a_budget_spent_building_the_tables_gives_the_distance_bound(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core import pattern_db

    monkeypatch.setenv(pattern_db.CACHE_DIR_VARIABLE, str(tmp_path))
    board = eighty_move_positions()[0]
    # With progress (the window, a terminal) the tables are built ahead: the budget
    # stops that build too.
    for progress in (None, [].append):
        solution = solve(board, time_budget=0, progress=progress)
        assert (solution.method, solution.optimal) == (SolveMethod.FAST, False)
        assert solution.lower_bound == distance_bound(board, Board.solved(4, 4))
        assert_reaches(solution, GoalName.BLANK_LAST)
