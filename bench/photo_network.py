"""The recogniser's network on one 4x4 board's cells: as shipped (one BLAS thread for its
small products) against the same products with numpy's default BLAS threads (the
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
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from core.photo.recognizer import FEATURE_COUNT, Network, shipped_network


def default_threads(network: Network, features: np.ndarray) -> np.ndarray:
    """Network.log_probabilities's work with whatever BLAS threads numpy has: the baseline."""
    standard = (features - network.mean) / network.spread
    hidden = np.maximum(standard @ network.hidden_weights + network.hidden_bias, 0.0)
    scores = hidden @ network.output_weights + network.output_bias
    scores -= scores.max(axis=1, keepdims=True)
    result: np.ndarray = scores - np.log(np.exp(scores).sum(axis=1, keepdims=True))
    return result


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
    features = np.random.default_rng(1).random((16, FEATURE_COUNT), dtype=np.float32)
    shipped = lambda: network.log_probabilities(features)  # noqa: E731
    baseline = lambda: default_threads(network, features)  # noqa: E731
    measured = {"shipped": shipped, "default BLAS threads": baseline}
    print(f"one 4x4 board's 16 cells, median of {args.calls} calls")
    print(f"  idle cores: {figures(measured, args.calls)}")
    cores = os.cpu_count() or 1
    measure_beside("a Python loop on every core", PYTHON_LOOP, cores, measured, args.calls)
    measure_beside("another process multiplying matrices", MATRIX_PRODUCTS, 1, measured, args.calls)
    return 0


if __name__ == "__main__":
    sys.exit(main())
