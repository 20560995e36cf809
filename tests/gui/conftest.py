"""Fixtures for the window tests: an isolated main window with a fixed light palette."""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from core import Board
from gui.appearance import forced_palette
from gui.main_window import MainWindow

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from pathlib import Path

    from PySide6.QtGui import QColor
    from pytestqt.qtbot import QtBot

    from gui.board_view import BoardView

ARTICLE_BOARD = Board.from_rows(
    [[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]]
)  # 49 inversions, blank on row 2 from the bottom: solvable
LOYD_BOARD = Board.from_rows(
    [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]]
)  # 14 and 15 exchanged: not solvable


#: The offscreen platform cannot resize native windows and says so whenever a main window
#: shows; it is the test platform talking, not the app, so only this message is let through.
OFFSCREEN_NOISE = "This plugin does not support propagateSizeHints"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/gui" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


@pytest.fixture(autouse=True)
def no_warm_up_outlives_its_test() -> Iterator[None]:
    """Every main window still about once a test ends (closed, its deletion pending, or
    never closed) takes no further warm-up step: otherwise its timer could start the thread
    during a later test in this process, which would import Solve's modules against what
    that test put in their place (a fake core.search in sys.modules, tests/core)."""
    yield
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow):
            widget.warm_up.stop()


@pytest.fixture
def settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def make_window(qtbot: QtBot, settings: QSettings) -> Callable[..., MainWindow]:
    """Build main windows that never show a dialog and keep settings in a temp file."""

    def make(restore: bool = False) -> MainWindow:
        window = MainWindow(settings, restore=restore)
        window.setPalette(forced_palette("light"))
        window.editor.confirm_drop = lambda _question: True
        window.files.ask_to_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


@pytest.fixture
def window(make_window) -> MainWindow:
    return make_window()


def click_cell(qtbot: QtBot, view: BoardView, cell: int) -> None:
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.cell_center(cell))


def type_cells(qtbot: QtBot, view: BoardView, values: Sequence[int | None]) -> None:
    """Type a board cell by cell from the top-left cell, Tab after each, as a user would."""
    click_cell(qtbot, view, 0)
    for value in values:
        if value is None:
            pass
        elif value == 0:
            qtbot.keyClick(view, Qt.Key.Key_Space)
        else:
            qtbot.keyClicks(view, str(value))
        qtbot.keyClick(view, Qt.Key.Key_Tab)


def pixel_in_tile(view: BoardView, cell: int) -> QColor:
    """A pixel of the tile's fill, away from its number, badge and outline."""
    rect = view.cell_rect_in_viewport(cell)
    point = QPoint(int(rect.left() + rect.width() * 0.2), int(rect.top() + rect.height() * 0.85))
    image = view.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    return image.pixelColor(int(point.x() * ratio), int(point.y() * ratio))


def pixel_on_outline(view: BoardView, cell: int) -> QColor:
    """A pixel on the tile's left outline, where the emphasis pen is drawn."""
    rect = view.cell_rect_in_viewport(cell)
    inset = max(1.5, rect.width() * 0.04)
    point = QPoint(round(rect.left() + inset), int(rect.center().y()))
    image = view.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    return image.pixelColor(int(point.x() * ratio), int(point.y() * ratio))


@contextmanager
def fifo_watchdog(fifo: Path) -> Iterator[list[bool]]:
    """Run the block with a watchdog on `fifo`, a FIFO with no writer: if the block ever
    blocks opening it, a writer comes and goes after 20 s so the test ends (and fails)
    instead of hanging the run. Yields a list that holds True once the watchdog had to.
    A watchdog, not a timing: the block is expected to return at once."""
    finished = threading.Event()
    rescued: list[bool] = []

    def rescue() -> None:
        if finished.wait(20):
            return
        rescued.append(True)
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))

    watchdog = threading.Thread(target=rescue, daemon=True)
    watchdog.start()
    try:
        yield rescued
    finally:
        finished.set()
        watchdog.join()
