"""Reading a photo of a sliding-tile puzzle: `read_photo`, the one call the window and the
command line make.

    reading = read_photo(Path("puzzle.jpg"))
    reading.board            # a core.Board, the numbers assigned jointly
    reading.unsure           # (row, column) of the cells to look at
    reading.cells[0].quad    # where the top-left cell is in the photo

To re-read after the user moves the corners or changes the size, decode once with
`load_photo` and pass the Photo: `read_photo(photo, corners=moved, size=(4, 4))`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from itertools import islice
from typing import TYPE_CHECKING

import numpy as np

from core.board import Board
from core.photo.board_finder import board_outlines
from core.photo.errors import PhotoError
from core.photo.geometry import apply_homography
from core.photo.grid import (
    GUESSED_CELLS,
    MAX_CELLS_PER_SIDE,
    MIN_CELLS,
    UNREAD_SCREEN_COST,
    GridFit,
    extended,
    find_grid,
    reading_cost,
    reading_settles,
    shifted,
    straighten,
    tile_area,
)
from core.photo.image import Photo, closer_look, load_photo
from core.photo.network import MAX_NUMBER, shipped_network
from core.photo.recognizer import TURNS, grids_read

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from pathlib import Path

    from core.photo.geometry import Corners, Quad
    from core.photo.recognizer import JointReading

#: When the grid found in the board's outline reads badly, the outline grown by these
#: factors is searched too: an outline that cut off a dark corner tile, or stopped at a
#: shadow, holds only part of the grid.
GROWN_OUTLINES = (1.15, 1.3)

#: The most placings read before the best so far is taken: a photo that is no puzzle, or
#: one the reader cannot place, is given up on after a dozen tries (bench/README.md has
#: how long those take).
MAX_PLACINGS = 12

#: Once a placing reads well enough to offer (under the model's max_mean_cost), the search
#: takes no new placing after this many grids read: a board the search has not settled by
#: then has read best, in every photo we have, by far sooner (bench/README.md).
READ_BUDGET = 60

#: How many times a badly read grid is straightened in a row (each from the last).
STRAIGHTENINGS = 2

#: A placing read later must beat the best so far by this much mean cost per cell to take
#: its place: the placings come likeliest first, and a grid that lost a row of hard cells
#: can read a little better per cell than the whole board.
BETTER_BY = 0.1

#: When no placing settles, the best is moved a cell each way, up to this many cells in
#: the direction that reads better.
SHIFT_STEPS = 2
SHIFTS = ((-1, 0), (1, 0), (0, -1), (0, 1))

#: On a reading that does not settle (JointReading.settled), a cell the network gives its
#: number less than this probability is marked unsure whatever its margin.
DOUBTFUL_BOARD_MIN_CONFIDENCE = 0.7

#: On a reading that settles, a cell the network gives its number less than this
#: probability is marked unsure unless its margin is at least DOUBTED_CELL_MIN_MARGIN.
DOUBTED_CELL_PROBABILITY = 0.3
DOUBTED_CELL_MIN_MARGIN = 2.0

#: A part of a photo: left, top, right, bottom in the full photo's pixels.
Box = tuple[float, float, float, float]

BLURRED_MESSAGE = (
    "the tiles' numbers cannot be read: the photo may be blurred or not of a sliding-tile "
    "puzzle; take it again, steady and close"
)


@dataclass(frozen=True, slots=True)
class CellReading:
    """One cell's reading."""

    row: int
    column: int
    #: The number read, 0 for the blank.
    number: int
    #: How likely the number is right, 0 to 1, the board's other cells considered (each
    #: number is on one tile): see `cell_confidence`. Under `unsure_below()` exactly when
    #: `unsure`.
    confidence: float
    #: True when the cell should be looked at before the reading is accepted.
    unsure: bool
    #: The cell's outline in the photo's pixels (upright, full size).
    quad: Quad


@dataclass(frozen=True)
class PhotoReading:
    """A board read from a photo."""

    #: The tile grid's corners in the photo's pixels (upright, full size).
    corners: Corners
    width: int
    height: int
    #: Row-major, `width` x `height`.
    cells: tuple[CellReading, ...]
    #: The photo's size (upright), the space of every coordinate here.
    photo_size: tuple[int, int]
    #: Whether the corners and the size were found here or given.
    corners_found: bool
    size_guessed: bool
    #: Counterclockwise quarter turns that bring the board as photographed upright: the
    #: corners and cells here are the upright board's, corners[0] its top left.
    turns: int = 0

    @property
    def board(self) -> Board:
        """The reading as a board (always valid: numbers are assigned as a permutation)."""
        return Board(self.width, self.height, tuple(cell.number for cell in self.cells))

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(cell.number for cell in self.cells)

    @property
    def confidence(self) -> tuple[float, ...]:
        return tuple(cell.confidence for cell in self.cells)

    @property
    def unsure(self) -> tuple[tuple[int, int], ...]:
        """(row, column), 0-based from the top left, of each cell marked unsure."""
        return tuple((cell.row, cell.column) for cell in self.cells if cell.unsure)

    def cell(self, row: int, column: int) -> CellReading:
        return self.cells[row * self.width + column]


