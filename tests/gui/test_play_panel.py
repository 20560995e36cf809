"""Play mode keeps score: moves, time from the first slide, the solved moment, Shuffle."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from core import Board, check
from gui.mode_controller import Mode
from gui.play_panel import PlayPanel, clock_text
from tests.gui.conftest import click_cell

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

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
    window.mode_menu.set_mode(Mode.PLAY)
    assert window.play_panel.isVisible()
    assert window.play_panel.text == "Moves 0 \u00b7 0:00"
    click_cell(qtbot, window.board_view, 8)  # tile 8 slides left into the blank
    assert window.model.board == Board.solved(3, 3)
    assert window.play_panel.solved
    assert window.play_panel.text.startswith("Solved in 1 move, ")
    assert window.status_message.text() == window.play_panel.text
    window.mode_menu.set_mode(Mode.EDIT)
    assert window.play_panel.isHidden()


def test_a_slide_that_cannot_be_made_is_not_a_move(qtbot: QtBot, window) -> None:
    window.editor.load(ONE_SLIDE_AWAY)
    window.mode_menu.set_mode(Mode.PLAY)
    click_cell(qtbot, window.board_view, 0)  # tile 1 is not beside the blank
    assert window.play_panel.moves == 0
    qtbot.keyClick(window.board_view, Qt.Key.Key_Left)
    assert window.play_panel.moves == 1


def test_shuffle_gives_a_new_solvable_game(qtbot: QtBot, window) -> None:
    window.editor.load(ONE_SLIDE_AWAY)
    window.mode_menu.set_mode(Mode.PLAY)
    click_cell(qtbot, window.board_view, 8)
    qtbot.mouseClick(
        window.play_panel.findChild(QPushButton, "shuffleButton"), Qt.MouseButton.LeftButton
    )
    board = window.model.board
    assert board is not None
    assert check(board).solvable
    assert window.play_panel.moves == 0
    assert not window.play_panel.solved


ARROWS = (Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_Right, Qt.Key.Key_Down)


def slide_some(qtbot: QtBot, window, count: int) -> None:
    """Make `count` slides with the arrow keys, as a player would (some keys slide nothing)."""
    start = window.play_panel.moves
    for key in ARROWS * count:
        if window.play_panel.moves == start + count:
            return
        qtbot.keyClick(window.board_view, key)
    assert window.play_panel.moves == start + count


def shuffle_and_slide(qtbot: QtBot, window) -> None:
    window.mode_menu.actions[Mode.PLAY].trigger()
    qtbot.mouseClick(
        window.play_panel.findChild(QPushButton, "shuffleButton"), Qt.MouseButton.LeftButton
    )
    slide_some(qtbot, window, 3)
    assert window.play_panel.text.startswith("Moves 3 ")


def test_a_preset_starts_a_new_game(qtbot: QtBot, window) -> None:
    shuffle_and_slide(qtbot, window)
    window.size_bar.preset_buttons[1].click()  # 4x4, in its goal position
    assert window.model.board == Board.solved(4, 4)
    assert window.play_panel.text == "Moves 0 \u00b7 0:00"
    qtbot.keyClick(window.board_view, Qt.Key.Key_Right)  # tile 15 out of place
    qtbot.keyClick(window.board_view, Qt.Key.Key_Left)  # and back
    assert window.model.board == Board.solved(4, 4)
    assert window.play_panel.text.startswith("Solved in 2 moves, ")


def paste(window) -> None:
    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().setText("1 2 3\n4 5 6\n7 0 8")
    window.clipboard_actions.paste_action.trigger()


def undo_past_the_start(window) -> None:
    for _ in range(4):  # three slides, then the shuffle
        window.undo_action.trigger()


@pytest.mark.parametrize(
    "change",
    [
        paste,
        undo_past_the_start,
        lambda window: window.edit_actions.new_action.trigger(),
        lambda window: window.edit_actions.random_unsolvable_action.trigger(),
    ],
    ids=["paste", "undo past the start", "new", "random board"],
)
def test_every_change_but_a_slide_starts_a_new_game(qtbot: QtBot, window, change) -> None:
    shuffle_and_slide(qtbot, window)
    change(window)
    assert window.play_panel.text == "Moves 0 \u00b7 0:00"
    assert not window.play_panel.solved


def test_taking_a_slide_back_is_a_slide(qtbot: QtBot, window) -> None:
    # On the real puzzle, putting a tile back is one more slide; the game goes on.
    shuffle_and_slide(qtbot, window)
    window.undo_action.trigger()
    assert window.play_panel.moves == 4


def test_the_solution_player_starts_a_new_game(qtbot: QtBot, window) -> None:
    window.editor.load(ONE_SLIDE_AWAY)
    window.mode_menu.actions[Mode.PLAY].trigger()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Right)  # tile 7 right: away from the goal
    assert window.play_panel.moves == 1
    with qtbot.waitSignal(window.solving.solve_runner.solved, timeout=10_000):
        window.solve_actions.solve_action.trigger()
    window.solution_player.step_forward()  # the player's slide is not the player's move
    assert window.play_panel.text == "Moves 0 \u00b7 0:00"
    window.solution_player.step_forward()
    assert window.model.board == Board.solved(3, 3)
    assert not window.play_panel.solved
