"""The photo reader's loops with a compiled twin (core._photo) against their pure-Python
references, and the row statistics against numpy's own, each on inputs the size a reading
gives them, in one run, in turns:

- the assignment's augmenting paths on a 6x6 board's 36 x 36 costs that do not read clearly;
- the board finder's flood fills on its 320 x 240 search image (the table from the border,
  the regions between edges);
- the nine shifted copies before each convolution of the number network, for 64 cells
  (a board of 16 read in four turns), and the whole network on them;
- a cell's median colour and 95th percentile ink (3 x 4,900 pixels: a 70-pixel cell).

    .venv/bin/python bench/photo_kernels.py [--repeats 7]

Prints a Markdown table of the fastest of `--repeats` rounds of each (the least disturbed
by other programs). Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import load_average, markdown_table
from core import speedups
from core.photo import board_finder, network, statistics
from core.photo.assignment import solve_assignment
from core.photo.cells import CHANNELS, INPUT_SIDE, MEASURE_COUNT

if TYPE_CHECKING:
    from collections.abc import Callable


def fastest(work: Callable[[], object], calls: int, repeats: int) -> float:
    """The least time of `repeats` rounds of `calls` calls, per call, in microseconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            work()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1e6


def timed_on_both_twins(
    work: Callable[[], object], calls: int, repeats: int
) -> tuple[float, float]:
    """(pure reference, compiled twin), each in microseconds a call, taken in turns."""
    compiled = speedups.compiled_twins
    pure_times, compiled_times = [], []
    for _ in range(repeats):
        speedups.compiled_twins = speedups.CompiledTwins()
        pure_times.append(fastest(work, calls, 1))
        speedups.compiled_twins = compiled
        compiled_times.append(fastest(work, calls, 1))
    return min(pure_times), min(compiled_times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    repeats = parser.parse_args().repeats
    if speedups.compiled_twins.photo is None:
        sys.exit("core._photo is not built (or SLIDECHECK_PURE_PYTHON=1): nothing to compare")
    rng = np.random.default_rng(0)
    # Costs as a reading gives them: -log-probabilities, each cell unsure between a few.
    costs = rng.gamma(2.0, 2.0, size=(36, 36))
    mask = rng.random((240, 320)) < 0.7
    border = np.zeros_like(mask)
    border[0, :] = border[-1, :] = border[:, 0] = border[:, -1] = True
    pictures = rng.random((CHANNELS, 64, INPUT_SIDE, INPUT_SIDE), dtype=np.float32)
    cells = rng.random((64, CHANNELS, INPUT_SIDE, INPUT_SIDE), dtype=np.float32)
    measures = rng.random((64, MEASURE_COUNT), dtype=np.float32)
    model = network.shipped_network()
    colours = (np.round(rng.random((3, 4900)) * 255) / 255).astype(np.float32)
    ink = rng.random((3, 4900), dtype=np.float32)
    twins = [
        ("assignment, 36 x 36 costs", lambda: solve_assignment(costs), 50),
        ("table from the border, 320 x 240", lambda: board_finder.reconstruct(border, mask), 10),
        ("regions labelled, 320 x 240", lambda: board_finder.label_regions(mask), 10),
        ("shifted copies, 64 cells, first layer", lambda: network.shifted_stack(pictures), 50),
        (
            "the network (one of the model's), 64 cells",
            lambda: model.screening_log_probabilities(cells, measures),
            10,
        ),
    ]
    rows = []
    for name, work, calls in twins:
        pure, compiled = timed_on_both_twins(work, calls, repeats)
        rows.append([name, f"{pure:,.0f}", f"{compiled:,.0f}", f"{pure / compiled:.1f}x"])
    rows_of_statistics: list[tuple[str, Callable[[], object], Callable[[], object]]] = [
        (
            "cell colour medians, 3 x 4,900",
            lambda: np.median(colours, axis=1),
            lambda: statistics.row_medians(colours),
        ),
        (
            "cell ink 95th percentile, 3 x 4,900",
            lambda: np.percentile(ink, 95, axis=1),
            lambda: statistics.row_percentiles(ink, 95),
        ),
    ]
    for name, numpy_own, ours in rows_of_statistics:
        pairs = [(fastest(numpy_own, 100, 1), fastest(ours, 100, 1)) for _ in range(repeats)]
        before, after = min(pair[0] for pair in pairs), min(pair[1] for pair in pairs)
        rows.append(
            [name + " (numpy's own)", f"{before:,.0f}", f"{after:,.0f}", f"{before / after:.1f}x"]
        )
    print("### The photo reader's loops: pure reference and compiled twin\n")
    print(
        f"Fastest of {repeats} rounds, microseconds a call, taken in turns. "
        f"Load average: {load_average()}.\n"
    )
    print(markdown_table(["loop", "reference us", "twin us", "faster"], rows))


if __name__ == "__main__":
    main()
