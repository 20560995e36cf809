"""Row medians and percentiles against numpy's own, to the bit: the reader's choices hang
on them, and its figures are measured with numpy's."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.photo.statistics import row_medians, row_percentiles

#: Pixel-like values (many repeats) and any finite float32 besides.
VALUES = st.one_of(
    st.sampled_from([0.0, 1 / 255, 0.5, 1.0, -0.0]),
    st.floats(-1e6, 1e6, width=32),
)


def rows_of_values() -> st.SearchStrategy[np.ndarray]:
    shapes = st.tuples(st.integers(1, 5), st.integers(1, 60))
    return shapes.flatmap(lambda shape: arrays(np.float32, shape, elements=VALUES))


def same_bits(first: np.ndarray, second: np.ndarray) -> None:
    assert first.dtype == second.dtype == np.float32
    np.testing.assert_array_equal(first.view(np.uint32), second.view(np.uint32))


@settings(max_examples=300, deadline=None)
@given(rows_of_values())
def test_a_row_median_is_numpys(values: np.ndarray) -> None:
    same_bits(row_medians(values), np.median(values, axis=1))


@settings(max_examples=300, deadline=None)
@given(rows_of_values(), st.sampled_from([0, 5, 50, 95, 100, 33.3, 99.9]))
def test_a_row_percentile_is_numpys(values: np.ndarray, percent: float) -> None:
    same_bits(row_percentiles(values, percent), np.percentile(values, percent, axis=1))
