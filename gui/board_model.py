"""The board being edited, as Qt sees it: a thin adapter around core's immutable board.

The model holds the cells exactly as the user typed them (an incomplete or invalid board
keeps every entry), derives the core `Board`, its `Verdict` and the problems from them, and
signals. Views read from it and never keep puzzle state of their own; only the undo
commands in `gui.commands` call the mutators.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from core import Board, CellProblem, Goal, Verdict
from core.draft import Cell, Draft
from core.rule import same_goal

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from core.inversions import InversionIndex

__all__ = ["BoardModel", "Cell"]


class BoardModel(QObject):
    """The draft on screen (cells as typed, size, goal) and what core says about it.

    It holds one immutable `core.draft.Draft`; `set_draft` replaces it whole and emits
    `changed` once. Everything else here reads the draft's analysis.
    """

    #: The draft changed; its analysis is ready to read.
    changed = Signal()
    #: The highlighted tile or pair changed.
    highlight_changed = Signal()

    def __init__(self, board: Board | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._draft = Draft.of(board or Board.solved(4, 4))
        self._highlighted_tile: int | None = None
        self._highlighted_pair: tuple[int, int] | None = None
        self._partners: frozenset[int] | None = None
        #: Partners given with the highlighted tile (the guided walk's), else None.
        self._chosen_partners: frozenset[int] | None = None
        self._changed_by_slide = False
        #: Cells read from a photo that the reader was unsure of and nobody has edited or
        #: confirmed since.
        self._to_check: frozenset[int] = frozenset()

    # -- what the views read ---------------------------------------------------------

    @property
    def draft(self) -> Draft:
        return self._draft

    @property
    def width(self) -> int:
        return self._draft.width

    @property
    def height(self) -> int:
        return self._draft.height

    @property
    def cell_count(self) -> int:
        return len(self._draft.cells)

    def cells(self) -> list[Cell]:
        """A copy of the cells: tile per cell, 0 the blank, None a cell not filled in."""
        return list(self._draft.cells)

    def cell(self, index: int) -> Cell:
        return self._draft.cells[index]

    @property
    def board(self) -> Board | None:
        """The core board, or None while the cells are incomplete or invalid."""
        return self._draft.analysis.board

    @property
    def problems(self) -> list[CellProblem]:
        return list(self._draft.analysis.problems)

    @property
    def problem_cells(self) -> frozenset[int]:
        """Indices of every cell some problem names (to mark them on the board)."""
        return self._draft.analysis.problem_cells

    @property
    def goal(self) -> Goal:
        return self._draft.goal

    @property
    def verdict(self) -> Verdict | None:
        return self._draft.analysis.verdict

    @property
    def inversion_index(self) -> InversionIndex | None:
        """Random access to the pairs; built on first use, once per board."""
        return self._draft.analysis.inversion_index

    @property
    def fix(self) -> tuple[int, int] | None:
        """Two tiles whose swap makes the board solvable; None when solvable or invalid."""
        return self._draft.analysis.fix

    def cell_inversion_counts(self) -> tuple[int | None, ...]:
        """Each cell's share of the inversions, each pair counted once on the tile read
        first (so they add up to the total); None for the blank. Empty when invalid."""
        return self._draft.analysis.cell_counts

    def index_of_tile(self, tile: int) -> int | None:
        """The cell holding `tile` on the valid board, or None."""
        return self._draft.analysis.cell_of_tile.get(tile)

    def inversion_count_of_tile(self, tile: int) -> int | None:
        """How many inversions `tile` takes part in, with tiles before and after it."""
        if tile == 0 or self.index_of_tile(tile) is None:
            return None
        return len(self._draft.analysis.partners(tile))

    @property
    def changed_by_slide(self) -> bool:
        """Whether the last change was one tile slid into the blank (or a slide taken back
        or redone), rather than a new board: play mode counts the one and restarts on the
        other, and the model is the one place every change passes through."""
        return self._changed_by_slide

    # -- highlight ------------------------------------------------------------------

    @property
    def highlighted_tile(self) -> int | None:
        return self._highlighted_tile

    def set_highlighted_tile(self, tile: int | None, partners: Iterable[int] | None = None) -> None:
        """Highlight `tile` and its inversion partners. `partners`, if given, are the ones
        to show instead of all of them (the guided walk shows only the pairs it counts on
        this tile: those read after it)."""
        if tile == 0 or (tile is not None and self.index_of_tile(tile) is None):
            tile = None
        chosen = None if tile is None or partners is None else frozenset(partners)
        if tile == self._highlighted_tile and chosen == self._chosen_partners:
            return
        self._highlighted_tile = tile
        self._chosen_partners = chosen
        self._partners = chosen
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
    def partners_chosen(self) -> bool:
        """Whether `partners_of_highlighted` are the few given with the tile (the guided
        walk's pairs counted on it) rather than all its partners."""
        return self._chosen_partners is not None

    @property
    def partners_of_highlighted(self) -> frozenset[int]:
        """Tiles forming an inversion with the highlighted tile (empty if none highlighted)."""
        if self._partners is None:
            tile = self._highlighted_tile
            self._partners = frozenset() if tile is None else self._draft.analysis.partners(tile)
        return self._partners

    @property
    def cells_to_check(self) -> frozenset[int]:
        """Cells a photo's reader was unsure of, until each is edited or confirmed."""
        return self._to_check

    def set_cells_to_check(self, cells: Iterable[int]) -> None:
        """Mark `cells` to check (the photo import, after its board is loaded)."""
        self._to_check = frozenset(cell for cell in cells if 0 <= cell < self.cell_count)
        self.highlight_changed.emit()

    def confirm_cell(self, cell: int) -> None:
        """The person has looked at `cell` (typed its number, even the one it held)."""
        if cell in self._to_check:
            self._to_check = self._to_check - {cell}
            self.highlight_changed.emit()

    # -- mutators (only gui.commands calls these) -------------------------------------

    def set_draft(self, draft: Draft, *, slide: bool = False) -> None:
        """Show `draft`; emits `changed` once (nothing when it equals the one shown).
        `slide` says the change is one tile slid (see `changed_by_slide`)."""
        if draft == self._draft and same_goal(draft.goal, self._draft.goal):
            return
        previous = self._draft
        self._draft = draft
        self._changed_by_slide = slide
        if self._to_check:
            # A cell edited has been looked at; a new shape is another board.
            if (draft.width, draft.height) != (previous.width, previous.height):
                self._to_check = frozenset()
            else:
                self._to_check = frozenset(
                    cell for cell in self._to_check if draft.cells[cell] == previous.cells[cell]
                )
        self._partners = None
        self._chosen_partners = None
        # A highlight refers to tiles; drop it when those tiles no longer exist.
        tile = self._highlighted_tile
        if tile is not None and self.index_of_tile(tile) is None:
            self._highlighted_tile = None
        pair = self._highlighted_pair
        if pair is not None and (
            self.index_of_tile(pair[0]) is None or self.index_of_tile(pair[1]) is None
        ):
            self._highlighted_pair = None
        self.changed.emit()

    def set_cells(self, width: int, height: int, cells: Sequence[Cell]) -> None:
        """Replace size and cells at once. Raises `BoardError` for an impossible shape."""
        self.set_draft(Draft(width, height, tuple(cells), self._draft.goal))

    def set_goal(self, goal: Goal) -> None:
        self.set_draft(self._draft.with_goal(goal))

    def set_board(self, board: Board) -> None:
        self.set_cells(board.width, board.height, list(board.tiles))
