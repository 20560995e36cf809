"""The photo reader: time from a 12 MP JPEG's bytes to a filled reading, per stage, beside
Pillow decoding the same JPEG at full size (the baseline, in the same run); and, with
--accuracy, the reader's figures on the generated test set.

    .venv/bin/python bench/photo_read.py [--runs 7] [--accuracy 200 [--first-seed 0]]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from core.photo.board_finder import find_board_outline
from core.photo.errors import PhotoError
from core.photo.grid import find_grid
from core.photo.image import decode_photo
from core.photo.reader import read_grid, read_photo
from core.photo.recognizer import shipped_network
from core.photo.training.synthetic import StyleSet, generate_photo

PHONE_SIZE = (4032, 3024)

#: A test photo whose blank lies in a corner and is the colour of the table: the first
#: outline cuts that corner off, its grid reads badly, and the reader reads other placings
#: (straightened, the corner put back) before one reads exactly.
SEARCHED_SEED = 24


def twelve_megapixel_jpeg(seed: int) -> bytes:
    image = generate_photo(seed, StyleSet.TEST).image().resize(PHONE_SIZE, Image.Resampling.BICUBIC)
    stream = io.BytesIO()
    image.save(stream, format="JPEG", quality=92)
    return stream.getvalue()


def time_stages(data: bytes) -> dict[str, float]:
    times: dict[str, float] = {}
    began = time.perf_counter()
    Image.open(io.BytesIO(data)).convert("RGB")
    times["baseline: Pillow decodes the JPEG at full size"] = time.perf_counter() - began
    began = time.perf_counter()
    photo = decode_photo(data)
    times["decode (reduced-scale JPEG, upright)"] = time.perf_counter() - began
    mark = time.perf_counter()
    outline = find_board_outline(photo)
    times["find the board's outline"] = time.perf_counter() - mark
    mark = time.perf_counter()
    grid = find_grid(photo.image, outline)
    times["find the grid and its size"] = time.perf_counter() - mark
    mark = time.perf_counter()
    read_grid(photo, grid, corners_found=True, size_guessed=True)
    times["read the cells, assign the numbers"] = time.perf_counter() - mark
    times["total of the stages above"] = time.perf_counter() - began
    began = time.perf_counter()
    read_photo(data)
    times["read_photo: bytes to reading, as the app reads"] = time.perf_counter() - began
    return times


def accuracy(count: int, first_seed: int) -> None:
    exact = refused = wrong_size = marked = 0
    seconds = []
    for seed in range(first_seed, first_seed + count):
        synthetic = generate_photo(seed, StyleSet.TEST)
        began = time.perf_counter()
        try:
            reading = read_photo(synthetic.jpeg)
        except PhotoError:
            refused += 1
            continue
        finally:
            seconds.append(time.perf_counter() - began)
        board = synthetic.board
        if (reading.width, reading.height) != (board.width, board.height):
            wrong_size += 1
            continue
        if reading.board == board:
            exact += 1
            continue
        wrong = {
            divmod(i, board.width)
            for i, (a, b) in enumerate(zip(reading.numbers, board.tiles, strict=True))
            if a != b
        }
        marked += wrong <= set(reading.unsure)
    not_exact = count - exact
    print(f"test set: {count} photos (seeds {first_seed}-{first_seed + count - 1}, TEST styles)")
    print(f"  read exactly:               {exact / count:.1%} ({exact})")
    print(f"  refused (PhotoError):       {refused}")
    print(f"  wrong size guessed:         {wrong_size}")
    misread = not_exact - refused - wrong_size
    print(f"  right size, some cells wrong: {misread}")
    print(f"    of which every wrong cell was marked unsure: {marked}")
    seconds.sort()
    print(
        "  read_photo per photo (their own size, about 1 MP): "
        f"median {statistics.median(seconds) * 1000:.0f} ms, "
        f"90th percentile {seconds[int(0.9 * len(seconds))] * 1000:.0f} ms, "
        f"slowest {seconds[-1] * 1000:.0f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--accuracy", type=int, default=0, help="photos of the test set to read")
    parser.add_argument(
        "--first-seed", type=int, default=0, help="the first test seed read (0: the test set)"
    )
    args = parser.parse_args()
    shipped_network()  # loaded once per process, as the window does at start
    data = twelve_megapixel_jpeg(9)
    size = f"{PHONE_SIZE[0]} x {PHONE_SIZE[1]}, {len(data) / 1e6:.1f} MB"
    print(f"12 MP JPEG: {size}; median of {args.runs} runs")
    runs = [time_stages(data) for _ in range(args.runs)]
    for stage in runs[0]:
        print(f"  {stage:<48} {statistics.median(r[stage] for r in runs) * 1000:7.0f} ms")
    hard = twelve_megapixel_jpeg(SEARCHED_SEED)
    searched = []
    for _ in range(args.runs):
        began = time.perf_counter()
        read_photo(hard)
        searched.append(time.perf_counter() - began)
    print(
        f"12 MP JPEG of test photo {SEARCHED_SEED}, whose first grid reads badly (the reader "
        f"searches): read_photo {statistics.median(searched) * 1000:.0f} ms"
    )
    if args.accuracy:
        accuracy(args.accuracy, args.first_seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
