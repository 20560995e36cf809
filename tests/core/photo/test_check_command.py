"""`slidecheck check --photo`: the board read, the verdict, and check's exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from core import cli, parse_board
from core.photo import check_command
from core.photo.synthetic import StyleSet, generate_photo
from core.rule import is_solvable


@pytest.fixture(scope="module")
def photo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("photos") / "puzzle.jpg"
    path.write_bytes(generate_photo(9, StyleSet.TEST).jpeg)
    return path


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    return cli.main(argv, stdout=out), out.getvalue()


def test_the_board_read_is_printed_with_its_verdict_and_exit_code(photo_file: Path) -> None:
    status, output = run(["--photo", str(photo_file)])
    lines = output.splitlines()
    assert lines[0].startswith("read a ")
    width, height = map(int, lines[0].split()[2].split("x"))
    board = parse_board("\n".join(lines[1 : 1 + height]))
    assert (board.width, board.height) == (width, height)
    solvable = is_solvable(board, "blank-last")
    assert lines[-1] == ("solvable" if solvable else "unsolvable")
    assert status == (0 if solvable else 1)


def test_json_carries_the_verdict_and_the_reading(photo_file: Path) -> None:
    status, output = run(["--photo", str(photo_file), "--json"])
    data = json.loads(output)
    assert status == (0 if data["solvable"] else 1)
    reading = data["photo"]
    assert len(reading["tiles"]) == reading["width"] * reading["height"]
    assert len(reading["confidence"]) == len(reading["tiles"])
    assert len(reading["corners"]) == 4
    assert parse_board(reading["board"]).tiles == tuple(reading["tiles"])


def test_a_file_that_is_not_an_image_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.jpg"
    path.write_text("1 2 3\n4 5 6\n7 8 0\n")
    status, output = run(["--photo", str(path)])
    assert status == 2
    assert output == ""
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "not an image" in error


def test_without_numpy_or_pillow_it_says_what_to_install(
    photo_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(check_command, "photo_support_missing", lambda: ("numpy",))
    status, _ = run(["--photo", str(photo_file)])
    assert status == 2
    assert "pip install 'slidecheck[photo]'" in capsys.readouterr().err


def test_a_reader_that_cannot_load_says_so_in_one_line(
    photo_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    # As a bundle whose numpy libraries were damaged: installed, but the import fails.
    monkeypatch.setitem(sys.modules, "core.photo.reader", None)
    status, out = run(["--photo", str(photo_file)])
    assert status == 2
    assert out == ""
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "cannot load numpy or Pillow" in error
