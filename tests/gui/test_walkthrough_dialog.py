"""Walk Me Through It: stepping through the board on screen, pointing at its tiles."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPalette, QTextCursor
from PySide6.QtWidgets import QLabel

from core import Board, StepKind, check, walkthrough
from gui.appearance import forced_palette
from tests.gui.conftest import ARTICLE_BOARD, LOYD_BOARD, click_cell, pixel_in_tile

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from gui.main_window import MainWindow
    from gui.walkthrough_dialog import WalkthroughDialog

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def _open(qtbot: QtBot, window: MainWindow, board: Board = ARTICLE_BOARD) -> WalkthroughDialog:
    window.editor.load(board)
    window.help_actions.walkthrough_action.trigger()
    dialog = window.help.walkthrough_dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    return dialog


def _text(dialog: WalkthroughDialog, name: str) -> str:
    label = dialog.findChild(QLabel, name)
    assert label is not None
    return label.text()


def test_help_menu_and_explanation_link_open_one_non_modal_dialog(
    qtbot: QtBot, qtlog: Any, window: MainWindow
) -> None:
    help_actions = [
        action
        for menu_action in window.menuBar().actions()
        if menu_action.text() == "&Help"
        for action in menu_action.menu().actions()
    ]
    assert window.help_actions.walkthrough_action in help_actions
    # The link above the explanation's steps opens it.
    explanation = window.explanation_view
    first = explanation.document().firstBlock()
    assert first.text() == "Walk me through it, tile by tile\u2026"
    link = explanation.document().documentLayout().blockBoundingRect(first)
    at = QPoint(
        int(link.left()) + 12, int(link.center().y()) - explanation.verticalScrollBar().value()
    )
    qtbot.mouseClick(explanation.viewport(), Qt.MouseButton.LeftButton, pos=at)
    dialog = window.help.walkthrough_dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    assert dialog.windowTitle() == "Walk Me Through It"
    assert not dialog.isModal()
    # Asked again, the open dialog comes to the front; the offscreen platform says it
    # cannot raise windows, which is the test platform talking, not the app.
    with qtlog.disabled():
        window.help_actions.walkthrough_action.trigger()
    assert window.help.walkthrough_dialog is dialog
    assert dialog.isVisible()


def test_stepping_through_the_article_board_ends_at_49_and_solvable(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = _open(qtbot, window)
    count = len(walkthrough(ARTICLE_BOARD))
    assert _text(dialog, "walkStepCounter") == f"Step 1 of {count}"
    totals = []
    for _ in range(count - 1):
        qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
        totals.append(_text(dialog, "walkRunningTotal"))
    assert _text(dialog, "walkStepCounter") == f"Step {count} of {count}"
    assert totals[0] == "Running total: 11"  # tile 12 and the 11 smaller tiles after it
    assert totals[-1] == "Running total: 49"
    assert _text(dialog, "walkHeading") == "Solvable"
    assert "so this board is solvable" in _text(dialog, "walkStepText")
    assert not dialog.next_button.isEnabled()
    assert check(ARTICLE_BOARD).inversions == 49


def test_back_goes_back_and_keys_step_and_jump(qtbot: QtBot, window: MainWindow) -> None:
    dialog = _open(qtbot, window)
    assert not dialog.back_button.isEnabled()
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
    assert _text(dialog, "walkHeading") == "Counting tile 1"
    qtbot.mouseClick(dialog.back_button, Qt.MouseButton.LeftButton)
    assert dialog.step_index == 1
    assert _text(dialog, "walkHeading") == "Counting tile 12"
    # The arrow keys step even with the focus on a button (which would move the focus).
    dialog.next_button.setFocus()
    qtbot.keyClick(dialog.next_button, Qt.Key.Key_Right)
    assert dialog.step_index == 2
    qtbot.keyClick(dialog.next_button, Qt.Key.Key_Left)
    assert dialog.step_index == 1
    qtbot.keyClick(dialog, Qt.Key.Key_End)
    assert dialog.current_step is not None
    assert dialog.current_step.kind is StepKind.VERDICT
    qtbot.keyClick(dialog, Qt.Key.Key_Home)
    assert dialog.step_index == 0
    assert _text(dialog, "walkHeading") == "How the count works"


def test_the_highlighted_tile_and_only_its_counted_pairs_follow_the_step(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = _open(qtbot, window)
    model, view = window.model, window.board_view
    assert model.highlighted_tile is None  # the introduction points at nothing
    dialog.go_to(1)
    assert model.highlighted_tile == 12
    assert model.partners_of_highlighted == {1, 10, 2, 7, 11, 4, 5, 9, 8, 6, 3}
    dialog.go_to(5)  # tile 7, in row 2: 4, 5, 6 and 3 come after it and are smaller
    assert model.highlighted_tile == 7
    assert model.partners_of_highlighted == {4, 5, 6, 3}
    # Painted: tile 4 as a partner; 12, read before 7, is a pair of 12's own step, not 7's.
    plain, partner = pixel_in_tile(view, 0), pixel_in_tile(view, ARTICLE_BOARD.index_of(4))
    assert partner != plain
    assert pixel_in_tile(view, 1) == plain
    # The pair list and the board's header say which pairs these are, not "all of 7's".
    tile_line = window.inversion_panel.findChild(QLabel, "tileInversionLabel")
    assert tile_line is not None
    assert tile_line.text() == (
        "Tile 7: 4 smaller tiles read after it (3, 4, 5, 6); 6 inversions in all"
    )
    assert view.painter()._highlight_summary() == "tile 7: 4 smaller tiles read after it"
    qtbot.keyClick(dialog, Qt.Key.Key_End)
    assert model.highlighted_tile is None
    dialog.go_to(1)
    dialog.close()
    assert model.highlighted_tile is None


def test_an_edit_restarts_the_walk_for_the_new_board(qtbot: QtBot, window: MainWindow) -> None:
    dialog = _open(qtbot, window)
    dialog.go_to(6)
    window.editor.load(LOYD_BOARD)
    assert dialog.step_index == 0
    assert dialog.steps == walkthrough(LOYD_BOARD)
    qtbot.keyClick(dialog, Qt.Key.Key_End)
    assert _text(dialog, "walkHeading") == "Not solvable"
    assert _text(dialog, "walkRunningTotal") == "Running total: 1"
    # Undo is an edit too: back to the article board, from the first step.
    window.undo_stack.undo()
    assert dialog.step_index == 0
    qtbot.keyClick(dialog, Qt.Key.Key_End)
    assert _text(dialog, "walkRunningTotal") == "Running total: 49"


def test_an_invalid_board_shows_a_plain_message_until_it_is_fixed(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = _open(qtbot, window)
    dialog.go_to(3)
    click_cell(qtbot, window.board_view, 0)
    qtbot.keyClicks(window.board_view, "1")  # 12 becomes 1: two 1s, no 12
    assert window.model.board is None
    assert _text(dialog, "walkHeading") == "The board is not complete"
    sentence = _text(dialog, "walkStepText")
    assert sentence.startswith("The walk needs a complete, valid board (")
    assert "tile 1" in sentence
    assert _text(dialog, "walkStepCounter") == ""
    assert not dialog.next_button.isEnabled()
    assert not dialog.back_button.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_Right)  # nothing to step through, and no error
    window.undo_stack.undo()
    assert window.model.board == ARTICLE_BOARD
    assert _text(dialog, "walkStepCounter").startswith("Step 1 of ")


def test_a_hidden_dialog_walks_the_board_shown_when_it_opens_again(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = _open(qtbot, window)
    dialog.close()
    window.editor.load(LOYD_BOARD)
    window.help_actions.walkthrough_action.trigger()
    qtbot.waitExposed(dialog)
    assert dialog.steps == walkthrough(LOYD_BOARD)
    assert _text(dialog, "walkStepCounter") == f"Step 1 of {len(dialog.steps)}"


def test_the_explanation_link_takes_the_dark_palette_link_colour(window: MainWindow) -> None:
    dark = forced_palette("dark")
    assert dark is not None
    window.setPalette(dark)
    explanation = window.explanation_view
    cursor = QTextCursor(explanation.document().firstBlock())
    cursor.movePosition(QTextCursor.MoveOperation.Right)
    colour = cursor.charFormat().foreground().color()
    assert colour == dark.color(QPalette.ColorRole.Link)


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        # room on the right of the board: there
        ((100, 100, 400, 400), (511, 100)),
        # the board at the screen's right edge: on its left
        ((1400, 100, 400, 400), (1088, 100)),
        # a board as wide as the screen: below it
        ((0, 100, 1920, 400), (0, 511)),
    ],
)
def test_a_dialog_goes_beside_the_board_where_the_screen_has_room(
    board: tuple[int, int, int, int], expected: tuple[int, int]
) -> None:
    from PySide6.QtCore import QRect, QSize

    from gui.help_menu import beside

    screen = QRect(0, 0, 1920, 1080)
    size = QSize(300, 400)
    place = beside(QRect(*board), size, screen)
    assert (place.x(), place.y()) == expected
    assert not QRect(place, size).intersects(QRect(*board))
    assert screen.contains(QRect(place, size))


def test_with_no_room_anywhere_the_dialog_stays_on_the_screen() -> None:
    from PySide6.QtCore import QRect, QSize

    from gui.help_menu import beside

    screen = QRect(0, 0, 800, 600)
    place = beside(QRect(50, 50, 700, 500), QSize(300, 400), screen)
    assert screen.contains(QRect(place, QSize(300, 400)))


def test_the_walk_opens_beside_the_board_not_over_it(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtCore import QRect

    window.editor.load(ARTICLE_BOARD)
    window.resize(700, 560)
    window.move(0, 0)
    window.help_actions.walkthrough_action.trigger()
    dialog = window.help.walkthrough_dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    view = window.board_view
    board = QRect(view.mapToGlobal(QPoint(0, 0)), view.size())
    screen = view.screen().availableGeometry()
    if screen.width() >= board.right() + 12 + dialog.frameSize().width():
        assert not dialog.frameGeometry().intersects(board)
    else:
        assert screen.contains(dialog.frameGeometry().topLeft())
