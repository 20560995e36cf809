"""Slidecheck's PySide6 window. Importing this package does not import Qt (the `check`
command line goes through `gui.launcher` and must stay Qt-free)."""

import sys

if sys.version_info < (3, 12):  # pragma: no cover - depends on the interpreter
    import ctypes

    # PySide6 6.12's wheels return None from void C++ methods without taking a reference,
    # which only works where None is immortal (Python 3.12+). On 3.11 every such call
    # (QPainter.setPen, QPainter.drawRect, ...) takes one reference away from None and a
    # few thousand paints abort the interpreter with "none_dealloc: deallocating None".
    # Signal.emit() does the same with the True it returns ("bool_dealloc" after a few
    # hundred emits, e.g. hovering tiles). Giving None and the two booleans a reference
    # count no session can use up makes them immortal here too.
    for _immortal in (None, True, False):
        ctypes.c_ssize_t.from_address(id(_immortal)).value += 1 << 40
    del _immortal
