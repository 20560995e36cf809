"""What one slide does to the numbers the rule adds up: the why dialog's lesson.

Kept apart from `core.moves`, which the window loads at start: only the why dialog asks for
it, when first opened (bench/README.md, "Start-up, sixth round").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.moves import apply_slide
from core.rule import Goal, GoalName, check

if TYPE_CHECKING:
    from core.board import Board


@dataclass(frozen=True)
class SlideEffect:
    """What one slide does to the numbers the rule adds up: why the rule works.

    A sideways slide keeps the reading order, so nothing changes. An up-or-down slide moves
    a tile past the `passed` tiles between its old and new places in reading order (one
    row's worth less one, W - 1), so the inversion count changes by an odd number when W is
    even, while the blank changes row by one: the sum keeps its parity.
    """

    tile: int
    before: Board
    after: Board
    inversions_before: int
    inversions_after: int
    blank_row_before: int
    blank_row_after: int
    #: Tiles the moving tile passes in reading order (0 for a sideways slide).
    passed: int

    @property
    def vertical(self) -> bool:
        return self.blank_row_before != self.blank_row_after

    @property
    def sum_before(self) -> int:
        return self.inversions_before + self.blank_row_before

    @property
    def sum_after(self) -> int:
        return self.inversions_after + self.blank_row_after


def slide_effect(board: Board, tile: int, goal: Goal = GoalName.BLANK_LAST) -> SlideEffect:
    """The numbers before and after sliding `tile` into the blank (`BoardError` if it is
    not beside the blank)."""
    after = apply_slide(board, tile)
    passed = abs(board.index_of(tile) - board.blank_index) - 1
    return SlideEffect(
        tile,
        board,
        after,
        check(board, goal).inversions,
        check(after, goal).inversions,
        board.blank_row_from_bottom,
        after.blank_row_from_bottom,
        passed,
    )
