"""Photo reading off the GUI thread: decoding and reading a photo of a puzzle with core.photo.

A read takes a large share of a second on a phone photo, and dragging a corner asks for one
read after another, so `PhotoReadRunner` runs one read at a time in a QThread and keeps only the
newest request waiting: the requests made while a read runs collapse into one, and a read
whose request has been replaced is never reported.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThread, Signal

if TYPE_CHECKING:
    from core.photo.geometry import Quad
    from core.photo.image import Photo


def photo_support_message() -> str | None:
    """Why photos cannot be read here (numpy or Pillow missing), or None when they can."""
    from core.photo import photo_support_missing

    missing = photo_support_missing()
    if not missing:
        return None
    names = ", ".join("Pillow" if name == "PIL" else name for name in missing)
    return f"reading photos needs {names}: install slidecheck[photo]"


def check_photo_file(path: str | Path) -> None:
    """Refuse a photo file by its kind or size without reading it (ValueError with a
    one-line reason); what passes is read by `run_request`, off the GUI thread."""
    from core.photo.files import check_photo_file as check_regular_photo_file

    check_regular_photo_file(path)


def read_photo_file(path: str | Path) -> bytes:
    """The bytes of a photo file. Raises ValueError with a one-line reason when it cannot
    be read: missing, a folder, too large, or not a regular file (a pipe or a device would
    block the window or fill its memory, so it is refused without being read)."""
    from core.photo.files import read_photo_file as read_regular_photo_file

    return read_regular_photo_file(path, regular_only=True)


@dataclass(frozen=True)
class ReadRequest:
    """What to read: the photo (a file or bytes still to decode, or decoded) and what the
    user set."""

    source: Path | bytes | Photo
    corners: Quad | None = None
    size: tuple[int, int] | None = None
    #: Counterclockwise quarter turns that bring the board in `corners` upright, when the
    #: user chose them (None: the numbers read decide).
    turns: int | None = None
    #: Decode only: the dialog shows the photo before the first reading arrives.
    decode_only: bool = False


@dataclass(frozen=True)
class ReadOutcome:
    """A finished request: the decoded photo (when decoding worked) and the reading, or the
    reason there is none."""

    request: ReadRequest
    photo: Photo | None
    reading: object | None  # core.photo.reader.PhotoReading
    error: str | None


def run_request(request: ReadRequest) -> ReadOutcome:
    """Decode and read as `request` says; every refusal becomes a message, never a raise.

    MemoryError is caught too: arbitrary bytes can claim an image too large to hold.
    """
    from core.photo.image import Photo, load_photo
    from core.photo.reader import read_photo

    photo: Photo | None = request.source if isinstance(request.source, Photo) else None
    try:
        if photo is None:
            source = request.source
            # A file is read here, on the worker thread: up to the size limit of bytes.
            data = read_photo_file(source) if isinstance(source, Path) else source
            assert isinstance(data, bytes)
            photo = load_photo(data)
        if request.decode_only:
            return ReadOutcome(request, photo, None, None)
        reading = read_photo(photo, corners=request.corners, size=request.size, turns=request.turns)
    except (ValueError, MemoryError) as error:
        return ReadOutcome(request, photo, None, str(error) or type(error).__name__)
    return ReadOutcome(request, photo, reading, None)


class _ReadThread(QThread):
    finished_reading = Signal(object)  # ReadOutcome

    def __init__(self, request: ReadRequest, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.request = request

    def run(self) -> None:
        try:
            outcome = run_request(self.request)
        except Exception as error:
            # A fault in the reader must still end the read: the dialog would otherwise
            # say "Reading" for ever. The user gets the fault's words, not a made-up board.
            outcome = ReadOutcome(
                self.request, None, None, f"the reader failed ({type(error).__name__}: {error})"
            )
        self.finished_reading.emit(outcome)


class PhotoReadRunner(QObject):
    """Runs `ReadRequest`s one at a time off the GUI thread; reports only the newest."""

    #: A ReadOutcome for the newest request made.
    finished = Signal(object)
    #: True while a request is running or waiting.
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: _ReadThread | None = None
        self._waiting: ReadRequest | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def request(self, request: ReadRequest) -> None:
        """Read `request` now, or as soon as the running read ends (replacing any waiting)."""
        if self._thread is not None:
            self._waiting = request
            return
        self._start(request)
        self.busy_changed.emit(True)

    def _start(self, request: ReadRequest) -> None:
        thread = _ReadThread(request, self)
        thread.finished_reading.connect(lambda outcome, t=thread: self._done(t, outcome))
        self._thread = thread
        thread.start()

    def _done(self, thread: _ReadThread, outcome: ReadOutcome) -> None:
        if thread is not self._thread:
            return
        thread.wait()
        thread.deleteLater()
        self._thread = None
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            # A newer request replaced this one: its answer is stale, but the decoded photo
            # saves the newer request from decoding the same source again (only the same:
            # a second photo opened while the first decodes is a different one).
            if waiting.source is outcome.request.source and outcome.photo is not None:
                waiting = replace(waiting, source=outcome.photo)
            self._start(waiting)
            return
        self.busy_changed.emit(False)
        self.finished.emit(outcome)

    def shutdown(self) -> None:
        """Forget any waiting request and wait for the running one (closing the dialog)."""
        self._waiting = None
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.wait()
            thread.deleteLater()
            self.busy_changed.emit(False)
