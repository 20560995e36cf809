"""What every command shares: exit codes, the parser and board arguments, reading input
(files, standard input, batch lines), writing output, and the guard that turns every
failure into one line on standard error. Never imports Qt, nor any one command.

Exit status: 0 solvable, 1 not solvable, 2 invalid input (one line on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import codecs
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, NoReturn, TextIO

from core.board import Board, BoardError
from core.fix import unsolvable_fix
from core.formats import ParsedBoard, parse_board
from core.rule import (
    GOAL_NAMES,
    Goal,
    GoalName,
    check,
    goal_board,
)
from core.settings import SetupError, check_environment
from core.textio import (
    MAX_INPUT_BYTES,
    InputError,
    decode_text,
    detect_encoding,
    open_binary,
    quote_name,
    read_stream,
    read_text_file,
)

EXIT_SOLVABLE = 0
EXIT_UNSOLVABLE = 1
EXIT_INVALID = 2


class OutputError(Exception):
    """The result could not be written (standard output closed, a full disk)."""


class CommandParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2, like every other error of
    the commands (argparse's own is a usage block)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_INVALID, f"{self.prog}: {message} (see {self.prog} --help)\n")


def add_board_arguments(parser: argparse.ArgumentParser, result: str) -> None:
    """The input options every board command takes: FILE, --width, --goal, --json and
    --batch; `result` names what is printed ("verdict", "solution")."""
    parser.add_argument("file", nargs="?", default="-", help="board file, or - for stdin (default)")
    parser.add_argument("--width", type=int, help="width of a flat one-line board")
    parser.add_argument(
        "--goal",
        default=None,
        help="blank-last (default), blank-first, or a file holding the goal board",
    )
    parser.add_argument("--json", action="store_true", help=f"print the {result} as JSON")
    parser.add_argument(
        "--batch", action="store_true", help=f"one board per line; one {result} line per board"
    )


def read_text(path: str, stdin: IO[str] | None = None) -> str:
    """The whole input as text; raises `InputError` with a one-line reason.

    `path` "-" reads `stdin` (default: the process's standard input, which may be closed).
    """
    if path == "-":
        stream = stdin if stdin is not None else sys.stdin
        tell_the_typist(stream, "a board")
        if stream is not None and not hasattr(stream, "buffer"):
            text = stream.read(MAX_INPUT_BYTES + 1)  # a text stream handed in by a caller
            if len(text) > MAX_INPUT_BYTES:
                raise InputError(f"standard input: too large, the limit is {MAX_INPUT_BYTES:,}")
            return text
        return read_stream(stream.buffer if stream is not None else None)
    return read_text_file(path, regular_only=False)


def tell_the_typist(stream: IO[str] | None, what: str) -> None:
    """At a terminal, say on standard error what is read and how to end it: a command
    waiting in silence for standard input looks stuck."""
    try:
        at_a_terminal = stream is not None and stream.isatty()
    except (OSError, ValueError):  # closed, or a stream that cannot tell
        at_a_terminal = False
    if at_a_terminal:
        end = "Ctrl+Z then Enter" if sys.platform == "win32" else "Ctrl+D"
        say(f"reading {what} from standard input ({end} to end)")


def resolve_goal(option: str | None) -> Goal | None:
    """The goal `--goal` names: a goal name, a goal board read from a file, or None when
    the option is absent. Raises `InputError` saying it is the goal that is wrong."""
    if option is None:
        return None
    if option in GOAL_NAMES:
        return GoalName(option)
    try:
        return parse_board(read_text(option))
    except BoardError as error:
        raise InputError(f"goal {quote_name(option)}: {error}") from None
    except InputError as error:
        # The reason already names the file; say it is the goal, not the board.
        raise InputError(f"goal {error}") from None


def verdict_dict(board: Board, goal: Goal) -> dict[str, object]:
    """`check --json`'s object for a board: the verdict's keys and the one-swap fix (None
    when the board is solvable). The photo check adds its reading to it."""
    verdict = check(board, goal)
    data = verdict.to_dict()
    data["suggested_fix"] = None if verdict.solvable else unsolvable_fix(board, goal)
    return data


def goal_words(goal: Goal) -> str:
    """`goal` on one line: its name, or a goal board in slash notation."""
    if isinstance(goal, Board):
        rows = (goal.tiles[i : i + goal.width] for i in range(0, len(goal.tiles), goal.width))
        return "/".join(" ".join(map(str, row)) for row in rows)
    return str(goal)


def chosen_goal(option: str | None, goal: Goal | None, document: ParsedBoard) -> Goal:
    """The goal to check `document`'s board against: `--goal` (`option`, read as `goal`), or
    the goal a JSON board carries, or blank-last. Raises `InputError` when both are given
    and name different goal positions: either answer would be for a question not asked."""
    if goal is None or document.goal is None:
        return goal or document.goal or GoalName.BLANK_LAST
    board = document.board
    if goal_board(goal, board.width, board.height) != goal_board(
        document.goal, board.width, board.height
    ):
        raise InputError(
            f"--goal {quote_name(option or '')} ({goal_words(goal)}) and the board's own "
            f'"goal" ({goal_words(document.goal)}) differ: give one of them'
        )
    return goal


#: How much input is taken at a time; results are written after each piece.
_BATCH_CHUNK = 64 * 1024


def batch_lines(source: IO[bytes] | IO[str] | None) -> Iterator[list[str | InputError]]:
    """The lines of `source` (split on "\n" only), a list for each piece of input read.

    A line that is not text, or longer than one board's input may be, becomes an
    `InputError` in its place, so every input line still gets exactly one result.
    """
    if source is None:
        raise InputError("standard input: closed, no boards to read")
    chunks = _byte_chunks(source)
    first = next(chunks, b"")
    encoding, mark_length = detect_encoding(first[:4])
    if encoding != "utf-8":
        # UTF-16 or UTF-32 (a byte-order mark, as Windows Notepad writes): decode the
        # stream as it comes and split the text. Rare, so simplicity wins over speed.
        yield from _decoded_lines(encoding, first[mark_length:], chunks)
        return
    pending = b""
    # A line longer than the limit is dropped as it streams in, never held whole.
    oversized = False
    for chunk in _chain_first(first[mark_length:], chunks):
        pieces = chunk.split(b"\n")
        pieces[0] = pending + pieces[0]
        pending = pieces.pop()
        lines: list[str | InputError] = []
        if oversized and pieces:
            lines.append(_too_long())  # the end of a line dropped as it streamed in
            oversized = False
            del pieces[0]
        lines.extend(_decode_lines(pieces))
        if len(pending) > MAX_INPUT_BYTES:
            pending = b""
            oversized = True
        if lines:
            yield lines
    if pending or oversized:
        yield [_too_long() if oversized else _decode_line(pending)]


def _chain_first(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    if first:
        yield first
    yield from rest


def _too_long() -> InputError:
    return InputError(f"too large: the line is longer than {MAX_INPUT_BYTES:,} bytes")


def _decode_lines(pieces: list[bytes]) -> list[str | InputError]:
    """Complete lines as text: the whole piece of input at once when it is plain UTF-8
    (the usual case, and one decode instead of one per line), else line by line so that
    only a bad line is refused."""
    if pieces and max(map(len, pieces)) <= MAX_INPUT_BYTES:
        block = b"\n".join(pieces)
        if b"\0" not in block:
            try:
                return list(block.decode("utf-8").split("\n"))
            except UnicodeDecodeError:
                pass
    return [
        _too_long() if len(piece) > MAX_INPUT_BYTES else _decode_line(piece) for piece in pieces
    ]


def _decode_line(data: bytes) -> str | InputError:
    try:
        return decode_text(data, "line")
    except InputError as error:
        return error


def _byte_chunks(source: IO[bytes] | IO[str]) -> Iterator[bytes]:
    """Pieces of `source` as they arrive: `read1` returns what one read gives, so a pipe
    that delivers a line at a time is answered a line at a time."""
    buffer = getattr(source, "buffer", source)
    read = getattr(buffer, "read1", buffer.read)
    while True:
        try:
            chunk = read(_BATCH_CHUNK)
        except OSError as error:
            raise InputError(f"cannot read the input ({error.strerror or error})") from None
        if not chunk:
            return
        if isinstance(chunk, str):  # a text stream handed in by a caller (tests, the API)
            chunk = chunk.encode("utf-8", "surrogatepass")
        yield chunk


def _decoded_lines(
    encoding: str, first: bytes, chunks: Iterator[bytes]
) -> Iterator[list[str | InputError]]:
    decoder = codecs.getincrementaldecoder(encoding)("replace")
    pending = ""
    for chunk in _chain_first(first, chunks):
        pieces = (pending + decoder.decode(chunk)).split("\n")
        pending = pieces.pop()
        if len(pending) > MAX_INPUT_BYTES:
            raise InputError(f"too large: a line is longer than {MAX_INPUT_BYTES:,} characters")
        if pieces:
            yield [_checked_line(piece) for piece in pieces]
    pending += decoder.decode(b"", final=True)
    if pending:
        yield [_checked_line(pending)]


def _checked_line(line: str) -> str | InputError:
    if "\ufffd" in line or "\0" in line:
        return InputError("line: not text in the encoding its byte-order mark names")
    return line


def write_out(out: TextIO, text: str) -> None:
    """Write `text`; raises `OutputError` when it cannot be (a broken pipe is let through,
    for `run_guarded` to treat apart)."""
    try:
        out.write(text)
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as error:  # ValueError: the stream was closed
        raise OutputError(_reason(error)) from None


def flush_out(out: TextIO) -> None:
    try:
        out.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as error:
        raise OutputError(_reason(error)) from None


def _reason(error: Exception) -> str:
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)


def run_board_command(
    command: str,
    args: argparse.Namespace,
    *,
    stdin: IO[str] | None,
    stdout: TextIO | None,
    one_board: OneBoard,
    every_line: EveryLine,
) -> int:
    """Read what `args` (from `add_board_arguments`) name and answer it with `one_board`,
    or with `every_line` for --batch; every failure is one line and exit 2."""

    def run(out: TextIO) -> int:
        # Every variable, before any input is read: a bad one is the same one line whether
        # or not this board would have read it.
        check_environment()
        if args.goal == "-" and args.file == "-":
            # The goal would take all of standard input and leave the board none.
            raise InputError(
                "--goal - and the board both read standard input: give one of them as a file"
            )
        goal = resolve_goal(args.goal)
        if args.batch:
            with batch_source(args.file, stdin) as source:
                return every_line(source, args, goal, out)
        status = one_board(read_text(args.file, stdin), args, goal, out)
        flush_out(out)
        return status

    return run_guarded(command, args.file, stdout, run)


@contextmanager
def batch_source(path: str, stdin: IO[str] | None) -> Iterator[IO[bytes] | IO[str] | None]:
    """What `--batch` reads: `stdin` (default: the process's, which may be closed) for "-",
    else the file, opened to be read as it comes. Raises `InputError`."""
    if path == "-":
        stream = stdin if stdin is not None else sys.stdin
        tell_the_typist(stream, "one board a line")
        yield stream
        return
    with open_binary(path, regular_only=False) as handle:
        yield handle


def run_guarded(
    command: str, path: str, stdout: TextIO | None, run: Callable[[TextIO], int]
) -> int:
    """`run(out)`'s exit status, every failure turned into one line on standard error
    (prefixed by `command`, and by `path` where the input is at fault) and exit 2."""
    out = stdout if stdout is not None else sys.stdout
    try:
        if out is None:
            raise OutputError("standard output is closed")
        return run(out)
    except (InputError, BoardError) as error:
        named = isinstance(error, InputError) or path == "-"
        name = "" if named else f"{quote_name(path)}: "
        say(f"{command}: {name}{error}")
        return EXIT_INVALID
    except OutputError as error:
        say(f"{command}: cannot write the result: {error}")
        return EXIT_INVALID
    except SetupError as error:
        say(f"{command}: {error}")
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # A reader such as `head` went away; that is not our error. Point standard output
        # at nothing so the interpreter's flush at exit does not complain.
        _silence_stdout()
        return EXIT_SOLVABLE


def say(line: str) -> None:
    """One line on standard error, if there is one."""
    if sys.stderr is None:
        return
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


#: Answers one board's text (`args`, the goal `--goal` named, the output) with an exit status.
OneBoard = Callable[[str, argparse.Namespace, Goal | None, TextIO], int]
#: Answers every line of a batch source likewise.
EveryLine = Callable[[IO[bytes] | IO[str] | None, argparse.Namespace, Goal | None, TextIO], int]
