"""The status line says what is true now: a message about the board goes when the board
changes (unless it describes that change), and one about a dialog goes with the dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QPushButton

from core import Board
from gui.mode_controller import Mode
from tests.gui.conftest import LOYD_BOARD, click_cell, type_cells
from tests.gui.test_photo_dialog import EXACT_SEEDS, open_photo, photo_file

if TYPE_CHECKING:
    from pathlib import Path

    from pytestqt.qtbot import QtBot

    from gui.main_window import MainWindow

TWO_SLIDES_AWAY = Board(3, 3, (1, 2, 3, 4, 5, 6, 0, 7, 8))


def status(window: MainWindow) -> str:
    return window.status_message.text()


def test_a_hint_goes_once_a_tile_slides(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(TWO_SLIDES_AWAY)
    window.mode_menu.actions[Mode.PLAY].trigger()
    with qtbot.waitSignal(window.solving.hint_runner.solved, timeout=20_000):
        qtbot.mouseClick(
            window.play_panel.findChild(QPushButton, "hintButton"), Qt.MouseButton.LeftButton
        )
    assert status(window) == "Hint: slide 7 left"
    qtbot.keyClick(window.board_view, Qt.Key.Key_Down)  # tile 4 down into the blank
    assert window.model.board != TWO_SLIDES_AWAY
    assert "slide 7" not in status(window)


def test_solved_goes_when_the_player_slides_on(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8)))
    window.mode_menu.actions[Mode.PLAY].trigger()
    click_cell(qtbot, window.board_view, 8)
    assert status(window).startswith("Solved in 1 move")
    qtbot.keyClick(window.board_view, Qt.Key.Key_Right)  # tile 8 back: not solved now
    assert "Solved" not in status(window)


def test_cannot_solve_goes_when_the_board_is_fixed(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(LOYD_BOARD)
    window.solve_actions.solve_action.trigger()
    assert status(window).startswith("Cannot solve: not solvable")
    fix = window.fix_suggestion.findChild(QPushButton)
    qtbot.mouseClick(fix, Qt.MouseButton.LeftButton)
    assert not status(window).startswith("Cannot solve")
    # The fixed 4x4 first builds the test tables (6-6-3): seconds alone, a minute and
    # more on two cores shared with the rest of the suite. The wait is for the answer,
    # not a measure of its speed.
    with qtbot.waitSignal(window.solving.solve_runner.solved, timeout=180_000):
        window.solve_actions.solve_action.trigger()
        assert not status(window).startswith("Cannot solve")  # while the search runs


def test_board_pasted_goes_when_a_number_is_typed(qtbot: QtBot, window: MainWindow) -> None:
    QGuiApplication.clipboard().setText("1 2 3\n4 5 6\n7 0 8")
    window.clipboard_actions.paste_action.trigger()
    assert status(window) == "Board pasted"
    type_cells(qtbot, window.board_view, [2, 1])
    assert status(window) != "Board pasted"


def test_the_photo_dialogs_instruction_goes_with_the_dialog(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    dialog = open_photo(qtbot, window, photo_file(tmp_path, EXACT_SEEDS[(3, 3)]))
    assert status(window) == "Check the reading, then Use This Board"
    with qtbot.waitSignal(dialog.rejected):
        qtbot.keyClick(dialog.view, Qt.Key.Key_Escape)
    assert status(window) != "Check the reading, then Use This Board"


def test_a_message_about_the_mode_stays_through_edits(qtbot: QtBot, window: MainWindow) -> None:
    window.mode_menu.actions[Mode.PLAY].trigger()
    hint = status(window)
    assert hint.startswith("Play: ")
    qtbot.keyClick(window.board_view, Qt.Key.Key_Right)
    assert status(window) == hint


def test_a_message_that_describes_the_change_stays(qtbot: QtBot, window: MainWindow) -> None:
    window.edit_actions.random_solvable_action.trigger()
    QGuiApplication.clipboard().setText("1 2 3\n4 5 6\n7 0 8")
    window.clipboard_actions.paste_action.trigger()
    assert status(window) == "Board pasted"
