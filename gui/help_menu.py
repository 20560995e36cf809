"""The Help menu: the guided walk through the check, why the rule works, and About.

Each opens its own window over the board on screen; none changes the board. The window
makes the menu's actions (gui.actions) and builds this controller on the first that is
triggered. The walk is made on first use and kept, so it opens again where the user left it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QRect, QSize, Qt

from gui.app_info import APP_NAME, app_version

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from gui.board_model import BoardModel
    from gui.walkthrough_dialog import WalkthroughDialog
    from gui.why_dialog import WhyDialog


#: Between the board and a dialog placed beside it.
BESIDE_GAP = 12


def beside(board: QRect, size: QSize, screen: QRect) -> QPoint:
    """Where a window of `size` goes so it hides none of `board` (global coordinates): to
    its right, else its left, else below, else above, on `screen`; when none fits, the
    side with most room, kept on the screen."""
    gap = BESIDE_GAP
    places = (
        QPoint(board.right() + gap, board.top()),
        QPoint(board.left() - gap - size.width(), board.top()),
        QPoint(board.left(), board.bottom() + gap),
        QPoint(board.left(), board.top() - gap - size.height()),
    )
    for place in places:
        if screen.contains(QRect(place, size)):
            return place
    room_right = screen.right() - board.right()
    room_left = board.left() - screen.left()
    x = board.right() + gap if room_right >= room_left else board.left() - gap - size.width()
    x = max(screen.left(), min(x, screen.right() - size.width()))
    y = max(screen.top(), min(board.top(), screen.bottom() - size.height()))
    return QPoint(x, y)


class HelpMenu(QObject):
    """Help for one window's board; `dialog_parent` parents the dialogs."""

    def __init__(
        self, model: BoardModel, *, dialog_parent: QWidget, board: QWidget | None = None
    ) -> None:
        super().__init__(dialog_parent)
        self._model = model
        self._dialog_parent = dialog_parent
        #: The board on screen: the guided walk opens beside it, not over the tiles it
        #: talks about.
        self._board = board
        #: Made on first use (Help > Walk Me Through It).
        self.walkthrough_dialog: WalkthroughDialog | None = None

    def show_walkthrough(self) -> None:
        """Open the guided walk (not modal) or bring it to the front."""
        from gui.walkthrough_dialog import WalkthroughDialog

        if self.walkthrough_dialog is None:
            dialog = WalkthroughDialog(self._model, self._dialog_parent)
            self.walkthrough_dialog = dialog
            if self._board is not None and self._board.isVisible():
                dialog.adjustSize()
                board = QRect(self._board.mapToGlobal(QPoint(0, 0)), self._board.size())
                dialog.move(
                    beside(board, dialog.frameSize(), self._board.screen().availableGeometry())
                )
        elif self.walkthrough_dialog.isVisible():
            self.walkthrough_dialog.raise_()  # open behind the window: to the front
        self.walkthrough_dialog.show()
        self.walkthrough_dialog.activateWindow()

    def show_why(self) -> WhyDialog:
        """Show why the rule works, sliding the board on screen when it is a small valid
        one, else the articles' 4x4 board."""
        from gui.why_dialog import EXAMPLE_BOARD, WhyDialog

        board = self._model.board
        if (
            board is None
            or max(board.width, board.height) > 6
            or min(board.width, board.height) < 2
        ):
            board = EXAMPLE_BOARD
        dialog = WhyDialog(board, self._dialog_parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(
            self._dialog_parent,
            f"About {APP_NAME}",
            f"<h3>{APP_NAME} {app_version()}</h3>"
            "<p>Checks whether a sliding-tile puzzle can be solved, and shows why: "
            "the inversion pairs and the blank's row counted from the bottom.</p>"
            "<p>MIT licence.</p>",
        )
