"""What number each cell shows: features of a cell's picture, and a small neural network
that scores every number for it.

A cell's "ink" is how far each pixel's colour is from the cell's typical colour, so dark
numbers on light tiles, light on dark and white on red all look alike to the network.
The features are the ink at a fixed size (how big the number is on its tile, and where),
the ink cut to the number's own box (its shape, whatever the font size), and a few
measures (how much ink, how far the cell's colour is from the other tiles': the blank
shows the tray). The network (one hidden layer, weights in resources/photo) was trained by
core/photo/train.py on generated photos; it scores blank and 1 to MAX_NUMBER.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image
from threadpoolctl import ThreadpoolController

from core.photo.assignment import solve_assignment
from core.photo.errors import PhotoError

FloatArray = npt.NDArray[np.float32]

#: The largest tile number the network knows (a 6x6 board).
MAX_NUMBER = 35
CLASS_COUNT = MAX_NUMBER + 1  # class 0 is the blank

PLAIN_SIDE = 24
GLYPH_HEIGHT, GLYPH_WIDTH = 16, 20
SCALAR_COUNT = 6
FEATURE_COUNT = PLAIN_SIDE * PLAIN_SIDE + GLYPH_HEIGHT * GLYPH_WIDTH + SCALAR_COUNT

#: The part of each side of a cell left out: the gap and the tile's rim.
CELL_INSET = 0.12

MODEL_PATH = (
    Path(__file__).resolve().parent.parent.parent / "resources" / "photo" / "tile_numbers.npz"
)


def _resize(values: FloatArray, width: int, height: int) -> FloatArray:
    image = Image.fromarray(np.ascontiguousarray(values, dtype=np.float32), mode="F")
    return np.asarray(image.resize((width, height), Image.Resampling.BILINEAR), dtype=np.float32)


def _cell_ink(pixels: FloatArray, box: tuple[int, int, int, int]) -> tuple[FloatArray, FloatArray]:
    """The ink of one cell and the cell's typical colour."""
    left, top, right, bottom = box
    cell = pixels[top:bottom, left:right]
    typical = np.median(cell.reshape(-1, 3), axis=0).astype(np.float32)
    ink = np.sqrt(((cell - typical) ** 2).sum(axis=2)).astype(np.float32)
    return ink, typical


def _glyph(ink: FloatArray) -> tuple[FloatArray, float, float]:
    """The ink cut to its box and fitted, aspect kept, into GLYPH_WIDTH x GLYPH_HEIGHT;
    also the box's height and width as fractions of the cell's."""
    peak = float(ink.max())
    glyph = np.zeros((GLYPH_HEIGHT, GLYPH_WIDTH), dtype=np.float32)
    if peak <= 0:
        return glyph, 0.0, 0.0
    mask = ink > 0.4 * peak
    rows = np.nonzero(mask.any(axis=1))[0]
    columns = np.nonzero(mask.any(axis=0))[0]
    top, bottom = int(rows[0]), int(rows[-1]) + 1
    left, right = int(columns[0]), int(columns[-1]) + 1
    crop = ink[top:bottom, left:right] / peak
    scale = min(GLYPH_WIDTH / crop.shape[1], GLYPH_HEIGHT / crop.shape[0])
    width = max(1, min(GLYPH_WIDTH, round(crop.shape[1] * scale)))
    height = max(1, min(GLYPH_HEIGHT, round(crop.shape[0] * scale)))
    fitted = _resize(crop, width, height)
    x0, y0 = (GLYPH_WIDTH - width) // 2, (GLYPH_HEIGHT - height) // 2
    glyph[y0 : y0 + height, x0 : x0 + width] = fitted
    return glyph, (bottom - top) / ink.shape[0], (right - left) / ink.shape[1]


def cell_boxes(
    column_lines: tuple[float, ...], row_lines: tuple[float, ...]
) -> list[tuple[int, int, int, int]]:
    """Each cell's box inside its lines (row-major), the rim left out."""
    boxes = []
    for top, bottom in pairwise(row_lines):
        for left, right in pairwise(column_lines):
            inset_x = CELL_INSET * (right - left)
            inset_y = CELL_INSET * (bottom - top)
            box = (
                round(left + inset_x),
                round(top + inset_y),
                round(right - inset_x),
                round(bottom - inset_y),
            )
            if box[2] - box[0] < 4 or box[3] - box[1] < 4:
                raise PhotoError("the tiles are too small in this photo: take it closer")
            boxes.append(box)
    return boxes


