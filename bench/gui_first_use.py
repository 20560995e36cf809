"""First use of the features that load on first use: Solve and the photo dialog.

Start-up leaves the solver's thread, the solution player, the photo reader and its dialog to
their first use (issue 21); this times that first use, and the second one in the same
process for comparison, so the price moved out of start-up can be seen:

- Solve: from `solving.solve()` on a 3x3 board (solved in a few ms) until the solution
  player has painted.
- Photo: from `photos.open(PHOTO)` (resources/screenshots/photo-read-4x4.jpg) until the
  photo dialog has painted (decoding on the reader's thread included, the reading of the
  numbers not).

Each child process sets the application up as the real start-up does (PySide6's enum
classes by `gui.fast_enums`' shortcut, `gui.app.create_application`), starts the window
(`MainWindow`, offscreen), lets it paint, opens the board and leaves the window to its
events for `--reach` seconds (a person's moment to reach for Solve, when gui.warm_up imports
Solve's and the photo reader's modules and builds the solution player), then times Solve
twice (closing the player between) and the photo dialog twice (closing it between). The
window, the player and the photo dialog are each watched on their own events, so each first
use pays what a real one does: an application-wide event filter would have PySide6 build the
classes of every object C++ makes that reaches it.
With `--compare DIR`, the same children also run on the code of another checkout (say, one
of main before a change), interleaved run by run with this one's.

    .venv/bin/python bench/gui_first_use.py [--runs 9] [--compare DIR] [--reach 0.5]

Prints a Markdown table of medians.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import PYTHON, REPO_ROOT, compile_bytecode, load_average, markdown_table

PHOTO = REPO_ROOT / "resources" / "screenshots" / "photo-read-4x4.jpg"
BOARD_3X3 = "1 2 3\n4 0 6\n7 5 8\n"
#: Seconds from the window's first frame to the first Solve: about the least a person takes
#: to see the window and reach for Solve. The window goes on with its events meanwhile
#: (gui.warm_up imports Solve's modules then); `--reach 0` times a Solve at once.
REACH = 0.5
#: Longest wait for one step in the child, seconds.
TIMEOUT = 60.0

#: The child: run with the checkout to time first on sys.path; prints one JSON object.
CHILD = """
import json, sys, time
try:  # PySide6's enum classes by the shortcut the real start-up takes (gui.launcher)
    from gui.fast_enums import install
except ImportError:  # a checkout from before it
    pass
else:
    install()
from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtWidgets import QApplication

settings_dir, board_path, photo_path, timeout, reach = sys.argv[1:6]
timeout, reach = float(timeout), float(reach)
app = QApplication([sys.argv[0]])
painted = set()

