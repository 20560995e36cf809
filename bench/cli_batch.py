"""`slidecheck check --batch` on 100,000 4x4 lines, against plain Python parsing the same lines.

The lines are random 4x4 boards (fixed seed, half solvable), one flat line each, as a
puzzle generator or a solver's test list writes them. Timed in the same run, interleaved:

- `slidecheck check --batch FILE` (start-up, reading, checking every line, printing a
  verdict per line);
- `python -c PARSE_LINES_BASELINE FILE`: `list(map(int, line.split()))` for every line;
- `python -c SORT_LINES_BASELINE FILE`: the same, and `sorted()` on each line's numbers.

Target: within 3x of the plain parsing baseline. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (
    PARSE_LINES_BASELINE,
    PYTHON,
    SLIDECHECK,
    SORT_LINES_BASELINE,
    compile_bytecode,
    cpu_ms,
    load_average,
    markdown_table,
    ratio_text,
    time_interleaved,
    verdict_word,
    wall_ms,
)
from core import random_board

SEED = 20261122
TARGET_RATIO = 3.0


def write_lines(path: Path, count: int, side: int) -> None:
    rng = random.Random(SEED)
    lines = [
        " ".join(map(str, random_board(side, side, solvable=rng.random() < 0.5, rng=rng).tiles))
        for _ in range(count)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000, help="boards in the batch file")
    parser.add_argument("--side", type=int, default=4, help="board side (4 for 4x4)")
    parser.add_argument("--runs", type=int, default=11, help="timed runs of each command")
    args = parser.parse_args(argv)
    compile_bytecode()
    load_before = load_average()
    with tempfile.TemporaryDirectory(prefix="slidecheck-bench-") as temporary:
        path = Path(temporary) / f"batch-{args.lines}-{args.side}x{args.side}.txt"
        write_lines(path, args.lines, args.side)
        timings = time_interleaved(
            {
                "slidecheck": [SLIDECHECK, "check", "--batch", str(path)],
                "parse": [PYTHON, "-c", PARSE_LINES_BASELINE, str(path)],
                "parse and sort": [PYTHON, "-c", SORT_LINES_BASELINE, str(path)],
            },
            runs=args.runs,
        )
    ours = wall_ms(timings["slidecheck"])
    ours_cpu = cpu_ms(timings["slidecheck"])
    labels = {
        "slidecheck": "`slidecheck check --batch FILE`",
        "parse": "baseline: `list(map(int, line.split()))` per line",
        "parse and sort": "baseline: the same, then `sorted()` per line",
    }
    rows = []
    for name, samples in timings.items():
        wall = wall_ms(samples)
        cpu = cpu_ms(samples)
        target = "-"
        if name == "parse":
            target = f"<= {TARGET_RATIO}x: {verdict_word(ours / wall, TARGET_RATIO)}"
        rows.append(
            [
                labels[name],
                f"{wall:.1f}",
                f"{cpu:.1f}",
                f"{ours / wall:.2f}",
                ratio_text(ours_cpu, cpu),
                target,
            ]
        )
    print(
        f"### `slidecheck check --batch` on {args.lines:,} {args.side}x{args.side} lines\n\n"
        f"Median of {args.runs} runs each, interleaved, ms per process from start to exit. "
        f"Load average before/after: {load_before}/{load_average()}.\n"
    )
    print(
        markdown_table(
            [
                "command",
                "wall ms",
                "CPU ms",
                "slidecheck / this",
                "CPU: slidecheck / this",
                "target",
            ],
            rows,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
