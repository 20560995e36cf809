"""The bundle's start to its first painted frame, against the hello-world bundle's, in turns.

`packaging/measure.py` prints the same ratio for dist/slidecheck alone; this times it beside
another build (`--compare DIR`: another checkout, whose `dist/slidecheck` was built with
`packaging/build.py` there), in the same rounds, and prints more of each start:

- the wall clock from spawning the onedir to the moment it prints, once its window has
  painted its first frame ($SLIDECHECK_QUIT_AFTER_FIRST_FRAME=1, gui.app; the hello world
  is measure.py's `HELLO_FIRST_FRAME`, PyInstaller's default windowed onedir);
- the CPU time of the process's main thread and its minor page faults, read from
  /proc/PID/schedstat and /proc/PID/stat the moment that line arrives (Linux only): a
  page fault is kernel time that an instruction count leaves out.

The bundles start in turns, the order reversed every other round, so that all see the same
machine load; one untimed start of each first fills the page cache and the settings (a
scratch folder's). Medians; each ratio is to the hello world's median.

    .venv/bin/python bench/bundle_first_frame.py [--runs 41] [--compare DIR] [--hello EXE]

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import REPO_ROOT, load_average, markdown_table

sys.path.insert(0, str(REPO_ROOT / "packaging"))
import measure  # packaging/ is not a package: its folder is on the path above

#: One start: seconds to the printed first frame, main-thread CPU seconds, minor faults.
Start = tuple[float, float, int]


def one_start(executable: Path, environment: dict[str, str]) -> Start:
    started = time.perf_counter()
    process = subprocess.Popen(
        [str(executable)], env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    # Read at once, while the process is still there (it quits right after the line).
    cpu_seconds, faults = float("nan"), -1
    try:
        with open(f"/proc/{process.pid}/schedstat", encoding="ascii") as stream:
            cpu_seconds = int(stream.read().split()[0]) / 1e9
        with open(f"/proc/{process.pid}/stat", encoding="ascii") as stream:
            # Fields after the command's closing parenthesis; minflt is the 10th field.
            faults = int(stream.read().rsplit(")", 1)[1].split()[7])
    except (OSError, IndexError, ValueError):
        pass
    process.stdout.read()
    if process.wait() != 0 or not line.strip():
        raise SystemExit(f"{executable} exited {process.returncode} without its first frame")
    return float(line) - started, cpu_seconds, faults


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=41, help="starts timed per bundle")
    parser.add_argument("--compare", type=Path, help="another checkout with dist/slidecheck")
    parser.add_argument("--hello", type=Path, help="a hello-world onedir built before")
    args = parser.parse_args(argv)

    bundles = {"this checkout": REPO_ROOT / "dist" / "slidecheck" / "slidecheck"}
    if args.compare is not None:
        bundles[str(args.compare)] = args.compare.resolve() / "dist" / "slidecheck" / "slidecheck"
    for executable in bundles.values():
        if not executable.exists():
            raise SystemExit(f"{executable} is missing: run packaging/build.py there first")

    with tempfile.TemporaryDirectory(prefix="slidecheck-bundle-bench-") as scratch:
        work = Path(scratch)
        hello = args.hello or measure.build_default_onedir(
            work, "hello_first_frame", measure.HELLO_FIRST_FRAME
        )
        starts = {"hello world": hello, **bundles}
        environment = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            XDG_CONFIG_HOME=str(work / "settings"),
            **{measure.FIRST_FRAME_VARIABLE: "1"},
        )
        for executable in starts.values():
            one_start(executable, environment)
        load_before = load_average()
        samples: dict[str, list[Start]] = {name: [] for name in starts}
        for name in measure.in_turns(list(starts), args.runs):
            samples[name].append(one_start(starts[name], environment))
        load_after = load_average()

    def median(name: str, field: int) -> float:
        return statistics.median(sample[field] for sample in samples[name])

    rows = []
    for name in starts:
        wall, cpu, faults = (median(name, field) for field in range(3))
        rows.append(
            [
                name,
                f"{wall * 1000:.1f}",
                f"{wall / median('hello world', 0):.3f}",
                f"{cpu * 1000:.1f}",
                f"{cpu / median('hello world', 1):.3f}",
                f"{faults:.0f}",
            ]
        )
    print(f"{args.runs} starts each, in turns; load average {load_before} -> {load_after}\n")
    print(
        markdown_table(
            [
                "bundle",
                "to first frame ms",
                "vs hello",
                "main-thread CPU ms",
                "vs hello",
                "minor faults",
            ],
            rows,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