def cell_features(
    pixels: FloatArray, column_lines: tuple[float, ...], row_lines: tuple[float, ...]
) -> FloatArray:
    """One feature row per cell (row-major) of a board warped square."""
    boxes = cell_boxes(column_lines, row_lines)
    inks, colours = zip(*(_cell_ink(pixels, box) for box in boxes), strict=True)
    peaks = np.array([float(np.percentile(ink, 95)) for ink in inks], dtype=np.float32)
    # The board's own contrast: most cells hold a number, so the median peak is a number's.
    scale = max(float(np.median(peaks)), 0.02)
    board_colour = np.median(np.stack(colours), axis=0)
    rows = np.zeros((len(boxes), FEATURE_COUNT), dtype=np.float32)
    for index, (ink, colour) in enumerate(zip(inks, colours, strict=True)):
        plain = np.clip(_resize(ink, PLAIN_SIDE, PLAIN_SIDE) / scale, 0.0, 2.0)
        glyph, glyph_height, glyph_width = _glyph(ink)
        scalars = np.array(
            [
                peaks[index] / scale,
                float(ink.mean()) / scale,
                glyph_height,
                glyph_width,
                float(np.sqrt(((colour - board_colour) ** 2).sum())) / scale,
                1.0,
            ],
            dtype=np.float32,
        )
        rows[index] = np.concatenate([plain.ravel(), glyph.ravel(), scalars])
    return rows


@cache
def _blas_threads() -> ThreadpoolController:
    """The process's BLAS thread pools, found once (finding them reads the loaded libraries)."""
    return ThreadpoolController()


@dataclass(frozen=True, eq=False)
class Network:
    """One hidden layer: scores = relu(x W1 + b1) W2 + b2, on standardised features."""

    mean: FloatArray
    spread: FloatArray
    hidden_weights: FloatArray
    hidden_bias: FloatArray
    output_weights: FloatArray
    output_bias: FloatArray

    def log_probabilities(self, features: FloatArray) -> FloatArray:
        """Per row, the log-probability of each class (blank, 1, ..., MAX_NUMBER)."""
        standard = (features - self.mean) / self.spread
        # Products this small gain nothing from BLAS threads, and the threads wait on each
        # other whenever the cores are busy (bench/README.md has the figures).
        with _blas_threads().limit(limits=1, user_api="blas"):
            hidden = np.maximum(standard @ self.hidden_weights + self.hidden_bias, 0.0)
            scores = hidden @ self.output_weights + self.output_bias
        scores -= scores.max(axis=1, keepdims=True)
        result: FloatArray = (scores - np.log(np.exp(scores).sum(axis=1, keepdims=True))).astype(
            np.float32
        )
        return result

    def save(self, path: Path) -> None:
        """Store the weights as float16 (half the size; the scores barely move)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(
            path,
            mean=self.mean,
            spread=self.spread,
            hidden_weights=self.hidden_weights.astype(np.float16),
            hidden_bias=self.hidden_bias,
            output_weights=self.output_weights.astype(np.float16),
            output_bias=self.output_bias,
        )

    @classmethod
    def load(cls, path: Path) -> Network:
        with np.load(path) as stored:
            arrays = {name: stored[name].astype(np.float32) for name in stored.files}
        return cls(**arrays)


@cache
def shipped_network() -> Network:
    """The network shipped in resources/photo. Raises PhotoError when it is missing."""
    try:
        return Network.load(MODEL_PATH)
    except OSError:
        raise PhotoError(
            f"the number recogniser's weights are missing ({MODEL_PATH}); run core/photo/train.py"
        ) from None


@dataclass(frozen=True, eq=False)
class JointReading:
    """Numbers assigned jointly to a board's cells, and what the assignment weighed."""

    #: The number of each cell (row-major), 0 for the blank: each once.
    numbers: tuple[int, ...]
    #: -log-probability, cell x number (blank and 1 to the cell count - 1).
    costs: npt.NDArray[np.float64]
    #: The assignment's reduced costs (assignment.solve_assignment), for each cell's margin.
    reduced: npt.NDArray[np.float64]

    @property
    def chosen_costs(self) -> npt.NDArray[np.float64]:
        return self.costs[np.arange(len(self.numbers)), list(self.numbers)]

    @property
    def mean_cost(self) -> float:
        """How unlike a board's numbers the cells read: the mean cost per cell."""
        return float(self.chosen_costs.mean())


def read_cells(features: FloatArray) -> JointReading:
    """The numbers assigned jointly to cells with these features (one row per cell)."""
    cell_count = len(features)
    if cell_count - 1 > MAX_NUMBER:
        raise PhotoError(f"the reader knows numbers up to {MAX_NUMBER}")
    log_probabilities = shipped_network().log_probabilities(features)[:, :cell_count]
    costs = -log_probabilities.astype(np.float64)
    numbers, reduced = solve_assignment(costs)
    return JointReading(numbers, costs, reduced)


def reading_cost(
    pixels: FloatArray, column_lines: tuple[float, ...], row_lines: tuple[float, ...]
) -> float:
    """How unlike a board's numbers the cells between these lines read (the mean cost per
    cell of their joint reading)."""
    return read_cells(cell_features(pixels, column_lines, row_lines)).mean_cost
