"""`slidecheck solve`: a solution from the command line. Never imports Qt.

Reads every format `check` reads, through the same readers. Plain output is the length
and whether it is proven shortest, then the moves as letters (the way each tile travels:
`R` = a tile slides right into the blank); `--json` is one object; `--batch` one line or
object per input line, in order, each written as soon as it is solved. With
`--time-budget S` a search still running after S seconds gives way to the hand method
(on a board over 16 cells, the beam search improves on the hand method's solution for S
seconds and the shortest found is printed), and the output adds the length no solution is
shorter than (the search's proven bound).

Exit status: 0 solved, 1 not solvable (the reason and the fix on standard error, or in
the JSON; no search is started), 2 invalid input (one line on standard error). With
`--batch`, the worst line decides: 2 if any line was invalid, else 1 if any was
unsolvable.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import IO, TYPE_CHECKING, Any, TextIO

from core.board import BoardError
from core.cli.common import (
    EXIT_INVALID,
    EXIT_SOLVABLE,
    EXIT_UNSOLVABLE,
    CommandParser,
    add_board_arguments,
    batch_lines,
    chosen_goal,
    flush_out,
    run_board_command,
    say,
    write_out,
)
from core.formats import parse_document
from core.solution import (
    AUTO_BEAM_CELLS,
    DEFAULT_NEAR_OPTIMAL_BUDGET,
    MAX_BEAM_CELLS,
    MAX_NEAR_OPTIMAL_CELLS,
    MAX_OPTIMAL_CELLS,
    SearchProgress,
    Solution,
    SolveMethod,
    UnsolvableError,
)
from core.solve import solve
from core.textio import InputError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from core.rule import Goal

COMMAND = "slidecheck solve"


def build_parser() -> argparse.ArgumentParser:
    parser = CommandParser(
        prog=COMMAND,
        description="Find the moves that take a sliding-tile board to its goal: a shortest "
        f"solution for boards of up to {MAX_OPTIMAL_CELLS} cells, a short one by beam search "
        f"up to {AUTO_BEAM_CELLS} cells, the hand method above. "
        "Exit 0 solved, 1 not solvable, 2 invalid input.",
    )
    add_board_arguments(parser, "solution")
    method = parser.add_mutually_exclusive_group()
    method.add_argument(
        "--optimal",
        dest="method",
        action="store_const",
        const=SolveMethod.OPTIMAL,
        help=f"a shortest solution (boards of up to {MAX_OPTIMAL_CELLS} cells); on a 5x5 "
        f"(boards of 3x3 and up to {MAX_NEAR_OPTIMAL_CELLS} cells), build the near-optimal "
        "search's tables if they are missing (128 MB, minutes, once), then search until a "
        "shortest solution is proven, or within --time-budget",
    )
    method.add_argument(
        "--fast",
        dest="method",
        action="store_const",
        const=SolveMethod.FAST,
        help="the hand method: any size at once, not shortest",
    )
    method.add_argument(
        "--beam",
        dest="method",
        action="store_const",
        const=SolveMethod.BEAM,
        help="the beam search: far shorter than the hand method, not shortest (boards of "
        f"3x3 and up, of up to {MAX_BEAM_CELLS} cells; about a second on 10x10)",
    )
    parser.add_argument(
        "--time-budget",
        metavar="S",
        type=_seconds,
        help="give the search for a shortest solution at most S seconds (building its "
        "tables counts); when they run out, print the hand method's solution and the "
        "length the search proved no solution is shorter than. Over "
        f"{MAX_OPTIMAL_CELLS} cells (up to {MAX_BEAM_CELLS}), the beam search improves on "
        "the hand method's solution for S seconds, and the shortest found is printed; on a "
        "5x5 whose tables are built, the near-optimal search does (default "
        f"{DEFAULT_NEAR_OPTIMAL_BUDGET:g} s)",
    )
    return parser


def _seconds(text: str) -> float:
    """--time-budget's value: a positive, finite number of seconds."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise argparse.ArgumentTypeError(
            f"expects a positive number of seconds, such as 2.5, not {text!r}"
        )
    return seconds


def main(
    argv: Sequence[str] | None = None, stdin: IO[str] | None = None, stdout: TextIO | None = None
) -> int:
    """Run `slidecheck solve` with `argv` (the words after `solve`); returns the exit status."""
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    return run_board_command(
        COMMAND, args, stdin=stdin, stdout=stdout, one_board=_solve_one, every_line=_solve_batch
    )


def _solve_text(text: str, args: argparse.Namespace, goal: Goal | None) -> Solution:
    """The solution for one board's text. Raises `UnsolvableError`, or `BoardError` for
    input that is not a board (or a board too large for --optimal)."""
    document = parse_document(text, args.width)
    goal_used: Goal = chosen_goal(args.goal, goal, document)
    method: SolveMethod | None = args.method
    progress = _TableProgress() if _stderr_is_terminal() else None
    try:
        return solve(
            document.board,
            goal_used,
            method=method,
            progress=progress,
            time_budget=args.time_budget,
        )
    finally:
        if progress is not None:
            progress.finish()


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (OSError, ValueError):  # closed or detached
        return False


