"""The window's colours: the desktop's, or Slidecheck's own light or dark palette, chosen in
View > Appearance (or forced for a run with `--style`) and kept for the next start."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QApplication, QMenu

from gui.actions import make_action
from gui.session import APPEARANCE_KEY

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QPalette
    from PySide6.QtWidgets import QWidget

    from gui.session import Session


class Appearance(StrEnum):
    """The window's colours: the desktop's, or Slidecheck's own light or dark palette."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"


def forced_palette(style: str) -> QPalette | None:
    """A fixed light or dark palette (Fusion colours) so renders do not depend on the desktop."""
    from PySide6.QtGui import QColor, QPalette

    if style == "system":
        return None
    role = QPalette.ColorRole
    if style == "dark":
        colours = {
            role.Window: "#2b2b2e",
            role.WindowText: "#e8e8ea",
            role.Base: "#1e1e20",
            role.AlternateBase: "#2f2f33",
            role.Text: "#e8e8ea",
            role.Button: "#38383c",
            role.ButtonText: "#e8e8ea",
            role.Highlight: "#3d7fc4",
            role.HighlightedText: "#ffffff",
            role.ToolTipBase: "#38383c",
            role.ToolTipText: "#e8e8ea",
            role.PlaceholderText: "#9a9aa0",
            role.Link: "#7ab8ff",
            role.Mid: "#505055",
            role.Dark: "#18181a",
            role.Light: "#4a4a4f",
        }
    else:
        colours = {
            role.Window: "#efeff1",
            role.WindowText: "#1b1b1d",
            role.Base: "#ffffff",
            role.AlternateBase: "#f5f5f7",
            role.Text: "#1b1b1d",
            role.Button: "#e6e6e9",
            role.ButtonText: "#1b1b1d",
            role.Highlight: "#2f6fb3",
            role.HighlightedText: "#ffffff",
            role.ToolTipBase: "#ffffdc",
            role.ToolTipText: "#1b1b1d",
            role.PlaceholderText: "#707075",
            role.Link: "#1f5fa8",
            role.Mid: "#b8b8bd",
            role.Dark: "#8a8a90",
            role.Light: "#ffffff",
        }
    palette = QPalette()
    for colour_role, colour in colours.items():
        palette.setColor(colour_role, QColor(colour))
    return palette


class AppearanceController(QObject):
    """View > Appearance for one window: its actions, and the palette they choose for the
    whole application. `window` parents the actions and follows the application's colours."""

    def __init__(self, session: Session, *, window: QWidget) -> None:
        super().__init__(window)
        self._session = session
        self._window = window
        # What "system colours" goes back to after a forced light or dark palette. The
        # style's name is taken when a palette is first forced: asking for the style object
        # from Python builds QStyle's many Python enum classes, which the first frame does
        # not need.
        self._system_style: str | None = None
        self._system_palette = QApplication.palette()
        self.actions: dict[Appearance, QAction] = {}
        group = QActionGroup(self)
        for appearance, text in (
            (Appearance.SYSTEM, "&System Colours"),
            (Appearance.LIGHT, "&Light"),
            (Appearance.DARK, "&Dark"),
        ):
            action = make_action(window, text, f"appearance{appearance.title()}Action")
            action.setCheckable(True)
            action.setActionGroup(group)
            action.triggered.connect(lambda _=False, a=appearance: self.set_appearance(a))
            self.actions[appearance] = action
        self.actions[Appearance.SYSTEM].setChecked(True)
        # A key that only ever chose Dark could not take it back; it switches both ways.
        self.toggle_dark_action = make_action(
            window, "&Toggle Dark and Light", "toggleDarkAction", "Ctrl+Shift+D"
        )
        self.toggle_dark_action.triggered.connect(self.toggle_dark)
        #: View > Appearance.
        self.menu = QMenu("&Appearance", window)
        self.menu.addActions(list(self.actions.values()))
        self.menu.addSeparator()
        self.menu.addAction(self.toggle_dark_action)

    def set_appearance(self, appearance: Appearance, *, remember: bool = True) -> None:
        """Colour the application the desktop's way, or with Slidecheck's light or dark
        palette; `remember` keeps the choice for the next start."""
        from PySide6.QtGui import QPalette

        palette = forced_palette(appearance)
        if palette is None:
            if self._system_style is not None:
                QApplication.setStyle(self._system_style)
            QApplication.setPalette(self._system_palette)
        else:
            if self._system_style is None:
                self._system_style = QApplication.style().name()
            QApplication.setStyle("Fusion")
            QApplication.setPalette(palette)
        self._window.setPalette(QPalette())  # follow the application's colours from now on
        self.actions[appearance].setChecked(True)
        if remember:
            self._session.save_value(APPEARANCE_KEY, appearance.value)

    def toggle_dark(self) -> None:
        """Dark if the window is light now (the system's colours included), else light."""
        from gui.palette import is_dark

        dark = is_dark(QApplication.palette())
        self.set_appearance(Appearance.LIGHT if dark else Appearance.DARK)

    def restore(self) -> None:
        """The appearance the last session chose (a damaged value is dropped)."""
        appearance = self._session.choice(APPEARANCE_KEY, "appearance", frozenset(Appearance))
        if appearance is not None:
            self.set_appearance(Appearance(appearance), remember=False)
