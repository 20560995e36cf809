"""The photo flow in the window: open, drop or paste a photo, look at the reading, correct
it, accept it as one undoable step; and every kind of refusal leaves the board alone."""

from __future__ import annotations

import io
from functools import cache
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PIL import Image
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QGuiApplication, QImage
from PySide6.QtWidgets import QApplication, QFileDialog

from core.photo.training.synthetic import StyleSet, SyntheticPhoto, generate_photo
from gui.photo_dialog import PhotoDialog, ReadState
from gui.photo_import import png_bytes

from .conftest import ARTICLE_BOARD

if TYPE_CHECKING:
    from pathlib import Path

    from pytestqt.qtbot import QtBot

    from gui.main_window import MainWindow

#: Test photos the reader reads exactly today, by size (picked by running the reader).
EXACT_SEEDS = {(3, 3): 14, (4, 4): 5, (5, 5): 11}
READ_TIMEOUT_MS = 20_000


@cache
def photo(seed: int) -> SyntheticPhoto:
    return generate_photo(seed, StyleSet.TEST)


def photo_file(tmp_path: Path, seed: int) -> Path:
    path = tmp_path / f"puzzle-{seed}.jpg"
    path.write_bytes(photo(seed).jpeg)
    return path


def wait_for_reading(qtbot: QtBot, window: MainWindow) -> PhotoDialog:
    qtbot.waitUntil(lambda: window.photos.dialog is not None, timeout=READ_TIMEOUT_MS)
    dialog = window.photos.dialog
    assert dialog is not None
    qtbot.waitUntil(
        lambda: dialog.state is not ReadState.READING and not dialog.read_runner.busy,
        timeout=READ_TIMEOUT_MS,
    )
    return dialog


def open_photo(qtbot: QtBot, window: MainWindow, path: Path) -> PhotoDialog:
    with qtbot.waitSignal(window.photos.read_runner.finished, timeout=READ_TIMEOUT_MS):
        window.photos.open(str(path))
    return wait_for_reading(qtbot, window)


def loaded(window: MainWindow) -> MainWindow:
    window.editor.load(ARTICLE_BOARD)
    return window


def test_open_photo_shows_corners_and_grid_and_accept_loads_one_undoable_board(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded(window)
    seed = EXACT_SEEDS[(4, 4)]
    path = photo_file(tmp_path, seed)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), ""))
    with qtbot.waitSignal(window.photos.read_runner.finished, timeout=READ_TIMEOUT_MS):
        window.photo_actions.open_action.trigger()
    dialog = wait_for_reading(qtbot, window)
    assert dialog.state is ReadState.READ
    assert dialog.view.corners() is not None
    assert len(dialog.view.cell_polygons()) == 16
    assert dialog.reading is not None
    assert dialog.reading.board == photo(seed).board
    assert "16 cells" in dialog.message.text()
    assert dialog.use_button.isEnabled()
    assert window.model.board == ARTICLE_BOARD  # nothing loaded before the user accepts
    depth = window.undo_stack.index()
    with qtbot.waitSignal(dialog.finished):
        dialog.use_button.click()
    assert window.model.board == photo(seed).board
    assert window.undo_stack.index() == depth + 1
    assert window.model.verdict is not None
    window.undo_stack.undo()
    assert window.model.board == ARTICLE_BOARD


@pytest.mark.parametrize("size", sorted(EXACT_SEEDS))
def test_each_size_is_read_exactly_and_enter_accepts(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, size: tuple[int, int]
) -> None:
    seed = EXACT_SEEDS[size]
    dialog = open_photo(qtbot, window, photo_file(tmp_path, seed))
    assert (dialog.width_spin.value(), dialog.height_spin.value()) == size
    assert dialog.size_list.currentIndex() == dialog.preset_index(*size)
    assert "guessed" in dialog.size_note.text()
    with qtbot.waitSignal(dialog.finished):
        qtbot.keyClick(dialog.view, Qt.Key.Key_Return)
    assert window.model.board == photo(seed).board