def unsure_below() -> float:
    """The confidence under which a cell is marked unsure (about 0.95 with the shipped
    model): the one that a margin of `unsure_margin` gives."""
    return _logistic(shipped_network().calibration["unsure_margin"])


def _logistic(margin: float) -> float:
    return 1.0 / (1.0 + math.exp(-margin)) if margin < 700 else 1.0


def cell_confidence(margin: float, probability: float, *, doubtful: bool) -> float:
    """How likely a cell's number is right, from what marks it unsure, so the two agree.

    `margin` is how much less likely (in -log-probability) the best reading of the whole
    board is that gives the cell another number: weighing those two readings alone, the
    number is right with probability 1 / (1 + e^-margin). The network's own probability for
    the number in the cell alone says less (the assignment may give a cell a number the
    network finds unlikely there, because the likelier one is surely another cell's, and a
    near tie between two cells can leave both near 1). On a reading that did not settle
    the reader also doubts numbers the network gives under DOUBTFUL_BOARD_MIN_CONFIDENCE,
    and on one that did, numbers it gives under DOUBTED_CELL_PROBABILITY that the board
    leaves other choices for (`doubtful`); those cells get that lower probability.
    """
    joint = _logistic(margin)
    return min(joint, probability) if doubtful else joint


def _check_size(size: tuple[int, int]) -> None:
    width, height = size
    if not (MIN_CELLS <= width <= MAX_CELLS_PER_SIDE and MIN_CELLS <= height <= MAX_CELLS_PER_SIDE):
        raise PhotoError(
            f"the size {width}x{height} is not one the reader reads (boards from "
            f"{MIN_CELLS}x{MIN_CELLS} to {MAX_CELLS_PER_SIDE}x{MAX_CELLS_PER_SIDE})"
        )
    if width * height - 1 > MAX_NUMBER:
        raise PhotoError(
            f"the reader knows numbers up to {MAX_NUMBER}, not a {width}x{height} board"
        )


def _offered(reading: JointReading) -> bool:
    """Whether a reading looks enough like a numbered board to be offered: its cells read
    well enough on average, and not near a tie on most of them (a guess: said so rather
    than shown as a made-up board)."""
    calibration = shipped_network().calibration
    if reading.mean_cost > calibration["max_mean_cost"]:
        return False
    near_ties = int((reading.margins < calibration["guess_margin"]).sum())
    return near_ties * 2 <= len(reading.numbers)


def read_grid(
    photo: Photo,
    grid: GridFit,
    *,
    corners_found: bool,
    size_guessed: bool,
    refuse_guesses: bool = True,
) -> PhotoReading:
    """Read the numbers of a grid already placed, upright. Raises PhotoError when they do
    not look like a numbered board, unless not `refuse_guesses` (a person chose the corners
    and which way is up: they get the reading, its doubtful cells marked)."""
    _check_size((grid.columns, grid.rows))
    cell_count = grid.columns * grid.rows
    reading = grid.reading
    if refuse_guesses and not _offered(reading):
        raise PhotoError(BLURRED_MESSAGE)
    numbers = reading.numbers
    margins = reading.margins
    cells = []
    probabilities = np.exp(-reading.chosen_costs)
    # A reading that does not settle (JointReading.settled) is the best of a search, not a
    # board placed and read for sure: there the network can be sure of a wrong number (a
    # serif 13 read as 3), so only cells it is fairly sure of are left unmarked.
    # On a settled one, a cell the network itself doubts is sure only when the board
    # leaves it little else: two squashed serif numerals far off in a very oblique photo
    # read each as the other at 27% and 5%, a margin of 1.7 apart, and settled.
    if reading.settled:
        doubtful = (probabilities < DOUBTED_CELL_PROBABILITY) & (margins < DOUBTED_CELL_MIN_MARGIN)
    else:
        doubtful = probabilities < DOUBTFUL_BOARD_MIN_CONFIDENCE
    threshold = unsure_below()
    for index, (number, margin) in enumerate(zip(numbers, margins, strict=True)):
        row, column = divmod(index, reading.columns)
        source_row, source_column = divmod(reading.source_cells[index], grid.columns)
        quad = photo.to_full(grid.cell_quad(source_row, source_column))
        confidence = cell_confidence(
            float(margin),
            float(probabilities[index]),
            doubtful=bool(doubtful[index]),
        )
        cells.append(
            CellReading(
                row=row,
                column=column,
                number=number,
                confidence=confidence,
                # The same test as `margin < unsure_margin or doubtful`, said once.
                unsure=confidence < threshold,
                quad=quad.turned(reading.turns),
            )
        )
    # When most cells are doubtful the few left are sure only of a guess around them: the
    # numbers of a board misread that way are wrong in cells the network was sure of. No
    # cell is then surer than the board's median cell, which is under the threshold.
    if sum(cell.unsure for cell in cells) * 2 > cell_count:
        board_confidence = float(np.median([cell.confidence for cell in cells]))
        cells = [
            replace(cell, confidence=min(cell.confidence, board_confidence), unsure=True)
            for cell in cells
        ]
    return PhotoReading(
        corners=photo.to_full(grid.corners).turned(reading.turns),
        width=reading.columns,
        height=reading.rows,
        cells=tuple(cells),
        photo_size=photo.size,
        corners_found=corners_found,
        size_guessed=size_guessed,
        turns=reading.turns,
    )


