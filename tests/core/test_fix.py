"""The swap suggested to make an unsolvable board solvable."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest
from hypothesis import assume, given, settings

from core import Board, fix, is_solvable, parse_board, random_board, suggest_fix
from core.rule import goal_board
from tests.core.strategies import boards_with_goals

if TYPE_CHECKING:
    from core.speedups import CompiledTwins
    from tests.core.conftest import Compiled


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0", (14, 15)),  # the famous 14-15 puzzle
        ("2 1/3 0", (1, 2)),
        ("2 1 3\n4 5 6\n7 8 0", (1, 2)),
        ("1 2 3\n4 5 6\n8 7 0", (7, 8)),
    ],
)
def test_suggests_the_natural_swap(
    twin: CompiledTwins, text: str, expected: tuple[int, int]
) -> None:
    board = parse_board(text)
    fix = suggest_fix(board)
    assert fix == expected
    fixed = board.with_swapped(board.index_of(fix[0]), board.index_of(fix[1]))
    assert is_solvable(fixed)


def test_solvable_board_needs_no_fix() -> None:
    assert suggest_fix(Board.solved(4, 4)) is None
    assert suggest_fix(parse_board("1 2 3\n4 0 5\n7 8 6")) is None


def test_fix_follows_the_goal(twin: CompiledTwins) -> None:
    board = Board.solved(4, 4)
    fix = suggest_fix(board, "blank-first")
    assert fix is not None
    fixed = board.with_swapped(board.index_of(fix[0]), board.index_of(fix[1]))
    assert is_solvable(fixed, "blank-first")
    goal = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0")
    assert suggest_fix(Board.solved(4, 4), goal) == (14, 15)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2 1 0/", (1, 2)),
        ("3 2 1 0/", (1, 3)),
        ("1 3 0 2 4/", (2, 3)),
        ("2 3 0 1 4/", None),
        ("1 2 0/", None),
    ],
)
def test_line_boards(text: str, expected: tuple[int, int] | None) -> None:
    # On a line only a swap that puts every tile in order helps; otherwise there is none.
    assert suggest_fix(parse_board(text)) == expected


def test_fix_on_a_big_board(twin: CompiledTwins) -> None:
    board = Board.solved(40, 40).with_swapped(0, 1)
    assert suggest_fix(board) == (1, 2)
    blank_first = Board.solved(40, 40, blank_first=True).with_swapped(5, 6)
    assert suggest_fix(blank_first, "blank-first") == (5, 6)


@settings(max_examples=300, deadline=None)
@given(boards_with_goals())
def test_the_fix_for_a_known_verdict_is_the_fix(board_and_goal: tuple[Board, str | Board]) -> None:
    # `check --json` and `solve` decide the rule first; the fix they then ask for is the
    # one `suggest_fix` gives, lines included, without deciding it a second time.
    board, goal = board_and_goal
    assume(not is_solvable(board, goal))
    assert fix.unsolvable_fix(board, goal) == suggest_fix(board, goal)


def compiled_swap(compiled: Compiled, board: Board, target: Board) -> tuple[int, int]:
    return compiled.fix.nearest_swap(board.tiles, target.tiles, board.width)


@settings(max_examples=300, deadline=None)
@given(boards_with_goals(min_side=2))
def test_both_twins_suggest_the_same_swap(
    compiled: Compiled, board_and_goal: tuple[Board, str | Board]
) -> None:
    board, goal = board_and_goal
    target = goal_board(goal, board.width, board.height)
    pure = fix.nearest_swap_pure(board, target)
    assert compiled_swap(compiled, board, target) == pure
    # the swap flips the verdict, as any swap of two tiles does
    swapped = board.with_swapped(board.index_of(pure[0]), board.index_of(pure[1]))
    assert is_solvable(swapped, target) != is_solvable(board, target)


def test_both_twins_agree_on_a_large_unsolvable_board(compiled: Compiled) -> None:
    board = random_board(120, 90, solvable=False, rng=random.Random(7))
    target = goal_board("blank-last", 120, 90)
    assert compiled_swap(compiled, board, target) == fix.nearest_swap_pure(board, target)


@pytest.mark.parametrize(
    ("tiles", "target", "width", "said"),
    [
        ((0, 1, 2, 3), (1, 2, 3), 2, "the goal holds 3 tiles"),
        ((0, 1, 2, 9), (1, 2, 3, 0), 2, "tile 9"),
        ((0, 1, 2, 3), (1, 2, 3, 0), 3, "do not fill rows"),
        ((0, 1, "2", 3), (1, 2, 3, 0), 2, "integer"),
    ],
)
def test_the_compiled_twin_refuses_what_no_board_holds(
    compiled: Compiled, tiles: tuple[object, ...], target: tuple[int, ...], width: int, said: str
) -> None:
    with pytest.raises((ValueError, TypeError), match=said):
        compiled.fix.nearest_swap(tiles, target, width)  # type: ignore[arg-type]
