"""The exported result: verdict, numbers, the whole board and the reasoning; no artefacts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtGui import QGuiApplication, QImage

from core import Board
from gui.export import PNG_SCALE, ResultPicture
from tests.gui.conftest import ARTICLE_BOARD, LOYD_BOARD, click_cell

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def picture(window) -> ResultPicture:
    return ResultPicture(
        window.model, window.board_view.palette(), window.board_view.font(), badges=True
    )


def test_png_is_twice_the_resolution(window, tmp_path) -> None:
    window.editor.load(LOYD_BOARD)
    path = tmp_path / "result.png"
    assert window.clipboard.export_image(str(path))
    image = QImage(str(path))
    size = picture(window).size
    assert (image.width(), image.height()) == (
        int(size.width() * PNG_SCALE),
        int(size.height() * PNG_SCALE),
    )
    assert window.status_message.text() == 'Exported "result.png"'


def test_svg_holds_the_verdict_numbers_board_and_reasoning(window, tmp_path) -> None:
    window.editor.load(LOYD_BOARD)
    path = tmp_path / "result.svg"
    assert window.clipboard.export_image(str(path))
    text = path.read_text()
    assert "<title>Slidecheck: Not solvable</title>" in text
    assert "1 inversion, blank on row 1 from the bottom." in text
    assert ">15<" in text  # a tile of the board
    assert "Swap 14 and 15 to make it solvable." in text
    assert "so it is not solvable" in text  # the conclusion of the reasoning


def test_a_hovered_tile_or_the_cursor_leaves_no_trace(qtbot: QtBot, window, tmp_path) -> None:
    window.editor.load(ARTICLE_BOARD)
    clean = picture(window).image()
    click_cell(qtbot, window.board_view, 5)  # moves the keyboard cursor
    window.model.set_highlighted_tile(12)  # as a hover does
    assert window.model.highlighted_tile == 12
    assert picture(window).image() == clean
    assert window.model.highlighted_tile == 12  # the window's own state is untouched


@pytest.mark.parametrize("board", [ARTICLE_BOARD, LOYD_BOARD, Board.solved(3, 3)])
def test_the_picture_paints_every_pixel(window, board) -> None:
    """A height with a fraction is rounded up for the image; its last row of pixels was
    left as the memory held it (the export test above failed by the order tests ran in)."""
    from PySide6.QtGui import QColor, QPainter, QPalette

    window.editor.load(board)
    result = picture(window)
    size = result.size
    # As `image` paints, on a known colour instead of whatever the memory holds.
    image = QImage(size.width() * 2, size.height() * 2, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(2)
    image.fill(QColor(255, 0, 255))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    result.paint(painter)
    painter.end()
    background = window.board_view.palette().color(QPalette.ColorRole.Window)
    for y in (0, image.height() - 1):  # the margins above and below the picture
        for x in range(0, image.width(), 7):
            assert image.pixelColor(x, y) == background, (x, y)


def test_copy_result_as_an_image(window) -> None:
    window.editor.load(ARTICLE_BOARD)
    QGuiApplication.clipboard().clear()
    window.clipboard_actions.copy_image_action.trigger()
    image = QGuiApplication.clipboard().image()
    assert not image.isNull()
    assert image.width() >= picture(window).size.width()


def test_an_unwritable_path_says_so(window, tmp_path) -> None:
    path = tmp_path / "missing-folder" / "result.png"
    assert not window.clipboard.export_image(str(path))
    assert window.status_message.text() == 'Cannot write "result.png"'


def test_a_large_board_is_scaled_to_a_bounded_image(window) -> None:
    from core import Board

    window.editor.load(Board.solved(100, 100))
    image = picture(window).image()
    assert max(image.width(), image.height()) <= 8192
    assert image.width() > 4000  # still the whole board, readable when zoomed
