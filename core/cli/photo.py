"""`slidecheck check --photo IMAGE`: read a board from a photo, print it and the verdict.

Exit status as `check`: 0 solvable, 1 not solvable, 2 when the photo cannot be read (one
line on standard error saying why, or what to install).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from core.board import Board, cell_name
from core.cli import common as cli
from core.formats import format_board
from core.photo import photo_support_missing
from core.photo.files import MAX_PHOTO_BYTES, too_large_message
from core.rule import Goal, GoalName, check
from core.textio import InputError, quote_name

if TYPE_CHECKING:
    import argparse

    from core.photo.image import Photo
    from core.photo.reader import PhotoReading

INSTALL_HINT = (
    "reading a photo needs numpy and Pillow, which are not installed: "
    "pip install 'slidecheck[photo]'"
)


_SIZE = re.compile(r"\s*([0-9]{1,2})\s*[xX×]\s*([0-9]{1,2})\s*")


def parse_size(text: str) -> tuple[int, int]:
    """(width, height) from "4x4", "3x5", "6 x 6". Raises InputError naming the problem."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise InputError(f"--size {text!r}: give the board's width and height as WxH, e.g. 4x4")
    return int(match[1]), int(match[2])


def read_standard_input() -> bytes:
    """A photo piped in (`-`, as for a board), up to the photo size limit: one byte over
    is read, to refuse a larger one without reading it all."""
    stream = sys.stdin
    if stream is None:
        raise InputError("standard input: closed, no photo to read")
    if stream.isatty():
        raise InputError("standard input is a terminal: pipe a photo in, or name its file")
    data = stream.buffer.read(MAX_PHOTO_BYTES + 1)
    if len(data) > MAX_PHOTO_BYTES:
        # Its size is unknown: only the limit and a byte were read.
        raise InputError(f"{quote_name('-')}: {too_large_message(None)}")
    return data


def check_photo(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    """Run the photo check `args` ask for; returns the exit status."""
    command = "slidecheck check"
    if args.batch:
        cli.say(f"{command}: --photo reads one photo; it does not take --batch")
        return cli.EXIT_INVALID
    if photo_support_missing():
        cli.say(f"{command}: {INSTALL_HINT}")
        return cli.EXIT_INVALID

    from core.photo.errors import PhotoError

    try:
        from core.photo.debug_image import save_debug_image
        from core.photo.image import load_photo
        from core.photo.reader import read_photo, unsure_below
    except ImportError as error:
        # Installed but unloadable (a damaged install, a library the system lacks): one
        # line that says so, as for any other input that cannot be read.
        first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
        cli.say(f"{command}: the photo reader cannot load numpy or Pillow: {first_line}")
        return cli.EXIT_INVALID

    def write_debug_image(photo: Photo, reading: PhotoReading | None) -> None:
        if args.debug_image is None:
            return
        try:
            save_debug_image(photo, reading, Path(args.debug_image))
        except (OSError, ValueError) as error:
            raise InputError(
                f"cannot write the debug image {quote_name(args.debug_image)}: {error}"
            ) from None

    def run(out: TextIO) -> int:
        goal: Goal = cli.resolve_goal(args.goal) or GoalName.BLANK_LAST
        size = None if args.size is None else parse_size(args.size)
        goal_size = (goal.width, goal.height) if isinstance(goal, Board) else None
        if size is not None and goal_size is not None and size != goal_size:
            # Checked before the photo is read: one line, not a reading and then a refusal.
            raise InputError(
                f"--size {size[0]}x{size[1]} but the goal {quote_name(args.goal)} is "
                f"{goal_size[0]}x{goal_size[1]}: give the same size, or leave --size out"
            )
        try:
            photo = load_photo(read_standard_input() if args.photo == "-" else args.photo)
        except PhotoError as error:
            raise InputError(f"{quote_name(args.photo)}: {error}") from None
        try:
            reading = read_photo(photo, size=size)
        except PhotoError as error:
            # The refusal's drawing shows where the reader looked: the report a person
            # sends about a photo it would not read.
            write_debug_image(photo, None)
            raise InputError(f"{quote_name(args.photo)}: {error}") from None
        write_debug_image(photo, reading)
        board = reading.board
        if goal_size is not None and (reading.width, reading.height) != goal_size:
            # Before anything is printed: a reading on standard output followed by exit 2
            # would look like an answer.
            raise InputError(
                f"{quote_name(args.photo)}: read a {reading.width}x{reading.height} board, but "
                f"the goal {quote_name(args.goal)} is {goal_size[0]}x{goal_size[1]} "
                f"(give --size {goal_size[0]}x{goal_size[1]} if the reading is wrong)"
            )
        if args.json:
            data = cli.verdict_dict(board, goal)
            data["photo"] = {
                "board": str(board),
                "width": reading.width,
                "height": reading.height,
                "tiles": list(board.tiles),
                # Named as the window's labels and every message name cells (DESIGN.md).
                "unsure": [
                    {"row_from_bottom": reading.height - row, "column": column + 1}
                    for row, column in reading.unsure
                ],
                # Unrounded: a cell is unsure exactly when its confidence is under
                # unsure_below, and rounding could show one just under it as equal.
                "confidence": list(reading.confidence),
                "unsure_below": unsure_below(),
                "corners": [[round(x, 1), round(y, 1)] for x, y in reading.corners.points()],
                "quarter_turns": reading.turns,
            }
            cli.write_out(out, json.dumps(data) + "\n")
            return cli.EXIT_SOLVABLE if data["solvable"] else cli.EXIT_UNSOLVABLE
        cli.write_out(out, f"read a {reading.width}x{reading.height} board:\n")
        cli.write_out(
            out, format_board(board) + ("" if format_board(board).endswith("\n") else "\n")
        )
        for row, column in reading.unsure:
            index = row * reading.width + column
            number = board.tiles[index]
            read = "the blank" if number == 0 else str(number)
            cli.write_out(
                out,
                f"unsure: {cell_name(index, reading.width, reading.height)} "
                f"(read as {read}): check it\n",
            )
        verdict = check(board, goal)
        cli.write_out(out, ("solvable" if verdict.solvable else "unsolvable") + "\n")
        if args.explain:
            for step in verdict.steps:
                cli.write_out(out, f"  {step}\n")
        cli.flush_out(out)
        return cli.EXIT_SOLVABLE if verdict.solvable else cli.EXIT_UNSOLVABLE

    return cli.run_guarded(command, args.photo, stdout if stdout is not None else sys.stdout, run)
