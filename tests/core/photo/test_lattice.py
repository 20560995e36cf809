"""A checkered red-and-cream board on white paper, turned: its outer cream tiles are the
paper's colour, so its outline is lost, but its tiles' edges still form a lattice."""

from __future__ import annotations

import io
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from core.board import Board
from core.photo.geometry import Quad
from core.photo.image import load_photo
from core.photo.lattice import lattice_outlines
from core.photo.reader import read_photo
from core.photo.training.synthetic import StyleSet, font_files

PAPER = (242, 240, 234)
CREAM = (238, 232, 214)
RED = (165, 28, 34)
GOLD = (196, 150, 40)
CELL = 90
SIDE = 4
TURN = 25.0  # degrees, counterclockwise as the photo shows it
CENTRE = (400.0, 330.0)
TILES = (5, 1, 9, 3, 12, 6, 0, 10, 2, 14, 7, 15, 13, 4, 11, 8)


def _board_point(column: float, row: float) -> tuple[float, float]:
    """Where the point `column` cells across and `row` down the board lies in the photo."""
    x = (column - SIDE / 2) * CELL
    y = (row - SIDE / 2) * CELL
    angle = math.radians(-TURN)  # y runs down the photo
    return (
        CENTRE[0] + x * math.cos(angle) - y * math.sin(angle),
        CENTRE[1] + x * math.sin(angle) + y * math.cos(angle),
    )


def checkered_photo() -> bytes:
    """The board drawn upright, tile by tile, then turned onto the paper."""
    font = ImageFont.truetype(str(font_files(StyleSet.TEST)[0]), 46)
    board = Image.new("RGB", (SIDE * CELL, SIDE * CELL), CREAM)
    draw = ImageDraw.Draw(board)
    for index, number in enumerate(TILES):
        row, column = divmod(index, SIDE)
        colour = RED if (row + column) % 2 else CREAM
        box = (column * CELL, row * CELL, (column + 1) * CELL - 1, (row + 1) * CELL - 1)
        draw.rectangle(box, fill=colour)
        if number:
            draw.text(
                ((column + 0.5) * CELL, (row + 0.5) * CELL),
                str(number),
                font=font,
                fill=GOLD,
                anchor="mm",
            )
    mask = Image.new("L", board.size, 255).rotate(TURN, expand=True)
    turned = board.rotate(TURN, expand=True, resample=Image.Resampling.BICUBIC)
    photo = Image.new("RGB", (800, 660), PAPER)
    photo.paste(
        turned,
        (round(CENTRE[0] - turned.width / 2), round(CENTRE[1] - turned.height / 2)),
        mask,
    )
    noise = np.random.default_rng(4).normal(0, 4, (660, 800, 3))
    pixels = np.clip(np.asarray(photo, dtype=np.float64) + noise, 0, 255).astype(np.uint8)
    stream = io.BytesIO()
    Image.fromarray(pixels).save(stream, format="JPEG", quality=90)
    return stream.getvalue()


def _nearest_lattice_offset(point: tuple[float, float]) -> float:
    """How far (in cells) `point` is from the nearest crossing of the board's tile lines."""
    x, y = point[0] - CENTRE[0], point[1] - CENTRE[1]
    angle = math.radians(TURN)
    column = (x * math.cos(angle) - y * math.sin(angle)) / CELL + SIDE / 2
    row = (x * math.sin(angle) + y * math.cos(angle)) / CELL + SIDE / 2
    return max(abs(column - round(column)), abs(row - round(row)))


def test_the_tiles_edges_give_a_lattice_on_the_tiles_lines() -> None:
    photo = load_photo(checkered_photo())

    outlines = [outline.scaled(photo.scale) for outline in lattice_outlines(photo.image)]

    assert outlines
    first = outlines[0]
    # Every corner on a crossing of the tile lines (within a sixth of a cell), and the
    # lattice at least three cells a side.
    assert all(_nearest_lattice_offset(corner) < 1 / 6 for corner in first.points())
    top_left, top_right, _, bottom_left = first.points()
    assert math.dist(top_left, top_right) > 2.5 * CELL
    assert math.dist(top_left, bottom_left) > 2.5 * CELL


