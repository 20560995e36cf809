"""Every icon file exists in every size, and the .ico and .icns hold what they claim."""

from __future__ import annotations

import struct

import pytest
from PySide6.QtGui import QImage

from gui.app_info import APP_ID

import build_info
import make_icons


def png_dimensions(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_svg_master_is_named_after_the_app_id():
    assert build_info.SVG_ICON.name == f"{APP_ID}.svg"
    assert b"<svg" in build_info.SVG_ICON.read_bytes()


@pytest.mark.parametrize("size", make_icons.HICOLOR_SIZES)
def test_hicolor_png_exists_at_its_size(size):
    path = make_icons.hicolor_png_path(size)
    assert path.parent.parent.name == f"{size}x{size}"
    assert png_dimensions(path.read_bytes()) == (size, size)


def test_hicolor_goes_from_16_to_512():
    assert min(make_icons.HICOLOR_SIZES) == 16
    assert max(make_icons.HICOLOR_SIZES) == 512


def test_ico_directory_lists_each_size_with_a_png_payload():
    data = build_info.ICO_ICON.read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    sizes = []
    for index in range(count):
        entry = data[6 + 16 * index : 6 + 16 * (index + 1)]
        width, _height, _colours, _reserved, _planes, _bits, length, offset = struct.unpack(
            "<BBBBHHII", entry
        )
        payload_size = png_dimensions(data[offset : offset + length])
        assert payload_size[0] == (width or 256)
        sizes.append(payload_size[0])
    assert sizes == sorted(make_icons.ICO_SIZES)


def test_icns_entries_cover_the_file_and_match_their_types():
    data = build_info.ICNS_ICON.read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    expected = dict(make_icons.ICNS_TYPES)
    offset, seen = 8, []
    while offset < len(data):
        ostype, length = (
            data[offset : offset + 4],
            struct.unpack(">I", data[offset + 4 : offset + 8])[0],
        )
        width, height = png_dimensions(data[offset + 8 : offset + length])
        assert width == height == expected[ostype]
        seen.append(ostype)
        offset += length
    assert offset == len(data)
    assert seen == [ostype for ostype, _ in make_icons.ICNS_TYPES]


def test_rendering_the_master_gives_an_opaque_centre_and_transparent_corners(qapp):
    image = QImage.fromData(make_icons.render_png(build_info.SVG_ICON.read_bytes(), 64))
    assert image.width() == image.height() == 64
    assert image.pixelColor(0, 0).alpha() == 0
    assert image.pixelColor(32, 32).alpha() == 255


def test_ico_container_round_trips_through_qt(qapp):
    svg = build_info.SVG_ICON.read_bytes()
    container = make_icons.ico_container(
        {size: make_icons.render_png(svg, size) for size in (16, 48)}
    )
    image = QImage.fromData(container, "ICO")
    assert not image.isNull()
    assert image.width() in (16, 48)
