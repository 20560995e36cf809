"""The main window: panels wired to the model, undo, files, settings, export and names."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFileDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QWidget,
)

from core import Board, format_board, inversion_pairs, parse_draft
from core.textio import decode_text
from gui.appearance import Appearance
from gui.board_file_io import read_board_file
from gui.mode_controller import Mode
from gui.palette import is_dark
from tests.gui.conftest import ARTICLE_BOARD, LOYD_BOARD, pixel_on_outline, type_cells

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot


def test_stable_object_names(window):
    for name in ("boardView", "verdictLabel", "inversionList", "explanationView"):
        assert window.findChild(QWidget, name) is not None, name


def test_every_action_has_a_name_and_the_standard_shortcuts(window):
    assert window.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert window.redo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Redo)
    assert window.files.open_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Open)
    assert window.files.save_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Save)
    assert window.clipboard_actions.paste_action.shortcut() == QKeySequence(
        QKeySequence.StandardKey.Paste
    )
    for widget in (window.board_view, window.size_bar.width_box, window.goal_picker):
        assert widget.accessibleName()


def test_selecting_a_pair_highlights_exactly_its_two_tiles(qtbot: QtBot, window):
    window.editor.load(ARTICLE_BOARD)
    table = window.findChild(QAbstractItemView, "inversionList")
    pairs = list(inversion_pairs(ARTICLE_BOARD))
    row = 20
    table.selectionModel().select(
        table.model().index(row, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    window.board_view.setFocus()
    first, second = pairs[row]
    assert window.model.highlighted_pair == (first, second)
    window.model.set_highlighted_tile(None)
    expected = sorted([ARTICLE_BOARD.index_of(first), ARTICLE_BOARD.index_of(second)])
    assert window.board_view.emphasised_cells() == expected
    # And on screen: the emphasis outline (black in the light palette) on those two only.
    for cell in range(16):
        colour = pixel_on_outline(window.board_view, cell)
        dark = max(colour.red(), colour.green(), colour.blue()) < 60
        assert dark == (cell in expected), cell


def test_undo_and_redo_restore_the_board(qtbot: QtBot, window):
    view = window.board_view
    original = window.model.cells()
    type_cells(qtbot, view, [12, 1, 10])
    typed = window.model.cells()
    assert typed[:3] == [12, 1, 10]
    for _ in range(3):
        window.undo_action.trigger()
    assert window.model.cells() == original
    for _ in range(3):
        window.redo_action.trigger()
    assert window.model.cells() == typed


def test_typing_two_digits_is_one_undo_step(qtbot: QtBot, window):
    view = window.board_view
    type_cells(qtbot, view, [12])
    assert window.model.cell(0) == 12
    window.undo_stack.undo()
    assert window.model.cell(0) == 1


PASTES = {
    "grid": format_board(LOYD_BOARD),
    "slash": format_board(LOYD_BOARD, "slash"),
    "json": format_board(LOYD_BOARD, "json"),
    "npuzzle": format_board(LOYD_BOARD, "npuzzle"),
    "c array": "{1, 2, 3, 4},\n{5, 6, 7, 8},\n{9, 10, 11, 12},\n{13, 15, 14, 0},",
    "flat line": "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 _",
    "table": "| 1 | 2 | 3 | 4 |\n| 5 | 6 | 7 | 8 |\n| 9 | 10 | 11 | 12 |\n| 13 | 15 | 14 | x |",
    "tabs, dot blank": "1\t2\t3\t4\n5\t6\t7\t8\n9\t10\t11\t12\n13\t15\t14\t.",
    "box drawing": (
        "┌────┬────┬────┬────┐\n"
        "│  1 │  2 │  3 │  4 │\n"
        "├────┼────┼────┼────┤\n"
        "│  5 │  6 │  7 │  8 │\n"
        "├────┼────┼────┼────┤\n"
        "│  9 │ 10 │ 11 │ 12 │\n"
        "├────┼────┼────┼────┤\n"
        "│ 13 │ 15 │ 14 │    │\n"
        "└────┴────┴────┴────┘"
    ),
    "python list, -1 blank": "[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, -1]]",
    "16 as the blank": "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 16",
    "comma rows, empty last cell": "1,2,3,4\n5,6,7,8\n9,10,11,12\n13,15,14,",
    "npuzzle with WxH size": "# Loyd\n4x4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 0",
    "code with comments": (
        "int board[4][4] = {  // Loyd's 14-15\n  {1, 2, 3, 4}, /* top */\n"
        "  {5, 6, 7, 8},\n  {9, 10, 11, 12},\n  {13, 15, 14, 0}\n};"
    ),
}


@pytest.mark.parametrize("form", PASTES)
def test_paste_every_core_format(qtbot: QtBot, window, form):
    window.editor.load(Board.solved(3, 3))
    QGuiApplication.clipboard().setText(PASTES[form])
    window.clipboard_actions.paste_action.trigger()
    assert window.model.board == LOYD_BOARD
    assert window.findChild(QLabel, "verdictLabel").text() == "Not solvable"


def answer_shape_dialog(qtbot: QtBot, seen: list[list[str]], pick: str | None = None) -> None:
    """Once the paste's real shape dialog is open: note its choices, pick `pick` (or keep
    the one it preselected) and press its real OK."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QInputDialog

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QInputDialog) or not dialog.isVisible():
            QTimer.singleShot(10, look)
            return
        combo = dialog.findChild(QComboBox)
        seen.append([combo.itemText(i) for i in range(combo.count())] + [combo.currentText()])
        if pick is not None:
            combo.setCurrentText(pick)
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, look)


