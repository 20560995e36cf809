"""Slides, random boards and scrambles: what the window's play mode and the tests need."""

from __future__ import annotations

import random
from enum import Enum, StrEnum

from core.board import BLANK, Board, BoardError
from core.rule import Goal, GoalName, goal_board, is_solvable


class Direction(Enum):
    """The way a tile moves when it slides into the blank."""

    UP = (-1, 0)
    DOWN = (1, 0)
    LEFT = (0, -1)
    RIGHT = (0, 1)

    @property
    def row_step(self) -> int:
        return self.value[0]

    @property
    def column_step(self) -> int:
        return self.value[1]


def legal_slides(board: Board) -> list[int]:
    """Tiles that can slide into the blank (its orthogonal neighbours), in reading order."""
    blank_row, blank_column = divmod(board.blank_index, board.width)
    neighbours = []
    for row, column in (
        (blank_row - 1, blank_column),
        (blank_row, blank_column - 1),
        (blank_row, blank_column + 1),
        (blank_row + 1, blank_column),
    ):
        if 0 <= row < board.height and 0 <= column < board.width:
            neighbours.append(board.tiles[row * board.width + column])
    return neighbours


def apply_slide(board: Board, tile: int) -> Board:
    """Slide `tile` into the blank. Raises `BoardError` if it is not beside the blank."""
    if tile == BLANK or tile not in legal_slides(board):
        raise BoardError(f"tile {tile} is not beside the blank, so it cannot slide")
    return board.with_swapped(board.index_of(tile), board.blank_index)


def slide_in_direction(board: Board, direction: Direction) -> Board | None:
    """Slide the tile that can move in `direction` (as arrow keys do); None if none can."""
    blank_row, blank_column = divmod(board.blank_index, board.width)
    # The tile that moves up into the blank sits below it, and so on.
    row = blank_row - direction.row_step
    column = blank_column - direction.column_step
    if not (0 <= row < board.height and 0 <= column < board.width):
        return None
    return board.with_swapped(row * board.width + column, board.blank_index)


def random_board(
    width: int,
    height: int,
    *,
    solvable: bool,
    goal: Goal = GoalName.BLANK_LAST,
    rng: random.Random | None = None,
) -> Board:
    """A board drawn uniformly from the solvable (or unsolvable) positions for `goal`.

    Raises `BoardError` when no such board exists (a 1x2 line has no unsolvable position).
    """
    rng = rng or random.Random()
    target = goal_board(goal, width, height)
    if width == 1 or height == 1:
        return _random_line_board(target, solvable=solvable, rng=rng)
    tiles = list(target.tiles)
    rng.shuffle(tiles)
    board = Board(width, height, tuple(tiles))
    if is_solvable(board, target) != solvable:
        # Swapping two tiles flips the verdict: a bijection between the two halves,
        # so the result stays uniform within the half asked for.
        first, second = [i for i, tile in enumerate(tiles) if tile != BLANK][:2]
        board = board.with_swapped(first, second)
    return board


def _random_line_board(target: Board, *, solvable: bool, rng: random.Random) -> Board:
    in_goal_order = [tile for tile in target.tiles if tile != BLANK]
    if not solvable and len(in_goal_order) < 2:
        raise BoardError(f"a {target.width}x{target.height} board has no unsolvable position")
    order = list(in_goal_order)
    if not solvable:
        while order == in_goal_order:
            rng.shuffle(order)
    blank_index = rng.randrange(target.size)
    order.insert(blank_index, BLANK)
    return Board(target.width, target.height, tuple(order))


def scramble(board: Board, moves: int, rng: random.Random | None = None) -> Board:
    """`board` after `moves` random legal slides (never straight back), verdict unchanged."""
    rng = rng or random.Random()
    previous_tile = None
    for _ in range(moves):
        candidates = [tile for tile in legal_slides(board) if tile != previous_tile]
        tile = rng.choice(candidates or legal_slides(board))
        board = apply_slide(board, tile)
        previous_tile = tile
    return board


