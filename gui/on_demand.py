"""A part of the window made the first time it is needed, not at start-up.

The window's first frame shows the board, the verdict and its reasons; a widget that starts
hidden (the solution player, the strips over the board) is built when it is first shown, so
start-up neither imports nor builds it (bench/README.md, "Start-up on first use" and
"Start-up, fourth round"); the player is built sooner, by gui.warm_up once the shown window
waits for its first click. Whoever places or wires the part asks `when_made`; whoever shows
it asks `get`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, runtime_checkable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from collections.abc import Callable

T_co = TypeVar("T_co", covariant=True)
WidgetT_co = TypeVar("WidgetT_co", bound=QWidget, covariant=True)


@runtime_checkable
class KeepsTabStops(Protocol):
    """A part that lists its own widgets in their Tab order, where walking Qt's focus chain
    through them would meet widgets C++ made (a scroll area's scroll bars)."""

    def tab_stops(self) -> list[QWidget]: ...


class OnDemand(Generic[T_co]):
    """One part, made by `make` on the first `get`."""

    def __init__(self, make: Callable[[], T_co]) -> None:
        self._make = make
        self._made: T_co | None = None
        self._listeners: list[Callable[[T_co], object]] = []

    @property
    def made(self) -> T_co | None:
        """The part, or None while it has not been needed."""
        return self._made

    def get(self) -> T_co:
        """The part, made now if it was not yet (and each `when_made` listener told)."""
        if self._made is None:
            self._made = self._make()
            for listener in self._listeners:
                listener(self._made)
        return self._made

    def when_made(self, listener: Callable[[T_co], object]) -> None:
        """Call `listener` with the part once it is made (at once if it is already)."""
        self._listeners.append(listener)
        if self._made is not None:
            listener(self._made)


class WidgetOnDemand(OnDemand[WidgetT_co]):
    """A hidden child of `parent`, made by `make(parent)` when first needed, and put in the
    Tab order where it would stand had it been made at once: after `follows` (a widget that
    takes focus: the last one made before the part would have been) or, for one of a run of
    parts made on demand one after the other, after the nearest part before it (`after`, and
    so on back) that is made, whichever order they are made in.

    `follows` is given, and each part's last widget in the Tab order is kept as the part is
    placed, rather than found by walking the window's Tab order: that walk meets widgets C++
    made (a scroll area's scroll bars), and the first of those to reach Python has PySide6
    build the enum classes of every QWidget subclass it knows.
    """

    def __init__(
        self,
        parent: QWidget,
        make: Callable[[QWidget], WidgetT_co],
        follows: QWidget,
        after: WidgetOnDemand[QWidget] | None = None,
    ) -> None:
        self.after = after
        #: The part's last widget in the Tab order once it is made (None before, or when
        #: none of its widgets takes focus).
        self.last_in_tab_order: QWidget | None = None

        def made() -> WidgetT_co:
            widget = make(parent)
            widget.hide()
            self.last_in_tab_order = follow_in_tab_order(widget, self._last_made_before(follows))
            return widget

        super().__init__(made)

    def _last_made_before(self, follows: QWidget) -> QWidget:
        """The last widget in the Tab order of the nearest part before this one that is
        made; `follows` when none is."""
        part = self.after
        while part is not None:
            if part.last_in_tab_order is not None:
                return part.last_in_tab_order
            part = part.after
        return follows


def widget_on_demand(
    parent: QWidget,
    make: Callable[[QWidget], WidgetT_co],
    *,
    follows: QWidget,
    after: WidgetOnDemand[QWidget] | None = None,
) -> WidgetOnDemand[WidgetT_co]:
    """A hidden child of `parent` made when first needed (see `WidgetOnDemand`)."""
    return WidgetOnDemand(parent, make, follows, after)


def _focus_block(widget: QWidget) -> list[QWidget]:
    """`widget` and the widgets inside it, in their Tab order."""
    block = [widget]
    following = widget.nextInFocusChain()
    while following is not None and following is not widget and widget.isAncestorOf(following):
        block.append(following)
        following = following.nextInFocusChain()
    return block


def follow_in_tab_order(widget: QWidget, anchor: QWidget | None) -> QWidget | None:
    """Move `widget` and the widgets inside it to just after `anchor` in the Tab order,
    keeping their own order: where they stood when such a part was made with the window,
    right after `anchor`. (Qt orders only widgets that take focus: those are moved, after
    the last such widget at or before `anchor`.) Returns the last one moved, if any."""
    previous = _taking_focus_at_or_before(anchor)
    if previous is None:
        return None
    last = None
    stops = widget.tab_stops() if isinstance(widget, KeepsTabStops) else _focus_block(widget)
    for current in stops:
        if _takes_focus(current):
            QWidget.setTabOrder(previous, current)
            previous = last = current
    return last


def _taking_focus_at_or_before(widget: QWidget | None) -> QWidget | None:
    """`widget` or the nearest one before it in the Tab order that takes focus (or the
    window, at the start of the order)."""
    while widget is not None and not widget.isWindow() and not _takes_focus(widget):
        widget = widget.previousInFocusChain()
    return widget


def _takes_focus(widget: QWidget) -> bool:
    return widget.focusPolicy() != Qt.FocusPolicy.NoFocus
