"""Reading a grid's cells: the quarter turn chosen from the cells with the most ink gives
the reading that reading every cell in every turn gives."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from core.photo import recognizer
from core.photo.cells import cell_crops, network_inputs
from core.photo.grid import find_grid
from core.photo.image import load_photo
from core.photo.reader import read_photo
from core.photo.recognizer import TURNS, read_cells
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