class Difficulty(StrEnum):
    """How far from the goal a shuffle deals the board (`shuffle_slides`)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    #: Any solvable board, drawn uniformly (most are far: a 4x4's average is about 53).
    ANY = "any"


#: Slides a shuffle makes, per cell of the board: on the 15-puzzle 20 (easy), 35 (medium)
#: and 64 (hard), the lengths people pick a 15-puzzle's scramble by.
_SLIDES_PER_CELL = {Difficulty.EASY: 1.25, Difficulty.MEDIUM: 2.2, Difficulty.HARD: 4.0}


#: Draws of a uniform shuffle before taking the goal itself (on a 2x2, 1 in 12 is it).
_REDRAWS = 64


def shuffle_slides(width: int, height: int, difficulty: Difficulty) -> int:
    """How many slides a shuffle of `difficulty` makes on a W x H board: the board dealt is
    at most that many moves from the goal. Raises ValueError for Difficulty.ANY."""
    if difficulty is Difficulty.ANY:
        raise ValueError("a shuffle of any difficulty is drawn, not slid")
    return max(1, round(_SLIDES_PER_CELL[difficulty] * width * height))


def shuffled(
    width: int,
    height: int,
    goal: Goal,
    difficulty: Difficulty,
    rng: random.Random | None = None,
) -> Board:
    """A solvable board to play: for Difficulty.ANY drawn uniformly (`random_board`);
    otherwise the goal after `shuffle_slides` random slides that never come back to a
    position already passed, so it ends near that many moves out and never farther.

    Raises `BoardError` when the goal does not fit the size.
    """
    rng = rng or random.Random()
    target = goal_board(goal, width, height)
    if difficulty is Difficulty.ANY:
        # Never the goal itself, which would be no game (unless it is the only position).
        for _ in range(_REDRAWS):
            board = random_board(width, height, solvable=True, goal=goal, rng=rng)
            if board != target:
                break
        return board
    # The walk slides on one list and remembers each position passed by a 64-bit
    # fingerprint updated per slide: copying and keeping whole boards cost slides x cells
    # (minutes and gigabytes on 100x100). Two positions sharing a fingerprint (a chance
    # in billions) would only bar one step, never lengthen the walk.
    tiles = list(target.tiles)
    blank = target.blank_index
    fingerprint = 0
    for cell, tile in enumerate(tiles):
        fingerprint ^= _cell_key(cell, tile)
    seen = {fingerprint}
    for _ in range(shuffle_slides(width, height, difficulty)):
        onward = []
        for cell in _neighbour_cells(blank, width, height):
            tile = tiles[cell]
            after = (
                fingerprint
                ^ _cell_key(blank, BLANK)
                ^ _cell_key(cell, tile)
                ^ _cell_key(blank, tile)
                ^ _cell_key(cell, BLANK)
            )
            if after not in seen:
                onward.append((cell, after))
        if not onward:
            break  # every way on goes back (a tiny board): this is as far as it gets
        cell, fingerprint = rng.choice(onward)
        tiles[blank], tiles[cell] = tiles[cell], BLANK
        blank = cell
        seen.add(fingerprint)
    return Board(width, height, tuple(tiles))


_MASK_64 = (1 << 64) - 1


def _cell_key(cell: int, tile: int) -> int:
    """A well-mixed 64-bit number for `tile` standing on `cell` (splitmix64's finaliser): the
    XOR of every cell's key fingerprints a position, and a slide changes four keys."""
    mixed = ((cell << 32 | tile) + 0x9E3779B97F4A7C15) & _MASK_64
    mixed = ((mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9) & _MASK_64
    mixed = ((mixed ^ (mixed >> 27)) * 0x94D049BB133111EB) & _MASK_64
    return mixed ^ (mixed >> 31)


def _neighbour_cells(cell: int, width: int, height: int) -> list[int]:
    """The cells beside `cell`, in reading order (as `legal_slides` lists their tiles)."""
    row, column = divmod(cell, width)
    return [
        (row + row_step) * width + column + column_step
        for row_step, column_step in ((-1, 0), (0, -1), (0, 1), (1, 0))
        if 0 <= row + row_step < height and 0 <= column + column_step < width
    ]
