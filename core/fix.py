"""The one swap that turns an unsolvable board (a re-assembled physical puzzle) solvable."""

from __future__ import annotations

from core.board import BLANK, Board
from core.rule import Goal, goal_board, goal_ranks, is_solvable


def suggest_fix(board: Board, goal: Goal = "blank-last") -> tuple[int, int] | None:
    """Two tiles whose swap makes an unsolvable `board` solvable, or None.

    None when the board is already solvable, or when it is one tile wide or high and no
    single swap puts its tiles in order. Otherwise any swap of two tiles flips the verdict,
    so we pick the most natural one: neighbours first, then the swap that brings both tiles
    nearest their goal cells (a goal with 14 and 15 exchanged suggests 14 and 15).
    Raises `BoardError` if the goal has another shape or is not a known name.
    """
    target = goal_board(goal, board.width, board.height)
    if is_solvable(board, target):
        return None
    if board.width == 1 or board.height == 1:
        return _line_fix(board, target)
    width = board.width
    goal_cell = {tile: index for index, tile in enumerate(target.tiles)}

    def distance(tile: int, index: int) -> int:
        row, column = divmod(index, width)
        goal_row, goal_column = divmod(goal_cell[tile], width)
        return abs(row - goal_row) + abs(column - goal_column)

    best: tuple[tuple[int, int, int], tuple[int, int]] | None = None
    tiles = board.tiles
    for index, tile in enumerate(tiles):
        if tile == BLANK:
            continue
        partners = []
        if index % width + 1 < width:
            partners.append(index + 1)
        if index + width < len(tiles):
            partners.append(index + width)
        # A tile standing on this tile's goal cell makes a swap that fixes at least one.
        partners.append(goal_cell[tile])
        for other in partners:
            other_tile = tiles[other]
            if other == index or other_tile == BLANK:
                continue
            before = distance(tile, index) + distance(other_tile, other)
            after = distance(tile, other) + distance(other_tile, index)
            row, column = divmod(index, width)
            other_row, other_column = divmod(other, width)
            apart = abs(row - other_row) + abs(column - other_column)
            key = (after - before + (apart > 1), after, min(index, other))
            if best is None or key < best[0]:
                best = (key, (min(tile, other_tile), max(tile, other_tile)))
    return None if best is None else best[1]


def _line_fix(board: Board, target: Board) -> tuple[int, int] | None:
    ranks = goal_ranks(board, target)
    wrong = [position for position, rank in enumerate(ranks) if rank != position]
    if len(wrong) != 2:
        return None
    labels = [tile for tile in board.tiles if tile != BLANK]
    first, second = labels[wrong[0]], labels[wrong[1]]
    return min(first, second), max(first, second)
