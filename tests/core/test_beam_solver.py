"""The beam search: every solution replayed to its goal (any shape from 3x3, any goal), far
shorter than the hand method's, and the deadline, cancelling and progress heard."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import Board, GoalName, goal_board, random_board
from core.beam_solver import DEFAULT_WIDTH, solve_beam_letters
from core.fast_solver import solve_fast_letters
from core.solution import (
    SearchProgress,
    SolveCancelledError,
    distance_bound,
    moves_from_directions,
)
from tests.core.test_fast_solver import assert_solves, solvable_board, solvable_boards_with_goals
from tests.core.test_search import distances

#: Squares and rectangles from 3x3 (the last block alone) to 9x9, either way round.
SHAPES = [(w, h) for w in range(3, 10) for h in range(3, 10)]


def beam_moves(board: Board, goal: GoalName | Board, width: int = DEFAULT_WIDTH) -> tuple[int, ...]:
    letters = solve_beam_letters(board, goal, width=width)
    assert letters is not None  # no deadline
    return moves_from_directions(board, letters)


@settings(max_examples=150, deadline=None)
@given(case=solvable_boards_with_goals(shapes=SHAPES), width=st.sampled_from([1, 2, 5, 16]))
def test_every_solution_replays_to_the_goal(
    case: tuple[Board, GoalName | Board], width: int
) -> None:
    board, goal = case
    assert_solves(board, goal, beam_moves(board, goal, width))


@pytest.mark.parametrize("goal", list(GoalName))
@pytest.mark.parametrize(
    "shape",
    [(5, 5), (6, 6), (7, 7), (8, 8), (9, 9), (10, 10), (11, 11), (12, 12), (5, 8), (12, 7)],
)
def test_squares_and_rectangles_from_five_to_twelve(shape: tuple[int, int], goal: GoalName) -> None:
    width, height = shape
    board = random_board(width, height, solvable=True, goal=goal, rng=random.Random(f"{shape}"))
    moves = beam_moves(board, goal, width=8)
    assert_solves(board, goal, moves)
    assert len(moves) < len(solve_fast_letters(board, goal))


@pytest.mark.parametrize("shape", [(3, 3), (3, 4), (4, 3), (3, 5), (6, 3)])
def test_narrow_boards_and_a_custom_goal(shape: tuple[int, int]) -> None:
    width, height = shape
    rng = random.Random(f"custom {shape}")
    for _ in range(10):
        cells = list(range(width * height))
        rng.shuffle(cells)
        goal = Board(width, height, tuple(cells))
        board = solvable_board(
            width, height, rng.sample(range(width * height), width * height), goal
        )
        assert_solves(board, goal, beam_moves(board, goal))


@pytest.mark.parametrize("goal", list(GoalName))
def test_a_three_by_three_is_solved_shortest(goal: GoalName) -> None:
    # A 3x3 is the last block alone, which A* solves shortest.
    target = goal_board(goal, 3, 3)
    known = distances(3, 3, target.tiles)
    rng = random.Random(f"3x3 {goal}")
    farthest = max(known.values())
    positions = [tiles for tiles, distance in known.items() if distance == farthest][:1]
    positions += rng.sample(sorted(known), 8)
    for tiles in positions:
        board = Board(3, 3, tiles)
        assert len(beam_moves(board, goal)) == known[tiles]


@pytest.mark.parametrize(
    "tiles",
    [
        # The first row's last two tiles swapped (two other tiles swapped too, to keep it
        # solvable): the trick must take a tile out of the line's end corner.
        (1, 2, 3, 4, 6, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 22, 24, 0),
        # The first row's last tile at its end, the one before it just below.
        (1, 2, 3, 9, 5, 6, 7, 8, 4, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 0),
        # ...and the blank in the end corner.
        (1, 2, 3, 0, 5, 6, 7, 8, 4, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 9),
    ],
)
def test_a_line_end_tangled_on_purpose(tiles: tuple[int, ...]) -> None:
    for goal in GoalName:
        for width in (1, DEFAULT_WIDTH):
            board = solvable_board(5, 5, list(tiles), goal)
            assert_solves(board, goal, beam_moves(board, goal, width))


@pytest.mark.parametrize("goal", list(GoalName))
def test_a_board_at_its_goal_needs_no_moves(goal: GoalName) -> None:
    assert beam_moves(goal_board(goal, 6, 5), goal) == ()


def test_ten_by_ten_is_at_least_thirty_percent_shorter_than_by_hand() -> None:
    # The target, on one fixed board (the search is deterministic); bench/README.md
    # has the figures over twenty boards.
    board = random_board(10, 10, solvable=True, rng=random.Random(10))
    moves = beam_moves(board, GoalName.BLANK_LAST)
    assert_solves(board, GoalName.BLANK_LAST, moves)
    assert len(moves) <= 0.7 * len(solve_fast_letters(board, GoalName.BLANK_LAST))
    assert len(moves) >= distance_bound(board, Board.solved(10, 10))


def test_the_same_board_gets_the_same_moves() -> None:
    board = random_board(7, 6, solvable=True, rng=random.Random(76))
    first = solve_beam_letters(board, GoalName.BLANK_FIRST, width=12)
    assert solve_beam_letters(board, GoalName.BLANK_FIRST, width=12) == first


def test_a_wider_beam_is_no_worse_here() -> None:
    board = random_board(8, 8, solvable=True, rng=random.Random(88))
    narrow = beam_moves(board, GoalName.BLANK_LAST, width=2)
    wide = beam_moves(board, GoalName.BLANK_LAST, width=64)
    assert len(wide) <= len(narrow)


def test_strips_two_wide_get_the_hand_method() -> None:
    board = random_board(2, 9, solvable=True, rng=random.Random(29))
    letters = solve_beam_letters(board, GoalName.BLANK_LAST)
    assert letters == solve_fast_letters(board, GoalName.BLANK_LAST)


def test_a_passed_deadline_gives_no_solution() -> None:
    board = random_board(8, 8, solvable=True, rng=random.Random(8))
    assert solve_beam_letters(board, GoalName.BLANK_LAST, deadline=time.monotonic()) is None


def test_cancelling_stops_the_search() -> None:
    board = random_board(8, 8, solvable=True, rng=random.Random(9))
    calls = 0

    def cancelled() -> bool:
        nonlocal calls
        calls += 1
        return calls > 20

    with pytest.raises(SolveCancelledError):
        solve_beam_letters(board, GoalName.BLANK_LAST, cancelled=cancelled)


def test_progress_reports_moves_so_far_line_by_line() -> None:
    board = random_board(8, 8, solvable=True, rng=random.Random(18))
    reports: list[SearchProgress] = []
    letters = solve_beam_letters(board, GoalName.BLANK_LAST, width=4, progress=reports.append)
    assert letters is not None
    # One report before each row or column placed (down to the last 3x3), one at the end.
    assert len(reports) == (8 - 3) * 2 + 1
    depths = [report.depth for report in reports]
    assert depths == sorted(depths)
    assert 0 < depths[-1] <= len(letters) + 40  # the last block's moves come after


def test_an_unsolvable_board_is_refused() -> None:
    board = Board(4, 4, (*range(1, 14), 15, 14, 0))
    with pytest.raises(ValueError, match="cannot reach"):
        solve_beam_letters(board, GoalName.BLANK_LAST)
