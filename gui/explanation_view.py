"""Why the verdict is what it is: the rule for this width, the numbers, the conclusion.

The sentences are core's `Verdict.steps`; this view only lays them out, one paragraph a
step with the conclusion in bold, as selectable text a person can copy.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QTextBrowser, QWidget

if TYPE_CHECKING:
    from PySide6.QtCore import QUrl

    from gui.board_model import BoardModel

#: The explanation never shrinks below this many lines while it has more to show.
MINIMUM_LINES = 6
#: The link above a verdict's steps that asks for the guided walk.
WALKTHROUGH_LINK = "slidecheck:walkthrough"


#: Plain text made safe to show as rich text: `html.escape`'s table, without the html module,
#: whose import loads its table of named entities before the first frame.
_HTML_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}
)


def escape(text: str) -> str:
    """`text` with the characters rich text would read as markup escaped."""
    return text.translate(_HTML_ESCAPES)


class ExplanationView(QTextBrowser):
    """The verdict's steps as read-only rich text (objectName "explanationView")."""

    #: The link to walk through the board step by step was clicked.
    walkthrough_requested = Signal()

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._heights: dict[int, int] = {}  # widget width -> text height at that width
        self._reported_height = -1
        self.setObjectName("explanationView")
        self.setAccessibleName("Explanation")
        self.setOpenLinks(False)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        # Tab moves on to the next widget instead of being swallowed by the document.
        self.setTabChangesFocus(True)
        # As tall as its text, so the conclusion (the last line) shows without scrolling;
        # the window gives what is left to the list of pairs. It may shrink on a small
        # window, down to `MINIMUM_LINES`, and then scrolls.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        model.changed.connect(self._refresh)
        self.anchorClicked.connect(self._on_anchor)
        self._refresh()

    def _on_anchor(self, url: QUrl) -> None:
        if url.toString() == WALKTHROUGH_LINK:
            self.walkthrough_requested.emit()

    def _refresh(self) -> None:
        verdict = self._model.verdict
        if verdict is None:
            problems = self._model.problems
            paragraphs = [
                "<p>The explanation appears once the board is complete and valid.</p>",
                *(f"<p>{escape(_sentence(problem.message))}</p>" for problem in problems),
            ]
        else:
            *reasoning, conclusion = verdict.steps
            # First, not last: short of height the view keeps the conclusion in view.
            paragraphs = [
                f'<p><a href="{WALKTHROUGH_LINK}">Walk me through it, tile by tile\u2026</a></p>'
            ]
            paragraphs += [f"<p>{escape(step)}</p>" for step in reasoning]
            paragraphs.append(f"<p><b>{escape(conclusion)}</b></p>")
        # The link in the palette's own colour: rich text otherwise keeps the colour of
        # the palette it was first laid out with (dark blue on a dark background).
        link = self.palette().color(QPalette.ColorRole.Link).name()
        self.document().setDefaultStyleSheet(f"a {{ color: {link}; }}")
        self.setHtml("".join(paragraphs))
        self._heights.clear()
        self._update_geometry_if_changed()
        self._update_scroll_bar_policy()

    def _update_geometry_if_changed(self) -> None:
        # A new layout on every edit would make the window re-query every size hint; the
        # text's height at the current width usually stays the same.
        height = self._text_height()
        if height != self._reported_height:
            self._reported_height = height
            self.updateGeometry()

    def _text_height(self, width: int | None = None) -> int:
        """Height of the whole text, frame included, with the widget `width` wide
        (its current width by default). Remembered per width until the text changes."""
        width = self.width() if width is None else width
        if width not in self._heights:
            self._heights[width] = self._measure_text_height(width)
        return self._heights[width]

    def _measure_text_height(self, width: int) -> int:
        frame = 2 * self.frameWidth()
        text_width = width - frame
        # A copy: the widget lays out its own document for the width it has now.
        document = self.document().clone(self)
        document.setTextWidth(text_width)
        height = math.ceil(document.size().height())
        document.deleteLater()
        return height + frame

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._text_height(width)

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._text_height())

    def minimumSizeHint(self) -> QSize:
        lines = self.fontMetrics().lineSpacing() * MINIMUM_LINES
        height = min(self._text_height(), lines + 2 * self.frameWidth())
        return QSize(super().minimumSizeHint().width(), height)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._heights.clear()  # the text wraps differently
            self._update_geometry_if_changed()
        elif event.type() == QEvent.Type.PaletteChange:
            self._refresh()  # the link's colour
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._update_geometry_if_changed()  # narrower text wraps into more lines
        self._update_scroll_bar_policy()

    def _update_scroll_bar_policy(self) -> None:
        # Given the height its text needs, the view needs no scroll bar. Left "as needed",
        # a scroll bar shown for a moment during layout narrows the text, which then wraps
        # into more lines and keeps the scroll bar, hiding the conclusion.
        fits = self.height() >= self._text_height()
        policy = (
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff if fits else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )
        if self.verticalScrollBarPolicy() != policy:
            self.setVerticalScrollBarPolicy(policy)
        if not fits:
            # Short of height (a small screen), the conclusion is what must stay in view;
            # the steps before it are a scroll away.
            bar = self.verticalScrollBar()
            bar.setValue(bar.maximum())


def _sentence(message: str) -> str:
    """A problem message (lower-case fragment) as a sentence."""
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
