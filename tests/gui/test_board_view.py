"""The board view: typing, keys, tint, marks, drag to swap, place in order and play."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from core import Board, check
from gui.app import settle_layout
from gui.mode_controller import Mode
from tests.gui.conftest import (
    ARTICLE_BOARD,
    LOYD_BOARD,
    click_cell,
    pixel_in_tile,
    type_cells,
)

if TYPE_CHECKING:
    from PySide6.QtGui import QColor
    from pytestqt.qtbot import QtBot


def verdict_text(window) -> str:
    return window.findChild(QLabel, "verdictLabel").text()


def test_typing_the_article_board_gives_solvable_blue(qtbot: QtBot, window):
    view = window.board_view
    window.editor.start_placing()  # start from an empty board, as a user copying one would
    type_cells(qtbot, view, ARTICLE_BOARD.tiles)
    assert window.model.board == ARTICLE_BOARD
    assert verdict_text(window) == "Solvable"
    assert view.blank_row_label().endswith("blank on row 2 from the bottom")
    assert window.inversion_panel.pair_model.rowCount() == 49
    colour = pixel_in_tile(view, 0)
    assert colour.blue() > colour.red() + 20  # blue tint


def test_typing_loyds_board_gives_not_solvable_orange(qtbot: QtBot, window):
    view = window.board_view
    window.editor.start_placing()
    type_cells(qtbot, view, LOYD_BOARD.tiles)
    assert window.model.board == LOYD_BOARD
    assert verdict_text(window) == "Not solvable"
    assert view.blank_row_label().endswith("blank on row 1 from the bottom")
    assert window.inversion_panel.pair_model.rowCount() == 1
    colour = pixel_in_tile(view, 0)
    assert colour.red() > colour.blue() + 20  # orange tint


def test_several_digits_in_one_cell_and_zero_inside_a_number(qtbot: QtBot, window):
    view = window.board_view
    click_cell(qtbot, view, 5)
    qtbot.keyClicks(view, "10")
    assert window.model.cell(5) == 10
    assert view.cursor_cell == 6  # 10 cannot grow on a 4x4 board: on to the next cell
    qtbot.keyClicks(view, "0")
    assert window.model.cell(6) == 0  # a lone 0 is the blank


def test_blank_keys(qtbot: QtBot, window):
    view = window.board_view
    for key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete, Qt.Key.Key_Space, "_"):
        window.editor.new_board()
        click_cell(qtbot, view, 0)
        assert window.model.cell(0) == 1
        if isinstance(key, str):
            qtbot.keyClicks(view, key)
        else:
            qtbot.keyClick(view, key)
        assert window.model.cell(0) == 0


def test_arrows_tab_and_enter_move_like_a_spreadsheet(qtbot: QtBot, window):
    view = window.board_view
    click_cell(qtbot, view, 0)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.cursor_cell == 1
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.cursor_cell == 5
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert view.cursor_cell == 6
    qtbot.keyClick(view, Qt.Key.Key_Backtab)
    assert view.cursor_cell == 5
    qtbot.keyClick(view, Qt.Key.Key_Return)  # the next cell in reading order
    assert view.cursor_cell == 6
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Left)  # stops at the edge
    assert view.cursor_cell == 8


def test_invalid_input_marks_the_cells_and_keeps_the_text(qtbot: QtBot, window):
    view = window.board_view
    click_cell(qtbot, view, 1)
    qtbot.keyClicks(view, "1")  # a second 1
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    qtbot.keyClicks(view, "16")  # out of range (1 can still grow, 16 cannot)
    assert window.model.cell(1) == 1
    assert window.model.cell(2) == 16
    assert window.model.board is None
    assert window.model.problem_cells >= {0, 1, 2}
    assert "appears twice" in view.blank_row_label()
    assert verdict_text(window) != "Solvable"
    assert verdict_text(window) != "Not solvable"
    # The marked cell is hatched in the problem colour, not tinted by a verdict.
    assert pixel_in_tile(view, 1) != pixel_in_tile(view, 5)


def test_drag_a_tile_onto_another_swaps_them(qtbot: QtBot, window):
    view = window.board_view
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=view.cell_center(0))
    qtbot.mouseMove(viewport, view.cell_center(1))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=view.cell_center(1))
    assert window.model.cells()[:2] == [2, 1]
    assert not window.model.verdict.solvable
    window.undo_stack.undo()
    assert window.model.board == Board.solved(4, 4)


def test_place_in_order_copies_a_physical_puzzle(qtbot: QtBot, window):
    view = window.board_view
    window.mode_menu.set_mode(Mode.PLACE)
    assert window.model.cells() == [None] * 16
    target = LOYD_BOARD
    for tile in range(1, 16):
        click_cell(qtbot, view, target.index_of(tile))
    assert window.model.board == target  # the last empty cell became the blank
    assert not window.model.verdict.solvable


def test_play_mode_slides_and_keeps_the_verdict(qtbot: QtBot, window):
    view = window.board_view
    window.editor.load(ARTICLE_BOARD)
    window.mode_menu.set_mode(Mode.PLAY)
    before = check(ARTICLE_BOARD)
    click_cell(qtbot, view, ARTICLE_BOARD.index_of(11))  # above the blank
    assert window.model.cell(5) == 0
    assert window.model.cell(9) == 11
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_Right, Qt.Key.Key_Down):
        qtbot.keyClick(view, key)
    assert window.model.board != ARTICLE_BOARD
    assert window.model.verdict.solvable == before.solvable
    assert verdict_text(window) == "Solvable"
    click_cell(qtbot, view, 0)  # not beside the blank: nothing moves
    assert window.model.verdict.solvable == before.solvable


def test_hovering_a_tile_highlights_its_partners(qtbot: QtBot, window):
    view = window.board_view
    window.editor.load(ARTICLE_BOARD)
    qtbot.mouseMove(view.viewport(), view.cell_center(0))
    assert window.model.highlighted_tile == 12
    assert window.model.partners_of_highlighted == frozenset(range(1, 12))
    assert "11 inversion partners" in view.painter()._highlight_summary()
    assert view.emphasised_cells() == [0]


def test_copy_and_paste_through_the_keyboard(qtbot: QtBot, window):
    from PySide6.QtGui import QGuiApplication

    view = window.board_view
    window.editor.load(LOYD_BOARD)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert "13 15 14  0" in QGuiApplication.clipboard().text()
    QGuiApplication.clipboard().setText("1 2 3/4 5 6/7 8 0")
    qtbot.keyClick(view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert window.model.board == Board.solved(3, 3)


def test_a_large_board_paints_only_what_is_visible(qtbot: QtBot, window):
    import random

    from core import random_board

    board = random_board(100, 100, solvable=False, rng=random.Random(3))
    window.editor.load(board)
    view = window.board_view
    rows, columns = view.board_geometry.visible_cells(view.viewport().rect().toRectF())
    assert len(rows) < 100
    assert len(columns) < 100
    view.viewport().grab()  # paints without touching every cell
    assert window.model.verdict.solvable is False


def test_ctrl_tab_leaves_the_board(qtbot: QtBot, window):
    view = window.board_view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not view.hasFocus())


def test_place_in_order_by_keyboard(qtbot: QtBot, window):
    view = window.board_view
    window.editor.new_board(2, 2)
    window.mode_menu.set_mode(Mode.PLACE)
    click_cell(qtbot, view, 3)  # tile 1 at the bottom right
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Space)  # tile 2 above it
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Space)  # tile 3 at the top left: the last cell is the blank
    assert window.model.cells() == [3, 2, 0, 1]


def test_keyboard_cursor_stays_clear_of_the_pinned_header(qtbot: QtBot, window):
    import random

    from core import random_board

    window.editor.load(random_board(60, 60, solvable=True, rng=random.Random(5)))
    view = window.board_view
    view.setFocus()
    view.set_cursor_cell(59 * 60 + 59)  # bottom right: scrolls to the far corner
    for _ in range(58):
        qtbot.keyClick(view, Qt.Key.Key_Up)
        qtbot.keyClick(view, Qt.Key.Key_Left)
    rect = view.cell_rect_in_viewport(view.cursor_cell)
    geometry = view.board_geometry
    assert rect.top() >= geometry.origin.y() - 1  # below the header band
    assert rect.left() >= geometry.origin.x() - 1  # right of the row numbers
    assert view.viewport().rect().contains(rect.center().toPoint())


def test_tint_in_the_dark_palette(qtbot: QtBot, window):
    from gui.appearance import forced_palette

    window.setPalette(forced_palette("dark"))
    view = window.board_view
    window.editor.load(ARTICLE_BOARD)
    solvable = pixel_in_tile(view, 0)
    assert solvable.blue() > solvable.red() + 20
    assert solvable.lightness() < 128  # dark tiles on a dark window
    window.editor.load(LOYD_BOARD)
    unsolvable = pixel_in_tile(view, 0)
    assert unsolvable.red() > unsolvable.blue() + 20


@pytest.mark.parametrize("side", [4, 32])
def test_header_texts_stay_inside_the_view(qtbot: QtBot, window, side):
    """On a board wider than the view, the highlight text once went to the board's right
    edge, off screen, leaving 'tile' at the view's edge."""
    import random

    from core import random_board
    from gui.board_painter import header_rect

    window.editor.load(random_board(side, side, solvable=True, rng=random.Random(side)))
    view = window.board_view
    view.repaint()  # fills the view's visible area into its state
    state, geometry = view.state, view.board_geometry
    view_right = state.visible_left + state.visible_width
    board_width = geometry.content_width
    # Texts that fit over the board, and texts too long for it (then the whole view).
    for needed in (board_width / 2, board_width * 2):
        rect = header_rect(geometry, state, needed)
        assert rect.left() >= state.visible_left
        assert rect.right() <= view_right
        if needed < board_width / 2 + 1 and board_width <= view.viewport().width():
            assert rect.right() <= board_width  # over the board, lined up with it


