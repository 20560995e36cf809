"""check(board, goal, index=...) takes the count from the pair index and says the same."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from hypothesis import given

from core import Board, check, inversion_index
from tests.core.strategies import boards_with_goals

if TYPE_CHECKING:
    from core.rule import Goal


@given(boards_with_goals())
def test_verdict_from_the_index_equals_the_counted_verdict(case: tuple[Board, Goal]) -> None:
    board, goal = case
    assert check(board, goal, index=inversion_index(board, goal)) == check(board, goal)


def test_verdict_from_the_index_of_a_known_board() -> None:
    board = Board(4, 4, (12, 1, 10, 2, 7, 11, 4, 14, 5, 0, 9, 15, 8, 13, 6, 3))
    verdict = check(board, index=inversion_index(board))
    assert (verdict.inversions, verdict.blank_row_from_bottom, verdict.solvable) == (49, 2, True)


def test_an_index_of_another_board_size_is_refused() -> None:
    small, large = Board.solved(3, 3), Board.solved(4, 4)
    with pytest.raises(ValueError, match="the index holds 8 tiles but the board has 15"):
        check(large, index=inversion_index(small))
