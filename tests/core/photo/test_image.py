"""Decoding: EXIF orientation, size limits, and bytes that are not an image."""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from core.photo.errors import PhotoError
from core.photo.image import MAX_PHOTO_PIXELS, WORKING_LONG_SIDE, decode_photo

EXIF_ORIENTATION = 0x0112


def half_dark_jpeg(size: tuple[int, int], orientation: int | None = None) -> bytes:
    """An upright image dark on its left half, stored turned as `orientation` says."""
    width, height = size
    pixels = np.full((height, width, 3), 230, dtype=np.uint8)
    pixels[:, : width // 2] = 20
    image = Image.fromarray(pixels)
    exif = Image.Exif()
    if orientation == 6:  # stored turned a quarter anticlockwise; viewers turn it back
        image = image.transpose(Image.Transpose.ROTATE_90)
    elif orientation == 8:
        image = image.transpose(Image.Transpose.ROTATE_270)
    elif orientation == 3:
        image = image.transpose(Image.Transpose.ROTATE_180)
    if orientation is not None:
        exif[EXIF_ORIENTATION] = orientation
    stream = io.BytesIO()
    image.save(stream, format="JPEG", exif=exif.tobytes())
    return stream.getvalue()


@pytest.mark.parametrize("orientation", [None, 1, 3, 6, 8])
def test_the_photo_is_turned_upright_as_its_exif_orientation_says(orientation: int | None) -> None:
    photo = decode_photo(half_dark_jpeg((400, 300), orientation))
    assert photo.size == (400, 300)
    pixels = photo.pixels
    assert pixels[:, : pixels.shape[1] // 3].mean() < 0.2
    assert pixels[:, -pixels.shape[1] // 3 :].mean() > 0.8


def test_a_12_megapixel_jpeg_is_decoded_small_and_keeps_its_full_size() -> None:
    photo = decode_photo(half_dark_jpeg((4032, 3024), 6))
    assert photo.size == (4032, 3024)
    assert WORKING_LONG_SIDE <= max(photo.image.size) <= WORKING_LONG_SIDE * 1.4
    assert photo.scale == pytest.approx(4032 / photo.image.size[0])


def png_claiming(width: int, height: int) -> bytes:
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    pixels = zlib.compress(b"\x00" * 64)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def test_an_image_claiming_too_many_pixels_is_refused_before_decoding() -> None:
    side = int(MAX_PHOTO_PIXELS**0.5) + 100
    with pytest.raises(PhotoError, match="too large"):
        decode_photo(png_claiming(side, side))


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=4096))
def test_arbitrary_bytes_are_refused_with_a_photo_error(data: bytes) -> None:
    with pytest.raises(PhotoError):
        decode_photo(data)


@pytest.mark.parametrize("prefix", [b"\xff\xd8\xff\xe0", b"\x89PNG\r\n\x1a\n", b"GIF89a", b"BM"])
@settings(max_examples=40, deadline=None)
@given(rest=st.binary(max_size=2048))
def test_broken_files_behind_real_image_signatures_are_refused(prefix: bytes, rest: bytes) -> None:
    with pytest.raises(PhotoError):
        decode_photo(prefix + rest)