def _header_svg(window, state, tmp_path) -> str:
    from PySide6.QtCore import QRectF, QSize
    from PySide6.QtGui import QPainter
    from PySide6.QtSvg import QSvgGenerator

    from gui.board_painter import BoardPainter

    view = window.board_view
    geometry = view.board_geometry
    path = tmp_path / "header.svg"
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(int(state.visible_width), int(geometry.content_height)))
    painter = QPainter(generator)
    area = QRectF(0, 0, state.visible_width, geometry.content_height)
    BoardPainter(window.model, view.palette(), view.font()).paint(painter, geometry, area, state)
    painter.end()
    return path.read_text()


def test_the_header_keeps_the_blank_row_whole_in_play_mode(window, tmp_path):
    """The mode's instruction is said in its own line above the board (gui.board_instruction),
    not in the header, where it once pushed out the blank's row on a narrow view."""
    import dataclasses

    from gui.mode_controller import Mode

    window.editor.load(Board(4, 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11)))
    window.mode_menu.set_mode(Mode.PLAY)
    for width in (320.0, 1400.0):
        state = dataclasses.replace(window.board_view.state, visible_left=0.0, visible_width=width)
        header = _header_svg(window, state, tmp_path)
        assert "blank on row 1 from the bottom" in header  # whole, not "blank on row 1 …"
        assert "Play:" not in header


