"""What number each cell shows, and which way up the board is: the cells' pictures are read
by the number network (core.photo.network) in the quarter turns that may be the board's
(those the cells with the most ink, read in all four, leave near the best), the numbers
are assigned jointly in each (a board's tiles are a permutation), and the turn whose
assignment costs least is the board upright. A board photographed at 90 degrees reads as
nonsense upright (a 7 on its side is no number; "12" on its side is not twelve), so the
numbers themselves say which way is up.
"""

from __future__ import annotations

from contextvars import ContextVar
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

#: How many grids `read_cells` has read in this thread (and context): the reader's search
#: spends its effort in grids read, counted the same on every machine.
_GRIDS_READ: ContextVar[int] = ContextVar("grids_read", default=0)


def grids_read() -> int:
    """How many grids `read_cells` has read so far in this thread."""
    return _GRIDS_READ.get()


#: How many cells (those with the most ink) are read in every turn to tell which turns
#: are worth reading whole (see _turn_log_probabilities).
SCREENED_CELLS = 8

#: A turn whose screened cells read this much less likely per cell (natural log) than the
#: likeliest turn's is not read whole.
TURN_TIE = 0.5


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


def _rotated(
    pictures: FloatArray, measures: FloatArray, turns: int
) -> tuple[FloatArray, FloatArray]:
    """Each cell's pictures turned `turns` quarters counterclockwise, and its measures."""
    rotated = np.ascontiguousarray(np.rot90(pictures, turns, axes=(2, 3)))
    if turns % 2 == 0:
        return rotated, measures
    # the number's box height and width trade places
    swapped = measures.copy()
    swapped[:, [3, 4]] = swapped[:, [4, 3]]
    return rotated, swapped


def _scores_in_turns(
    pictures: FloatArray,
    measures: FloatArray,
    turns: list[int],
    classes: int,
    *,
    screening: bool = False,
) -> npt.NDArray[np.float32]:
    """The network's log-probabilities of the first `classes` classes for every cell in
    every one of `turns`, in one batch: turns x cells x classes. `screening`: from the
    model's first network alone (Network.screening_log_probabilities)."""
    batches = [_rotated(pictures, measures, turn) for turn in turns]
    network = shipped_network()
    read = network.screening_log_probabilities if screening else network.log_probabilities
    scores = read(
        np.concatenate([batch[0] for batch in batches]),
        np.concatenate([batch[1] for batch in batches]),
    )
    return scores[:, :classes].reshape(len(turns), len(pictures), classes)


def _turn_log_probabilities(
    pictures: FloatArray, measures: FloatArray, turns: list[int], classes: int
) -> dict[int, npt.NDArray[np.float32]]:
    """For each of `turns` that may be the board's, each cell's log-probabilities (cells as
    found, row-major) of the first `classes` classes with its pictures turned so.

    Reading every cell in every turn costs four readings of the board; the turn shows
    nearly as well in the cells with the most ink (two-digit numbers, mostly), so those
    are read in every turn first, and only the turns they leave near the best are read
    whole."""
    cell_count = len(pictures)
    if len(turns) == 1:
        screened = np.arange(cell_count)
    else:
        count = min(SCREENED_CELLS, (cell_count + 1) // 2)
        screened = np.sort(np.argsort(-measures[:, 1], kind="stable")[:count])
    scores = _scores_in_turns(pictures[screened], measures[screened], turns, classes)
    if len(screened) == cell_count:
        return dict(zip(turns, scores, strict=True))
    evidence = scores.max(axis=2).sum(axis=1)
    tie = TURN_TIE * len(screened)
    rest = np.setdiff1d(np.arange(cell_count), screened)
    kept = [
        (index, turn) for index, turn in enumerate(turns) if evidence[index] >= evidence.max() - tie
    ]
    rest_scores = _scores_in_turns(
        pictures[rest], measures[rest], [turn for _, turn in kept], classes
    )
    result = {}
    for kept_index, (index, turn) in enumerate(kept):
        whole = np.empty((cell_count, classes), dtype=np.float32)
        whole[screened] = scores[index]
        whole[rest] = rest_scores[kept_index]
        result[turn] = whole
    return result


def screen_cost(
    pixels: FloatArray, column_lines: tuple[float, ...], row_lines: tuple[float, ...]
) -> float:
    """A quick guess at how well the cells between these lines read, for ordering grids
    before any is read whole: the mean, over a few cells spread across the grid, of each
    cell's likeliest number's cost (one cell may take the blank's instead), in the turn
    where those read best, from the model's first network alone (an order needs less than
    a reading). No assignment, so no board is read: cell for cell the guess costs no more
    than the reading would, but for the networks' differences; infinite when the cells are
    too small."""
    columns, rows = len(column_lines) - 1, len(row_lines) - 1
    cell_count = columns * rows
    if cell_count - 1 > MAX_NUMBER:
        return float("inf")
    try:
        crops = cell_crops(pixels, column_lines, row_lines)
    except PhotoError:
        return float("inf")
    step = max(1, cell_count // SCREENED_CELLS)
    sample = [crops[index] for index in range(0, cell_count, step)][:SCREENED_CELLS]
    pictures, measures = network_inputs(sample)
    scores = _scores_in_turns(pictures, measures, list(TURNS), cell_count, screening=True)
    # A board has one blank: one cell may read as it, the others as their likeliest number
    # (a single tile divided into cells reads as blanks around one number).
    number_costs = -scores[:, :, 1:].max(axis=2)
    blank_gain = np.minimum((-scores[:, :, 0] - number_costs).min(axis=1), 0.0)
    costs = (number_costs.sum(axis=1) + blank_gain) / len(sample)
    return float(costs.min())


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
    possible = [
        turn
        for turn in turns
        if upright_size is None or turn_order(columns, rows, turn)[1:] == upright_size
    ]
    if not possible:
        raise PhotoError(f"no quarter turn of a {columns}x{rows} grid is {upright_size}")
    _GRIDS_READ.set(_GRIDS_READ.get() + 1)
    pictures, measures = network_inputs(cell_crops(pixels, column_lines, row_lines))
    best: JointReading | None = None
    for turn, log_probabilities in _turn_log_probabilities(
        pictures, measures, possible, cell_count
    ).items():
        order, width, height = turn_order(columns, rows, turn)
        costs = -log_probabilities[list(order)].astype(np.float64)
        numbers, reduced = solve_assignment(costs)
        reading = JointReading(turn, width, height, order, numbers, costs, reduced)
        if best is None or reading.mean_cost < best.mean_cost:
            best = reading
    assert best is not None
    return best