def test_a_checkered_board_whose_edge_is_lost_on_the_paper_reads_whole() -> None:
    reading = read_photo(checkered_photo())

    assert (reading.width, reading.height) == (SIDE, SIDE)
    assert reading.board == Board(SIDE, SIDE, TILES)
    corners = Quad(*(_board_point(*corner) for corner in ((0, 0), (4, 0), (4, 4), (0, 4))))
    found = reading.corners
    assert float(np.abs(found.as_array() - corners.as_array()).max()) < CELL / 4


BUTTONS = (12, 19, 23, 2, 4, 10, 9, 21, 11, 3, 24, 17, 7, 16, 20, 5, 8, 22, 14, 6, 0, 18, 15, 13, 1)
BUTTON = 100
BUTTON_GAP = 2
BUTTONS_LEFT, BUTTONS_TOP = 10, 44


def buttons_screenshot() -> bytes:
    """A desktop puzzle app's window: a 5x5 of light grey buttons, each with a thin border
    and 2 pixels between, on a light grey window, a line of text above and a wide button
    below. Between two buttons their borders make a double edge; round the board only one
    border shows, so the outer rows and columns stand out less than the inner ones."""
    font = ImageFont.truetype(str(font_files(StyleSet.TEST)[0]), 40)
    small = ImageFont.truetype(str(font_files(StyleSet.TEST)[0]), 18)
    window = Image.new("RGB", (530, 600), (224, 224, 224))
    draw = ImageDraw.Draw(window)
    draw.text((12, 12), "Moves: 145", font=small, fill=(136, 136, 136))
    draw.text((420, 12), "Time 01:52", font=small, fill=(136, 136, 136))
    pitch = BUTTON + BUTTON_GAP
    for index, number in enumerate(BUTTONS):
        row, column = divmod(index, 5)
        left, top = BUTTONS_LEFT + column * pitch, BUTTONS_TOP + row * pitch
        box = (left, top, left + BUTTON - 1, top + BUTTON - 1)
        draw.rectangle(box, fill=(236, 236, 236), outline=(178, 178, 178))
        if number:
            centre = (left + BUTTON / 2, top + BUTTON / 2)
            draw.text(centre, str(number), font=font, fill=(20, 20, 20), anchor="mm")
    bottom = BUTTONS_TOP + 5 * pitch + 6
    draw.rectangle((10, bottom, 518, bottom + 24), fill=(236, 236, 236), outline=(178, 178, 178))
    draw.text((264, bottom + 12), "New game", font=small, fill=(20, 20, 20), anchor="mm")
    stream = io.BytesIO()
    window.save(stream, format="PNG")
    return stream.getvalue()


def test_a_lattice_whose_outer_edges_are_single_lines_is_found_whole() -> None:
    photo = load_photo(buttons_screenshot())
    board = (BUTTONS_LEFT, BUTTONS_TOP, BUTTONS_LEFT + 5 * (BUTTON + BUTTON_GAP))

    outlines = [outline.scaled(photo.scale) for outline in lattice_outlines(photo.image)]

    # One of the lattices covers all 5x5 buttons, within a tenth of a button.
    def covers_the_board(outline: Quad) -> bool:
        left, top, right = board
        expected = np.array([[left, top], [right, top], [right, right - left + top]])
        return bool(np.abs(outline.as_array()[:3] - expected).max() < BUTTON / 10)

    assert any(covers_the_board(outline) for outline in outlines)


def test_an_app_screenshot_with_text_round_its_board_reads_whole() -> None:
    reading = read_photo(buttons_screenshot())

    assert reading.board == Board(5, 5, BUTTONS)
