"""Scoring evenly spaced lines (`core.photo.grid.fit_contrasts`, the heart of
`axis_candidates`) against the plain formula over arrays of every line of every fit (the
baseline, the same floats), on a lattice's 400-pixel profile and on a grid's 512-pixel one.

    .venv/bin/python bench/photo_fits.py [--calls 20]

Prints process time per call of each, for 3 to 6 cells as the reader guesses them; asserts
nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from core.photo.grid import GUESSED_CELLS, fit_contrasts


def plain_contrasts(
    smooth: np.ndarray, start_grid: np.ndarray, span: np.ndarray, cells: int
) -> np.ndarray:
    """The formula over one array of every line of every fit."""
    lines = np.rint(start_grid[:, :, None] + span[:, :, None] * np.arange(cells + 1) / cells)
    centres = np.rint(start_grid[:, :, None] + span[:, :, None] * (np.arange(cells) + 0.5) / cells)
    at_lines = smooth[np.clip(lines.astype(np.int64), 0, len(smooth) - 1)]
    at_centres = smooth[np.clip(centres.astype(np.int64), 0, len(smooth) - 1)]
    contrast = (at_lines.min(axis=2) + at_lines.mean(axis=2)) / 2 - at_centres.mean(axis=2)
    contrast[span < cells * 8] = -np.inf
    return contrast


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    cases = {
        "lattice: 400-pixel profile, any start and end": (400, (1, 398), (1, 398)),
        "grid in an outline: 512 pixels, starts and ends near the sides": (
            512,
            (10, 150),
            (360, 502),
        ),
    }
    for name, (length, (first, last), (first_end, last_end)) in cases.items():
        smooth = rng.random(length).astype(np.float32)
        start_grid, end_grid = np.meshgrid(
            np.arange(first, last + 1, 2), np.arange(first_end, last_end + 1, 2), indexing="ij"
        )
        span = (end_grid - start_grid).astype(np.float64)
        print(name)
        for label, score in (
            ("plain (baseline)", plain_contrasts),
            ("fit_contrasts", fit_contrasts),
        ):
            began = time.process_time()
            for _ in range(args.calls):
                for cells in GUESSED_CELLS:
                    score(smooth, start_grid, span, cells)
            each = (time.process_time() - began) / args.calls * 1000
            print(f"  {label:<18} {each:6.1f} ms for counts 3-6")
    return 0


if __name__ == "__main__":
    sys.exit(main())
