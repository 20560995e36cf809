"""Reading board text from files and streams: encodings, limits, and things that are not files."""

from __future__ import annotations

import codecs
import io
import os
import threading
from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import textio
from core.textio import (
    MAX_INPUT_BYTES,
    InputError,
    decode_text,
    quote_name,
    read_stream,
    read_text_file,
)

if TYPE_CHECKING:
    from pathlib import Path

BOARD = "1 2 3\n4 5 6\n7 8 0\n"


@pytest.mark.parametrize(
    "encoding",
    ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be", "utf-8-sig"],
)
def test_text_with_a_byte_order_mark_is_read(tmp_path: Path, encoding: str) -> None:
    data = BOARD.encode(encoding)
    if encoding.endswith(("-le", "-be")):
        # Python's explicit-endian codecs write no mark; Notepad does, so add it.
        mark = {
            "utf-16-le": codecs.BOM_UTF16_LE,
            "utf-16-be": codecs.BOM_UTF16_BE,
            "utf-32-le": codecs.BOM_UTF32_LE,
            "utf-32-be": codecs.BOM_UTF32_BE,
        }[encoding]
        data = mark + data
    path = tmp_path / "board.txt"
    path.write_bytes(data)
    assert read_text_file(str(path)) == BOARD


def test_utf16_with_a_broken_byte_names_it() -> None:
    data = codecs.BOM_UTF16_LE + "1 2".encode("utf-16-le") + b"\x00\xd8"  # a lone surrogate
    with pytest.raises(InputError, match=r"^x: not UTF-16-LE text \(byte \d+\)$"):
        decode_text(data, "x")


def test_binary_data_is_refused() -> None:
    with pytest.raises(InputError, match="binary data"):
        decode_text(b"1 2 3\x00\x01", "x")


def test_a_fifo_with_no_writer_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    # A blocking open would never return: the test itself would hang, not fail.
    with pytest.raises(InputError, match=r"not a regular file \(a pipe\)"):
        read_text_file(str(fifo))


def test_the_command_line_reads_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "w") as handle:
            handle.write(BOARD)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        assert read_text_file(str(fifo), regular_only=False) == BOARD
    finally:
        writer.join(timeout=10)


def test_a_device_is_refused_before_reading() -> None:
    with pytest.raises(InputError, match=r'^"/dev/zero": not a regular file \(a device\)$'):
        read_text_file("/dev/zero")


def test_an_endless_device_stops_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(textio, "MAX_INPUT_BYTES", 4096)
    with pytest.raises(InputError, match="too large, the limit is 4,096 bytes"):
        read_text_file("/dev/zero", regular_only=False)


def test_a_large_file_is_refused_by_its_size_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.txt"
    with open(path, "wb") as handle:
        handle.truncate(MAX_INPUT_BYTES + 1)  # sparse: costs no disk
    reads: list[int] = []
    real_read = textio._read_up_to

    def counting_read(stream: object, limit: int) -> bytes:
        reads.append(limit)
        return real_read(stream, limit)  # type: ignore[arg-type]

    monkeypatch.setattr(textio, "_read_up_to", counting_read)
    with pytest.raises(InputError, match=r"too large \(67,108,865 bytes\)"):
        read_text_file(str(path))
    assert reads == []


def test_a_symlink_loop_is_one_line(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.symlink_to(second)
    second.symlink_to(first)
    with pytest.raises(InputError, match=r"cannot open \(Too many levels of symbolic links\)"):
        read_text_file(str(first))


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory"):
        read_text_file(str(tmp_path))


def test_missing_file() -> None:
    with pytest.raises(InputError, match=r'^"/nonexistent/board\.txt": no such file$'):
        read_text_file("/nonexistent/board.txt")


def test_a_closed_stream_is_an_input_error() -> None:
    with pytest.raises(InputError, match="closed"):
        read_stream(None)


def test_a_stream_is_read_whole_up_to_the_limit() -> None:
    assert read_stream(io.BytesIO(BOARD.encode())) == BOARD


@given(st.text())
def test_a_quoted_name_is_one_printable_line(name: str) -> None:
    quoted = quote_name(name)
    assert quoted.startswith('"')
    assert quoted.isprintable()
    assert "\n" not in quoted
    assert len(quoted) <= 2 * 200 * 6  # shortened, whatever the name


def test_quote_name_escapes_line_breaks() -> None:
    assert quote_name("a\nb") == r'"a\x0ab"'
