"""Measure the bundle against a hello-world PySide6 window built by PyInstaller in the same run.

    .venv/bin/python packaging/measure.py [--runs 9] [--rebuild] [--json] [--fail-if-larger]

The reference is PyInstaller's default onedir build (`pyinstaller --windowed hello.py`) of a
PySide6 window that shows a label, renders it with grab() and exits: the least a Qt app can
ship. Slidecheck's figure is dist/slidecheck (built by `make package`; --rebuild builds it
first) running its --self-test. A third program, built the same default way, shows and
renders a main window made of the same kinds of Qt parts as Slidecheck's with none of its
logic (bench/show_window.py `minimal_main_window`): how much of the start-up gap PySide6
itself charges for such a window. Both start with QT_QPA_PLATFORM=offscreen; the start time is the
median wall time of several runs, taken in turns (each run's order the last one's
reversed) so that all see the same machine load.

The start to the first frame is timed too: dist/slidecheck's real start-up, which with
$SLIDECHECK_QUIT_AFTER_FIRST_FRAME=1 quits once its window has painted its first frame and
prints that moment (gui.app), against a hello-world window built the same default way that
does the same (target, issue 21: within 1.5x). Its settings are a scratch folder's.
It prints figures and asserts nothing: the README quotes them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

import build_info

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

HELLO_WORLD = """\
import sys

from PySide6.QtWidgets import QApplication, QLabel

app = QApplication(sys.argv)
window = QLabel("Hello, world")
window.resize(320, 120)
window.show()
app.processEvents()
sys.exit(0 if not window.grab().isNull() else 1)
"""


REFERENCE_WINDOW = """\
import sys

from PySide6.QtWidgets import QApplication

from show_window import minimal_main_window

app = QApplication(sys.argv)
window = minimal_main_window()
window.resize(1180, 780)
window.show()
app.processEvents()
sys.exit(0 if not window.grab().isNull() else 1)
"""
#: The hello-world window, saying when its first frame is painted as Slidecheck's does with
#: $SLIDECHECK_QUIT_AFTER_FIRST_FRAME=1 (gui.app.quit_after_first_frame): a filter on the
#: window's own events sees its first paint, then the moment on the clock every process
#: shares is printed and it quits.
HELLO_FIRST_FRAME = """\
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel


def report():
    print(f"{time.perf_counter():.6f}", flush=True)
    app.quit()


class FirstFrame(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            window.removeEventFilter(self)
            QTimer.singleShot(0, report)
        return False


app = QApplication(sys.argv)
window = QLabel("Hello, world")
watcher = FirstFrame(window)
window.installEventFilter(watcher)
window.resize(320, 120)
window.show()
sys.exit(app.exec())
"""
BENCH_DIR = Path(__file__).resolve().parent.parent / "bench"
#: Set to 1 in dist/slidecheck's environment: quit after the first frame (gui.app).
FIRST_FRAME_VARIABLE = "SLIDECHECK_QUIT_AFTER_FIRST_FRAME"


#: The photo reader's run-time libraries, as the onedir holds them (issue 16: the reader
#: needs numpy and Pillow and nothing else at run time, and it cannot read a photo without
#: either). Issue 16's size rule: the bundle may outgrow the hello world, up to
#: MAX_SIZE_RATIO, only for a library that earns it in accuracy; without these, it stays
#: within the hello world's size.
READER_LIBRARIES = ("numpy", "numpy.libs", "PIL", "pillow.libs")
MAX_SIZE_RATIO = 1.5


def size_verdict(slidecheck_mb: float, reader_libraries_mb: float, hello_world_mb: float) -> str:
    """Why the bundle is too large by issue 16's rule, or "" when it is not."""
    if slidecheck_mb > MAX_SIZE_RATIO * hello_world_mb:
        return f"the bundle is over {MAX_SIZE_RATIO}x the hello world"
    if slidecheck_mb - reader_libraries_mb > hello_world_mb:
        return "without the photo reader's numpy and Pillow, the bundle outgrows the hello world"
    return ""


def disk_usage(path: Path) -> int:
    """Bytes on disk as `du -s --block-size=1` counts them: each inode once, no links followed."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for item in [path, *path.rglob("*")]:
        status = item.lstat()
        key = (status.st_dev, status.st_ino)
        if key in seen:
            continue
        seen.add(key)
        total += status.st_blocks * 512
    return total


def build_default_onedir(work: Path, name: str, source: str, *extra: str) -> Path:
    """PyInstaller's default windowed onedir of `source`; returns the executable."""
    script = work / f"{name}.py"
    script.write_text(source, encoding="utf-8")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--windowed",
            "--log-level",
            "ERROR",
            "--distpath",
            str(work / "dist"),
            "--workpath",
            str(work / "build"),
            "--specpath",
            str(work),
            *extra,
            str(script),
        ],
        check=True,
    )
    return work / "dist" / name / name


