"""Slides, directions, random boards and scrambles."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import (
    Board,
    BoardError,
    Direction,
    apply_slide,
    is_solvable,
    legal_slides,
    parse_board,
    random_board,
    scramble,
    slide_in_direction,
)
from core.slide_effect import slide_effect
from tests.core.strategies import boards, brute_force_inversions

MIDDLE = parse_board("1 2 3\n4 0 5\n7 8 6")


def test_legal_slides_are_the_blanks_neighbours_in_reading_order() -> None:
    assert legal_slides(MIDDLE) == [2, 4, 5, 8]
    assert legal_slides(Board.solved(3, 3)) == [6, 8]
    assert legal_slides(Board.solved(3, 3, blank_first=True)) == [1, 3]
    assert legal_slides(parse_board("1 0 2/")) == [1, 2]


def test_apply_slide_moves_the_tile_into_the_blank() -> None:
    assert apply_slide(MIDDLE, 5) == parse_board("1 2 3\n4 5 0\n7 8 6")
    assert apply_slide(MIDDLE, 2) == parse_board("1 0 3\n4 2 5\n7 8 6")


@pytest.mark.parametrize("tile", [1, 6, 0, 42])
def test_apply_slide_refuses_a_tile_not_beside_the_blank(tile: int) -> None:
    with pytest.raises(BoardError, match=rf"tile {tile} is not beside the blank"):
        apply_slide(MIDDLE, tile)


@pytest.mark.parametrize(
    ("direction", "expected"),
    [
        (Direction.UP, "1 2 3\n4 8 5\n7 0 6"),  # 8, below the blank, moves up
        (Direction.DOWN, "1 0 3\n4 2 5\n7 8 6"),
        (Direction.LEFT, "1 2 3\n4 5 0\n7 8 6"),
        (Direction.RIGHT, "1 2 3\n0 4 5\n7 8 6"),
    ],
)
def test_slide_in_direction_moves_a_tile_that_way(direction: Direction, expected: str) -> None:
    assert slide_in_direction(MIDDLE, direction) == parse_board(expected)


def test_slide_in_direction_at_the_edge() -> None:
    solved = Board.solved(3, 3)  # blank in the bottom-right corner
    assert slide_in_direction(solved, Direction.UP) is None
    assert slide_in_direction(solved, Direction.LEFT) is None
    assert slide_in_direction(solved, Direction.DOWN) == parse_board("1 2 3\n4 5 0\n7 8 6")
    assert slide_in_direction(solved, Direction.RIGHT) == parse_board("1 2 3\n4 5 6\n7 0 8")


def test_random_board_is_seeded_and_reproducible() -> None:
    first = random_board(4, 4, solvable=True, rng=random.Random(5))
    again = random_board(4, 4, solvable=True, rng=random.Random(5))
    assert first == again
    assert is_solvable(first)


def test_random_boards_spread_over_many_positions() -> None:
    rng = random.Random(11)
    seen = {random_board(3, 3, solvable=False, rng=rng) for _ in range(200)}
    assert len(seen) > 150
    assert not any(is_solvable(board) for board in seen)


def test_a_1x2_board_has_no_unsolvable_position() -> None:
    with pytest.raises(BoardError, match=r"a 2x1 board has no unsolvable position"):
        random_board(2, 1, solvable=False)
    assert is_solvable(random_board(2, 1, solvable=True))


@pytest.mark.parametrize(("width", "height"), [(5, 1), (1, 5)])
def test_random_line_boards(width: int, height: int) -> None:
    rng = random.Random(3)
    for solvable in (True, False):
        for _ in range(20):
            board = random_board(width, height, solvable=solvable, rng=rng)
            assert is_solvable(board) is solvable


def test_random_board_for_the_blank_first_goal() -> None:
    rng = random.Random(9)
    for solvable in (True, False):
        board = random_board(4, 3, solvable=solvable, goal="blank-first", rng=rng)
        assert is_solvable(board, "blank-first") is solvable


def test_scramble_makes_legal_moves_only() -> None:
    start = Board.solved(4, 4)
    assert scramble(start, 0, random.Random(1)) == start
    one = scramble(start, 1, random.Random(1))
    assert one in {apply_slide(start, tile) for tile in legal_slides(start)}
    far = scramble(start, 200, random.Random(1))
    assert far != start
    assert is_solvable(far)


def test_scramble_on_a_line_board() -> None:
    start = Board.solved(5, 1)
    moved = scramble(start, 50, random.Random(2))
    assert [tile for tile in moved.tiles if tile] == [1, 2, 3, 4]


@given(boards(min_side=2, max_side=5), st.data())
def test_a_sideways_slide_changes_nothing_and_an_up_or_down_one_keeps_the_sums_parity(
    board: Board, data: st.DataObject
) -> None:
    tile = data.draw(st.sampled_from(legal_slides(board)))
    effect = slide_effect(board, tile)
    # The inversions are counted from scratch here, not taken from the rule.
    assert effect.inversions_before == len(brute_force_inversions(board, "blank-last"))
    assert effect.inversions_after == len(brute_force_inversions(effect.after, "blank-last"))
    change = effect.inversions_after - effect.inversions_before
    if not effect.vertical:
        assert effect.passed == 0
        assert change == 0
        assert effect.blank_row_after == effect.blank_row_before
    else:
        assert effect.passed == board.width - 1
        assert abs(change) <= effect.passed
        assert change % 2 == effect.passed % 2  # odd exactly when the width is even
        assert abs(effect.blank_row_after - effect.blank_row_before) == 1
        if board.width % 2 == 0:
            assert effect.sum_after % 2 == effect.sum_before % 2
