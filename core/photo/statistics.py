"""Medians and percentiles along the rows of a float32 array, as numpy's `median` and
`percentile` (linear) give them to the bit, from the values of the one or two ranks each
needs, placed by numpy's partition as those place them. A reading takes them by the
thousand, each over a few thousand pixels, and numpy's own spend nearly as much in their
Python and their checks as in the partition (bench/README.md). Rows holding NaN are not
theirs to order.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]


def _ranked(values: FloatArray, ranks: list[int], placed: list[int]) -> FloatArray:
    """Per row of `values` (rows x n, float32), the values of `ranks` in that row sorted:
    rows x len(ranks). `placed` are the ranks numpy's own function partitions at (ranks
    among them): which of two equal values (-0 and 0) lands on a rank hangs on them."""
    result: FloatArray = np.partition(values, sorted(set(placed)), axis=1)[:, ranks]
    return result


def row_medians(values: FloatArray) -> FloatArray:
    """Each row's median, as `np.median(values, axis=1)` gives it for float32 values: the
    mean of the middle value, or of the middle two, in float32 (numpy's sum starts from
    0, which makes a -0 +0)."""
    count = values.shape[1]
    middle = count // 2
    zero = np.float32(0)
    if count % 2:
        result: FloatArray = zero + _ranked(values, [middle], [middle, count - 1])[:, 0]
        return result
    pair = _ranked(values, [middle - 1, middle], [middle - 1, middle, count - 1])
    return (zero + pair[:, 0] + pair[:, 1]) / np.float32(2)


def row_percentiles(values: FloatArray, percent: float) -> FloatArray:
    """Each row's `percent` percentile, as `np.percentile(values, percent, axis=1)` gives
    it for float32 values (linear: between the two ranks round (n - 1) * percent / 100,
    from the nearer one, in float32; at or past the last rank, the last value, weighed
    as numpy weighs it)."""
    count = values.shape[1]
    place = (count - 1) * (percent / 100)
    if place >= count - 1:
        below = above = count - 1
        share = place + 1  # numpy measures it from the rank -1 that stands for the last
    else:
        below = math.floor(place)
        above = below + 1
        share = place - below
    pair = _ranked(values, [below, above], [0, below, above, count - 1])
    low, high = pair[:, 0], pair[:, -1]
    step = high - low
    result: FloatArray = high - step * (1 - share) if share >= 0.5 else low + step * share
    return result
