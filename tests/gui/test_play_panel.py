"""Play mode keeps score: moves, time from the first slide, the solved moment, Shuffle."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from core import Board, check
from gui.mode_controller import Mode
from gui.play_panel import PlayPanel, clock_text
from tests.gui.conftest import click_cell

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

ONE_SLIDE_AWAY = Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))


@pytest.mark.parametrize(
    ("seconds", "shown"), [(0, "0:00"), (7.9, "0:07"), (65, "1:05"), (3725, "1:02:05")]
)
def test_clock_text(seconds: float, shown: str) -> None:
    assert clock_text(seconds) == shown


def test_the_clock_starts_at_the_first_slide_and_stops_when_solved(qtbot: QtBot) -> None:
    now = [100.0]
    panel = PlayPanel(clock=lambda: now[0])
    qtbot.addWidget(panel)
    assert panel.text == "Moves 0 \u00b7 0:00"
    now[0] = 130.0  # thinking before the first slide is free
    panel.count_move(solved=False)
    assert panel.text == "Moves 1 \u00b7 0:00"
    now[0] = 195.0
    panel.count_move(solved=True)
    assert panel.solved
    assert panel.text == "Solved in 2 moves, 1:05!"
    now[0] = 500.0
    assert panel.elapsed() == 65.0  # stopped at the win
    panel.count_move(solved=False)  # sliding on starts a new game
    assert panel.text == "Moves 1 \u00b7 0:00"


def test_play_mode_shows_the_score_and_the_winning_slide(qtbot: QtBot, window) -> None:
    window.editor.load(ONE_SLIDE_AWAY)
    assert window.play_panel.isHidden()
    window.set_mode(Mode.PLAY)
    assert window.play_panel.isVisible()
    assert window.play_panel.text == "Moves 0 \u00b7 0:00"
    click_cell(qtbot, window.board_view, 8)  # tile 8 slides left into the blank
    assert window.model.board == Board.solved(3, 3)
    assert window.play_panel.solved
    assert window.play_panel.text.startswith("Solved in 1 move, ")
    assert window.status_message.text() == window.play_panel.text
    window.set_mode(Mode.EDIT)
    assert window.play_panel.isHidden()


def test_a_slide_that_cannot_be_made_is_not_a_move(qtbot: QtBot, window) -> None:
    window.editor.load(ONE_SLIDE_AWAY)
    window.set_mode(Mode.PLAY)
    click_cell(qtbot, window.board_view, 0)  # tile 1 is not beside the blank
    assert window.play_panel.moves == 0
    qtbot.keyClick(window.board_view, Qt.Key.Key_Left)
    assert window.play_panel.moves == 1


def test_shuffle_gives_a_new_solvable_game(qtbot: QtBot, window) -> None:
    window.editor.load(ONE_SLIDE_AWAY)
    window.set_mode(Mode.PLAY)
    click_cell(qtbot, window.board_view, 8)
    qtbot.mouseClick(
        window.play_panel.findChild(QPushButton, "shuffleButton"), Qt.MouseButton.LeftButton
    )
    board = window.model.board
    assert board is not None
    assert check(board).solvable
    assert window.play_panel.moves == 0
    assert not window.play_panel.solved
