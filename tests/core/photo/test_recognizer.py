"""Reading a grid's cells: the quarter turn chosen from the cells with the most ink gives
the reading that reading every cell in every turn gives."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from core.photo import recognizer
from core.photo.cells import cell_crops, network_inputs
from core.photo.grid import (
    RECTIFIED_MARGIN,
    RECTIFIED_SIZE,
    find_grid,
    rectify,
)
from core.photo.image import load_photo
from core.photo.reader import read_photo
from core.photo.recognizer import TURNS, read_cells, screen_cost
from core.photo.training.synthetic import StyleSet, generate_photo

from .test_reader import jpeg


def _every_turn_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    # Screening as many cells as any board has reads every cell in every turn.
    monkeypatch.setattr(recognizer, "SCREENED_CELLS", 10_000)
    monkeypatch.setattr(recognizer, "TURN_TIE", float("inf"))


@pytest.mark.parametrize("seed", [3, 9, 17, 40])
@pytest.mark.parametrize("turn", [None, Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180])
def test_screening_the_turns_reads_what_reading_every_turn_whole_reads(
    seed: int, turn: Image.Transpose | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    synthetic = generate_photo(seed, StyleSet.TEST)
    image = synthetic.image() if turn is None else synthetic.image().transpose(turn)
    photo = load_photo(jpeg(image))
    reading = read_photo(photo)
    grid = find_grid(photo.image, reading.corners.scaled(1 / photo.scale), outline_is_grid=True)
    screened = read_cells(grid.rectified.pixels, grid.column_lines, grid.row_lines, turns=TURNS)
    # a board read clearly has fewer than its four turns read whole, its own among them
    pictures, measures = network_inputs(
        cell_crops(grid.rectified.pixels, grid.column_lines, grid.row_lines)
    )
    kept = recognizer._turn_log_probabilities(pictures, measures, list(TURNS), len(pictures))
    assert screened.turns in kept
    assert len(kept) < len(TURNS)
    _every_turn_whole(monkeypatch)
    whole = read_cells(grid.rectified.pixels, grid.column_lines, grid.row_lines, turns=TURNS)
    assert (screened.turns, screened.numbers) == (whole.turns, whole.numbers)
    np.testing.assert_allclose(screened.costs, whole.costs, rtol=1e-4, atol=1e-4)


def _even_lines(cells: int) -> tuple[float, ...]:
    inner = RECTIFIED_SIZE - 2 * RECTIFIED_MARGIN
    return tuple(RECTIFIED_MARGIN + inner * index / cells for index in range(cells + 1))


@pytest.mark.parametrize("seed", [3, 9, 17])
def test_screening_guesses_a_reading_from_below_and_a_single_tile_as_no_board(
    seed: int,
) -> None:
    synthetic = generate_photo(seed, StyleSet.TEST)
    photo = load_photo(jpeg(synthetic.image()))
    reading = read_photo(photo)
    grid = find_grid(photo.image, reading.corners.scaled(1 / photo.scale), outline_is_grid=True)
    pixels, columns, rows = grid.rectified.pixels, grid.column_lines, grid.row_lines
    # The board's own cells: the screen costs no more than the reading.
    board = read_cells(pixels, columns, rows)
    assert screen_cost(pixels, columns, rows) <= board.mean_cost + 0.1
    # One tile taken for the board (a screenshot's darkest tile is a shape of its own):
    # divided into cells, those round its number read as blanks, and a board has one, so
    # it screens as what it reads as, no board. (Each cell's likeliest alone, it screened
    # as well as a board: 0.01 to 0.07.)
    offerable = recognizer.shipped_network().calibration["max_mean_cost"]
    two_digits = max(range(len(board.numbers)), key=lambda index: board.numbers[index] > 9)
    row, column = divmod(board.source_cells[two_digits], grid.columns)
    tile = rectify(photo.image, grid.cell_quad(row, column)).pixels
    for cells in (3, 4):
        lines = _even_lines(cells)
        assert read_cells(tile, lines, lines).mean_cost > offerable
        assert screen_cost(tile, lines, lines) > 1.0
