"""The hand method: every solution replayed move by move to its goal, on any shape and goal."""

from __future__ import annotations

import random
import time
from itertools import pairwise
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import (
    Board,
    BoardError,
    GoalName,
    check,
    goal_board,
    is_solvable,
    random_board,
)
from core.fast_solver import solve_fast, solve_fast_letters, strip_back_and_forth
from core.solution import SearchProgress, SolveCancelledError, UnsolvableError, replay_end
from core.speedups import CompiledTwins
from tests.core.conftest import running

if TYPE_CHECKING:
    from tests.core.conftest import Compiled

#: The shapes that test the method's seams: lines, two-high and two-wide strips (solved
#: column pair by column pair, or row by row), three-deep regions (where the last two
#: tiles of a line can wall the blank in), squares and long rectangles.
SHAPES = [(w, h) for w in range(1, 9) for h in range(1, 9) if w * h >= 2]


def solvable_board(width: int, height: int, tiles: list[int], goal: GoalName | Board) -> Board:
    """`tiles` as a board that can reach `goal`: one swap away when it cannot (a line is
    put in goal order instead, as only an ordered line is solvable)."""
    board = Board(width, height, tuple(tiles))
    if is_solvable(board, goal):
        return board
    target = goal_board(goal, width, height)
    if width == 1 or height == 1:
        ordered = [tile for tile in target.tiles if tile]
        ordered.insert(board.blank_index, 0)
        return Board(width, height, tuple(ordered))
    first, second = [index for index, tile in enumerate(tiles) if tile][:2]
    return board.with_swapped(first, second)


@st.composite
def solvable_boards_with_goals(
    draw: st.DrawFn, shapes: list[tuple[int, int]] = SHAPES
) -> tuple[Board, GoalName | Board]:
    """A solvable board of one of `shapes` and its goal: a named goal or any arrangement."""
    width, height = draw(st.sampled_from(shapes))
    size = width * height
    goal: GoalName | Board = draw(
        st.one_of(
            st.sampled_from(list(GoalName)),
            st.permutations(range(size)).map(lambda cells: Board(width, height, tuple(cells))),
        )
    )
    tiles = draw(st.permutations(range(size)))
    return solvable_board(width, height, list(tiles), goal), goal


def assert_solves(board: Board, goal: GoalName | Board, moves: tuple[int, ...]) -> None:
    assert replay_end(board, moves) == goal_board(goal, board.width, board.height)
    # No tile slid and at once slid back.
    assert all(tile != following for tile, following in pairwise(moves))


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(case=solvable_boards_with_goals())
def test_every_solution_replays_to_the_goal(
    twin: CompiledTwins, case: tuple[Board, GoalName | Board]
) -> None:
    board, goal = case
    assert_solves(board, goal, solve_fast(board, goal))


@settings(max_examples=40, deadline=None)
@given(
    solvable_boards_with_goals(
        shapes=[(2, 31), (31, 2), (3, 17), (17, 3), (12, 12), (25, 9), (1, 40), (40, 1)]
    )
)
def test_larger_and_lopsided_boards(case: tuple[Board, GoalName | Board]) -> None:
    board, goal = case
    assert_solves(board, goal, solve_fast(board, goal))


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_with_each_named_goal(shape: tuple[int, int]) -> None:
    width, height = shape
    rng = random.Random(width * 100 + height)
    for goal in GoalName:
        board = random_board(width, height, solvable=True, goal=goal, rng=rng)
        assert_solves(board, goal, solve_fast(board, goal))


def test_a_hundred_by_a_hundred_board() -> None:
    board = random_board(100, 100, solvable=True, rng=random.Random(100))
    moves = solve_fast(board, GoalName.BLANK_LAST)
    assert_solves(board, GoalName.BLANK_LAST, moves)
    # The hand method's cost grows as the cube of the side; a wasteful walk would not
    # stay within three moves per tile per cell of side.
    assert len(moves) < 3 * 100**3


