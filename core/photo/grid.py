"""The grid of tiles inside a board's outline: how many columns and rows, and where each
line between tiles runs.

The outline is warped square; there, the gaps between tiles are lines running the whole
board, while a number's strokes run across a part of one tile only. So each column of
pixels is scored by the edge strength most of its rows share, and the grid is the evenly
spaced set of lines (3 to 6 of them a side, unless the size is given) that best picks those
columns out from the columns between them. A second pass warps the grid itself square and
places each line to the pixel.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise, product
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from PIL import Image

from core.photo.errors import PhotoError
from core.photo.geometry import (
    FloatArray,
    Quad,
    apply_homography,
    homography,
    pillow_perspective_coefficients,
    seen_side_ratio,
)
from core.photo.recognizer import TURNS, JointReading, read_cells, screen_cost
from core.photo.statistics import row_medians

if TYPE_CHECKING:
    from collections.abc import Callable

PixelArray = npt.NDArray[np.float32]

#: The side of the square the board is warped to, and the border kept round the grid.
RECTIFIED_SIZE = 512
RECTIFIED_MARGIN = 32

#: Sizes the guess chooses from, per side; a given size may be anything from 2 to 8.
GUESSED_CELLS = range(3, 7)
MIN_CELLS, MAX_CELLS_PER_SIDE = 2, 8

#: Below this contrast between the lines and the tiles' middles there is no grid of tiles.
MIN_GRID_CONTRAST = 0.25

#: A fit this close to the best one and wider wins (see fit_axis).
WIDEST_TOLERANCE = 0.8

#: How many candidate fits per side the numbers read in the cells choose from.
CANDIDATES = 3

#: A count of cells whose few cells screened (recognizer.screen_cost) cost more than this
#: on average is not read whole: a reading over the model's max_mean_cost (3.0) is no
#: board, and the screen, from the first network alone, costs at most about half a unit
#: more than the reading (a single tile divided into cells: screens 1.4 to 5.4, reads 3.4
#: to 6.7).
UNREAD_SCREEN_COST = 4.0

#: A guessed grid whose cells come out more than this much longer one way than the other
#: (in the photo, perspective and all) is not read: tiles are square, in puzzles and apps
#: alike, and foreshortening by a 30 degree tilt makes them look at most about 1.2 times
#: as long.
MAX_CELL_SIDE_RATIO = 1.5
#: The same for an outline of the tiles' own colour divided evenly: the cells read there
#: are screened and read, so a doubtful shape costs a read, not a wrong board, and the
#: camera's shape may be misjudged (a cropped photo's centre is not the camera's): a board
#: tipped 25% more than a photo already oblique looked 0.53 as high as wide.
EVEN_CELL_SIDE_RATIO = 2.0


#: A guessed grid whose cells look more than this much longer one way than the other in
#: the photo itself is no grid of tiles, whatever the camera model makes of its outline
#: (a thin strip with sides a little apart reads as a board steeply tilted): square tiles
#: look so only from over 70 degrees off straight above, where no number can be read.
MAX_SEEN_CELL_RATIO = 3.0

#: Straightening finds each gap in this many bands along it and fits the gaps' tilts. Three,
#: not two: on a side of three cells (two gaps) two bands give exactly as many places as the
#: fit has coefficients, so a number's stroke taken for a gap could not be told and dropped.
STRAIGHTEN_BANDS = 3

NO_GRID_MESSAGE = "no grid of tiles found on the board: is this a sliding-tile puzzle?"


@dataclass(frozen=True)
class Rectified:
    """A quadrilateral of the photo warped square, and the map back."""

    pixels: PixelArray
    to_photo: FloatArray

    @property
    def size(self) -> int:
        return int(self.pixels.shape[0])


def rectify(image: Image.Image, outline: Quad, margin: int = RECTIFIED_MARGIN) -> Rectified:
    """Warp `outline` (working-image pixels) onto the square RECTIFIED_SIZE, `margin` pixels
    in from its sides."""
    size = RECTIFIED_SIZE
    square = np.array(
        [
            [margin, margin],
            [size - margin, margin],
            [size - margin, size - margin],
            [margin, size - margin],
        ],
        dtype=np.float64,
    )
    to_photo = homography(square, outline.as_array())
    warped = image.transform(
        (size, size),
        Image.Transform.PERSPECTIVE,
        pillow_perspective_coefficients(to_photo),
        Image.Resampling.BILINEAR,
    )
    return Rectified(np.asarray(warped, dtype=np.float32) / 255.0, to_photo)


def gap_edges(pixels: PixelArray) -> tuple[PixelArray, PixelArray]:
    """Each pixel's edge strength across columns and across rows, measured against the
    edges around it and widened a few pixels: a gap between tiles is a ridge in them."""
    horizontal = np.zeros(pixels.shape[:2], dtype=np.float32)
    vertical = np.zeros(pixels.shape[:2], dtype=np.float32)
    # Channel by channel: a sum over the last axis of three walks memory in strides.
    for plane in np.moveaxis(pixels, 2, 0):
        horizontal[:, 1:-1] += np.abs(plane[:, 2:] - plane[:, :-2])
        vertical[1:-1, :] += np.abs(plane[2:] - plane[:-2])
    # Glare and shadow change how strong an edge is from one part of the board to another;
    # measured against the edges around it, every gap stands out alike.
    strength = horizontal + vertical
    surround = _box_mean(strength, 24) + 0.02
    horizontal /= surround
    vertical /= surround
    # A gap is two edges a few pixels apart, and a warp a pixel off bends it: widen each.
    return widened(horizontal, GAP_WIDENING, axis=1), widened(vertical, GAP_WIDENING, axis=0)


#: How many pixels either way `gap_edges` widens each edge.
GAP_WIDENING = 7


def widened(values: PixelArray, reach: int, axis: int) -> PixelArray:
    """Each value replaced by the largest within `reach` places of it along `axis`
    (fewer at the ends). Windows are doubled (1, 2, 4, ... places) rather than shifted a
    place at a time: a few passes over the array instead of 2 `reach`."""
    along = np.moveaxis(values, axis, 0)
    count = along.shape[0]
    span = 2 * reach + 1
    if count <= 2 * reach:
        # Too short to double into: every window reaches an end.
        result = np.stack(
            [along[max(0, index - reach) : index + reach + 1].max(axis=0) for index in range(count)]
        )
        return np.moveaxis(result, 0, axis)
    # forward[i]: the largest of along[i : i + covered], fewer at the far end.
    forward = along.copy()
    covered = 1
    while covered < span:
        step = min(covered, span - covered)
        np.maximum(forward[:-step], forward[step:], out=forward[:-step])
        covered += step
    result = np.empty_like(along)
    result[reach:] = forward[: count - reach]
    result[:reach] = np.maximum.accumulate(along[: 2 * reach], axis=0)[reach:]
    return np.moveaxis(result, 0, axis)


def line_profiles(pixels: PixelArray) -> tuple[PixelArray, PixelArray]:
    """Per column and per row, the edge strength that half of the perpendicular pixels
    reach: high on a gap between tiles, low through a number."""
    across, down = gap_edges(pixels)
    # The median along the contiguous axis: a column's pixels copied together first.
    columns = row_medians(np.ascontiguousarray(across.T))
    rows = row_medians(down)
    return columns, rows


def _box_mean(values: PixelArray, radius: int) -> PixelArray:
    """The mean over a (2 radius + 1)-pixel square round each pixel (clipped at the sides)."""
    padded = np.pad(values, radius + 1, mode="edge").astype(np.float64)
    total = padded.cumsum(axis=0).cumsum(axis=1)
    side = 2 * radius + 1
    window = (
        total[side:, side:] - total[:-side, side:] - total[side:, :-side] + total[:-side, :-side]
    )
    height, width = values.shape
    result: PixelArray = (window[:height, :width] / (side * side)).astype(np.float32)
    return result


@dataclass(frozen=True)
class AxisFit:
    """Evenly spaced lines along one side: the first at `start`, `cells` cells of `pitch`."""

    start: float
    pitch: float
    cells: int
    contrast: float

    @property
    def end(self) -> float:
        return self.start + self.cells * self.pitch


def axis_candidates(
    profile: PixelArray,
    cell_counts: range | tuple[int, ...],
    start_range: tuple[float, float],
    end_range: tuple[float, float],
    limit: int = 1,
) -> list[AxisFit]:
    """Evenly spaced lines that stand out from the midpoints between them: the likeliest
    fit first (see below), then, up to `limit` in all, the best fit of each other count of
    cells that stands out at least half as much, best first. The numbers read in the cells
    decide between them (find_grid)."""
    length = len(profile)
    smooth = np.convolve(profile, np.ones(3, dtype=np.float32) / 3, mode="same")
    starts = np.arange(max(1, int(start_range[0])), min(length - 2, int(start_range[1])) + 1, 2)
    ends = np.arange(max(1, int(end_range[0])), min(length - 2, int(end_range[1])) + 1, 2)
    if len(starts) == 0 or len(ends) == 0:
        raise PhotoError(NO_GRID_MESSAGE)
    scale = float(np.mean(smooth)) + 1e-6
    start_grid, end_grid = np.meshgrid(starts, ends, indexing="ij")
    span = (end_grid - start_grid).astype(np.float64)
    stacked = np.stack(
        [fit_contrasts(smooth, start_grid, span, cells) / scale for cells in cell_counts]
    )
    counts = list(cell_counts)
    shape = stacked.shape

    def fit_at(flat: int) -> AxisFit:
        count_index, start_index, end_index = (int(i) for i in np.unravel_index(flat, shape))
        cells = counts[count_index]
        start, end = float(starts[start_index]), float(ends[end_index])
        contrast = float(stacked[count_index, start_index, end_index])
        return AxisFit(start, (end - start) / cells, cells, contrast)

    best = float(stacked.max())
    if not best > 0:
        raise PhotoError(NO_GRID_MESSAGE)
    # Three of four gaps are as evenly spaced as all four, and a weak gap (in glare, say)
    # makes the three stand out more: of the fits nearly as good as the best, the widest
    # is the grid, and of those as wide, the one that stands out most.
    qualified = stacked >= best * WIDEST_TOLERANCE
    spans = np.broadcast_to(span, stacked.shape)
    widest = float(spans[qualified].max())
    pitches = spans / np.asarray(counts, dtype=np.float64)[:, None, None]
    wide = qualified & (spans >= widest - 0.5 * pitches)
    found = [fit_at(int(np.argmax(np.where(wide, stacked, -np.inf))))]
    others = []
    for count_index in range(len(counts)):
        fit = fit_at(count_index * span.size + int(np.argmax(stacked[count_index])))
        if fit.contrast >= 0.5 * best and fit != found[0]:
            others.append(fit)
    others.sort(key=lambda fit: -fit.contrast)
    return (found + others)[:limit]


def fit_contrasts(
    smooth: npt.NDArray[np.floating[Any]],
    start_grid: npt.NDArray[np.int64],
    span: npt.NDArray[np.float64],
    cells: int,
) -> npt.NDArray[np.floating[Any]]:
    """For `cells` evenly spaced cells from each start to each start + span (arrays of one
    shape), how much the profile `smooth` at their lines stands out from it at their
    middles (in the profile's units); minus infinity for cells under 8 pixels."""
    length = len(smooth)

    def at(share: float) -> npt.NDArray[np.floating[Any]]:
        """The profile where the line `share` of the way from each start to each end is."""
        places = np.rint(start_grid + span * share).astype(np.int64)
        np.clip(places, 0, length - 1, out=places)
        found: npt.NDArray[np.floating[Any]] = smooth[places]
        return found

    at_lines = [at(share) for share in np.arange(cells + 1) / cells]
    at_centres = [at(share) for share in (np.arange(cells) + 0.5) / cells]
    # Every line must be there: the weakest counts as much as all the others together.
    line_strength = (np.minimum.reduce(at_lines) + _mean(at_lines)) / 2
    contrast: npt.NDArray[np.floating[Any]] = line_strength - _mean(at_centres)
    contrast[span < cells * 8] = -np.inf  # cells under 8 pixels are no tiles
    return contrast


def _mean(arrays: list[npt.NDArray[np.floating[Any]]]) -> npt.NDArray[np.floating[Any]]:
    """The arrays' mean, element by element, as numpy's mean over a new last axis gives it
    to the bit: it sums fewer than 8 values one after the other, so those are summed so,
    without the array of all of them (most of `axis_candidates`' time); more, it pairs."""
    if len(arrays) >= 8:
        stacked: npt.NDArray[np.floating[Any]] = np.stack(arrays, axis=-1).mean(axis=-1)
        return stacked
    total = arrays[0].copy()
    for array in arrays[1:]:
        total += array
    total /= len(arrays)
    return total


def fit_axis(
    profile: PixelArray,
    cell_counts: range | tuple[int, ...],
    start_range: tuple[float, float],
    end_range: tuple[float, float],
) -> AxisFit:
    """The evenly spaced lines that stand out most from the midpoints between them."""
    return axis_candidates(profile, cell_counts, start_range, end_range)[0]


def refine_lines(profile: PixelArray, fit: AxisFit) -> tuple[float, ...]:
    """Each line moved to the strongest column within a sixth of a cell of where the even
    spacing put it, or between it and its twin (`_gap_middle`)."""
    smooth = np.convolve(profile, np.ones(3, dtype=np.float32) / 3, mode="same")
    reach = max(1, int(fit.pitch / 6))
    placed = []
    for index in range(fit.cells + 1):
        guess = round(fit.start + index * fit.pitch)
        low, high = max(0, guess - reach), min(len(smooth), guess + reach + 1)
        if high <= low:
            placed.append(float(guess))
            continue
        placed.append(float(low + _gap_middle(smooth[low:high])))
    return tuple(placed)


def _gap_middle(window: npt.NDArray[np.floating[Any]]) -> float:
    """The place in `window` where a gap runs: its strongest place, or, when a dip and then
    a ridge nearly as strong lie within TWIN_REACH of it, the middle of the two. A gap
    wider than `gap_edges` widens its edges shows as an edge on each side, and the
    strongest place is then one of them, half a gap off its middle."""
    peak = int(np.argmax(window))
    top = float(window[peak])
    if top <= 0:
        return float(peak)
    best: tuple[float, int] | None = None
    for step in (-1, 1):
        place = peak + step
        dipped = False
        while 0 <= place < len(window) and abs(place - peak) <= TWIN_REACH:
            value = float(window[place])
            if value < TWIN_DIP * top:
                dipped = True
            elif dipped and value >= TWIN_HEIGHT * top and (best is None or value > best[0]):
                best = (value, place)
            place += step
    if best is None:
        return float(peak)
    return (peak + best[1]) / 2


#: A gap's two edges, each widened by GAP_WIDENING, lie at most this far apart (rectified
#: pixels: a gap up to a fifth of a cell) ...
TWIN_REACH = 32
#: ... with a dip between them under this share of the stronger ...
TWIN_DIP = 0.5
#: ... and the weaker at least this share of it.
TWIN_HEIGHT = 0.8


@dataclass(frozen=True)
class GridFit:
    """The grid of tiles found on a board."""

    #: The grid's outline in working-image pixels.
    corners: Quad
    columns: int
    rows: int
    #: The board warped so the grid fills the square inside RECTIFIED_MARGIN.
    rectified: Rectified
    #: Line positions in the rectified square: columns + 1 across, rows + 1 down.
    column_lines: tuple[float, ...]
    row_lines: tuple[float, ...]
    #: How much the lines stand out, the weaker of the two sides.
    contrast: float
    #: The size the board has upright, when a person gave it (the grid as found may be it
    #: turned a quarter).
    upright_size: tuple[int, int] | None = None
    #: The quarter turns the reading may choose from (one, when a person chose it).
    turns: tuple[int, ...] = TURNS
    #: The cells' reading when it was made before the grid (between the same lines of the
    #: same pixels, with the same size and turns): find_grid's first warp.
    known_reading: JointReading | None = field(default=None, repr=False, compare=False)

    @cached_property
    def reading(self) -> JointReading:
        """The cells' numbers read jointly and upright, once: choosing between grids and
        reading the one chosen both use it. Raises PhotoError (cells too small, too many of
        them)."""
        if self.known_reading is not None:
            return self.known_reading
        return read_cells(
            self.rectified.pixels,
            self.column_lines,
            self.row_lines,
            upright_size=self.upright_size,
            turns=self.turns,
        )

    def cell_quad(self, row: int, column: int) -> Quad:
        """A cell's outline in working-image pixels."""
        left, right = self.column_lines[column], self.column_lines[column + 1]
        top, bottom = self.row_lines[row], self.row_lines[row + 1]
        square = np.array([[left, top], [right, top], [right, bottom], [left, bottom]])
        points = apply_homography(self.rectified.to_photo, square)
        return Quad(*((float(x), float(y)) for x, y in points))


def _grid_outline(rectified: Rectified, across: AxisFit, down: AxisFit) -> Quad:
    square = np.array(
        [
            [across.start, down.start],
            [across.end, down.start],
            [across.end, down.end],
            [across.start, down.end],
        ]
    )
    points = apply_homography(rectified.to_photo, square)
    return Quad(*((float(x), float(y)) for x, y in points))


def _squarish(
    outline: Quad,
    image_size: tuple[int, int],
    columns: int,
    rows: int,
    most: float = MAX_CELL_SIDE_RATIO,
) -> bool:
    """Whether `outline` (in an image of `image_size`) divided into columns x rows has
    cells near enough to square (no longer than `most` times their width either way), as
    the camera saw them."""
    ratio = seen_side_ratio(outline, image_size) * rows / columns
    return 1 / most <= ratio <= most


def _cells_seen_square(outline: Quad, columns: int, rows: int) -> bool:
    """Whether `outline` divided into columns x rows has cells that look, in the photo
    itself, no more than MAX_SEEN_CELL_RATIO times longer one way than the other."""
    points = outline.as_array()
    sides = np.linalg.norm(points - np.roll(points, -1, axis=0), axis=1)
    across = (sides[0] + sides[2]) / 2 / columns
    down = (sides[1] + sides[3]) / 2 / rows
    return bool(across <= MAX_SEEN_CELL_RATIO * down and down <= MAX_SEEN_CELL_RATIO * across)


#: How many of a guessed grid's candidate line pairs are read whole: the likeliest pair
#: whose few cells screen under UNREAD_SCREEN_COST (recognizer.screen_cost), then those of
#: the rest that screen best. Every pair that screened under it used to be read, and in an
#: outline that is not the board's (the sheet it lies on, a table's pattern) all of them
#: read badly: most of the reader's grids went there (bench/README.md).
LIKELIEST_READS = 2


@dataclass(frozen=True)
class SettledLines:
    """Lines placed in an outline's first warp whose cells read as settled there."""

    column_lines: tuple[float, ...]
    row_lines: tuple[float, ...]
    reading: JointReading


def _likeliest_grid(
    rectified: Rectified,
    image_size: tuple[int, int],
    profiles: tuple[PixelArray, PixelArray],
    across_fits: list[AxisFit],
    down_fits: list[AxisFit],
    *,
    upright_size: tuple[int, int] | None,
    turns: tuple[int, ...],
) -> tuple[AxisFit, AxisFit, SettledLines | None]:
    """Of the candidate lines across and down, LIKELIEST_READS pairs are read: the likeliest
    pair whose few cells screen under UNREAD_SCREEN_COST, as soon as it does, then those
    of the rest that screen best. The first whose cells read as settled
    (JointReading.settled), with its lines and reading, or else the one whose cells read
    most like a board's numbers (the least cost per cell of the joint assignment)."""
    if len(across_fits) * len(down_fits) == 1:
        return across_fits[0], down_fits[0], None
    best: tuple[float, AxisFit, AxisFit] | None = None
    reads = 0

    def read(
        across: AxisFit,
        down: AxisFit,
        column_lines: tuple[float, ...],
        row_lines: tuple[float, ...],
    ) -> SettledLines | None:
        nonlocal best, reads
        reads += 1
        try:
            reading = read_cells(
                rectified.pixels, column_lines, row_lines, upright_size=upright_size, turns=turns
            )
        except PhotoError:
            return None
        if reading.settled:
            return SettledLines(column_lines, row_lines, reading)
        if best is None or reading.mean_cost < best[0]:
            best = (reading.mean_cost, across, down)
        return None

    screened: list[tuple[float, int, AxisFit, AxisFit, tuple[float, ...], tuple[float, ...]]] = []
    first_read: int | None = None
    for order, (across, down) in enumerate(product(across_fits, down_fits)):
        outline = _grid_outline(rectified, across, down)
        if not _squarish(outline, image_size, across.cells, down.cells):
            continue
        column_lines = refine_lines(profiles[0], across)
        row_lines = refine_lines(profiles[1], down)
        cost = screen_cost(rectified.pixels, column_lines, row_lines)
        if cost > UNREAD_SCREEN_COST:
            continue
        screened.append((cost, order, across, down, column_lines, row_lines))
        # The likeliest pair that screens under UNREAD_SCREEN_COST is read before the
        # others are screened: where an outline is the board's it is the pair that
        # settles, and screening the rest would cost more than the reading.
        if first_read is None:
            first_read = order
            settled = read(across, down, column_lines, row_lines)
            if settled is not None:
                return across, down, settled
    # The likelier fit first among pairs that screen alike.
    screened.sort(key=lambda pair: pair[:2])
    for _, order, across, down, column_lines, row_lines in screened:
        if reads >= LIKELIEST_READS:
            break
        if order == first_read:
            continue
        settled = read(across, down, column_lines, row_lines)
        if settled is not None:
            return across, down, settled
    if best is not None:
        return best[1], best[2], None
    if screened:
        return screened[0][2], screened[0][3], None
    return across_fits[0], down_fits[0], None


def find_grid(
    image: Image.Image,
    outline: Quad,
    size: tuple[int, int] | None = None,
    *,
    outline_is_grid: bool = False,
    divide_evenly: bool = False,
    upright_size: tuple[int, int] | None = None,
    turns: tuple[int, ...] = TURNS,
    enough: Callable[[GridFit], bool] | None = None,
) -> GridFit:
    """The grid of tiles inside `outline` (working-image pixels).

    `size` (columns, rows) fixes the count; otherwise it is guessed. `outline_is_grid` says
    the outline already is the grid's (corners placed by a person): then only the lines
    inside are placed; with `divide_evenly` too (an outline found exactly, as the tiles'
    colour gives it), the outline divided evenly is tried when the lines placed do not
    read as settled. `upright_size` is the size a person gave, which the grid has upright
    (the reading keeps to the quarter turns that give it); `turns`, the quarter turns the
    reading may choose from; `enough`, when given, accepts an evenly divided grid that
    needs no other count pair read (a reader that will look closer at it: the count pairs
    read after it would only be read again there). Raises PhotoError when no grid stands
    out.
    """
    starts: tuple[float, float]
    ends: tuple[float, float]
    across_counts: tuple[int, ...] | range = (size[0],) if size else GUESSED_CELLS
    down_counts: tuple[int, ...] | range = (size[1],) if size else GUESSED_CELLS
    if not outline_is_grid:
        first = rectify(image, outline, margin=RECTIFIED_MARGIN // 2)
        columns, rows = line_profiles(first.pixels)
        inner = RECTIFIED_SIZE - RECTIFIED_MARGIN
        # The grid lies inside the outline; a frame is at most a third of the board's side.
        starts = (RECTIFIED_MARGIN // 2 - 6, RECTIFIED_MARGIN // 2 + 0.3 * inner)
        ends = (RECTIFIED_SIZE - RECTIFIED_MARGIN // 2 - 0.3 * inner, RECTIFIED_SIZE - 10)
        across_fits = axis_candidates(columns, across_counts, starts, ends, CANDIDATES)
        down_fits = axis_candidates(rows, down_counts, starts, ends, CANDIDATES)
        across, down, settled = _likeliest_grid(
            first,
            image.size,
            (columns, rows),
            across_fits,
            down_fits,
            upright_size=upright_size,
            turns=turns,
        )
        # Cells that settle in the first warp are the grid's: warped again round the grid
        # and read there, they would read the same numbers a second time.
        if settled is not None:
            found = _settled_grid(
                first,
                settled,
                min(across.contrast, down.contrast),
                size,
                upright_size=upright_size,
                turns=turns,
            )
            if found is not None:
                return found
        outline = _grid_outline(first, across, down)
        across_counts, down_counts = (across.cells,), (down.cells,)
    second = rectify(image, outline)
    columns, rows = line_profiles(second.pixels)
    inner = RECTIFIED_SIZE - 2 * RECTIFIED_MARGIN
    slack = 0.06 * inner
    starts = (RECTIFIED_MARGIN - slack, RECTIFIED_MARGIN + slack)
    ends = (RECTIFIED_SIZE - RECTIFIED_MARGIN - slack, RECTIFIED_SIZE - RECTIFIED_MARGIN + slack)
    across = fit_axis(columns, across_counts, starts, ends)
    down = fit_axis(rows, down_counts, starts, ends)
    contrast = min(across.contrast, down.contrast)
    if contrast < MIN_GRID_CONTRAST:
        raise PhotoError(NO_GRID_MESSAGE)
    column_lines = refine_lines(columns, across)
    row_lines = refine_lines(rows, down)
    corners = _lines_outline(second, column_lines, row_lines)
    fitted = GridFit(
        corners=corners,
        columns=across.cells,
        rows=down.cells,
        rectified=second,
        column_lines=column_lines,
        row_lines=row_lines,
        contrast=contrast,
        upright_size=upright_size,
        turns=turns,
    )
    # Counts guessed (not a person's) must give cells that could be tiles.
    plausible = size is not None or _cells_seen_square(corners, across.cells, down.cells)
    if not (outline_is_grid and divide_evenly):
        if not plausible:
            raise PhotoError(NO_GRID_MESSAGE)
        return fitted
    return _evenly_divided(
        second,
        image.size,
        outline=outline,
        fitted=fitted if plausible else None,
        across_counts=across_counts,
        down_counts=down_counts,
        contrast=contrast,
        upright_size=upright_size,
        turns=turns,
        enough=enough,
    )


def _settled_grid(
    rectified: Rectified,
    settled: SettledLines,
    contrast: float,
    size: tuple[int, int] | None,
    *,
    upright_size: tuple[int, int] | None,
    turns: tuple[int, ...],
) -> GridFit | None:
    """The grid of lines whose cells read as settled in `rectified`, with that reading;
    None when its lines stand out too little or (its counts guessed) its cells could not
    be tiles, as find_grid's second warp would say."""
    columns, rows = len(settled.column_lines) - 1, len(settled.row_lines) - 1
    if contrast < MIN_GRID_CONTRAST:
        return None
    corners = _lines_outline(rectified, settled.column_lines, settled.row_lines)
    if size is None and not _cells_seen_square(corners, columns, rows):
        return None
    return GridFit(
        corners=corners,
        columns=columns,
        rows=rows,
        rectified=rectified,
        column_lines=settled.column_lines,
        row_lines=settled.row_lines,
        contrast=contrast,
        upright_size=upright_size,
        turns=turns,
        known_reading=settled.reading,
    )


def _lines_outline(
    rectified: Rectified, column_lines: tuple[float, ...], row_lines: tuple[float, ...]
) -> Quad:
    """The outline, in working-image pixels, of the grid between these lines (its outer
    ones) in `rectified`."""
    columns, rows = len(column_lines) - 1, len(row_lines) - 1
    return _grid_outline(
        rectified,
        AxisFit(column_lines[0], (column_lines[-1] - column_lines[0]) / columns, columns, 0),
        AxisFit(row_lines[0], (row_lines[-1] - row_lines[0]) / rows, rows, 0),
    )


#: A count pair of an outline divided evenly whose few cells screened cost more than this
#: is not read whole: logged over the corpus (bench/README.md), no pair screening over 0.7
#: settled there, and none of the 380 over 1.0 did.
EVEN_SCREEN_COST = 1.5

#: How many count pairs an outline divided evenly is read whole in, the likeliest first
#: (recognizer.screen_cost): the one that settles comes first or second when there is one.
EVEN_PAIRS_READ = 4


def _even_lines(cells: int) -> tuple[float, ...]:
    inner = RECTIFIED_SIZE - 2 * RECTIFIED_MARGIN
    return tuple(RECTIFIED_MARGIN + inner * index / cells for index in range(cells + 1))


def _evenly_divided(
    rectified: Rectified,
    image_size: tuple[int, int],
    *,
    outline: Quad,
    fitted: GridFit | None,
    across_counts: tuple[int, ...] | range,
    down_counts: tuple[int, ...] | range,
    contrast: float,
    upright_size: tuple[int, int] | None,
    turns: tuple[int, ...],
    enough: Callable[[GridFit], bool] | None,
) -> GridFit:
    """Of the grid whose lines were fitted in an outline that is the grid's (None: they
    cannot be tiles) and the outline divided evenly into each count of cells the size
    allows, the first that settles, or else the one that reads best; read in the order
    their few cells screen (recognizer.screen_cost), and of the counts only the
    EVEN_PAIRS_READ likeliest that screen under EVEN_SCREEN_COST. Tiles packed tight show
    gaps fainter than a large serif number's strokes, which the fitted lines then snap
    to; the outline of the tiles' own colour is the grid's, evenly divided. Raises
    PhotoError when no count gives cells that could be tiles."""
    guessed = len(across_counts) * len(down_counts) > 1
    nearest = (fitted.columns, fitted.rows) if fitted is not None else (0, 0)
    pairs = sorted(
        (
            (across, down)
            for across in across_counts
            for down in down_counts
            if not guessed
            or (
                _squarish(outline, image_size, across, down, EVEN_CELL_SIDE_RATIO)
                and _cells_seen_square(outline, across, down)
            )
        ),
        key=lambda pair: abs(pair[0] - nearest[0]) + abs(pair[1] - nearest[1]),
    )
    # Read whole, a count pair costs as much as reading a board; a few cells of each say
    # which counts are likeliest, so the one that settles is read first, not tenth.
    pixels = rectified.pixels
    screened = {
        pair: screen_cost(pixels, _even_lines(pair[0]), _even_lines(pair[1])) for pair in pairs
    }
    pairs.sort(key=screened.__getitem__)
    candidates: list[tuple[float, GridFit]] = [
        (
            screened[across, down],
            GridFit(
                corners=outline,
                columns=across,
                rows=down,
                rectified=rectified,
                column_lines=_even_lines(across),
                row_lines=_even_lines(down),
                contrast=contrast,
                upright_size=upright_size,
                turns=turns,
            ),
        )
        for across, down in pairs[:EVEN_PAIRS_READ]
        if screened[across, down] <= EVEN_SCREEN_COST
    ]
    # The fitted lines are read in their place among the count pairs by how they screen,
    # not always first: tiles packed tight have their lines snapped to a number's
    # strokes, cells that read as nothing like a board's where a count pair settles.
    if fitted is not None:
        fitted_screen = screen_cost(pixels, fitted.column_lines, fitted.row_lines)
        place = sum(screen < fitted_screen for screen, _ in candidates)
        candidates.insert(place, (fitted_screen, fitted))
    best: GridFit | None = None
    for _, candidate in candidates:
        if reading_settles(candidate):
            return candidate
        # `enough` is for an even division only: the fitted lines are looked closer at
        # by the search when it comes to them.
        if candidate is not fitted and enough is not None and enough(candidate):
            return candidate
        if best is None or reading_cost(candidate) < reading_cost(best):
            best = candidate
    if best is None:
        raise PhotoError(NO_GRID_MESSAGE)
    return best


def reading_settles(grid: GridFit) -> bool:
    """Whether the grid's cells read as settled (JointReading.settled); not when they
    cannot be read."""
    try:
        return grid.reading.settled
    except PhotoError:
        return False


def reading_cost(grid: GridFit) -> float:
    """The grid's mean cost per cell read; infinite when its cells cannot be read."""
    try:
        return grid.reading.mean_cost
    except PhotoError:
        return float("inf")


def _gaps_in_bands(
    edges: PixelArray, lines: tuple[float, ...], cross_lines: tuple[float, ...]
) -> FloatArray:
    """Where each gap between tiles (an inner line, a column of `edges`) runs in each band
    of the grid along the other axis: rows of (line index, the band's middle, the gap's
    place there). The outer lines are left out: beside them lies the frame or the tray,
    whose own edge is often the stronger."""
    pitch = (lines[-1] - lines[0]) / (len(lines) - 1)
    reach = max(2, int(pitch / 4))
    bounds = np.linspace(cross_lines[0], cross_lines[-1], STRAIGHTEN_BANDS + 1)
    found = []
    for low, high in pairwise(bounds):
        band = edges[int(low) : max(int(high), int(low) + 1)]
        median = np.percentile(band, 50, axis=0)
        profile = np.convolve(median, np.ones(3) / 3, mode="same").astype(np.float64)
        for index in range(1, len(lines) - 1):
            guess = round(lines[index])
            start, stop = max(0, guess - reach), min(len(profile), guess + reach + 1)
            middle = _ridge_middle(profile[start:stop]) if stop > start else None
            if middle is not None:
                found.append((index, (low + high) / 2, start + middle))
    return np.asarray(found, dtype=np.float64).reshape(-1, 3)


def _ridge_middle(window: npt.NDArray[np.float64]) -> float | None:
    """The middle of the highest ridge in `window`: a wide gap is an edge on each side, and
    either may be the stronger from one band to the next, so the middle of all that stands
    near the top is where the gap runs. None when nothing stands out (the black fill where
    an outline runs off the photo, say)."""
    top = float(window.max())
    level = top - 0.3 * (top - float(window.min()))
    weights = np.maximum(window - level, 0.0)
    total = float(weights.sum())
    if total <= 0:
        return None
    return float((weights * np.arange(len(window))).sum() / total)


def _fit_line_family(found: FloatArray, pitch: float) -> FloatArray | None:
    """Coefficients (a, b, c, d) of place = a + b i + (c + d i) across, line i of a grid
    seen in slight perspective, fitted to the gaps found; gaps far off the fit (a number's
    stroke taken for one) are dropped and the fit made again. None when what is left does
    not fix the four coefficients (two gaps in each of two bands at the least)."""
    index, across, place = found[:, 0], found[:, 1], found[:, 2]
    design = np.column_stack([np.ones_like(index), index, across, index * across])
    keep = np.ones(len(found), dtype=np.bool_)
    for _ in range(3):
        solution, _, rank, _ = np.linalg.lstsq(design[keep], place[keep], rcond=None)
        if rank < 4:
            return None
        coefficients = np.asarray(solution, dtype=np.float64)
        near = np.abs(design @ coefficients - place) < max(2.0, pitch / 10)
        if (near == keep).all():
            break
        keep = near
    return coefficients


def straighten(image: Image.Image, grid: GridFit) -> GridFit:
    """The grid placed again from the tilt of its gaps: each gap between tiles found in
    STRAIGHTEN_BANDS bands down the board (across it for rows), the gaps fitted as the
    lines of a grid in slight perspective, and the grid's corners put where its outer lines,
    carried on from the gaps, meet. An outline found a little askew leaves the gaps tilted
    in the square it was warped to; this takes the tilt out. Returns `grid` itself when the
    gaps cannot be fitted (a side of two cells has one gap: no tilt to fit). Raises
    PhotoError when no grid stands out in the straightened outline."""
    across_edges, down_edges = gap_edges(grid.rectified.pixels)
    column_pitch = (grid.column_lines[-1] - grid.column_lines[0]) / grid.columns
    row_pitch = (grid.row_lines[-1] - grid.row_lines[0]) / grid.rows
    columns = _fit_line_family(
        _gaps_in_bands(across_edges, grid.column_lines, grid.row_lines), column_pitch
    )
    rows = _fit_line_family(
        _gaps_in_bands(down_edges.T, grid.row_lines, grid.column_lines), row_pitch
    )
    if columns is None or rows is None:
        return grid
    corners = []
    for column, row in ((0, 0), (grid.columns, 0), (grid.columns, grid.rows), (0, grid.rows)):
        # Column line: x = p + q y; row line: y = r + s x; they meet where both hold.
        p, q = columns[0] + columns[1] * column, columns[2] + columns[3] * column
        r, s = rows[0] + rows[1] * row, rows[2] + rows[3] * row
        if abs(1 - q * s) < 1e-6:
            return grid
        x = (p + q * r) / (1 - q * s)
        corners.append((x, r + s * x))
    # In the square's order already: Quad.from_points would name them by angle, and could
    # turn a board seen near 45 degrees a quarter round, columns for rows.
    placed = _placed_again(image, grid, np.asarray(corners))
    return grid if placed is None else placed


def shifted(image: Image.Image, grid: GridFit, columns: int, rows: int) -> GridFit:
    """The grid moved `columns` cells across and `rows` down (in the square it was warped
    to), its lines placed again there: a grid fitted one cell off (a frame's edge or a
    label taken for a line of tiles) reads best moved back. Raises PhotoError when no grid
    stands out there."""
    column_pitch = (grid.column_lines[-1] - grid.column_lines[0]) / grid.columns
    row_pitch = (grid.row_lines[-1] - grid.row_lines[0]) / grid.rows
    left = grid.column_lines[0] + columns * column_pitch
    right = grid.column_lines[-1] + columns * column_pitch
    top = grid.row_lines[0] + rows * row_pitch
    bottom = grid.row_lines[-1] + rows * row_pitch
    square = np.array([[left, top], [right, top], [right, bottom], [left, bottom]])
    placed = _placed_again(image, grid, square)
    if placed is None:
        raise PhotoError(NO_GRID_MESSAGE)
    return placed


def extended(image: Image.Image, grid: GridFit, sides: tuple[int, int, int, int]) -> GridFit:
    """The grid with `sides` (left, right, top, bottom) more lines of cells outside it, at
    its own pitch, its lines placed again there: tiles at a board's edge whose colour is
    the table's or the frame's (a cream tile on white paper, a checkered board) are left
    out of an outline found by colour, and the cells found read as a smaller board. Raises
    PhotoError when the grid so grown leaves the photo or no grid stands out there."""
    left, right, top, bottom = sides
    column_pitch = (grid.column_lines[-1] - grid.column_lines[0]) / grid.columns
    row_pitch = (grid.row_lines[-1] - grid.row_lines[0]) / grid.rows
    square = np.array(
        [
            [grid.column_lines[0] - left * column_pitch, grid.row_lines[0] - top * row_pitch],
            [grid.column_lines[-1] + right * column_pitch, grid.row_lines[0] - top * row_pitch],
            [grid.column_lines[-1] + right * column_pitch, grid.row_lines[-1] + bottom * row_pitch],
            [grid.column_lines[0] - left * column_pitch, grid.row_lines[-1] + bottom * row_pitch],
        ]
    )
    size = (grid.columns + left + right, grid.rows + top + bottom)
    mapped = apply_homography(grid.rectified.to_photo, square)
    width, height = image.size
    # A grown grid whose corner leaves the photo by more than a sliver of a cell would be
    # read off the photo's edge: those cells are not there to read.
    slack = 0.25 * (abs(grid.corners.area()) / (grid.columns * grid.rows)) ** 0.5
    if not all(-slack <= x <= width + slack and -slack <= y <= height + slack for x, y in mapped):
        raise PhotoError(NO_GRID_MESSAGE)
    placed = _placed_again(image, grid, square, size)
    if placed is None:
        raise PhotoError(NO_GRID_MESSAGE)
    return placed


def _placed_again(
    image: Image.Image, grid: GridFit, square: FloatArray, size: tuple[int, int] | None = None
) -> GridFit | None:
    """The grid's size (or `size`) found again with its corners at `square` (points in the
    square the grid was warped to, in the square's order), its lines placed there; None
    when those corners are no convex outline in the photo."""
    mapped = apply_homography(grid.rectified.to_photo, square)
    outline = Quad(*((float(x), float(y)) for x, y in mapped))
    if not outline.is_convex():
        return None
    return find_grid(
        image,
        outline,
        size or (grid.columns, grid.rows),
        outline_is_grid=True,
        upright_size=grid.upright_size,
        turns=grid.turns,
    )


#: How far (RGB distance, 0..1.7) a pixel may be from the tiles' typical colour to count as
#: tile, and the share of a line of pixels that must count for the line to cross tiles: a
#: line down a column of large numerals crosses ink for most of its length (a third of it
#: tile-coloured on the 6x6 with serif numerals), one down the frame or the table none.
TILE_COLOUR_DISTANCE = 0.3
TILE_LINE_SHARE = 0.25

#: The gaps between tiles, as a share of the rectified board's side, that a run of lines
#: crossing tiles reaches over: a dark gap crosses no tile, but a frame is wider.
TILE_GAP_SHARE = 0.03

#: The least share of the outline's side, each way, that the tiles' area spans: a frame is
#: at most a third of a board's side (as `find_grid` takes it); a narrower run of tile
#: colour is something else (a column of text on a page).
MIN_TILE_SPAN = 0.4


def _tile_run(shares: FloatArray, gap: int) -> tuple[int, int] | None:
    """The run of lines crossing tiles that holds the middle line, reaching over gaps of up
    to `gap` lines that do not: (first, last + 1)."""
    crossing = np.flatnonzero(shares >= TILE_LINE_SHARE)
    if len(crossing) == 0:
        return None
    # The runs with gaps of up to `gap` lines bridged, and the one holding the middle.
    breaks = np.flatnonzero(np.diff(crossing) > gap + 1)
    starts = crossing[np.concatenate([[0], breaks + 1])]
    ends = crossing[np.concatenate([breaks, [len(crossing) - 1]])]
    middle = len(shares) // 2
    holding = np.flatnonzero((starts <= middle) & (ends >= middle))
    if len(holding) == 0:
        return None
    return int(starts[holding[0]]), int(ends[holding[0]]) + 1


def tile_area(image: Image.Image, outline: Quad) -> Quad | None:
    """The part of a board's outline that its tiles cover, found by their colour: where
    tiles are packed tight the gaps are too thin to fit lines to, but the tiles' colour
    stops where the frame (or the table) begins: the outline itself when the tiles fill it;
    None when no tile colour holds the middle of the board, or it spans under MIN_TILE_SPAN
    of the outline."""
    margin = RECTIFIED_MARGIN // 2
    rectified = rectify(image, outline, margin=margin)
    pixels = rectified.pixels
    size = pixels.shape[0]
    quarter = size // 4
    middle = pixels[quarter : size - quarter, quarter : size - quarter]
    typical = np.median(middle.reshape(-1, 3), axis=0)
    near = np.sqrt(((pixels - typical) ** 2).sum(axis=2)) < TILE_COLOUR_DISTANCE
    gap = round(TILE_GAP_SHARE * (size - 2 * margin))
    columns = _tile_run(near[quarter : size - quarter].mean(axis=0), gap)
    rows = _tile_run(near[:, quarter : size - quarter].mean(axis=1), gap)
    if columns is None or rows is None:
        return None
    (left, right), (top, bottom) = columns, rows
    inner = size - 2 * margin
    if min(right - left, bottom - top) < MIN_TILE_SPAN * inner:
        return None
    slack = 0.03 * inner
    if (
        abs(left - margin) <= slack
        and abs(top - margin) <= slack
        and abs(right - (size - margin)) <= slack
        and abs(bottom - (size - margin)) <= slack
    ):
        return outline  # the tiles fill the outline: it is the grid's
    square = np.array([[left, top], [right, top], [right, bottom], [left, bottom]], dtype=float)
    mapped = apply_homography(rectified.to_photo, square)
    area = Quad(*((float(x), float(y)) for x, y in mapped))
    return area if area.is_convex() else None
