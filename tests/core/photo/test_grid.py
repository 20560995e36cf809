"""The grid's geometry: straightening a grid whose outline was found a little askew."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

from core.photo import grid as grid_module
from core.photo.errors import PhotoError
from core.photo.geometry import Quad, apply_homography, homography
from core.photo.grid import (
    AxisFit,
    GridFit,
    axis_candidates,
    extended,
    find_grid,
    fit_contrasts,
    line_profiles,
    reading_cost,
    refine_lines,
    straighten,
    tile_area,
    widened,
)
from core.photo.image import load_photo
from core.photo.recognizer import grids_read, screen_cost
from core.photo.training.synthetic import StyleSet, font_files, generate_photo


def gap_error_in_cells(grid: GridFit, truth: Quad, size: tuple[int, int]) -> float:
    """How far, in cells, the grid puts the worst of the points where gaps cross (the inner
    corners of the cells) from where they are: the outer lines are left out, as where the
    tiles end beside a frame is a matter of a gap's width."""
    columns, rows = size
    cell_to_photo = homography(
        np.array([[0, 0], [columns, 0], [columns, rows], [0, rows]], dtype=np.float64),
        truth.as_array(),
    )
    points = truth.as_array()
    pitch = float(np.linalg.norm(points[1] - points[0])) / columns
    worst = 0.0
    for row in range(1, rows):
        for column in range(1, columns):
            true_point = apply_homography(cell_to_photo, np.array([[column, row]], dtype=float))
            found = np.asarray(grid.cell_quad(row, column).points()[0])
            worst = max(worst, float(np.abs(found - true_point[0]).max()) / pitch)
    return worst


@pytest.mark.parametrize("seed", [1, 4, 9, 12])
@pytest.mark.parametrize("corner", [0, 2])
def test_straightening_a_grid_found_askew_puts_its_gaps_back_where_they_are(
    seed: int, corner: int
) -> None:
    synthetic = generate_photo(seed, StyleSet.TEST)
    photo = load_photo(synthetic.jpeg)
    truth = synthetic.corners.scaled(1 / photo.scale)
    size = (synthetic.board.width, synthetic.board.height)
    reference = gap_error_in_cells(
        find_grid(photo.image, truth, size, outline_is_grid=True), truth, size
    )
    points = truth.as_array()
    pitch = float(np.linalg.norm(points[1] - points[0])) / size[0]
    askew = points.copy()
    askew[corner] += (0.5 * pitch, -0.45 * pitch)
    grid = find_grid(photo.image, Quad.from_points(askew), size, outline_is_grid=True)

    straightened = straighten(photo.image, grid)

    assert gap_error_in_cells(grid, truth, size) > 0.12
    assert gap_error_in_cells(straightened, truth, size) <= reference + 0.03
    assert (straightened.columns, straightened.rows) == size


@pytest.mark.parametrize("seed", [1, 6])
def test_straightening_a_grid_found_right_leaves_it_right(seed: int) -> None:
    synthetic = generate_photo(seed, StyleSet.TEST)
    photo = load_photo(synthetic.jpeg)
    truth = synthetic.corners.scaled(1 / photo.scale)
    size = (synthetic.board.width, synthetic.board.height)
    grid = find_grid(photo.image, truth, size, outline_is_grid=True)

    straightened = straighten(photo.image, grid)

    assert (
        gap_error_in_cells(straightened, truth, size)
        <= gap_error_in_cells(grid, truth, size) + 0.03
    )


@pytest.mark.parametrize("seed", [1, 4, 6, 9])
def test_a_grid_that_settles_where_its_lines_are_placed_is_read_once(seed: int) -> None:
    # The board's outline a little larger than its grid, as one found round a frame: the
    # lines are placed in a first warp of it, where the likeliest ones are read; when
    # those settle, the grid is theirs, not warped and read a second time.
    synthetic = generate_photo(seed, StyleSet.TEST)
    photo = load_photo(synthetic.jpeg)
    truth = synthetic.corners.scaled(1 / photo.scale)
    size = (synthetic.board.width, synthetic.board.height)
    before = grids_read()

    grid = find_grid(photo.image, truth.grown(1.1))

    assert grid.reading.settled
    assert grids_read() - before == 1
    assert (grid.columns, grid.rows) == size
    assert gap_error_in_cells(grid, truth, size) < 0.15


