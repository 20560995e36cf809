"""Reading a photo file: real FIFOs, devices and oversize files, on the command line's
terms (pipes read, bounded) and the window's (only regular files)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from core import textio
from core.photo.errors import PhotoError
from core.photo.files import MAX_PHOTO_BYTES, check_photo_file, read_photo_file
from core.photo.training.synthetic import StyleSet, generate_photo

REPO = Path(__file__).resolve().parents[3]
needs_dev_zero = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "photo.jpg"
    os.mkfifo(path)
    return path


def test_the_window_refuses_a_fifo_without_waiting_for_a_writer(fifo: Path) -> None:
    # A blocking open would never return: the test would hang, not fail.
    with pytest.raises(PhotoError, match=r"^not a regular file \(a pipe\)$"):
        read_photo_file(fifo, regular_only=True)


@needs_dev_zero
def test_the_window_refuses_a_device_without_reading_it() -> None:
    with pytest.raises(PhotoError, match=r"^not a regular file \(a device\)$"):
        read_photo_file("/dev/zero", regular_only=True)


def test_the_command_line_gives_up_on_a_fifo_nothing_writes_to(
    fifo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(textio, "PIPE_WRITER_WAIT", 0.2)
    with pytest.raises(PhotoError, match=r"^a pipe that nothing wrote to within 0\.2 seconds$"):
        read_photo_file(fifo, regular_only=False)


def test_the_command_line_reads_a_photo_through_a_fifo(fifo: Path) -> None:
    data = generate_photo(5, StyleSet.TEST).jpeg

    def write() -> None:
        with open(fifo, "wb") as handle:
            handle.write(data)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        assert read_photo_file(fifo, regular_only=False) == data
    finally:
        writer.join(timeout=30)


@needs_dev_zero
def test_the_command_line_stops_reading_an_endless_device_at_the_limit() -> None:
    with pytest.raises(
        PhotoError, match=r"^the file is too large for a photo \(more than the limit of 64 MiB\)$"
    ):
        read_photo_file("/dev/zero", regular_only=False)


@pytest.mark.parametrize("regular_only", [True, False])
def test_an_oversize_file_is_refused_by_its_size_in_mib(tmp_path: Path, regular_only: bool) -> None:
    path = tmp_path / "huge.png"
    with open(path, "wb") as handle:
        handle.truncate(200 * 1000 * 1000)  # sparse: no disk, and no byte of it is read
    with pytest.raises(PhotoError) as refused:
        read_photo_file(path, regular_only=regular_only)
    assert str(refused.value) == (
        "the file is too large for a photo (190.7 MiB; the limit is 64 MiB)"
    )
    assert MAX_PHOTO_BYTES == 64 * 1024 * 1024


def test_check_photo_on_a_fifo_with_no_writer_ends_with_one_line(fifo: Path) -> None:
    """The real command in its own process: it must end by itself (before: it hung in the
    open for ever), exit 2, and say why in one line."""
    result = subprocess.run(
        [sys.executable, "-m", "gui.launcher", "check", "--photo", str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=REPO,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "a pipe that nothing wrote to within" in result.stderr


def test_check_on_a_board_fifo_with_no_writer_ends_with_one_line(
    fifo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from core import cli

    monkeypatch.setattr(textio, "PIPE_WRITER_WAIT", 0.2)
    assert cli.main([str(fifo)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "a pipe that nothing wrote to within 0.2 seconds" in error


@pytest.mark.parametrize("kind", ["fifo", "missing", "folder", "oversize", "photo"])
def test_the_check_without_reading_refuses_what_the_windows_read_refuses(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "photo.jpg"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "oversize":
        with open(path, "wb") as handle:
            handle.truncate(MAX_PHOTO_BYTES + 1)
    elif kind == "photo":
        path.write_bytes(generate_photo(5, StyleSet.TEST).jpeg)
    refusal = None
    try:
        read_photo_file(path, regular_only=True)
    except PhotoError as error:
        refusal = str(error)
    if refusal is None:
        check_photo_file(path)
    else:
        with pytest.raises(PhotoError, match=f"^{re.escape(refusal)}$"):
            check_photo_file(path)
