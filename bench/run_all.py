"""Every benchmark in turn (`make bench`): prints one Markdown report, asserts nothing.

    .venv/bin/python bench/run_all.py [--quick] [--output bench/out/report.md]

Each benchmark runs in its own process, one after another, so none of them shares the
machine with another. `--quick` cuts the runs to about a third for a first look; the
figures in bench/README.md come from a full run.
"""

from __future__ import annotations

import argparse
import datetime
import subprocess
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import PYTHON, REPO_ROOT, compile_bytecode, machine_description

BENCH = REPO_ROOT / "bench"


def shown_python() -> str:
    """The interpreter as a reader would type it: relative when it is the checkout's venv."""
    interpreter = Path(PYTHON)
    try:
        return str(interpreter.relative_to(REPO_ROOT))
    except ValueError:
        return str(interpreter)


def benchmarks(quick: bool) -> list[list[str]]:
    """The command line of each benchmark, in the order they run."""
    return [
        ["cli_check.py", *(["--scale", "0.35"] if quick else [])],
        ["cli_batch.py", *(["--runs", "4"] if quick else [])],
        ["gui_edit.py", *(["--scale", "0.35"] if quick else [])],
        ["gui_startup.py", *(["--runs", "5"] if quick else [])],
        ["gui_first_use.py", *(["--runs", "3"] if quick else [])],
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, rougher figures")
    parser.add_argument("--output", type=Path, help="also write the report to this file")
    args = parser.parse_args(argv)
    compile_bytecode()
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    sections = [
        "## Slidecheck benchmarks\n",
        f"Run {stamp} on {machine_description()}.\n",
        f"Command: `{shown_python()} bench/run_all.py{' --quick' if args.quick else ''}` "
        "(what `make bench` runs)\n",
    ]
    print("\n".join(sections), flush=True)
    failed = False
    for script, *options in benchmarks(args.quick):
        print(f"running {script} {' '.join(options)}".rstrip(), file=sys.stderr, flush=True)
        completed = subprocess.run(
            [PYTHON, str(BENCH / script), *options],
            stdout=subprocess.PIPE,
            text=True,
            check=False,
        )
        if completed.returncode != 0:
            failed = True
            section = f"### {script}\n\nfailed with exit status {completed.returncode}\n"
        else:
            section = completed.stdout.strip() + "\n"
        print(section, flush=True)
        sections.append(section)
    if args.output is not None:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text("\n".join(sections), encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
