"""`slidecheck check --photo`: the board read, the verdict, and check's exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from core import cli, parse_board
from core.cli import photo as check_command
from core.photo.training.synthetic import StyleSet, generate_photo
from core.rule import is_solvable
from tests.core.photo.real_photos import real_photos


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


def test_a_given_size_is_the_size_read(photo_file: Path) -> None:
    true_board = generate_photo(9, StyleSet.TEST).board
    size = f"{true_board.width}x{true_board.height}"
    status, output = run(["--photo", str(photo_file), "--size", size, "--json"])
    reading = json.loads(output)["photo"]
    assert (reading["width"], reading["height"]) == (true_board.width, true_board.height)
    assert reading["tiles"] == list(true_board.tiles)
    assert status in (0, 1)


@pytest.mark.parametrize("size", ["4", "4x", "x4", "four by four", "4x4x4", "99x99"])
def test_a_size_that_is_no_size_exits_2_with_one_line(
    photo_file: Path, size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, output = run(["--photo", str(photo_file), "--size", size])
    assert status == 2
    assert output == ""
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "size" in error


def test_size_without_photo_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        cli.main(["--size", "4x4"], stdout=io.StringIO())
    assert raised.value.code == 2
    assert "--photo" in capsys.readouterr().err


def test_the_debug_image_draws_the_reading_over_the_photo(photo_file: Path, tmp_path: Path) -> None:
    from PIL import Image

    out = tmp_path / "debug.png"
    status, _ = run(["--photo", str(photo_file), "--debug-image", str(out)])
    assert status in (0, 1)
    with Image.open(out) as drawn, Image.open(photo_file) as original:
        assert drawn.format == "PNG"
        # drawn at the reader's working size, over the photo: not a copy of it
        assert drawn.size[0] / drawn.size[1] == pytest.approx(
            original.size[0] / original.size[1], rel=0.01
        )
        drawn_colours = {colour for _, colour in drawn.convert("RGB").getcolors(1 << 20) or []}
    assert (255, 0, 200) in drawn_colours  # the board's top edge and the arrow up it


def test_a_refused_photo_still_gets_its_debug_image_of_where_the_reader_looked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A board-like dark square with nothing on it: the finder outlines it, and the reader
    # refuses it (no numbers). The drawing shows the outline it tried, over the photo.
    from PIL import Image, ImageDraw

    photo = Image.new("RGB", (800, 600), (200, 190, 170))
    ImageDraw.Draw(photo).rectangle((250, 150, 550, 450), fill=(40, 40, 40))
    path = tmp_path / "blank-square.png"
    photo.save(path)
    out = tmp_path / "debug.png"
    status, output = run(["--photo", str(path), "--debug-image", str(out)])
    assert status == 2
    assert output == ""
    assert capsys.readouterr().err.count("\n") == 1  # the refusal, in one line
    with Image.open(out) as drawn:
        assert drawn.size == photo.size
        colours = {colour for _, colour in drawn.convert("RGB").getcolors(1 << 20) or []}
    assert (255, 0, 200) in colours  # the likeliest outline tried


def test_a_debug_image_that_cannot_be_written_exits_2_with_one_line(
    photo_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _ = run(["--photo", str(photo_file), "--debug-image", str(tmp_path / "no" / "x.png")])
    assert status == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "debug image" in error


def assert_confidence_says_unsure(reading: dict[str, Any]) -> None:
    """Each cell's confidence is under the threshold printed beside it exactly when the
    cell is marked unsure: the field and the marks tell one story."""
    width, threshold = reading["width"], reading["unsure_below"]
    height = reading["height"]
    unsure = {(height - cell["row_from_bottom"], cell["column"] - 1) for cell in reading["unsure"]}
    for index, confidence in enumerate(reading["confidence"]):
        assert 0.0 <= confidence <= 1.0
        where = divmod(index, width)
        assert (confidence < threshold) is (where in unsure), (where, confidence, threshold)


def test_json_confidence_is_under_the_threshold_exactly_for_unsure_cells(
    photo_file: Path,
) -> None:
    _status, output = run(["--photo", str(photo_file), "--json"])
    reading = json.loads(output)["photo"]
    assert 0.5 < reading["unsure_below"] < 1.0
    assert_confidence_says_unsure(reading)


def test_a_real_photo_with_unsure_cells_gives_them_a_low_confidence(tmp_path: Path) -> None:
    photos = [p for p in real_photos() if p.path.name == "ko36-1087.jpg"]
    if not photos:
        pytest.skip("../shared/photos/real is not beside the project")
    # The very oblique 6x6 reads exactly at full size; sent at 280 pixels, as a messaging
    # app's preview might, its far serif numerals leave cells to check (at 290 it settles).
    with Image.open(photos[0].path) as opened:
        small = opened.convert("RGB")
    small.thumbnail((280, 280))
    path = tmp_path / "small.jpg"
    small.save(path, format="JPEG", quality=85)
    _status, output = run(["--photo", str(path), "--json"])
    reading = json.loads(output)["photo"]
    assert reading["unsure"]
    assert_confidence_says_unsure(reading)


def test_a_goal_of_another_size_is_one_line_and_no_reading(
    photo_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    goal = tmp_path / "goal.txt"
    goal.write_text("1 2 3\n4 5 6\n7 8 0\n")
    status, output = run(["--photo", str(photo_file), "--goal", str(goal)])
    assert status == 2
    assert output == ""  # before: the reading was printed, then exit 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "the goal" in error
    assert "is 3x3" in error


def test_a_size_and_a_goal_that_disagree_are_refused_before_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    goal = tmp_path / "goal.txt"
    goal.write_text("1 2 3\n4 5 6\n7 8 0\n")
    # No photo at all: the sizes are compared before the photo is opened.
    status, output = run(
        ["--photo", str(tmp_path / "absent.jpg"), "--size", "4x4", "--goal", str(goal)]
    )
    assert status == 2
    assert output == ""
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "--size 4x4 but the goal" in error


# --- the real command, as typed -------------------------------------------------------------------

REPO = Path(__file__).resolve().parents[3]
CHECK = [sys.executable, "-m", "gui.launcher", "check"]


def run_command(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*CHECK, *args], input=stdin, capture_output=True, timeout=120, check=False, cwd=REPO
    )


def test_a_photo_on_standard_input_is_read_as_from_its_file(photo_file: Path) -> None:
    """`-` is standard input for every board; a photo piped in (`curl ... | slidecheck
    check --photo -`) was refused as 'no such file'."""
    from_file = run_command(["--photo", str(photo_file)])
    piped = run_command(["--photo", "-"], stdin=photo_file.read_bytes())
    assert piped.stderr == b""
    assert (piped.returncode, piped.stdout) == (from_file.returncode, from_file.stdout)
    assert piped.stdout.startswith(b"read a ")


@pytest.mark.parametrize("extra", [["board.txt"], ["--width", "3"]])
def test_a_board_or_its_width_beside_a_photo_is_refused_in_one_line(
    photo_file: Path, tmp_path: Path, extra: list[str]
) -> None:
    """The photo was checked and the board file (or --width) silently ignored: an answer
    about one board that reads as an answer about the other."""
    board = tmp_path / "board.txt"
    board.write_text("1 2 3\n4 5 6\n7 8 0\n")
    args = [str(board) if word == "board.txt" else word for word in extra]
    result = run_command(["--photo", str(photo_file), *args])
    assert result.returncode == 2
    assert result.stdout == b""
    error = result.stderr.decode()
    assert error.count("\n") == 1
    assert "--photo" in error
