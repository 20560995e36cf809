"""Start to a shown window: Slidecheck's main window against a bare PySide6 window.

Both are started the same way, as `python bench/show_window.py KIND SETTINGS_DIR` with the
same interpreter and QT_QPA_PLATFORM (offscreen unless set), interleaved run by run. The
time is from just before the process is spawned to the end of the window's first painted
frame (the child prints the shared monotonic clock then and quits). Slidecheck's side runs
`gui.app.main`, the real start-up, with settings in a scratch directory that the warm-up
run has filled in, as a second launch would find them.

A third window, started the same way, is a reference: a main window made of the same kinds
of Qt parts as Slidecheck's with none of its logic (`show_window.minimal_main_window`). It
shows how much of the gap to the bare window PySide6 itself charges: its Python enum
classes are built on first use, about 0.36 ms each on Python 3.11, and the reference
window builds 202 of them (73 ms; the bare window none, Slidecheck's window 232).

Target (issue 21): within 1.3x of the reference window, the same Qt parts with none of the
logic; the bare window's ratio is printed too (its earlier target was 1.5x, below what
PySide6 charges for the reference's parts). Prints a Markdown table.
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

from bench.common import (
    PYTHON,
    REPO_ROOT,
    compile_bytecode,
    load_average,
    markdown_table,
    verdict_word,
)

CHILD = str(Path(__file__).resolve().with_name("show_window.py"))
#: Slidecheck's start against the reference window's.
TARGET_RATIO = 1.3


def time_to_shown(kind: str, settings_dir: str, env: dict[str, str]) -> tuple[float, float]:
    """(ms from spawn to first frame, ms from spawn to exit) for one start of `kind`."""
    started = time.perf_counter()
    completed = subprocess.run(
        [PYTHON, CHILD, kind, settings_dir],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    exited = time.perf_counter()
    if completed.returncode != 0 or not completed.stdout.strip():
        raise RuntimeError(f"{kind} window failed ({completed.returncode}): {completed.stderr}")
    shown = float(completed.stdout.split()[0])
    return (shown - started) * 1000.0, (exited - started) * 1000.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed starts of each window")
    args = parser.parse_args(argv)
    compile_bytecode()
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    # The child runs as a script from bench/: without this, `gui` would be whichever
    # checkout the venv's editable install points at, not this one (a second worktree).
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    load_before = load_average()
    samples: dict[str, list[tuple[float, float]]] = {"bare": [], "minimal": [], "slidecheck": []}
    with tempfile.TemporaryDirectory(prefix="slidecheck-bench-") as settings_dir:
        for kind in samples:  # warm-up: page cache, font cache, settings file
            time_to_shown(kind, settings_dir, env)
        for _ in range(args.runs):
            for kind, kind_samples in samples.items():
                kind_samples.append(time_to_shown(kind, settings_dir, env))
    medians = {
        kind: (
            statistics.median(shown for shown, _ in kind_samples),
            statistics.median(exited for _, exited in kind_samples),
        )
        for kind, kind_samples in samples.items()
    }
    ratio = medians["slidecheck"][0] / medians["bare"][0]
    minimal_ratio = medians["minimal"][0] / medians["bare"][0]
    reference_ratio = medians["slidecheck"][0] / medians["minimal"][0]
    rows = [
        [
            "bare PySide6 QWidget (1180x780)",
            f"{medians['bare'][0]:.1f}",
            f"{medians['bare'][1]:.1f}",
            "1.00",
            "-",
            "-",
        ],
        [
            "reference: minimal main window of the same Qt parts",
            f"{medians['minimal'][0]:.1f}",
            f"{medians['minimal'][1]:.1f}",
            f"{minimal_ratio:.2f}",
            "1.00",
            "-",
        ],
        [
            "Slidecheck main window (`gui.app.main`)",
            f"{medians['slidecheck'][0]:.1f}",
            f"{medians['slidecheck'][1]:.1f}",
            f"{ratio:.2f}",
            f"{reference_ratio:.2f}",
            f"<= {TARGET_RATIO}x the reference: {verdict_word(reference_ratio, TARGET_RATIO)}",
        ],
    ]
    print(
        "### Start to a shown window "
        f"(QT_QPA_PLATFORM={env['QT_QPA_PLATFORM']})\n\n"
        f"Median of {args.runs} starts each, interleaved: ms from spawning the process to the "
        "end of its first painted frame, and to its exit. "
        f"Load average before/after: {load_before}/{load_average()}.\n"
    )
    print(
        markdown_table(
            ["window", "to shown ms", "to exit ms", "vs bare", "vs reference", "target"], rows
        ),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
