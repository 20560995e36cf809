"""`slidecheck check`: the scriptable verdict. Never imports Qt.

Exit status: 0 solvable, 1 not solvable, 2 invalid input (one line on stderr, no traceback).
What it shares with `slidecheck solve` is in `core.cli.common`; `--photo` is
`core.cli.photo`, loaded only when asked for (it needs numpy and Pillow).
"""

from __future__ import annotations

import json
import math
import sys
from itertools import repeat
from typing import IO, TYPE_CHECKING, NamedTuple, TextIO

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
    verdict_dict,
    write_out,
)
from core.fix import unsolvable_fix
from core.formats import parse_document
from core.rule import GOAL_NAMES, Goal, GoalName, check, classic_goal_solvable, is_solvable
from core.textio import InputError

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = CommandParser(
        prog="slidecheck check",
        description="Decide whether a sliding-tile board can be solved. "
        "Exit 0 solvable, 1 not solvable, 2 invalid input.",
    )
    add_board_arguments(parser, "verdict")
    parser.add_argument(
        "--explain", action="store_true", help="also print the reasoning, step by step"
    )
    # Reading a photo (core.photo; needs the `photo` extra: numpy and Pillow).
    parser.add_argument(
        "--photo",
        metavar="IMAGE",
        help="read the board from a photo of the puzzle (JPEG, PNG, ...; - for standard "
        "input) and check it",
    )
    parser.add_argument(
        "--size",
        metavar="WxH",
        help="with --photo: the board's size in tiles when you know it (4x4, 3x5, ...)",
    )
    parser.add_argument(
        "--debug-image",
        metavar="OUT.png",
        help="with --photo: also draw what was read (outline, grid, which way is up, each "
        "cell's number and confidence) into OUT.png",
    )
    return parser


def _check_one(text: str, args: argparse.Namespace, goal: Goal | None, out: TextIO) -> int:
    document = parse_document(text, args.width)
    board = document.board
    chosen: Goal = chosen_goal(args.goal, goal, document)
    if args.json:
        data = verdict_dict(board, chosen)
        write_out(out, json.dumps(data) + "\n")
        return EXIT_SOLVABLE if data["solvable"] else EXIT_UNSOLVABLE
    if args.explain:
        verdict = check(board, chosen)
        solvable = verdict.solvable
        write_out(out, ("solvable" if solvable else "unsolvable") + "\n")
        for step in verdict.steps:
            write_out(out, f"  {step}\n")
        fix = None if solvable else unsolvable_fix(board, chosen)
        if fix:
            write_out(out, f"  Swap {fix[0]} and {fix[1]} to make it solvable.\n")
    else:
        # Only the parity matters here: O(n), so a million-tile board stays quick.
        solvable = is_solvable(board, chosen)
        write_out(out, ("solvable" if solvable else "unsolvable") + "\n")
    return EXIT_SOLVABLE if solvable else EXIT_UNSOLVABLE


class _PlainLineShape(NamedTuple):
    """What a flat line of `count` plain numbers must hold to be a board, worked out once."""

    width: int
    height: int
    all_tiles: frozenset[int]
    #: Each tile's number as written without padding, to its value: looking tokens up
    #: here is quicker than `int`, and any other spelling ("07", "+7", "1_0") is absent.
    tile_of_token: dict[str, int]
    #: How many characters those spellings of 0..count-1 take together.
    digit_count: int


#: Longer flat lines are rare in a batch; the general reader handles them well enough.
_PLAIN_LINE_MAX_CELLS = 10_000


def _plain_line_shape(count: int, width: int | None) -> _PlainLineShape | None:
    """The board a flat line of `count` cells makes, or None when the general reader must
    decide (line boards, counts that fit no board, long lines)."""
    if width is None:
        width = math.isqrt(count)
        if width * width != count:
            return None
    if width < 2 or count % width or count // width < 2 or count > _PLAIN_LINE_MAX_CELLS:
        return None
    tile_of_token = {str(tile): tile for tile in range(count)}
    digit_count = sum(map(len, tile_of_token))
    return _PlainLineShape(
        width, count // width, frozenset(range(count)), tile_of_token, digit_count
    )


