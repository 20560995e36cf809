"""Shared helpers for the benchmarks: spawning timed processes, medians, tables, machine facts.

The benchmarks print figures; they never assert on them (timings vary by machine and load).
Every comparison is made against a baseline measured in the same run, with the two commands
interleaved run by run so that a burst of background load hits both sides alike.
"""

from __future__ import annotations

import compileall
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Sequence

try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]

REPO_ROOT = Path(__file__).resolve().parent.parent
#: The interpreter running the benchmark is the venv's; the baselines use it too, so both
#: sides pay the same interpreter start-up (site, .pth files of the editable install).
PYTHON = sys.executable
SLIDECHECK = str(Path(PYTHON).with_name("slidecheck"))

#: Plain Python reading a file's numbers and sorting them: the yardstick for one big board.
SORT_BASELINE = (
    "import sys\n"
    "with open(sys.argv[1], encoding='utf-8') as handle:\n"
    "    text = handle.read()\n"
    "sorted(list(map(int, text.split())))\n"
)
#: Plain Python parsing every line of a file into numbers: the yardstick for --batch.
PARSE_LINES_BASELINE = (
    "import sys\n"
    "with open(sys.argv[1], encoding='utf-8') as handle:\n"
    "    for line in handle:\n"
    "        list(map(int, line.split()))\n"
)
#: The same, and sorting each line's numbers too.
SORT_LINES_BASELINE = (
    "import sys\n"
    "with open(sys.argv[1], encoding='utf-8') as handle:\n"
    "    for line in handle:\n"
    "        sorted(list(map(int, line.split())))\n"
)


class Sample(NamedTuple):
    """One timed run: wall-clock seconds, and the child's CPU seconds (user + system).

    Wall time is what the targets are about. CPU time is printed beside it because it is
    much less disturbed when other programs compete for the processors.
    """

    wall: float
    cpu: float


def _children_cpu_seconds() -> float:
    if resource is None:  # Windows: no getrusage; CPU time reads as 0
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(argv: Sequence[str], env: dict[str, str] | None = None) -> Sample:
    """Time one run of `argv`, output discarded; raises if it crashes.

    Exit statuses 0 and 1 are both fine: `slidecheck check` answers "unsolvable" with 1.
    """
    cpu_before = _children_cpu_seconds()
    started = time.perf_counter()
    completed = subprocess.run(
        list(argv),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        check=False,
    )
    elapsed = time.perf_counter() - started
    cpu = _children_cpu_seconds() - cpu_before
    if completed.returncode not in (0, 1):
        message = completed.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"{' '.join(argv)} exited {completed.returncode}: {message}")
    return Sample(elapsed, cpu)


def time_interleaved(
    commands: dict[str, Sequence[str]],
    runs: int,
    warmups: int = 1,
    env: dict[str, str] | None = None,
) -> dict[str, list[Sample]]:
    """Run every command `runs` times, taking turns, after `warmups` untimed rounds.

    Warm-up rounds load the interpreter, the venv and the input file into the page cache,
    so the timed runs compare the programs and not the disk. Taking turns spreads any
    burst of background load over all the commands alike.
    """
    for _ in range(warmups):
        for argv in commands.values():
            run_once(argv, env)
    timings: dict[str, list[Sample]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            timings[name].append(run_once(argv, env))
    return timings


def median_ms(samples: Sequence[float]) -> float:
    """Median of samples in seconds, as milliseconds."""
    return statistics.median(samples) * 1000.0


def wall_ms(samples: Sequence[Sample]) -> float:
    """Median wall-clock time of the samples, in milliseconds."""
    return median_ms([sample.wall for sample in samples])


def cpu_ms(samples: Sequence[Sample]) -> float:
    """Median CPU time of the samples, in milliseconds."""
    return median_ms([sample.cpu for sample in samples])


def ratio_text(numerator: float, denominator: float) -> str:
    """`numerator / denominator` to two places, or '-' when there is nothing to divide by
    (CPU times read as 0 where `resource` is missing)."""
    return f"{numerator / denominator:.2f}" if denominator > 0 else "-"


def load_average() -> str:
    """The 1-minute load average, to judge how quiet the machine was; '-' if unknown."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except (AttributeError, OSError):
        return "-"


def compile_bytecode(root: Path = REPO_ROOT) -> None:
    """Compile the core and gui of the checkout at `root` to bytecode (`__pycache__`,
    git-ignored) before timing anything.

    An installed or bundled Slidecheck, or any run after the first, loads bytecode; a
    machine with PYTHONDONTWRITEBYTECODE=1 (this one has it) would otherwise compile every
    module from source in every timed process and charge that to start-up.
    """
    for package in ("core", "gui"):
        compileall.compile_dir(str(root / package), quiet=1)


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A GitHub-flavoured Markdown table, numbers right-aligned, padded for plain reading."""
    widths = [
        max(len(headers[column]), *(len(row[column]) for row in rows))
        for column in range(len(headers))
    ]
    numeric = [
        all(row[column][:1].isdigit() or row[column] == "-" for row in rows) and column > 0
        for column in range(len(headers))
    ]

    def line(cells: Sequence[str]) -> str:
        padded = [
            cell.rjust(width) if is_number else cell.ljust(width)
            for cell, width, is_number in zip(cells, widths, numeric, strict=True)
        ]
        return "| " + " | ".join(padded) + " |"

    rule = [
        "-" * (width - 1) + ":" if is_number else "-" * width
        for width, is_number in zip(widths, numeric, strict=True)
    ]
    return "\n".join([line(headers), "| " + " | ".join(rule) + " |", *map(line, rows)])


def machine_description() -> str:
    """One line naming the machine the figures came from."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for entry in cpuinfo:
                if entry.startswith("model name"):
                    cpu = entry.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} logical CPUs (nproc), {platform.system()} "
        f"{platform.release()}, Python {platform.python_version()} "
        f"({platform.python_implementation()})"
    )


def verdict_word(ratio: float, limit: float) -> str:
    """'met' or 'MISSED' for a ratio against its target."""
    return "met" if ratio <= limit else "MISSED"
