"""Inversion counting, listing and indexing on known boards (properties cover the rest)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import (
    Board,
    BoardError,
    inversion_counts,
    inversion_index,
    inversion_pairs,
    inversion_partners,
    parse_board,
)
from core.inversions import (
    count_inversions,
    count_inversions_pure,
    earlier_greater_counts,
    inversion_parity,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from core.speedups import CompiledTwins
    from tests.core.conftest import Compiled

EIGHT = parse_board("1 2 3\n4 _ 5\n8 6 7")  # seed 001: inversions (8, 6) and (8, 7)


def test_pairs_of_the_seed_example() -> None:
    assert list(inversion_pairs(EIGHT)) == [(8, 6), (8, 7)]


def test_pairs_are_lazy() -> None:
    board = Board(300, 300, (*reversed(range(1, 300 * 300)), 0))
    pairs = inversion_pairs(board)
    assert next(pairs) == (89999, 89998)
    assert next(pairs) == (89999, 89997)


def test_counts_and_partners_of_the_seed_example() -> None:
    assert inversion_counts(EIGHT) == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 8: 2, 6: 1, 7: 1}
    assert inversion_partners(EIGHT, 8) == [6, 7]
    assert inversion_partners(EIGHT, 6) == [8]
    assert inversion_partners(EIGHT, 1) == []


def test_partners_of_the_blank_or_a_missing_tile() -> None:
    with pytest.raises(BoardError, match="the blank takes part in no inversion"):
        inversion_partners(EIGHT, 0)
    with pytest.raises(BoardError, match=r"tile 9 is not on this 3x3 board"):
        inversion_partners(EIGHT, 9)


def test_index_of_the_seed_example() -> None:
    index = inversion_index(EIGHT)
    assert index.labels == (1, 2, 3, 4, 5, 8, 6, 7)
    assert index.count == 2
    assert [index.pair_at(number) for number in range(2)] == [(5, 6), (5, 7)]
    assert index.per_position_counts == [0, 0, 0, 0, 0, 2, 1, 1]
    assert index.partners_of(6) == [5]
    assert index.first_pair_number(5) == 0
    assert index.first_pair_number(6) == 2
    with pytest.raises(IndexError):
        index.pair_at(2)


def test_index_follows_the_goal() -> None:
    blank_first = inversion_index(Board(2, 2, (0, 3, 2, 1)), "blank-first")
    assert blank_first.count == 3
    custom_goal = Board(2, 2, (3, 2, 1, 0))
    assert inversion_index(Board(2, 2, (3, 2, 1, 0)), custom_goal).count == 0
    assert list(inversion_pairs(Board(2, 2, (1, 2, 3, 0)), custom_goal)) == [(1, 2), (1, 3), (2, 3)]


@pytest.fixture
def count(twin: CompiledTwins) -> Callable[[Sequence[int]], int]:
    """Each twin of the inversion count, called directly: the pure-Python reference and the
    C extension (`count_inversions` leaves short sequences to the reference either way)."""
    return count_inversions_pure if twin.inversions is None else twin.inversions.count_inversions


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [([], 0), ([0], 0), ([1, 0], 1), ([2, 1, 0], 3), ([0, 1, 2, 3], 0), ([3, 0, 1, 2], 3)],
)
def test_count_inversions_small(
    count: Callable[[Sequence[int]], int], ranks: list[int], expected: int
) -> None:
    assert count(ranks) == expected
    assert count_inversions(ranks) == expected
    assert inversion_parity(ranks) == expected % 2


def test_count_inversions_across_many_blocks(count: Callable[[Sequence[int]], int]) -> None:
    # Long enough to go through the merge of several sorted blocks (and odd, so one is short).
    length = 2001
    reversed_ranks = list(reversed(range(length)))
    assert count(reversed_ranks) == length * (length - 1) // 2
    odd, even = range(1, length, 2), range(0, length, 2)
    interleaved = [rank for pair in zip(odd, even, strict=False) for rank in pair]
    assert count(interleaved) == length // 2
    assert inversion_parity(interleaved) == (length // 2) % 2


def test_count_matches_brute_force_on_a_shuffled_sequence(
    count: Callable[[Sequence[int]], int],
) -> None:
    import random

    ranks = list(range(700))
    random.Random(7).shuffle(ranks)
    brute = sum(1 for i in range(700) for j in range(i + 1, 700) if ranks[i] > ranks[j])
    assert count(ranks) == brute
    assert count(tuple(ranks)) == brute
    assert inversion_parity(ranks) == brute % 2
    assert sum(earlier_greater_counts(ranks)) == brute


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(min_value=0, max_value=60), max_size=300))
def test_the_twins_agree_with_brute_force(
    count: Callable[[Sequence[int]], int], ranks: list[int]
) -> None:
    # Repeated ranks too: equal ranks are not inverted, in both twins.
    brute = sum(1 for i, a in enumerate(ranks) for b in ranks[i + 1 :] if a > b)
    assert count(ranks) == brute


def test_the_compiled_twin_refuses_what_is_not_a_rank(compiled: Compiled) -> None:
    count = compiled.inversions.count_inversions
    with pytest.raises(TypeError):
        count([1, "2"])  # type: ignore[list-item]
    with pytest.raises(OverflowError):
        count([-1, 0])
    with pytest.raises(OverflowError):
        count([2**32, 0])
    with pytest.raises(TypeError):
        count(5)  # type: ignore[arg-type]
