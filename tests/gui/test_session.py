"""The session's settings, read back with suspicion (the window's tests cover each kind of
garbage through MainWindow; these check the reader on its own)."""

from __future__ import annotations

from PySide6.QtCore import QSettings, QSize

from core import Board
from core.draft import Draft
from gui.session import LAST_BOARD_KEY, PATH_KEY, Session


def test_a_saved_board_comes_back_as_it_was_saved(settings: QSettings) -> None:
    draft = Draft(3, 3, (1, 2, 3, 4, None, 6, 7, 8, 0), Board.solved(3, 3, blank_first=True))
    Session(settings).save_board(draft, "/tmp/board.txt", modified=True)
    saved = Session(settings).last_board()
    assert saved is not None
    assert saved.draft == draft
    assert saved.path == "/tmp/board.txt"
    assert saved.modified


def test_a_damaged_board_is_dropped_and_named(settings: QSettings) -> None:
    settings.setValue(LAST_BOARD_KEY, "[" * 100_000)
    session = Session(settings)
    assert session.last_board() is None
    assert session.dropped == ["last board"]
    assert settings.value(LAST_BOARD_KEY) is None


def test_a_path_of_the_wrong_type_is_dropped_but_the_board_kept(settings: QSettings) -> None:
    Session(settings).save_board(Draft.fresh(2, 2), None, modified=False)
    settings.setValue(PATH_KEY, QSize(3, 4))
    session = Session(settings)
    saved = session.last_board()
    assert saved is not None
    assert saved.draft == Draft.fresh(2, 2)
    assert saved.path is None
    assert session.dropped == ["board file name"]
