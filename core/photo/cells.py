"""What the number network sees of each cell: the cell's "ink", at a fixed size and cut to
the number's own box, and a few measures of the cell as a whole.

A cell's ink is how far each pixel's colour is from the cell's typical colour, so dark
numbers on light tiles, light on dark, blue on white and gold on red all look alike. The
ink is measured against the board's own contrast (most cells hold a number, so the median
cell's strongest ink is a number's), which keeps a blank's faint texture faint.

The reader and the trainer both call `network_inputs`, so the network is trained on
exactly what it is shown.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from PIL import Image

from core.photo.errors import PhotoError
from core.photo.statistics import row_medians, row_percentiles

if TYPE_CHECKING:
    from collections.abc import Sequence

FloatArray = npt.NDArray[np.float32]

#: The side of both pictures of a cell the network reads.
INPUT_SIDE = 32
#: The pictures: the whole cell, and the ink cut to its box.
CHANNELS = 2
#: The cell-wide measures (see `network_inputs`).
MEASURE_COUNT = 5

#: The part of each side of a cell left out: the gap and the tile's rim.
CELL_INSET = 0.1

#: Ink stronger than this share of the board's contrast counts towards the number's box.
GLYPH_INK = 0.35

#: The ink is clipped at this many times the board's contrast (glare, a hole's edge).
INK_CLIP = 2.0


def _resize(values: FloatArray, width: int, height: int) -> FloatArray:
    image = Image.fromarray(np.ascontiguousarray(values, dtype=np.float32), mode="F")
    return np.asarray(image.resize((width, height), Image.Resampling.BILINEAR), dtype=np.float32)


def cell_crops(
    pixels: FloatArray, column_lines: Sequence[float], row_lines: Sequence[float]
) -> list[FloatArray]:
    """Each cell's pixels (row-major) inside its lines, the rim left out. Raises PhotoError
    when the cells are too small to read."""
    crops = []
    for top, bottom in pairwise(row_lines):
        for left, right in pairwise(column_lines):
            inset_x = CELL_INSET * (right - left)
            inset_y = CELL_INSET * (bottom - top)
            x0, x1 = round(left + inset_x), round(right - inset_x)
            y0, y1 = round(top + inset_y), round(bottom - inset_y)
            if x1 - x0 < 6 or y1 - y0 < 6:
                raise PhotoError("the tiles are too small in this photo: take it closer")
            crops.append(pixels[y0:y1, x0:x1])
    return crops


def _inks(crops: Sequence[FloatArray]) -> tuple[list[FloatArray], FloatArray, FloatArray]:
    """Each cell's ink, its typical colour (the median of each channel) and its strongest
    ink (the 95th percentile). A board's crops come in a few sizes, a pixel apart: each
    size is measured in one stacked array, which costs a fraction of a call per cell."""
    inks: list[FloatArray] = [np.empty((0, 0), dtype=np.float32)] * len(crops)
    colours = np.empty((len(crops), 3), dtype=np.float32)
    peaks = np.empty(len(crops), dtype=np.float32)
    by_shape: dict[tuple[int, ...], list[int]] = {}
    for index, crop in enumerate(crops):
        by_shape.setdefault(crop.shape, []).append(index)
    for indices in by_shape.values():
        stack = np.stack([crops[index] for index in indices])
        # the median along each channel's own contiguous run (partitioning along a strided
        # axis is several times slower)
        channels = np.ascontiguousarray(np.moveaxis(stack, 3, 1)).reshape(
            len(indices), stack.shape[-1], -1
        )
        typical = row_medians(channels.reshape(-1, channels.shape[2])).reshape(len(indices), -1)
        # The squares summed channel by channel, each a contiguous run: a sum over a last
        # axis of three walks memory in strides (the same sum, in the same order).
        squares = channels - typical[:, :, None]
        np.square(squares, out=squares)
        ink = squares[:, 0] + squares[:, 1]
        ink += squares[:, 2]
        np.sqrt(ink, out=ink)
        colours[indices] = typical
        peaks[indices] = row_percentiles(ink, 95)
        for position, index in enumerate(indices):
            inks[index] = ink[position].reshape(stack.shape[1:3])
    return inks, colours, peaks


def _glyph(ink: FloatArray) -> tuple[FloatArray, float, float]:
    """The ink (already in units of the board's contrast) cut to the box of its strong
    part and fitted, aspect kept, centred into a square; also the box's height and width
    as fractions of the cell's. The square keeps a quarter turn of the cell a quarter turn
    of its glyph."""
    glyph = np.zeros((INPUT_SIDE, INPUT_SIDE), dtype=np.float32)
    mask = ink > GLYPH_INK
    if not mask.any():
        return glyph, 0.0, 0.0
    rows = np.nonzero(mask.any(axis=1))[0]
    columns = np.nonzero(mask.any(axis=0))[0]
    top, bottom = int(rows[0]), int(rows[-1]) + 1
    left, right = int(columns[0]), int(columns[-1]) + 1
    crop = ink[top:bottom, left:right]
    scale = INPUT_SIDE / max(crop.shape)
    width = max(1, min(INPUT_SIDE, round(crop.shape[1] * scale)))
    height = max(1, min(INPUT_SIDE, round(crop.shape[0] * scale)))
    x0, y0 = (INPUT_SIDE - width) // 2, (INPUT_SIDE - height) // 2
    glyph[y0 : y0 + height, x0 : x0 + width] = _resize(crop, width, height)
    return glyph, (bottom - top) / ink.shape[0], (right - left) / ink.shape[1]


def network_inputs(crops: Sequence[FloatArray]) -> tuple[FloatArray, FloatArray]:
    """The network's inputs for one board's cells (RGB crops from `cell_crops`, values 0..1):
    pictures (cells x CHANNELS x INPUT_SIDE x INPUT_SIDE) and measures (cells x
    MEASURE_COUNT): the cell's strongest ink, its mean ink, how far its colour is from the
    board's typical tile colour, the number's box height and width. All but the box are in
    units of the board's contrast; none changes when the cell is turned a quarter."""
    inks, colours, peaks = _inks(crops)
    contrast = max(float(np.median(peaks)), 0.02)
    board_colour = np.median(colours, axis=0)
    pictures = np.zeros((len(crops), CHANNELS, INPUT_SIDE, INPUT_SIDE), dtype=np.float32)
    measures = np.zeros((len(crops), MEASURE_COUNT), dtype=np.float32)
    for index, (ink, colour) in enumerate(zip(inks, colours, strict=True)):
        scaled = np.minimum(ink / contrast, INK_CLIP)
        pictures[index, 0] = _resize(scaled, INPUT_SIDE, INPUT_SIDE)
        glyph, glyph_height, glyph_width = _glyph(scaled)
        pictures[index, 1] = glyph
        measures[index] = (
            min(peaks[index] / contrast, 4.0),
            float(scaled.mean()),
            min(float(np.sqrt(((colour - board_colour) ** 2).sum())) / contrast, 4.0),
            glyph_height,
            glyph_width,
        )
    return pictures, measures