@pytest.mark.parametrize("seed", [1, 2, 5, 9])
def test_the_lines_that_fit_best_are_read_before_other_lines_are_screened(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Screening a pair of candidate lines reads a few of its cells in every quarter turn:
    # round a board the pair that fits best settles, and screening the others first cost
    # more than reading it.
    synthetic = generate_photo(seed, StyleSet.TEST)
    photo = load_photo(synthetic.jpeg)
    truth = synthetic.corners.scaled(1 / photo.scale)
    screened: list[int] = []

    def counted(*arguments: object) -> float:
        screened.append(1)
        return screen_cost(*arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(grid_module, "screen_cost", counted)
    grid = find_grid(photo.image, truth.grown(1.1))

    assert grid.reading.settled
    assert (grid.columns, grid.rows) == (synthetic.board.width, synthetic.board.height)
    assert len(screened) <= 1


def test_a_side_of_two_cells_has_no_tilt_to_fit_and_the_grid_is_kept() -> None:
    synthetic = generate_photo(4, StyleSet.TEST)
    photo = load_photo(synthetic.jpeg)
    truth = synthetic.corners.scaled(1 / photo.scale)
    grid = find_grid(photo.image, truth, (2, 2), outline_is_grid=True)

    assert straighten(photo.image, grid) is grid


@pytest.mark.parametrize(("gap", "radius"), [(12, 30), (16, 36), (20, 36)])
def test_lines_are_placed_in_the_middle_of_wide_gaps(gap: int, radius: int) -> None:
    # Rounded tiles, as an app draws them, in a warped board of 4x4 cells of 112 pixels:
    # a gap wider than gap_edges widens its edges shows two ridges, and the strongest
    # place is one of them, 13 to 17 pixels off the gap's middle.
    pitch = 112
    image = Image.new("RGB", (512, 512), (20, 50, 100))
    draw = ImageDraw.Draw(image)
    for row in range(4):
        for column in range(4):
            left, top = 32 + gap / 2 + column * pitch, 32 + gap / 2 + row * pitch
            right, bottom = left + pitch - gap - 1, top + pitch - gap - 1
            draw.rounded_rectangle((left, top, right, bottom), radius=radius, fill=(245, 205, 90))
    columns, rows = line_profiles(np.asarray(image, dtype=np.float32) / 255)
    fit = AxisFit(start=32.0, pitch=float(pitch), cells=4, contrast=1.0)

    for profile in (columns, rows):
        inner = np.array(refine_lines(profile, fit)[1:-1])
        assert np.abs(inner - np.array([144, 256, 368])).max() <= 2


def test_lines_that_stand_out_nowhere_are_no_grid() -> None:
    # Edges only in the middle stretch, none at the ends where a grid's outer lines would
    # run: every evenly spaced set of lines has its middles stronger than its lines.
    positions = np.arange(512)
    profile = np.where((positions > 170) & (positions < 340), 1.0, 0.0).astype(np.float32)

    with pytest.raises(PhotoError, match="no grid"):
        axis_candidates(profile, range(3, 7), (10, 160), (352, 502), 3)


@pytest.mark.parametrize("seed", [1, 6])
def test_a_grid_found_a_line_of_cells_short_grows_back_to_the_board(seed: int) -> None:
    synthetic = generate_photo(seed, StyleSet.TEST)
    photo = load_photo(synthetic.jpeg)
    truth = synthetic.corners.scaled(1 / photo.scale)
    columns, rows = synthetic.board.width, synthetic.board.height
    # The board's grid without its last column and its top row.
    to_photo = homography(
        np.array([[0, 0], [columns, 0], [columns, rows], [0, rows]], dtype=np.float64),
        truth.as_array(),
    )
    inner = apply_homography(
        to_photo,
        np.array([[0, 1], [columns - 1, 1], [columns - 1, rows], [0, rows]], dtype=np.float64),
    )
    short = find_grid(
        photo.image, Quad.from_points(inner), (columns - 1, rows - 1), outline_is_grid=True
    )

    reference = gap_error_in_cells(
        find_grid(photo.image, truth, (columns, rows), outline_is_grid=True), truth, (columns, rows)
    )

    grown = extended(photo.image, short, (0, 1, 1, 0))

    assert (grown.columns, grown.rows) == (columns, rows)
    assert gap_error_in_cells(grown, truth, (columns, rows)) <= reference + 0.05
    assert grown.reading.mean_cost < short.reading.mean_cost


def test_a_grid_is_not_grown_off_the_photo() -> None:
    synthetic = generate_photo(1, StyleSet.TEST)
    photo = load_photo(synthetic.jpeg)
    truth = synthetic.corners.scaled(1 / photo.scale)
    size = (synthetic.board.width, synthetic.board.height)
    grid = find_grid(photo.image, truth, size, outline_is_grid=True)
    width = photo.image.size[0]
    # Enough lines of cells to the left to leave any photo.
    lines = int(width / (abs(truth.area()) ** 0.5 / size[0])) + 1
    with pytest.raises(PhotoError):
        extended(photo.image, grid, (lines, 0, 0, 0))


def _widened_plainly(values: np.ndarray, reach: int, axis: int) -> np.ndarray:
    along = np.moveaxis(values, axis, 0)
    windows = [along[max(0, i - reach) : i + reach + 1].max(axis=0) for i in range(len(along))]
    return np.moveaxis(np.stack(windows), 0, axis)


@given(
    rows=st.integers(1, 40),
    columns=st.integers(1, 40),
    reach=st.integers(1, 9),
    axis=st.sampled_from([0, 1]),
    seed=st.integers(0, 2**32 - 1),
)
def test_widened_is_the_largest_within_reach_either_way(
    rows: int, columns: int, reach: int, axis: int, seed: int
) -> None:
    values = np.random.default_rng(seed).random((rows, columns), dtype=np.float32)
    assert np.array_equal(widened(values, reach, axis), _widened_plainly(values, reach, axis))


def _framed_board(side: int, cell: int, frame: int, numeral: float) -> Image.Image:
    """Cream tiles packed a pixel apart, each with its dark number `numeral` of a cell
    high (0 the blank), inside a dark frame `frame` pixels wide, on a pale table."""
    board_side = side * cell + 2 * frame
    image = Image.new("RGB", (board_side + 80, board_side + 80), (214, 200, 170))
    draw = ImageDraw.Draw(image)
    draw.rectangle((40, 40, 40 + board_side - 1, 40 + board_side - 1), fill=(30, 30, 34))
    font = ImageFont.truetype(str(font_files(StyleSet.TEST)[0]), round(cell * numeral))
    for index in range(side * side):
        row, column = divmod(index, side)
        left, top = 40 + frame + column * cell, 40 + frame + row * cell
        draw.rectangle((left, top, left + cell - 2, top + cell - 2), fill=(240, 236, 224))
        number = (index + 1) % (side * side)
        if number:
            centre = (left + cell / 2, top + cell / 2)
            draw.text(centre, str(number), font=font, fill=(20, 40, 140), anchor="mm")
    return image


def _square(left: float, top: float, side: float) -> Quad:
    return Quad((left, top), (left + side, top), (left + side, top + side), (left, top + side))


@pytest.mark.parametrize("numeral", [0.45, 0.75])
def test_the_tiles_area_inside_a_frame_is_where_the_tiles_are(numeral: float) -> None:
    # Large numerals leave some columns of tiles under half tile-coloured; the frame none.
    side, cell, frame = 6, 60, 50
    image = _framed_board(side, cell, frame, numeral)
    outline = _square(40, 40, side * cell + 2 * frame)
    area = tile_area(image, outline)
    assert area is not None
    tiles = _square(40 + frame, 40 + frame, side * cell)
    assert np.abs(area.as_array() - tiles.as_array()).max() < 0.15 * cell


def test_an_outline_the_tiles_fill_is_the_tiles_area() -> None:
    side, cell, frame = 4, 70, 40
    image = _framed_board(side, cell, frame, 0.5)
    outline = _square(40 + frame, 40 + frame, side * cell)
    assert tile_area(image, outline) is outline


def test_a_single_tile_taken_for_a_board_is_not_read_in_every_count_of_cells() -> None:
    # A screenshot's darkest tile is a shape of its own: divided into cells, the cells
    # round its number screen as blanks, and a board has one blank.
    image = Image.new("RGB", (400, 400), (60, 60, 58))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((60, 60, 340, 340), radius=12, fill=(24, 26, 22), outline=(90, 90, 90))
    font = ImageFont.truetype(str(font_files(StyleSet.TEST)[0]), 90)
    draw.text((200, 200), "2", font=font, fill=(235, 235, 235), anchor="mm")
    before = grids_read()
    grid = find_grid(image, _square(60, 60, 280))
    assert grids_read() == before
    assert reading_cost(grid) > 3.0


def _contrasts_plainly(
    smooth: np.ndarray, start_grid: np.ndarray, span: np.ndarray, cells: int
) -> np.ndarray:
    """`fit_contrasts` as its docstring says it, every line of every fit in one array."""
    lines = np.rint(start_grid[:, :, None] + span[:, :, None] * np.arange(cells + 1) / cells)
    middles = (np.arange(cells) + 0.5) / cells
    centres = np.rint(start_grid[:, :, None] + span[:, :, None] * middles)
    at_lines = smooth[np.clip(lines.astype(np.int64), 0, len(smooth) - 1)]
    at_centres = smooth[np.clip(centres.astype(np.int64), 0, len(smooth) - 1)]
    strength = (at_lines.min(axis=2) + at_lines.mean(axis=2)) / 2
    contrast = strength - at_centres.mean(axis=2)
    contrast[span < cells * 8] = -np.inf
    return contrast


@given(seed=st.integers(0, 2**32 - 1), cells=st.integers(2, 8))
def test_the_fits_contrasts_are_the_plainly_computed_ones_to_the_bit(seed: int, cells: int) -> None:
    # Summed a line at a time, not in one array of every line: the same floats.
    rng = np.random.default_rng(seed)
    smooth = rng.random(300).astype(np.float32)
    start_grid, end_grid = np.meshgrid(np.arange(1, 150, 2), np.arange(100, 299, 2), indexing="ij")
    span = (end_grid - start_grid).astype(np.float64)
    found = fit_contrasts(smooth, start_grid, span, cells)
    assert np.array_equal(found, _contrasts_plainly(smooth, start_grid, span, cells))
