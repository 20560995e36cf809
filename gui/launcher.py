"""The `slidecheck` executable: `check` and `solve` go to the Qt-free core; anything else opens
the window."""

from __future__ import annotations

import gc
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    from core.settings import SetupError, check_environment

    try:
        check_environment()
    except SetupError as error:
        # Before any work, for every command and the window alike: one line, never a
        # traceback from deep inside a search.
        print(f"slidecheck: {error}", file=sys.stderr)
        return 2
    if args and args[0] == "check":
        from core.cli import main as check_main

        return check_main(args[1:])
    if args and args[0] == "solve":
        from core.cli.solve import main as solve_main

        return solve_main(args[1:])
    # The window's start-up makes a great many objects and frees few, so the cyclic garbage
    # collector's passes over them would find next to nothing: it is paused until the window
    # is shown (gui.app.main turns it back on; bench/README.md, "Start-up, fourth round").
    gc.disable()
    # PySide6 makes a Python enum class for every C++ enum of a Qt class it first touches,
    # some 215 of them before the first frame: on Python 3.11 they are made by a shortcut
    # (gui.fast_enums; bench/README.md, "Start-up, ninth round").
    from gui.fast_enums import install as make_enums_quickly

    make_enums_quickly()
    try:
        from gui.app import main as window_main  # imports Qt; only now

        return window_main(args)
    finally:
        gc.enable()  # whichever way the window's start-up ended


if __name__ == "__main__":
    sys.exit(main())
