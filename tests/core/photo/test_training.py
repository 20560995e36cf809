"""The trainer's world of tiles and its export to the numpy network (the trainer itself
runs by hand; these check what it is built from)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pytest

from core.photo.cells import CHANNELS, INPUT_SIDE, MEASURE_COUNT
from core.photo.network import CALIBRATION_NAMES, Network
from core.photo.training import train
from core.photo.training.cell_world import HERSHEY_FONTS, draw_board, font_pool

if TYPE_CHECKING:
    from pathlib import Path


def test_a_board_of_the_world_is_drawn_as_the_network_reads_it() -> None:
    pictures, measures, numbers = draw_board(7, numbers=list(range(9)))
    assert pictures.shape == (9, CHANNELS, INPUT_SIDE, INPUT_SIDE)
    assert measures.shape == (9, MEASURE_COUNT)
    assert sorted(numbers) == list(range(9))
    assert np.isfinite(pictures).all()
    assert np.isfinite(measures).all()


def test_the_same_seed_draws_the_same_board() -> None:
    first = draw_board(11)
    again = draw_board(11)
    np.testing.assert_array_equal(first[0], again[0])
    assert first[2] == again[2]


def test_the_blank_shows_less_ink_than_the_numbers_on_most_boards() -> None:
    fainter = 0
    for seed in range(20):
        _, measures, numbers = draw_board(seed, numbers=list(range(9)))
        blank = numbers.index(0)
        others = [index for index in range(9) if index != blank]
        fainter += measures[blank, 1] < np.median(measures[others, 1])
    assert fainter >= 15


def test_the_fonts_include_the_ones_every_machine_has() -> None:
    names = {path.name for path in font_pool()}
    assert "DejaVuSans.ttf" in names
    assert "HersheyFonts" not in names
    assert len(HERSHEY_FONTS) >= 4


def test_the_exported_weights_score_as_the_trained_model_does() -> None:
    torch = pytest.importorskip("torch")
    from core.photo.training.train import build_model, export_weights

    torch.manual_seed(0)
    model = build_model().eval()
    rng = np.random.default_rng(0)
    pictures = rng.random((5, CHANNELS, INPUT_SIDE, INPUT_SIDE), dtype=np.float32)
    measures = rng.random((5, MEASURE_COUNT), dtype=np.float32)
    with torch.no_grad():
        expected = torch.log_softmax(
            model(torch.from_numpy(pictures), torch.from_numpy(measures)), dim=1
        ).numpy()
    network = Network(export_weights(model), dict.fromkeys(CALIBRATION_NAMES, 0.0))
    np.testing.assert_allclose(network.log_probabilities(pictures, measures), expected, atol=1e-5)


def test_cached_cells_are_read_back_and_redrawn_for_other_counts(tmp_path: Path) -> None:
    cache = tmp_path / "cells.npz"
    drawn = train.gather_cached(cache, boards=2, photos=0)
    assert cache.is_file()
    again = train.gather_cached(cache, boards=2, photos=0)
    for first, second in zip(drawn, again, strict=True):
        assert np.array_equal(first, second)
    more = train.gather_cached(cache, boards=3, photos=0)
    assert len(more[2]) > len(drawn[2])
    assert len(train.gather_cached(cache, boards=3, photos=0)[2]) == len(more[2])
