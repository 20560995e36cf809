"""Undo commands and the editor that makes them: every edit undoes to the exact state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QUndoStack

from core import Board, Direction
from gui.board_editor import MAX_SIDE, BoardEditor
from gui.board_model import BoardModel
from gui.commands import BoardState, BoardStateCommand, TypeIntoCellCommand
from tests.gui.conftest import ARTICLE_BOARD, LOYD_BOARD


def make_editor(board: Board | None = None) -> BoardEditor:
    model = BoardModel(board)
    return BoardEditor(model, QUndoStack())


def test_state_command_redo_and_undo():
    model = BoardModel(ARTICLE_BOARD)
    stack = QUndoStack()
    after = BoardState(3, 3, tuple(Board.solved(3, 3).tiles), "blank-first")
    stack.push(BoardStateCommand(model, after, "Replace"))
    assert BoardState.of(model) == after
    stack.undo()
    assert model.board == ARTICLE_BOARD
    assert model.goal == "blank-last"
    stack.redo()
    assert BoardState.of(model) == after


def test_digits_typed_into_one_cell_merge_into_one_step():
    model = BoardModel()
    stack = QUndoStack()
    stack.push(TypeIntoCellCommand(model, 0, 1, continues=False))
    stack.push(TypeIntoCellCommand(model, 0, 12, continues=True))
    stack.push(TypeIntoCellCommand(model, 1, 3, continues=False))
    assert stack.count() == 2
    assert model.cells()[:2] == [12, 3]
    stack.undo()
    stack.undo()
    assert model.board == Board.solved(4, 4)


def test_a_no_op_edit_is_not_pushed():
    editor = make_editor()
    editor.swap_cells(3, 3)
    editor.set_goal("blank-last")
    editor.load(Board.solved(4, 4))
    assert editor.undo_stack.count() == 0


def test_type_digit_builds_numbers_and_caps_their_length():
    editor = make_editor()
    messages = []
    editor.message.connect(messages.append)
    editor.type_digit(0, 1, continues=False)
    for _ in range(10):
        editor.type_digit(0, 9, continues=True)
    assert editor.model.cell(0) == 199999
    assert messages


def test_slides_need_a_valid_board_and_a_neighbour():
    editor = make_editor(LOYD_BOARD)
    assert not editor.slide_tile(1)  # far from the blank
    assert editor.slide_tile(12)
    assert editor.model.cells()[11] == 0
    assert editor.slide(Direction.UP)  # 12, below the blank, slides back up
    assert editor.model.board == LOYD_BOARD
    assert not editor.slide(Direction.UP)  # the blank is in the bottom row: nothing below it
    editor.type_digit(0, 2, continues=False)
    assert not editor.slide_tile(12)


def test_random_boards_follow_the_goal():
    editor = make_editor()
    editor.rng = random.Random(4)
    editor.set_goal("blank-first")
    assert editor.random(solvable=True)
    assert editor.model.verdict.solvable
    assert editor.random(solvable=False)
    assert not editor.model.verdict.solvable


def test_a_line_of_two_has_no_unsolvable_board():
    editor = make_editor(Board.solved(2, 1))
    messages = []
    editor.message.connect(messages.append)
    assert not editor.random(solvable=False)
    assert messages


def test_paste_refuses_boards_larger_than_the_window_edits():
    editor = make_editor()
    big = f"{MAX_SIDE + 1}x1\n" + " ".join(str(t) for t in range(1, MAX_SIDE + 1)) + " 0"
    assert not editor.paste_text(big)
    assert editor.model.board == Board.solved(4, 4)


def test_copy_text_of_an_unfinished_board_keeps_gaps():
    editor = make_editor(Board.solved(2, 2))
    editor.start_placing()
    editor.place_next(2)
    assert editor.copy_text() == "_ _\n1 _\n"


def test_resize_keeps_a_custom_goal_out_of_a_new_shape():
    editor = make_editor(LOYD_BOARD)
    editor.use_current_as_goal()
    assert editor.resize(5, 4)
    assert editor.model.goal == "blank-last"
    editor.undo_stack.undo()
    assert editor.model.goal == LOYD_BOARD


def test_resize_says_when_it_drops_a_custom_goal():
    editor = make_editor(LOYD_BOARD)
    messages: list[str] = []
    editor.message.connect(messages.append)
    assert editor.resize(5, 4)  # blank-last goal: nothing to say
    assert messages == []
    editor.undo_stack.undo()
    editor.use_current_as_goal()
    assert editor.resize(5, 4)
    assert messages == [
        "Goal set back to blank last: the custom goal was 4x4, the board is now 5x4 "
        "(Undo brings both back)"
    ]


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(
        alphabet=st.sampled_from(list('0123456789 _.xX-,|/\n\t{}[]":#*wdthgoalie')), max_size=80
    )
)
def test_paste_text_never_raises_and_keeps_the_board_on_failure(qapp, text):
    editor = make_editor(LOYD_BOARD)
    messages: list[str] = []
    editor.message.connect(messages.append)
    if editor.paste_text(text):
        assert editor.model.board is not None
        assert messages == []
    else:
        assert editor.model.board == LOYD_BOARD
        assert editor.undo_stack.count() == 0
        assert len(messages) == 1
        assert messages[0].startswith("Cannot paste: ")


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=60))
def test_paste_of_any_unicode_never_raises(qapp, text):
    editor = make_editor(LOYD_BOARD)
    if not editor.paste_text(text):
        assert editor.model.board == LOYD_BOARD
