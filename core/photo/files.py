"""Reading a photo file's bytes: bounded, never blocking, refusals in one line.

Kept apart from the decoder (no numpy or Pillow here), so the window can read and refuse a
file before the reader's libraries load.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from core.photo.errors import PhotoError
from core.textio import InputError, TooLargeError, open_binary, read_binary_file

if TYPE_CHECKING:
    from pathlib import Path

#: Larger photo files are refused before a byte is read (phone photos are a few MB).
MAX_PHOTO_BYTES = 64 * 1024 * 1024

_MIB = 1024 * 1024


def too_large_message(size: int | None) -> str:
    """Why a photo of `size` bytes (None: more than the limit, size unknown) is refused."""
    limit = f"{MAX_PHOTO_BYTES // _MIB} MiB"
    if size is None:
        return f"the file is too large for a photo (more than the limit of {limit})"
    return f"the file is too large for a photo ({size / _MIB:.1f} MiB; the limit is {limit})"


def read_photo_file(path: str | Path, *, regular_only: bool) -> bytes:
    """The bytes of the photo file at `path`.

    `regular_only` (the window's way): anything but a regular file (a pipe, a device, a
    socket) is refused without waiting on it. Without it (the command line's way) pipes and
    devices are read too, up to the limit. Raises PhotoError with a one-line reason that does
    not repeat the file's name (the caller names it).
    """
    try:
        return read_binary_file(
            str(path), MAX_PHOTO_BYTES, regular_only=regular_only, what="photo", name=""
        )
    except TooLargeError as error:
        raise PhotoError(too_large_message(error.size)) from None
    except InputError as error:
        raise PhotoError(str(error)) from None


def check_photo_file(path: str | Path) -> None:
    """Refuse, without reading a byte, what `read_photo_file(path, regular_only=True)` would
    refuse by the file's kind or size: missing, a folder, not a regular file, too large.

    The window says so at once and leaves the read itself to a worker thread, so a large
    file never holds up the GUI; the read checks again (the file may change in between).
    Raises PhotoError with the same one-line reasons as `read_photo_file`.
    """
    try:
        with open_binary(str(path), regular_only=True, what="photo", name="") as handle:
            size = os.fstat(handle.fileno()).st_size
    except InputError as error:
        raise PhotoError(str(error)) from None
    if size > MAX_PHOTO_BYTES:
        raise PhotoError(too_large_message(size))
