"""Boards the panel tests share."""

from __future__ import annotations

from core import Board, parse_board

#: Seed 000's example: 49 inversions, blank on row 2 from the bottom, solvable.
SEED_000 = parse_board("12 1 10 2/7 11 4 14/5 0 9 15/8 13 6 3")


def swapped_goal(width: int, height: int) -> Board:
    """The classic goal with its last two tiles exchanged: the famous unsolvable 14-15."""
    tiles = list(Board.solved(width, height).tiles)
    tiles[-3], tiles[-2] = tiles[-2], tiles[-3]
    return Board(width, height, tuple(tiles))


def reversed_board(width: int, height: int) -> Board:
    """Every tile in descending order, blank last: every pair of tiles is an inversion."""
    count = width * height
    return Board(width, height, (*range(count - 1, 0, -1), 0))