def test_escape_leaves_the_board_as_it_was(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    loaded(window)
    depth = window.undo_stack.index()
    dialog = open_photo(qtbot, window, photo_file(tmp_path, EXACT_SEEDS[(3, 3)]))
    with qtbot.waitSignal(dialog.rejected):
        qtbot.keyClick(dialog.view, Qt.Key.Key_Escape)
    assert window.model.board == ARTICLE_BOARD
    assert window.undo_stack.index() == depth
    assert window.photos.dialog is None


def test_dragging_a_corner_reads_again_with_the_users_corners(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    dialog = open_photo(qtbot, window, photo_file(tmp_path, EXACT_SEEDS[(4, 4)]))
    assert dialog.reading is not None
    assert dialog.reading.corners_found
    start = dialog.view.corner_on_screen(0)
    target = start + QPointF(4, 3)
    viewport = dialog.view
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start.toPoint())
    qtbot.mouseMove(viewport, pos=target.toPoint())
    assert dialog.state is ReadState.READING
    assert dialog.reread_pending
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target.toPoint())
    with qtbot.waitSignal(dialog.read_runner.finished, timeout=READ_TIMEOUT_MS):
        pass
    reading = dialog.reading
    assert reading is not None
    assert not reading.corners_found
    assert dialog.view.reading_is_current()  # the cells' numbers are shown again
    assert dialog.state is ReadState.READ


