"""Undoable edits of the board model: every user action becomes one of these on the stack.

A command keeps what its edit changed, not the whole board: a swap or a typed digit keeps
the cells it changed with their old and new values (a few hundred bytes on any board), and
the size and goal only when they changed. An edit that changes most cells (a paste, a new
or random board, a resize) keeps the cells before and after, packed as 32-bit integers
(80 kB on a 100x100 board). The window's stack holds at most `gui.board_editor.UNDO_LIMIT`
commands, so the history stays bounded whatever the edits.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from PySide6.QtGui import QUndoCommand

from core.board import cell_name
from core.draft import Cell, Draft
from core.rule import same_goal

if TYPE_CHECKING:
    from collections.abc import Sequence

    from gui.board_model import BoardModel


_EMPTY = -1  # a cell not filled in, in packed cells
_PACKED_MAX = 2**31 - 1

#: Packed cells: an `array` of 32-bit integers, or a tuple when some value does not fit.
Packed: TypeAlias = "array[int] | tuple[Cell, ...]"


def pack(cells: Sequence[Cell]) -> Packed:
    """`cells` in 4 bytes each (None as -1) when every value allows it, else as a tuple."""
    if all(cell is None or 0 <= cell <= _PACKED_MAX for cell in cells):
        return array("i", [_EMPTY if cell is None else cell for cell in cells])
    return tuple(cells)


def unpack(packed: Packed) -> list[Cell]:
    if isinstance(packed, tuple):
        return list(packed)
    return [None if value == _EMPTY else value for value in packed]


@dataclass(frozen=True, slots=True)
class CellPatch:
    """Cells an edit changed: index, value before and value after, three numbers a cell,
    packed in one array (a swap keeps six numbers)."""

    changes: Packed

    @classmethod
    def of(cls, entries: Sequence[tuple[int, Cell, Cell]]) -> CellPatch:
        return cls(pack([value for entry in entries for value in entry]))

    def entries(self) -> list[tuple[int, Cell, Cell]]:
        values = unpack(self.changes)
        return [
            (int(values[at] or 0), values[at + 1], values[at + 2])
            for at in range(0, len(values), 3)
        ]

    def __len__(self) -> int:
        return len(self.changes) // 3


@dataclass(frozen=True, slots=True)
class CellSnapshot:
    """All cells before and after an edit that changed most of them (or the size)."""

    before: Packed
    after: Packed


class DraftCommand(QUndoCommand):
    """Replace the draft on screen with another one (paste, swap, slide, resize, new, ...).

    The model must be in the state the command was made from when it is pushed, and the
    stack keeps it so: every change to the model goes through a command.
    """

    #: Whether the change is one tile slid into the blank (see `BoardModel.changed_by_slide`).
    IS_SLIDE = False

    def __init__(self, model: BoardModel, after: Draft, text: str) -> None:
        super().__init__(text)
        self._model = model
        size_before = (model.width, model.height)
        size_after = (after.width, after.height)
        #: (before, after) when the edit changed the size, else None.
        self._sizes = None if size_before == size_after else (size_before, size_after)
        #: (before, after) when the edit changed the goal, else None.
        self._goals = None if same_goal(model.goal, after.goal) else (model.goal, after.goal)
        before_cells = model.cells()
        self._cells: CellPatch | CellSnapshot
        if self._sizes is None:
            changed = [
                index
                for index, (old, new) in enumerate(zip(before_cells, after.cells, strict=True))
                if old != new
            ]
            # A patch costs three numbers per changed cell, a snapshot two per cell.
            if 3 * len(changed) < 2 * len(before_cells):
                self._cells = CellPatch.of(
                    [(index, before_cells[index], after.cells[index]) for index in changed]
                )
                return
        self._cells = CellSnapshot(pack(before_cells), pack(after.cells))

    @property
    def is_noop(self) -> bool:
        cells = self._cells
        return (
            self._sizes is None
            and self._goals is None
            and isinstance(cells, CellPatch)
            and len(cells) == 0
        )

    def redo(self) -> None:
        self._apply(forward=True)

    def undo(self) -> None:
        self._apply(forward=False)

    def _apply(self, *, forward: bool) -> None:
        model = self._model
        side = 1 if forward else 0
        width, height = (model.width, model.height) if self._sizes is None else self._sizes[side]
        goal = model.goal if self._goals is None else self._goals[side]
        change = self._cells
        if isinstance(change, CellPatch):
            cells = model.cells()
            for index, before, after in change.entries():
                cells[index] = after if forward else before
        else:
            cells = unpack(change.after if forward else change.before)
        # One replacement, one signal: size, cells and goal arrive together.
        model.set_draft(Draft(width, height, tuple(cells), goal), slide=self.IS_SLIDE)


class SlideCommand(DraftCommand):
    """One tile slid into the blank (play mode). Taking it back slides the tile back, a
    slide too: on the real puzzle that is one more move, not a new game."""

    IS_SLIDE = True


class TypeIntoCellCommand(DraftCommand):
    """Typing into one cell. Consecutive digits typed into the same cell merge into one
    undo step, so undo takes back '12', not just the '2'."""

    COMMAND_ID = 1

    def __init__(self, model: BoardModel, cell: int, value: Cell, *, continues: bool) -> None:
        after = model.draft.with_cell(cell, value)
        shown = "blank" if not value else str(value)
        super().__init__(
            model,
            after,
            f"Type {shown} at {cell_name(cell, model.width, model.height)}",
        )
        self.cell = cell
        self.continues = continues

    def id(self) -> int:
        return self.COMMAND_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, TypeIntoCellCommand) or not other.continues:
            return False
        if other.cell != self.cell:
            return False
        mine, theirs = self._cells, other._cells  # noqa: SLF001 - the same class
        if not (isinstance(mine, CellPatch) and isinstance(theirs, CellPatch)):
            return False
        # One change from what the cells held before the first digit to the number after
        # the last (a patch of this cell, or an empty one if the first digit changed nothing).
        changes = {index: [before, after] for index, before, after in mine.entries()}
        for index, before, after in theirs.entries():
            changes.setdefault(index, [before, after])[1] = after
        self._cells = CellPatch.of(
            [(index, changes[index][0], changes[index][1]) for index in sorted(changes)]
        )
        self.setText(other.text())
        return True
