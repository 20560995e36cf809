"""Reading board text from files and streams, safely: bounded memory, no hangs, one-line errors.

Every reader of user files (the `check` command and the window's open) comes through here,
so the rules live once: the size limit is applied before anything is read, the window never
blocks on something that is not a regular file, and the text may be UTF-8 (with or without
a byte-order mark) or UTF-16/UTF-32 with a byte-order mark, which is what Windows Notepad
saves.
"""

from __future__ import annotations

import codecs
import io
import os
import stat
import time
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

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

#: Seconds a named pipe with no writer is given for one to open it, so the command line
#: neither hangs on a pipe nobody writes to nor refuses one whose writer starts a moment
#: after it.
PIPE_WRITER_WAIT = 5.0
_PIPE_POLL_SECONDS = 0.02


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
    buffered = isinstance(stream, io.BufferedIOBase)
    while remaining > 0:
        wanted = min(remaining, 1 << 20)
        chunk = stream.read(wanted)
        if not chunk:
            break
        chunks.append(chunk)
        remaining -= len(chunk)
        # A buffered read already read on to the end or to `wanted`: short means the end.
        # Reading again would wait at a terminal for a second Ctrl+D.
        if buffered and len(chunk) < wanted:
            break
    return b"".join(chunks)


def open_binary(
    path: str, *, regular_only: bool = True, what: str = "board file", name: str | None = None
) -> BinaryIO:
    """Open `path` for reading bytes, with the checks of `read_text_file` except the size
    (a `--batch` stream may be longer than any one board). The caller closes it.

    `what` names the kind of file expected ("is a directory, not a board file"). Messages
    start with `name` (default: the quoted path; "" for none).

    The open never blocks. A pipe (when not `regular_only`) is read once something writes
    to it: process substitution, `cat file |`, a writer waiting in its own open. A named
    pipe nobody opens for writing within `PIPE_WRITER_WAIT` seconds is refused, where a
    plain open would wait for ever with no sign of why.
    """
    prefix = quote_name(path) if name is None else name

    def refusal(reason: str) -> InputError:
        return InputError(f"{prefix}: {reason}" if prefix else reason)

    # Non-blocking for the open only: opening a FIFO with no writer would block.
    flags = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise refusal("no such file") from None
    except IsADirectoryError:
        raise refusal(f"is a directory, not a {what}") from None
    except OSError as error:
        raise refusal(f"cannot open ({error.strerror or error})") from None
    except ValueError:  # a NUL character in the name
        raise refusal("not a valid file name") from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise refusal(f"is a directory, not a {what}")
        if regular_only and not stat.S_ISREG(info.st_mode):
            raise refusal(f"not a regular file ({_kind(info.st_mode)})")
        first = _first_bytes_of_pipe(descriptor) if stat.S_ISFIFO(info.st_mode) else b""
        if first is None:
            raise refusal(f"a pipe that nothing wrote to within {PIPE_WRITER_WAIT:g} seconds")
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
    except BaseException:
        os.close(descriptor)
        raise
    if not first:
        return open(descriptor, "rb", closefd=True)
    return io.BufferedReader(_Prefixed(first, io.FileIO(descriptor, "rb", closefd=True)))


def _first_bytes_of_pipe(descriptor: int) -> bytes | None:
    """What a pipe opened non-blocking holds: b"" while its writer has yet to write, the
    first bytes once it has, None when no writer came within `PIPE_WRITER_WAIT` seconds.

    With no writer a read is at its end at once; a writer's arrival wakes nothing a reader
    can wait on, so the wait is a poll. It lets `slidecheck check pipe & producer > pipe`
    work whichever process opens first, and still ends with a reason when nothing comes.
    """
    deadline = time.monotonic() + PIPE_WRITER_WAIT
    while True:
        try:
            first = os.read(descriptor, 1 << 16)
        except BlockingIOError:
            return b""  # a writer holds it open and has not written yet
        except OSError as error:
            raise InputError(f"cannot read ({error.strerror or error})") from None
        if first:
            return first
        if time.monotonic() >= deadline:
            return None
        time.sleep(_PIPE_POLL_SECONDS)


class _Prefixed(io.RawIOBase):
    """A raw stream that yields `first` and then what `rest` yields (the bytes read from a
    pipe to learn whether it has a writer, put back in front)."""

    def __init__(self, first: bytes, rest: io.RawIOBase) -> None:
        super().__init__()
        self._first = memoryview(first)
        self._rest = rest

    def readable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._rest.fileno()

    def readinto(self, buffer: WriteableBuffer) -> int | None:
        target = memoryview(buffer).cast("B")
        if self._first:
            count = min(len(target), len(self._first))
            target[:count] = self._first[:count]
            self._first = self._first[count:]
            return count
        return self._rest.readinto(target)

    def close(self) -> None:
        if not self.closed:
            self._rest.close()
        super().close()


def read_binary_file(
    path: str, limit: int, *, regular_only: bool, what: str, name: str | None = None
) -> bytes:
    """All the bytes of the file at `path`, checked as `open_binary` checks it, at most
    `limit` of them. Raises `InputError`; a regular file over the limit is refused by its
    size before a byte is read, anything else (a pipe, a device) once `limit` + 1 bytes
    have come, so memory stays bounded by the limit."""
    prefix = quote_name(path) if name is None else name
    with open_binary(path, regular_only=regular_only, what=what, name=name) as handle:
        info = os.fstat(handle.fileno())
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise TooLargeError(prefix, info.st_size, limit)
        chunks: list[bytes] = []
        total = 0
        try:
            while chunk := handle.read(1 << 20):
                total += len(chunk)
                if total > limit:
                    # Refused before the pieces are joined: a device costs the limit, not twice.
                    raise TooLargeError(prefix, None, limit)
                chunks.append(chunk)
        except OSError as error:
            reason = f"cannot read ({error.strerror or error})"
            raise InputError(f"{prefix}: {reason}" if prefix else reason) from None
    return b"".join(chunks)


class TooLargeError(InputError):
    """A file over a reader's limit: `size` in bytes (None when only more than the limit is
    known, as for a pipe), and the `limit`."""

    def __init__(self, name: str, size: int | None, limit: int) -> None:
        self.size = size
        self.limit = limit
        told = f"{size:,} bytes" if size is not None else f"more than {limit:,} bytes"
        reason = f"too large ({told}), the limit is {limit:,} bytes"
        super().__init__(f"{name}: {reason}" if name else reason)


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
