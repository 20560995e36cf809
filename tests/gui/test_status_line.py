"""The status line on its own: one line, cut to length, and each message ended by what it
describes without ever clearing a newer one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from gui.status_line import MAX_MESSAGE_LENGTH, StatusLine, one_line

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot


class Signals(QObject):
    board_changed = Signal()
    dialog_finished = Signal(int)


def make_line(qtbot: QtBot) -> tuple[StatusLine, Signals]:
    signals = Signals()
    line = StatusLine(signals.board_changed)
    qtbot.addWidget(line)
    return line, signals


def test_a_message_is_one_line_cut_to_the_limit() -> None:
    assert one_line("Cannot open\n'a\tb':  no such file") == "Cannot open 'a b': no such file"
    cut = one_line("x" * (MAX_MESSAGE_LENGTH + 50))
    assert len(cut) == MAX_MESSAGE_LENGTH
    assert cut.endswith("\u2026")


def test_a_message_goes_with_the_next_change_of_the_board(qtbot: QtBot) -> None:
    line, signals = make_line(qtbot)
    line.show_message("Board pasted")
    assert line.text() == "Board pasted"
    signals.board_changed.emit()
    assert line.text() == ""


def test_a_message_held_until_a_signal_outlives_board_changes(qtbot: QtBot) -> None:
    line, signals = make_line(qtbot)
    line.show_until("Check the reading, then Use This Board", signals.dialog_finished)
    signals.board_changed.emit()
    assert line.text() == "Check the reading, then Use This Board"
    signals.dialog_finished.emit(0)
    assert line.text() == ""


def test_an_old_messages_end_never_clears_a_newer_one(qtbot: QtBot) -> None:
    line, signals = make_line(qtbot)
    line.show_until("Reading the photo\u2026", signals.dialog_finished)
    line.show_message("Play: click a tile beside the blank", until=None)
    signals.dialog_finished.emit(0)
    signals.board_changed.emit()
    assert line.text() == "Play: click a tile beside the blank"
