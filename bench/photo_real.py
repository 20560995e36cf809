"""The photo reader on real photographs: ../shared/photos/real (or --folder), each photo's
board read by hand in its truth.tsv. Prints, per photo, what was read and how long it took,
then the totals: read exactly, right size with every wrong cell marked unsure, refused.

    .venv/bin/python bench/photo_real.py [--folder DIR] [--size-given]

--size-given reads each photo with its true size, as `check --photo --size WxH` does.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.photo.errors import PhotoError
from core.photo.reader import read_photo
from core.photo.recognizer import shipped_network
from tests.core.photo.real_photos import REAL_PHOTOS, RealPhoto, real_photos


def _timed_grade(photo: RealPhoto, size_given: bool) -> tuple[str, float, float]:
    """The outcome, the wall-clock seconds and the CPU seconds the reading took."""
    began, began_cpu = time.perf_counter(), time.process_time()
    outcome = _grade(photo, size_given)
    return outcome, time.perf_counter() - began, time.process_time() - began_cpu


def _grade(photo: RealPhoto, size_given: bool) -> str:
    try:
        reading = read_photo(
            photo.path, size=(photo.board.width, photo.board.height) if size_given else None
        )
    except PhotoError as error:
        return f"refused: {error}"
    board = photo.board
    if (reading.width, reading.height) != (board.width, board.height):
        return f"wrong size {reading.width}x{reading.height}"
    wrong = [
        divmod(index, board.width)
        for index, (read, true) in enumerate(zip(reading.numbers, board.tiles, strict=True))
        if read != true
    ]
    if not wrong:
        return f"exact ({len(reading.unsure)} marked unsure)"
    unmarked = [cell for cell in wrong if cell not in set(reading.unsure)]
    return (
        f"{len(wrong)} wrong, {len(unmarked)} of them unmarked, {len(reading.unsure)} marked unsure"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=REAL_PHOTOS)
    parser.add_argument("--size-given", action="store_true")
    args = parser.parse_args()
    photos = real_photos(args.folder)
    if not photos:
        print(f"no photos with a truth.tsv in {args.folder}")
        return 1
    shipped_network()
    outcomes = []
    cpu_times = []
    for photo in photos:
        outcome, seconds, cpu = _timed_grade(photo, args.size_given)
        outcomes.append(outcome)
        cpu_times.append(cpu)
        print(
            f"  {photo.path.name:<26} {seconds * 1000:6.0f} ms ({cpu * 1000:5.0f} ms CPU)  "
            f"{outcome}",
            flush=True,
        )
    exact = sum(o.startswith("exact") for o in outcomes)
    refused = sum(o.startswith("refused") for o in outcomes)
    wrong_size = sum(o.startswith("wrong size") for o in outcomes)
    marked = sum(" 0 of them unmarked" in o for o in outcomes)
    misread = len(outcomes) - exact - refused - wrong_size
    print(f"{args.folder}: {len(outcomes)} photos" + (" (size given)" if args.size_given else ""))
    print(f"  read exactly:                 {exact}")
    print(f"  right size, some cells wrong: {misread} (every wrong cell marked: {marked})")
    print(f"  wrong size:                   {wrong_size}")
    print(f"  refused:                      {refused}")
    print(
        f"  CPU: {sum(cpu_times):.2f} s in all, slowest {max(cpu_times):.2f} s, "
        f"{sum(cpu > 1 for cpu in cpu_times)} over 1 s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
