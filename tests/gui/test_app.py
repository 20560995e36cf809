"""Start-up: argument parsing, forced palettes and the headless --screenshot render."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage, QPalette

from core import format_board, speedups
from core.textio import MAX_INPUT_BYTES
from gui.app import (
    FIRST_FRAME_VARIABLE,
    NO_ARGUMENTS,
    argument_parser,
    missing_display,
    parse_arguments,
)
from gui.appearance import forced_palette
from gui.palette import is_dark
from tests.gui.conftest import LOYD_BOARD
from tests.launcher import run_launcher


def test_arguments():
    arguments = parse_arguments(["--board", "b.txt", "--screenshot", "out.png", "--style", "dark"])
    assert (arguments.board, arguments.screenshot, arguments.style) == ("b.txt", "out.png", "dark")
    assert parse_arguments(["b.txt"]).file == "b.txt"
    assert parse_arguments(["--self-test"]).self_test


def test_no_arguments_mean_what_the_parser_says_they_mean():
    # A plain start skips the parser; what it gets instead is the parser's own answer.
    assert vars(argument_parser().parse_args([])) == NO_ARGUMENTS
    assert vars(parse_arguments([])) == NO_ARGUMENTS


def test_the_version_is_looked_up_only_for_version(monkeypatch, capsys):
    import gui.app

    def no_lookup() -> str:
        raise AssertionError("the version was looked up on an ordinary start")

    monkeypatch.setattr(gui.app, "app_version", no_lookup)
    assert parse_arguments(["b.txt"]).file == "b.txt"
    monkeypatch.setattr(gui.app, "app_version", lambda: "9.8.7")
    with pytest.raises(SystemExit) as exit_info:
        parse_arguments(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"Slidecheck 9.8.7 ({speedups.describe()})\n"
    monkeypatch.setenv(speedups.PURE_PYTHON_VARIABLE, "1")
    with pytest.raises(SystemExit):
        parse_arguments(["--version"])
    forced = "Slidecheck 9.8.7 (pure Python (forced): no compiled speed-ups)\n"
    assert capsys.readouterr().out == forced


@pytest.mark.parametrize(("style", "dark"), [("light", False), ("dark", True)])
def test_forced_palettes(style, dark):
    palette = forced_palette(style)
    assert palette is not None
    assert is_dark(palette) == dark
    text = palette.color(QPalette.ColorRole.Text).lightness()
    base = palette.color(QPalette.ColorRole.Base).lightness()
    assert abs(text - base) > 150  # readable contrast either way


def test_screenshot_renders_the_annotated_window(tmp_path):
    board = tmp_path / "loyd.txt"
    board.write_text(format_board(LOYD_BOARD))
    output = tmp_path / "shot.png"
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = run_launcher(["--board", str(board), "--screenshot", str(output)], environment)
    assert result.returncode == 0, result.stderr
    image = QImage(str(output))
    assert image.width() >= 800
    assert image.height() >= 500
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, 400, 7)}
    assert len(colours) > 20  # a real render, not a blank image


def test_the_window_can_quit_after_its_first_frame_and_say_when(tmp_path):
    # How packaging/measure.py times the bundle's start: the moment on the clock every
    # process shares, after the moment the process was started.
    import time

    environment = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path),  # the settings of a first start, not the user's
        **{FIRST_FRAME_VARIABLE: "1"},
    )
    started = time.perf_counter()
    result = run_launcher([], environment)
    assert result.returncode == 0, result.stderr
    shown = float(result.stdout.split()[-1])
    assert started < shown < time.perf_counter()


def test_screenshot_of_a_bad_board_fails_cleanly(tmp_path):
    board = tmp_path / "bad.txt"
    board.write_text("not a board")
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = run_launcher(["--board", str(board), "--screenshot", "x.png"], environment)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("kind", ["symlink loop", "fifo", "huge integer", "too large"])
def test_screenshot_of_an_unreadable_board_exits_2_with_one_line(tmp_path, kind):
    board = tmp_path / "board.json"
    if kind == "symlink loop":
        board.symlink_to(tmp_path / "other.json")
        (tmp_path / "other.json").symlink_to(board)
    elif kind == "fifo":
        os.mkfifo(board)
    elif kind == "huge integer":
        board.write_text('{"width": 2, "height": 2, "tiles": [1, 2, 3, ' + "9" * 5000 + "]}")
    else:
        with board.open("wb") as handle:
            handle.truncate(MAX_INPUT_BYTES + 1)
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-m", "gui.launcher", "--board", str(board), "--screenshot", "x.png"],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith('slidecheck: Cannot open "board.json": '), result.stderr
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(
    ("platform", "environment", "missing"),
    [
        ("linux", {}, True),
        ("linux", {"QT_QPA_PLATFORM": ""}, True),  # empty is Qt's default (xcb), not a choice
        ("freebsd14", {}, True),
        ("linux", {"DISPLAY": ":0"}, False),
        ("linux", {"WAYLAND_DISPLAY": "wayland-0"}, False),
        ("linux", {"QT_QPA_PLATFORM": "xcb"}, False),  # the caller's choice, left to Qt
        ("linux", {"QT_QPA_PLATFORM": "offscreen"}, False),
        ("win32", {}, False),
        ("darwin", {}, False),
    ],
)
def test_missing_display(monkeypatch, platform, environment, missing):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "platform", platform)
    reason = missing_display()
    assert (reason is not None) == missing
    if missing:
        assert reason == "neither DISPLAY nor WAYLAND_DISPLAY is set"


#: Where a window needs a display server named by the environment (X11 or Wayland).
needs_x11_or_wayland = pytest.mark.skipif(
    sys.platform in ("win32", "darwin"), reason="Windows and macOS always have a window system"
)


def no_display_environment(home) -> dict[str, str]:
    """The environment of a server or SSH session: no display, no platform chosen, and an
    empty home (config and data inside it, as XDG has them by default)."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
        and not name.startswith("XDG_")
    }
    environment.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
    )
    return environment


