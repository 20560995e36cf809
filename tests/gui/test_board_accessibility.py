"""Screen readers see each cell of the board as its own item: where it is, what it holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible

from core import Board
from tests.gui.conftest import click_cell

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def board_interface(window):
    interface = QAccessible.queryAccessibleInterface(window.board_view)
    assert interface is not None
    return interface


def test_every_cell_is_an_accessible_item_named_as_everywhere(window) -> None:
    window.editor.load(Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8)))
    board = board_interface(window)
    assert board.role() == QAccessible.Role.Table
    assert board.text(QAccessible.Text.Name) == "Board, 3 by 3"
    assert board.childCount() == 9
    first, blank = board.child(0), board.child(7)
    assert first.role() == QAccessible.Role.Cell
    assert first.text(QAccessible.Text.Name) == "row 3 from the bottom, column 1: tile 1"
    assert blank.text(QAccessible.Text.Name) == "row 1 from the bottom, column 2: blank"
    assert board.indexOfChild(blank) == 7
    assert board.child(9) is None


def test_problems_and_empty_cells_are_said(window) -> None:
    window.model.set_cells(2, 2, [1, 1, None, 0])
    board = board_interface(window)
    assert (
        board.child(1).text(QAccessible.Text.Name).endswith("tile 1 (a problem: see the verdict)")
    )
    assert board.child(2).text(QAccessible.Text.Name) == "row 1 from the bottom, column 1: empty"


def test_the_cursors_cell_is_the_focused_one_and_each_cell_is_where_it_is_drawn(
    qtbot: QtBot, window
) -> None:
    window.editor.load(Board.solved(3, 3))
    click_cell(qtbot, window.board_view, 4)
    board = board_interface(window)
    assert board.child(4).state().focused
    assert not board.child(0).state().focused
    centre = window.board_view.viewport().mapToGlobal(window.board_view.cell_center(5))
    assert board.child(5).rect().contains(centre)
    assert board.childAt(centre.x(), centre.y()).text(QAccessible.Text.Name).endswith("tile 6")
    qtbot.keyClick(window.board_view, Qt.Key.Key_Right)
    assert board.child(5).state().focused


def test_the_cells_follow_a_new_size(window) -> None:
    board = board_interface(window)
    window.editor.load(Board.solved(5, 4))
    assert board.childCount() == 20
    assert board.child(19).text(QAccessible.Text.Name) == "row 1 from the bottom, column 5: blank"
