"""The rule against exhaustive search: every arrangement of every board of up to 9 cells.

For each shape and goal, a breadth-first search from the goal labels each arrangement
reachable or not; `check` and `is_solvable` must agree with it on all of them.
"""

from __future__ import annotations

from itertools import permutations, product
from math import factorial

import pytest

from core import Board, check, is_solvable
from tests.core.ground_truth import (
    blank_first,
    blank_last,
    distances_from,
    reachable_from,
    seeded_custom_goal,
)

pytestmark = pytest.mark.slow

GRID_SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)]
LINE_SHAPES = [(n, 1) for n in range(2, 10)] + [(1, n) for n in range(2, 10)]
GOALS = ["blank-last", "blank-first", "custom"]


def goal_for(name: str, width: int, height: int) -> tuple[tuple[int, ...], str | Board]:
    """The goal as a tuple for the search and as the argument `check` takes."""
    if name == "blank-last":
        return blank_last(width, height), "blank-last"
    if name == "blank-first":
        return blank_first(width, height), "blank-first"
    cells = seeded_custom_goal(width, height)
    return cells, Board(width, height, cells)


@pytest.mark.parametrize("goal_name", GOALS)
@pytest.mark.parametrize(("width", "height"), GRID_SHAPES + LINE_SHAPES)
def test_rule_agrees_with_search_on_every_arrangement(
    width: int, height: int, goal_name: str
) -> None:
    goal_cells, goal = goal_for(goal_name, width, height)
    reachable = reachable_from(width, height, goal_cells)
    disagreements = []
    arrangements = 0
    for cells in permutations(range(width * height)):
        arrangements += 1
        board = Board(width, height, cells)
        truth = cells in reachable
        if check(board, goal).solvable != truth or is_solvable(board, goal) != truth:
            disagreements.append(cells)
    assert arrangements == factorial(width * height)
    assert disagreements[:5] == [], f"{len(disagreements)} arrangements decided wrongly"


@pytest.mark.parametrize("goal_name", GOALS)
@pytest.mark.parametrize(("width", "height"), GRID_SHAPES)
def test_search_reaches_exactly_half_of_a_grid(width: int, height: int, goal_name: str) -> None:
    # A check on the search itself: a grid at least 2x2 reaches half of all arrangements.
    goal_cells, _ = goal_for(goal_name, width, height)
    assert len(reachable_from(width, height, goal_cells)) == factorial(width * height) // 2


@pytest.mark.parametrize("goal_name", GOALS)
@pytest.mark.parametrize(("width", "height"), LINE_SHAPES)
def test_search_on_a_line_only_moves_the_blank(width: int, height: int, goal_name: str) -> None:
    goal_cells, _ = goal_for(goal_name, width, height)
    reachable = reachable_from(width, height, goal_cells)
    tiles_in_order = [tile for tile in goal_cells if tile != 0]
    assert len(reachable) == width * height
    for cells in reachable:
        assert [tile for tile in cells if tile != 0] == tiles_in_order


def test_custom_goals_are_not_the_classic_ones() -> None:
    # Otherwise the "custom" runs above would test nothing new.
    for width, height in GRID_SHAPES:
        cells = seeded_custom_goal(width, height)
        assert cells not in (blank_last(width, height), blank_first(width, height))


def test_every_goal_of_a_2x2_board_agrees_with_search() -> None:
    # Not just one seeded custom goal: every goal arrangement of the smallest grid.
    for goal_cells in permutations(range(4)):
        reachable = reachable_from(2, 2, goal_cells)
        goal = Board(2, 2, goal_cells)
        for cells in permutations(range(4)):
            board = Board(2, 2, cells)
            assert is_solvable(board, goal) == (cells in reachable), (cells, goal_cells)
            assert check(board, goal).solvable == (cells in reachable), (cells, goal_cells)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("width", "height"), [(3, 2), (2, 3)])
def test_more_custom_goals_of_six_cell_boards(width: int, height: int, seed: int) -> None:
    goal_cells = seeded_custom_goal(width, height, seed=seed)
    reachable = reachable_from(width, height, goal_cells)
    goal = Board(width, height, goal_cells)
    for cells in permutations(range(width * height)):
        assert is_solvable(Board(width, height, cells), goal) == (cells in reachable), cells


def test_line_boards_of_every_blank_position() -> None:
    # A line board is solvable whatever the blank's place, as long as tiles are in order.
    for length, blank in product(range(2, 10), range(9)):
        if blank >= length:
            continue
        tiles = list(range(1, length))
        tiles.insert(blank, 0)
        assert check(Board(length, 1, tiles)).solvable
        assert check(Board(1, length, tiles)).solvable


@pytest.mark.parametrize(("width", "height"), [(3, 3), (2, 4)])
def test_a_bounded_search_is_the_whole_one_cut_at_its_bound(width: int, height: int) -> None:
    goal = blank_last(width, height)
    whole = distances_from(width, height, goal)
    for within in (0, 5, 12):
        near = {cells: steps for cells, steps in whole.items() if steps <= within}
        assert distances_from(width, height, goal, within=within) == near
