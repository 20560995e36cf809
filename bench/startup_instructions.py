"""Start to the first frame in instructions: the same starts as `gui_startup.py`, counted.

Each window (the reference, Slidecheck's, and with `--compare DIR` another checkout's) is
started once under Valgrind's callgrind, as `python bench/show_window.py KIND SETTINGS_DIR`
with $SHOW_WINDOW_EXIT_AT_FIRST_FRAME=1 so that the count stops at the first frame, and
PYTHONHASHSEED=0 so that two runs of the same code count the same to a few parts in ten
thousand. The count is the instructions the process ran in user space, whatever else the
machine does: a change of a millisecond or two, lost in the wall clock's noise on a shared
machine, shows here. It leaves out what the kernel does for the process (opening and
mapping files, page faults) and waiting, so it is a companion to `gui_startup.py`'s times,
not a replacement. Needs `valgrind` on PATH; a start takes 15 to 20 s under it.

    .venv/bin/python bench/startup_instructions.py [--compare DIR]

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import PYTHON, REPO_ROOT, compile_bytecode, markdown_table
from bench.gui_startup import CHILD, checkout_env
from bench.show_window import EXIT_AT_FIRST_FRAME

#: callgrind's summary line: "==123== Collected : 1336370069".
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions_to_first_frame(kind: str, settings_dir: str, env: dict[str, str]) -> int:
    """Instructions one start of `kind` runs until its first frame."""
    env = dict(env, PYTHONHASHSEED="0", **{EXIT_AT_FIRST_FRAME: "1"})
    completed = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            PYTHON,
            CHILD,
            kind,
            settings_dir,
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    found = COLLECTED.search(completed.stderr)
    if completed.returncode != 0 or found is None:
        raise RuntimeError(
            f"{kind} under callgrind failed ({completed.returncode}): {completed.stderr}"
        )
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--compare", type=Path, help="another checkout whose start is counted alongside"
    )
    args = parser.parse_args(argv)
    compile_bytecode()
    env = checkout_env(REPO_ROOT)
    windows = {"minimal": ("minimal", env), "slidecheck": ("slidecheck", env)}
    if args.compare is not None:
        compared = args.compare.resolve()
        compile_bytecode(compared)
        windows["compared"] = ("slidecheck", checkout_env(compared))
    labels = {
        "minimal": "reference: minimal main window of the same Qt parts",
        "slidecheck": "Slidecheck main window (`gui.launcher.main`)",
        "compared": f"Slidecheck main window, `{args.compare}`",
    }
    counts: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="slidecheck-bench-") as settings_dir:
        for kind, kind_env in windows.values():  # the settings a second launch finds
            subprocess.run(
                [PYTHON, CHILD, kind, settings_dir], env=kind_env, capture_output=True, check=True
            )
        for name, (kind, kind_env) in windows.items():
            counts[name] = instructions_to_first_frame(kind, settings_dir, kind_env)
    reference = counts["minimal"]
    rows = [
        [
            labels[name],
            f"{count / 1e6:,.1f}",
            f"{count / reference:.3f}",
        ]
        for name, count in counts.items()
    ]
    platform = env["QT_QPA_PLATFORM"]
    print(f"### Instructions to the first frame (callgrind, QT_QPA_PLATFORM={platform})\n")
    print(markdown_table(["window", "million instructions", "vs reference"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
