"""Undo commands and the editor that makes them: every edit undoes to the exact state."""

from __future__ import annotations

import dataclasses
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QUndoCommand, QUndoStack

from core import Board, Direction
from core.draft import MAX_SIDE, Draft
from core.formats import ShapeChoice, ShapeQuestion
from gui.board_editor import ERASE_LAST_DIGIT, UNDO_LIMIT, BoardEditor
from gui.board_model import BoardModel
from gui.commands import DraftCommand, TypeIntoCellCommand
from tests.gui.conftest import ARTICLE_BOARD, LOYD_BOARD


def make_editor(board: Board | None = None) -> BoardEditor:
    model = BoardModel(board)
    return BoardEditor(model, QUndoStack())


def test_state_command_redo_and_undo():
    model = BoardModel(ARTICLE_BOARD)
    stack = QUndoStack()
    after = Draft(3, 3, tuple(Board.solved(3, 3).tiles), "blank-first")
    stack.push(DraftCommand(model, after, "Replace"))
    assert model.draft == after
    stack.undo()
    assert model.board == ARTICLE_BOARD
    assert model.goal == "blank-last"
    stack.redo()
    assert model.draft == after


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


def test_a_number_whose_first_digit_changed_nothing_is_its_own_undo_step():
    """Typing 9 over a 9 pushes nothing; the next digit must not join an older edit of
    the cell (it once merged into it, so Undo jumped back past the 9)."""
    editor = make_editor()
    editor.type_digit(0, 9, continues=False)  # 1 -> 9, one step
    editor.type_digit(0, 9, continues=False)  # the cell again: 9 over 9 changes nothing
    editor.type_digit(0, 3, continues=True)
    assert editor.model.cell(0) == 93
    assert editor.undo_stack.count() == 2
    editor.undo_stack.undo()
    assert editor.model.cell(0) == 9


def test_erasing_the_last_digit_is_part_of_the_number_being_typed():
    editor = make_editor(Board.solved(20, 20))
    editor.type_digit(0, 3, continues=False)
    editor.type_digit(0, 9, continues=True)
    editor.type_digit(0, ERASE_LAST_DIGIT, continues=True)
    assert editor.model.cell(0) == 3
    editor.type_digit(0, ERASE_LAST_DIGIT, continues=True)
    assert editor.model.cell(0) == 0  # every digit taken back: the blank
    editor.type_digit(0, 7, continues=True)
    assert editor.model.cell(0) == 7
    assert editor.undo_stack.count() == 1
    editor.undo_stack.undo()
    assert editor.model.cell(0) == 1


def test_a_digit_after_make_blank_joins_it_in_one_step():
    editor = make_editor()
    editor.make_blank(5)  # Backspace on a cell just arrived at
    editor.type_digit(5, 1, continues=True)
    editor.type_digit(5, 3, continues=True)
    assert editor.model.cell(5) == 13
    assert editor.undo_stack.count() == 1
    editor.undo_stack.undo()
    assert editor.model.cell(5) == 6


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


# -- what the history keeps ----------------------------------------------------------------


class CellsOnlyModel(BoardModel):
    """A board model that skips core's analysis: on a 100x100 board the verdict and the
    inversion index take ~16 ms an edit, and what an undo command stores does not depend
    on them. Cells, size, goal and their mutators are BoardModel's own."""

    def _recompute(self) -> None:
        pass


def stored_bytes(value: object, seen: set[int]) -> int:
    """Bytes held by `value` and everything it refers to, each object counted once."""
    if id(value) in seen:
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value)
    if isinstance(value, (tuple, list, set, frozenset)):
        size += sum(stored_bytes(item, seen) for item in value)
    elif isinstance(value, dict):
        size += sum(stored_bytes(k, seen) + stored_bytes(v, seen) for k, v in value.items())
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        size += sum(stored_bytes(getattr(value, f.name), seen) for f in dataclasses.fields(value))
    return size


def command_bytes(command: QUndoCommand, seen: set[int]) -> int:
    """What `command` keeps, beyond the model it acts on."""
    # Attribute by attribute: a temporary container's id could be reused by the next one.
    return sum(
        stored_bytes(value, seen) for name, value in vars(command).items() if name != "_model"
    )


def undo_data_bytes(stack: QUndoStack) -> int:
    seen: set[int] = set()
    return sum(command_bytes(stack.command(index), seen) for index in range(stack.count()))


def test_2000_swaps_on_100x100_keep_far_less_than_a_mebibyte_and_undo_exactly():
    model = CellsOnlyModel(Board.solved(100, 100))
    editor = BoardEditor(model, QUndoStack())
    original = model.cells()
    rng = random.Random(8)
    for _ in range(2000):
        first, second = rng.sample(range(model.cell_count), 2)
        editor.swap_cells(first, second)
    shuffled = model.cells()
    assert editor.undo_stack.count() == 2000
    assert shuffled != original
    kept = undo_data_bytes(editor.undo_stack)
    assert kept < 400 * 1024, f"{kept:,} bytes of undo data"  # was 320 MB
    assert kept / 2000 < 256  # bytes a swap
    editor.undo_stack.setIndex(0)
    assert model.cells() == original
    assert (model.width, model.height, model.goal) == (100, 100, "blank-last")
    editor.undo_stack.setIndex(2000)
    assert model.cells() == shuffled


