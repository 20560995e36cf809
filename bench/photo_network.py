"""The number network on a 4x4 board's cells in four quarter turns: as shipped (one BLAS
thread for its small products) against the same products with numpy's default BLAS threads (the
baseline), on idle cores, with a pure-Python loop busy on every core, and beside another
process multiplying large matrices with numpy (whose BLAS threads take every core).

    .venv/bin/python bench/photo_network.py [--calls 200]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from typing import TYPE_CHECKING

import numpy as np

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    network = shipped_network()
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
