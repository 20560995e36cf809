"""A picture of what the reader read, for a person reporting a misread (and for us): the
photo with the grid's outline, each cell's outline, the board's top edge drawn thick with
an arrow pointing up the board, and on each cell the number read (drawn in strokes, so no
font is needed) over a bar that fills with the cell's confidence; unsure cells in orange.

When the reader refuses a photo, `draw_refusal` draws the outlines the board finder tried
instead, the likeliest thickest: whether it looked in the wrong place or read the right
place badly is then plain to see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from core.photo.board_finder import board_outlines
from core.photo.errors import PhotoError

if TYPE_CHECKING:
    from pathlib import Path

    from core.photo.geometry import Quad
    from core.photo.image import Photo
    from core.photo.reader import PhotoReading

#: Seven-segment strokes of each digit on a unit box: (x0, y0, x1, y1), y down.
_SEGMENTS = {
    "a": (0, 0, 1, 0),
    "b": (1, 0, 1, 0.5),
    "c": (1, 0.5, 1, 1),
    "d": (0, 1, 1, 1),
    "e": (0, 0.5, 0, 1),
    "f": (0, 0, 0, 0.5),
    "g": (0, 0.5, 1, 0.5),
}
_DIGITS = {
    "0": "abcdef",
    "1": "bc",
    "2": "abged",
    "3": "abgcd",
    "4": "fgbc",
    "5": "afgcd",
    "6": "afgedc",
    "7": "abc",
    "8": "abcdefg",
    "9": "abcdfg",
    "_": "d",
}

SURE = (40, 200, 60)
UNSURE = (255, 140, 0)
GRID = (0, 160, 255)


def _draw_text(
    draw: ImageDraw.ImageDraw,
    text: str,
    centre: tuple[float, float],
    height: float,
    colour: tuple[int, int, int],
) -> None:
    width = height * 0.5
    step = width * 1.5
    left = centre[0] - (step * len(text) - (step - width)) / 2
    top = centre[1] - height / 2
    stroke = max(2, round(height / 8))
    for index, character in enumerate(text):
        x = left + index * step
        for segment in _DIGITS.get(character, ""):
            x0, y0, x1, y1 = _SEGMENTS[segment]
            draw.line(
                (x + x0 * width, top + y0 * height, x + x1 * width, top + y1 * height),
                fill=colour,
                width=stroke,
            )


def _outline(
    draw: ImageDraw.ImageDraw, quad: Quad, colour: tuple[int, int, int], width: int
) -> None:
    points = list(quad.points())
    draw.line([*points, points[0]], fill=colour, width=width)


def draw_reading(photo: Photo, reading: PhotoReading) -> Image.Image:
    """The photo at working size with the reading drawn on it."""
    image = photo.image.copy()
    draw = ImageDraw.Draw(image)
    to_working = 1 / photo.scale
    line = max(2, round(max(image.size) / 400))
    corners = reading.corners.scaled(to_working)
    for cell in reading.cells:
        quad = cell.quad.scaled(to_working)
        _outline(draw, quad, UNSURE if cell.unsure else GRID, line)
        xs = [x for x, _ in quad.points()]
        ys = [y for _, y in quad.points()]
        centre = (sum(xs) / 4, sum(ys) / 4)
        side = min(max(xs) - min(xs), max(ys) - min(ys))
        colour = UNSURE if cell.unsure else SURE
        _draw_text(draw, "_" if cell.number == 0 else str(cell.number), centre, side * 0.3, colour)
        bar_left, bar_top = centre[0] - side * 0.3, centre[1] + side * 0.25
        draw.rectangle(
            (bar_left, bar_top, bar_left + side * 0.6, bar_top + side * 0.06), outline=colour
        )
        draw.rectangle(
            (bar_left, bar_top, bar_left + side * 0.6 * cell.confidence, bar_top + side * 0.06),
            fill=colour,
        )
    _outline(draw, corners, GRID, line)
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = corners.points()
    draw.line((x0, y0, x1, y1), fill=(255, 0, 200), width=line * 3)  # the board's top edge
    centre = ((x0 + x1 + x2 + x3) / 4, (y0 + y1 + y2 + y3) / 4)
    top_middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    tip = (
        centre[0] + 0.8 * (top_middle[0] - centre[0]),
        centre[1] + 0.8 * (top_middle[1] - centre[1]),
    )
    draw.line((*centre, *tip), fill=(255, 0, 200), width=line * 2)
    draw.ellipse(
        (tip[0] - line * 4, tip[1] - line * 4, tip[0] + line * 4, tip[1] + line * 4),
        fill=(255, 0, 200),
    )
    return image


#: How many of the outlines tried a refusal's drawing shows, likeliest first.
REFUSAL_OUTLINES = 6
TRIED = ((255, 0, 200), (255, 140, 0), (0, 160, 255), (40, 200, 60), (230, 40, 40), (120, 80, 255))


def draw_refusal(photo: Photo) -> Image.Image:
    """The photo at working size with the outlines the board finder tried drawn on it, the
    likeliest first and thickest; the photo alone when it found none."""
    image = photo.image.copy()
    draw = ImageDraw.Draw(image)
    line = max(2, round(max(image.size) / 400))
    outlines: list[Quad] = []
    try:
        for outline in board_outlines(photo):
            outlines.append(outline)
            if len(outlines) == REFUSAL_OUTLINES:
                break
    except PhotoError:
        pass  # no board-like shape: the photo alone says so
    for rank, outline in reversed(list(enumerate(outlines))):
        _outline(draw, outline, TRIED[rank % len(TRIED)], line * (3 if rank == 0 else 1))
    return image


def save_debug_image(photo: Photo, reading: PhotoReading | None, path: Path) -> None:
    """Write the drawing of `reading` as PNG, or of the outlines tried when the reader
    refused the photo (`reading` None). Raises OSError when it cannot be written."""
    drawing = draw_refusal(photo) if reading is None else draw_reading(photo, reading)
    drawing.save(path, format="PNG")
