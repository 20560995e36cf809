"""The photo reader on a board a fifth of a 12 MP photo's width, the case issue 16 names:
each real photo of ../shared/photos/real, shrunk until its board (where the reader finds
it in the original) spans `--share` of a 4032x3024 frame, laid on a table filling the frame
(bench/photo_stress.py's), saved as a phone would (JPEG, quality 90) and read.

    .venv/bin/python bench/photo_small_board.py [--share 0.2] [--only NAME ...]

Prints, per photo, the board's share of the frame, the reader's time from the JPEG's
bytes to the reading (wall, what a person waits, and CPU, process time, which other
programs on the machine disturb less), the grids it read (its work, which the machine's
load does not change) and the outcome, then the totals. Asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from photo_stress import _noisy_table, _on

from core.photo.errors import PhotoError
from core.photo.reader import read_photo
from core.photo.recognizer import grids_read, shipped_network
from tests.core.photo.real_photos import REAL_PHOTOS, RealPhoto, real_photos

#: A 12 MP phone photo, landscape.
FRAME = (4032, 3024)


def small_board_photo(photo: RealPhoto, share: float, seed: int) -> tuple[bytes, float]:
    """The photo shrunk so that its board spans `share` of FRAME's width, on a table, as
    JPEG bytes, with the board's share as made (a board already smaller stays its size)."""
    corners = read_photo(photo.path).corners.as_array()
    board_width = float(np.ptp(corners[:, 0]))
    # Upright, as the reader's corners are: a photo whose EXIF turns it a quarter would
    # otherwise be shrunk by its board's height, not its width.
    with Image.open(photo.path) as opened:
        original = ImageOps.exif_transpose(opened).convert("RGB")
    scale = min(1.0, share * FRAME[0] / board_width)
    fit = min(FRAME[0] / original.width, FRAME[1] / original.height)
    scale = min(scale, fit)
    shrunk = original.resize(
        (round(original.width * scale), round(original.height * scale)),
        Image.Resampling.LANCZOS,
    )
    framed = _on(_noisy_table(FRAME, seed), shrunk.convert("RGBA"), seed)
    stream = io.BytesIO()
    framed.save(stream, "JPEG", quality=90)
    return stream.getvalue(), board_width * scale / FRAME[0]


def _grade(photo: RealPhoto, data: bytes) -> str:
    try:
        reading = read_photo(data)
    except PhotoError:
        return "refused"
    board = photo.board
    if (reading.width, reading.height) != (board.width, board.height):
        return f"wrong size {reading.width}x{reading.height}"
    wrong = {i for i, (a, b) in enumerate(zip(reading.numbers, board.tiles, strict=True)) if a != b}
    if not wrong:
        return "exact"
    unsure = {row * board.width + column for row, column in reading.unsure}
    return "marked" if wrong <= unsure else "unmarked"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--share", type=float, default=0.2)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()
    shipped_network()
    # Each photo's table and place are seeded by its place in truth.tsv, --only or not.
    photos = [
        (seed, photo)
        for seed, photo in enumerate(real_photos(REAL_PHOTOS))
        if args.only is None or photo.path.stem in args.only
    ]
    outcomes: list[str] = []
    cpu_times: list[float] = []
    wall_times: list[float] = []
    grid_counts: list[int] = []
    for seed, photo in photos:
        data, made_share = small_board_photo(photo, args.share, seed)
        cpu_began, wall_began, grids_before = time.process_time(), time.perf_counter(), grids_read()
        outcome = _grade(photo, data)
        cpu = time.process_time() - cpu_began
        wall = time.perf_counter() - wall_began
        wall_times.append(wall)
        grids = grids_read() - grids_before
        outcomes.append(outcome)
        cpu_times.append(cpu)
        grid_counts.append(grids)
        print(
            f"  {photo.path.name:<26} board {made_share:4.2f} of the width  "
            f"{wall * 1000:6.0f} ms ({cpu * 1000:5.0f} ms CPU)  {grids:3d} grids  {outcome}",
            flush=True,
        )
    print(f"{len(outcomes)} photos, the board {args.share} of a {FRAME[0]}x{FRAME[1]} frame")
    for name in ("exact", "marked", "unmarked", "wrong size", "refused"):
        print(f"  {name:<12} {sum(o.startswith(name) for o in outcomes)}")
    print(
        f"  CPU: {sum(cpu_times):.2f} s in all, median {statistics.median(cpu_times):.2f} s, "
        f"slowest {max(cpu_times):.2f} s, "
        f"{sum(cpu > 1 for cpu in cpu_times)} over 1 s; {sum(grid_counts)} grids read"
    )
    print(
        f"  wall: {sum(wall_times):.2f} s in all, median {statistics.median(wall_times):.2f} s, "
        f"slowest {max(wall_times):.2f} s, {sum(wall > 1 for wall in wall_times)} over 1 s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
