"""The trainer's world of tiles and its export to the numpy network (the trainer itself
runs by hand; these check what it is built from)."""

from __future__ import annotations

from importlib import resources
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
    network = Network((export_weights(model),), dict.fromkeys(CALIBRATION_NAMES, 0.0))
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


def test_networks_are_joined_into_one_model_calibrated_again(tmp_path: Path) -> None:
    from core.photo.network import MODEL_NAME, MODEL_PACKAGE, load_network, shipped_network
    from core.photo.training import ensemble

    shipped = resources.files(MODEL_PACKAGE).joinpath(MODEL_NAME)
    with resources.as_file(shipped) as path:
        out = tmp_path / "joined.npz"
        assert ensemble.main([str(path), str(path), "--out", str(out), "--held-out", "6"]) == 0
    with out.open("rb") as stream:
        joined = load_network(stream)
    alone = shipped_network()
    assert len(joined.weight_sets) == 2 * len(alone.weight_sets)
    assert set(joined.calibration) == set(CALIBRATION_NAMES)
    # a network joined with itself reads as it does alone (float16 storage aside)
    pictures, measures, _ = draw_board(3, numbers=list(range(9)))
    np.testing.assert_allclose(
        joined.log_probabilities(pictures, measures),
        alone.log_probabilities(pictures, measures),
        atol=0.05,
    )


def test_joining_a_file_that_is_no_model_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from core.photo.training import ensemble

    other = tmp_path / "notes.npz"
    other.write_bytes(b"not a model")
    with pytest.raises(SystemExit) as exited:
        ensemble.main([str(other), "--out", str(tmp_path / "out.npz")])
    assert exited.value.code == 1
    said = capsys.readouterr().err
    assert said.startswith("ensemble: the number recogniser's model file is damaged")
    assert said.count("\n") == 1
    assert not (tmp_path / "out.npz").exists()