class Paints(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            painted.add(id(watched))
        return False

paints = Paints()

def wait_until(condition, what):
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise SystemExit(f"timed out waiting for {what}")
        app.processEvents()
        time.sleep(0.0005)

from gui.app import create_application
from gui.main_window import MainWindow

create_application([])  # the application set up as the real start-up does (it reuses `app`)

settings = QSettings(settings_dir + "/settings.ini", QSettings.Format.IniFormat)
window = MainWindow(settings, restore=False)
# Each watched on its own events: an application-wide filter would receive objects C++
# made, and the first of those to reach Python has PySide6 build the enum classes of every
# QObject subclass it knows, which a real start leaves to the first feature that meets one.
window.installEventFilter(paints)
window.player.when_made(lambda player: player.installEventFilter(paints))
window.show()
wait_until(lambda: id(window) in painted, "the window's first frame")
window.files.open(board_path)
for _ in range(5):
    app.processEvents()
# A person's first click comes a moment after the window shows: events go on meanwhile.
reached = time.perf_counter() + reach
while time.perf_counter() < reached:
    app.processEvents()
    time.sleep(0.0005)
times = {}
for attempt in ("first", "second"):
    painted.clear()
    started = time.perf_counter()
    window.solving.solve()
    def player_painted():
        widget = window.player.made
        return widget is not None and widget.isVisible() and id(widget) in painted
    wait_until(player_painted, "the solution player")
    times[f"solve {attempt}"] = (time.perf_counter() - started) * 1000
    window.solving.close_player()  # at step 0: the board stays the 3x3 start
    for _ in range(5):
        app.processEvents()
# The photo dialog is watched on its own events too: its controller says "Check the
# reading" once the dialog is made and before it opens. (An application-wide filter would
# receive the parts C++ makes for the dialog's combo boxes, and PySide6 would build the enum
# classes of every class it knows on the way, which a real first photo never does.)
def watch_new_dialog(*_):
    dialog = window.photos.dialog
    if dialog is not None:
        dialog.installEventFilter(paints)

for attempt in ("first", "second"):
    painted.clear()
    started = time.perf_counter()
    photos = window.photos  # made by the first use, as a person's first photo makes it
    if attempt == "first":
        photos.lasting_message.connect(watch_new_dialog)
    photos.open(photo_path)
    def dialog_painted():
        dialog = window.photos.dialog
        return dialog is not None and id(dialog) in painted
    wait_until(dialog_painted, "the photo dialog")
    times[f"photo {attempt}"] = (time.perf_counter() - started) * 1000
    window.photos.dialog.reject()
    for _ in range(5):
        app.processEvents()
window.undo_stack.setClean()
window.stop_workers()
window.close()
print(json.dumps(times), flush=True)
"""


def first_use_times(root: Path, settings_dir: str, board: str, reach: float) -> dict[str, float]:
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])),
    )
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    completed = subprocess.run(
        [PYTHON, "-c", CHILD, settings_dir, board, str(PHOTO), str(TIMEOUT), str(reach)],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        check=False,
    )
    if completed.returncode != 0:
        raise RuntimeError(f"first-use child failed ({completed.returncode}): {completed.stderr}")
    return {key: float(value) for key, value in json.loads(completed.stdout).items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="child processes per checkout")
    parser.add_argument("--compare", type=Path, help="another checkout, timed alongside")
    parser.add_argument(
        "--reach",
        type=float,
        default=REACH,
        help="seconds between the window's first frame and the first Solve",
    )
    args = parser.parse_args(argv)
    checkouts = {"this checkout": REPO_ROOT}
    if args.compare is not None:
        checkouts["compared"] = args.compare.resolve()
    for root in checkouts.values():
        compile_bytecode(root)
    load_before = load_average()
    samples: dict[str, list[dict[str, float]]] = {name: [] for name in checkouts}
    with tempfile.TemporaryDirectory(prefix="slidecheck-first-use-") as scratch:
        board = Path(scratch) / "board.txt"
        board.write_text(BOARD_3X3, encoding="utf-8")
        for root in checkouts.values():  # warm-up: page cache, fonts
            first_use_times(root, scratch, str(board), args.reach)
        for _ in range(args.runs):
            for name, root in checkouts.items():
                samples[name].append(first_use_times(root, scratch, str(board), args.reach))
    keys = ("solve first", "solve second", "photo first", "photo second")
    rows = [
        [f"{name} (`{root}`)"]
        + [f"{statistics.median(sample[key] for sample in samples[name]):.1f}" for key in keys]
        for name, root in checkouts.items()
    ]
    print(
        "### First use of Solve and the photo dialog (QT_QPA_PLATFORM="
        f"{os.environ.get('QT_QPA_PLATFORM', 'offscreen')})\n\n"
        f"Median of {args.runs} processes each, interleaved: ms from the call to the first paint "
        "of the solution player (3x3 board) or the photo dialog, the first time in a process "
        f"and the second; the first Solve {args.reach} s after the window's first frame. "
        f"Load average before/after: {load_before}/{load_average()}.\n"
    )
    headers = ["code", "Solve, first ms", "Solve, second ms", "photo, first ms", "photo, second ms"]
    print(markdown_table(headers, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
