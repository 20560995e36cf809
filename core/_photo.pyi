"""Compiled twin of the photo reader's loops (core/_photo.c), as type checkers see it: the C
module carries no annotations of its own. Each writes into its last array."""

import numpy as np
from numpy.typing import NDArray

def augment(
    costs: NDArray[np.float64],
    column_of_row: NDArray[np.int64],
    row_potential: NDArray[np.float64],
    column_potential: NDArray[np.float64],
    /,
) -> None:
    """core.photo.assignment.augment_pure."""

def reconstruct(
    seeds: NDArray[np.bool_], allowed: NDArray[np.bool_], region: NDArray[np.bool_], /
) -> None:
    """core.photo.board_finder.reconstruct_pure."""

def label_regions(free: NDArray[np.bool_], labels: NDArray[np.int64], /) -> None:
    """core.photo.board_finder.label_regions_pure."""

def shifted_stack(pictures: NDArray[np.float32], shifted: NDArray[np.float32], /) -> None:
    """core.photo.network.shifted_stack_pure."""
