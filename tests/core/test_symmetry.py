"""The symmetries of a board shape: eight for a square, four for another rectangle, each one
keeping neighbours neighbours (so slides stay slides), and the orbits they sort cells into."""

from __future__ import annotations

import pytest

from core import symmetry
from tests.core.ground_truth import neighbour_cells

SHAPES = [(2, 2), (3, 3), (4, 4), (2, 3), (3, 2), (2, 4), (4, 2), (3, 4), (5, 3), (2, 8)]


@pytest.mark.parametrize(("width", "height"), SHAPES)
def test_every_symmetry_carries_neighbours_to_neighbours(width: int, height: int) -> None:
    found = symmetry.symmetries(width, height)
    assert len(found) == (8 if width == height else 4)
    assert found[0].cells == tuple(range(width * height))  # the identity first
    assert len({turn.cells for turn in found}) == len(found)
    beside = neighbour_cells(width, height)
    for turn in found:
        assert sorted(turn.cells) == list(range(width * height))
        for cell, neighbours in enumerate(beside):
            assert {turn.cells[other] for other in neighbours} == set(beside[turn.cells[cell]])
        assert [turn.inverse.cells[image] for image in turn.cells] == list(range(width * height))


def test_lines_have_two_symmetries() -> None:
    assert [turn.cells for turn in symmetry.symmetries(4, 1)] == [(0, 1, 2, 3), (3, 2, 1, 0)]


def test_the_fifteen_puzzle_has_three_orbits() -> None:
    assert {symmetry.orbit(4, 4, cell) for cell in range(16)} == {
        (0, 3, 12, 15),
        (1, 2, 4, 7, 8, 11, 13, 14),
        (5, 6, 9, 10),
    }
    # The blank-last goal's cell is carried onto the blank-first goal's, and back.
    assert symmetry.carrying(4, 4, 15, 0).cells[15] == 0
    assert symmetry.carrying(4, 4, 15, 0).inverse.cells[0] == 15
    with pytest.raises(ValueError, match="cell 5 to 0"):
        symmetry.carrying(4, 4, 5, 0)


@pytest.mark.parametrize(
    ("width", "height", "cell", "words"),
    [
        (4, 4, 15, "in a corner"),
        (4, 4, 2, "on an edge, not in a corner"),
        (4, 4, 10, "in a middle cell"),
        (3, 3, 4, "in the centre"),
        (2, 4, 3, "on an edge, not in a corner"),
        (3, 4, 7, "in a middle cell"),
        (
            3,
            4,
            1,
            "in row 4 from the bottom, column 2 or the other cell a turn or flip of the board "
            "takes it to",
        ),
        (
            5,
            3,
            1,
            "in row 3 from the bottom, column 2 or one of the 3 other cells a turn or flip of "
            "the board takes it to",
        ),
    ],
)
def test_orbits_in_words(width: int, height: int, cell: int, words: str) -> None:
    assert symmetry.orbit_words(width, height, cell) == words