@pytest.mark.parametrize("goal", list(GoalName))
@pytest.mark.parametrize("shape", [(2, 2), (3, 3), (4, 4), (5, 3), (2, 7), (1, 5), (6, 1)])
def test_a_board_at_its_goal_needs_no_moves(shape: tuple[int, int], goal: GoalName) -> None:
    width, height = shape
    assert solve_fast(goal_board(goal, width, height), goal) == ()


def test_a_line_walks_its_blank_home() -> None:
    board = Board(5, 1, (1, 0, 2, 3, 4))
    assert solve_fast(board, GoalName.BLANK_LAST) == (2, 3, 4)
    assert solve_fast(board, GoalName.BLANK_FIRST) == (1,)


def test_the_two_by_two_cycle() -> None:
    # 3 1 / 0 2 is two quarter turns of the blank round the square from the goal.
    board = Board(2, 2, (0, 3, 2, 1))
    moves = solve_fast(board, GoalName.BLANK_LAST)
    assert_solves(board, GoalName.BLANK_LAST, moves)
    assert len(moves) <= 6


@pytest.mark.parametrize(
    ("board", "goal"),
    [
        (Board(4, 4, (*range(1, 14), 15, 14, 0)), GoalName.BLANK_LAST),
        (Board(3, 3, (0, 2, 1, 3, 4, 5, 6, 7, 8)), GoalName.BLANK_FIRST),
        (Board(4, 1, (2, 1, 3, 0)), GoalName.BLANK_LAST),
        (Board(100, 100, (*range(1, 9998), 9999, 9998, 0)), GoalName.BLANK_LAST),
    ],
)
def test_an_unsolvable_board_is_refused_with_verdict_and_fix(board: Board, goal: GoalName) -> None:
    with pytest.raises(UnsolvableError) as raised:
        solve_fast(board, goal)
    assert raised.value.verdict == check(board, goal)
    assert not raised.value.verdict.solvable
    if board.height > 1:
        assert raised.value.fix is not None


def test_a_goal_of_another_shape_is_a_board_error() -> None:
    with pytest.raises(BoardError, match="3x3"):
        solve_fast(Board.solved(4, 4), Board.solved(3, 3))


def test_progress_reports_moves_so_far_line_by_line() -> None:
    board = random_board(8, 8, solvable=True, rng=random.Random(8))
    reports: list[SearchProgress] = []
    solve_fast(board, GoalName.BLANK_LAST, progress=reports.append)
    depths = [report.depth for report in reports]
    # One report before each row or column placed, and one at the end.
    assert len(reports) == (8 - 2) * 2 + 1
    assert depths == sorted(depths)
    assert depths[-1] > 0


def test_cancelling_stops_the_solve() -> None:
    board = random_board(8, 8, solvable=True, rng=random.Random(9))
    calls = 0

    def cancelled() -> bool:
        nonlocal calls
        calls += 1
        return calls > 3

    with pytest.raises(SolveCancelledError):
        solve_fast(board, GoalName.BLANK_LAST, cancelled=cancelled)


@given(st.lists(st.integers(1, 4), max_size=30))
def test_stripping_back_and_forth_pairs(moves: list[int]) -> None:
    stripped = strip_back_and_forth(moves)
    assert all(tile != following for tile, following in pairwise(stripped))
    # Only whole pairs are taken out, so the parity of the length is kept.
    assert len(stripped) % 2 == len(moves) % 2


def test_stripping_nested_pairs() -> None:
    assert strip_back_and_forth([5, 1, 2, 2, 1, 3]) == (5, 3)


# -- the compiled twin ---------------------------------------------------------------------

#: Two-high and two-wide strips, three-deep regions, squares and rectangles either way.
TWIN_SHAPES = [
    *[(w, h) for w in range(2, 11) for h in range(2, 11)],
    (2, 23),
    (23, 2),
    (3, 19),
    (19, 3),
    (17, 6),
    (6, 17),
    (21, 21),
]


def both_twins(
    compiled: Compiled, board: Board, goal: GoalName | Board
) -> tuple[bytes, bytes, list[int], list[int]]:
    """Each twin's letters and the move counts it reported, pure first."""
    solutions = []
    for twins in (CompiledTwins(), compiled):
        reports: list[SearchProgress] = []
        with running(twins):
            letters = solve_fast_letters(board, goal, progress=reports.append)
        solutions.append((letters, [report.depth for report in reports]))
    (pure, pure_depths), (compiled, compiled_depths) = solutions
    return pure, compiled, pure_depths, compiled_depths


