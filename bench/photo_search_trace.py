"""The photo reader's search, step by step: for each photo, each outline the board finder
gives (its share of the working image and its box) and each grid placed in it (its size,
cell side in working pixels, cost per cell, whether it settles), with the grids read and
the CPU time so far. Where a slow photo spends its reads, and in which outline the board
was found, without a profiler's overhead.

    .venv/bin/python bench/photo_search_trace.py FILE ...
    .venv/bin/python bench/photo_search_trace.py --real [--share 0.2] [--only NAME ...]

`--real` reads ../shared/photos/real, each as taken, or with `--share` shrunk onto a
12 MP table as bench/photo_small_board.py makes it. Wraps two of the reader's private
steps (`_searched_outlines`, `_placings`): a tracer for developers, not an API. Asserts
nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from core.photo import reader
from core.photo.errors import PhotoError
from core.photo.grid import GridFit, reading_cost, reading_settles
from core.photo.recognizer import grids_read, shipped_network

if TYPE_CHECKING:
    from collections.abc import Iterator

    from core.photo.geometry import Quad


class Trace:
    """Prints each outline and placing of the reads in progress, timed from `start`."""

    def __init__(self) -> None:
        self.image_area = 1.0
        self.start()

    def start(self) -> None:
        self.started = time.process_time()
        self.first_grid = grids_read()

    def line(self, text: str) -> None:
        elapsed = 1e3 * (time.process_time() - self.started)
        print(f"  {elapsed:6.0f} ms {grids_read() - self.first_grid:3d} grids  {text}", flush=True)


def _wrap(trace: Trace) -> None:
    # The two private steps are the tracer's whole point: the reader has no hook to offer.
    searched = reader._searched_outlines  # noqa: SLF001
    placings = reader._placings  # noqa: SLF001

    def traced_outlines(outlines: Any, grow: bool) -> Iterator[Quad]:
        for outline in searched(outlines, grow):
            points = outline.as_array()
            low, high = points.min(axis=0), points.max(axis=0)
            share = abs(outline.area()) / trace.image_area
            trace.line(
                f"outline {share:6.1%} of the image, x {low[0]:.0f}-{high[0]:.0f}"
                f" y {low[1]:.0f}-{high[1]:.0f}"
            )
            yield outline

    def traced_placings(photo: Any, *args: Any, **kwargs: Any) -> Iterator[GridFit]:
        trace.image_area = float(photo.image.size[0] * photo.image.size[1])
        for grid in placings(photo, *args, **kwargs):
            side = (abs(grid.corners.area()) / (grid.columns * grid.rows)) ** 0.5
            settles = "settles" if reading_settles(grid) else ""
            trace.line(
                f"    grid {grid.columns}x{grid.rows}, cells {side:.0f} px,"
                f" cost {reading_cost(grid):.2f} {settles}"
            )
            yield grid

    reader._searched_outlines = traced_outlines  # type: ignore[assignment] # noqa: SLF001
    reader._placings = traced_placings  # type: ignore[assignment] # noqa: SLF001


def _sources(args: argparse.Namespace) -> Iterator[tuple[str, bytes]]:
    for name in args.files:
        yield name, Path(name).read_bytes()
    if not args.real:
        return
    from photo_small_board import small_board_photo

    from tests.core.photo.real_photos import REAL_PHOTOS, real_photos

    for seed, photo in enumerate(real_photos(REAL_PHOTOS)):
        if args.only and photo.path.stem not in args.only:
            continue
        if args.share is None:
            yield photo.path.name, photo.path.read_bytes()
        else:
            yield photo.path.name, small_board_photo(photo, args.share, seed)[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--real", action="store_true")
    parser.add_argument("--share", type=float, default=None)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()
    shipped_network()
    # The sources are made first: making a small board's photo reads the original.
    sources = list(_sources(args))
    trace = Trace()
    _wrap(trace)
    for name, data in sources:
        print(name, flush=True)
        trace.start()
        try:
            reading = reader.read_photo(data)
        except PhotoError as error:
            trace.line(f"refused: {error}")
            continue
        trace.line(f"read {reading.width}x{reading.height}, {len(reading.unsure)} unsure")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
