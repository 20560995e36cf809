"""One fixed corpus of hard images for judging a change to the photo reader in one number:
the real photos of ../shared/photos/real, ten of `photo_stress`'s transforms of each, and
48 of `photo_apps`'s app screenshots, written once to a folder with their boards, then read
there, two processes at a time.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/photo_corpus.py write DIR
    .venv/bin/python bench/photo_corpus.py read DIR [--jobs 2] [--save RESULTS.json]
    .venv/bin/python bench/photo_corpus.py compare BEFORE.json AFTER.json

`read` prints, per group, the images read exactly, those with wrong cells all marked
unsure, with a wrong cell not marked, at the wrong size, and refused, with the reader's CPU
time per image (process time: other programs on the machine disturb it less than wall
time). `compare` lists the images whose outcome changed. Asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.photo.errors import PhotoError
from core.photo.reader import read_photo
from tests.core.photo.real_photos import REAL_PHOTOS, real_photos

STRESS = (
    "rot45",
    "small25",
    "small35rot30",
    "persp25",
    "checker",
    "embossed",
    "wooden",
    "wood30",
    "glare",
    "low400",
)
APP_SCREENSHOTS = 48
TRUTH_FILE = "truth.json"
OUTCOMES = ("exact", "marked", "unmarked", "wrong size", "refused")

Truth = dict[str, tuple[int, int, list[int]]]


def write(folder: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import photo_apps
    import photo_stress
    from PySide6.QtWidgets import QApplication

    folder.mkdir(parents=True, exist_ok=True)
    truth: Truth = {}
    photos = real_photos(REAL_PHOTOS)
    for photo in photos:
        name = f"real__{photo.path.name}"
        (folder / name).write_bytes(photo.path.read_bytes())
        truth[name] = (photo.board.width, photo.board.height, list(photo.board.tiles))
    for transform in STRESS:
        for seed, photo in enumerate(photos):
            with Image.open(photo.path) as opened:
                original = opened.convert("RGB")
            original.thumbnail((photo_stress.LONG_SIDE, photo_stress.LONG_SIDE))
            stream = io.BytesIO()
            photo_stress.TRANSFORMS[transform](original, seed).save(stream, "JPEG", quality=90)
            name = f"{transform}__{photo.path.stem}.jpg"
            (folder / name).write_bytes(stream.getvalue())
            truth[name] = (photo.board.width, photo.board.height, list(photo.board.tiles))
    app = QApplication.instance() or QApplication([])
    for seed in range(APP_SCREENSHOTS):
        data, width, height, tiles, _style = photo_apps.screenshot(seed)
        name = f"app__{seed:03d}.png"
        (folder / name).write_bytes(data)
        truth[name] = (width, height, list(tiles))
    del app
    (folder / TRUTH_FILE).write_text(json.dumps(truth))
    print(f"{len(truth)} images in {folder}")


def grade(job: tuple[Path, str, tuple[int, int, list[int]]]) -> tuple[str, str, float]:
    folder, name, (width, height, tiles) = job
    data = (folder / name).read_bytes()
    began = time.process_time()
    try:
        reading = read_photo(data)
    except PhotoError:
        return name, "refused", time.process_time() - began
    seconds = time.process_time() - began
    if (reading.width, reading.height) != (width, height):
        return name, "wrong size", seconds
    read = list(reading.board.tiles)
    if read == tiles:
        return name, "exact", seconds
    unsure = {index for index, cell in enumerate(reading.cells) if cell.unsure}
    pairs = enumerate(zip(read, tiles, strict=True))
    wrong = {index for index, (got, true) in pairs if got != true}
    return name, ("marked" if wrong <= unsure else "unmarked"), seconds


def read(folder: Path, jobs: int, save: Path | None) -> None:
    truth: Truth = json.loads((folder / TRUTH_FILE).read_text())
    with Pool(jobs) as pool:
        results = pool.map(grade, [(folder, name, truth[name]) for name in sorted(truth)], 1)
    outcomes: dict[str, Counter[str]] = defaultdict(Counter)
    seconds: dict[str, list[float]] = defaultdict(list)
    for name, outcome, cpu in results:
        group = name.split("__")[0]
        outcomes[group][outcome] += 1
        seconds[group].append(cpu)
    print("| group | " + " | ".join(OUTCOMES) + " | CPU median / slowest |")
    print("| --- |" + " ---: |" * (len(OUTCOMES) + 1))
    total: Counter[str] = Counter()
    for group in sorted(outcomes):
        total.update(outcomes[group])
        counts = " | ".join(str(outcomes[group][outcome]) for outcome in OUTCOMES)
        times = seconds[group]
        print(f"| {group} | {counts} | {statistics.median(times):.2f} / {max(times):.2f} s |")
    counts = " | ".join(str(total[outcome]) for outcome in OUTCOMES)
    print(f"| all {sum(total.values())} | {counts} | |")
    if save is not None:
        save.write_text(json.dumps(results))


def compare(before: Path, after: Path) -> None:
    old = {name: outcome for name, outcome, _ in json.loads(before.read_text())}
    new = {name: outcome for name, outcome, _ in json.loads(after.read_text())}
    for name in sorted(old.keys() & new.keys()):
        if old[name] != new[name]:
            print(f"  {name:40} {old[name]:10} -> {new[name]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    writing = commands.add_parser("write")
    writing.add_argument("folder", type=Path)
    reading = commands.add_parser("read")
    reading.add_argument("folder", type=Path)
    reading.add_argument("--jobs", type=int, default=2)
    reading.add_argument("--save", type=Path)
    comparing = commands.add_parser("compare")
    comparing.add_argument("before", type=Path)
    comparing.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "write":
        write(args.folder)
    elif args.command == "read":
        read(args.folder, args.jobs, args.save)
    else:
        compare(args.before, args.after)
    return 0


if __name__ == "__main__":
    sys.exit(main())
