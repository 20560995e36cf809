"""The photo reader on screenshots of puzzle apps drawn by a real widget toolkit: boards of
Qt push buttons in the styles desktop and web 15-puzzles use (flat tiles with rounded
corners, native grey buttons, gradients, one-pixel borders with no gaps, light on dark),
3x3 to 5x5, with a move counter and a clock above and a button below, as a window grab
shows them. Our own generator draws none of these; Qt's styles, fonts and anti-aliasing
do.

    .venv/bin/python bench/photo_apps.py [--count 36]

Prints each screenshot that did not read exactly and the totals per style: read exactly,
misread with every wrong cell marked unsure, misread with a wrong cell not marked, refused.
Seeded, so a run repeats. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.photo.errors import PhotoError
from core.photo.reader import read_photo


@dataclass(frozen=True)
class AppStyle:
    name: str
    window: str  # the window's background
    tile: str  # a numbered button's style sheet ("" for the native button)
    blank: str  # the blank button's style sheet
    family: str
    gap: int  # pixels between buttons
    text_round: bool  # a move counter and clock above, a button below


STYLES = (
    AppStyle(
        "flat beige, rounded",
        "#faf8ef",
        "background:#eee4da; color:#776e65; border-radius:6px; font-weight:bold;",
        "background:#cdc1b4; border-radius:6px;",
        "DejaVu Sans",
        10,
        True,
    ),
    AppStyle(
        "blue on black, serif",
        "#222222",
        "background:#3a7bd5; color:white; border-radius:12px;",
        "background:#222222;",
        "DejaVu Serif",
        6,
        True,
    ),
    AppStyle(
        "white cells, thin borders",
        "white",
        "background:white; color:black; border:1px solid #888888;",
        "background:white; border:1px solid #888888;",
        "DejaVu Sans",
        0,
        False,
    ),
    AppStyle(
        "gradient wood on dark",
        "#2b2b2b",
        "background:qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #ffd27f, stop:1 #e09a2a);"
        " color:#3b2500; border-radius:4px; font-weight:bold;",
        "background:#2b2b2b;",
        "DejaVu Sans Mono",
        4,
        True,
    ),
    AppStyle("native buttons", "#e0e0e0", "", "", "DejaVu Sans", 2, True),
    AppStyle(
        "round yellow on navy",
        "#0d3b66",
        "background:#f4d35e; color:#0d3b66; border-radius:20px; font-weight:bold;",
        "background:#0d3b66;",
        "DejaVu Sans Condensed",
        8,
        False,
    ),
)


def screenshot(seed: int) -> tuple[bytes, int, int, list[int], AppStyle]:
    """A window grab of a board in one of STYLES, as PNG bytes, with its size and tiles."""
    rng = random.Random(seed)
    side = rng.choice([3, 4, 4, 4, 5])
    style = STYLES[seed % len(STYLES)]
    tiles = list(range(side * side))
    rng.shuffle(tiles)
    window = QWidget()
    window.setStyleSheet(f"background:{style.window};")
    outer = QVBoxLayout(window)
    if style.text_round:
        above = QHBoxLayout()
        for text in (f"Moves: {rng.randint(0, 300)}", f"Time 01:{rng.randint(0, 59):02d}"):
            label = QLabel(text)
            label.setStyleSheet("color:#888888; font-size:18px; background:transparent;")
            above.addWidget(label)
            above.addStretch()
        outer.addLayout(above)
    grid = QGridLayout()
    grid.setSpacing(style.gap)
    outer.addLayout(grid)
    cell = rng.choice([60, 80, 100, 120])
    font = QFont(style.family)
    font.setPixelSize(round(cell * rng.uniform(0.3, 0.5)))
    for index, number in enumerate(tiles):
        button = QPushButton(str(number) if number else "")
        button.setFixedSize(cell, cell)
        button.setFont(font)
        sheet = style.tile if number else style.blank
        if sheet:
            button.setStyleSheet(sheet)
        elif not number:
            button.setEnabled(False)
        grid.addWidget(button, *divmod(index, side))
    if style.text_round:
        outer.addWidget(QPushButton("New game"))
    window.adjustSize()
    window.show()
    QApplication.processEvents()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    window.grab().save(buffer, "PNG")
    window.close()
    return bytes(buffer.data()), side, side, tiles, style


def grade(data: bytes, width: int, height: int, tiles: list[int]) -> str:
    try:
        reading = read_photo(data)
    except PhotoError:
        return "refused"
    if (reading.width, reading.height) != (width, height):
        return "wrong size"
    read = list(reading.board.tiles)
    if read == tiles:
        return "exact"
    unsure = {index for index, cell in enumerate(reading.cells) if cell.unsure}
    pairs = enumerate(zip(read, tiles, strict=True))
    wrong = {index for index, (got, true) in pairs if got != true}
    return "misread, all marked" if wrong <= unsure else "misread, not all marked"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=36, help="screenshots to read")
    parser.add_argument("--save", type=Path, help="a folder to save each screenshot in")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    totals: dict[str, Counter[str]] = {style.name: Counter() for style in STYLES}
    began = time.perf_counter()
    for seed in range(args.count):
        data, width, height, tiles, style = screenshot(seed)
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / f"app-{seed:03d}.png").write_bytes(data)
        outcome = grade(data, width, height, tiles)
        totals[style.name][outcome] += 1
        if outcome != "exact":
            print(f"  seed {seed:3d} {width}x{height} {style.name}: {outcome}")
    print(f"{args.count} screenshots in {time.perf_counter() - began:.0f} s")
    for name, counts in totals.items():
        tried = sum(counts.values())
        rest = ", ".join(f"{outcome} {n}" for outcome, n in counts.items() if outcome != "exact")
        print(f"  {name:28} {counts['exact']:3d} of {tried:3d} exact  {rest}")
    exact = sum(counts["exact"] for counts in totals.values())
    print(f"  {'all':28} {exact:3d} of {args.count:3d} exact")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
