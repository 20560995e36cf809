"""What to do on the board now (the tile to place next, the hint's move) is said right above
the board, where the eyes are, and goes when the state it describes goes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QPushButton

from core import Board
from gui.app import settle_layout
from gui.mode_controller import Mode
from tests.gui.conftest import click_cell

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from gui.main_window import MainWindow

TWO_SLIDES_AWAY = Board(3, 3, (1, 2, 3, 4, 5, 6, 0, 7, 8))


def said_above_the_board(window: MainWindow) -> str:
    """The instruction's text when it shows right above the board, else ''."""
    instruction = window.board_instruction
    if not instruction.isVisible():
        return ""
    view = window.board_view
    top_of_board = view.mapTo(window, QPoint(0, 0)).y()
    below = instruction.mapTo(window, QPoint(0, instruction.height())).y()
    assert 0 <= top_of_board - below <= 8, "the instruction is just above the board"
    left = instruction.mapTo(window, QPoint(0, 0)).x()
    assert left <= view.mapTo(window, QPoint(view.width() // 2, 0)).x()
    assert instruction.accessibleName() == instruction.text()
    return instruction.text()


def test_place_in_order_says_which_tile_to_click_next(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(Board.solved(3, 3))
    window.mode_menu.actions[Mode.PLACE].trigger()
    settle_layout()
    assert said_above_the_board(window) == "Click where tile 1 sits"
    click_cell(qtbot, window.board_view, 4)
    assert said_above_the_board(window) == "Click where tile 2 sits"
    window.mode_menu.actions[Mode.EDIT].trigger()
    assert said_above_the_board(window) == ""


def test_the_hint_is_said_above_the_board_until_a_tile_slides(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.editor.load(TWO_SLIDES_AWAY)
    window.mode_menu.actions[Mode.PLAY].trigger()
    settle_layout()
    play = said_above_the_board(window)
    assert play.startswith("Play: ")
    with qtbot.waitSignal(window.solving.hint_runner.solved, timeout=20_000):
        qtbot.mouseClick(
            window.play_panel.findChild(QPushButton, "hintButton"), Qt.MouseButton.LeftButton
        )
    settle_layout()
    assert said_above_the_board(window) == "Hint: slide 7 left"
    qtbot.keyClick(window.board_view, Qt.Key.Key_Down)  # tile 4 down, not the hint's move
    assert window.model.board != TWO_SLIDES_AWAY
    # The hint was about the position before: the mode's instruction is back.
    assert said_above_the_board(window) == play


def test_a_refused_hint_says_why_above_the_board(window: MainWindow) -> None:
    window.editor.load(Board.solved(3, 3))
    window.mode_menu.set_mode(Mode.PLAY)
    assert not window.solving.hint()
    settle_layout()
    assert said_above_the_board(window) == "No hint: the board is already at its goal"
    window.edit_actions.random_solvable_action.trigger()
    assert said_above_the_board(window).startswith("Play: ")


def test_the_hint_goes_with_play_mode(qtbot: QtBot, window: MainWindow) -> None:
    window.editor.load(TWO_SLIDES_AWAY)
    window.mode_menu.set_mode(Mode.PLAY)
    with qtbot.waitSignal(window.solving.hint_runner.solved, timeout=20_000):
        window.solving.hint()
    assert window.board_view.state.hint_cell is not None
    window.mode_menu.set_mode(Mode.EDIT)
    assert said_above_the_board(window) == ""
    assert window.board_view.state.hint_cell is None  # the outline goes with it


def test_edit_mode_has_no_instruction_above_the_board(window: MainWindow) -> None:
    settle_layout()
    assert said_above_the_board(window) == ""


def test_the_hint_brings_its_tile_into_view_on_a_board_larger_than_the_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    """On a 100x100 board the hint outlined a tile far off screen ('Hint: slide 9999
    left' with nothing to see): the player had to scroll about to find it."""
    side = 100
    solved = Board.solved(side, side)
    last = side * side - 1
    one_slide_away = solved.with_swapped(last, last - 1)  # 9999 slid right from its home
    window.editor.load(one_slide_away)
    window.mode_menu.actions[Mode.PLAY].trigger()
    settle_layout()
    view = window.board_view
    hint_cell = last
    assert not view.viewport().rect().intersects(view.cell_rect_in_viewport(hint_cell).toRect())
    with qtbot.waitSignal(window.solving.hint_runner.solved, timeout=20_000):
        qtbot.mouseClick(
            window.play_panel.findChild(QPushButton, "hintButton"), Qt.MouseButton.LeftButton
        )
    settle_layout()
    assert said_above_the_board(window).startswith(f"Hint: slide {last} left")
    assert view.viewport().rect().contains(view.cell_rect_in_viewport(hint_cell).toRect())