def test_fifteen_numbers_without_the_blank_paste_as_a_fifteen_puzzle(qtbot: QtBot, window):
    seen: list[list[str]] = []
    answer_shape_dialog(qtbot, seen)
    QGuiApplication.clipboard().setText(" ".join(str(tile) for tile in range(1, 16)))
    window.clipboard_actions.paste_action.trigger()
    *offered, preselected = seen[0]
    assert offered[0] == preselected == "4\u00d74, blank left out"
    assert "3 wide \u00d7 5 high" in offered
    assert window.model.board == Board.solved(4, 4)
    assert window.findChild(QLabel, "verdictLabel").text() == "Solvable"


def test_a_column_of_sixteen_numbers_pastes_as_a_four_by_four(qtbot: QtBot, window):
    seen: list[list[str]] = []
    answer_shape_dialog(qtbot, seen)
    tiles = [12, 1, 10, 2, 7, 11, 4, 14, 5, 0, 9, 15, 8, 13, 6, 3]
    QGuiApplication.clipboard().setText("\n".join(map(str, tiles)))
    window.clipboard_actions.paste_action.trigger()
    *offered, preselected = seen[0]
    assert preselected == "4\u00d74"
    assert "1 wide \u00d7 16 high" in offered
    assert window.model.board == Board(4, 4, tuple(tiles))


def test_a_row_one_number_short_takes_the_blank_there(qtbot: QtBot, window):
    seen: list[list[str]] = []
    answer_shape_dialog(qtbot, seen)
    QGuiApplication.clipboard().setText("12 1 10 2\n7 11 4 14\n5 9 15\n8 13 6 3")
    window.clipboard_actions.paste_action.trigger()
    assert seen[0] == ["4\u00d74, blank left out", "4\u00d74, blank left out"]
    assert window.model.board == Board.from_rows(
        [[12, 1, 10, 2], [7, 11, 4, 14], [5, 9, 15, 0], [8, 13, 6, 3]]
    )


def test_the_width_choices_still_read_the_old_way(qtbot: QtBot, window):
    seen: list[list[str]] = []
    answer_shape_dialog(qtbot, seen, pick="3 wide \u00d7 5 high")
    QGuiApplication.clipboard().setText(" ".join(str(tile) for tile in range(1, 16)))
    window.clipboard_actions.paste_action.trigger()
    assert (window.model.width, window.model.height) == (3, 5)


