"""Board files: the extension picks the format, writes are all-or-nothing, recent files."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from core import Board
from core.textio import InputError
from gui.board_file_io import (
    MAX_RECENT,
    RecentFiles,
    format_for,
    read_board_file,
    write_board_file,
)
from tests.gui.conftest import LOYD_BOARD


@pytest.mark.parametrize(
    ("name", "form"),
    [("a.txt", "grid"), ("a.JSON", "json"), ("a.puzzle", "npuzzle"), ("a", "grid")],
)
def test_extension_picks_the_format(name, form):
    assert format_for(name) == form


def test_write_replaces_a_file_whole(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text("old contents that are longer than the new board " * 20)
    write_board_file(str(path), LOYD_BOARD, "blank-last")
    assert read_board_file(str(path)).board == LOYD_BOARD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.txt"]


def test_write_into_a_missing_folder_raises_and_leaves_nothing(tmp_path):
    with pytest.raises(OSError, match="cannot write"):
        write_board_file(str(tmp_path / "missing" / "board.txt"), LOYD_BOARD, "blank-last")
    assert list(tmp_path.iterdir()) == []


def test_json_keeps_a_custom_goal(tmp_path):
    path = tmp_path / "board.json"
    goal = Board.solved(4, 4, blank_first=True)
    write_board_file(str(path), LOYD_BOARD, goal)
    parsed = read_board_file(str(path))
    assert parsed.board == LOYD_BOARD
    assert parsed.goal == goal


def test_binary_file_is_an_input_error(tmp_path):
    path = tmp_path / "image.txt"
    path.write_bytes(b"\xff\xfe\x00\x89PNG")
    with pytest.raises(InputError, match=r'image\.txt"'):
        read_board_file(str(path))


def test_recent_files_newest_first_without_duplicates(tmp_path):
    recent = RecentFiles(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    paths = [str(tmp_path / f"{number}.txt") for number in range(MAX_RECENT + 2)]
    for path in paths:
        recent.add(path)
    recent.add(paths[3])
    listed = recent.paths()
    assert listed[0].endswith("3.txt")
    assert len(listed) == MAX_RECENT
    assert len(set(listed)) == len(listed)
    recent.remove(listed[0])
    assert not recent.paths()[0].endswith("3.txt")


@pytest.mark.parametrize("result", ["failed", "short"])
def test_a_failed_write_raises_and_commits_nothing(tmp_path, monkeypatch, result):
    from PySide6.QtCore import QSaveFile

    path = tmp_path / "board.txt"
    path.write_text("the board saved before\n", encoding="utf-8")
    real_write = QSaveFile.write

    def failing_write(self, data):
        if result == "failed":
            return -1
        return real_write(self, bytes(data)[:5])  # a short count, as a full disk gives

    monkeypatch.setattr(QSaveFile, "write", failing_write)
    with pytest.raises(OSError, match="cannot write"):
        write_board_file(str(path), LOYD_BOARD, "blank-last")
    assert path.read_text(encoding="utf-8") == "the board saved before\n"
    assert [p.name for p in tmp_path.iterdir()] == ["board.txt"]  # no temporary file left


def test_a_failed_save_keeps_the_window_unsaved(window, tmp_path, monkeypatch):
    from PySide6.QtCore import QSaveFile

    monkeypatch.setattr(QSaveFile, "write", lambda _self, _data: -1)
    window.editor.load(LOYD_BOARD)
    path = tmp_path / "board.txt"
    assert not window.files.save_to(str(path))
    assert not path.exists()
    assert not window.undo_stack.isClean()
    assert window.status_message.text().startswith('cannot write "')
