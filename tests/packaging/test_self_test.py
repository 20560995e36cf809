"""`slidecheck --self-test` run in-process: it passes here, and it reports a failure."""

from __future__ import annotations

import os
import sys
import tempfile

import pytest

from gui import self_test
from tests.launcher import run_launcher


def test_self_test_passes_and_logs(qapp, tmp_path):
    log = tmp_path / "self-test.log"
    assert self_test.run(log) == 0
    text = log.read_text(encoding="utf-8")
    assert text.rstrip().endswith("self-test passed")
    assert "FAIL" not in text
    assert "gui modules" in text
    assert "showed Loyd's board as unsolvable" in text


def test_self_test_finds_every_gui_module():
    names = self_test.gui_module_names()
    assert {"gui.main_window", "gui.app", "gui.launcher", "gui.self_test"} <= set(names)


def test_a_failing_check_makes_the_exit_status_non_zero(qapp, tmp_path, monkeypatch):
    def broken() -> str:
        raise self_test.SelfTestError("the board came out blank")

    monkeypatch.setattr(self_test, "CHECKS", (*self_test.CHECKS[:2], ("broken", broken)))
    log = tmp_path / "self-test.log"
    assert self_test.run(log) == 1
    text = log.read_text(encoding="utf-8")
    assert "FAIL broken" in text
    assert "the board came out blank" in text
    assert text.rstrip().endswith("self-test FAILED")


def test_log_path_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(self_test.LOG_ENV_VAR, str(tmp_path / "chosen.log"))
    assert self_test.default_log_path() == tmp_path / "chosen.log"


@pytest.mark.parametrize("blank", [True, False])
def test_main_window_check_rejects_a_blank_render(qapp, monkeypatch, blank):
    from PySide6.QtGui import QColor, QPixmap

    from gui.main_window import MainWindow

    if blank:

        def flat_grab(_window, *_args):
            pixmap = QPixmap(800, 600)
            pixmap.fill(QColor("white"))
            return pixmap

        monkeypatch.setattr(MainWindow, "grab", flat_grab)
        with pytest.raises(self_test.SelfTestError, match="blank"):
            self_test.check_main_window()
    else:
        assert "rendered" in self_test.check_main_window()


def unwritable_log_path(tmp_path):
    """A log path whose folder cannot be made (a file stands where the folder would be)."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    return blocker / "self-test.log"


def test_the_fallback_log_never_writes_through_a_planted_link(tmp_path, monkeypatch):
    shared = tmp_path / "tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    planted = shared / self_test.LOG_FILE_NAME
    planted.symlink_to(victim)
    self_test._report(["ok   imports", "self-test passed"], unwritable_log_path(tmp_path))
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert not planted.is_symlink()
    assert planted.read_text(encoding="utf-8") == "ok   imports\nself-test passed\n"
    assert sorted(path.name for path in shared.iterdir()) == [self_test.LOG_FILE_NAME]


def test_the_default_log_never_writes_through_a_planted_link(tmp_path, monkeypatch):
    """`slidecheck --self-test` from a checkout, no log path set: the log's default place is
    the shared temporary folder, where another user may have planted a link at its name."""
    shared = tmp_path / "tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    monkeypatch.delenv(self_test.LOG_ENV_VAR, raising=False)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    planted = shared / self_test.LOG_FILE_NAME
    planted.symlink_to(victim)
    self_test._report(["self-test passed"], self_test.default_log_path())
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert not planted.is_symlink()
    assert planted.read_text(encoding="utf-8") == "self-test passed\n"


def test_a_log_path_given_that_is_a_link_is_replaced_not_followed(tmp_path, monkeypatch):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    log = tmp_path / "self-test.log"
    log.symlink_to(victim)
    monkeypatch.setenv(self_test.LOG_ENV_VAR, str(log))
    self_test._report(["self-test passed"], self_test.default_log_path())
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert log.read_text(encoding="utf-8") == "self-test passed\n"


def test_the_fallback_log_takes_a_unique_name_when_its_own_is_taken(tmp_path, monkeypatch):
    shared = tmp_path / "tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    (shared / self_test.LOG_FILE_NAME).mkdir()  # a name that cannot be replaced
    self_test._report(["self-test passed"], unwritable_log_path(tmp_path))
    logs = [path for path in shared.iterdir() if path.is_file()]
    assert len(logs) == 1
    assert logs[0].name.startswith("slidecheck-self-test-")
    assert logs[0].read_text(encoding="utf-8") == "self-test passed\n"


def test_a_second_run_replaces_the_fallback_log(tmp_path, monkeypatch):
    shared = tmp_path / "tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    for outcome in ("self-test FAILED", "self-test passed"):
        self_test._report([outcome], unwritable_log_path(tmp_path))
    assert [path.name for path in shared.iterdir()] == [self_test.LOG_FILE_NAME]
    assert (shared / self_test.LOG_FILE_NAME).read_text(encoding="utf-8") == "self-test passed\n"


@pytest.mark.skipif(
    sys.platform in ("win32", "darwin"), reason="Windows and macOS always have a window system"
)
def test_self_test_with_no_display_falls_back_to_offscreen(tmp_path):
    """A server or SSH session: no DISPLAY, no WAYLAND_DISPLAY, no platform chosen. Qt's
    default (xcb) would abort the process; the self-test runs offscreen and says so."""
    home = tmp_path / "home"
    home.mkdir()
    log = tmp_path / "self-test.log"
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    environment.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"))
    environment[self_test.LOG_ENV_VAR] = str(log)
    result = run_launcher(["--self-test"], environment)
    assert result.returncode == 0, result.stderr
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[0].endswith(", offscreen)"), lines[0]
    assert "no display (neither DISPLAY nor WAYLAND_DISPLAY is set)" in lines[1], lines[1]
    assert "offscreen" in lines[1]
    assert "showed Loyd's board as unsolvable" in "\n".join(lines)
    assert lines[-1] == "self-test passed"
    assert list(home.iterdir()) == []  # the user's settings neither read nor written