def test_paste_of_junk_changes_nothing_and_says_why(window):
    before = window.model.cells()
    QGuiApplication.clipboard().setText("hello 1 2 3")
    window.clipboard_actions.paste_action.trigger()
    assert window.model.cells() == before
    assert "Cannot paste" in window.status_message.text()


def test_a_note_pasted_by_mistake_is_said_to_hold_no_board(window):
    before = window.model.cells()
    QGuiApplication.clipboard().setText("Remember to buy milk\nand eggs")
    window.clipboard_actions.paste_action.trigger()
    assert window.model.cells() == before
    assert "no board in this text" in window.status_message.text()
    assert "ragged" not in window.status_message.text()


def test_fix_button_makes_the_board_solvable(qtbot: QtBot, window):
    window.editor.load(LOYD_BOARD)
    button = window.fix_suggestion.findChild(QPushButton)
    assert button is not None
    qtbot.waitUntil(button.isVisible)
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.model.verdict.solvable
    assert window.model.board == LOYD_BOARD.with_swapped(13, 14)


def test_the_fix_applied_from_the_keyboard_leaves_the_keyboard_on_the_board(qtbot: QtBot, window):
    window.editor.load(LOYD_BOARD)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    button = window.fix_suggestion.apply_button
    qtbot.waitUntil(button.isVisible)
    button.setFocus()
    qtbot.waitUntil(button.hasFocus)
    qtbot.keyClick(button, Qt.Key.Key_Space)
    assert window.model.verdict.solvable
    qtbot.waitUntil(window.board_view.hasFocus)


def test_goal_picker(qtbot: QtBot, window):
    window.editor.load(Board.solved(4, 4, blank_first=True))
    assert not window.model.verdict.solvable
    window.goal_picker.setCurrentIndex(1)
    window.goal_picker.activated.emit(1)
    assert window.model.goal == "blank-first"
    assert window.model.verdict.solvable
    window.editor.load(LOYD_BOARD)
    window.goal_picker.activated.emit(2)  # this board as the goal
    assert window.model.goal == LOYD_BOARD
    assert window.model.verdict.solvable
    window.undo_stack.undo()
    assert window.model.goal == "blank-first"


def test_resize_keeps_what_fits_and_asks_before_dropping(qtbot: QtBot, window):
    questions = []
    window.editor.confirm_drop = lambda question: questions.append(question) or False
    window.size_bar.width_box.setValue(3)
    assert questions
    assert window.model.width == 4  # refused: nothing changed
    assert window.size_bar.width_box.value() == 4
    window.editor.confirm_drop = lambda _question: True
    window.size_bar.width_box.setValue(3)
    assert (window.model.width, window.model.height) == (3, 4)
    assert window.model.cells() == [1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15]
    assert window.model.board is None  # out-of-range tiles are marked, not changed
    window.size_bar.height_box.setValue(5)
    assert window.model.cells()[12:] == [None] * 3
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert window.model.board == Board.solved(4, 4)
    assert window.size_bar.width_box.value() == 4


@pytest.mark.parametrize(("button", "side"), [(0, 3), (1, 4), (2, 5)])
def test_a_preset_starts_a_fresh_puzzle_of_its_size(window, button: int, side: int) -> None:
    window.editor.load(ARTICLE_BOARD)
    window.size_bar.preset_buttons[button].click()
    assert window.model.board == Board.solved(side, side)
    assert window.model.problems == []
    window.undo_stack.undo()
    assert window.model.board == ARTICLE_BOARD


def test_a_preset_keeps_a_named_goal(window) -> None:
    window.editor.set_goal("blank-first")
    window.size_bar.preset_buttons[0].click()
    assert window.model.board == Board.solved(3, 3, blank_first=True)
    assert window.model.goal == "blank-first"


def test_the_presets_are_in_the_file_menu(window) -> None:
    """A small window's toolbar drops the preset buttons (gui.window_layout); the File menu
    has them at every size."""
    file_menu = next(
        action.menu()
        for action in window.menuBar().actions()
        if action.text().replace("&", "") == "File"
    )
    presets = next(
        action.menu()
        for action in file_menu.actions()
        if action.menu() is not None and action.menu().objectName() == "newPuzzleMenu"
    )
    texts = [action.text().replace("&", "") for action in presets.actions()]
    assert texts == ["3\u00d73", "4\u00d74", "5\u00d75"]
    window.editor.load(ARTICLE_BOARD)
    presets.actions()[2].trigger()
    assert window.model.board == Board.solved(5, 5)


