"""Reading positions and the first pair of each tile, against a brute-force pair list."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import Board, inversion_index, parse_board
from core.sequence import first_pair_number_with, reading_position

SEED_000 = parse_board("12 1 10 2/7 11 4 14/5 0 9 15/8 13 6 3")


def brute_first_pairs(ranks: list[int]) -> dict[int, int]:
    """Every position's first pair number, from the full list of pairs in list order."""
    pairs = [
        (i, j) for i in range(len(ranks)) for j in range(i + 1, len(ranks)) if ranks[i] > ranks[j]
    ]
    first: dict[int, int] = {}
    for number, (i, j) in enumerate(pairs):
        first.setdefault(i, number)
        first.setdefault(j, number)
    return first


def test_reading_position_skips_the_blank() -> None:
    index = inversion_index(SEED_000)
    assert reading_position(index, 12) == 0
    assert reading_position(index, 5) == 8  # the blank before it is not counted
    assert reading_position(index, 3) == 14
    assert reading_position(index, 0) is None
    assert reading_position(index, 99) is None


def test_seed_000_first_pairs_match_the_pair_list() -> None:
    index = inversion_index(SEED_000)
    expected = brute_first_pairs(list(index.ranks))
    for position in range(len(index.ranks)):
        number = first_pair_number_with(index, position)
        assert number == expected.get(position)
        assert number is not None
        assert position in index.pair_at(number)


def test_a_tile_in_no_pair_has_no_first_pair() -> None:
    index = inversion_index(Board.solved(3, 3))
    assert all(first_pair_number_with(index, p) is None for p in range(8))


def test_out_of_range_position_raises() -> None:
    index = inversion_index(SEED_000)
    with pytest.raises(IndexError):
        first_pair_number_with(index, 15)


@given(st.permutations(list(range(12))))
def test_first_pairs_match_brute_force(tiles: list[int]) -> None:
    board = Board(3, 4, tuple(tiles))
    index = inversion_index(board)
    expected = brute_first_pairs(list(index.ranks))
    for position in range(len(index.ranks)):
        assert first_pair_number_with(index, position) == expected.get(position)
