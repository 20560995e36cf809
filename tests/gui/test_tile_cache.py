"""The tile cache paints the board as the vector painter does, and draws each look once."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from core import inversion_pairs, random_board
from gui.appearance import forced_palette
from gui.board_model import BoardModel
from gui.board_painter import BoardGeometry, BoardPainter, ViewState
from gui.tile_cache import NEW_TILES_PER_PAINT, TileCache

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot


def render(
    model: BoardModel,
    cache: TileCache | None,
    *,
    ratio: float,
    shift: tuple[float, float],
    style: str = "light",
) -> QImage:
    geometry = BoardGeometry.fitting(model.width, model.height, 420, 420)
    width, height = int(geometry.content_width) + 4, int(geometry.content_height) + 4
    image = QImage(round(width * ratio), round(height * ratio), QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.translate(*shift)  # the view centres the board, often on half pixels
    area = QRectF(0, 0, width, height)
    font = QFont()
    font.setPixelSize(13)
    BoardPainter(model, forced_palette(style), font, cache).paint(
        painter, geometry, area, ViewState(show_badges=False)
    )
    painter.end()
    return image


def differences(first: QImage, second: QImage) -> tuple[int, int]:
    """(pixels that differ, largest difference of one colour channel)."""
    assert first.size() == second.size()
    count = largest = 0
    for y in range(first.height()):
        for x in range(first.width()):
            a, b = first.pixel(x, y), second.pixel(x, y)
            if a != b:
                count += 1
                largest = max(largest, *(abs((a >> s & 255) - (b >> s & 255)) for s in (0, 8, 16)))
    return count, largest


@pytest.mark.parametrize(
    ("side", "ratio", "shift", "style", "pair"),
    [
        (4, 1.0, (0.0, 0.0), "light", False),
        (4, 1.0, (0.5, 0.5), "dark", False),
        (7, 2.0, (0.5, 0.25), "light", False),
        (12, 1.25, (0.3, 0.7), "dark", False),
        (5, 1.0, (0.5, 0.0), "light", True),  # a pair's connector: bodies, then numbers
        (6, 2.0, (0.25, 0.5), "dark", True),
    ],
)
def test_cached_tiles_look_like_vector_tiles(  # noqa: PLR0917
    qtbot: QtBot, side: int, ratio: float, shift: tuple[float, float], style: str, pair: bool
):
    model = BoardModel()
    model.set_board(random_board(side, side, solvable=False, rng=random.Random(side)))
    if pair:
        model.set_highlighted_pair(next(iter(inversion_pairs(model.board))))
    vector = render(model, None, ratio=ratio, shift=shift, style=style)
    cached = render(model, TileCache(), ratio=ratio, shift=shift, style=style)
    count, largest = differences(vector, cached)
    # Copies of pre-rendered tiles land on quarter pixels and text is laid out once: a
    # shade or two of antialiasing may differ, nothing a person could see.
    assert largest <= 24, (count, largest)


def test_each_tile_is_rendered_once_per_look(qtbot: QtBot):
    model = BoardModel()
    model.set_board(random_board(6, 6, solvable=True, rng=random.Random(1)))
    cache = TileCache()
    render(model, cache, ratio=1.0, shift=(0.5, 0.0))
    assert cache.tile_count == 35  # every tile but the blank, number included
    assert (cache.body_count, cache.number_count) == (0, 0)
    model.set_board(random_board(6, 6, solvable=True, rng=random.Random(2)))  # same tiles
    render(model, cache, ratio=1.0, shift=(0.5, 0.0))
    assert cache.tile_count == 35


def test_with_a_pair_connector_bodies_and_numbers_are_drawn_apart(qtbot: QtBot):
    model = BoardModel()
    model.set_board(random_board(6, 6, solvable=False, rng=random.Random(3)))
    model.set_highlighted_pair(next(iter(inversion_pairs(model.board))))
    cache = TileCache()
    render(model, cache, ratio=1.0, shift=(0.5, 0.0))
    assert cache.tile_count == 0  # the numbers go over the connector, drawn as text
    assert 1 <= cache.body_count <= 8  # a few looks and quarter-pixel offsets at most


def test_rotated_painter_is_left_to_the_vector_path(qtbot: QtBot):
    image = QImage(100, 100, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.rotate(30)
    drew = TileCache().draw_bodies(
        painter, [QRectF(10, 10, 30, 30)], QColor("blue"), QPen(QColor("black")), 4.0
    )
    painter.end()
    assert drew is False


def test_many_missing_pictures_are_made_over_several_paints(qtbot: QtBot):
    """Making a picture costs more than drawing the tile as vectors: a paint makes at most
    its share and draws the rest as vectors, so a new cell size never stalls a repaint."""
    model = BoardModel()
    model.set_board(random_board(12, 12, solvable=True, rng=random.Random(4)))
    cache = TileCache()
    vector = render(model, None, ratio=1.0, shift=(0.0, 0.0))
    counts = []
    for _ in range(3):
        cached = render(model, cache, ratio=1.0, shift=(0.0, 0.0))
        counts.append(cache.tile_count)
        assert differences(vector, cached)[1] <= 24  # the same picture, whatever the mix
    assert counts == [NEW_TILES_PER_PAINT, 2 * NEW_TILES_PER_PAINT, 143]


def test_a_cache_may_picture_no_tile_and_draw_each_as_vectors(qtbot: QtBot):
    model = BoardModel()
    model.set_board(random_board(4, 4, solvable=True, rng=random.Random(2)))
    cache = TileCache(new_tiles_per_paint=0)
    vector = render(model, None, ratio=1.0, shift=(0.5, 0.5))
    drawn = render(model, cache, ratio=1.0, shift=(0.5, 0.5))
    assert cache.tile_count == 0
    assert differences(vector, drawn)[1] <= 24


def test_the_boards_first_paint_pictures_no_tile_and_the_next_one_does(qtbot: QtBot):
    """A picture costs several times a tile drawn as vectors and pays only when a repaint
    copies it: the first frame does without, the next paint makes them."""
    from gui.board_view import BoardView

    model = BoardModel()
    model.set_board(random_board(4, 4, solvable=True, rng=random.Random(3)))
    view = BoardView(model)
    qtbot.addWidget(view)
    view.resize(420, 420)
    first = view.viewport().grab().toImage()
    assert view._tile_cache.tile_count == 0
    second = view.viewport().grab().toImage()
    assert view._tile_cache.tile_count == 15
    assert differences(first, second)[1] <= 24
