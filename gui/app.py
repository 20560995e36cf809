"""Application start-up: `slidecheck [FILE]`, `--board FILE --screenshot OUT.png`,
`--self-test`, and `--style light|dark` to force a palette."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from core.settings import SetupError
from gui.app_info import APP_ID, APP_NAME, ORGANIZATION, app_version

if TYPE_CHECKING:
    from collections.abc import Sequence

    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication, QWidget

#: Window size of `--screenshot` renders: wide enough for the side panels, README friendly.
SCREENSHOT_SIZE = (1180, 760)
#: Set to 1, the window quits once its first frame is painted and prints that moment,
#: `time.perf_counter()` (a clock every process on the machine shares), on stdout: how
#: packaging/measure.py times the bundle's start against a hello-world window's.
FIRST_FRAME_VARIABLE = "SLIDECHECK_QUIT_AFTER_FIRST_FRAME"


COMMANDS_HELP = """\
commands (each has its own --help):
  slidecheck check [FILE|-]          whether a board can be solved, and why
  slidecheck check --batch [FILE|-]  one verdict per line of boards
  slidecheck check --photo IMAGE     read the board in a photo, then check it
  slidecheck solve [FILE|-]          the moves that take a board to its goal
"""


#: What no arguments at all mean: `argument_parser().parse_args([])`, written out (a test
#: checks the two agree) so a plain start need not build the parser (about 3 ms, most of it
#: argparse's gettext loading `locale`, which nothing else before the first frame needs).
NO_ARGUMENTS: dict[str, object] = {
    "file": None,
    "board": None,
    "screenshot": None,
    "style": "system",
    "mode": "edit",
    "highlight_tile": None,
    "self_test": False,
    "version": None,
}


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    if not argv:
        return argparse.Namespace(**NO_ARGUMENTS)
    return argument_parser().parse_args(list(argv))


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="slidecheck",
        description="Open the Slidecheck window, or run one of its commands.",
        # The commands are not this parser's (the launcher hands them to core before Qt
        # loads), so they are listed here, where `slidecheck --help` shows them.
        epilog=COMMANDS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", nargs="?", help="a board file to open")
    parser.add_argument("--board", metavar="FILE", help="the board to show (with --screenshot)")
    parser.add_argument(
        "--screenshot",
        metavar="OUT.png",
        help="render the annotated window to an image and exit (runs headless)",
    )
    parser.add_argument(
        "--style", choices=("light", "dark", "system"), default="system", help="force a palette"
    )
    parser.add_argument(
        "--mode", choices=("edit", "place", "play"), default="edit", help=argparse.SUPPRESS
    )
    parser.add_argument(
        "--highlight-tile", type=int, metavar="TILE", help="highlight a tile in the screenshot"
    )
    parser.add_argument("--self-test", action="store_true", help="check this build and exit")
    parser.add_argument(
        "--version", action=_VersionAction, nargs=0, help="show the version and exit"
    )
    return parser


class _VersionAction(argparse.Action):
    """--version, with the version looked up only when asked for: in a checkout that means
    reading pyproject.toml, in an installed wheel its metadata, either of which cost every
    start 10 to 40 ms (a bundle embeds it)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        from core.speedups import describe

        # To stdout, as argparse's own version action; which twin runs the hot loops too.
        print(f"{APP_NAME} {app_version()} ({describe()})")
        parser.exit()