@settings(max_examples=400, deadline=None)
@given(solvable_boards_with_goals(shapes=TWIN_SHAPES))
def test_both_twins_make_the_same_moves(
    compiled: Compiled, case: tuple[Board, GoalName | Board]
) -> None:
    board, goal = case
    pure, letters, pure_depths, depths = both_twins(compiled, board, goal)
    assert letters == pure
    assert depths == pure_depths
    with running(compiled):
        assert_solves(board, goal, solve_fast(board, goal))


@pytest.mark.parametrize("goal", list(GoalName))
def test_both_twins_agree_on_a_large_rectangle(compiled: Compiled, goal: GoalName) -> None:
    board = random_board(120, 90, solvable=True, goal=goal, rng=random.Random(120))
    pure, letters, pure_depths, depths = both_twins(compiled, board, goal)
    assert letters == pure
    assert depths == pure_depths
    with running(compiled):
        assert_solves(board, goal, solve_fast(board, goal))


def test_the_compiled_twin_hears_cancelling_often(compiled: Compiled) -> None:
    # It places a few tiles a call and asks between calls: never long without asking.
    board = random_board(200, 200, solvable=True, rng=random.Random(200))
    asked: list[float] = []

    def cancelled() -> bool:
        asked.append(time.monotonic())
        return False

    with running(compiled):
        solve_fast_letters(board, GoalName.BLANK_LAST, cancelled=cancelled)
    assert len(asked) > 2 * 200
    assert max(later - earlier for earlier, later in pairwise(asked)) < 0.2

    asked.clear()

    def cancelled_midway() -> bool:
        asked.append(time.monotonic())
        return len(asked) > 50

    with running(compiled), pytest.raises(SolveCancelledError):
        solve_fast_letters(board, GoalName.BLANK_LAST, cancelled=cancelled_midway)
    assert len(asked) == 51


def padded_board(width: int, height: int) -> dict[str, object]:
    """What `Hand` takes for a solved width x height board (border of -1, all free)."""
    stride = width + 2
    cells = [-1] * (stride * (height + 2))
    where = [0] * (width * height)
    for index in range(width * height):
        cell = (index // width + 1) * stride + index % width + 1
        cells[cell] = (index + 1) % (width * height)
        where[cells[cell]] = cell
    fixed = bytearray(1 if tile < 0 else 0 for tile in cells)
    return {
        "cells": cells,
        "where": where,
        "belongs": list(cells),
        "home": list(where),
        "fixed": fixed,
        "stride": stride,
        "letters": b"UDLR",
    }


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"stride": 4}, "sizes do not agree"),
        ({"letters": b"UD"}, "sizes do not agree"),
        ({"fixed": bytearray(36)}, "border is not fixed"),
        ({"where": [0, 1, 2]}, "sizes do not agree"),
        ({"home": [0] * 3}, "home holds 3 items, not 16"),
        ({"cells": [99] * 36}, "outside -1..15"),
        ({"home": [None] * 16}, "integer"),
    ],
)
def test_the_compiled_twin_refuses_what_no_board_holds(
    compiled: Compiled, change: dict[str, object], said: str
) -> None:
    with pytest.raises((ValueError, TypeError), match=said):
        compiled.hand.Hand(**{**padded_board(4, 4), **change})


def test_the_compiled_twin_refuses_steps_off_the_board(compiled: Compiled) -> None:
    hand = compiled.hand.Hand(**padded_board(4, 4))
    with pytest.raises(ValueError, match="not a free cell"):
        hand.place([0])  # the border
    with pytest.raises(ValueError, match="not beside the blank"):
        hand.walk_to(1)
    with pytest.raises(ValueError, match="at most 3 tiles"):
        hand.search_block([7, 8, 13, 14], [1, 2, 3, 4])
    assert hand.take_moves() == b""
    with pytest.raises(RuntimeError, match="taken"):
        hand.take_moves()