def test_a_whole_board_replaced_keeps_a_bounded_snapshot(window):
    assert window.undo_stack.undoLimit() == UNDO_LIMIT
    model = CellsOnlyModel(Board.solved(100, 100))
    editor = BoardEditor(model, QUndoStack())
    editor.load(Board.solved(100, 100, blank_first=True))
    editor.resize(99, 100)
    editor.start_placing()
    assert editor.undo_stack.count() == 3
    stack = editor.undo_stack
    largest = max(command_bytes(stack.command(index), set()) for index in range(stack.count()))
    # The whole history of the largest steps stays within 100 MB.
    assert largest * UNDO_LIMIT < 100_000_000, f"{largest:,} bytes for one step"


def test_the_window_keeps_at_most_undo_limit_steps(window):
    window.editor.load(Board.solved(3, 3))
    for step in range(UNDO_LIMIT + 5):
        window.editor.swap_cells(step % 8, 8)
    assert window.undo_stack.count() == UNDO_LIMIT
    assert window.model.board is not None


EDITS = (
    "type",
    "type more",
    "blank",
    "swap",
    "swap tiles",
    "resize",
    "custom goal",
    "blank-first",
    "paste",
    "place",
    "random",
    "new",
    "slide",
)


def apply_edit(editor: BoardEditor, edit: str, rng: random.Random) -> None:
    model = editor.model
    cell = rng.randrange(model.cell_count)
    if edit == "type":
        editor.type_digit(cell, rng.randrange(10), continues=False)
    elif edit == "type more":
        editor.type_digit(cell, rng.randrange(10), continues=True)
    elif edit == "blank":
        editor.make_blank(cell)
    elif edit == "swap":
        editor.swap_cells(cell, rng.randrange(model.cell_count))
    elif edit == "swap tiles":
        editor.swap_tiles(rng.randrange(1, model.cell_count), rng.randrange(1, model.cell_count))
    elif edit == "resize":
        editor.resize(rng.randint(2, 4), rng.randint(2, 4))
    elif edit == "custom goal":
        editor.use_current_as_goal()
    elif edit == "blank-first":
        editor.set_goal(rng.choice(["blank-first", "blank-last"]))
    elif edit == "paste":
        editor.paste_text(rng.choice(["1 2 3/4 5 6/7 8 0", "2 1/3 0", "1 2 3 4/5 6 7 0"]))
    elif edit == "place":
        if rng.random() < 0.3:
            editor.start_placing()
        else:
            editor.place_next(cell)
    elif edit == "random":
        editor.random(solvable=rng.random() < 0.5)
    elif edit == "new":
        editor.new_board()
    else:
        editor.slide(rng.choice(list(Direction)))


@pytest.mark.parametrize("seed", range(6))
def test_undo_and_redo_walk_every_edit_back_and_forth_exactly(qapp, seed):
    rng = random.Random(seed)
    editor = make_editor(Board.solved(3, 3))
    editor.rng = random.Random(seed)
    stack = editor.undo_stack
    states = [editor.model.draft]
    for _ in range(120):
        apply_edit(editor, rng.choice(EDITS), rng)
        if stack.count() == len(states):  # a new step (merged typing replaces the last)
            states.append(editor.model.draft)
        else:
            states[stack.count()] = editor.model.draft
        assert stack.index() == stack.count() == len(states) - 1
    assert stack.count() > 40  # most edits changed something
    for index in range(stack.count() - 1, -1, -1):
        stack.undo()
        assert editor.model.draft == states[index]
    for index in range(1, stack.count() + 1):
        stack.redo()
        assert editor.model.draft == states[index]


def test_an_undo_step_names_its_cell_as_the_board_labels_it() -> None:
    model = BoardModel(Board.solved(3, 3))
    stack = QUndoStack()
    stack.push(TypeIntoCellCommand(model, 0, 5, continues=False))
    assert stack.undoText() == "Type 5 at row 3 from the bottom, column 1"


def test_a_line_that_is_not_a_square_asks_for_its_width() -> None:
    editor = make_editor()
    asked: list[ShapeQuestion] = []

    def choose(question: ShapeQuestion) -> ShapeChoice | None:
        asked.append(question)
        return ShapeChoice(4, 3)

    editor.choose_shape = choose
    assert editor.paste_text("1 2 3 4 5 6 7 8 9 10 11 0")
    assert [(q.count, [c.width for c in q.choices]) for q in asked] == [(12, [1, 2, 3, 4, 6, 12])]
    assert editor.model.board == Board.solved(4, 3)


def test_a_line_of_five_offers_a_row_or_a_column() -> None:
    editor = make_editor()
    asked: list[list[int]] = []

    def choose(question: ShapeQuestion) -> ShapeChoice | None:
        asked.append([choice.width for choice in question.choices])
        return ShapeChoice(5, 1)

    editor.choose_shape = choose
    assert editor.paste_text("1, 2, 3, 4, 0")
    assert asked == [[1, 5]]
    assert editor.model.board == Board.solved(5, 1)


def test_cancelling_the_width_changes_nothing_and_says_so() -> None:
    editor = make_editor()
    before = editor.model.draft
    messages: list[str] = []
    editor.message.connect(messages.append)
    editor.choose_shape = lambda _question: None
    assert not editor.paste_text("1 2 3 4 0")
    assert editor.model.draft == before
    assert messages == [
        "Cannot paste: one line of 5 numbers is not a square board; choose its width to read it"
    ]
