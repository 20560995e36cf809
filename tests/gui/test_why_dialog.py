"""Why the rule works: a sideways slide changes nothing; an up-or-down one keeps the parity."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QPushButton

from core import Board, check
from core.slide_effect import slide_effect
from gui.why_dialog import EXAMPLE_BOARD, WhyDialog, describe

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def test_a_sideways_slide_is_said_to_change_nothing(qtbot: QtBot) -> None:
    dialog = WhyDialog(EXAMPLE_BOARD)
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.findChild(QPushButton, "slideSideways"), Qt.MouseButton.LeftButton)
    board = dialog.demo.board
    assert board != EXAMPLE_BOARD
    assert board.blank_row_from_bottom == EXAMPLE_BOARD.blank_row_from_bottom
    assert check(board).inversions == 49
    assert "the inversions stay 49" in dialog.text
    assert dialog.demo.passed_tiles == frozenset()


def test_an_up_or_down_slide_shows_the_tiles_passed_and_the_parity_kept(qtbot: QtBot) -> None:
    dialog = WhyDialog(EXAMPLE_BOARD)
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.findChild(QPushButton, "slideVertical"), Qt.MouseButton.LeftButton)
    board = dialog.demo.board
    assert abs(board.blank_row_from_bottom - EXAMPLE_BOARD.blank_row_from_bottom) == 1
    assert len(dialog.demo.passed_tiles) == 3  # a row's worth less one on a 4-wide board
    after = check(board).inversions
    assert (after - 49) % 2 == 1
    assert f"49 \u2192 {after}" in dialog.text
    assert "still odd" in dialog.text  # 49 + 2 = 51, and the new sum is odd too


def test_on_an_odd_width_the_blanks_row_is_said_not_to_matter() -> None:
    board = Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8))
    effect = slide_effect(board, 2)  # tile 2 slides down into the blank
    assert effect.vertical
    assert "the blank's row does not matter" in describe(effect)


def test_the_window_opens_it_on_the_board_on_screen(qtbot: QtBot, window) -> None:
    board = Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8))
    window.editor.load(board)
    dialog = window.help.show_why()
    qtbot.addWidget(dialog)
    assert dialog.demo.board == board
    window.editor.load(Board.solved(10, 10))
    other = window.help.show_why()
    qtbot.addWidget(other)
    assert other.demo.board == EXAMPLE_BOARD


@pytest.mark.parametrize("button", ["slideSideways", "slideVertical"])
def test_the_tile_that_slid_is_drawn_in_the_highlight_colour(qtbot: QtBot, button: str) -> None:
    dialog = WhyDialog(EXAMPLE_BOARD)
    qtbot.addWidget(dialog)
    dialog.resize(520, 560)
    dialog.show()
    qtbot.mouseClick(dialog.findChild(QPushButton, button), Qt.MouseButton.LeftButton)
    demo = dialog.demo
    qtbot.waitUntil(lambda: demo.moved_tile is not None and not demo.sliding)
    board = demo.board
    image = demo.grab().toImage()
    # Each tile's fill, sampled just inside its top-left corner (clear of its number).
    cell = min((demo.width() - 8) / board.width, (demo.height() - 8) / board.height)
    left = 4 + (demo.width() - 8 - cell * board.width) / 2
    top = 4 + (demo.height() - 8 - cell * board.height) / 2

    def fill(tile: int) -> QColor:
        row, column = divmod(board.index_of(tile), board.width)
        x, y = left + (column + 0.2) * cell, top + (row + 0.2) * cell
        return image.pixelColor(round(x), round(y))

    highlight = demo.palette().color(QPalette.ColorRole.Highlight)
    moved = fill(demo.moved_tile)
    others = [fill(tile) for tile in board.tiles if tile and tile != demo.moved_tile]

    def distance(first: QColor, second: QColor) -> int:
        return sum(abs(a - b) for a, b in zip(first.getRgb()[:3], second.getRgb()[:3], strict=True))

    assert all(distance(moved, highlight) < distance(other, highlight) for other in others)
