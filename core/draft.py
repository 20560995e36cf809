"""A board being entered: cells as typed, size and goal, with pure edits and one analysis.

The window holds one `Draft` at a time and replaces it whole on every edit. Every rule about
editing a board lives here once (what a resize keeps, what placing tiles in order does,
when a custom goal no longer fits), so the Qt side maps requests to these functions and
paints what `Draft.analysis` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from core.board import (
    MAX_CELLS,
    Board,
    BoardError,
    CellProblem,
    ProblemKind,
    find_problems,
    validate_shape,
)
from core.fix import suggest_fix
from core.rule import Goal, GoalName, Verdict, check, inversion_index

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from core.inversions import InversionIndex

#: A cell as typed: a tile number, 0 for the blank, None for a cell not filled in yet.
Cell = int | None

#: The window edits boards up to this many cells a side.
MAX_SIDE = 100
#: A cell holds at most this many digits: enough for any tile of a 100x100 board and for
#: an out-of-range entry the user is told about, never an unbounded number.
MAX_DIGITS = 6


@dataclass(frozen=True)
class Analysis:
    """What core says about a draft: the board (None while it is not a valid position), the
    problems to mark, and for a valid board the verdict and, on demand, the pairs, the
    per-tile counts and the one-swap fix."""

    board: Board | None
    goal: Goal
    problems: tuple[CellProblem, ...]
    problem_cells: frozenset[int]

    @cached_property
    def _verdict_and_index(self) -> tuple[Verdict, InversionIndex] | None:
        if self.board is None:
            return None
        return _judged(self.board, self.goal)

    @property
    def verdict(self) -> Verdict | None:
        found = self._verdict_and_index
        return None if found is None else found[0]

    @property
    def inversion_index(self) -> InversionIndex | None:
        found = self._verdict_and_index
        return None if found is None else found[1]

    @cached_property
    def fix(self) -> tuple[int, int] | None:
        """Two tiles whose swap makes the board solvable; None when solvable or invalid."""
        verdict = self.verdict
        if self.board is None or verdict is None or verdict.solvable:
            return None
        return suggest_fix(self.board, self.goal)

    @cached_property
    def cell_counts(self) -> tuple[int | None, ...]:
        """Each cell's share of the inversions: the tiles read after it that come before it
        in the goal. Every pair is counted once, on its first tile, so the counts add up to
        the total. None for the blank and for every cell of an invalid board."""
        index = self.inversion_index
        if index is None or self.board is None:
            return ()
        counts: list[int | None] = [None] * len(self.board.tiles)
        later_smaller = iter(index.later_smaller_counts)
        for cell, tile in enumerate(self.board.tiles):
            if tile != 0:
                counts[cell] = next(later_smaller)
        return tuple(counts)

    @cached_property
    def cell_of_tile(self) -> dict[int, int]:
        """Where each tile of the valid board sits (empty for an invalid board)."""
        if self.board is None:
            return {}
        return {tile: cell for cell, tile in enumerate(self.board.tiles)}

    def partners(self, tile: int) -> frozenset[int]:
        """The tiles that form an inversion with `tile` (empty when there are none)."""
        index = self.inversion_index
        if index is None or tile == 0 or tile not in self.cell_of_tile:
            return frozenset()
        position = index.labels.index(tile)
        return frozenset(index.labels[p] for p in index.partners_of(position))


@lru_cache(maxsize=16)
def _judged(board: Board, goal: Goal) -> tuple[Verdict, InversionIndex]:
    # Undo, redo and play revisit boards: remember what was said about the last few. The
    # pair list needs the index on every edit, and the verdict takes its count from it.
    index = inversion_index(board, goal)
    return check(board, goal, index=index), index


@dataclass(frozen=True)
class Draft:
    """Size, cells as typed and goal of a board being entered; immutable.

    Any cells are allowed (duplicates, gaps, numbers out of range): `analysis` says what is
    wrong. Edits return a new draft.
    """

    width: int
    height: int
    cells: tuple[Cell, ...]
    goal: Goal = GoalName.BLANK_LAST

    def __post_init__(self) -> None:
        validate_shape(self.width, self.height)
        object.__setattr__(self, "cells", tuple(self.cells))
        if len(self.cells) != self.width * self.height:
            raise BoardError(
                f"a {self.width}x{self.height} board needs {self.width * self.height} cells, "
                f"got {len(self.cells)}"
            )

    # -- making drafts ---------------------------------------------------------------

    @classmethod
    def of(cls, board: Board, goal: Goal = GoalName.BLANK_LAST) -> Draft:
        """The draft of a valid board; a custom goal of another shape becomes blank-last."""
        return cls(
            board.width, board.height, board.tiles, _fitting_goal(goal, board.width, board.height)
        )

    @classmethod
    def fresh(cls, width: int, height: int, goal: Goal = GoalName.BLANK_LAST) -> Draft:
        """A new puzzle of this size, in its goal position (the size presets, New)."""
        goal = _fitting_goal(goal, width, height)
        if isinstance(goal, Board):
            return cls.of(goal, goal)
        return cls.of(Board.solved(width, height, blank_first=goal == "blank-first"), goal)

    # -- the analysis ------------------------------------------------------------------

    @cached_property
    def analysis(self) -> Analysis:
        return _analyse(self.width, self.height, self.cells, self.goal)

    @property
    def board(self) -> Board | None:
        return self.analysis.board

    # -- edits ---------------------------------------------------------------------------

    def with_cell(self, index: int, value: Cell) -> Draft:
        cells = list(self.cells)
        cells[index] = value
        return self._with_cells(cells)

    def with_cells_swapped(self, first: int, second: int) -> Draft:
        cells = list(self.cells)
        cells[first], cells[second] = cells[second], cells[first]
        return self._with_cells(cells)

    def with_changes(self, changes: Iterable[tuple[int, Cell]]) -> Draft:
        """The draft with each (cell, value) of `changes` written in."""
        cells = list(self.cells)
        for index, value in changes:
            cells[index] = value
        return self._with_cells(cells)

    def with_goal(self, goal: Goal) -> Draft:
        return Draft(self.width, self.height, self.cells, goal)

    def with_board(self, board: Board) -> Draft:
        """The same goal (if it still fits) over another board."""
        return Draft.of(board, self.goal)

    def cleared(self) -> Draft:
        """Every cell empty, ready for tiles to be placed in order."""
        return self._with_cells([None] * len(self.cells))

    def resized(self, width: int, height: int) -> Draft:
        """The board at another size, every cell that still fits kept at its row and column
        (new cells empty). A custom goal of the old size falls back to blank-last."""
        validate_shape(width, height)
        cells: list[Cell] = [None] * (width * height)
        for row in range(min(height, self.height)):
            for column in range(min(width, self.width)):
                cells[row * width + column] = self.cells[row * self.width + column]
        return Draft(width, height, tuple(cells), _fitting_goal(self.goal, width, height))

    def tiles_dropped_by_resize(self, width: int, height: int) -> list[int]:
        """The tiles (blank left out) a resize to width x height would drop."""
        return [
            value
            for index, value in enumerate(self.cells)
            if value and (index % self.width >= width or index // self.width >= height)
        ]

    def next_tile_to_place(self) -> int | None:
        """The smallest tile not on the board yet (None when every tile is placed)."""
        present = {cell for cell in self.cells if cell}
        return next((tile for tile in range(1, len(self.cells)) if tile not in present), None)

    def placed(self, index: int) -> Draft:
        """The next tile to place put into the empty cell `index`; once every tile is
        placed, the one cell left empty is where the blank sits. Raises `BoardError` when
        the cell is taken or nothing is left to place."""
        if self.cells[index] is not None:
            raise BoardError("that cell already holds a tile; click an empty one")
        tile = self.next_tile_to_place()
        if tile is None:
            raise BoardError("every tile is placed")
        cells = list(self.cells)
        cells[index] = tile
        draft = self._with_cells(cells)
        empty = [i for i, value in enumerate(cells) if value is None]
        if len(empty) == 1 and draft.next_tile_to_place() is None:
            return draft.with_cell(empty[0], 0)
        return draft

    def tile_swapped(self, first_tile: int, second_tile: int) -> Draft | None:
        """Two tiles of the valid board exchanged (the one-swap fix); None if either is absent."""
        where = self.analysis.cell_of_tile
        if first_tile not in where or second_tile not in where:
            return None
        return self.with_cells_swapped(where[first_tile], where[second_tile])

    def changed_cells(self, other: Draft) -> list[int]:
        """Cells whose content differs from `other` of the same size."""
        return [i for i, (a, b) in enumerate(zip(self.cells, other.cells, strict=True)) if a != b]

    def text(self) -> str:
        """The draft as grid text; an unfinished board keeps its gaps as `_`."""
        board = self.board
        if board is not None:
            from core.formats import format_board  # text formats load when first needed

            return format_board(board)
        cells = ["_" if cell is None else str(cell) for cell in self.cells]
        column = max(len(cell) for cell in cells)
        rows = [
            " ".join(cell.rjust(column) for cell in cells[start : start + self.width])
            for start in range(0, len(cells), self.width)
        ]
        return "\n".join(rows) + "\n"

    def _with_cells(self, cells: Sequence[Cell]) -> Draft:
        return Draft(self.width, self.height, tuple(cells), self.goal)


def number_can_grow(number: int, width: int, height: int) -> bool:
    """Whether one more digit typed after `number` can still give a tile of a `width` x
    `height` board (tiles 1 to width*height - 1): on a 4x4 board 1 can (10 to 15), 2
    cannot; on a 10x10 board 9 can, 99 cannot. A lone 0 is the blank and never grows.
    The window moves to the next cell as soon as a number cannot grow."""
    return number > 0 and number * 10 < width * height


def _fitting_goal(goal: Goal, width: int, height: int) -> Goal:
    """`goal`, or blank-last when it is a custom board of another shape."""
    if isinstance(goal, Board) and (goal.width, goal.height) != (width, height):
        return GoalName.BLANK_LAST
    return goal


def _unmarked_if_empty(problem: CellProblem) -> CellProblem:
    # Empty cells are plain to see and wait to be filled (placing tiles in order starts
    # with every cell empty): they are not marked as errors.
    if problem.kind is ProblemKind.EMPTY:
        return CellProblem(problem.kind, (), problem.message)
    return problem


def _analyse(width: int, height: int, cells: tuple[Cell, ...], goal: Goal) -> Analysis:
    board: Board | None = None
    problems: list[CellProblem] = []
    if None not in cells:
        try:
            board = Board(width, height, cells)  # type: ignore[arg-type]
        except BoardError:
            board = None
    if board is None:
        # Cells not filled in yet are not errors while they wait: only what is wrong with
        # the tiles typed so far is named (and "n cells still empty" once the rest is right).
        found = find_problems(width, height, cells)
        problems = [_unmarked_if_empty(problem) for problem in found]
        if not problems:
            board = Board(width, height, tuple(cell or 0 for cell in cells))
    if (
        board is not None
        and isinstance(goal, Board)
        and (goal.width, goal.height) != (width, height)
    ):
        message = (
            f"the goal is {goal.width}x{goal.height} but the board is {width}x{height}; "
            "choose another goal"
        )
        problems = [CellProblem(ProblemKind.GOAL_SHAPE, (), message)]
        board = None
    problem_cells = frozenset(cell for problem in problems for cell in problem.cells)
    return Analysis(board, goal, tuple(problems), problem_cells)


def parse_draft(text: str, width: int | None = None, *, max_cells: int = MAX_CELLS) -> Draft:
    """Read a board for editing: like `parse_document`, but a board of a good shape whose
    tiles are wrong (a duplicate, a tile out of range, a missing tile, two blanks) comes
    back as a `Draft` whose analysis names every problem, so a typo can be fixed where it
    is. Text that is no board at all (not numbers, ragged rows, too large) still raises
    `BoardError`, as does a custom goal that cannot be read.
    """
    # Text formats load when text is first read: a start whose board comes back from the
    # settings reads none before its first frame (bench/README.md, "sixth round").
    from core.formats import TilesWrongError, parse_document

    try:
        document = parse_document(text, width, max_cells=max_cells)
    except TilesWrongError as wrong:
        if wrong.width * wrong.height > max_cells:
            raise
        return Draft(
            wrong.width, wrong.height, tuple(wrong.values), wrong.goal or GoalName.BLANK_LAST
        )
    return Draft.of(document.board, document.goal or GoalName.BLANK_LAST)