def test_random_boards(window):
    window.edit_actions.random_unsolvable_action.trigger()
    assert not window.model.verdict.solvable
    window.edit_actions.random_solvable_action.trigger()
    assert window.model.verdict.solvable


def test_save_then_open_round_trips(qtbot: QtBot, window, tmp_path):
    window.editor.load(ARTICLE_BOARD)
    for suffix in ("txt", "json", "puzzle"):
        path = str(tmp_path / f"board.{suffix}")
        assert window.files.save_to(path)
        assert window.undo_stack.isClean()
        assert read_board_file(path).board == ARTICLE_BOARD
        window.editor.new_board()
        assert window.files.open(path)
        assert window.model.board == ARTICLE_BOARD
        assert window.files.recent_files.paths()[0].endswith(f"board.{suffix}")
    assert not list(tmp_path.glob("*.tmp*"))  # the atomic write left no temporary file


def test_custom_goal_survives_a_json_round_trip(window, tmp_path):
    window.editor.load(LOYD_BOARD)
    window.editor.use_current_as_goal()
    path = str(tmp_path / "goal.json")
    assert window.files.save_to(path)
    window.editor.set_goal("blank-last")
    assert window.files.open(path)
    assert window.model.goal == LOYD_BOARD


def test_saving_a_goal_a_text_file_cannot_hold_says_so(window, tmp_path, monkeypatch):
    """A grid or n-puzzle file holds the board only: saved with the blank-first goal and
    opened again, the board is judged against blank-last, and this one flips from
    unsolvable to solvable. The save has to say the goal stays behind."""
    window.editor.load(Board.solved(4, 4))
    window.editor.set_goal("blank-first")
    assert not window.model.verdict.solvable
    path = tmp_path / "korf.txt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(path), ""))
    window.files.save_as_action.trigger()
    said = window.status_message.text()
    assert said.startswith(f"Saved {path}")
    assert "blank first" in said
    assert ".json" in said
    window.editor.new_board()
    assert window.files.open(str(path))
    assert window.model.verdict.solvable  # the goal did not come back: hence the warning


def test_a_goal_the_file_keeps_is_saved_without_a_warning(window, tmp_path, monkeypatch):
    window.editor.load(Board.solved(4, 4))
    window.editor.set_goal("blank-first")
    path = tmp_path / "korf.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(path), ""))
    window.files.save_as_action.trigger()
    assert window.status_message.text() == f"Saved {path}"
    window.editor.set_goal("blank-last")
    assert window.files.open(str(path))
    assert window.model.goal == "blank-first"
    assert not window.model.verdict.solvable


def test_an_invalid_board_is_not_saved(window, tmp_path):
    window.editor.type_digit(0, 2, continues=False)
    path = tmp_path / "bad.txt"
    assert not window.files.save_to(str(path))
    assert not path.exists()
    assert "invalid" in window.status_message.text()


def test_open_a_bad_file_keeps_the_board(window, tmp_path):
    path = tmp_path / "junk.txt"
    path.write_text("not a board\n")
    before = window.model.cells()
    assert not window.files.open(str(path))
    assert window.model.cells() == before


def test_quitting_with_unsaved_changes_asks(qtbot: QtBot, window):
    asked = []

    def answer() -> QMessageBox.StandardButton:
        asked.append(True)
        return QMessageBox.StandardButton.Cancel

    window.files.ask_to_save = answer
    window.editor.random(solvable=True)
    assert not window.close()
    assert asked
    window.files.ask_to_save = lambda: QMessageBox.StandardButton.Discard
    assert window.close()