def start_time(command: list[str]) -> float:
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    started = time.perf_counter()
    completed = subprocess.run(command, env=environment, capture_output=True, check=False)
    elapsed = time.perf_counter() - started
    if completed.returncode != 0:
        raise SystemExit(
            f"{command} exited {completed.returncode}:\n{completed.stderr.decode(errors='replace')}"
        )
    return elapsed


def in_turns(names: Sequence[str], runs: int) -> Iterator[str]:
    """The programs to start, run by run, each run in the last one's order reversed: a
    program always started first in its run would meet the machine as the run found it,
    the others as the ones before left it (a bias in every run, which a median keeps)."""
    order = list(names)
    for _ in range(runs):
        yield from order
        order.reverse()


def first_frame_time(command: list[str], environment: dict[str, str]) -> float:
    """Seconds from spawning `command` to the first frame it reports (see the module)."""
    started = time.perf_counter()
    completed = subprocess.run(command, env=environment, capture_output=True, check=False)
    if completed.returncode != 0 or not completed.stdout.split():
        raise SystemExit(
            f"{command} exited {completed.returncode}:\n{completed.stderr.decode(errors='replace')}"
        )
    return float(completed.stdout.split()[-1]) - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="start-ups timed per program")
    parser.add_argument("--rebuild", action="store_true", help="run packaging/build.py first")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--fail-if-larger",
        action="store_true",
        help="exit 1 if the bundle without the photo reader's numpy and Pillow is larger than "
        f"the hello world, or the whole over {MAX_SIZE_RATIO}x it (issue 16's rule; sizes "
        "are deterministic, start times are only reported)",
    )
    args = parser.parse_args(argv)

    if args.rebuild:
        subprocess.run([sys.executable, str(Path(__file__).with_name("build.py"))], check=True)
    slidecheck = build_info.ONEDIR / build_info.EXECUTABLE_NAME
    if not slidecheck.exists():
        raise SystemExit(f"{slidecheck} is missing: run `make package` first (or pass --rebuild)")

    with tempfile.TemporaryDirectory(prefix="slidecheck-hello-") as scratch:
        work = Path(scratch)
        hello = build_default_onedir(work, "hello", HELLO_WORLD)
        hello_first_frame = build_default_onedir(work, "hello_first_frame", HELLO_FIRST_FRAME)
        # show_window.py can also start Slidecheck's window (`from gui.launcher import
        # main`, inside a function); the reference leaves that out so it bundles no logic,
        # only the first-frame watcher it shares with Slidecheck (gui.first_frame, Qt alone).
        reference = build_default_onedir(
            work,
            "reference",
            REFERENCE_WINDOW,
            "--paths",
            str(BENCH_DIR),
            "--paths",
            str(BENCH_DIR.parent),
            "--exclude-module",
            "gui.launcher",
            "--exclude-module",
            "core",
        )
        log = work / "self-test.log"
        commands = {
            "hello": [str(hello)],
            "reference": [str(reference)],
            "slidecheck": [str(slidecheck), "--self-test"],
        }
        os.environ["SLIDECHECK_SELF_TEST_LOG"] = str(log)  # keep the onedir clean
        # One untimed start each fills the page cache, so that none pays for a cold disk.
        for command in commands.values():
            start_time(command)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for name in in_turns(list(commands), args.runs):  # all see the same machine load
            times[name].append(start_time(commands[name]))
        first_frame_commands = {"hello": [str(hello_first_frame)], "slidecheck": [str(slidecheck)]}
        first_frame_environment = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            XDG_CONFIG_HOME=str(work / "settings"),  # never the user's own settings
            **{FIRST_FRAME_VARIABLE: "1"},
        )
        for command in first_frame_commands.values():  # page cache, and the settings file
            first_frame_time(command, first_frame_environment)
        first_frames: dict[str, list[float]] = {name: [] for name in first_frame_commands}
        for name in in_turns(list(first_frame_commands), args.runs):
            command = first_frame_commands[name]
            first_frames[name].append(first_frame_time(command, first_frame_environment))
        figures = {
            "hello_world_mb": disk_usage(hello.parent) / 1e6,
            "reference_window_mb": disk_usage(reference.parent) / 1e6,
            "slidecheck_mb": disk_usage(build_info.ONEDIR) / 1e6,
            "reader_libraries_mb": sum(
                disk_usage(folder) / 1e6
                for name in READER_LIBRARIES
                if (folder := build_info.ONEDIR / "_internal" / name).is_dir()
            ),
            "hello_world_start_s": statistics.median(times["hello"]),
            "reference_window_start_s": statistics.median(times["reference"]),
            "slidecheck_self_test_s": statistics.median(times["slidecheck"]),
            "hello_world_first_frame_s": statistics.median(first_frames["hello"]),
            "slidecheck_first_frame_s": statistics.median(first_frames["slidecheck"]),
            "runs": args.runs,
        }
    figures["size_ratio"] = figures["slidecheck_mb"] / figures["hello_world_mb"]
    figures["size_ratio_without_reader_libraries"] = (
        figures["slidecheck_mb"] - figures["reader_libraries_mb"]
    ) / figures["hello_world_mb"]
    figures["start_ratio"] = figures["slidecheck_self_test_s"] / figures["hello_world_start_s"]
    figures["reference_start_ratio"] = (
        figures["reference_window_start_s"] / figures["hello_world_start_s"]
    )
    figures["first_frame_ratio"] = (
        figures["slidecheck_first_frame_s"] / figures["hello_world_first_frame_s"]
    )

    verdict = size_verdict(
        figures["slidecheck_mb"], figures["reader_libraries_mb"], figures["hello_world_mb"]
    )
    too_large = args.fail_if_larger and bool(verdict)
    if args.json:
        print(json.dumps(figures, indent=2))
        return 1 if too_large else 0
    start_heading = f"start (median of {args.runs})"
    print(f"{'':36}{'size on disk':>14}{start_heading:>24}{'vs hello':>10}")
    rows = [
        ("hello-world PySide6 onedir", "hello_world"),
        ("reference main window onedir", "reference_window"),
        ("dist/slidecheck --self-test", "slidecheck"),
    ]
    for label, key in rows:
        start = figures[f"{key}_self_test_s" if key == "slidecheck" else f"{key}_start_s"]
        print(
            f"{label:36}{figures[f'{key}_mb']:>11.1f} MB{start:>22.3f} s"
            f"{start / figures['hello_world_start_s']:>10.2f}"
        )
    print(f"{'bundle size / hello world':36}{figures['size_ratio']:>14.2f}")
    print(
        f"{'  without numpy and Pillow':36}{figures['size_ratio_without_reader_libraries']:>14.2f}"
        f"   (numpy and Pillow: {figures['reader_libraries_mb']:.1f} MB)"
    )
    print(f"\nstart to the first painted frame (median of {args.runs}):")
    hello_frame = figures["hello_world_first_frame_s"]
    for label, key in (
        ("hello-world window onedir", "hello_world"),
        ("dist/slidecheck (its real start-up)", "slidecheck"),
    ):
        shown = figures[f"{key}_first_frame_s"]
        print(f"{label:36}{'':14}{shown:>22.3f} s{shown / hello_frame:>10.2f}")
    if too_large:
        print(verdict, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
