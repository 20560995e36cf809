"""The swap suggested to make an unsolvable board solvable."""

from __future__ import annotations

import pytest

from core import Board, is_solvable, parse_board, suggest_fix


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0", (14, 15)),  # the famous 14-15 puzzle
        ("2 1/3 0", (1, 2)),
        ("2 1 3\n4 5 6\n7 8 0", (1, 2)),
        ("1 2 3\n4 5 6\n8 7 0", (7, 8)),
    ],
)
def test_suggests_the_natural_swap(text: str, expected: tuple[int, int]) -> None:
    board = parse_board(text)
    fix = suggest_fix(board)
    assert fix == expected
    fixed = board.with_swapped(board.index_of(fix[0]), board.index_of(fix[1]))
    assert is_solvable(fixed)


def test_solvable_board_needs_no_fix() -> None:
    assert suggest_fix(Board.solved(4, 4)) is None
    assert suggest_fix(parse_board("1 2 3\n4 0 5\n7 8 6")) is None


def test_fix_follows_the_goal() -> None:
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


def test_fix_on_a_big_board() -> None:
    board = Board.solved(40, 40).with_swapped(0, 1)
    assert suggest_fix(board) == (1, 2)
    blank_first = Board.solved(40, 40, blank_first=True).with_swapped(5, 6)
    assert suggest_fix(blank_first, "blank-first") == (5, 6)
