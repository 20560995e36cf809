"""Reading board text from files and streams, safely: bounded memory, no hangs, one-line errors.

Every reader of user files (the `check` command and the window's open) comes through here,
so the rules live once: the size limit is applied before anything is read, the window never
blocks on something that is not a regular file, and the text may be UTF-8 (with or without
a byte-order mark) or UTF-16/UTF-32 with a byte-order mark, which is what Windows Notepad
saves.
"""

from __future__ import annotations

import codecs
import os
import stat
from typing import BinaryIO

#: Most bytes read from one input. A 2000x2000 board written as a grid takes about 32 MB.
MAX_INPUT_BYTES = 64 * 1024 * 1024

# Longest first: the UTF-32 little-endian mark begins with the UTF-16 one.
_BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

_NAME_LIMIT = 200


class InputError(ValueError):
    """Input that cannot be read as board text: missing, unreadable, not a regular file,
    too large, binary, or not in a text encoding we read. The message is one line that
    names the input."""


def quote_name(name: str) -> str:
    """`name` in double quotes on one line: control characters, line breaks and undecodable
    bytes are escaped, and a very long name is shortened, so a message stays one line."""
    pieces = []
    for char in name[:_NAME_LIMIT]:
        if char in {'"', "\\"}:
            pieces.append("\\" + char)
        elif char.isprintable():
            pieces.append(char)
        else:
            code = ord(char)
            pieces.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    more = "..." if len(name) > _NAME_LIMIT else ""
    return '"' + "".join(pieces) + more + '"'


def detect_encoding(head: bytes) -> tuple[str, int]:
    """The encoding the byte-order mark at the start of `head` names (UTF-8 when there is
    none), and the mark's length in bytes."""
    for mark, encoding in _BYTE_ORDER_MARKS:
        if head.startswith(mark):
            return encoding, len(mark)
    return "utf-8", 0


def decode_text(data: bytes, name: str) -> str:
    """`data` as text. `name` is the already quoted name used in the error.

    Raises `InputError` for binary data or bytes that are not text in the encoding found.
    """
    encoding, mark_length = detect_encoding(data[:4])
    if encoding == "utf-8" and b"\0" in data:
        raise InputError(f"{name}: binary data, not a board")
    try:
        text = data[mark_length:].decode(encoding)
    except UnicodeDecodeError as error:
        where = error.start + mark_length + 1
        described = "UTF-8" if encoding == "utf-8" else encoding.upper()
        raise InputError(f"{name}: not {described} text (byte {where:,})") from None
    if "\0" in text:
        raise InputError(f"{name}: binary data, not a board")
    return text


def read_stream(stream: BinaryIO | None, name: str = "standard input") -> str:
    """All of a binary stream, at most `MAX_INPUT_BYTES`, as text.

    `stream` None (standard input closed) is an `InputError`, like every other failure.
    """
    quoted = name
    if stream is None:
        raise InputError(f"{quoted}: closed, no board to read")
    try:
        data = _read_up_to(stream, MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise InputError(f"{quoted}: cannot read ({error.strerror or error})") from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"{quoted}: too large, the limit is {MAX_INPUT_BYTES:,} bytes")
    return decode_text(data, quoted)


def _read_up_to(stream: BinaryIO, limit: int) -> bytes:
    # An unbuffered read returns what one system call gave (a pipe hands over a piece at a
    # time), so read until the end or the limit.
    chunks = []
    remaining = limit
    while remaining > 0:
        chunk = stream.read(min(remaining, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def open_binary(path: str, *, regular_only: bool = True) -> BinaryIO:
    """Open `path` for reading bytes, with the checks of `read_text_file` except the size
    (a `--batch` stream may be longer than any one board). The caller closes it."""
    quoted = quote_name(path)
    flags = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    if regular_only:
        # Opening a FIFO with no writer would block; non-blocking, the open returns at once
        # and the check below refuses it. (Reads of regular files never block anyway.)
        flags |= getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise InputError(f"{quoted}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{quoted}: is a directory, not a board file") from None
    except OSError as error:
        raise InputError(f"{quoted}: cannot open ({error.strerror or error})") from None
    except ValueError:  # a NUL character in the name
        raise InputError(f"{quoted}: not a valid file name") from None
    info = os.fstat(descriptor)
    problem = None
    if stat.S_ISDIR(info.st_mode):
        problem = f"{quoted}: is a directory, not a board file"
    elif regular_only and not stat.S_ISREG(info.st_mode):
        problem = f"{quoted}: not a regular file ({_kind(info.st_mode)})"
    if problem is not None:
        os.close(descriptor)
        raise InputError(problem)
    return open(descriptor, "rb", closefd=True)


def read_text_file(path: str, *, regular_only: bool = True) -> str:
    """The text of the file at `path`, with the checks above.

    `regular_only` (the window's way): refuse anything that is not a regular file (a FIFO,
    a device such as /dev/zero, a socket, a folder) without blocking on it. Without it
    (the command line's way, so `check <(generate)` works) pipes and devices are read, still
    only up to the limit. A file larger than the limit is refused before any of it is read.
    """
    quoted = quote_name(path)
    with open_binary(path, regular_only=regular_only) as handle:
        info = os.fstat(handle.fileno())
        if stat.S_ISREG(info.st_mode) and info.st_size > MAX_INPUT_BYTES:
            raise InputError(
                f"{quoted}: too large ({info.st_size:,} bytes), the limit is "
                f"{MAX_INPUT_BYTES:,} bytes"
            )
        return read_stream(handle, quoted)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"
