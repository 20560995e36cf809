"""Ground truth for small boards: which arrangements can really be slid to a goal.

A breadth-first search from the goal visits every arrangement reachable by legal slides.
Slides are reversible, so an arrangement is solvable exactly when the search reaches it.
No parity argument is used here: this is what the rule in `core.rule` is checked against.

Arrangements are plain tuples (row-major, 0 = blank) so the search stays fast: a 3x3
board has 181,440 reachable arrangements per goal, which takes about a second.
"""

from __future__ import annotations

import random
from functools import cache


def neighbour_cells(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For every cell, the cells orthogonally beside it."""
    neighbours = []
    for index in range(width * height):
        row, column = divmod(index, width)
        beside = []
        if row > 0:
            beside.append(index - width)
        if row < height - 1:
            beside.append(index + width)
        if column > 0:
            beside.append(index - 1)
        if column < width - 1:
            beside.append(index + 1)
        neighbours.append(tuple(beside))
    return tuple(neighbours)


@cache
def distances_from(
    width: int, height: int, goal: tuple[int, ...], blank: int = 0, within: int | None = None
) -> dict[tuple[int, ...], int]:
    """The fewest slides from every arrangement legal slides reach from `goal` to `goal`
    (breadth-first, cached for the session); `blank` is the label of the empty cell; with
    `within`, only the arrangements that many slides or fewer away (a 4x4 board has far too
    many to visit all). The one oracle every test of solvability, shortest solutions and
    tables is checked against."""
    neighbours = neighbour_cells(width, height)
    distance = {goal: 0}
    frontier = [goal]
    steps = 0
    while frontier and (within is None or steps < within):
        steps += 1
        next_frontier = []
        for arrangement in frontier:
            empty = arrangement.index(blank)
            for other in neighbours[empty]:
                cells = list(arrangement)
                cells[empty], cells[other] = cells[other], blank
                moved = tuple(cells)
                if moved not in distance:
                    distance[moved] = steps
                    next_frontier.append(moved)
        frontier = next_frontier
    return distance


@cache
def reachable_from(width: int, height: int, goal: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """Every arrangement that legal slides reach from `goal` (cached for the session)."""
    return frozenset(distances_from(width, height, goal))


def blank_last(width: int, height: int) -> tuple[int, ...]:
    return (*range(1, width * height), 0)


def blank_first(width: int, height: int) -> tuple[int, ...]:
    return tuple(range(width * height))


def seeded_custom_goal(width: int, height: int, seed: int = 2024) -> tuple[int, ...]:
    """A fixed, shuffled goal: the same arrangement every run for a given shape."""
    cells = list(range(width * height))
    random.Random(f"{seed}-{width}x{height}").shuffle(cells)
    return tuple(cells)


def is_reachable(arrangement: tuple[int, ...], width: int, goal: tuple[int, ...]) -> bool:
    """Whether `arrangement` (of a board `width` wide) can be slid to `goal`."""
    height = len(arrangement) // width
    return arrangement in reachable_from(width, height, goal)