def _searched_outlines(outlines: Iterable[Quad], grow: bool) -> Iterator[Quad]:
    """The outlines as found, then (when `grow`) each grown by each of GROWN_OUTLINES."""
    seen = []
    for outline in outlines:
        seen.append(outline)
        yield outline
    if grow:
        for factor in GROWN_OUTLINES:
            for outline in seen:
                yield outline.grown(factor)


def _placings(
    photo: Photo,
    outlines: Iterable[Quad],
    size: tuple[int, int] | None,
    *,
    outline_is_grid: bool,
    turns: tuple[int, ...],
    enough: Callable[[GridFit], bool] | None = None,
) -> Iterator[GridFit]:
    """Grids to read, likeliest first: the grid found in each outline, that grid
    straightened, and, when the outlines are the board's and not the grid's, the same in
    the outlines grown. `enough` is find_grid's. Raises the first PhotoError when no grid
    is found in any of them."""
    first_error: PhotoError | None = None
    placed = False
    # A board of a given size photographed turned a quarter shows its grid the other way.
    sizes: list[tuple[int, int] | None] = [size]
    if size is not None and size[0] != size[1]:
        sizes.append((size[1], size[0]))
    for outline in _searched_outlines(outlines, grow=not outline_is_grid):
        if not outline_is_grid and _too_small_for_tiles(photo, outline):
            continue
        # The grid found in the outline, and, unless that settles, the outline of the
        # tiles' own colour taken as the grid (tiles packed too tight for their gaps to
        # show).
        grids: list[GridFit] = []
        for candidate, is_grid, exact in _grid_outlines(photo, outline, outline_is_grid, grids):
            for grid_size in sizes:
                try:
                    grids.append(
                        find_grid(
                            photo.image,
                            candidate,
                            grid_size,
                            outline_is_grid=is_grid,
                            divide_evenly=exact,
                            upright_size=size,
                            turns=turns,
                            enough=enough,
                        )
                    )
                except PhotoError as error:
                    first_error = first_error or error
        if not grids:
            continue
        placed = True
        grid = min(grids, key=reading_cost)
        yield grid
        for _ in range(STRAIGHTENINGS):
            try:
                straightened = straighten(photo.image, grid)
            except PhotoError:
                break
            if straightened is grid:
                break
            grid = straightened
            yield grid
    if not placed and first_error is not None:
        raise first_error


#: The smallest side (the photo's own pixels) a tile's cell can have and still show a
#: number the network reads: an outline that the smallest board (MIN_CELLS a side) divides
#: into smaller cells is a numeral's box or a speck, not a board.
MIN_CELL_SIDE = 14


def _too_small_for_tiles(photo: Photo, outline: Quad) -> bool:
    """Whether the smallest board's cells in `outline` (working pixels) are under
    MIN_CELL_SIDE in the photo's own pixels."""
    return math.sqrt(abs(outline.area())) / MIN_CELLS * photo.scale < MIN_CELL_SIDE


def _grid_outlines(
    photo: Photo, outline: Quad, outline_is_grid: bool, grids_so_far: list[GridFit]
) -> Iterator[tuple[Quad, bool, bool]]:
    """The outlines to find a grid in, each with whether it is the grid's own and whether
    it was found exactly (find_grid's divide_evenly): the outline as given (a person's
    corners are rough), then, for a board's outline, unless a grid found so far settles or
    every one found reads as no board at all (over UNREAD_SCREEN_COST: a single tile taken
    for the board), the part of it the tiles' colour covers."""
    yield outline, outline_is_grid, False
    if outline_is_grid or any(reading_settles(grid) for grid in grids_so_far):
        return
    if grids_so_far and all(reading_cost(grid) > UNREAD_SCREEN_COST for grid in grids_so_far):
        return
    area = tile_area(photo.image, outline)
    if area is not None:
        yield area, True, True


def _better(grid: GridFit, than: GridFit | None) -> bool:
    return than is None or reading_cost(grid) < reading_cost(than) - BETTER_BY


