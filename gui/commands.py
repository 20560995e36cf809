"""Undoable edits of the board model: every user action becomes one of these on the stack.

A command remembers the whole state before and after (size, cells, goal). Boards are at
most 100x100 in the window, so a snapshot is a few tens of kilobytes and undo can never
drift from what was shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QUndoCommand

from core import Goal
from gui.board_model import BoardModel, Cell


@dataclass(frozen=True)
class BoardState:
    """Everything an edit can change: the size, the cells as typed, and the goal."""

    width: int
    height: int
    cells: tuple[Cell, ...]
    goal: Goal

    @classmethod
    def of(cls, model: BoardModel) -> BoardState:
        return cls(model.width, model.height, tuple(model.cells()), model.goal)


def apply_state(model: BoardModel, state: BoardState) -> None:
    # Cells first: a custom goal must match the new shape when the goal is set.
    model.set_cells(state.width, state.height, list(state.cells))
    model.set_goal(state.goal)


class BoardStateCommand(QUndoCommand):
    """Replace the board state with another one (paste, swap, slide, resize, new, ...)."""

    def __init__(self, model: BoardModel, after: BoardState, text: str) -> None:
        super().__init__(text)
        self._model = model
        self._before = BoardState.of(model)
        self._after = after

    @property
    def is_noop(self) -> bool:
        return self._before == self._after

    def redo(self) -> None:
        apply_state(self._model, self._after)

    def undo(self) -> None:
        apply_state(self._model, self._before)


class TypeIntoCellCommand(BoardStateCommand):
    """Typing into one cell. Consecutive digits typed into the same cell merge into one
    undo step, so undo takes back '12', not just the '2'."""

    COMMAND_ID = 1

    def __init__(self, model: BoardModel, cell: int, value: Cell, *, continues: bool) -> None:
        cells = model.cells()
        cells[cell] = value
        after = BoardState(model.width, model.height, tuple(cells), model.goal)
        shown = "blank" if not value else str(value)
        super().__init__(
            model,
            after,
            f"Type {shown} at row {cell // model.width + 1}, column {cell % model.width + 1}",
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
        self._after = other._after
        self.setText(other.text())
        return True
