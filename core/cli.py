"""`slidecheck check`: the scriptable verdict. Never imports Qt.

Exit status: 0 solvable, 1 not solvable, 2 invalid input (one line on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from core.board import Board, BoardError
from core.fix import suggest_fix
from core.formats import MAX_TEXT_LENGTH, parse_board, parse_document
from core.rule import GOAL_NAMES, Goal, check, is_solvable

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


def _check_batch(text: str, args: argparse.Namespace, goal: Goal | None, out: TextIO) -> int:
    any_invalid = False
    results: list[str] = []
    default_goal: Goal = goal or "blank-last"
    for line in text.splitlines():
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
