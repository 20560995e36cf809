"""Peak memory of `slidecheck check` and of the window's open, on the largest inputs.

    .venv/bin/python bench/memory.py [--skip-window]

Prints the peak resident set size (the kernel's ru_maxrss of each child process) for
`slidecheck check FILE` on the largest board accepted (2000x2000, as a grid, as JSON and as
one flat line) and on inputs refused as too large, beside plain Python reading and sorting
the same numbers (`sorted(map(int, text.split()))`) and an interpreter that does nothing.
Then the window: a MainWindow opening a file of the largest size it reads, beside the same
window opening nothing. With --photos, `slidecheck check --photo` on photos at the decoder's
limits (flat PNGs of 67 to 120 megapixels, a fraction of a megabyte each, in colour, RGBA and
16-bit grey). Nothing is asserted: memory varies with the Python build.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import PYTHON, SLIDECHECK, SORT_BASELINE, load_average, markdown_table

SIDE = 2000
REPO = Path(__file__).resolve().parent.parent

WINDOW_SCRIPT = """
import os, sys
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from gui.main_window import MainWindow
app = QApplication([])
settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
window = MainWindow(settings, restore=False)
window.show()
app.processEvents()
if len(sys.argv) > 2:
    window.files.open(sys.argv[2])
    app.processEvents()
    print("status:", window.status_message.text())
