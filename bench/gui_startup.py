"""Start to a shown window: Slidecheck's main window against a bare PySide6 window.

Both are started the same way, as `python bench/show_window.py KIND SETTINGS_DIR` with the
same interpreter and QT_QPA_PLATFORM (offscreen unless set), interleaved run by run. The
time is from just before the process is spawned to the end of the window's first painted
frame (the child prints the shared monotonic clock then and quits). The CPU time the child
used until then is printed beside it: work done, much less disturbed than the wall clock
when other programs share the processors. Slidecheck's side runs
`gui.launcher.main`, the real start-up, with settings in a scratch directory that the warm-up
run has filled in, as a second launch would find them.

A third window, started the same way, is a reference: a main window made of the same kinds
of Qt parts as Slidecheck's with none of its logic (`show_window.minimal_main_window`). It
shows how much of the gap to the bare window PySide6 itself charges: its Python enum
classes are built on first use, about 0.36 ms each on Python 3.11, and the reference
window builds 202 of them (73 ms; the bare window none, Slidecheck's window 232).

Target (issue 21): within 1.3x of the reference window, the same Qt parts with none of the
logic; the bare window's ratio is printed too (its earlier target was 1.5x, below what
PySide6 charges for the reference's parts). With `--compare DIR`, Slidecheck's start from
another checkout (say, one of main before a change) is timed too, interleaved with the
others run by run. Prints a Markdown table.
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
from typing import NamedTuple

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


def checkout_env(root: Path) -> dict[str, str]:
    """The children's environment, `gui` and `core` imported from the checkout at `root`.

    The child runs as a script from bench/: without PYTHONPATH, `gui` would be whichever
    checkout the venv's editable install points at, not this one (a second worktree)."""
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
    return env


class Start(NamedTuple):
    """One start, ms: spawn to the end of the first frame, spawn to exit, and the CPU time
    the child used until its first frame."""

    shown: float
    exited: float
    cpu: float


def time_to_shown(kind: str, settings_dir: str, env: dict[str, str]) -> Start:
    """One start of `kind`, timed."""
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
    shown, cpu = (float(field) for field in completed.stdout.split()[:2])
    return Start((shown - started) * 1000.0, (exited - started) * 1000.0, cpu * 1000.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed starts of each window")
    parser.add_argument(
        "--compare", type=Path, help="another checkout whose start is timed alongside"
    )
    args = parser.parse_args(argv)
    compile_bytecode()
    env = checkout_env(REPO_ROOT)
    # Each window: (kind for the child, its environment).
    windows = {
        "bare": ("bare", env),
        "minimal": ("minimal", env),
        "slidecheck": ("slidecheck", env),
    }
    if args.compare is not None:
        compared = args.compare.resolve()
        compile_bytecode(compared)
        windows["compared"] = ("slidecheck", checkout_env(compared))
    load_before = load_average()
    samples: dict[str, list[Start]] = {name: [] for name in windows}
    with tempfile.TemporaryDirectory(prefix="slidecheck-bench-") as settings_dir:
        for kind, kind_env in windows.values():  # warm-up: page cache, font cache, settings
            time_to_shown(kind, settings_dir, kind_env)
        for _ in range(args.runs):
            for name, (kind, kind_env) in windows.items():
                samples[name].append(time_to_shown(kind, settings_dir, kind_env))
    medians = {
        name: Start(*(statistics.median(column) for column in zip(*starts, strict=True)))
        for name, starts in samples.items()
    }
    bare, minimal = medians["bare"].shown, medians["minimal"].shown
    labels = {
        "bare": "bare PySide6 QWidget (1180x780)",
        "minimal": "reference: minimal main window of the same Qt parts",
        "slidecheck": "Slidecheck main window (`gui.launcher.main`)",
        "compared": f"Slidecheck main window, `{args.compare}`",
    }
    rows = []
    for name, (shown, exited, cpu) in medians.items():
        target = "-"
        if name in ("slidecheck", "compared"):
            verdict = verdict_word(shown / minimal, TARGET_RATIO)
            target = f"<= {TARGET_RATIO}x the reference: {verdict}"
        rows.append(
            [
                labels[name],
                f"{shown:.1f}",
                f"{exited:.1f}",
                f"{cpu:.1f}",
                f"{shown / bare:.2f}",
                "-" if name == "bare" else f"{shown / minimal:.2f}",
                target,
            ]
        )
    print(
        "### Start to a shown window "
        f"(QT_QPA_PLATFORM={env['QT_QPA_PLATFORM']})\n\n"
        f"Median of {args.runs} starts each, interleaved: ms from spawning the process to the "
        "end of its first painted frame, and to its exit; the CPU time the process used "
        "until its first frame. "
        f"Load average before/after: {load_before}/{load_average()}.\n"
    )
    print(
        markdown_table(
            [
                "window",
                "to shown ms",
                "to exit ms",
                "CPU to shown ms",
                "vs bare",
                "vs reference",
                "target",
            ],
            rows,
        ),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
