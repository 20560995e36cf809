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
from core.photo.recognizer import grids_read
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


def grade(job: tuple[Path, str, tuple[int, int, list[int]]]) -> tuple[str, str, float, int, int]:
    """The image's name, outcome, CPU seconds, grids read (the reader's work, which the
    machine's load does not change) and right cells marked unsure (what a person checks
    for nothing; 0 unless the size is right)."""
    folder, name, (width, height, tiles) = job
    data = (folder / name).read_bytes()
    began, grids_before = time.process_time(), grids_read()
    try:
        reading = read_photo(data)
    except PhotoError:
        return name, "refused", time.process_time() - began, grids_read() - grids_before, 0
    seconds, grids = time.process_time() - began, grids_read() - grids_before
    if (reading.width, reading.height) != (width, height):
        return name, "wrong size", seconds, grids, 0
    read = list(reading.board.tiles)
    unsure = {index for index, cell in enumerate(reading.cells) if cell.unsure}
    pairs = enumerate(zip(read, tiles, strict=True))
    wrong = {index for index, (got, true) in pairs if got != true}
    doubted_right = len(unsure - wrong)
    if not wrong:
        return name, "exact", seconds, grids, doubted_right
    return name, ("marked" if wrong <= unsure else "unmarked"), seconds, grids, doubted_right


def read(folder: Path, jobs: int, save: Path | None) -> None:
    truth: Truth = json.loads((folder / TRUTH_FILE).read_text())
    with Pool(jobs) as pool:
        results = pool.map(grade, [(folder, name, truth[name]) for name in sorted(truth)], 1)
    outcomes: dict[str, Counter[str]] = defaultdict(Counter)
    seconds: dict[str, list[float]] = defaultdict(list)
    grids: Counter[str] = Counter()
    for name, outcome, cpu, read_grids, _ in results:
        group = name.split("__")[0]
        outcomes[group][outcome] += 1
        seconds[group].append(cpu)
        grids[group] += read_grids
    print("| group | " + " | ".join(OUTCOMES) + " | CPU median / slowest | grids read |")
    print("| --- |" + " ---: |" * (len(OUTCOMES) + 2))
    total: Counter[str] = Counter()
    for group in sorted(outcomes):
        total.update(outcomes[group])
        counts = " | ".join(str(outcomes[group][outcome]) for outcome in OUTCOMES)
        times = seconds[group]
        print(
            f"| {group} | {counts} | {statistics.median(times):.2f} / {max(times):.2f} s "
            f"| {grids[group]} |"
        )
    counts = " | ".join(str(total[outcome]) for outcome in OUTCOMES)
    print(f"| all {sum(total.values())} | {counts} | | {sum(grids.values())} |")
    print(f"right cells marked unsure: {sum(row[4] for row in results)}")
    if save is not None:
        save.write_text(json.dumps(results))


def compare(before: Path, after: Path) -> None:
    """The images whose outcome changed, then each group's CPU and grids read (saves made
    before grids were counted have none), before and after."""
    old = {row[0]: row[1:] for row in json.loads(before.read_text())}
    new = {row[0]: row[1:] for row in json.loads(after.read_text())}
    names = sorted(old.keys() & new.keys())
    for name in names:
        if old[name][0] != new[name][0]:
            print(f"  {name:40} {old[name][0]:10} -> {new[name][0]}")
    groups = sorted({name.split("__")[0] for name in names})
    print("| group | CPU before | CPU after | grids before | grids after |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for group in [*groups, "all"]:
        chosen = [name for name in names if group in ("all", name.split("__")[0])]
        cells = []
        for index in (1, 2):
            for run in (old, new):
                values = [run[name][index] for name in chosen if len(run[name]) > index]
                cells.append(f"{sum(values):.1f} s" if index == 1 else str(sum(values) or "-"))
        print(f"| {group} | {' | '.join(cells)} |")
    doubted = [sum(row[3] for row in run.values() if len(row) > 3) for run in (old, new)]
    print(f"right cells marked unsure: {doubted[0]} -> {doubted[1]}")


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