def test_geometry_and_a_kept_half_typed_board_are_restored(qtbot: QtBot, make_window, settings):
    first = make_window()
    first.editor.type_digit(0, 7, continues=False)  # half-typed: invalid, still restored
    cells = first.model.cells()
    # A little over the least the window takes (which the font decides), not the default.
    least = first.minimumSizeHint()
    size = (least.width() + 37, least.height() + 23)
    first.resize(*size)
    qtbot.waitUntil(lambda: (first.size().width(), first.size().height()) == size)
    first.save_settings()  # as earlier versions left a board discarded at quit
    second = make_window(restore=True)
    assert second.model.cells() == cells
    assert (second.size().width(), second.size().height()) == size
    assert first.close()


def test_export_png_and_svg(window, tmp_path):
    from PySide6.QtGui import QImage

    window.editor.load(LOYD_BOARD)
    png, svg = tmp_path / "board.png", tmp_path / "board.svg"
    assert window.clipboard.export_image(str(png))
    assert window.clipboard.export_image(str(svg))
    image = QImage(str(png))
    assert image.width() > 200
    assert image.height() > 200
    text = svg.read_text()
    assert "<svg" in text
    assert "15" in text


def test_inversion_list_model_passes_qtmodeltester(qtmodeltester, window):
    window.editor.load(ARTICLE_BOARD)
    qtmodeltester.check(window.inversion_panel.pair_model, force_py=True)


def test_mode_actions(window):
    window.mode_menu.actions[Mode.PLAY].trigger()
    assert window.modes.mode is Mode.PLAY
    window.mode_menu.actions[Mode.EDIT].trigger()
    assert window.modes.mode is Mode.EDIT


def test_settings_json_is_plain(window, settings):
    window.save_settings()
    data = json.loads(settings.value("board/last"))
    assert data["width"] == 4


def test_after_quit_and_discard_the_file_comes_back_as_saved(make_window, tmp_path) -> None:
    path = tmp_path / "article.txt"
    path.write_text(format_board(ARTICLE_BOARD))
    first = make_window()
    assert first.files.open(str(path))
    first.editor.swap_cells(0, 1)  # never saved
    assert first.close()  # the test windows answer Discard
    second = make_window(restore=True)
    assert second.model.board == ARTICLE_BOARD
    assert second.files.path == str(path)
    assert not second.isWindowModified()
    assert second.undo_stack.count() == 0  # restoring is not an undoable step


def test_an_untitled_board_discarded_at_quit_does_not_come_back(make_window) -> None:
    first = make_window()
    started_with = first.model.board
    first.editor.load(ARTICLE_BOARD)  # a board the user typed in, never saved
    first.editor.swap_cells(0, 1)
    thrown_away = first.model.board
    assert first.close()  # the test windows answer Discard
    second = make_window(restore=True)
    assert second.model.board == started_with != thrown_away
    assert second.files.path is None
    assert not second.isWindowModified()


def test_a_discarded_board_whose_file_cannot_be_read_back_is_marked_changed(
    make_window, tmp_path
) -> None:
    path = tmp_path / "article.txt"
    path.write_text(format_board(ARTICLE_BOARD))
    first = make_window()
    assert first.files.open(str(path))
    first.editor.swap_cells(0, 1)
    changed = first.model.board
    assert first.close()
    path.write_text("not a board any more")
    second = make_window(restore=True)
    assert second.model.board == changed
    assert second.files.path == str(path)
    assert second.isWindowModified()  # shown as changed: it is not what the file holds
    assert second.windowTitle().startswith("article.txt")


def test_a_saved_board_comes_back_unmarked(make_window, tmp_path) -> None:
    path = tmp_path / "article.txt"
    path.write_text(format_board(ARTICLE_BOARD))
    first = make_window()
    assert first.files.open(str(path))
    first.editor.swap_cells(0, 1)
    assert first.files.save()
    saved = first.model.board
    assert first.close()
    second = make_window(restore=True)
    assert second.model.board == saved
    assert not second.isWindowModified()