class _TableProgress:
    """On a terminal, the first search of a shape and goal blank says it is building its
    tables (minutes on a 4x4, once for every goal they serve), which goals they serve and how
    far it has got, on one line of standard error."""

    def __init__(self) -> None:
        self._shown = False
        self._line = ""

    def __call__(self, progress: SearchProgress) -> None:
        if progress.building_tables is None:
            self.finish()
            return
        serves = "" if progress.tables_serve is None else f", once for {progress.tables_serve}"
        line = f"{COMMAND}: building the search's tables{serves}: {progress.building_tables:.0%}"
        # Written only when it changes: the builds report far more often than a percent
        # moves, and a terminal that is not being read (Ctrl+S, a stalled pager) would fill
        # and block the build's thread.
        if self._shown and line == self._line:
            return
        self._shown = True
        self._line = line
        sys.stderr.write(f"\r{line}")
        sys.stderr.flush()

    def finish(self) -> None:
        if self._shown:
            sys.stderr.write("\n")
            sys.stderr.flush()
            self._shown = False
            self._line = ""


def _solve_one(text: str, args: argparse.Namespace, goal: Goal | None, out: TextIO) -> int:
    try:
        solution = _solve_text(text, args, goal)
    except UnsolvableError as error:
        if args.json:
            write_out(out, json.dumps(_unsolvable_dict(error)) + "\n")
        else:
            write_out(out, "unsolvable\n")
            say(f"{COMMAND}: {_unsolvable_reason(error)}")
        return EXIT_UNSOLVABLE
    if args.json:
        for piece in solution.json_pieces():
            write_out(out, piece)
        write_out(out, "\n")
    else:
        moves = f"{solution.length} move{'' if solution.length == 1 else 's'}"
        write_out(out, f"{moves}, {_proof_text(solution)}\n")
        _write_letters(out, solution.letters)
        write_out(out, "\n")
    return EXIT_SOLVABLE


#: Letters written at a time: a 300x300 fast solution has tens of millions, and writing
#: them in slices never holds a second copy of them all as text.
_LETTERS_PER_WRITE = 1 << 20


def _write_letters(out: TextIO, letters: bytes) -> None:
    for start in range(0, len(letters), _LETTERS_PER_WRITE):
        write_out(out, letters[start : start + _LETTERS_PER_WRITE].decode("ascii"))


def _solve_batch(
    source: IO[bytes] | IO[str] | None, args: argparse.Namespace, goal: Goal | None, out: TextIO
) -> int:
    """Solve one board per line of `source`, writing and flushing each result line as soon
    as its board is solved, so a long batch shows progress and works inside a pipeline."""
    status = EXIT_SOLVABLE
    for lines in batch_lines(source):
        for entry in lines:
            if isinstance(entry, InputError):
                result, line_status = _invalid_line(entry, args), EXIT_INVALID
            else:
                try:
                    solution = _solve_text(entry.removesuffix("\r"), args, goal)
                except UnsolvableError as error:
                    result, line_status = _unsolvable_line(error, args), EXIT_UNSOLVABLE
                except (BoardError, InputError) as error:
                    # A line's own goal against --goal is that line's fault, not the batch's.
                    result, line_status = _invalid_line(error, args), EXIT_INVALID
                else:
                    result, line_status = _solved_line(solution, args), EXIT_SOLVABLE
            status = max(status, line_status)
            write_out(out, result + "\n")
            flush_out(out)
    return status


def _proof_text(solution: Solution) -> str:
    """'optimal', 'not proven optimal (fast method)' (or '(beam search)'), or with what a
    budget proved: 'not proven optimal (fast method; no solution is shorter than 76)'."""
    if solution.optimal:
        return "optimal"
    how = _METHOD_WORDS.get(solution.method, "fast method")
    if solution.lower_bound is None:
        return f"not proven optimal ({how})"
    return f"not proven optimal ({how}; no solution is shorter than {solution.lower_bound})"


#: How each method that does not prove its length is named after "not proven optimal".
_METHOD_WORDS = {
    SolveMethod.BEAM: "beam search",
    SolveMethod.NEAR_OPTIMAL: "near-optimal search",
}


def _solved_line(solution: Solution, args: argparse.Namespace) -> str:
    if args.json:
        return json.dumps(solution.to_dict())
    proof = "optimal" if solution.optimal else "not-optimal"
    if not solution.optimal and solution.lower_bound is not None:
        proof += f" lower-bound={solution.lower_bound}"
    return f"{solution.length} {proof} {solution.directions}".rstrip()


def _unsolvable_line(error: UnsolvableError, args: argparse.Namespace) -> str:
    if args.json:
        return json.dumps(_unsolvable_dict(error))
    return f"unsolvable: {_unsolvable_reason(error)}"


def _invalid_line(error: ValueError, args: argparse.Namespace) -> str:
    return json.dumps({"error": str(error)}) if args.json else f"invalid: {error}"


def _unsolvable_reason(error: UnsolvableError) -> str:
    """The verdict's reason and, where one swap helps, the swap ('Swap 14 and 15 ...')."""
    reason = str(error)
    if error.fix is not None:
        reason += f" Swap {error.fix[0]} and {error.fix[1]} to make it solvable."
    return reason


def _unsolvable_dict(error: UnsolvableError) -> dict[str, Any]:
    return {
        "solvable": False,
        "reason": str(error),
        "suggested_fix": list(error.fix) if error.fix is not None else None,
    }
