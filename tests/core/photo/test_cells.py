"""What the number network is shown of each cell (core.photo.cells)."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from core.photo.cells import _inks


def _inks_plainly(crop: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """One cell's ink, typical colour and strongest ink, as the module describes them."""
    typical = np.median(crop.reshape(-1, 3), axis=0).astype(np.float32)
    ink = np.sqrt(((crop - typical) ** 2).sum(axis=2)).astype(np.float32)
    return ink, typical, float(np.percentile(ink, 95))


@given(
    sides=st.lists(st.tuples(st.integers(6, 40), st.integers(6, 40)), min_size=1, max_size=9),
    seed=st.integers(0, 2**32 - 1),
)
def test_inks_measured_in_stacks_are_each_cells_own(
    sides: list[tuple[int, int]], seed: int
) -> None:
    # Pixels as the reader has them: bytes over 255, crops of a few shapes in any order.
    rng = np.random.default_rng(seed)
    crops = [
        rng.integers(0, 256, (height, width, 3)).astype(np.float32) / 255.0
        for height, width in sides
    ]
    inks, colours, peaks = _inks(crops)
    for index, crop in enumerate(crops):
        ink, typical, peak = _inks_plainly(crop)
        assert np.array_equal(inks[index], ink)
        assert np.array_equal(colours[index], typical)
        assert peaks[index] == np.float32(peak)
