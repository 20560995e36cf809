"""The number network on a 4x4 board's cells in four quarter turns: as shipped (one BLAS
thread for its small products) against the same products with numpy's default BLAS threads (the
baseline), on idle cores, with a pure-Python loop busy on every core, and beside another
process multiplying large matrices with numpy (whose BLAS threads take every core).

    .venv/bin/python bench/photo_network.py [--calls 200]
    .venv/bin/python bench/photo_network.py --per-cell [--calls 50]

--per-cell prints instead the CPU time per cell read, for boards of 16 to 144 cells, beside
the convolutions' three matrix products alone on the same cells: the floor that the layers'
other work (the shifted copies, the pools, the ReLUs) adds to.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from typing import TYPE_CHECKING

import numpy as np
from threadpoolctl import threadpool_limits

from core.photo.cells import CHANNELS, INPUT_SIDE, MEASURE_COUNT
from core.photo.network import Network, mean_log_probabilities, shipped_network

if TYPE_CHECKING:
    from collections.abc import Callable


def default_threads(network: Network, pictures: np.ndarray, measures: np.ndarray) -> np.ndarray:
    """Network.log_probabilities's work with whatever BLAS threads numpy has: the baseline."""
    return mean_log_probabilities(network.weight_sets, pictures, measures)


def median_ms(call: Callable[[], object], calls: int) -> float:
    call()
    times = []
    for _ in range(calls):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


#: Programs run beside the measurement, one per core or one in all.
PYTHON_LOOP = "while True: sum(range(10_000))"
MATRIX_PRODUCTS = (
    "import numpy\nmatrix = numpy.random.default_rng(2).random((800, 800))\n"
    "while True: matrix @ matrix"
)


def figures(measured: dict[str, Callable[[], object]], calls: int) -> str:
    return ", ".join(f"{name} {median_ms(call, calls):.2f} ms" for name, call in measured.items())


def measure_beside(
    label: str, program: str, copies: int, measured: dict[str, Callable[[], object]], calls: int
) -> None:
    others = [subprocess.Popen([sys.executable, "-c", program]) for _ in range(copies)]
    try:
        time.sleep(2)
        print(f"  {label}: {figures(measured, calls)}")
    finally:
        for process in others:
            process.kill()
            process.wait()


def _products_alone(network: Network, cells: int) -> Callable[[], object]:
    """The three convolution products of every network for `cells` cells, on inputs already
    laid out: what the network's work cannot go under in numpy."""
    rng = np.random.default_rng(3)
    products = []
    side, channels = INPUT_SIDE, CHANNELS
    for index in range(3):
        for weights in network.weight_sets:
            kernel = weights[f"conv{index}_weights"]
            matrix = kernel.transpose(3, 1, 2, 0).reshape(kernel.shape[3], -1)
            columns = rng.random((9 * channels, cells * side * side), dtype=np.float32)
            products.append((matrix, columns))
        channels, side = kernel.shape[3], side // 2
    return lambda: [matrix @ columns for matrix, columns in products]


def cpu_per_cell(call: Callable[[], object], cells: int, calls: int) -> float:
    """CPU microseconds per cell, the best of three rounds of `calls` calls."""
    call()
    rounds = []
    for _ in range(3):
        began = time.process_time()
        for _ in range(calls):
            call()
        rounds.append((time.process_time() - began) / calls / cells * 1e6)
    return min(rounds)


def per_cell(network: Network, calls: int) -> None:
    rng = np.random.default_rng(1)
    print(f"CPU per cell read, {len(network.weight_sets)} networks, best of 3 x {calls} calls")
    for cells in (16, 36, 64, 144):
        pictures = rng.random((cells, CHANNELS, INPUT_SIDE, INPUT_SIDE), dtype=np.float32)
        measures = rng.random((cells, MEASURE_COUNT), dtype=np.float32)
        shipped = cpu_per_cell(
            functools.partial(network.log_probabilities, pictures, measures), cells, calls
        )
        floor = cpu_per_cell(_products_alone(network, cells), cells, calls)
        print(f"  {cells:3d} cells: shipped {shipped:6.1f} us, products alone {floor:6.1f} us")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--per-cell", action="store_true")
    args = parser.parse_args()
    network = shipped_network()
    if args.per_cell:
        with threadpool_limits(1):
            per_cell(network, args.calls)
        return 0
    # A 4x4 board's cells in its four quarter turns, as the reader reads them.
    rng = np.random.default_rng(1)
    pictures = rng.random((64, CHANNELS, INPUT_SIDE, INPUT_SIDE), dtype=np.float32)
    measures = rng.random((64, MEASURE_COUNT), dtype=np.float32)
    shipped = lambda: network.log_probabilities(pictures, measures)  # noqa: E731
    baseline = lambda: default_threads(network, pictures, measures)  # noqa: E731
    measured = {"shipped": shipped, "default BLAS threads": baseline}
    print(f"one 4x4 board's 16 cells in 4 turns, median of {args.calls} calls")
    print(f"  idle cores: {figures(measured, args.calls)}")
    cores = os.cpu_count() or 1
    measure_beside("a Python loop on every core", PYTHON_LOOP, cores, measured, args.calls)
    measure_beside("another process multiplying matrices", MATRIX_PRODUCTS, 1, measured, args.calls)
    return 0


if __name__ == "__main__":
    sys.exit(main())
