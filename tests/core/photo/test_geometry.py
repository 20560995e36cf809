"""Quadrilaterals: naming their corners from another one, and which way is up."""

from __future__ import annotations

import pytest

from core.photo.geometry import Quad

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
