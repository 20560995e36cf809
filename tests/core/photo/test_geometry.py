"""Quadrilaterals: naming their corners from another one, and which way is up."""

from __future__ import annotations

import numpy as np
import pytest

from core.photo.geometry import Quad, seen_side_ratio
from core.photo.grid import MAX_CELL_SIDE_RATIO

SQUARE = Quad((0, 0), (10, 0), (10, 10), (0, 10))


def test_turning_names_the_corners_from_the_next_one_round() -> None:
    assert SQUARE.turned(0) == SQUARE
    assert SQUARE.turned(1) == Quad((10, 0), (10, 10), (0, 10), (0, 0))
    assert SQUARE.turned(2) == Quad((10, 10), (0, 10), (0, 0), (10, 0))
    assert SQUARE.turned(4) == SQUARE
    assert SQUARE.turned(1).turned(3) == SQUARE


@pytest.mark.parametrize(("turns", "upright"), [(0, 0), (1, 1), (2, 2), (3, 3)])
def test_a_turned_outline_says_how_far_to_turn_the_photo_back(turns: int, upright: int) -> None:
    # Named from the corner that is the board's top left when the photo is turned `turns`
    # quarters counterclockwise: the photo needs those turns to show it upright.
    assert SQUARE.turned(turns).upright_turns() == upright


def test_an_outline_tilted_less_than_45_degrees_is_upright() -> None:
    tilted = Quad((0, 0), (10, 4), (6, 14), (-4, 10))
    assert tilted.upright_turns() == 0
    assert tilted.turned(1).upright_turns() == 1


def _photographed(
    width: float, height: float, tilt: float, swing: float, focal: float
) -> tuple[Quad, tuple[int, int]]:
    """A width x height rectangle tilted `tilt` degrees away from the camera about its
    horizontal axis and `swing` degrees about its vertical one, shot by a pinhole camera of
    `focal` pixels, in a 4000 x 3000 photo (its corners as the photo shows them)."""
    a, b = np.radians(tilt), np.radians(swing)
    tilt_matrix = np.array([[1, 0, 0], [0, np.cos(a), -np.sin(a)], [0, np.sin(a), np.cos(a)]])
    swing_matrix = np.array([[np.cos(b), 0, np.sin(b)], [0, 1, 0], [-np.sin(b), 0, np.cos(b)]])
    corners = np.array([[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]]) * (width, height, 0) / 2
    placed = np.add((swing_matrix @ tilt_matrix @ corners.T).T, (0.2, -0.1, 4.0))
    points = [(focal * x / z + 2000, focal * y / z + 1500) for x, y, z in placed]
    return Quad(*points), (4000, 3000)


@pytest.mark.parametrize("tilt", [0, 20, 45, 60])
@pytest.mark.parametrize("swing", [10, 30])
@pytest.mark.parametrize("proportions", [(1.0, 1.0), (1.5, 1.0), (1.0, 2.0)])
def test_a_rectangle_in_perspective_is_seen_in_its_true_proportions(
    tilt: float, swing: float, proportions: tuple[float, float]
) -> None:
    # Two vanishing points: the outline tells the focal length itself.
    outline, size = _photographed(*proportions, tilt=tilt, swing=swing, focal=3500)
    ratio = proportions[0] / proportions[1]
    assert seen_side_ratio(outline, size) == pytest.approx(ratio, rel=0.02)


@pytest.mark.parametrize("tilt", [30, 60])
def test_a_square_tilted_about_one_axis_is_seen_nearly_square(tilt: float) -> None:
    # One pair of sides stays parallel, so the focal length is assumed; a photo of 0.6 to
    # 1.2 diagonals' focal length (a phone, unzoomed or zoomed 2x) still comes out far
    # nearer square than the outline's own sides, and within the grid's MAX_CELL_SIDE_RATIO.
    for focal in (3000, 6000):
        outline, size = _photographed(1.0, 1.0, tilt=tilt, swing=0, focal=focal)
        seen = seen_side_ratio(outline, size)
        top = np.hypot(*np.subtract(outline.top_right, outline.top_left))
        left = np.hypot(*np.subtract(outline.bottom_left, outline.top_left))
        assert abs(np.log(seen)) < abs(np.log(top / left))
        assert 1 / MAX_CELL_SIDE_RATIO < seen < MAX_CELL_SIDE_RATIO


def test_a_screenshot_grid_is_its_own_proportions() -> None:
    assert seen_side_ratio(Quad((100, 50), (400, 50), (400, 250), (100, 250)), (800, 600)) == (
        pytest.approx(1.5)
    )
