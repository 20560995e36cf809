"""The window's file handling on its own: a BoardFiles over a model, an editor and a menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMessageBox, QWidget

from core import Board, format_board
from gui.board_editor import BoardEditor
from gui.board_files import BoardFiles, refusal_reason
from gui.board_model import BoardModel
from gui.session import SavedBoard

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot


@pytest.fixture
def files(qtbot: QtBot, tmp_path) -> BoardFiles:
    parent = QWidget()
    qtbot.addWidget(parent)
    model = BoardModel(parent=parent)
    stack = QUndoStack(parent)
    editor = BoardEditor(model, stack, parent)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    return BoardFiles(model, editor, stack, settings, dialog_parent=parent)


def test_an_open_names_the_file_and_fills_the_recent_menu(files, qtbot, tmp_path) -> None:
    path = tmp_path / "eight.txt"
    path.write_text("1 2 3\n4 5 6\n7 0 8\n")
    with (
        qtbot.waitSignal(files.path_changed),
        qtbot.waitSignal(files.message, check_params_cb=lambda text: "eight.txt" in text),
    ):
        assert files.open(str(path))
    assert files.path == str(path)
    assert [action.toolTip() for action in files.recent_menu.actions()] == [str(path.resolve())]
    assert files.recent_menu.isEnabled()


def test_a_refused_open_says_why_once_and_keeps_the_path(files, qtbot, tmp_path) -> None:
    path = tmp_path / "junk.txt"
    path.write_text("hello there\n")
    with qtbot.waitSignal(files.open_refused) as refused:
        assert not files.open(str(path))
    title, reason = refused.args
    assert title == 'Could not open "junk.txt"'
    assert reason
    assert "junk.txt" not in reason
    assert files.path is None
    assert not files.recent_menu.isEnabled()


def test_refusal_reason_drops_the_name_core_put_in_front() -> None:
    error = ValueError('"a.txt": cannot open (permission denied)')
    assert refusal_reason(error, "a.txt") == "permission denied"
    assert refusal_reason(ValueError(), "a.txt") == "ValueError"


def test_unsaved_changes_are_asked_about(files) -> None:
    files._editor.swap_cells(0, 1)
    files.ask_to_save = lambda: QMessageBox.StandardButton.Cancel  # type: ignore[method-assign]
    assert not files.may_discard_changes()
    files.ask_to_save = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    assert files.may_discard_changes()


def test_a_restored_board_whose_file_is_gone_is_untitled(files, tmp_path) -> None:
    from core.draft import Draft

    board = Board.solved(3, 3)
    draft = Draft.of(board)
    files.restore(SavedBoard(draft, str(tmp_path / "gone.txt"), modified=False))
    assert files.path is None
    kept = tmp_path / "kept.txt"
    kept.write_text(format_board(board))
    files.restore(SavedBoard(draft, str(kept), modified=False))
    assert files.path == str(kept)
