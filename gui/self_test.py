"""`slidecheck --self-test`: prove that a build (or a checkout) can run the whole app.

It imports every module of the `gui` package, opens and renders the main window, checks known
boards through the core and the `check` command, and returns 0 when all of that worked.

Windowed Windows builds have no stdout (and often no stderr), so the result never depends on
printing: it is the exit status, and a log file written to $SLIDECHECK_SELF_TEST_LOG, else
beside the executable of a frozen build, else in the temporary directory.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import pkgutil
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from core import settings

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

LOG_ENV_VAR = "SLIDECHECK_SELF_TEST_LOG"
LOG_FILE_NAME = "slidecheck-self-test.log"

#: Boards whose verdicts are known by hand: the article board with 49 inversions and the blank
#: on row 2 from the bottom (49 + 2 is odd: solvable), and Sam Loyd's 14-15 swap (unsolvable).
SOLVABLE_BOARD = "12 1 10 2/7 11 4 14/5 0 9 15/8 13 6 3"
UNSOLVABLE_BOARD = "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"


class SelfTestError(Exception):
    """One check of the self-test did not hold."""


def default_log_path() -> Path:
    """$SLIDECHECK_SELF_TEST_LOG, else the default place. Raises `SetupError` when the
    variable names a folder."""
    configured = settings.file_path(LOG_ENV_VAR)
    if configured is not None:
        return configured
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve().parent / LOG_FILE_NAME
    return Path(tempfile.gettempdir()) / LOG_FILE_NAME


def gui_module_names() -> list[str]:
    """Every module under `gui`, found by walking the package (frozen or not)."""
    import gui

    return sorted(
        info.name
        for info in pkgutil.walk_packages(gui.__path__, prefix="gui.")
        if not info.name.endswith(".__main__")
    )


def check_imports() -> str:
    names = gui_module_names()
    for name in names:
        importlib.import_module(name)
    if "gui.main_window" not in names:
        raise SelfTestError(f"gui.main_window is missing; found {names}")
    return f"imported {len(names)} gui modules"


def check_known_boards() -> str:
    from core import check, parse_board

    for text, expected in ((SOLVABLE_BOARD, True), (UNSOLVABLE_BOARD, False)):
        verdict = check(parse_board(text))
        if verdict.solvable is not expected:
            raise SelfTestError(f"{text!r}: solvable={verdict.solvable}, expected {expected}")
    return "core verdicts agree with the known boards"


def check_command_line() -> str:
    """`slidecheck check` through its own entry function, as the bundle's launcher calls it."""
    from core.cli import main as check_main

    for text, expected_status, expected_word in (
        (SOLVABLE_BOARD, 0, "solvable"),
        (UNSOLVABLE_BOARD, 1, "unsolvable"),
    ):
        output = io.StringIO()
        status = check_main(["-"], stdin=io.StringIO(text), stdout=output)
        first_line = output.getvalue().partition("\n")[0].strip()
        if status != expected_status or first_line != expected_word:
            raise SelfTestError(
                f"check {text!r}: exit {status}, output {output.getvalue()!r}; "
                f"expected exit {expected_status} and {expected_word!r}"
            )
    return "`check` exits 0 on a solvable board and 1 on an unsolvable one"


def check_icon() -> str:
    """The bundle ships the icons next to the gui package; a checkout has them at the top."""
    from PySide6.QtGui import QIcon

    from gui.app import icon_path as application_icon_path

    icon_path = application_icon_path()
    if not icon_path.is_file():
        if getattr(sys, "frozen", False):
            raise SelfTestError(f"the bundle lacks its icon at {icon_path}")
        return f"no icon at {icon_path} (not a bundle or a checkout); skipped"
    if QIcon(str(icon_path)).pixmap(64, 64).isNull():
        raise SelfTestError(f"the icon at {icon_path} does not render")
    return "the application icon renders"


def check_application_identity() -> str:
    """The id the desktop file, metainfo and icon use must reach the window system."""
    from PySide6.QtGui import QGuiApplication

    from gui.app_info import APP_ID

    if QGuiApplication.desktopFileName() != APP_ID:
        raise SelfTestError(
            f"desktop file name {QGuiApplication.desktopFileName()!r}, not {APP_ID}"
        )
    if QGuiApplication.windowIcon().isNull():
        raise SelfTestError("the application has no window icon")
    return f"desktop file name and window icon set ({APP_ID})"


def check_enum_shortcut() -> str:
    """A bundle on Python 3.11 makes PySide6's enum classes by gui.fast_enums' shortcut from
    its first runtime hook, before PyInstaller's PySide6 hook imports QtCore."""
    from gui import fast_enums

    if not fast_enums.installed():
        if getattr(sys, "frozen", False) and sys.version_info[:2] == fast_enums.MIRRORED_PYTHON:
            raise SelfTestError("the bundle makes PySide6's enum classes the ordinary way")
        return "PySide6's enum classes are made the ordinary way"
    when = "before" if fast_enums.installed_before_qt else "after"
    return f"PySide6's enum classes are made by the shortcut, installed {when} QtCore's import"