"""


def peak_rss(argv: list[str], cwd: Path | None = None) -> tuple[float, int, str]:
    """Run `argv`; its peak resident memory in MB, its exit status and its last line."""
    process = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=cwd,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert process.stdout is not None
    output = process.stdout.read().decode(errors="replace")
    process.stdout.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    lines = [line for line in output.splitlines() if line.strip()]
    said = next((line for line in lines if line.startswith("status: ")), lines[-1] if lines else "")
    kilobytes = usage.ru_maxrss  # kilobytes on Linux
    return kilobytes / 1024, process.returncode, said.removeprefix("status: ")


INPUTS = [
    ("2000x2000 grid (largest board)", "grid-2000.txt"),
    ("2000x2000 JSON", "board-2000.json"),
    ("2000x2000 as one flat line", "flat-2000.txt"),
    ("64 MB JSON of 8.4 M numbers (refused)", "too-many.json"),
    ("50 MB line of 17 M numbers (refused)", "long-line.txt"),
]


def write_inputs(folder: Path) -> list[tuple[str, Path]]:
    """Write the inputs in a child process: a child's peak memory counts the parent's
    memory at the fork, so the parent must stay small."""
    subprocess.run([PYTHON, __file__, "--write-inputs", str(folder)], check=True)
    return [(label, folder / name) for label, name in INPUTS]


def _write_inputs(folder: Path) -> None:
    rng = random.Random(2026)
    tiles = list(range(SIDE * SIDE))
    rng.shuffle(tiles)
    cell = len(str(SIDE * SIDE - 1))
    grid = folder / "grid-2000.txt"
    with grid.open("w") as handle:
        for start in range(0, len(tiles), SIDE):
            handle.write(" ".join(str(t).rjust(cell) for t in tiles[start : start + SIDE]) + "\n")
    as_json = folder / "board-2000.json"
    as_json.write_text(json.dumps({"width": SIDE, "height": SIDE, "tiles": tiles}))
    flat = folder / "flat-2000.txt"
    flat.write_text(" ".join(map(str, tiles)) + "\n")
    too_many_json = folder / "too-many.json"
    count = (64 * 1024 * 1024 - 64) // 8
    too_many_json.write_text('{"width": 1, "tiles": [' + ",".join(["1234567"] * count) + "]}")
    long_line = folder / "long-line.txt"
    long_line.write_text(" ".join(["12"] * (50 * 1024 * 1024 // 3)) + "\n")
    grid_text = grid.read_text()
    # The largest file the window reads: the 2000x2000 grid padded with spaces to the limit.
    from core.textio import MAX_INPUT_BYTES

    lines = grid_text.splitlines()
    per_line = (MAX_INPUT_BYTES - len(grid_text) - 1) // len(lines)
    padded = folder / "largest-window-file.txt"
    padded.write_text("\n".join(line + " " * per_line for line in lines) + "\n")


def check_table(inputs: list[tuple[str, Path]]) -> str:
    idle, _, _ = peak_rss([PYTHON, "-c", "pass"])
    rows = []
    for label, path in inputs:
        size_mb = path.stat().st_size / 1e6
        ours, status, said = peak_rss([SLIDECHECK, "check", str(path)])
        baseline, _, _ = peak_rss([PYTHON, "-c", SORT_BASELINE, str(path)])
        shown = said if len(said) <= 60 else said[:57] + "..."
        rows.append(
            [
                label,
                f"{size_mb:.1f}",
                f"{status}: {shown}",
                f"{ours:.0f}",
                f"{(ours - idle) / size_mb:.1f}",
                f"{baseline:.0f}",
                f"{ours / baseline:.2f}",
            ]
        )
    headers = [
        "input",
        "file MB",
        "exit: output",
        "peak MB",
        "(peak - idle) / file",
        "sorted() peak MB",
        "ours / sorted()",
    ]
    return (
        "### `slidecheck check FILE`: peak resident memory\n\n"
        f"An interpreter doing nothing peaks at {idle:.0f} MB. Load average: {load_average()}.\n\n"
        + markdown_table(headers, rows)
    )


def window_table(inputs: list[tuple[str, Path]], folder: Path) -> str:
    settings = str(folder / "settings.ini")
    script = [PYTHON, "-c", WINDOW_SCRIPT, settings]
    idle, _, _ = peak_rss(script, cwd=Path(__file__).resolve().parent.parent)
    largest = folder / "largest-window-file.txt"
    grid = inputs[0][1]
    rows = [["nothing opened", "-", "-", f"{idle:.0f}", "-"]]
    for label, path in [("2000x2000 grid", grid), ("64 MB padded grid (size limit)", largest)]:
        size_mb = path.stat().st_size / 1e6
        peak, _, said = peak_rss([*script, str(path)], cwd=Path(__file__).resolve().parent.parent)
        shown = said if len(said) <= 60 else said[:57] + "..."
        rows.append(
            [label, f"{size_mb:.1f}", shown, f"{peak:.0f}", f"{(peak - idle) / size_mb:.1f}"]
        )
    return "### The window opening the largest files: peak resident memory\n\n" + markdown_table(
        ["file", "file MB", "status line", "peak MB", "(peak - nothing) / file"], rows
    )


#: PNG colour types and sample depths (bytes per pixel in the file) of the photos measured.
PNG_KINDS = {"RGB": (2, 8, 3), "RGBA": (6, 8, 4), "16-bit grey": (0, 16, 2), "grey": (0, 8, 1)}

PHOTOS = [
    ("RGB", 10950, 10950, "120 MP colour PNG (refused: bytes)"),
    ("RGBA", 10950, 10950, "120 MP RGBA PNG (refused: bytes)"),
    ("RGB", 8190, 8190, "67 MP colour PNG (largest colour read)"),
    ("16-bit grey", 10950, 10950, "120 MP 16-bit grey PNG (read)"),
    ("grey", 10950, 10950, "120 MP grey PNG (read)"),
]


def write_flat_png(path: Path, kind: str, width: int, height: int) -> None:
    """A PNG of one flat colour, compressed row by row (the file is a fraction of a MB)."""
    colour_type, depth, per_pixel = PNG_KINDS[kind]

    def chunk(name: bytes, data: bytes) -> bytes:
        body = name + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    row = b"\0" + bytes([200]) * (width * per_pixel)
    compressor = zlib.compressobj(9)
    pixels = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def photo_table(folder: Path) -> str:
    idle, _, _ = peak_rss([PYTHON, "-c", "import numpy, PIL.Image"])
    rows = []
    for kind, width, height, label in PHOTOS:
        path = folder / f"{kind.replace(' ', '-')}-{width}.png"
        write_flat_png(path, kind, width, height)
        # The launcher of this tree (the venv's `slidecheck` may be installed from another).
        peak, status, said = peak_rss(
            [PYTHON, "-m", "gui.launcher", "check", "--photo", str(path)], cwd=REPO
        )
        said = said.split(": ", 2)[-1] if status == 2 else said
        shown = said if len(said) <= 70 else said[:67] + "..."
        rows.append(
            [label, f"{path.stat().st_size / 1e6:.2f}", f"{status}: {shown}", f"{peak:.0f}"]
        )
    return (
        "### `slidecheck check --photo`: peak resident memory at the decoder's limits\n\n"
        f"An interpreter that imports numpy and Pillow peaks at {idle:.0f} MB.\n\n"
        + markdown_table(["photo", "file MB", "exit: last line", "peak MB"], rows)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-window", action="store_true", help="measure `check` only")
    parser.add_argument(
        "--photos", action="store_true", help="measure `check --photo` only, at its limits"
    )
    parser.add_argument("--write-inputs", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.write_inputs is not None:
        _write_inputs(args.write_inputs)
        return 0
    with tempfile.TemporaryDirectory(prefix="slidecheck-memory-") as name:
        folder = Path(name)
        if args.photos:
            print(photo_table(folder), flush=True)
            return 0
        inputs = write_inputs(folder)
        print(check_table(inputs), flush=True)
        if not args.skip_window:
            print()
            print(window_table(inputs, folder), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