def _beside_bottom_left_tile(view) -> QColor:
    """A pixel just left of the bottom-left tile: the blank's row's band, where it is drawn."""
    board = view.model.board
    rect = view.cell_rect_in_viewport((board.height - 1) * board.width)
    image = view.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    return image.pixelColor(int((rect.left() - 3) * ratio), int(rect.center().y() * ratio))


def test_on_an_odd_width_the_header_says_the_blanks_row_does_not_count(qtbot, window) -> None:
    view = window.board_view
    window.editor.load(Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8)))
    assert view.blank_row_label() == "width 3 is odd: the blank's row does not count"
    background = view.palette().color(view.backgroundRole())
    no_band = _beside_bottom_left_tile(view)
    window.editor.load(Board(4, 4, (*range(1, 14), 0, 14, 15)))
    assert view.blank_row_label() == "blank on row 1 from the bottom"  # no arrow before it
    band = _beside_bottom_left_tile(view)
    assert band != no_band  # the blank's row is marked on an even width only
    assert no_band.name() in (background.name(), view.viewport().palette().window().color().name())


def test_a_board_that_fits_once_the_view_grows_has_no_scroll_bars(qtbot: QtBot) -> None:
    """Scroll bars shown while the view was small narrowed its viewport; sized to the view
    without them, the board fits, and they go."""
    from gui.board_model import BoardModel
    from gui.board_painter import HEADER, MARGIN
    from gui.board_view import BoardView

    model = BoardModel(Board.solved(10, 10))
    view = BoardView(model)
    qtbot.addWidget(view)
    view.resize(300, 300)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: view.verticalScrollBar().isVisible())
    cell = 40
    gutter = view.board_geometry.gutter
    view.resize(int(2 * MARGIN + gutter + 10 * cell), 2 * MARGIN + HEADER + 10 * cell)
    qtbot.waitUntil(lambda: view.board_geometry.cell == cell)
    assert view.horizontalScrollBar().maximum() == 0
    assert view.verticalScrollBar().maximum() == 0
    qtbot.waitUntil(lambda: not view.verticalScrollBar().isVisible())
    assert not view.horizontalScrollBar().isVisible()


def test_arrow_slides_in_play_keep_the_blank_in_view_on_a_large_board(qtbot: QtBot, window) -> None:
    """Playing a 100x100 board from the keyboard, the arrows slid tiles around the blank
    far off screen: the move count went up and nothing on screen moved."""
    side = 100
    window.editor.load(Board.solved(side, side))
    window.mode_menu.actions[Mode.PLAY].trigger()
    settle_layout()
    view = window.board_view
    blank = side * side - 1
    assert not view.viewport().rect().intersects(view.cell_rect_in_viewport(blank).toRect())
    qtbot.keyClick(view, Qt.Key.Key_Right)  # the tile left of the blank slides right
    board = window.model.board
    assert board is not None
    assert board.blank_index == blank - 1
    assert view.viewport().rect().contains(view.cell_rect_in_viewport(blank - 1).toRect())
