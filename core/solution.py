"""A solution: the slides that take a board to its goal, how it was found, and its replay.

The value every solver in core returns and every consumer (the `solve` command, the window's
player, the tests) reads. A move is the number of the tile slid into the blank; its letter
names the way that tile travels (`R`: a tile slides right into the blank), the convention of
the speed-solving community.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from itertools import islice
from typing import TYPE_CHECKING, Any

from core.board import BLANK, Board, BoardError

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from core.rule import Verdict


class SolveMethod(StrEnum):
    """How a solution was searched for."""

    #: Iterative-deepening A* with additive pattern databases: a shortest solution (boards
    #: of up to `MAX_OPTIMAL_CELLS` cells).
    OPTIMAL = "optimal"
    #: The method people use by hand, rows and columns placed one by one: any size, not
    #: shortest.
    FAST = "fast"
    #: The hand method's plan with each tile's way found by a beam search (`core.beam_solver`):
    #: far shorter than the hand method, not shortest; boards of 3x3 to `MAX_BEAM_CELLS`.
    BEAM = "beam"
    #: Weighted, then plain, IDA* with additive pattern databases within a time budget
    #: (`core.budget_search`): the shortest solution found, with the length no solution is
    #: shorter than; shortest when the two meet. Boards of 3x3 over `MAX_OPTIMAL_CELLS` and
    #: up to `MAX_NEAR_OPTIMAL_CELLS` cells (the 24-puzzle).
    NEAR_OPTIMAL = "near-optimal"


#: The largest board an optimal search is offered for (the 15-puzzle and its shapes).
MAX_OPTIMAL_CELLS = 16
#: The largest board the near-optimal search takes (the 24-puzzle): its tables, six tiles
#: a group, take 128 MB and minutes to build, once.
MAX_NEAR_OPTIMAL_CELLS = 25
#: The seconds `solve` gives the near-optimal search when no budget is asked for.
DEFAULT_NEAR_OPTIMAL_BUDGET = 10.0
#: The largest board `solve` gives the beam search by default (its time grows fast with the
#: cells: bench/README.md); larger ones get the hand method, or the beam search when a time
#: budget lets it improve on that.
AUTO_BEAM_CELLS = 144
#: The largest board the beam search takes at all (its tables grow as the cells squared).
MAX_BEAM_CELLS = 400

#: The letter of each way a tile can travel into the blank, by (row step, column step).
_LETTERS = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}
#: The way each letter's tile travels: (row step, column step).
TRAVEL_BY_LETTER = {letter: step for step, letter in _LETTERS.items()}
#: The same by the letter's byte, as `Solution.letters` holds them.
_STEPS = {ord(letter): step for step, letter in _LETTERS.items()}


@dataclass(frozen=True)
class SearchProgress:
    """What a running search has done so far, for a progress bar or a log line."""

    #: The depth bound of the iteration in progress (IDA*), or moves made so far (fast).
    depth: int
    #: Positions generated so far, over every iteration.
    nodes: int
    elapsed_seconds: float
    #: While the pattern databases are being built (once per shape and orbit of the goal's
    #: blank cell, then cached): the fraction built, 0.0 to 1.0. None once the search runs.
    building_tables: float | None = None
    #: While they are built: the goals they will serve, in words ('every 4x4 goal with the
    #: blank in a corner', `core.search.tables_serve`).
    tables_serve: str | None = None
    #: A search within a budget (`core.budget_search`): the shortest solution found so far
    #: and the length no solution is shorter than, proven so far.
    best_length: int | None = None
    lower_bound: int | None = None


class SolveCancelledError(Exception):
    """The caller asked the search to stop (its `cancelled` callback returned True)."""


class UnsolvableError(BoardError):
    """The board cannot reach its goal: no search was started. Carries the verdict (with
    its explanation) and the one swap that would make it solvable."""

    def __init__(self, verdict: Verdict, fix: tuple[int, int] | None) -> None:
        reason = verdict.steps[-1] if verdict.steps else "the board cannot reach its goal"
        super().__init__(f"not solvable: {reason}")
        self.verdict = verdict
        self.fix = fix


@dataclass(frozen=True, init=False)
class Solution:
    """The slides from `start` to `goal`, in order.

    Held as `letters`, one ASCII byte a move (U, D, L, R: the way the moving tile travels):
    a 300x300 fast solution has tens of millions of moves, and a byte each keeps it to tens
    of megabytes where a tuple of tile numbers took gigabytes. `moves` (tile numbers) is
    worked out from the letters when first asked for.
    """

    start: Board
    goal: Board
    letters: bytes
    method: SolveMethod
    #: True only when the search proved no shorter solution exists.
    optimal: bool
    #: Positions the search generated (0 for a constructive method that does not search).
    nodes: int
    #: A proven bound: no solution is shorter. The length itself when `optimal`; None when
    #: nothing was proven (the hand method asked for without a time budget).
    lower_bound: int | None

    def __init__(
        self,
        start: Board,
        goal: Board,
        moves: Sequence[int] | None,
        method: SolveMethod,
        optimal: bool,
        *,
        nodes: int = 0,
        letters: bytes | None = None,
        lower_bound: int | None = None,
    ) -> None:
        """From `moves` (tile numbers), or from `letters` with `moves` None. An optimal
        solution's `lower_bound` is its length (given or not). Raises `BoardError` at the
        first move that cannot be made from `start`, and `ValueError` for a `lower_bound`
        below 0 or above the length, or other than the length of an optimal solution."""
        if letters is None:
            letters = directions_of(start, moves or ()).encode("ascii")
        if optimal and lower_bound is None:
            lower_bound = len(letters)
        if lower_bound is not None and not (
            0 <= lower_bound <= len(letters) and (lower_bound == len(letters) or not optimal)
        ):
            raise ValueError(
                f"a lower bound of {lower_bound} does not fit a solution of {len(letters)} "
                f"moves{' proven shortest' if optimal else ''}"
            )
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "goal", goal)
        object.__setattr__(self, "letters", bytes(letters))
        object.__setattr__(self, "method", method)
        object.__setattr__(self, "optimal", optimal)
        object.__setattr__(self, "nodes", nodes)
        object.__setattr__(self, "lower_bound", lower_bound)

    @cached_property
    def moves(self) -> tuple[int, ...]:
        """The tile numbers slid, in order (built on first use: large on a large board)."""
        return moves_from_directions(self.start, self.letters)

    @property
    def length(self) -> int:
        return len(self.letters)

    @property
    def length_text(self) -> str:
        """'57 moves, shortest possible', '1,234 moves, not the shortest', '0 moves: ...', and
        after a time budget '124 moves, maybe not the shortest: none is shorter than 76'."""
        if self.length == 0:
            return "0 moves: the board is already at its goal"
        moves = f"{self.length:,} move{'' if self.length == 1 else 's'}"
        if self.optimal:
            return f"{moves}, shortest possible"
        if self.lower_bound is not None:
            return f"{moves}, maybe not the shortest: none is shorter than {self.lower_bound:,}"
        return f"{moves}, not the shortest"

    @property
    def directions(self) -> str:
        """One letter per move: the way the moving tile travels (U, D, L or R)."""
        return self.letters.decode("ascii")

    def tile_slid(self, before: Board, step: int) -> int:
        """The tile move `step` (from 0) slides, `before` being the position before it."""
        row_step, column_step = _STEPS[self.letters[step]]
        blank_row, blank_column = divmod(before.blank_index, before.width)
        return before.tiles[(blank_row - row_step) * before.width + blank_column - column_step]

    def positions(self) -> Iterator[Board]:
        """The start, then the board after each move: `length + 1` boards, ending at the goal."""
        return replay(self.start, self.moves)

    def to_dict(self) -> dict[str, Any]:
        """The `solve --json` object: solvable, optimal, lower_bound, length, moves,
        directions."""
        return {**self._head(), "moves": list(self.moves), "directions": self.directions}

    def json_pieces(self, moves_per_piece: int = 1 << 16) -> Iterator[str]:
        """`json.dumps(self.to_dict())` in pieces, the moves worked out as they are written:
        the hand method's tens of millions of moves on a large board would take gigabytes
        as one list of numbers and one string."""
        if self.length <= moves_per_piece:
            yield json.dumps(self.to_dict())
            return
        yield json.dumps(self._head())[:-1] + ', "moves": ['
        numbers = iter_moves_from_directions(self.start, self.letters)
        first = True
        while piece := list(islice(numbers, moves_per_piece)):
            yield ("" if first else ", ") + ", ".join(map(str, piece))
            first = False
        yield '], "directions": "'
        for start in range(0, self.length, moves_per_piece * 16):
            yield self.letters[start : start + moves_per_piece * 16].decode("ascii")
        yield '"}'

    def _head(self) -> dict[str, Any]:
        """The keys of `to_dict` before the moves, in its order."""
        return {
            "solvable": True,
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "length": self.length,
        }


def distance_bound(start: Board, goal: Board) -> int:
    """A lower bound on the moves from `start` to `goal` (of its shape, same tiles): the
    sum over tiles of the rows and columns between each one's cell and its goal cell. A
    move carries one tile one cell, so no solution is shorter, and every solution's length
    has this sum's parity (each move changes the sum by one either way)."""
    width = start.width
    goal_cell = [0] * len(goal.tiles)
    for cell, tile in enumerate(goal.tiles):
        goal_cell[tile] = cell
    total = 0
    for cell, tile in enumerate(start.tiles):
        if tile != BLANK:
            target = goal_cell[tile]
            total += abs(cell // width - target // width) + abs(cell % width - target % width)
    return total


def replay(start: Board, moves: Sequence[int]) -> Iterator[Board]:
    """Yield `start` and the board after each move. Raises `BoardError` at the first move
    whose tile is not beside the blank (or is not a tile of the board)."""
    yield start
    tiles = list(start.tiles)
    for _slide in _slides(tiles, start.width, moves):
        yield Board(start.width, start.height, tuple(tiles))


def replay_end(start: Board, moves: Sequence[int]) -> Board:
    """The board after every move (cheap on long solutions: one board built, not one per
    move). Raises `BoardError` like `replay`."""
    tiles = list(start.tiles)
    for _slide in _slides(tiles, start.width, moves):
        pass
    return Board(start.width, start.height, tuple(tiles))


def directions_of(start: Board, moves: Sequence[int]) -> str:
    """The letters of `moves` from `start`. Raises `BoardError` like `replay`."""
    width = start.width
    return "".join(
        _LETTERS[(blank // width - cell // width, blank % width - cell % width)]
        for blank, cell in _slides(list(start.tiles), width, moves)
    )


def _slides(tiles: list[int], width: int, moves: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Make each move on `tiles` in place, yielding (blank's cell, moving tile's cell) as
    they were before it; raises `BoardError` at the first move that cannot be made."""
    where = [0] * len(tiles)
    for index, tile in enumerate(tiles):
        where[tile] = index
    for number, tile in enumerate(moves, start=1):
        if not 0 < tile < len(tiles):
            raise BoardError(f"move {number}: there is no tile {tile} on this board")
        blank, cell = where[BLANK], where[tile]
        if not _beside(blank, cell, width):
            raise BoardError(f"move {number}: tile {tile} is not beside the blank")
        tiles[blank], tiles[cell] = tile, BLANK
        where[tile], where[BLANK] = blank, cell
        yield blank, cell


def moves_from_directions(start: Board, directions: str | bytes) -> tuple[int, ...]:
    """The tile numbers slid by `directions` (U, D, L, R; as text or ASCII bytes) from
    `start`; the inverse of `directions_of`. Raises `BoardError` on another letter or a move
    off the board."""
    return tuple(iter_moves_from_directions(start, directions))


def iter_moves_from_directions(start: Board, directions: str | bytes) -> Iterator[int]:
    """`moves_from_directions` one move at a time, so a long solution's numbers need not
    all be held at once. Raises `BoardError` when it reaches a bad letter or move."""
    width, height = start.width, start.height
    tiles = list(start.tiles)
    blank = tiles.index(BLANK)
    if isinstance(directions, bytes):
        directions = directions.decode("ascii", errors="replace")
    for number, letter in enumerate(directions, start=1):
        if letter not in TRAVEL_BY_LETTER:
            raise bad_move_error(number, letter)
        row_step, column_step = TRAVEL_BY_LETTER[letter]
        # The tile travels towards the blank, so it starts one step against its travel.
        row, column = blank // width - row_step, blank % width - column_step
        if not (0 <= row < height and 0 <= column < width):
            raise bad_move_error(number, letter)
        cell = row * width + column
        yield tiles[cell]
        tiles[blank], tiles[cell] = tiles[cell], BLANK
        blank = cell


def bad_move_error(number: int, letter: str) -> BoardError:
    """Why move `number` (from 1), written `letter`, cannot be made where the blank is."""
    if letter not in TRAVEL_BY_LETTER:
        return BoardError(f"move {number}: {letter!r} is not one of U, D, L, R")
    return BoardError(f"move {number}: no tile can slide {letter} into the blank")


def _beside(first: int, second: int, width: int) -> bool:
    difference = abs(first - second)
    return difference == width or (difference == 1 and first // width == second // width)