def _shifted_best(photo: Photo, best: GridFit) -> GridFit:
    """The best grid moved a cell or two in the direction that reads better, if any."""
    for columns, rows in SHIFTS:
        moved = best
        for _ in range(SHIFT_STEPS):
            try:
                candidate = shifted(photo.image, moved, columns, rows)
            except PhotoError:
                break
            if not _better(candidate, moved):
                break
            moved = candidate
            if reading_settles(moved):
                return moved
        if moved is not best:
            best = moved
    return best


#: The ways a grid is grown by a line of cells (left, right, top, bottom): one side, or
#: two sides at a corner (a 3x3 found in a 4x4).
GROWTHS = (
    (1, 0, 0, 0),
    (0, 1, 0, 0),
    (0, 0, 1, 0),
    (0, 0, 0, 1),
    (1, 0, 1, 0),
    (0, 1, 1, 0),
    (1, 0, 0, 1),
    (0, 1, 0, 1),
)


def _grown_grids(
    photo: Photo, grid: GridFit, sides_allowed: tuple[bool, bool, bool, bool] = (True,) * 4
) -> Iterator[tuple[tuple[int, int, int, int], GridFit]]:
    """The grid grown by a line of cells on each side or two of GROWTHS that
    `sides_allowed` (left, right, top, bottom) allows, as far as the size allows and the
    grown grid stays in the photo, each with the sides it grew on."""
    for sides in GROWTHS:
        if any(grows and not allowed for grows, allowed in zip(sides, sides_allowed, strict=True)):
            continue
        columns = grid.columns + sides[0] + sides[1]
        rows = grid.rows + sides[2] + sides[3]
        if columns * rows > MAX_NUMBER + 1 or max(columns, rows) > max(GUESSED_CELLS):
            continue
        try:
            yield sides, extended(photo.image, grid, sides)
        except PhotoError:
            continue


#: A cell reads as empty when the network gives the blank at least this probability.
EMPTY_CELL_PROBABILITY = 0.5


def _empty_cells(grid: GridFit) -> np.ndarray:
    """For each cell of the grid as found (row-major), whether it reads as empty. Raises
    PhotoError when the cells cannot be read."""
    reading = grid.reading
    empty = np.zeros(grid.columns * grid.rows, dtype=bool)
    empty[list(reading.source_cells)] = reading.costs[:, 0] <= -math.log(EMPTY_CELL_PROBABILITY)
    return empty