def missing_display() -> str | None:
    """Why no window can open here, or None when one can (as far as the environment tells).

    On X11 and Wayland systems Qt finds the display server through DISPLAY or
    WAYLAND_DISPLAY; with neither set and no platform chosen, its default (xcb) cannot
    connect and aborts the whole process (exit 134) before any of our code can report.
    A platform chosen in QT_QPA_PLATFORM is the caller's decision and is left to Qt.
    """
    if os.environ.get("QT_QPA_PLATFORM") or sys.platform in ("win32", "darwin"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return "neither DISPLAY nor WAYLAND_DISPLAY is set"


def use_offscreen_without_display() -> str | None:
    """Run offscreen when there is no display to run on; returns a note saying so, or None."""
    reason = missing_display()
    if reason is None:
        return None
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    return f"no display ({reason}): running on the offscreen platform"


def icon_path() -> Path:
    """The SVG icon: beside the gui package in a bundle, at the top of a checkout."""
    return Path(__file__).resolve().parent.parent / "resources" / "icons" / f"{APP_ID}.svg"


def application_icon() -> QIcon:
    from PySide6.QtGui import QIcon

    path = icon_path()
    return QIcon(str(path)) if path.is_file() else QIcon()


def set_application_icon() -> None:
    """Give the application (and so every window) its icon.

    The window's start-up does this once the first frame is painted: the icon is the
    window manager's to draw, not part of the frame, and the first use of Python's QIcon
    has PySide6 build its enum classes (the theme icons' list alone has some 150 names) and
    Qt load its SVG support (bench/README.md, "Start-up, eighth round")."""
    from PySide6.QtWidgets import QApplication

    QApplication.setWindowIcon(application_icon())


def stop_pyside_feature_scan() -> None:
    """Give Python its own `__import__` back from PySide6's.

    PySide6 replaces `__import__` with one that serves `from __feature__ import snake_case`
    (PySide's opt-in snake_case and true_property API) and, for that, reads the source of
    every module imported after Qt to see whether it names PySide6: the window's modules at
    start-up, numpy's on the first photo. Slidecheck uses no such feature, and a module
    never looked at is treated as one found not to use it. Does nothing if PySide6 has not
    put its import in place (another version).
    """
    import builtins

    feature_import = getattr(builtins, "__feature_import__", None)
    original = getattr(builtins, "__orig_import__", None)
    if (
        original is not None
        and feature_import is not None
        and builtins.__import__ is feature_import
    ):
        builtins.__import__ = original


def create_application(
    argv: Sequence[str], style: str = "system", *, with_icon: bool = True
) -> QApplication:
    """The application, named and styled; with its window icon unless `with_icon` is False
    (the window's start-up sets it after the first frame: `set_application_icon`)."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    stop_pyside_feature_scan()  # before the window's modules are imported
    from gui.appearance import forced_palette

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *argv])
    app.setApplicationName(APP_NAME)
    # No setApplicationVersion: nothing reads it, and finding the version costs a start
    # 10 to 40 ms outside a bundle. About and --version ask app_version() themselves.
    app.setOrganizationName(ORGANIZATION)
    app.setOrganizationDomain("slidecheck.github.io")
    QGuiApplication.setDesktopFileName(APP_ID)
    if with_icon:
        set_application_icon()
    palette = forced_palette(style)
    if palette is not None:
        app.setStyle("Fusion")
        app.setPalette(palette)
    return app


def quit_after_first_frame(window: QWidget) -> None:
    """Print the moment `window` has painted its first frame, and quit (see
    `FIRST_FRAME_VARIABLE` and `gui.first_frame`)."""
    from gui.first_frame import quit_after_first_paint

    quit_after_first_paint(window)


def settle_layout(passes: int = 5) -> None:
    """Let layout run to rest: text that wraps to a new width asks for another pass, and a
    render taken after only one shows a panel sized for the width it had before."""
    from PySide6.QtWidgets import QApplication

    for _ in range(passes):
        QApplication.processEvents()


def render_screenshot(board_file: str | None, output: str, arguments: argparse.Namespace) -> int:
    """Open the window offscreen with `board_file`, grab it to `output`, and exit."""
    import tempfile

    from PySide6.QtCore import QSettings

    # A render depends only on its arguments and leaves nothing of the user's changed: the
    # window reads and writes its settings (size, last board, recent files) in a file of
    # its own, in a folder that is removed afterwards. (PySide6 has no in-memory QSettings.)
    with tempfile.TemporaryDirectory(prefix="slidecheck-render-") as settings_dir:
        settings = QSettings(str(Path(settings_dir) / "settings.ini"), QSettings.Format.IniFormat)
        try:
            return _render_window(settings, board_file, output, arguments)
        finally:
            settings.sync()  # written now, so nothing is left to write once the folder is gone


def _render_window(
    settings: QSettings, board_file: str | None, output: str, arguments: argparse.Namespace
) -> int:
    from PySide6.QtWidgets import QApplication

    from gui.main_window import MainWindow
    from gui.mode_controller import Mode
    from gui.status_line import one_line

    window = MainWindow(settings, restore=False)
    try:
        window.resize(*SCREENSHOT_SIZE)
        # The refusal as the files controller says it (on one line, as the status bar
        # would show it), rather than read back from the status bar.
        said: list[str] = []
        window.files.message.connect(said.append)
        if board_file and not window.files.open(board_file):
            reason = one_line(said[-1]) if said else f"cannot open {board_file}"
            print(f"slidecheck: {reason}", file=sys.stderr)
            return 2
        window.mode_menu.set_mode(Mode(arguments.mode))
        window.show()
        settle_layout()
        if arguments.highlight_tile is not None:
            window.model.set_highlighted_tile(arguments.highlight_tile)
        settle_layout()
        image = window.grab()
    finally:
        window.undo_stack.setClean()  # nothing to ask about on the way out
        window.close()
        window.deleteLater()
        QApplication.processEvents()
    if not image.save(output):
        print(f"slidecheck: cannot write {output}", file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str]) -> int:
    arguments = parse_arguments(argv)
    if arguments.self_test or arguments.screenshot:
        gc.enable()  # paused by the launcher for the window's start-up only
    if arguments.self_test:
        from gui import self_test

        # The self-test checks the platform plugin the user will get; with no display to
        # open windows on (a server, a build machine) it still runs and reports, offscreen.
        note = use_offscreen_without_display()
        try:
            log_path = self_test.default_log_path()
        except SetupError as error:
            print(f"slidecheck: {error}", file=sys.stderr)
            return 2
        return int(self_test.run(log_path, notes=[note] if note else []))
    if arguments.screenshot:
        # Headless unless the caller chose a platform: a render needs no display.
        if not os.environ.get("QT_QPA_PLATFORM"):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        create_application([], arguments.style)
        return render_screenshot(arguments.board or arguments.file, arguments.screenshot, arguments)
    reason = missing_display()
    if reason is not None:  # say so in one line, rather than let Qt abort the process
        print(
            f"slidecheck: no display: {reason}; the window needs a desktop session "
            "(`slidecheck check FILE` and `--screenshot` work without one)",
            file=sys.stderr,
        )
        return 2
    app = create_application([], arguments.style, with_icon=False)
    from gui.appearance import Appearance
    from gui.first_frame import after_first_paint
    from gui.main_window import MainWindow

    window = MainWindow()
    # Watched before the first-frame report's watcher below, so called after it.
    after_first_paint(window, set_application_icon)
    if os.environ.get(FIRST_FRAME_VARIABLE) == "1":
        quit_after_first_frame(window)
    if arguments.style != "system":
        # Chosen for this run on the command line: it wins over the View menu's setting.
        window.appearance.set_appearance(Appearance(arguments.style), remember=False)
    path = arguments.board or arguments.file
    if path:
        window.files.open(path)
    window.show()
    if not gc.isenabled():  # paused by the launcher for the start-up
        # What start-up made lives as long as the window: the collector's passes over it
        # found nothing to free. Frozen, no later pass goes over it again, beginning with
        # the one that would otherwise follow at once.
        gc.freeze()
        gc.enable()
    return app.exec()
