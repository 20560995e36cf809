"""Photo import: Open Photo, Paste Photo and drops, the photo's dialog, and loading its board.

A photo file is read and decoded off the GUI thread (`gui.photo_read_runner`) before its dialog
opens; only the file's kind and size are looked at first, so a refusal is said at once. The
controller reports through its signals and never touches the window's widgets. The window
makes its actions (gui.actions) and builds it on the first photo; the reader, its thread
and the dialog load then too, not at start-up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QGuiApplication

from core.textio import quote_name

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtCore import QMimeData
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QWidget

    from gui.board_editor import BoardEditor
    from gui.board_model import BoardModel
    from gui.photo_dialog import PhotoDialog
    from gui.photo_read_runner import PhotoReadRunner, ReadOutcome

#: Files a drop hands to the photo reader rather than to the board file reader.
PHOTO_SUFFIXES = frozenset(
    {".jpg", ".jpeg", ".jpe", ".jfif", ".png", ".webp", ".bmp", ".gif", ".tif", ".tiff"}
)


def photo_filter() -> str:
    """The Open Photo dialog's filter: the kinds of file this install reads (no WebP in
    the bundle, which leaves its library out)."""
    from core.photo.image import readable_formats

    patterns = " ".join(
        f"*{suffix}" for suffixes in readable_formats().values() for suffix in suffixes
    )
    return f"Photos ({patterns});;All files (*)"


class PhotoImport(QObject):
    """Reads boards from photos for one window. `dialog_parent` parents the file and photo
    dialogs; `dialog_folder()` says where the file dialog starts."""

    #: A status line, said until the board next changes.
    message = Signal(str)
    #: A status line and the signal that ends it (None: until a newer line replaces it).
    lasting_message = Signal(str, object)
    #: A photo could not be read: a title ("Could not read 'x.jpg'") and the reason.
    failed = Signal(str, str)
    #: The board read was loaded, with unsure cells to check: a title and what to check.
    unsure_cells = Signal(str, str)
    #: The board read from a photo was loaded (the board view takes the focus back).
    board_read = Signal()
    #: A file that is not a photo was dropped or pasted: open it as a board file.
    board_file_dropped = Signal(str)

    def __init__(
        self,
        model: BoardModel,
        editor: BoardEditor,
        *,
        dialog_parent: QWidget,
        dialog_folder: Callable[[], str],
    ) -> None:
        super().__init__(dialog_parent)
        self._model = model
        self._editor = editor
        self._dialog_parent = dialog_parent
        self._dialog_folder = dialog_folder
        self._read_runner: PhotoReadRunner | None = None
        #: The name of the photo being read, for its dialog and its refusal.
        self._name = ""
        #: The open photo's reading, while its dialog is up.
        self.dialog: PhotoDialog | None = None

    @property
    def read_runner(self) -> PhotoReadRunner:
        """Reads and decodes a photo off the GUI thread before its dialog opens (made on
        the first photo)."""
        if self._read_runner is None:
            from gui.photo_read_runner import PhotoReadRunner

            self._read_runner = PhotoReadRunner(self)
            self._read_runner.finished.connect(self._show_photo)
        return self._read_runner

    def open_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self._dialog_parent, "Open Photo", self._dialog_folder(), photo_filter()
        )
        if path:
            self.open(path)

    def open(self, path: str) -> None:
        """Read the board in the photo file at `path` (its dialog opens once decoded)."""
        from gui.photo_read_runner import check_photo_file

        name = Path(path).name
        try:
            check_photo_file(path)
        except ValueError as error:
            self._refuse(name, str(error))
            return
        self._read(Path(path), name)

    def open_bytes(self, data: bytes, name: str = "") -> None:
        """Read the board in a photo's bytes (any bytes: what is not a photo is refused with
        `failed`, and the board stays as it was)."""
        self._read(data, name)

    def _read(self, source: Path | bytes, name: str) -> None:
        from gui.photo_read_runner import ReadRequest, photo_support_message

        missing = photo_support_message()
        if missing is not None:
            self._refuse(name, missing)
            return
        self._name = name
        self.lasting_message.emit("Reading the photo\u2026", None)
        self.read_runner.request(ReadRequest(source, decode_only=True))

    def paste(self) -> None:
        """Read the photo on the clipboard: an image, or an image file copied."""
        if not self.open_mime(QGuiApplication.clipboard().mimeData()):
            self._refuse("", "the clipboard holds no image")

    @staticmethod
    def may_open(mime: QMimeData) -> bool:
        """Whether a drag carries something `open_mime` takes: an image or local files."""
        return mime.hasImage() or any(url.isLocalFile() for url in mime.urls())

    def open_mime(self, mime: QMimeData | None) -> bool:
        """Open the photo in a drop's or the clipboard's data; False if there is none. A
        board file among them is handed on (`board_file_dropped`)."""
        if mime is None:
            return False
        files = [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]
        if files:
            path = files[0]
            if Path(path).suffix.lower() in PHOTO_SUFFIXES:
                self.open(path)
            else:
                self.board_file_dropped.emit(path)
            return True
        if mime.hasImage():
            from PySide6.QtGui import QImage, QPixmap

            image = mime.imageData()
            if isinstance(image, QPixmap):
                image = image.toImage()
            if isinstance(image, QImage) and not image.isNull():
                # Qt has decoded the image already; core takes bytes, so it gets a PNG.
                self.open_bytes(png_bytes(image), "pasted image")
                return True
        return False

    def _show_photo(self, outcome: ReadOutcome) -> None:
        if outcome.photo is None:
            self._refuse(self._name, outcome.error or "not an image")
            return
        from gui.photo_dialog import PhotoDialog

        if self.dialog is not None:
            self.dialog.reject()
        dialog = PhotoDialog(outcome.photo, self._name, self._dialog_parent)
        self.dialog = dialog
        dialog.accepted.connect(lambda: self._use_board(dialog))
        dialog.finished.connect(lambda _result: self._dialog_closed(dialog))
        self.lasting_message.emit("Check the reading, then Use This Board", dialog.finished)
        dialog.open()

    def _dialog_closed(self, dialog: PhotoDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def _use_board(self, dialog: PhotoDialog) -> None:
        draft = dialog.draft(self._model.goal)
        if draft is None:
            return
        self._editor.load_draft(draft, "Read board from photo")
        # Marked on the board until each is edited or typed over: the note below goes with
        # the next edit, the marks stay with the cells not yet looked at.
        self._model.set_cells_to_check(index for index, _number in dialog.unchecked_cells())
        typed = len(dialog.typed)
        said = f", {typed} corrected by hand" if typed else ""
        check = dialog.check_note()
        note = f"; {check}" if check else ""
        # After the load: the board's next change takes the line and the strip away.
        self.message.emit(f"Board read from the photo{said}{note}")
        if check:
            self.unsure_cells.emit(
                "Read from the photo: the reader was unsure of some cells",
                check[0].upper() + check[1:],
            )
        self.board_read.emit()

    def _refuse(self, name: str, reason: str) -> None:
        what = f"Could not read {quote_name(name)}" if name else "Could not read the photo"
        self.failed.emit(what, reason)

    def shutdown(self) -> None:
        """Stop the reads and wait for them. A decode cannot be interrupted, so this waits
        for one running (decoding is bounded); the dialog's own reader stops with it."""
        if self._read_runner is not None:
            self._read_runner.shutdown()
        if self.dialog is not None:
            self.dialog.reject()


def png_bytes(image: QImage) -> bytes:
    """`image` encoded as PNG (lossless, and a format core's decoder always reads)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide takes the format as str at run time; its stubs say bytes.
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    buffer.close()
    return bytes(data.data())
