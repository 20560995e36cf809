"""The bundled executable's entry point: the same `slidecheck` as the pip-installed one."""

from __future__ import annotations

import sys


def _attach_windows_console() -> None:
    """Give a windowed Windows build a console for `slidecheck check` run from a terminal.

    A windowed executable starts without stdout and stderr (they are None); when it was started
    from a console, attach to that console so the verdict and error lines are seen. Output that
    was redirected to a file or pipe already has valid handles and is left alone.
    """
    if sys.platform != "win32" or (sys.stdout is not None and sys.stderr is not None):
        return
    import ctypes

    attach_parent_process = -1
    if not ctypes.windll.kernel32.AttachConsole(attach_parent_process):
        return
    if sys.stdout is None:
        sys.stdout = open("CONOUT$", "w", encoding="utf-8")  # noqa: SIM115  (lives as long as the process)
    if sys.stderr is None:
        sys.stderr = open("CONOUT$", "w", encoding="utf-8")  # noqa: SIM115
    if sys.stdin is None:
        sys.stdin = open("CONIN$", encoding="utf-8")  # noqa: SIM115


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "check":
        _attach_windows_console()
    from gui.launcher import main

    sys.exit(main())