def _empty_sides(photo: Photo, grid: GridFit) -> tuple[int, int, int, int]:
    """For each side of the grid as found (left, right, top, bottom), 1 when most cells of
    its outer line, two at least, read as empty and are unlike the cells that read as
    numbers in colour, else 0: a board has one blank, so such a line is the tray or the
    table taken in with the board. (On a small board numbers fade and read as empty too,
    but those cells keep their tiles' colour.)"""
    empty = _empty_cells(grid)
    colours = _cell_colours(
        np.asarray(photo.image), grid, range(grid.columns), range(grid.rows)
    ).reshape(-1, 3)
    numbered = colours[~empty]
    sides = []
    for line in _side_lines(grid):
        taken_in = empty[line] & ~_tile_like(colours[line], numbered)
        sides.append(int(taken_in.sum() >= max(2, len(line) // 2 + 1)))
    return (sides[0], sides[1], sides[2], sides[3])


def _trimmed_best(photo: Photo, best: GridFit) -> GridFit:
    """The best grid without the lines of empty cells along its sides, if that reads
    better: an outline that took in the white tray round a board is divided into a grid a
    line of cells too large, and the tray's cells read as blanks."""
    try:
        left, right, top, bottom = _empty_sides(photo, best)
    except PhotoError:
        return best
    if left + right + top + bottom == 0:
        return best
    smallest = min(GUESSED_CELLS)
    if best.columns - left - right < smallest or best.rows - top - bottom < smallest:
        return best
    try:
        trimmed = extended(photo.image, best, (-left, -right, -top, -bottom))
    except PhotoError:
        return best
    return trimmed if _better(trimmed, best) else best


#: How much dearer a cell may read, on average, in a grid grown onto a line of cells that
#: look like the board's tiles: the numbers along a board's edge often read worse than
#: those inside it (turned two-digit numbers, a shadow), so a grown grid that reads a
#: little worse can still be the whole board.
TILE_LIKE_GROWTH_COST = 0.5


def _grown_best(photo: Photo, best: GridFit) -> GridFit:
    """The best grid grown by a line of cells on a side or two, if that reads better: the
    tiles along a board's edge can be lost with the board's outline when their colour is
    the table's. Failing that, grown onto lines that look like the board's own tiles
    (`_tile_like_sides`), if it reads nearly as well and one cell at most of the lines it
    gained reads empty: a part of a board whose missing line reads a little worse than
    the rest (a frame of the tiles' colour reads empty)."""
    grown = best
    tile_like = _tile_like_sides(photo, best)
    like_the_tiles: list[tuple[tuple[int, int, int, int], GridFit]] = []
    for sides, candidate in _grown_grids(photo, best):
        if _better(candidate, grown):
            grown = candidate
        if all(tile_like[side] for side, grows in enumerate(sides) if grows):
            like_the_tiles.append((sides, candidate))
    if grown is not best:
        return grown
    # Grown onto lines that only look like tiles (a button below a screenshot's board), a
    # reading can turn into a guess: an offered board is not traded for one.
    keep_offered = _reading_offered(best)
    near = [
        candidate
        for sides, candidate in like_the_tiles
        if reading_cost(candidate) <= reading_cost(best) + TILE_LIKE_GROWTH_COST
        and _empty_in_lines(candidate, sides) <= 1
        and (not keep_offered or _reading_offered(candidate))
    ]
    return min(near, key=reading_cost, default=best)


def _reading_offered(grid: GridFit) -> bool:
    try:
        return _offered(grid.reading)
    except PhotoError:
        return False


def _empty_in_lines(grid: GridFit, sides: tuple[int, int, int, int]) -> int:
    """How many cells of the grid's outer lines on `sides` (left, right, top, bottom: 1 for
    each line counted) read as empty; a cell on two of them counts once."""
    lines = [line for line, grew in zip(_side_lines(grid), sides, strict=True) if grew]
    on_lines = np.unique(np.concatenate(lines)) if lines else np.empty(0, dtype=int)
    return int(_empty_cells(grid)[on_lines].sum())


def _side_lines(grid: GridFit) -> tuple[np.ndarray, ...]:
    """The cells (row-major indices) of the grid's outer line on each side: left, right,
    top, bottom."""
    cells = np.arange(grid.columns * grid.rows).reshape(grid.rows, grid.columns)
    return (cells[:, 0], cells[:, -1], cells[0], cells[-1])


#: Where in a cell (a share of its side, each way) its colour is sampled.
_SAMPLE_SPOTS = (0.2, 0.35, 0.5, 0.65, 0.8)

#: A cell outside the grid looks like one of the board's tiles when its colour is within
#: this distance (RGB, 0..1) of at least two of the grid's cells' colours (two: the blank
#: is one cell, and a hole shows the frame's colour).
TILE_LIKE_DISTANCE = 0.12


def _cell_colours(pixels: np.ndarray, grid: GridFit, columns: range, rows: range) -> np.ndarray:
    """The typical colour (0..1) of each cell of `rows` x `columns` at the grid's pitch
    (indices outside the grid count on outwards); NaN for a cell that leaves the photo."""
    lines_x, lines_y = grid.column_lines, grid.row_lines
    pitch_x = (lines_x[-1] - lines_x[0]) / grid.columns
    pitch_y = (lines_y[-1] - lines_y[0]) / grid.rows
    spots = np.asarray(_SAMPLE_SPOTS)
    colours = np.full((len(rows), len(columns), 3), np.nan)
    height, width = pixels.shape[:2]
    for row_index, row in enumerate(rows):
        for column_index, column in enumerate(columns):
            xs = lines_x[0] + (column + spots) * pitch_x
            ys = lines_y[0] + (row + spots) * pitch_y
            square = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
            points = np.rint(apply_homography(grid.rectified.to_photo, square)).astype(int)
            inside = (
                (points[:, 0] >= 0)
                & (points[:, 0] < width)
                & (points[:, 1] >= 0)
                & (points[:, 1] < height)
            )
            if inside.all():
                colours[row_index, column_index] = np.median(
                    pixels[points[:, 1], points[:, 0]], axis=0
                )
    return colours / 255.0


def _tile_like_sides(photo: Photo, grid: GridFit) -> tuple[bool, bool, bool, bool]:
    """For each side (left, right, top, bottom), whether most cells of the line just
    outside it look like the board's own tiles: what a grid that settled on part of a board
    leaves out (a 6x5 in a 6x6 whose first rows hold 0 to 29; a 3x3 in a checkered 4x4).
    Outside a whole board lies its frame or the table, another colour than its tiles."""
    pixels = np.asarray(photo.image)
    inner = _cell_colours(pixels, grid, range(grid.columns), range(grid.rows)).reshape(-1, 3)
    lines = (
        _cell_colours(pixels, grid, range(-1, 0), range(grid.rows)),
        _cell_colours(pixels, grid, range(grid.columns, grid.columns + 1), range(grid.rows)),
        _cell_colours(pixels, grid, range(grid.columns), range(-1, 0)),
        _cell_colours(pixels, grid, range(grid.columns), range(grid.rows, grid.rows + 1)),
    )
    sides = [bool(_tile_like(line.reshape(-1, 3), inner).mean() > 0.5) for line in lines]
    return (sides[0], sides[1], sides[2], sides[3])


def _tile_like(colours: np.ndarray, tiles: np.ndarray) -> np.ndarray:
    """For each of `colours`, whether it is within TILE_LIKE_DISTANCE of at least two of
    `tiles` (the colours of a grid's cells)."""
    distances = np.linalg.norm(colours[:, None, :] - tiles[None, :, :], axis=2)
    near: np.ndarray = (distances < TILE_LIKE_DISTANCE).sum(axis=1) >= 2
    return near


def _whole_board(photo: Photo, settled: GridFit) -> GridFit:
    """A settled grid grown by a line of cells on a side or two where those cells look
    like the board's tiles, as long as the grown grid settles too (the largest such each
    time): the numbers of part of a board can read as a smaller board, settled."""
    while True:
        grown = _grown_once(photo, settled)
        if grown is settled:
            return settled
        settled = grown


def _grown_once(photo: Photo, settled: GridFit) -> GridFit:
    tile_like = _tile_like_sides(photo, settled)
    if not any(tile_like):
        return settled
    best = settled
    for _, candidate in _grown_grids(photo, settled, tile_like):
        if reading_settles(candidate) and candidate.columns * candidate.rows > (
            best.columns * best.rows
        ):
            best = candidate
    return best


def _best_grid(
    photo: Photo,
    outlines: Iterable[Quad],
    size: tuple[int, int] | None,
    *,
    outline_is_grid: bool,
    turns: tuple[int, ...] = TURNS,
    look_closer: bool = False,
) -> tuple[Photo, GridFit]:
    """Of the first MAX_PLACINGS placings (none taken after READ_BUDGET grids once one reads
    well enough to offer), the first that settles (JointReading.settled), or else the one
    that reads best, moved a cell or two if that reads better still (unless the
    outline is a person's): the numbers read in the cells say better than any edge where
    the tiles are. With the photo the grid is in: with `look_closer`, a closer look
    (`_closer_search`) at a grid of small cells that reads nearly settled, as soon as one
    is placed, or at the best at the end, may give a grid in a closer look at the photo."""
    best: GridFit | None = None
    unread: PhotoError | None = None
    # A grid worth a closer look is taken as soon as one is divided evenly: the closer
    # look reads it in more pixels than the other count pairs would be read in here.
    placings = _placings(
        photo,
        outlines,
        size,
        outline_is_grid=outline_is_grid,
        turns=turns,
        enough=_worth_a_closer_look if look_closer else None,
    )
    budget_end = grids_read() + READ_BUDGET
    calibration = shipped_network().calibration
    # The closer look taken during the search: its box, and what it found.
    looked: tuple[Box, tuple[Photo, GridFit] | None] | None = None
    for grid in islice(placings, MAX_PLACINGS):
        try:
            grid.reading  # noqa: B018 - read once, cached on the grid
        except PhotoError as error:  # tiles too small to read, say
            unread = unread or error
            continue
        if reading_settles(grid):
            if outline_is_grid or size is not None:
                return photo, grid
            return photo, _whole_board(photo, grid)
        if _better(grid, best):
            best = grid
        # A grid of small cells that reads nearly settled is most likely the board, only too
        # small in the working image to settle: searching on through the photo's other
        # shapes would not settle it either, and a closer look at it settles sooner.
        if look_closer and looked is None and _worth_a_closer_look(grid):
            reads_before = grids_read()
            box = _closer_box(photo, grid, size)
            looked = (box, _closer_search(photo, box, size, turns, grid))
            if looked[1] is not None and reading_settles(looked[1][1]):
                return looked[1]
            # The budget is this search's own: the closer look's grids do not use it up.
            budget_end += grids_read() - reads_before
        # The closer look's grid counts as found: once one reads well enough to offer,
        # the search ends after its own budget.
        seen_closer = None if looked is None else looked[1]
        offered = min(
            math.inf if best is None else reading_cost(best),
            math.inf if seen_closer is None else reading_cost(seen_closer[1]),
        )
        if offered <= calibration["max_mean_cost"] and grids_read() > budget_end:
            break
    if best is None:
        raise unread or PhotoError(BLURRED_MESSAGE)
    # Corners a person placed are on the board's corners: never a whole cell off.
    if outline_is_grid:
        return photo, best
    best = _shifted_best(photo, best)
    if size is None and not reading_settles(best):
        best = _trimmed_best(photo, best)
    if size is None and not reading_settles(best):
        best = _grown_fully(photo, best)
    if not look_closer or reading_settles(best):
        return photo, best
    closer_ones = [] if looked is None or looked[1] is None else [looked[1]]
    if _small_cells(best.corners, best.columns * best.rows):
        box = _closer_box(photo, best, size)
        # A closer look round the best would search again what the first one searched.
        if looked is None or not _looked_at(box, photo.to_full(best.corners), looked[0]):
            closer = _closer_search(photo, box, size, turns, best)
            if closer is not None:
                closer_ones.insert(0, closer)
    for closer in closer_ones:
        if reading_settles(closer[1]):
            return closer
    better = [closer for closer in closer_ones if _better(closer[1], best)]
    return min(better, key=lambda closer: reading_cost(closer[1]), default=(photo, best))


def _grown_fully(photo: Photo, best: GridFit) -> GridFit:
    """The best grid grown (`_grown_best`) again and again while it grows, until it
    settles (and is then taken to the whole board, `_whole_board`): a board photographed
    to the image's edge can lose a line on two sides that do not meet (its top row and
    its left column, with a grid placed off between)."""
    while True:
        grown = _grown_best(photo, best)
        if grown is best:
            return best
        if reading_settles(grown):
            return _whole_board(photo, grown)
        best = grown


#: A grid whose cells are smaller than this (working pixels, on average) and that does not
#: settle is looked for again in a closer look at the photo (image.closer_look): the
#: network reads a cell's number from a few dozen pixels, and a board small in a 12 MP
#: photo has ten times more of them than the working image keeps.
CLOSER_LOOK_CELL_SIDE = 60
#: Cells under this side (working pixels) are tiny: see `_worth_a_closer_look`.
TINY_CELL_SIDE = CLOSER_LOOK_CELL_SIDE // 2


#: Two closer looks whose boxes overlap this much (intersection over union) look at the
#: same part of the photo: the second would search what the first searched.
SAME_LOOK_OVERLAP = 0.7


def _closer_box(photo: Photo, grid: GridFit, size: tuple[int, int] | None) -> Box:
    """The box (left, top, right, bottom, the full photo's pixels) a closer look round a
    grid takes in. A grid that does not settle may be a part of the board: the box reaches
    as many cells past each side as the board could have that the grid lacks, and one more
    (the board's outline, a grid a cell off). Past a whole board's size it only loses
    pixels."""
    full = photo.to_full(grid.corners)
    largest = max(GUESSED_CELLS) if size is None else max(size)
    lacking = np.array([largest - grid.columns, largest - grid.rows]).clip(0) + 1
    cell = np.ptp(full.as_array(), axis=0) / (grid.columns, grid.rows)
    return _box_round(full, cell * lacking)


def _looked_at(box: Box, corners: Quad, looked: Box) -> bool:
    """Whether a closer look round a grid (in `box`, its corners `corners`, full pixels)
    would look where a closer look in `looked` did: the boxes nearly the same, or the grid
    inside the box looked at."""
    points = corners.as_array()
    inside = bool(
        (points[:, 0] >= looked[0]).all()
        and (points[:, 0] <= looked[2]).all()
        and (points[:, 1] >= looked[1]).all()
        and (points[:, 1] <= looked[3]).all()
    )
    return inside or _box_overlap(box, looked) >= SAME_LOOK_OVERLAP


def _box_overlap(first: Box, second: Box) -> float:
    """Intersection over union of two boxes."""
    width = min(first[2], second[2]) - max(first[0], second[0])
    height = min(first[3], second[3]) - max(first[1], second[1])
    if width <= 0 or height <= 0:
        return 0.0
    shared = width * height
    areas = [(box[2] - box[0]) * (box[3] - box[1]) for box in (first, second)]
    return shared / (sum(areas) - shared)


def _closer_search(
    photo: Photo,
    box: Box,
    size: tuple[int, int] | None,
    turns: tuple[int, ...],
    seen: GridFit,
) -> tuple[Photo, GridFit] | None:
    """A closer look at a box of the photo (`image.closer_look`) and the best grid found in
    it, or None when the look gains nothing or finds no grid. The grid seen in the photo
    (`seen`) is placed again in the closer look first (`_placed_again`): a board too small
    to settle in the working image is most often settled by that alone. Failing that, the
    shapes the closer look shows are searched (the grid seen may be part of the board)."""
    closer = closer_look(photo, box)
    if closer is None:
        return None
    seen_outline = closer.to_working(photo.to_full(seen.corners))
    again = _placed_again(closer, seen_outline, seen, size, turns)
    if again is not None and reading_settles(again):
        return closer, again if size is not None else _whole_board(closer, again)
    try:
        found = _best_grid(closer, board_outlines(closer), size, outline_is_grid=False, turns=turns)
    except PhotoError:
        return None if again is None else (closer, again)
    if again is not None and not reading_settles(found[1]) and _better(again, found[1]):
        return closer, again
    return found


def _placed_again(
    closer: Photo,
    outline: Quad,
    seen: GridFit,
    size: tuple[int, int] | None,
    turns: tuple[int, ...],
) -> GridFit | None:
    """The grid `seen` in the working image placed again in a closer look, inside its own
    outline (`outline`, the closer look's pixels) at its own count (that outline divided
    evenly when the lines placed there do not settle: tiles packed tight show gaps fainter
    than their numbers' strokes, as in the working image), and straightened until it
    settles or no longer reads better; None when it cannot be placed or read."""
    try:
        grid = find_grid(
            closer.image,
            outline,
            (seen.columns, seen.rows),
            outline_is_grid=True,
            divide_evenly=True,
            upright_size=size,
            turns=turns,
        )
        grid.reading  # noqa: B018 - read once, cached on the grid
    except PhotoError:
        return None
    for _ in range(STRAIGHTENINGS):
        if reading_settles(grid):
            break
        try:
            straightened = straighten(closer.image, grid)
        except PhotoError:
            break
        if straightened is grid or not _better(straightened, grid):
            break
        grid = straightened
    return grid


def _closer_at_corners(photo: Photo, corners: Corners, size: tuple[int, int] | None) -> Photo:
    """The photo, or a closer look at the board inside corners a person placed when its
    cells (of `size`, or of the largest board guessed) are small in the working image: a
    cell of rough corners' width round them."""
    cells = (max(GUESSED_CELLS) ** 2) if size is None else size[0] * size[1]
    if not _small_cells(photo.to_working(corners), cells):
        return photo
    reach = np.ptp(corners.as_array(), axis=0) / math.sqrt(cells)
    closer = closer_look(photo, _box_round(corners, reach))
    return photo if closer is None else closer


def _worth_a_closer_look(grid: GridFit) -> bool:
    """Whether a grid that does not settle is worth a closer look before the search goes
    on: its cells are small and it reads nearly settled, or, when they are tiny, well
    enough to offer (numbers a dozen pixels high read badly even where the grid is
    right)."""
    cells = grid.columns * grid.rows
    if not _small_cells(grid.corners, cells):
        return False
    calibration = shipped_network().calibration
    tiny = math.sqrt(abs(grid.corners.area()) / cells) < TINY_CELL_SIDE
    limit = calibration["max_mean_cost"] if tiny else calibration["settled_cost"]
    return reading_cost(grid) <= limit


def _small_cells(outline: Quad, cells: int) -> bool:
    """Whether `cells` cells in `outline` (working pixels) are under CLOSER_LOOK_CELL_SIDE."""
    return math.sqrt(abs(outline.area()) / cells) < CLOSER_LOOK_CELL_SIDE


def _box_round(outline: Quad, reach: np.ndarray) -> Box:
    """The box round `outline` grown by `reach` (x, y) on every side."""
    points = outline.as_array()
    low, high = points.min(axis=0) - reach, points.max(axis=0) + reach
    return (float(low[0]), float(low[1]), float(high[0]), float(high[1]))


def find_corners(photo: Photo) -> Corners:
    """The corners of the board's tile grid, in the photo's pixels, as `read_photo` places
    them. Raises PhotoError."""
    _, grid = _best_grid(photo, board_outlines(photo), None, outline_is_grid=False)
    return photo.to_full(grid.corners)


def guess_size(photo: Photo, corners: Corners) -> tuple[int, int]:
    """(width, height) of the grid inside `corners` (photo pixels). Raises PhotoError."""
    grid = find_grid(photo.image, photo.to_working(corners))
    return (grid.columns, grid.rows)


def read_photo(
    source: bytes | str | Path | Photo,
    *,
    size: tuple[int, int] | None = None,
    corners: Corners | None = None,
    turns: int | None = None,
) -> PhotoReading:
    """Read a sliding-tile board from a photo.

    `source`: image bytes, a file, or a Photo from `load_photo` (decode once, read again).
    `size`: (width, height) in cells, when known; otherwise guessed (3 to 6 a side).
    `corners`: the tile grid's corners in the photo's pixels (upright, full size), when a
    person placed them; otherwise found.
    `turns`: the counterclockwise quarter turns that bring the board upright, when a person
    chose them; otherwise the numbers read decide.

    Raises PhotoError, with a message for a person, when the bytes are not an image, no
    board is found, or its numbers cannot be read.
    """
    photo = source if isinstance(source, Photo) else load_photo(source)
    if size is not None:
        _check_size(size)
    allowed = TURNS if turns is None else (turns % 4,)
    if corners is None:
        photo, grid = _best_grid(
            photo,
            board_outlines(photo),
            size,
            outline_is_grid=False,
            turns=allowed,
            look_closer=True,
        )
    else:
        working = photo.to_working(corners)
        if not working.is_convex() or abs(working.area()) < 64:
            raise PhotoError("the corners do not outline a board: drag them to its corners")
        photo = _closer_at_corners(photo, corners, size)
        photo, grid = _best_grid(
            photo, (photo.to_working(corners),), size, outline_is_grid=True, turns=allowed
        )
    return read_grid(
        photo,
        grid,
        corners_found=corners is None,
        size_guessed=size is None,
        refuse_guesses=corners is None or turns is None,
    )