def check_main_window() -> str:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gui.main_window import MainWindow

    # A throw-away settings file: the self-test must neither read nor change the user's.
    settings_dir = tempfile.TemporaryDirectory(prefix="slidecheck-self-test-")
    settings = QSettings(str(Path(settings_dir.name) / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings, restore=False)
    try:
        # The known unsolvable board, through the window's own file reading and verdict.
        board_file = Path(settings_dir.name) / "loyd.txt"
        board_file.write_text(UNSOLVABLE_BOARD.replace("/", "\n") + "\n", encoding="utf-8")
        if not window.files.open(str(board_file)):
            raise SelfTestError(f"the window could not open {board_file}")
        verdict = window.model.verdict
        if verdict is None or verdict.solvable:
            raise SelfTestError(f"the window's verdict on Loyd's 14-15 board is {verdict}")
        window.show()
        QApplication.processEvents()
        image = window.grab().toImage()
        if image.isNull() or image.width() < 100 or image.height() < 100:
            raise SelfTestError(f"the window rendered as a {image.width()}x{image.height()} image")
        step_x, step_y = max(1, image.width() // 40), max(1, image.height() // 40)
        colours = {
            image.pixel(x, y)
            for x in range(0, image.width(), step_x)
            for y in range(0, image.height(), step_y)
        }
        if len(colours) < 3:
            raise SelfTestError(f"the rendered window is blank ({len(colours)} colours)")
        return (
            f"the main window showed Loyd's board as unsolvable and rendered at "
            f"{image.width()}x{image.height()}"
        )
    finally:
        window.undo_stack.setClean()  # nothing to ask about on the way out
        window.close()
        window.deleteLater()
        QApplication.processEvents()
        settings.sync()
        del settings
        settings_dir.cleanup()


CHECKS: tuple[tuple[str, Callable[[], str]], ...] = (
    ("imports", check_imports),
    ("known boards", check_known_boards),
    ("command line", check_command_line),
    ("icon", check_icon),
    ("application identity", check_application_identity),
    ("enum classes", check_enum_shortcut),
    ("main window", check_main_window),
)


def write_new_file(folder: Path, name: str, text: str) -> Path:
    """Write `text` to `folder/name` without ever writing through what is already there.

    The temporary folder is shared: anyone may plant a link at a name we use, and writing
    to it would overwrite the link's target. So the text goes into a file created afresh
    under a unique name (mkstemp opens with O_CREAT|O_EXCL and, where it exists,
    O_NOFOLLOW), which is then renamed to `name`. A rename replaces a link itself, never
    its target; where it is refused (the name is a folder, or another user's file in a
    sticky folder) the log keeps its unique name. Returns where the text is.
    """
    descriptor, unique = tempfile.mkstemp(prefix=Path(name).stem + "-", suffix=".log", dir=folder)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
    try:
        os.replace(unique, folder / name)
    except OSError:
        return Path(unique)
    return folder / name


def _report(lines: list[str], log_path: Path) -> None:
    text = "\n".join(lines) + "\n"
    try:
        # Through a fresh file renamed into place wherever the log goes: its default place
        # is the shared temporary folder, and a link planted at its name, or a path given
        # that is a link, must never have its target overwritten.
        log_path.parent.mkdir(parents=True, exist_ok=True)
        write_new_file(log_path.parent, log_path.name, text)
    except OSError:
        with contextlib.suppress(OSError):  # nowhere to write: the exit status still tells
            write_new_file(Path(tempfile.gettempdir()), LOG_FILE_NAME, text)
    if sys.stderr is not None:  # None in windowed Windows builds
        sys.stderr.write(text)
        sys.stderr.flush()


def run(log_path: Path | None = None, *, notes: Sequence[str] = ()) -> int:
    """Run every check; 0 if all passed, 1 otherwise. Each result goes to the log and stderr,
    after the `notes` (how the run was set up, such as a fallback to the offscreen platform)."""
    from gui.app import create_application
    from gui.app_info import app_version

    # Set up as `slidecheck` itself would (names, desktop file id, icon); kept referenced to
    # the end because icons and pixmaps need the application object alive.
    # create_application() reuses an existing application object (a test's), naming it too.
    app = create_application([])
    frozen = getattr(sys, "frozen", False)
    lines: list[str] = []
    failed = False
    try:
        lines.append(
            f"slidecheck {app_version()} self-test (frozen={frozen}, {app.platformName()})"
        )
    except Exception as error:
        failed = True
        lines.append(f"FAIL version: {error!r}")
    lines.extend(f"note: {note}" for note in notes)
    for name, check in CHECKS:
        started = time.perf_counter()
        try:
            outcome = check()
        except Exception:
            failed = True
            lines.append(f"FAIL {name}:\n{traceback.format_exc().rstrip()}")
        else:
            lines.append(f"ok   {name} ({time.perf_counter() - started:.3f} s): {outcome}")
    lines.append("self-test FAILED" if failed else "self-test passed")
    _report(lines, log_path or default_log_path())
    return 1 if failed else 0
