"""`slidecheck check`: the scriptable verdict. Never imports Qt.

Exit status: 0 solvable, 1 not solvable, 2 invalid input (one line on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Sequence
from itertools import repeat
from typing import NamedTuple, NoReturn, TextIO

from core.board import Board, BoardError
from core.fix import suggest_fix
from core.formats import MAX_TEXT_LENGTH, parse_board, parse_document
from core.rule import GOAL_NAMES, Goal, GoalName, check, classic_goal_solvable, is_solvable

EXIT_SOLVABLE = 0
EXIT_UNSOLVABLE = 1
EXIT_INVALID = 2


class InputError(Exception):
    """Input that cannot be read at all (missing file, a directory, not text)."""


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_INVALID, f"slidecheck check: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog="slidecheck check",
        description="Decide whether a sliding-tile board can be solved. "
        "Exit 0 solvable, 1 not solvable, 2 invalid input.",
    )
    parser.add_argument("file", nargs="?", default="-", help="board file, or - for stdin (default)")
    parser.add_argument("--width", type=int, help="width of a flat one-line board")
    parser.add_argument(
        "--goal",
        default=None,
        help="blank-last (default), blank-first, or a file holding the goal board",
    )
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.add_argument(
        "--batch", action="store_true", help="one board per line; one result line per board"
    )
    parser.add_argument(
        "--explain", action="store_true", help="also print the reasoning, step by step"
    )
    return parser


def read_text(path: str, stdin: TextIO | None = None) -> str:
    """The whole input as text; raises `InputError` with a one-line reason."""
    if path == "-":
        stream = stdin or sys.stdin
        data = stream.buffer.read(MAX_TEXT_LENGTH + 1) if hasattr(stream, "buffer") else None
        if data is None:
            return stream.read(MAX_TEXT_LENGTH + 1)
        return _decode(data, "standard input")
    if os.path.isdir(path):
        raise InputError(f"{path}: is a directory, not a board file")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_TEXT_LENGTH + 1)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except OSError as error:
        raise InputError(f"{path}: cannot read ({error.strerror or error})") from None
    return _decode(data, path)


def _decode(data: bytes, name: str) -> str:
    if len(data) > MAX_TEXT_LENGTH:
        raise InputError(f"{name}: too large, the limit is {MAX_TEXT_LENGTH:,} bytes")
    if b"\0" in data:
        raise InputError(f"{name}: binary data, not a board")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(f"{name}: not UTF-8 text (byte {error.start + 1})") from None


def _resolve_goal(option: str | None) -> Goal | None:
    if option is None:
        return None
    if option in GOAL_NAMES:
        return "blank-first" if option == "blank-first" else "blank-last"
    try:
        return parse_board(read_text(option))
    except BoardError as error:
        raise InputError(f"goal {option}: {error}") from None
    except InputError as error:
        # The reason already names the file; say it is the goal, not the board.
        raise InputError(f"goal {error}") from None


def _verdict_dict(board: Board, goal: Goal) -> dict[str, object]:
    verdict = check(board, goal)
    data = verdict.to_dict()
    data["suggested_fix"] = None if verdict.solvable else suggest_fix(board, goal)
    return data


def _check_one(text: str, args: argparse.Namespace, goal: Goal | None, out: TextIO) -> int:
    document = parse_document(text, args.width)
    board = document.board
    chosen_goal: Goal = goal or document.goal or "blank-last"  # type: ignore[assignment]
    if args.json:
        data = _verdict_dict(board, chosen_goal)
        out.write(json.dumps(data) + "\n")
        return EXIT_SOLVABLE if data["solvable"] else EXIT_UNSOLVABLE
    if args.explain:
        verdict = check(board, chosen_goal)
        solvable = verdict.solvable
        out.write(("solvable" if solvable else "unsolvable") + "\n")
        for step in verdict.steps:
            out.write(f"  {step}\n")
        fix = None if solvable else suggest_fix(board, chosen_goal)
        if fix:
            out.write(f"  Swap {fix[0]} and {fix[1]} to make it solvable.\n")
    else:
        # Only the parity matters here: O(n), so a million-tile board stays quick.
        solvable = is_solvable(board, chosen_goal)
        out.write(("solvable" if solvable else "unsolvable") + "\n")
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


def _check_batch(text: str, args: argparse.Namespace, goal: Goal | None, out: TextIO) -> int:
    any_invalid = False
    results: list[str] = []
    default_goal: Goal = goal or "blank-last"
    # Lines of plain numbers with a classic goal (the bulk of real batches) are checked
    # here without building a `Board`: a set comparison proves the tiles are a valid board
    # and the parity rule runs on them directly. Anything else (another format, a bad
    # line, --json, a goal board) goes through `parse_document` and gets its full message.
    classic_goal: GoalName | None = None
    if not args.json and default_goal in GOAL_NAMES and isinstance(default_goal, str):
        classic_goal = default_goal
    shapes: dict[int, _PlainLineShape | None] = {}
    # Only "\n" ends a line here: splitlines() also breaks at form feeds, U+2028 and the
    # like, which would give one input line two results.
    lines = text.removesuffix("\n").split("\n") if text else []
    for line in (line.removesuffix("\r") for line in lines):
        if classic_goal is not None:
            cells = line.split()
            count = len(cells)
            if count not in shapes:
                shapes[count] = _plain_line_shape(count, args.width)
            shape = shapes[count]
            # Every token a tile's plain spelling, each tile once, and nothing but spaces
            # between them (a tab makes empty cells, which the general reader handles).
            if shape is not None and len(line) - line.count(" ") == shape.digit_count:
                tiles = tuple(map(shape.tile_of_token.get, cells, repeat(-1)))
                if shape.all_tiles.issubset(tiles):
                    solvable = classic_goal_solvable(shape.width, shape.height, tiles, classic_goal)
                    results.append("solvable" if solvable else "unsolvable")
                    if len(results) >= 4096:
                        out.write("\n".join(results) + "\n")
                        results.clear()
                    continue
        try:
            document = parse_document(line, args.width)
            line_goal: Goal = goal or document.goal or default_goal  # type: ignore[assignment]
            if args.json:
                results.append(json.dumps(_verdict_dict(document.board, line_goal)))
            else:
                solvable = is_solvable(document.board, line_goal)
                results.append("solvable" if solvable else "unsolvable")
        except BoardError as error:
            any_invalid = True
            results.append(json.dumps({"error": str(error)}) if args.json else f"invalid: {error}")
        if len(results) >= 4096:
            out.write("\n".join(results) + "\n")
            results.clear()
    if results:
        out.write("\n".join(results) + "\n")
    return EXIT_INVALID if any_invalid else EXIT_SOLVABLE


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run `slidecheck check` with `argv` (the words after `check`); returns the exit status."""
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    out = stdout or sys.stdout
    try:
        goal = _resolve_goal(args.goal)
        text = read_text(args.file, stdin)
        if args.batch:
            return _check_batch(text, args, goal, out)
        return _check_one(text, args, goal, out)
    except (InputError, BoardError) as error:
        name = "" if isinstance(error, InputError) or args.file == "-" else f"{args.file}: "
        sys.stderr.write(f"slidecheck check: {name}{error}\n")
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # A reader such as `head` went away; that is not our error.
        sys.stderr.close()
        return EXIT_SOLVABLE
