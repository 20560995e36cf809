"""A failed paste or open is said above the board, not only in the status line."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QPushButton

from core import format_board
from gui.input_error_banner import InputErrorBanner
from tests.gui.conftest import ARTICLE_BOARD, LOYD_BOARD

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def test_the_banner_says_what_failed_and_that_the_board_is_unchanged(qtbot: QtBot) -> None:
    banner = InputErrorBanner()
    qtbot.addWidget(banner)
    assert banner.isHidden()
    banner.show_error("Could not paste", "row 2, column 3: tile 5 appears twice")
    assert banner.isVisible()
    assert banner.title == "Could not paste. The board below is unchanged."
    assert banner.reason == "row 2, column 3: tile 5 appears twice"
    assert "tile 5 appears twice" in banner.accessibleName()
    qtbot.mouseClick(banner.findChild(QPushButton, "dismissInputError"), Qt.MouseButton.LeftButton)
    assert banner.isHidden()


def test_a_failed_paste_shows_the_banner_over_the_board(qtbot: QtBot, window) -> None:
    window.editor.load(ARTICLE_BOARD)
    QGuiApplication.clipboard().setText("1 2 3\n4 4 5\n6 7 0\n")
    window.clipboard_actions.paste_action.trigger()
    banner = window.input_error_banner
    qtbot.waitUntil(banner.isVisible)
    assert window.model.board == ARTICLE_BOARD
    assert banner.title.startswith("Could not paste")
    assert "tile 4 appears twice" in banner.reason
    # Right above the board, in the same column, not somewhere in the status bar.
    board = window.board_view
    assert banner.parentWidget() is board.parentWidget()
    assert banner.geometry().bottom() <= board.geometry().top()
    assert banner.geometry().left() == board.geometry().left()


def test_the_next_change_of_the_board_clears_the_banner(qtbot: QtBot, window) -> None:
    QGuiApplication.clipboard().setText("not a board")
    window.clipboard_actions.paste_action.trigger()
    assert window.input_error_banner.isVisible()
    QGuiApplication.clipboard().setText(format_board(LOYD_BOARD))
    window.clipboard_actions.paste_action.trigger()
    assert window.model.board == LOYD_BOARD
    assert window.input_error_banner.isHidden()


def test_escape_dismisses_the_banner(qtbot: QtBot, window) -> None:
    QGuiApplication.clipboard().setText("")
    window.clipboard_actions.paste_action.trigger()
    assert window.input_error_banner.isVisible()
    assert "empty input" in window.input_error_banner.reason
    qtbot.keyClick(window.board_view, Qt.Key.Key_Escape)
    assert window.input_error_banner.isHidden()


def test_a_failed_open_shows_the_banner(qtbot: QtBot, window, tmp_path) -> None:
    path = tmp_path / "ragged.txt"
    path.write_text("1 2 3\n4 5\n7 8 0\n")
    assert not window.files.open(str(path))
    banner = window.input_error_banner
    assert banner.isVisible()
    assert banner.title == 'Could not open "ragged.txt". The board below is unchanged.'
    assert banner.reason == "ragged rows: row 2 from the top has 2 cells but row 1 has 3"
