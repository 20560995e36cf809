"""The verdict at a glance: 'Solvable' or 'Not solvable' with an icon on a tinted band.

Colour is never the only signal: the word and the icon (a check or a cross) say the same
thing. The hues are the board's (gui.palette: Okabe-Ito blue and orange); the band is
only a light tint over the window colour, so palette text stays readable in light and
dark themes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gui.palette import mix, verdict_colour

if TYPE_CHECKING:
    from gui.board_model import BoardModel

SOLVABLE_TEXT = "Solvable"
UNSOLVABLE_TEXT = "Not solvable"
INCOMPLETE_TEXT = "Incomplete board"
INVALID_TEXT = "Invalid board"
#: Problems that only mean "not finished yet"; anything else is a mistake on the board.
_UNFINISHED_KINDS = frozenset({"empty", "missing", "no-blank"})

_TINT = 0.2  # share of the verdict colour in the band's background


def verdict_words(model: BoardModel) -> tuple[str, str]:
    """The verdict in two lines: 'Not solvable' and '11 inversions, blank on row 2 from the
    bottom.'; for a board that is not valid yet, what is wrong with it."""
    verdict = model.verdict
    if verdict is None:
        problems = model.problems
        unfinished = all(problem.kind in _UNFINISHED_KINDS for problem in problems)
        first = problems[0].message if problems else "the board is not valid"
        more = len(problems) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
        return (
            INCOMPLETE_TEXT if unfinished else INVALID_TEXT,
            first[0].upper() + first[1:] + extra + ".",
        )
    inversions = verdict.inversions
    return (
        SOLVABLE_TEXT if verdict.solvable else UNSOLVABLE_TEXT,
        f"{inversions:,} inversion{'' if inversions == 1 else 's'}, "
        f"blank on row {verdict.blank_row_from_bottom} from the bottom.",
    )


def _glyph_ink(accent: QColor) -> QColor:
    """White or black, whichever contrasts more with `accent` (WCAG relative luminance)."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    luminance = (
        0.2126 * channel(accent.redF())
        + 0.7152 * channel(accent.greenF())
        + 0.0722 * channel(accent.blueF())
    )
    # Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05.
    return (
        QColor("white")
        if 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05
        else QColor("black")
    )


class VerdictBanner(QFrame):
    """Verdict word (objectName "verdictLabel"), icon and one line of detail."""

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self.setObjectName("verdictBanner")
        self._accent: QColor | None = None
        self._icon_key: tuple[object, ...] | None = None  # what the icon shows now

        self._icon = QLabel(self)
        self._icon.setObjectName("verdictIcon")
        self._label = QLabel(self)
        self._label.setObjectName("verdictLabel")
        font = QFont(self._label.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.5)
        self._label.setFont(font)
        # 'Incomplete board' in a small window's narrow side panel: two lines, not cut.
        self._label.setWordWrap(True)
        self._label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._detail = QLabel(self)
        self._detail.setObjectName("verdictDetail")
        self._detail.setWordWrap(True)
        self._detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        words = QVBoxLayout()
        words.setSpacing(2)
        words.addWidget(self._label)
        words.addWidget(self._detail)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(10)
        layout.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(words, 1)

        model.changed.connect(self._refresh)
        self._refresh()

    @property
    def verdict_text(self) -> str:
        return self._label.text()

    @property
    def detail_text(self) -> str:
        return self._detail.text()

    def _refresh(self) -> None:
        verdict = self._model.verdict
        self._accent = None if verdict is None else verdict_colour(verdict.solvable)
        headline, detail = verdict_words(self._model)
        self._label.setText(headline)
        self._detail.setText(detail)
        self.setAccessibleName(f"Verdict: {self._label.text()}")
        self.setAccessibleDescription(self._detail.text())
        self._refresh_icon()
        self.update()

    def _refresh_icon(self) -> None:
        self._icon.setAccessibleName(self._label.text())
        side = self._label.fontMetrics().height() + 4
        solvable = self._model.verdict is not None and self._model.verdict.solvable
        key = (
            None if self._accent is None else self._accent.rgba(),
            solvable,
            side,
            self.devicePixelRatioF(),
            self.palette().cacheKey(),
        )
        if key == self._icon_key:
            # Most edits keep the verdict: drawing the glyph again and handing the label a
            # new pixmap cost a relayout of the banner for an identical picture.
            return
        self._icon_key = key
        if self._accent is None:
            # Imported here: QStyle's Python enums take ~10 ms to build, and a start with a
            # valid board never needs them.
            from PySide6.QtWidgets import QStyle

            icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning, None, self)
            self._icon.setPixmap(icon.pixmap(QSize(side, side), self.devicePixelRatioF()))
        else:
            self._icon.setPixmap(
                _verdict_glyph(self._accent, solvable, side, self.devicePixelRatioF())
            )

    def changeEvent(self, event: QEvent) -> None:
        # Palette, font and screen (device pixel ratio) changes all redraw the glyph.
        if event.type() in (
            QEvent.Type.PaletteChange,
            QEvent.Type.FontChange,
            QEvent.Type.StyleChange,
            QEvent.Type.DevicePixelRatioChange,
        ):
            self._icon_key = None
            self._refresh_icon()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        window = self.palette().color(QPalette.ColorRole.Window)
        accent = self._accent or self.palette().color(QPalette.ColorRole.Mid)
        band = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        painter.setPen(QPen(accent, 2))
        painter.setBrush(mix(window, accent, _TINT))
        painter.drawRoundedRect(band, 6, 6)
        painter.end()


def _verdict_glyph(accent: QColor, solvable: bool, side: int, ratio: float) -> QPixmap:
    """A filled disc with a white check (solvable) or cross, sharp at any pixel ratio."""
    pixmap = QPixmap(round(side * ratio), round(side * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(accent)
    painter.drawEllipse(QRectF(0, 0, side, side))
    pen = QPen(_glyph_ink(accent), max(2.0, side / 9))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    path = QPainterPath()
    if solvable:
        path.moveTo(QPointF(side * 0.27, side * 0.52))
        path.lineTo(QPointF(side * 0.44, side * 0.69))
        path.lineTo(QPointF(side * 0.74, side * 0.33))
    else:
        path.moveTo(QPointF(side * 0.32, side * 0.32))
        path.lineTo(QPointF(side * 0.68, side * 0.68))
        path.moveTo(QPointF(side * 0.68, side * 0.32))
        path.lineTo(QPointF(side * 0.32, side * 0.68))
    painter.drawPath(path)
    painter.end()
    return pixmap
