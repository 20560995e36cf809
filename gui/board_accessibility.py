"""The board as screen readers see it: a table whose cells are items of their own.

The board view paints its cells itself, so Qt's accessibility knows only one widget. A
factory gives it an interface with a child per cell, named as the board labels it ("row 2
from the bottom, column 3: tile 7", "blank", "empty"), with the keyboard cursor's cell
focused, so a screen reader can read the board cell by cell and follow the cursor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QPointF, QRect
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget

from core.board import cell_name

if TYPE_CHECKING:
    from gui.board_view import BoardView


def cell_description(view: BoardView, index: int) -> str:
    """What a screen reader says for a cell: where it is and what it holds."""
    model = view.model
    where = cell_name(index, model.width, model.height)
    value = model.cell(index)
    if value is None:
        held = "empty"
    elif value == 0:
        held = "blank"
    else:
        held = f"tile {value}"
    marked = " (a problem: see the verdict)" if index in model.problem_cells else ""
    if index in model.cells_to_check:
        marked += " (read from the photo: check it)"
    return f"{where}: {held}{marked}"


class CellAccessible(QAccessibleInterface):
    """One cell of the board."""

    def __init__(self, board: BoardAccessible, index: int) -> None:
        super().__init__()
        self._board = board
        self.index = index

    def isValid(self) -> bool:
        return self.index < self._board.view.model.cell_count

    def object(self) -> QObject | None:  # type: ignore[override]  # a cell has no QObject
        return None

    def parent(self) -> QAccessibleInterface:
        return self._board

    # Qt returns nullptr for "no such child"; PySide6's stubs say these never return None.
    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childCount(self) -> int:
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def text(self, kind: QAccessible.Text) -> str:
        if kind in (QAccessible.Text.Name, QAccessible.Text.Value):
            return cell_description(self._board.view, self.index)
        return ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:
        pass  # cells are edited by typing on the board, not through accessibility

    def rect(self) -> QRect:
        view = self._board.view
        local = view.cell_rect_in_viewport(self.index).toRect()
        return QRect(view.viewport().mapToGlobal(local.topLeft()), local.size())

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.Cell

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.focusable = True
        state.focused = self._board.view.cursor_cell == self.index
        return state


class BoardAccessible(QAccessibleWidget):
    """The board view: a table with one child per cell, in reading order."""

    def __init__(self, view: BoardView) -> None:
        super().__init__(view, QAccessible.Role.Table, "board")
        self.view = view
        self._cells: list[CellAccessible] = []

    def _cell(self, index: int) -> CellAccessible:
        while len(self._cells) <= index:
            self._cells.append(CellAccessible(self, len(self._cells)))
        return self._cells[index]

    def childCount(self) -> int:
        return self.view.model.cell_count

    # Qt returns nullptr for "no such child"; PySide6's stubs say these never return None.
    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        if 0 <= index < self.childCount():
            return self._cell(index)
        return None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        if isinstance(child, CellAccessible) and child.isValid():
            return child.index
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        local = self.view.viewport().mapFromGlobal(QPoint(x, y))
        for index in range(self.childCount()):
            if self.view.cell_rect_in_viewport(index).contains(QPointF(local)):
                return self._cell(index)
        return None

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Name:
            model = self.view.model
            return f"Board, {model.width} by {model.height}"
        return str(super().text(kind))


def _factory(key: str, obj: QObject | None) -> QAccessibleInterface | None:
    from gui.board_view import BoardView

    if isinstance(obj, BoardView):
        return BoardAccessible(obj)
    return None


_installed = False


def install() -> None:
    """Register the board's accessibility with Qt (once per process)."""
    global _installed  # noqa: PLW0603  (one registration for the whole application)
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True


def announce_cursor(view: BoardView) -> None:
    """Tell accessibility clients the keyboard cursor moved to another cell."""
    cell = view.cursor_cell
    if cell is None or not QAccessible.isActive():
        return
    event = QAccessibleEvent(view, QAccessible.Event.Focus)
    event.setChild(cell)
    QAccessible.updateAccessibility(event)
