"""What number each cell shows, and which way up the board is: the cells' pictures are read
by the number network (core.photo.network) in each of the four quarter turns, the numbers
are assigned jointly in each (a board's tiles are a permutation), and the turn whose
assignment costs least is the board upright. A board photographed at 90 degrees reads as
nonsense upright (a 7 on its side is no number; "12" on its side is not twelve), so the
numbers themselves say which way is up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from core.photo.assignment import assignment_margins, solve_assignment
from core.photo.cells import FloatArray, cell_crops, network_inputs
from core.photo.errors import PhotoError
from core.photo.network import MAX_NUMBER, shipped_network

#: Quarter turns, counterclockwise, that may bring a board upright.
TURNS = (0, 1, 2, 3)


@dataclass(frozen=True, eq=False)
class JointReading:
    """Numbers assigned jointly to a board's cells, upright, and what the assignment
    weighed."""

    #: Counterclockwise quarter turns that bring the grid as found upright.
    turns: int
    #: The upright board's size.
    columns: int
    rows: int
    #: For each upright cell (row-major), the index of the grid's cell (row-major, as
    #: found) it is.
    source_cells: tuple[int, ...]
    #: The number of each upright cell, 0 for the blank: each once.
    numbers: tuple[int, ...]
    #: -log-probability, upright cell x number (blank and 1 to the cell count - 1).
    costs: npt.NDArray[np.float64]
    #: The assignment's reduced costs (assignment.solve_assignment), for each cell's margin.
    reduced: npt.NDArray[np.float64]

    @cached_property
    def chosen_costs(self) -> npt.NDArray[np.float64]:
        return self.costs[np.arange(len(self.numbers)), list(self.numbers)]

    @property
    def mean_cost(self) -> float:
        """How unlike a board's numbers the cells read: the mean cost per cell."""
        return float(self.chosen_costs.mean())

    @cached_property
    def margins(self) -> npt.NDArray[np.float64]:
        """For each cell, how much dearer the assignment gets if the cell reads otherwise."""
        return assignment_margins(self.numbers, self.reduced)

    @property
    def settled(self) -> bool:
        """Whether the cells read like a board placed right: a low mean cost per cell, no
        cell near a tie with another reading, and no cell whose number the network hardly
        sees there (a grid a part of a cell off can read one cell as the blank the next
        cell shows, and leave that cell's number where the network sees none)."""
        calibration = shipped_network().calibration
        return (
            self.mean_cost <= calibration["settled_cost"]
            and float(self.chosen_costs.max()) <= calibration["settled_cell_cost"]
            and float(self.margins.min()) >= calibration["unsure_margin"]
        )


def turn_order(columns: int, rows: int, turns: int) -> tuple[tuple[int, ...], int, int]:
    """A grid of columns x rows turned `turns` quarters counterclockwise: for each cell of
    the turned grid (row-major), the index of the cell it was; and the turned size."""
    turned = np.rot90(np.arange(columns * rows).reshape(rows, columns), turns)
    return tuple(int(index) for index in turned.ravel()), turned.shape[1], turned.shape[0]


def _turned(
    pictures: FloatArray, measures: FloatArray, order: tuple[int, ...], turns: int
) -> tuple[FloatArray, FloatArray]:
    turned_pictures = np.rot90(pictures[list(order)], turns, axes=(2, 3))
    turned_measures = measures[list(order)].copy()
    if turns % 2:
        # the number's box height and width trade places
        turned_measures[:, [3, 4]] = turned_measures[:, [4, 3]]
    return np.ascontiguousarray(turned_pictures), turned_measures


def read_cells(
    pixels: FloatArray,
    column_lines: tuple[float, ...],
    row_lines: tuple[float, ...],
    *,
    upright_size: tuple[int, int] | None = None,
    turns: tuple[int, ...] = TURNS,
) -> JointReading:
    """The cells between these lines read jointly, in the quarter turn (of `turns`, and
    giving `upright_size` when that is given) whose assignment costs least. Raises
    PhotoError when the cells are too small or too many, or no turn gives the size."""
    columns, rows = len(column_lines) - 1, len(row_lines) - 1
    cell_count = columns * rows
    if cell_count - 1 > MAX_NUMBER:
        raise PhotoError(f"the reader knows numbers up to {MAX_NUMBER}")
    pictures, measures = network_inputs(cell_crops(pixels, column_lines, row_lines))
    candidates = []
    for turn in turns:
        order, width, height = turn_order(columns, rows, turn)
        if upright_size is not None and (width, height) != upright_size:
            continue
        candidates.append((turn, order, width, height, *_turned(pictures, measures, order, turn)))
    if not candidates:
        raise PhotoError(f"no quarter turn of a {columns}x{rows} grid is {upright_size}")
    network = shipped_network()
    scores = network.log_probabilities(
        np.concatenate([c[4] for c in candidates]), np.concatenate([c[5] for c in candidates])
    )
    best: JointReading | None = None
    for index, (turn, order, width, height, _, _) in enumerate(candidates):
        log_probabilities = scores[index * cell_count : (index + 1) * cell_count, :cell_count]
        costs = -log_probabilities.astype(np.float64)
        numbers, reduced = solve_assignment(costs)
        reading = JointReading(turn, width, height, order, numbers, costs, reduced)
        if best is None or reading.mean_cost < best.mean_cost:
            best = reading
    assert best is not None
    return best
