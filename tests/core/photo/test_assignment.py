"""The joint assignment against brute force over every permutation, on both twins of its
loop (the pure-Python reference and core._photo), and the two held to each other."""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.photo.assignment import assignment_margins, augment_pure, solve_assignment
from tests.core.conftest import REFUSED

if TYPE_CHECKING:
    from core.speedups import CompiledTwins
    from tests.core.conftest import Compiled

#: The twin stays the same for all of a property test's examples, as it should.
ON_BOTH_TWINS = [HealthCheck.function_scoped_fixture]


def costs_strategy(max_size: int = 6) -> st.SearchStrategy[np.ndarray]:
    return st.integers(1, max_size).flatmap(
        lambda size: st.lists(
            st.lists(st.integers(0, 40), min_size=size, max_size=size),
            min_size=size,
            max_size=size,
        ).map(lambda rows: np.asarray(rows, dtype=np.float64) / 4)
    )


def total(costs: np.ndarray, columns: tuple[int, ...]) -> float:
    return float(sum(costs[row, column] for row, column in enumerate(columns)))


@settings(max_examples=200, deadline=None, suppress_health_check=ON_BOTH_TWINS)
@given(costs_strategy())
def test_the_assignment_costs_no_more_than_any_permutation(
    twin: CompiledTwins, costs: np.ndarray
) -> None:
    columns, reduced = solve_assignment(costs)
    assert sorted(columns) == list(range(len(costs)))
    best = min(total(costs, p) for p in permutations(range(len(costs))))
    assert total(costs, columns) == pytest.approx(best)
    assert (reduced >= 0).all()
    assert all(reduced[row, column] == pytest.approx(0) for row, column in enumerate(columns))


@settings(max_examples=200, deadline=None, suppress_health_check=ON_BOTH_TWINS)
@given(costs_strategy(max_size=5))
def test_each_margin_is_what_the_best_assignment_changing_that_row_costs_more(
    twin: CompiledTwins, costs: np.ndarray
) -> None:
    columns, reduced = solve_assignment(costs)
    margins = assignment_margins(columns, reduced)
    best = total(costs, columns)
    for row in range(len(costs)):
        others = [
            total(costs, p) for p in permutations(range(len(costs))) if p[row] != columns[row]
        ]
        if not others:
            assert margins[row] == np.inf
        else:
            assert margins[row] == pytest.approx(min(others) - best)


@settings(max_examples=100, deadline=None)
@given(costs_strategy(max_size=5), st.randoms(use_true_random=False))
def test_a_board_read_clearly_gets_its_cheapest_numbers_and_true_margins(
    costs: np.ndarray, random: object
) -> None:
    # Each cell's cheapest number its own (the common case): lower one cost per row, at
    # columns that form a permutation, below the row's others.
    size = len(costs)
    order = list(range(size))
    random.shuffle(order)  # type: ignore[attr-defined]
    for row, column in enumerate(order):
        costs[row, column] = costs[row].min() - 0.25
    columns, reduced = solve_assignment(costs)
    assert columns == tuple(order)
    margins = assignment_margins(columns, reduced)
    best = total(costs, columns)
    for row in range(size):
        others = [total(costs, p) for p in permutations(range(size)) if p[row] != columns[row]]
        assert margins[row] == (pytest.approx(min(others) - best) if others else np.inf)


def test_one_unsure_cell_is_decided_by_the_others(twin: CompiledTwins) -> None:
    # Cell 2 scores numbers 1 and 2 alike; cell 1 is sure of 1, so cell 2 gets 2.
    costs = np.array([[0.0, 9.0, 9.0], [9.0, 0.0, 9.0], [9.0, 1.0, 1.0]])
    columns, _ = solve_assignment(costs)
    assert columns == (0, 1, 2)


def test_a_matrix_that_is_not_square_is_refused() -> None:
    with pytest.raises(ValueError, match="square"):
        solve_assignment(np.zeros((2, 3)))


def square_costs(max_size: int) -> st.SearchStrategy[np.ndarray]:
    """Square matrices of finite doubles of every magnitude, ties and all: what a reading's
    log-probabilities give, and worse."""
    elements = st.one_of(
        st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
        st.sampled_from([0.0, 0.5, 1.0, 3.0]),
    )
    return st.integers(1, max_size).flatmap(
        lambda size: arrays(np.float64, (size, size), elements=elements)
    )


@settings(max_examples=300, deadline=None)
@given(square_costs(max_size=40))
def test_the_compiled_augmenting_paths_are_the_references_to_the_bit(
    compiled: Compiled, costs: np.ndarray
) -> None:
    size = len(costs)
    column_of_row = np.empty(size, dtype=np.int64)
    row_potential = np.empty(size + 1)
    column_potential = np.empty(size + 1)
    compiled.photo.augment(costs, column_of_row, row_potential, column_potential)
    expected = augment_pure(costs)
    np.testing.assert_array_equal(column_of_row, expected[0])
    np.testing.assert_array_equal(row_potential, expected[1])
    np.testing.assert_array_equal(column_potential, expected[2])


def test_the_compiled_augmenting_paths_refuse_arrays_they_cannot_take(
    compiled: Compiled,
) -> None:
    good = (np.zeros((3, 3)), np.empty(3, dtype=np.int64), np.empty(4), np.empty(4))
    wrong_kinds = [
        (np.zeros((3, 3), dtype=np.float32), *good[1:]),  # not doubles
        (np.zeros((3, 4)), *good[1:]),  # not square
        (np.zeros((3, 3))[:, ::-1], *good[1:]),  # not contiguous
        (good[0], np.empty(3, dtype=np.int32), *good[2:]),  # columns not int64
        (*good[:2], np.empty(3), good[3]),  # a potential a place short
    ]
    for arguments in wrong_kinds:
        with pytest.raises(ValueError, match=REFUSED):
            compiled.photo.augment(*arguments)
    read_only = good[1].copy()
    read_only.flags.writeable = False
    with pytest.raises((ValueError, BufferError)):
        compiled.photo.augment(good[0], read_only, *good[2:])
