"""Numbers to cells jointly: a board's tiles are a permutation, so the reading is the
assignment of numbers to cells with the least total cost, and how sure each cell is, is
how much the best assignment that changes that cell costs more.

`solve_assignment` is the shortest-augmenting-path (Jonker-Volgenant style) Hungarian
method, O(n^3), ample for the 36 cells of a 6x6 board; its loop has a compiled twin
(core._photo, see core.speedups): a photo's search reads hundreds of grids, most of them
not clearly. `assignment_margins` finds, for every cell at once, the cheapest assignment
that gives that cell another number, from the reduced costs the solution leaves (an
all-pairs shortest path over the cells).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from core import speedups

CostMatrix = npt.NDArray[np.float64]


def solve_assignment(costs: CostMatrix) -> tuple[tuple[int, ...], CostMatrix]:
    """The least-cost assignment of columns to rows of a square matrix.

    Returns (column of each row, reduced costs): the reduced costs are >= 0 everywhere and
    0 on the chosen cells, and differ from `costs` by a value per row plus a value per
    column. Raises ValueError for a matrix that is not square or holds a NaN or infinity.
    """
    matrix = np.ascontiguousarray(costs, dtype=np.float64)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ValueError(f"the cost matrix must be square, got shape {matrix.shape}")
    if not np.all(np.isfinite(matrix)):
        raise ValueError("the cost matrix must hold finite numbers")
    size = matrix.shape[0]
    nearest = matrix.argmin(axis=1)
    if len(np.unique(nearest)) == size:
        # Every row's cheapest column is its own: that is the assignment, and the row
        # minima are duals that prove it (a board read clearly is this case).
        return tuple(int(column) for column in nearest), matrix - matrix.min(axis=1)[:, None]
    twin = speedups.compiled_twins.photo
    if twin is None:
        column_of_row, row_potential, column_potential = augment_pure(matrix)
    else:
        column_of_row = np.empty(size, dtype=np.int64)
        row_potential = np.empty(size + 1)
        column_potential = np.empty(size + 1)
        twin.augment(matrix, column_of_row, row_potential, column_potential)
    reduced_costs = matrix - row_potential[1:, None] - column_potential[None, 1:]
    # Rounding leaves tiny negatives; the duals are exact up to those.
    return tuple(int(column) for column in column_of_row), np.maximum(reduced_costs, 0.0)


def augment_pure(
    matrix: CostMatrix,
) -> tuple[npt.NDArray[np.int64], CostMatrix, CostMatrix]:
    """The shortest augmenting paths over a square matrix of finite costs, a row at a
    time: (column of each row, row potentials, column potentials), the potentials 1-based
    (index 0 the free row's). The compiled twin (core._photo.augment) takes the same steps
    on the same numbers."""
    size = matrix.shape[0]
    # 1-based potentials and matching; column 0 is the free row being added.
    row_potential = np.zeros(size + 1)
    column_potential = np.zeros(size + 1)
    row_of_column = np.zeros(size + 1, dtype=np.int64)
    for row in range(1, size + 1):
        row_of_column[0] = row
        column = 0
        shortest = np.full(size + 1, np.inf)
        previous = np.zeros(size + 1, dtype=np.int64)
        used = np.zeros(size + 1, dtype=bool)
        while True:
            used[column] = True
            current_row = row_of_column[column]
            free = ~used[1:]
            reduced = matrix[current_row - 1] - row_potential[current_row] - column_potential[1:]
            improved = free & (reduced < shortest[1:])
            shortest[1:][improved] = reduced[improved]
            previous[1:][improved] = column
            candidates = np.where(free, shortest[1:], np.inf)
            next_column = int(np.argmin(candidates)) + 1
            delta = candidates[next_column - 1]
            row_potential[row_of_column[used]] += delta
            column_potential[used] -= delta
            shortest[1:][free] -= delta
            column = next_column
            if row_of_column[column] == 0:
                break
        while column:
            previous_column = previous[column]
            row_of_column[column] = row_of_column[previous_column]
            column = previous_column
    column_of_row = np.zeros(size, dtype=np.int64)
    column_of_row[row_of_column[1:] - 1] = np.arange(size)
    return column_of_row, row_potential, column_potential


def assignment_margins(
    column_of_row: tuple[int, ...], reduced_costs: CostMatrix
) -> npt.NDArray[np.float64]:
    """For each row, how much more the cheapest assignment costs that gives it another
    column (infinity for a 1 x 1 matrix, which has no other).

    Changing row i's column means a cycle: row i takes row b's column, row b another's,
    and so on back to i's own column. Taking row b's column costs reduced[i, column of b];
    so the cheapest cycle through i is a shortest path over rows.
    """
    size = len(column_of_row)
    step = reduced_costs[:, list(column_of_row)].copy()  # step[a, b]: a takes b's column
    np.fill_diagonal(step, np.inf)
    distance = step.copy()
    for middle in range(size):  # Floyd-Warshall, a row of the matrix at a time
        distance = np.minimum(distance, distance[:, middle : middle + 1] + distance[middle])
    return np.diagonal(distance).copy()
