"""Finding the board's outline, on drawn boards whose answer is known."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageDraw

from core.photo.board_finder import board_outlines
from core.photo.geometry import Quad
from core.photo.image import load_photo

TABLE = (28, 52, 40)
TILE = (225, 240, 232)


def png_of_board(blank_colour: tuple[int, int, int]) -> bytes:
    """A 4x4 board of light tiles from (200, 150) to (600, 550) on a dark table, its blank in
    the bottom-left corner painted `blank_colour`."""
    image = Image.new("RGB", (800, 700), TABLE)
    draw = ImageDraw.Draw(image)
    for row in range(4):
        for column in range(4):
            left, top = 200 + column * 100, 150 + row * 100
            colour = blank_colour if (row, column) == (3, 0) else TILE
            draw.rectangle((left + 4, top + 4, left + 95, top + 95), fill=colour)
            if colour == TILE:
                draw.text((left + 40, top + 40), str(row * 4 + column + 1), fill=(20, 20, 20))
    stream = io.BytesIO()
    image.save(stream, format="PNG")
    return stream.getvalue()


def worst_corner_distance(found: Quad, expected: Quad) -> float:
    return float(np.abs(found.as_array() - expected.as_array()).max())


BOARD = Quad((200, 150), (600, 150), (600, 550), (200, 550))


def test_a_board_is_outlined_first() -> None:
    photo = load_photo(png_of_board(TILE))

    first = next(board_outlines(photo)).scaled(photo.scale)

    assert worst_corner_distance(first, BOARD) < 20


def test_a_blank_in_the_corner_the_colour_of_the_table_still_gives_the_whole_board() -> None:
    # The table runs into the blank, so the board's shape has a corner cut off; one of the
    # outlines must put the corner back rather than cut the board diagonally.
    photo = load_photo(png_of_board(TABLE))

    outlines = [outline.scaled(photo.scale) for outline in board_outlines(photo)]

    assert min(worst_corner_distance(outline, BOARD) for outline in outlines) < 20
    assert worst_corner_distance(outlines[0], BOARD) > 40