def test_a_file_with_a_typo_opens_with_its_problems_marked_to_fix(window, tmp_path) -> None:
    path = tmp_path / "typo.txt"
    path.write_text("1 2 3\n4 5 5\n7 8 0\n")  # the second 5 should be 6
    assert window.files.open(str(path))
    assert window.model.cells() == [1, 2, 3, 4, 5, 5, 7, 8, 0]
    assert window.model.problem_cells == frozenset({4, 5})
    assert window.files.path == str(path)
    assert not window.input_error_banner.isVisible()
    assert 'Opened "typo.txt" with 2 problems to fix' in window.status_message.text()
    window.editor.type_digit(5, 6, continues=False)
    assert window.model.board == Board.solved(3, 3)
    assert window.files.save()
    assert read_board_file(str(path)).board == Board.solved(3, 3)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],  # state is reset below
)
@given(data=st.one_of(st.binary(max_size=300), st.text(max_size=200).map(str.encode)))
def test_opening_any_bytes_gives_a_board_or_one_clear_refusal(window, tmp_path, data) -> None:
    window.editor.load(LOYD_BOARD)
    window.input_error_banner.hide()
    path = tmp_path / "any.txt"
    path.write_bytes(data)
    try:
        expected = parse_draft(decode_text(data, "x"), max_cells=100 * 100)
    except ValueError:
        expected = None
    opened = window.files.open(str(path))
    message = window.status_message.text()
    assert "\n" not in message
    assert "Traceback" not in message
    if expected is None or expected.width > 100 or expected.height > 100:
        assert not opened
        assert window.model.board == LOYD_BOARD
        assert window.input_error_banner.isVisible()
        assert message.startswith('Cannot open "any.txt": ')
    else:
        assert opened
        assert window.model.draft == expected
        assert not window.input_error_banner.isVisible()


def test_ctrl_shift_d_toggles_dark_and_light(qtbot: QtBot, window) -> None:
    original = QApplication.palette()
    try:
        window.activateWindow()
        qtbot.waitActive(window)
        qtbot.keyClick(window.board_view, Qt.Key.Key_D, CTRL_SHIFT)
        assert is_dark(QApplication.palette())
        assert window.appearance.actions[Appearance.DARK].isChecked()
        qtbot.keyClick(window.board_view, Qt.Key.Key_D, CTRL_SHIFT)
        assert not is_dark(QApplication.palette())
        assert window.appearance.actions[Appearance.LIGHT].isChecked()
        qtbot.keyClick(window.board_view, Qt.Key.Key_D, CTRL_SHIFT)
        assert window.appearance.actions[Appearance.DARK].isChecked()
    finally:
        window.appearance.set_appearance(Appearance.SYSTEM)
    assert QApplication.palette() == original


CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_system_colours_give_back_the_style_the_window_started_with(make_window) -> None:
    started_with = QApplication.style().name()
    QApplication.setStyle("Windows")  # a desktop style other than the forced palettes' Fusion
    try:
        window = make_window()
        window.appearance.set_appearance(Appearance.DARK)
        assert QApplication.style().name() == "fusion"
        window.appearance.set_appearance(Appearance.SYSTEM)
        assert QApplication.style().name() == "windows"
    finally:
        window.appearance.set_appearance(Appearance.SYSTEM)
        QApplication.setStyle(started_with)


def test_dark_mode_from_the_view_menu_is_kept_for_the_next_start(qtbot: QtBot, make_window) -> None:
    original = QApplication.palette()
    window = make_window()
    try:
        window.appearance.actions[Appearance.DARK].trigger()
        assert is_dark(QApplication.palette())
        assert is_dark(window.board_view.palette())
        corner = window.board_view.viewport().grab().toImage().pixelColor(3, 3)
        assert corner.lightness() < 80  # the board itself is painted dark
        again = make_window(restore=True)
        assert again.appearance.actions[Appearance.DARK].isChecked()
        again.appearance.actions[Appearance.LIGHT].trigger()
        # Every window follows the application's colours (Qt passes the change on by event).
        qtbot.waitUntil(lambda: not is_dark(window.palette()))
        assert again.settings.value("view/appearance") == "light"
    finally:
        window.appearance.set_appearance(Appearance.SYSTEM)
    assert QApplication.palette() == original
