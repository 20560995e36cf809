"""The one swap that turns an unsolvable board (a re-assembled physical puzzle) solvable."""

from __future__ import annotations

from core import speedups
from core.board import BLANK, Board
from core.rule import Goal, GoalName, goal_board, goal_ranks, is_solvable


def suggest_fix(board: Board, goal: Goal = GoalName.BLANK_LAST) -> tuple[int, int] | None:
    """Two tiles whose swap makes an unsolvable `board` solvable, or None.

    None when the board is already solvable, or when it is one tile wide or high and no
    single swap puts its tiles in order. Otherwise any swap of two tiles flips the verdict,
    so we pick the most natural one: neighbours first, then the swap that brings both tiles
    nearest their goal cells (a goal with 14 and 15 exchanged suggests 14 and 15).
    Raises `BoardError` if the goal has another shape or is not a known name.
    """
    # The goal as given: a named one is decided without building its board and ranks.
    if is_solvable(board, goal):
        return None
    return unsolvable_fix(board, goal)


def unsolvable_fix(board: Board, goal: Goal = GoalName.BLANK_LAST) -> tuple[int, int] | None:
    """`suggest_fix` for a board its caller already knows is unsolvable towards `goal` (from
    its `check` verdict): the same swap, without deciding the rule a second time, a walk
    over every tile in pure Python. On a solvable board it names a swap that breaks it.
    """
    target = goal_board(goal, board.width, board.height)
    if board.width == 1 or board.height == 1:
        return _line_fix(board, target)
    return nearest_swap(board, target)


def nearest_swap(board: Board, target: Board) -> tuple[int, int]:
    """The swap `suggest_fix` prefers on a board at least two wide and high: the compiled
    twin (core/_fix.c) when it is built, else `nearest_swap_pure`."""
    compiled = speedups.compiled_twins.fix
    if compiled is not None:
        return compiled.nearest_swap(board.tiles, target.tiles, board.width)
    return nearest_swap_pure(board, target)


def nearest_swap_pure(board: Board, target: Board) -> tuple[int, int]:
    """The swap `suggest_fix` prefers, computed column-wise so 100x100 boards stay fast.

    Candidates for the tile at each cell: its right neighbour, the cell below, and the cell
    where the tile belongs (a tile standing there makes a swap that fixes at least one).
    Each candidate is scored by how far the swap brings both tiles towards their goal cells
    (taxicab), with a one-step penalty for swaps between cells that are not neighbours;
    ties go to the swap found first in reading order (right, below, goal cell).
    """
    width = board.width
    tiles = board.tiles
    size = len(tiles)
    goal_cell = [0] * size
    for index, tile in enumerate(target.tiles):
        goal_cell[tile] = index
    rows = [index // width for index in range(size)]
    columns = [index % width for index in range(size)]
    # Where the tile standing on each cell belongs.
    home = [goal_cell[tile] for tile in tiles]
    home_rows = [rows[cell] for cell in home]
    home_columns = [columns[cell] for cell in home]
    distance_here = [
        abs(row - home_row) + abs(column - home_column)
        for row, column, home_row, home_column in zip(
            rows, columns, home_rows, home_columns, strict=True
        )
    ]
    partner_lists = (
        [index + 1 if columns[index] + 1 < width else index for index in range(size)],
        [index + width if index + width < size else index for index in range(size)],
        home,
    )

    def after_swap(index: int, other: int) -> int:
        """Taxicab distance of both tiles from their goal cells once swapped."""
        return (
            abs(rows[other] - home_rows[index])
            + abs(columns[other] - home_columns[index])
            + abs(rows[index] - home_rows[other])
            + abs(columns[index] - home_columns[other])
        )

    # First pass: only the score (the change in distance, plus one for a long swap), as
    # plain ints; the full ordering key is built for the few swaps with the best score.
    not_a_swap = 4 * size
    scores = [
        _neighbour_scores(partner_lists[0], columns, home_columns, not_a_swap),
        _neighbour_scores(partner_lists[1], rows, home_rows, not_a_swap),
        [
            # The tile reaches its goal cell (a long swap if that is not next door); the
            # tile standing there moves to this cell.
            abs(rows[index] - home_rows[other])
            + abs(columns[index] - home_columns[other])
            - distance_here[index]
            - distance_here[other]
            + (distance_here[index] > 1)
            if other != index
            else not_a_swap
            for index, other in enumerate(home)
        ],
    ]
    # No swap moves the blank: a tile swapped with it is a slide, which changes nothing.
    blank = tiles.index(BLANK)
    for partners, order_scores in zip(partner_lists, scores, strict=True):
        order_scores[blank] = not_a_swap
        # At most two other cells name the blank as their partner; `index` finds them in C.
        index = -1
        while True:
            try:
                index = partners.index(blank, index + 1)
            except ValueError:
                break
            order_scores[index] = not_a_swap
    best_score = min(min(order_scores) for order_scores in scores)
    candidates = [
        ((after_swap(index, other), min(index, other), index, order), other)
        for order, (partners, order_scores) in enumerate(zip(partner_lists, scores, strict=True))
        for index, (other, score) in enumerate(zip(partners, order_scores, strict=True))
        if score == best_score
    ]
    (_after, _first, index, _order), other = min(candidates)
    first, second = tiles[index], tiles[other]
    return min(first, second), max(first, second)


def _neighbour_scores(
    partners: list[int], places: list[int], home_places: list[int], not_a_swap: int
) -> list[int]:
    """Scores of swapping each cell with its next cell along one axis (right or down).

    Both tiles move one step along the axis, so each one's taxicab distance changes by
    exactly one: it grows for the tile moving forward unless its goal lies further on,
    and for the tile moving back unless its goal lies further back.
    """
    forward = [1 if home <= place else -1 for place, home in zip(places, home_places, strict=True)]
    back = [1 if home >= place else -1 for place, home in zip(places, home_places, strict=True)]
    return [
        forward[index] + back[other] if other != index else not_a_swap
        for index, other in enumerate(partners)
    ]


def _line_fix(board: Board, target: Board) -> tuple[int, int] | None:
    ranks = goal_ranks(board, target)
    wrong = [position for position, rank in enumerate(ranks) if rank != position]
    if len(wrong) != 2:
        return None
    labels = [tile for tile in board.tiles if tile != BLANK]
    first, second = labels[wrong[0]], labels[wrong[1]]
    return min(first, second), max(first, second)