def test_changing_the_size_reads_again_with_that_size(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    seed = EXACT_SEEDS[(4, 4)]
    dialog = open_photo(qtbot, window, photo_file(tmp_path, seed))
    with qtbot.waitSignal(dialog.read_runner.finished, timeout=READ_TIMEOUT_MS):
        dialog.width_spin.setValue(3)
    # A 3 x 4 grid on a 4 x 4 board: either a (poor) reading of that size or a refusal.
    assert dialog.state is ReadState.FAILED or (
        dialog.reading is not None and dialog.reading.width == 3
    )
    with qtbot.waitSignal(dialog.read_runner.finished, timeout=READ_TIMEOUT_MS):
        dialog.size_list.setCurrentIndex(dialog.preset_index(4, 4))
        dialog.size_list.activated.emit(dialog.size_list.currentIndex())
    assert dialog.reading is not None
    assert not dialog.reading.size_guessed
    assert dialog.reading.board == photo(seed).board
    assert dialog.size_note.text() == ""


def test_a_cell_corrected_by_typing_is_what_the_editor_gets(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    seed = EXACT_SEEDS[(3, 3)]
    dialog = open_photo(qtbot, window, photo_file(tmp_path, seed))
    qtbot.mouseClick(
        dialog.view, Qt.MouseButton.LeftButton, pos=dialog.view.cell_center(0).toPoint()
    )
    assert dialog.view.selected_cell == 0
    qtbot.keyClick(dialog.view, Qt.Key.Key_1)
    qtbot.keyClick(dialog.view, Qt.Key.Key_2)
    assert dialog.typed == {0: 12}
    with qtbot.waitSignal(dialog.finished):
        dialog.use_button.click()
    assert window.model.cell(0) == 12
    assert window.model.board is None  # 12 on a 3x3 board: a problem to fix, shown as typed
    assert "corrected by hand" in window.status_message.text()


def test_a_correction_that_makes_a_duplicate_is_said_in_the_dialog(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    seed = EXACT_SEEDS[(3, 3)]
    tiles = photo(seed).board.tiles
    dialog = open_photo(qtbot, window, photo_file(tmp_path, seed))
    # Type into the first cell the number another tile already has, as a person
    # correcting the wrong cell would.
    other = next(number for number in tiles[1:] if number and number != tiles[0])
    qtbot.mouseClick(
        dialog.view, Qt.MouseButton.LeftButton, pos=dialog.view.cell_center(0).toPoint()
    )
    for digit in str(other):
        qtbot.keyClick(dialog.view, getattr(Qt.Key, f"Key_{digit}"))
    assert dialog.typed == {0: other}
    text = dialog.message.text()
    assert f"tile {other} appears twice" in text
    assert "row 3 from the bottom, column 1" in text
    # Put right: the warning goes.
    qtbot.keyClick(dialog.view, Qt.Key.Key_Backspace)
    for digit in str(tiles[0]) if tiles[0] else " ":
        key = Qt.Key.Key_Space if digit == " " else getattr(Qt.Key, f"Key_{digit}")
        qtbot.keyClick(dialog.view, key)
    assert dialog.typed == {0: tiles[0]}
    assert "appears twice" not in dialog.message.text()


def test_tab_reaches_every_control(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    dialog = open_photo(qtbot, window, photo_file(tmp_path, EXACT_SEEDS[(3, 3)]))
    chain = []
    widget = dialog.view
    for _ in range(16):
        chain.append(widget)
        widget = widget.nextInFocusChain()
    for control in (
        dialog.size_list,
        dialog.width_spin,
        dialog.height_spin,
        dialog.turn_left_button,
        dialog.turn_right_button,
        dialog.use_button,
    ):
        assert control in chain
        assert control.focusPolicy() & Qt.FocusPolicy.TabFocus


def test_a_dropped_photo_file_opens_its_reading(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    seed = EXACT_SEEDS[(5, 5)]
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(photo_file(tmp_path, seed)))])
    position = QPointF(window.board_view.mapTo(window, QPoint(20, 20)))
    enter = QDragEnterEvent(
        position.toPoint(),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        position,
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with qtbot.waitSignal(window.photos.read_runner.finished, timeout=READ_TIMEOUT_MS):
        QApplication.sendEvent(window, drop)
    dialog = wait_for_reading(qtbot, window)
    assert dialog.reading is not None
    assert dialog.reading.board == photo(seed).board


def test_a_pasted_image_opens_its_reading(qtbot: QtBot, window: MainWindow) -> None:
    seed = EXACT_SEEDS[(4, 4)]
    image = QImage.fromData(photo(seed).jpeg)
    assert not image.isNull()
    QGuiApplication.clipboard().setImage(image)
    with qtbot.waitSignal(window.photos.read_runner.finished, timeout=READ_TIMEOUT_MS):
        # Edit > Paste Board with an image on the clipboard.
        window.clipboard_actions.paste_action.trigger()
    dialog = wait_for_reading(qtbot, window)
    assert dialog.reading is not None
    assert dialog.reading.board == photo(seed).board
    with qtbot.waitSignal(dialog.finished):
        dialog.use_button.click()
    assert window.model.board == photo(seed).board


def test_a_photo_that_is_not_a_puzzle_is_refused_in_the_dialog(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    loaded(window)
    image = QImage(800, 600, QImage.Format.Format_RGB32)
    # A new QImage holds whatever the memory held (once, a board photo freed by an earlier
    # test, which the reader rightly read): fill it first.
    image.fill(QColor(40, 90, 60))
    for y in range(600):
        for x in range(0, 800, 8):
            image.setPixelColor(x, y, QColor((x * 7 + y) % 256, (y * 3) % 256, 90))
    path = tmp_path / "landscape.png"
    path.write_bytes(png_bytes(image))
    dialog = open_photo(qtbot, window, path)
    assert dialog.state is ReadState.FAILED
    assert dialog.message.text().startswith("No board read: ")
    assert not dialog.use_button.isEnabled()
    assert dialog.view.corners() is not None  # a frame to drag onto a board by hand
    size = (dialog.width_spin.value(), dialog.height_spin.value())
    assert dialog.size_list.currentIndex() == dialog.preset_index(*size)
    qtbot.keyClick(dialog.view, Qt.Key.Key_Return)  # nothing to accept
    assert dialog.isVisible()
    dialog.reject()
    assert window.model.board == ARTICLE_BOARD


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.binary(max_size=2048))
# A PNG that claims to be 60000 x 60000 pixels: refused before any pixel is decoded.
@example(
    data=bytes.fromhex("89504e470d0a1a0a0000000d49484452")
    + (60000).to_bytes(4, "big") * 2
    + bytes.fromhex("0802000000")
    + b"\0" * 64
)
@example(data=b"")
def test_arbitrary_bytes_are_refused_with_one_message_and_the_board_untouched(
    qtbot: QtBot, window: MainWindow, data: bytes
) -> None:
    window.editor.load(ARTICLE_BOARD)
    window.input_error_banner.hide()
    depth = window.undo_stack.index()
    with qtbot.waitSignal(window.photos.read_runner.finished, timeout=READ_TIMEOUT_MS):
        window.photos.open_bytes(data, "noise.bin")
    assert window.photos.dialog is None
    assert window.input_error_banner.isVisible()
    assert window.input_error_banner.title.startswith("Could not read")
    assert window.input_error_banner.reason
    assert window.model.board == ARTICLE_BOARD
    assert window.undo_stack.index() == depth


def test_a_missing_file_is_refused_in_the_failure_strip(window: MainWindow, tmp_path: Path) -> None:
    window.photos.open(str(tmp_path / "nowhere.jpg"))
    assert window.input_error_banner.isVisible()
    assert "nowhere.jpg" in window.input_error_banner.title


def test_pasting_with_no_image_on_the_clipboard_says_so(window: MainWindow) -> None:
    QGuiApplication.clipboard().setText("1 2 3")
    window.photo_actions.paste_action.trigger()
    assert "no image" in window.input_error_banner.reason


def test_keys_pick_a_corner_and_move_it_which_reads_again(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    dialog = open_photo(qtbot, window, photo_file(tmp_path, EXACT_SEEDS[(4, 4)]))
    view = dialog.view
    view.setFocus()
    assert "Ctrl+Tab" in view.toolTip()
    assert "arrow keys" in view.accessibleDescription()
    assert "Ctrl+Tab" in dialog.keys_note.text()
    assert view.selected_handle is None
    qtbot.keyClick(view, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert view.selected_handle == 0
    assert view.hasFocus()  # Ctrl+Tab picked a corner; it did not move the focus on
    qtbot.keyClick(view, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert view.selected_handle == 1
    qtbot.keyClick(view, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert view.selected_handle == 2
    corners = view.corners()
    assert corners is not None
    start = view.corner_on_screen(2)
    with qtbot.waitSignal(view.corners_changed):
        qtbot.keyClick(view, Qt.Key.Key_Left)
    assert dialog.state is ReadState.READING  # debounced, as a drag is
    assert dialog.reread_pending
    qtbot.keyClick(view, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
    moved = view.corner_on_screen(2) - start
    assert abs(moved.x() + 1) < 0.01
    assert abs(moved.y() + 10) < 0.01
    assert [view.corner_on_screen(i) for i in (0, 1, 3)] == [
        view.to_screen(*corners.points()[i]) for i in (0, 1, 3)
    ]
    with qtbot.waitSignal(dialog.read_runner.finished, timeout=READ_TIMEOUT_MS):
        pass
    qtbot.waitUntil(lambda: dialog.state is ReadState.READ, timeout=READ_TIMEOUT_MS)
    assert dialog.reading is not None
    assert not dialog.reading.corners_found  # read with the corners the keys placed
    assert view.reading_is_current()
    dialog.grab().save("/tmp/photo_dialog_corner_keys.png")
    # Esc lets the corner go (the dialog stays); the arrows then move between cells again.
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.selected_handle is None
    assert dialog.isVisible()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.selected_cell == 0
    assert not dialog.reread_pending


def test_unsure_cells_left_unchecked_are_named_in_the_window_until_the_next_edit(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    import dataclasses

    seed = EXACT_SEEDS[(3, 3)]
    dialog = open_photo(qtbot, window, photo_file(tmp_path, seed))
    reading = dialog.reading
    assert reading is not None
    # Two cells marked unsure (as the reader marks them), one of them corrected by typing.
    cells = list(reading.cells)
    for index in (1, 7):
        cells[index] = dataclasses.replace(cells[index], unsure=True)
    dialog.reading = dataclasses.replace(reading, cells=tuple(cells))
    dialog.typed[7] = cells[7].number
    read_as = cells[1].number
    with qtbot.waitSignal(dialog.finished):
        dialog.use_button.click()
    banner = window.input_error_banner
    assert banner.isVisible()
    assert banner.is_notice
    assert "unchanged" not in banner.title  # the board below is the new one: no failure
    expected = f"row 3 from the bottom, column 2 (read as {read_as})"
    assert expected in banner.reason
    assert "row 1 from the bottom, column 2" not in banner.reason  # corrected: not named
    assert expected in window.status_message.text()
    window.resize(1180, 780)
    window.grab().save("/tmp/photo_unsure_notice.png")
    filled = next(index for index, tile in enumerate(photo(seed).board.tiles) if tile)
    window.editor.make_blank(filled)
    qtbot.waitUntil(lambda: not banner.isVisible())
    assert expected not in window.status_message.text()


def test_more_unsure_cells_than_named_are_counted(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    import dataclasses

    dialog = open_photo(qtbot, window, photo_file(tmp_path, EXACT_SEEDS[(4, 4)]))
    reading = dialog.reading
    assert reading is not None
    cells = tuple(dataclasses.replace(cell, unsure=True) for cell in reading.cells)
    dialog.reading = dataclasses.replace(reading, cells=cells)
    note = dialog.check_note()
    assert note.startswith("check row 4 from the bottom, column 1 (read as ")
    assert note.endswith(" and 14 more")


def turned_photo_file(tmp_path: Path, seed: int, turn: Image.Transpose) -> Path:
    path = tmp_path / f"turned-{seed}.jpg"
    stream = io.BytesIO()
    photo(seed).image().transpose(turn).save(stream, format="JPEG", quality=92)
    path.write_bytes(stream.getvalue())
    return path


def test_a_turned_photo_is_shown_and_read_upright(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    seed = EXACT_SEEDS[(4, 4)]
    # ROTATE_90 turns the photo counterclockwise: the board's top is on the left
    dialog = open_photo(qtbot, window, turned_photo_file(tmp_path, seed, Image.Transpose.ROTATE_90))
    assert dialog.reading is not None
    assert dialog.reading.board == photo(seed).board
    assert dialog.view.turns == 3  # three more counterclockwise quarters bring it upright
    # shown upright: the board's top-left corner is at the top left of the view
    top_left = dialog.view.corner_on_screen(0)
    others = [dialog.view.corner_on_screen(index) for index in (1, 2, 3)]
    assert all(top_left.x() + top_left.y() < p.x() + p.y() for p in others)


def test_the_turn_buttons_turn_the_board_read_and_keep_typed_numbers_on_their_tiles(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    seed = EXACT_SEEDS[(3, 3)]
    dialog = open_photo(qtbot, window, photo_file(tmp_path, seed))
    board = photo(seed).board
    assert dialog.reading is not None
    assert dialog.reading.board == board
    dialog.typed[0] = board.tiles[0]  # the top-left tile, confirmed by hand
    old_corners, old_turns = dialog.reading.corners, dialog.view.turns
    qtbot.mouseClick(dialog.turn_right_button, Qt.MouseButton.LeftButton)
    dialog = wait_for_reading(qtbot, window)
    # Read as the user said, numbers on their sides and all: a reading to correct, not a
    # refusal; the board's old top-left corner is now its top right.
    assert dialog.reading is not None
    assert dialog.reading.corners.top_right == pytest.approx(old_corners.top_left, abs=8)
    assert dialog.typed == {2: board.tiles[0]}
    assert dialog.view.turns == (old_turns + 3) % 4
    qtbot.mouseClick(dialog.turn_left_button, Qt.MouseButton.LeftButton)
    dialog = wait_for_reading(qtbot, window)
    assert dialog.reading is not None
    assert dialog.reading.board == board
    assert dialog.typed == {0: board.tiles[0]}


def test_open_photo_offers_only_the_formats_this_install_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As in the bundle, which leaves WebP's library out: Pillow registers no .webp.
    from core.photo import image as image_module
    from gui.photo_import import photo_filter

    assert "*.webp" in photo_filter()  # this venv's Pillow has it
    registered = {
        suffix: kind for suffix, kind in Image.registered_extensions().items() if suffix != ".webp"
    }
    monkeypatch.setattr(image_module.Image, "registered_extensions", lambda: registered)
    assert "webp" not in photo_filter()
    assert "*.jpg" in photo_filter()


def test_unsure_cells_stay_marked_on_the_board_until_edited_or_typed_over(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    import dataclasses

    from PySide6.QtGui import QAccessible

    seed = EXACT_SEEDS[(3, 3)]
    dialog = open_photo(qtbot, window, photo_file(tmp_path, seed))
    reading = dialog.reading
    assert reading is not None
    cells = list(reading.cells)
    for index in (1, 4, 7):
        cells[index] = dataclasses.replace(cells[index], unsure=True)
    dialog.reading = dataclasses.replace(reading, cells=tuple(cells))
    dialog.typed[7] = cells[7].number  # corrected in the dialog: looked at already
    with qtbot.waitSignal(dialog.finished):
        dialog.use_button.click()
    model = window.model
    assert model.cells_to_check == {1, 4}
    view = window.board_view
    board = QAccessible.queryAccessibleInterface(view)
    assert board.child(1).text(QAccessible.Text.Name).endswith("(read from the photo: check it)")
    window.resize(1180, 780)
    window.grab().save("/tmp/photo_cells_to_check.png")
    # The note goes with the next edit; the marks stay on the cells not yet looked at.
    window.editor.swap_cells(0, 2)
    assert model.cells_to_check == {1, 4}
    # Typing over a cell, even with the number it holds, confirms it.
    window.editor.type_digit(4, model.cell(4) or 0, continues=False)
    assert model.cells_to_check == {1}
    # Editing it to another number does too; a new board clears the rest.
    window.editor.swap_cells(1, 8)
    assert model.cells_to_check == frozenset()
