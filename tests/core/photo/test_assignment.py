"""The joint assignment against brute force over every permutation."""

from __future__ import annotations

from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.photo.assignment import assignment_margins, solve_assignment


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


@settings(max_examples=200, deadline=None)
@given(costs_strategy())
def test_the_assignment_costs_no_more_than_any_permutation(costs: np.ndarray) -> None:
    columns, reduced = solve_assignment(costs)
    assert sorted(columns) == list(range(len(costs)))
    best = min(total(costs, p) for p in permutations(range(len(costs))))
    assert total(costs, columns) == pytest.approx(best)
    assert (reduced >= 0).all()
    assert all(reduced[row, column] == pytest.approx(0) for row, column in enumerate(columns))


@settings(max_examples=200, deadline=None)
@given(costs_strategy(max_size=5))
def test_each_margin_is_what_the_best_assignment_changing_that_row_costs_more(
    costs: np.ndarray,
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


def test_one_unsure_cell_is_decided_by_the_others() -> None:
    # Cell 2 scores numbers 1 and 2 alike; cell 1 is sure of 1, so cell 2 gets 2.
    costs = np.array([[0.0, 9.0, 9.0], [9.0, 0.0, 9.0], [9.0, 1.0, 1.0]])
    columns, _ = solve_assignment(costs)
    assert columns == (0, 1, 2)


def test_a_matrix_that_is_not_square_is_refused() -> None:
    with pytest.raises(ValueError, match="square"):
        solve_assignment(np.zeros((2, 3)))
