"""A part of the window made the first time it is needed, not at start-up.

The window's first frame shows the board, the verdict and its reasons; a widget that starts
hidden (the solution player) is built when it is first shown, so start-up neither imports
nor builds it (bench/README.md, "Start-up on first use"). Whoever places or wires the part
asks `when_made`; whoever shows it asks `get`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from collections.abc import Callable

T = TypeVar("T")
W = TypeVar("W", bound=QWidget)


class OnDemand(Generic[T]):
    """One part, made by `make` on the first `get`."""

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._made: T | None = None
        self._listeners: list[Callable[[T], None]] = []

    @property
    def made(self) -> T | None:
        """The part, or None while it has not been needed."""
        return self._made

    def get(self) -> T:
        """The part, made now if it was not yet (and each `when_made` listener told)."""
        if self._made is None:
            self._made = self._make()
            for listener in self._listeners:
                listener(self._made)
        return self._made

    def when_made(self, listener: Callable[[T], None]) -> None:
        """Call `listener` with the part once it is made (at once if it is already)."""
        self._listeners.append(listener)
        if self._made is not None:
            listener(self._made)


def widget_on_demand(parent: QWidget, make: Callable[[QWidget], W]) -> OnDemand[W]:
    """A hidden child of `parent`, made by `make(parent)` when first needed, and put in the
    Tab order where it would stand had it been made now (after the last widget made)."""
    anchor = parent.previousInFocusChain()

    def made() -> W:
        widget = make(parent)
        widget.hide()
        follow_in_tab_order(widget, anchor)
        return widget

    return OnDemand(made)


def follow_in_tab_order(widget: QWidget, anchor: QWidget | None) -> None:
    """Move `widget` and the widgets inside it to just after `anchor` in the Tab order,
    keeping their own order: where they stood when such a part was made with the window,
    right after `anchor`. (Qt orders only widgets that take focus: those are moved, after
    the last such widget at or before `anchor`.)"""
    block = [widget]
    following = widget.nextInFocusChain()
    while following is not None and following is not widget and widget.isAncestorOf(following):
        block.append(following)
        following = following.nextInFocusChain()
    previous = anchor
    while previous is not None and not previous.isWindow() and not _takes_focus(previous):
        previous = previous.previousInFocusChain()
    if previous is None:
        return
    for current in block:
        if _takes_focus(current):
            QWidget.setTabOrder(previous, current)
            previous = current


def _takes_focus(widget: QWidget) -> bool:
    return widget.focusPolicy() != Qt.FocusPolicy.NoFocus