def _check_batch(
    source: IO[bytes] | IO[str] | None, args: argparse.Namespace, goal: Goal | None, out: TextIO
) -> int:
    """Check one board per line of `source`, writing one result line per input line.

    Results are written (and flushed) as each piece of input arrives, so the command works
    inside a pipeline or on an endless generator, with memory bounded by the longest line.
    """
    any_invalid = False
    default_goal: Goal = goal or GoalName.BLANK_LAST
    # Lines of plain numbers with a classic goal (the bulk of real batches) are checked
    # here without building a `Board`: a set comparison proves the tiles are a valid board
    # and the parity rule runs on them directly. Anything else (another format, a bad
    # line, --json, a goal board) goes through `parse_document` and gets its full message.
    classic_goal: GoalName | None = None
    if not args.json and default_goal in GOAL_NAMES and isinstance(default_goal, str):
        classic_goal = default_goal
    shapes: dict[int, _PlainLineShape | None] = {}
    for lines in batch_lines(source):
        results: list[str] = []
        for entry in lines:
            if isinstance(entry, InputError):
                any_invalid = True
                message = str(entry)
                results.append(
                    json.dumps({"error": message}) if args.json else f"invalid: {message}"
                )
                continue
            line = entry.removesuffix("\r")
            if classic_goal is not None:
                cells = line.split()
                count = len(cells)
                if count not in shapes:
                    shapes[count] = _plain_line_shape(count, args.width)
                shape = shapes[count]
                # Every token a tile's plain spelling, each tile once, and nothing but
                # spaces between them (a tab makes empty cells, which the general reader
                # handles).
                if shape is not None and len(line) - line.count(" ") == shape.digit_count:
                    tiles = tuple(map(shape.tile_of_token.get, cells, repeat(-1)))
                    if shape.all_tiles.issubset(tiles):
                        solvable = classic_goal_solvable(
                            shape.width, shape.height, tiles, classic_goal
                        )
                        results.append("solvable" if solvable else "unsolvable")
                        continue
            try:
                document = parse_document(line, args.width)
                # --goal and a line's own JSON goal must agree, as for one board.
                line_goal: Goal = (
                    chosen_goal(args.goal, goal, document)
                    if goal is not None and document.goal is not None
                    else goal or document.goal or default_goal
                )
                if args.json:
                    results.append(json.dumps(verdict_dict(document.board, line_goal)))
                else:
                    solvable = is_solvable(document.board, line_goal)
                    results.append("solvable" if solvable else "unsolvable")
            except (BoardError, InputError) as error:
                any_invalid = True
                results.append(
                    json.dumps({"error": str(error)}) if args.json else f"invalid: {error}"
                )
        if results:
            write_out(out, "\n".join(results) + "\n")
            flush_out(out)
    return EXIT_INVALID if any_invalid else EXIT_SOLVABLE


def main(
    argv: Sequence[str] | None = None, stdin: IO[str] | None = None, stdout: TextIO | None = None
) -> int:
    """Run `slidecheck check` with `argv` (the words after `check`); returns the exit status.

    Every failure is one line on standard error and exit 2, never a traceback: bad input,
    a closed standard input or output, a full disk.
    """
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.photo is None and (args.size is not None or args.debug_image is not None):
        parser.error("--size and --debug-image go with --photo")
    if args.photo is not None and args.file != "-":
        # Else the photo is checked and the board file ignored: an answer about the one
        # that reads as an answer about the other.
        parser.error("--photo reads the board from the photo: give a board file or --photo")
    if args.photo is not None and args.width is not None:
        parser.error("--width is for a flat line of numbers, not --photo: give --size WxH")
    if args.photo is not None:
        # Imported here: numpy and Pillow load only when a photo is read.
        from core.cli.photo import check_photo

        return check_photo(args, stdout)
    return run_board_command(
        "slidecheck check",
        args,
        stdin=stdin,
        stdout=stdout,
        one_board=_check_one,
        every_line=_check_batch,
    )
