"""The board being edited, as Qt sees it: a thin adapter around core's immutable board.

The model holds the cells exactly as the user typed them (an incomplete or invalid board
keeps every entry), derives the core `Board`, its `Verdict` and the problems from them, and
signals. Views read from it and never keep puzzle state of their own; only the undo
commands in `gui.commands` call the mutators.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from core import (
    Board,
    BoardError,
    CellProblem,
    Goal,
    Verdict,
    check,
    find_problems,
    inversion_index,
    suggest_fix,
)
from core.board import validate_shape
from core.inversions import InversionIndex

Cell = int | None

_UNSET = object()  # marks a lazily computed value that has not been computed for this board
_BOARDS_KEPT = 16


@dataclass
class _Derived:
    """What core says about one board and goal; the costly parts are filled in on demand."""

    verdict: Verdict
    inversion_index: InversionIndex | None = None
    fix: object = _UNSET  # tuple[int, int] | None once computed


def _is_permutation(cells: list[Cell]) -> bool:
    """Whether the cells hold 0..n-1 exactly once (then no problem needs naming)."""
    count = len(cells)
    return len(set(cells)) == count and min(cells) == 0 and max(cells) == count - 1  # type: ignore[type-var]


class BoardModel(QObject):
    """Cells, size and goal of the board on screen, with everything core says about it."""

    #: Cells, size or goal changed; board, verdict and problems are already recomputed.
    changed = Signal()
    #: The highlighted tile or pair changed.
    highlight_changed = Signal()

    def __init__(self, board: Board | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        board = board or Board.solved(4, 4)
        self._width = board.width
        self._height = board.height
        self._cells: list[Cell] = list(board.tiles)
        self._goal: Goal = "blank-last"
        self._highlighted_tile: int | None = None
        self._highlighted_pair: tuple[int, int] | None = None
        self._derived_cache: dict[tuple[Board, object], _Derived] = {}
        self._recompute()

    # -- what the views read ---------------------------------------------------------

    @property
    def width(self) -> int:
        return self._width

    @property
    def height(self) -> int:
        return self._height

    @property
    def cell_count(self) -> int:
        return self._width * self._height

    def cells(self) -> list[Cell]:
        """A copy of the cells: tile per cell, 0 the blank, None a cell not filled in."""
        return list(self._cells)

    def cell(self, index: int) -> Cell:
        return self._cells[index]

    @property
    def board(self) -> Board | None:
        """The core board, or None while the cells are incomplete or invalid."""
        return self._board

    @property
    def problems(self) -> list[CellProblem]:
        return list(self._problems)

    @property
    def problem_cells(self) -> frozenset[int]:
        """Indices of every cell some problem names (to mark them on the board)."""
        return self._problem_cells

    @property
    def goal(self) -> Goal:
        return self._goal

    @property
    def verdict(self) -> Verdict | None:
        return self._verdict

    @property
    def inversion_index(self) -> InversionIndex | None:
        """Random access to the pairs; built on first use, once per board."""
        derived = self._derived
        if derived is None or self._board is None:
            return None
        if derived.inversion_index is None:
            derived.inversion_index = inversion_index(self._board, self._goal)
        return derived.inversion_index

    @property
    def fix(self) -> tuple[int, int] | None:
        """Two tiles whose swap makes the board solvable; None when solvable or invalid."""
        derived = self._derived
        if derived is None or self._board is None or derived.verdict.solvable:
            return None
        if derived.fix is _UNSET:
            derived.fix = suggest_fix(self._board, self._goal)
        return derived.fix  # type: ignore[return-value]

    def cell_inversion_counts(self) -> list[int | None]:
        """Inversions each cell's tile takes part in (None for the blank); once per board."""
        if self._cell_counts is _UNSET:
            index = self.inversion_index
            counts: list[int | None] = [None] * self.cell_count
            if index is not None and self._board is not None:
                per_position = iter(index.per_position_counts)
                for cell, tile in enumerate(self._board.tiles):
                    if tile != 0:
                        counts[cell] = next(per_position)
            self._cell_counts = counts
        return self._cell_counts  # type: ignore[return-value]

    def index_of_tile(self, tile: int) -> int | None:
        """The cell holding `tile` on the valid board, or None."""
        if self._board is None:
            return None
        if self._tile_cells is None:
            self._tile_cells = {t: i for i, t in enumerate(self._board.tiles)}
        return self._tile_cells.get(tile)

    def inversion_count_of_tile(self, tile: int) -> int | None:
        cell = self.index_of_tile(tile)
        return None if cell is None or tile == 0 else self.cell_inversion_counts()[cell]

    # -- highlight ------------------------------------------------------------------

    @property
    def highlighted_tile(self) -> int | None:
        return self._highlighted_tile

    def set_highlighted_tile(self, tile: int | None) -> None:
        if tile == 0 or (tile is not None and self.index_of_tile(tile) is None):
            tile = None
        if tile == self._highlighted_tile:
            return
        self._highlighted_tile = tile
        self._partners = None
        self.highlight_changed.emit()

    @property
    def highlighted_pair(self) -> tuple[int, int] | None:
        return self._highlighted_pair

    def set_highlighted_pair(self, pair: tuple[int, int] | None) -> None:
        if pair is not None:
            pair = (int(pair[0]), int(pair[1]))
            if self.index_of_tile(pair[0]) is None or self.index_of_tile(pair[1]) is None:
                pair = None
        if pair == self._highlighted_pair:
            return
        self._highlighted_pair = pair
        self.highlight_changed.emit()

    @property
    def partners_of_highlighted(self) -> frozenset[int]:
        """Tiles forming an inversion with the highlighted tile (empty if none highlighted)."""
        if self._partners is None:
            tile = self._highlighted_tile
            index = self.inversion_index
            if tile is None or index is None:
                self._partners = frozenset()
            else:
                position = index.labels.index(tile)
                self._partners = frozenset(index.labels[p] for p in index.partners_of(position))
        return self._partners

    # -- mutators (only gui.commands calls these) -------------------------------------

    def set_cells(self, width: int, height: int, cells: Sequence[Cell]) -> None:
        """Replace size and cells at once. Raises `BoardError` for an impossible shape."""
        validate_shape(width, height)
        if len(cells) != width * height:
            raise BoardError(f"a {width}x{height} board needs {width * height} cells")
        new_cells = list(cells)
        if (width, height) == (self._width, self._height) and new_cells == self._cells:
            return
        self._width, self._height, self._cells = width, height, new_cells
        self._recompute()
        self.changed.emit()

    def set_goal(self, goal: Goal) -> None:
        if goal == self._goal and type(goal) is type(self._goal):
            return
        self._goal = goal
        self._recompute()
        self.changed.emit()

    def set_board(self, board: Board) -> None:
        self.set_cells(board.width, board.height, list(board.tiles))

    # -- derivation -----------------------------------------------------------------

    def _derived_for(self, board: Board) -> _Derived:
        # Undo, redo and play mode revisit boards: keep what core said about the last few.
        goal = self._goal
        key = (board, goal if isinstance(goal, str) else goal.tiles)
        derived = self._derived_cache.pop(key, None)
        if derived is None:
            # The pair list needs the index and its count on every edit anyway; the verdict
            # takes its count from there instead of counting the inversions a second time.
            index = inversion_index(board, goal)
            derived = _Derived(check(board, goal, index=index), index)
            if len(self._derived_cache) >= _BOARDS_KEPT:
                del self._derived_cache[next(iter(self._derived_cache))]
        self._derived_cache[key] = derived  # most recently used last
        return derived

    def _recompute(self) -> None:
        width, height = self._width, self._height
        board: Board | None = None
        problems: list[CellProblem] = []
        if None not in self._cells and _is_permutation(self._cells):
            board = Board(width, height, tuple(self._cells))  # type: ignore[arg-type]
        else:
            problems = find_problems(width, height, self._cells)
            if not problems:
                board = Board(width, height, tuple(cell or 0 for cell in self._cells))
        goal = self._goal
        goal_shape = (goal.width, goal.height) if isinstance(goal, Board) else (width, height)
        if board is not None and goal_shape != (width, height):
            message = (
                f"the goal is {goal_shape[0]}x{goal_shape[1]} but the board is "
                f"{width}x{height}; choose another goal"
            )
            problems = [CellProblem("goal-shape", (), message)]
            board = None
        self._problems = problems
        self._problem_cells = frozenset(cell for problem in problems for cell in problem.cells)
        self._board = board
        self._derived = None if board is None else self._derived_for(board)
        self._verdict = None if self._derived is None else self._derived.verdict
        self._cell_counts: object = _UNSET
        self._tile_cells: dict[int, int] | None = None
        self._partners: frozenset[int] | None = None
        # A highlight refers to tiles; drop it when those tiles no longer exist.
        tile = self._highlighted_tile
        if tile is not None and self.index_of_tile(tile) is None:
            self._highlighted_tile = None
        pair = self._highlighted_pair
        if pair is not None and (
            self.index_of_tile(pair[0]) is None or self.index_of_tile(pair[1]) is None
        ):
            self._highlighted_pair = None
