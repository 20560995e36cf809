"""A scroll area's viewport made in Python, so that the first frame costs PySide6 no sweep.

The first time a QWidget that C++ made reaches Python (`viewport()` of a scroll area's own
viewport), PySide6 looks for its most derived type among every QWidget subclass it knows and
builds each one's enum classes on the way: some 80 classes before the first frame, whose
painting needs the viewport (bench/README.md, "Start-up, fifth round"). A widget made in
Python is known to PySide6 as it is.
"""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QWidget


def give_own_viewport(area: QAbstractScrollArea) -> QWidget:
    """Replace `area`'s viewport with one made here, set up as Qt sets up its own (name,
    background role and fill, under the scroll bars in the stacking order), and return it."""
    viewport = QWidget(area)  # a child's first geometry, as Qt's own: a size it is laid out from
    viewport.setObjectName("qt_scrollarea_viewport")
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    area.setViewport(viewport)
    viewport.lower()  # Qt makes its own first, so it stacks under the scroll bars
    return viewport