def files_under(folder) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


@needs_x11_or_wayland
def test_screenshot_with_no_display_renders_and_leaves_the_users_folders_alone(tmp_path):
    board = tmp_path / "loyd.txt"
    board.write_text(format_board(LOYD_BOARD))
    output = tmp_path / "shot.png"
    home = tmp_path / "home"
    home.mkdir()
    environment = no_display_environment(home)
    # A font cache is Qt's and fontconfig's business, not a setting: kept out of the home.
    environment["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    result = run_launcher(["--board", str(board), "--screenshot", str(output)], environment)
    assert result.returncode == 0, result.stderr
    assert QImage(str(output)).width() >= 800
    assert files_under(home) == []  # no settings file, no recent files list, nothing


@needs_x11_or_wayland
def test_the_window_with_no_display_exits_2_with_one_line(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    result = subprocess.run(
        [sys.executable, "-m", "gui.launcher"],
        capture_output=True,
        text=True,
        env=no_display_environment(home),
        timeout=120,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("slidecheck: no display: "), result.stderr
    assert "DISPLAY" in result.stderr
    assert result.stdout == ""


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    from gui.launcher import main as launcher_main

    with pytest.raises(SystemExit) as exited:
        launcher_main(["--help"])
    assert exited.value.code == 0
    shown = capsys.readouterr().out
    for command in ("slidecheck check", "slidecheck check --photo", "slidecheck solve"):
        assert command in shown, shown


#: The real start-up, watched at its first frame: whether PySide6 had made Python's QIcon
#: by then, and whether the application has its icon once the events queued at that moment
#: are done (the icon's watcher was installed before this one, so it is called after it).
ICON_CHILD = """
import os, sys
from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
import gui.app
from gui.first_frame import after_first_paint

def watch(window):
    def at_first_frame():
        made = "QIcon" in vars(sys.modules["PySide6.QtGui"])
        def then():
            print(made, QGuiApplication.windowIcon().isNull(), flush=True)
            window.undo_stack.setClean()
            QGuiApplication.quit()
        QTimer.singleShot(0, then)
    after_first_paint(window, at_first_frame)

gui.app.quit_after_first_frame = watch
os.environ[gui.app.FIRST_FRAME_VARIABLE] = "1"
from gui.launcher import main
sys.exit(main([]))
"""


def test_the_window_icon_is_set_once_the_first_frame_is_painted(tmp_path):
    """The icon is the window manager's to draw: the first frame does not wait for Python's
    QIcon (its enum classes) and Qt's SVG support, and the icon follows at once."""
    from tests.gui.child_report import run_child

    result = run_child(ICON_CHILD, XDG_CONFIG_HOME=str(tmp_path))
    assert result.returncode == 0, result.stderr
    made_by_first_frame, icon_missing_after = result.stdout.split()[-2:]
    assert made_by_first_frame == "False"
    assert icon_missing_after == "False"
