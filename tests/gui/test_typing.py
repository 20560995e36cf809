"""Typing a board as a person reads it aloud: keys on the real board view, in the window.

The rules under test: the first key on a cell replaces it; digits append while the number
can still grow into a tile of the board, and a number that cannot grow moves on by itself;
space, comma, Tab and Enter finish a cell and move on in reading order (right after a
number that moved on by itself, that separator is the number's own); a space on a cell the
cursor has just come to is an empty field, the blank; Backspace takes back a digit or
empties the cell and stays; Delete empties it; arrows move and end the number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel

from core import Board
from tests.gui.conftest import ARTICLE_BOARD, LOYD_BOARD, click_cell

if TYPE_CHECKING:
    from collections.abc import Callable

    from pytestqt.qtbot import QtBot

ARTICLE_ALOUD = "12 1 10 2 7 11 4 14 5 0 9 15 8 13 6 3"


def verdict_text(window) -> str:
    return window.findChild(QLabel, "verdictLabel").text()


# -- the first key on a cell replaces it ---------------------------------------------------


def click_the_same_cell(qtbot: QtBot, window) -> None:
    click_cell(qtbot, window.board_view, window.board_view.cursor_cell)


def press_new(qtbot: QtBot, window) -> None:
    window.edit_actions.new_action.trigger()


def paste_a_board(qtbot: QtBot, window) -> None:
    QGuiApplication.clipboard().setText("1 2 3/4 5 6/7 8 0")
    qtbot.keyClick(window.board_view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)


def undo(qtbot: QtBot, window) -> None:
    window.undo_action.trigger()


def arrow_into_the_edge(qtbot: QtBot, window) -> None:
    qtbot.keyClick(window.board_view, Qt.Key.Key_Up)  # the top row: the cursor stays


@pytest.mark.parametrize(
    "arrive", [click_the_same_cell, press_new, paste_a_board, undo, arrow_into_the_edge]
)
def test_the_first_digit_after_the_cursor_arrives_replaces_the_cell(
    qtbot: QtBot, window, arrive: Callable[[QtBot, object], None]
):
    view = window.board_view
    click_cell(qtbot, view, 1)
    qtbot.keyClicks(view, "1")  # 10 to 15 are tiles: the cell waits for more
    assert (window.model.cell(1), view.cursor_cell) == (1, 1)
    arrive(qtbot, window)
    assert view.cursor_cell == 1
    qtbot.keyClicks(view, "3")
    assert window.model.cell(1) == 3  # not 13, nor 23 from the 2 New or Paste put there


def test_a_fresh_board_plus_12_gives_12(qtbot: QtBot, window):
    view = window.board_view
    window.edit_actions.new_action.trigger()
    click_cell(qtbot, view, 0)
    qtbot.keyClicks(view, "12")
    assert window.model.cell(0) == 12  # not 112
    assert view.cursor_cell == 1  # 120 and up cannot be a tile: on to the next cell


def test_a_typo_fixed_by_coming_back_is_replaced_not_appended(qtbot: QtBot, window):
    view = window.board_view
    window.editor.new_board(10, 10)
    click_cell(qtbot, view, 0)
    qtbot.keyClicks(view, "9")  # 90 to 99 exist: the cell waits
    assert view.cursor_cell == 0
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClicks(view, "3")
    assert window.model.cell(0) == 3
    qtbot.keyClicks(view, "9")  # 39: fixed again after a click on the same cell
    click_cell(qtbot, view, 0)
    qtbot.keyClicks(view, "4")
    assert window.model.cell(0) == 4  # not 394


# -- numbers that cannot grow move on --------------------------------------------------


def test_a_number_waits_while_it_can_grow_and_moves_on_when_it_cannot(qtbot: QtBot, window):
    view = window.board_view
    for size, first, then, number in (((4, 4), "1", "2", 12), ((10, 10), "9", "9", 99)):
        window.editor.new_board(*size)
        click_cell(qtbot, view, 0)
        qtbot.keyClicks(view, first)  # 10 to 15 are tiles; 90 to 99 are
        assert (window.model.cell(0), view.cursor_cell) == (int(first), 0)
        qtbot.keyClicks(view, then)  # 120 or 990 and up are not
        assert (window.model.cell(0), view.cursor_cell) == (number, 1)


@pytest.mark.parametrize(
    ("size", "typed", "expected"),
    [
        ((4, 4), "2", ([2], 1)),  # 20 and up are not tiles: on at once
        ((4, 4), "21", ([2, 1], 1)),  # two cells, and the 1 waits in the second
        ((4, 4), "15", ([15], 1)),
        ((4, 4), "16", ([16], 1)),  # out of range, kept as typed and marked
        ((4, 4), "0", ([0], 1)),  # a zero typed first is the blank
        ((4, 4), "10", ([10], 1)),  # a zero inside a number is a digit
        ((3, 3), "1", ([1], 1)),  # tiles 1 to 8: nothing grows
        ((10, 10), "99", ([99], 1)),
        ((10, 10), "999", ([99, 9], 1)),
    ],
)
def test_a_number_that_cannot_grow_moves_on_by_itself(qtbot: QtBot, window, size, typed, expected):
    cells, cursor = expected
    view = window.board_view
    window.editor.new_board(*size)
    click_cell(qtbot, view, 0)
    qtbot.keyClicks(view, typed)
    assert window.model.cells()[: len(cells)] == cells
    assert view.cursor_cell == cursor


# -- separators -----------------------------------------------------------------------


def test_space_comma_tab_and_enter_finish_a_number_and_move_on(qtbot: QtBot, window):
    view = window.board_view
    keys = [" ", ",", Qt.Key.Key_Tab, Qt.Key.Key_Return, Qt.Key.Key_Enter]
    for cell, key in enumerate(keys):
        click_cell(qtbot, view, cell)
        qtbot.keyClicks(view, "1")  # a number that could still grow
        if isinstance(key, str):
            qtbot.keyClicks(view, key)
        else:
            qtbot.keyClick(view, key)
        assert window.model.cell(cell) == 1, key
        assert view.cursor_cell == cell + 1, key  # the end of a row goes to the next row
    qtbot.keyClicks(view, "3")  # cell 5, just arrived at: replaced
    assert window.model.cells()[:6] == [1, 1, 1, 1, 1, 3]


def test_enter_at_the_end_of_a_row_goes_to_the_next_row_and_shift_tab_back(qtbot: QtBot, window):
    view = window.board_view
    for key in (Qt.Key.Key_Tab, Qt.Key.Key_Return, Qt.Key.Key_Enter):
        click_cell(qtbot, view, 3)  # the end of the first row
        qtbot.keyClick(view, key)
        assert view.cursor_cell == 4, key
        qtbot.keyClick(view, Qt.Key.Key_Backtab)
        assert view.cursor_cell == 3, key
    assert window.model.board == Board.solved(4, 4)  # moving changes nothing


def test_the_separator_after_a_number_that_moved_on_is_that_numbers_own(qtbot: QtBot, window):
    view = window.board_view
    click_cell(qtbot, view, 0)
    qtbot.keyClicks(view, "12 3,4")  # 12 and 3 move on by themselves
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    qtbot.keyClicks(view, "5")
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.keyClicks(view, "6")
    assert window.model.cells()[:6] == [12, 3, 4, 5, 6, 6]
    assert view.cursor_cell == 5


def test_a_run_of_spaces_and_commas_is_one_separator(qtbot: QtBot, window):
    view = window.board_view
    window.editor.start_placing()
    click_cell(qtbot, view, 0)
    qtbot.keyClicks(view, "12, 1,  10 , 2")
    assert window.model.cells()[:5] == [12, 1, 10, 2, None]
    assert view.cursor_cell == 4


def test_space_on_a_cell_just_arrived_at_is_an_empty_field_the_blank_and_moves_on(
    qtbot: QtBot, window
):
    view = window.board_view
    click_cell(qtbot, view, 5)
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert window.model.cell(5) == 0
    assert view.cursor_cell == 6
    qtbot.keyClick(view, Qt.Key.Key_Tab)  # the blank's own separator, as after a 0
    assert view.cursor_cell == 6


@pytest.mark.parametrize("text", ["0", "_", ".", "x", "X"])
def test_the_blank_typed_as_0_underscore_dot_or_x_moves_on(qtbot: QtBot, window, text):
    view = window.board_view
    click_cell(qtbot, view, 5)
    qtbot.keyClicks(view, text)
    assert window.model.cell(5) == 0
    assert view.cursor_cell == 6


# -- Backspace, Delete, arrows ---------------------------------------------------------


def test_backspace_takes_back_the_last_digit_and_the_number_stays_one_undo_step(
    qtbot: QtBot, window
):
    view = window.board_view
    window.editor.new_board(20, 20)  # tiles up to 399
    click_cell(qtbot, view, 0)
    qtbot.keyClicks(view, "39")
    qtbot.keyClick(view, Qt.Key.Key_Backspace)
    assert (window.model.cell(0), view.cursor_cell) == (3, 0)
    qtbot.keyClicks(view, "5")
    assert window.model.cell(0) == 35
    qtbot.keyClick(view, Qt.Key.Key_Backspace)
    qtbot.keyClick(view, Qt.Key.Key_Backspace)
    assert window.model.cell(0) == 0  # every digit taken back: the cell is empty (blank)
    qtbot.keyClicks(view, "7 ")
    assert window.model.cell(0) == 7
    assert view.cursor_cell == 1
    window.undo_action.trigger()
    assert window.model.cell(0) == 1  # one step: the number, not each key


def test_backspace_on_a_cell_just_arrived_at_empties_it_and_stays_like_a_spreadsheet(
    qtbot: QtBot, window
):
    view = window.board_view
    click_cell(qtbot, view, 5)
    qtbot.keyClick(view, Qt.Key.Key_Backspace)
    assert (window.model.cell(5), view.cursor_cell) == (0, 5)
    qtbot.keyClicks(view, "13")  # the number typed into the emptied cell
    assert window.model.cell(5) == 13
    assert view.cursor_cell == 6
    window.undo_action.trigger()
    assert window.model.cell(5) == 6  # emptying and typing were one edit


def test_delete_empties_the_cell_and_stays_and_the_next_digit_replaces(qtbot: QtBot, window):
    view = window.board_view
    click_cell(qtbot, view, 5)
    qtbot.keyClicks(view, "1")
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert (window.model.cell(5), view.cursor_cell) == (0, 5)
    qtbot.keyClicks(view, "3")
    assert window.model.cell(5) == 3
    assert view.cursor_cell == 6


def test_a_cell_waiting_for_more_digits_shows_a_caret_after_its_number(qtbot: QtBot, window):
    view = window.board_view
    click_cell(qtbot, view, 5)
    assert view.typing_cell is None
    assert view.caret_rect() is None
    qtbot.keyClicks(view, "1")
    assert view.typing_cell == 5
    rect = view.caret_rect()
    assert rect is not None
    assert rect.left() > view.board_geometry.cell_rect(5).center().x()  # after the digit
    image = view.viewport().grab().toImage()
    offset = view.cell_rect_in_viewport(5).topLeft() - view.board_geometry.cell_rect(5).topLeft()
    point = ((rect.center() + offset) * image.devicePixelRatio()).toPoint()
    with_caret = image.pixelColor(point)
    qtbot.keyClick(view, Qt.Key.Key_Tab)  # done: no caret
    assert view.typing_cell is None
    without_caret = view.viewport().grab().toImage().pixelColor(point)
    assert with_caret.lightness() < 80  # the text colour of the light palette
    assert without_caret.lightness() > with_caret.lightness() + 60  # the tile (hatched)


# -- whole boards --------------------------------------------------------------------------


def test_the_article_board_read_aloud_with_spaces(qtbot: QtBot, window):
    view = window.board_view
    assert window.model.board == Board.solved(4, 4)  # the window starts on the goal
    click_cell(qtbot, view, 0)
    qtbot.keyClicks(view, ARTICLE_ALOUD)
    assert window.model.board == ARTICLE_BOARD
    assert verdict_text(window) == "Solvable"
    assert window.model.verdict.inversions == 49
    assert view.blank_row_label().endswith("blank on row 2 from the bottom")
    # Undo takes back one number per cell, last cell first.
    solved = list(Board.solved(4, 4).tiles)
    for undone in range(1, 17):
        window.undo_action.trigger()
        typed = 16 - undone
        assert window.model.cells() == list(ARTICLE_BOARD.tiles[:typed]) + solved[typed:]


def test_a_board_typed_row_by_row_with_enter_after_each_row(qtbot: QtBot, window):
    view = window.board_view
    window.editor.start_placing()  # an empty board, as when copying a physical puzzle
    click_cell(qtbot, view, 0)
    for row in ("1 2 3 4", "5 6 7 8", "9 10 11 12", "13 15 14 _"):
        qtbot.keyClicks(view, row)
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert window.model.board == LOYD_BOARD
    assert verdict_text(window) == "Not solvable"


@pytest.mark.parametrize(
    ("size", "typed", "expected"),
    [
        ((3, 3), "123456780", ([[1, 2, 3], [4, 5, 6], [7, 8, 0]], True)),
        ((3, 3), "123456870", ([[1, 2, 3], [4, 5, 6], [8, 7, 0]], False)),
        ((3, 3), "806547231", ([[8, 0, 6], [5, 4, 7], [2, 3, 1]], True)),
        ((4, 4), "9101112", ([[9, 10, 11, 12]], None)),  # 9 cannot grow; 10, 11, 12 cannot
    ],
)
def test_a_board_typed_with_no_separators_where_each_number_ends_itself(
    qtbot: QtBot, window, size, typed, expected
):
    rows, solvable = expected
    view = window.board_view
    window.editor.new_board(*size)
    click_cell(qtbot, view, 0)
    steps_before = window.undo_stack.count()
    qtbot.keyClicks(view, typed)
    cells = [tile for row in rows for tile in row]
    assert window.model.cells()[: len(cells)] == cells
    if solvable is not None:
        assert window.model.board == Board.from_rows(rows)
        assert verdict_text(window) == ("Solvable" if solvable else "Not solvable")
        # One undo step per cell that changed.
        assert window.undo_stack.count() - steps_before == sum(
            cell != solved for cell, solved in zip(cells, Board.solved(*size).tiles, strict=True)
        )
