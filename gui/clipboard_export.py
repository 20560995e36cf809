"""The clipboard and image export: copy and paste the board as text, copy the result as a
picture, and save it as PNG or SVG.

A paste with a photo on the clipboard goes to the photo import. The window makes the four
actions (gui.actions) and builds this controller on the first that is triggered; it reports
through its signals and never imports the window.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QGuiApplication

from core.textio import quote_name
from gui.status_line import one_line

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QWidget

    from gui.board_editor import BoardEditor
    from gui.board_model import BoardModel
    from gui.export import ResultPicture


class ClipboardExport(QObject):
    """Copy, paste and export for one window. The picture is drawn with `board_view`'s
    palette and font, with inversion badges when `show_badges()` says so; a photo pasted is
    handed to `paste_photo()`; `dialog_parent` parents the export dialog."""

    #: A status line, said until the board next changes.
    message = Signal(str)
    #: A paste was refused: a title and the reason, for the strip above the board (the
    #: editor has said it in the status line).
    paste_refused = Signal(str, str)

    def __init__(
        self,
        model: BoardModel,
        editor: BoardEditor,
        *,
        paste_photo: Callable[[], None],
        board_view: QWidget,
        show_badges: Callable[[], bool],
        dialog_folder: Callable[[str], str],
        dialog_parent: QWidget,
    ) -> None:
        super().__init__(dialog_parent)
        self._model = model
        self._editor = editor
        self._paste_photo = paste_photo
        self._board_view = board_view
        self._show_badges = show_badges
        self._dialog_folder = dialog_folder
        self._dialog_parent = dialog_parent
        editor.paste_refused.connect(self._refuse_paste)

    def copy_board(self) -> None:
        QGuiApplication.clipboard().setText(self._editor.copy_text())
        self.message.emit("Board copied as text")

    def paste_board(self) -> None:
        mime = QGuiApplication.clipboard().mimeData()
        if mime is not None and not mime.hasText() and (mime.hasImage() or mime.hasUrls()):
            # A copied photo (or a photo file copied in a file manager): read it.
            self._paste_photo()
            return
        if self._editor.paste_text(QGuiApplication.clipboard().text()):
            self.message.emit("Board pasted")

    def _refuse_paste(self, reason: str) -> None:
        # On one line as the status line says it: a token quoted from the text may be long.
        self.paste_refused.emit("Could not paste", one_line(reason))

    def export_image_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self._dialog_parent,
            "Export Image",
            self._dialog_folder("board.png"),
            "PNG (*.png);;SVG (*.svg)",
        )
        if path:
            self.export_image(path)

    def _result_picture(self) -> ResultPicture:
        from gui.export import ResultPicture

        return ResultPicture(
            self._model,
            self._board_view.palette(),
            self._board_view.font(),
            badges=self._show_badges(),
        )

    def export_image(self, path: str) -> bool:
        """The result (verdict, numbers, the whole board, the reasoning) as PNG at twice
        the resolution, or SVG, by the file name's ending."""
        ok = self._result_picture().save(path)
        name = quote_name(Path(path).name)
        self.message.emit(f"Exported {name}" if ok else f"Cannot write {name}")
        return ok

    def copy_result_image(self) -> None:
        QGuiApplication.clipboard().setImage(self._result_picture().image())
        self.message.emit("Result copied as an image")
