"""The menus' actions are made with the window; the controller behind each is made on its
first trigger (issue 21). Each such action, triggered once in a fresh window, makes its
controller and does what it did when the controller was made at start-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox, QWidget

from core import format_board
from tests.gui.conftest import ARTICLE_BOARD, LOYD_BOARD

if TYPE_CHECKING:
    from pathlib import Path

    from pytestqt.qtbot import QtBot

    from gui.main_window import MainWindow

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier

#: Every action whose controller is made on first use: (window attribute of its group,
#: action, the controller's OnDemand, its shortcut as before the change).
DEFERRED_ACTIONS = (
    ("edit_actions", "edit_goal_action", "_edits", "Ctrl+G"),
    ("photo_actions", "open_action", "_photos", "Ctrl+Shift+O"),
    ("photo_actions", "paste_action", "_photos", "Ctrl+Shift+V"),
    ("clipboard_actions", "export_action", "_clipboard", "Ctrl+E"),
    ("clipboard_actions", "copy_image_action", "_clipboard", "Ctrl+Shift+C"),
    ("clipboard_actions", "copy_action", "_clipboard", QKeySequence.StandardKey.Copy),
    ("clipboard_actions", "paste_action", "_clipboard", QKeySequence.StandardKey.Paste),
    ("solve_actions", "solve_action", "_solving", "Ctrl+L"),
    ("help_actions", "walkthrough_action", "_help", "F1"),
    ("help_actions", "why_action", "_help", None),
    ("help_actions", "about_action", "_help", None),
)


@pytest.mark.parametrize(
    ("group", "name", "controller", "shortcut"),
    DEFERRED_ACTIONS,
    ids=[name for _group, name, _controller, _shortcut in DEFERRED_ACTIONS],
)
def test_each_action_is_in_a_menu_with_its_shortcut_before_its_controller_is_made(
    window: MainWindow, group: str, name: str, controller: str, shortcut: object
) -> None:
    action = getattr(getattr(window, group), name)
    assert getattr(window, controller).made is None
    expected = QKeySequence() if shortcut is None else QKeySequence(shortcut)
    assert action.shortcut() == expected
    assert action.isEnabled()
    menus = [entry.menu() for entry in window.menuBar().actions()]
    assert any(action in menu.actions() for menu in menus)


@pytest.fixture
def no_dialogs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, object]:
    """Modal dialogs answered at once; what each was asked is noted."""
    asked: dict[str, object] = {}

    def save_name(*_args: object, **_kwargs: object) -> tuple[str, str]:
        asked["save"] = True
        return str(tmp_path / "result.png"), ""

    def open_name(*_args: object, **_kwargs: object) -> tuple[str, str]:
        asked["open"] = True
        return "", ""

    def about(_parent: object, title: str, _text: str) -> None:
        asked["about"] = title

    def goal_dialog_exec(dialog: QDialog) -> int:
        asked["goal"] = dialog.objectName()
        return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_name)
    monkeypatch.setattr(QMessageBox, "about", about)
    from gui.goal_dialog import GoalDialog

    monkeypatch.setattr(GoalDialog, "exec", goal_dialog_exec)
    return asked


def test_edit_goal_opens_the_goal_dialog(window: MainWindow, no_dialogs) -> None:
    window.edit_actions.edit_goal_action.trigger()
    assert no_dialogs["goal"] == "goalDialog"
    assert window._edits.made is not None
    assert window.model.goal == "blank-last"  # cancelled


def test_a_paste_that_needs_a_shape_asks_it_in_a_dialog(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.editor.load(ARTICLE_BOARD)
    asked: list[str] = []

    def get_item(_parent: object, _title: str, prompt: str, *_args: object) -> tuple[str, bool]:
        asked.append(prompt)
        return "", False

    monkeypatch.setattr(QInputDialog, "getItem", get_item)
    QGuiApplication.clipboard().setText("1 2 3 4 5 6 7 0")
    window.clipboard_actions.paste_action.trigger()
    assert asked
    assert "Which size is it?" in asked[0]
    assert window.model.board == ARTICLE_BOARD  # cancelled: the board stays


def test_open_photo_asks_for_a_file(window: MainWindow, no_dialogs) -> None:
    window.photo_actions.open_action.trigger()
    assert no_dialogs["open"]
    assert window._photos.made is not None


def test_paste_photo_with_no_image_says_so(window: MainWindow) -> None:
    QGuiApplication.clipboard().setText("no image here")
    window.photo_actions.paste_action.trigger()
    assert "the clipboard holds no image" in window.status_message.text()


def test_export_writes_the_picture(window: MainWindow, no_dialogs, tmp_path: Path) -> None:
    window.clipboard_actions.export_action.trigger()
    assert no_dialogs["save"]
    assert (tmp_path / "result.png").stat().st_size > 0


def test_copy_board_and_copy_image(window: MainWindow) -> None:
    window.editor.load(LOYD_BOARD)
    window.clipboard_actions.copy_action.trigger()
    assert QGuiApplication.clipboard().text().split() == format_board(LOYD_BOARD).split()
    window.clipboard_actions.copy_image_action.trigger()
    assert not QGuiApplication.clipboard().image().isNull()


def test_solve_says_why_an_unsolvable_board_is_not_searched(window: MainWindow) -> None:
    window.editor.load(LOYD_BOARD)
    window.solve_actions.solve_action.trigger()
    assert window._solving.made is not None
    assert window.status_message.text().startswith("Cannot solve: not solvable")


def test_the_help_menu_opens_its_windows(qtbot: QtBot, window: MainWindow, no_dialogs) -> None:
    window.help_actions.about_action.trigger()
    assert no_dialogs["about"] == "About Slidecheck"
    window.help_actions.why_action.trigger()
    why = window.findChild(QWidget, "whyDialog")
    assert why is not None
    qtbot.waitUntil(why.isVisible)
    why.close()
    window.help_actions.walkthrough_action.trigger()
    walk = window.help.walkthrough_dialog
    assert walk is not None
    qtbot.waitUntil(walk.isVisible)
    walk.close()


#: A shortcut, and what the action it triggers asks (see `no_dialogs`).
SHORTCUTS = {
    "Ctrl+G": (Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier, "goal"),
    "Ctrl+Shift+O": (Qt.Key.Key_O, CTRL_SHIFT, "open"),
    "Ctrl+E": (Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier, "save"),
}


@pytest.mark.parametrize("shortcut", SHORTCUTS)
def test_a_shortcut_makes_the_controller_and_does_its_action(
    qtbot: QtBot, window: MainWindow, no_dialogs, shortcut: str
) -> None:
    key, modifiers, asked = SHORTCUTS[shortcut]
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.keyClick(window.board_view, key, modifiers)
    assert asked in no_dialogs


def test_f1_opens_the_walk_through(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.keyClick(window.board_view, Qt.Key.Key_F1)
    walk = window.help.walkthrough_dialog
    assert walk is not None
    qtbot.waitUntil(walk.isVisible)
    walk.close()
