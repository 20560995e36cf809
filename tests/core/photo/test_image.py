"""Decoding: EXIF orientation, size limits, and bytes that are not an image."""

from __future__ import annotations

import io
import struct
import subprocess
import sys
import warnings
import zlib
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PIL import Image

from core.photo.errors import PhotoError
from core.photo.geometry import Quad
from core.photo.image import MAX_PHOTO_PIXELS, WORKING_LONG_SIDE, Photo, closer_look, decode_photo
from core.photo.reader import read_photo
from core.photo.training.synthetic import StyleSet, generate_photo

EXIF_ORIENTATION = 0x0112


STORED_TURNED = {
    6: Image.Transpose.ROTATE_90,
    8: Image.Transpose.ROTATE_270,
    3: Image.Transpose.ROTATE_180,
}


def half_dark_jpeg(size: tuple[int, int], orientation: int | None = None) -> bytes:
    """An upright image dark on its left half, stored turned as `orientation` says."""
    width, height = size
    pixels = np.full((height, width, 3), 230, dtype=np.uint8)
    pixels[:, : width // 2] = 20
    image = Image.fromarray(pixels)
    exif = Image.Exif()
    turn = STORED_TURNED.get(orientation) if orientation is not None else None
    if turn is not None:  # stored turned (6: a quarter anticlockwise); viewers turn it back
        image = image.transpose(turn)
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


def as_mpo(jpeg: bytes) -> bytes:
    """The JPEG as a phone often stores a photo: an MPO file, the JPEG first and a second
    picture (a preview, a depth map) after it."""
    with Image.open(io.BytesIO(jpeg)) as first:
        first.load()
        second = first.resize((first.width // 4, first.height // 4))
        stream = io.BytesIO()
        first.save(
            stream, format="MPO", save_all=True, append_images=[second], exif=first.info["exif"]
        )
    return stream.getvalue()


def test_a_phones_mpo_photo_is_decoded_as_its_jpeg_is() -> None:
    jpeg = half_dark_jpeg((4032, 3024), 6)
    mpo = as_mpo(jpeg)
    with Image.open(io.BytesIO(mpo)) as opened:
        assert opened.format == "MPO"
    from_jpeg, from_mpo = decode_photo(jpeg), decode_photo(mpo)
    assert from_mpo.size == from_jpeg.size == (4032, 3024)
    assert from_mpo.scale == from_jpeg.scale
    # The same pixels: decoded small by the JPEG decoder, not whole and then shrunk.
    np.testing.assert_array_equal(np.asarray(from_mpo.image), np.asarray(from_jpeg.image))


def marked_jpeg(size: tuple[int, int], mark: tuple[int, int], orientation: int) -> bytes:
    """A grey upright photo with a small red square centred on `mark` (upright pixels),
    stored turned as `orientation` (1, 3, 6 or 8) says."""
    width, height = size
    pixels = np.full((height, width, 3), 128, dtype=np.uint8)
    x, y = mark
    pixels[y - 6 : y + 6, x - 6 : x + 6] = (220, 20, 20)
    # stored as a camera held turned stores it; the viewer turns it back
    stored = Image.fromarray(pixels)
    turn = STORED_TURNED.get(orientation)
    if turn is not None:
        stored = stored.transpose(turn)
    exif = Image.Exif()
    exif[EXIF_ORIENTATION] = orientation
    stream = io.BytesIO()
    stored.save(stream, format="JPEG", quality=95, exif=exif.tobytes())
    return stream.getvalue()


def red_centre(photo: Photo) -> tuple[float, float]:
    """Where the red square's centre is, in the full photo's pixels."""
    pixels = np.asarray(photo.image, dtype=np.int16)
    red = (pixels[:, :, 0] - pixels[:, :, 1]) > 100
    rows, columns = np.nonzero(red)
    x, y = float(columns.mean()) + 0.5, float(rows.mean()) + 0.5
    where = photo.to_full(Quad((x, y), (x, y), (x, y), (x, y)))
    return where.top_left


@pytest.mark.parametrize("orientation", [1, 3, 6, 8])
def test_a_closer_look_shows_a_part_at_the_photos_own_pixels_in_its_place(
    orientation: int,
) -> None:
    photo = decode_photo(marked_jpeg((4032, 3024), (3000, 700), orientation))
    closer = closer_look(photo, (2800.0, 500.0, 3200.0, 900.0))
    assert closer is not None
    # the part, 400 pixels of the photo, at about 400 pixels: four times the working image's
    assert closer.scale == pytest.approx(1.0)
    assert 390 <= max(closer.image.size) <= 410
    assert red_centre(closer) == pytest.approx((3000, 700), abs=2)
    assert red_centre(photo) == pytest.approx((3000, 700), abs=6)


def test_a_closer_look_is_not_taken_where_it_would_show_nothing_more() -> None:
    photo = decode_photo(marked_jpeg((1200, 900), (600, 450), 1))
    # the working image shows the whole photo at its own size already
    assert closer_look(photo, (400.0, 300.0, 800.0, 600.0)) is None
    big = decode_photo(marked_jpeg((4032, 3024), (3000, 700), 1))
    assert closer_look(big, (0.0, 0.0, 4032.0, 3024.0)) is None  # the whole photo again
    kept_no_bytes = Photo(image=big.image, size=big.size, scale=big.scale)
    assert closer_look(kept_no_bytes, (2800.0, 500.0, 3200.0, 900.0)) is None


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


# -- every mode Pillow opens, as a person sees it ---------------------------------------


@cache
def board_picture() -> Image.Image:
    """A generated board photo (about 1 MP, so it is decoded at its own size)."""
    return generate_photo(5, StyleSet.TEST).image()


def encoded(image: Image.Image, form: str) -> bytes:
    stream = io.BytesIO()
    image.save(stream, format=form)
    return stream.getvalue()


def big_endian_16_bit_tiff(grey: npt.NDArray[np.uint16]) -> bytes:
    """A grey TIFF of 16-bit samples in big-endian ("MM") order: Pillow opens it as I;16B
    (and cannot write one itself)."""
    height, width = grey.shape
    pixels = grey.astype(">u2").tobytes()
    entries = [  # tag, type (3 short, 4 long), value
        (256, 4, width),
        (257, 4, height),
        (258, 3, 16),
        (259, 3, 1),
        (262, 3, 1),
        (273, 4, 8 + 2 + 12 * 9 + 4),
        (277, 3, 1),
        (278, 4, height),
        (279, 4, len(pixels)),
    ]
    directory = struct.pack(">H", len(entries))
    for tag, kind, value in entries:
        packed = struct.pack(">HH", value, 0) if kind == 3 else struct.pack(">I", value)
        directory += struct.pack(">HHI", tag, kind, 1) + packed
    return b"MM\x00\x2a" + struct.pack(">I", 8) + directory + b"\0\0\0\0" + pixels


def with_transparent_border(image: Image.Image) -> Image.Image:
    """`image` in RGBA, its outer 20 pixels black and fully transparent (a cut-out)."""
    rgba = image.convert("RGBA")
    pixels = np.array(rgba)
    pixels[:20], pixels[-20:], pixels[:, :20], pixels[:, -20:] = 0, 0, 0, 0
    return Image.fromarray(pixels, "RGBA")


def on_backdrop(image: Image.Image) -> Image.Image:
    """`image` as shown on the backdrop that sets it off: black behind light content,
    white behind dark."""
    grey = np.asarray(image.convert("RGBA").convert("LA"), dtype=np.float64)
    light = (grey[..., 0] * grey[..., 1]).sum() / grey[..., 1].sum() > 127.5
    colour = (0, 0, 0, 255) if light else (255, 255, 255, 255)
    behind = Image.new("RGBA", image.size, colour)
    return Image.alpha_composite(behind, image.convert("RGBA")).convert("RGB")


def grey16() -> npt.NDArray[np.uint16]:
    return np.asarray(board_picture().convert("L")).astype(np.uint16) * 257


def mode_cases() -> dict[str, tuple[bytes, Image.Image, str]]:
    """By mode: the file's bytes, what a person sees, and the mode Pillow opens it in."""
    picture = board_picture()
    grey = picture.convert("L").convert("RGB")
    cut_out = with_transparent_border(picture)
    palette = picture.convert("P", palette=Image.Palette.ADAPTIVE)
    bilevel = picture.convert("1")
    grey_values = np.asarray(picture.convert("L"))
    return {
        "I;16": (encoded(Image.fromarray(grey16()), "PNG"), grey, "I;16"),
        "I;16B": (big_endian_16_bit_tiff(grey16()), grey, "I;16B"),
        "I": (encoded(Image.fromarray(grey_values.astype(np.int32) * 257, "I"), "TIFF"), grey, "I"),
        "I 16-bit PGM": (
            b"P5 %d %d 65535\n" % picture.size + grey16().astype(">u2").tobytes(),
            grey,
            "I",
        ),
        "F": (
            encoded(Image.fromarray(grey_values.astype(np.float32) / 255, "F"), "TIFF"),
            grey,
            "F",
        ),
        "P": (encoded(palette, "PNG"), palette.convert("RGB"), "P"),
        "PA": (encoded(cut_out.convert("PA"), "TIFF"), on_backdrop(cut_out.convert("PA")), "PA"),
        "CMYK": (encoded(picture.convert("CMYK"), "TIFF"), picture, "CMYK"),
        "LA": (encoded(cut_out.convert("LA"), "PNG"), on_backdrop(cut_out.convert("LA")), "LA"),
        "RGBA": (encoded(cut_out, "PNG"), on_backdrop(cut_out), "RGBA"),
        "1": (encoded(bilevel, "PNG"), bilevel.convert("RGB"), "1"),
    }


@pytest.mark.parametrize(
    "mode", ["I;16", "I;16B", "I", "I 16-bit PGM", "F", "P", "PA", "CMYK", "LA", "RGBA", "1"]
)
def test_every_mode_decodes_as_a_person_sees_it(mode: str) -> None:
    data, seen, opened_as = mode_cases()[mode]
    assert Image.open(io.BytesIO(data)).mode == opened_as  # the case tests what it says
    photo = decode_photo(data)
    assert photo.image.size == seen.size
    difference = np.abs(photo.pixels * 255 - np.asarray(seen, dtype=np.float32))
    assert difference.mean() < 1.0
    assert np.percentile(difference, 99) <= 2.0


@pytest.mark.parametrize(("content", "margin"), [(230, 0), (25, 255)])
def test_a_transparent_margin_shows_on_what_sets_the_content_off(content: int, margin: int) -> None:
    # A window screenshot: a light window in a transparent margin. On white the window's
    # edge, the board's outline, would be gone.
    pixels = np.zeros((200, 300, 4), dtype=np.uint8)
    pixels[40:160, 60:240] = (content, content, content, 255)
    photo = decode_photo(encoded(Image.fromarray(pixels, "RGBA"), "PNG"))
    assert np.allclose(photo.pixels[5, 5] * 255, margin)
    assert np.allclose(photo.pixels[100, 150] * 255, content)


def test_the_real_window_screenshot_with_a_transparent_margin_reads_exactly() -> None:
    from tests.core.photo.real_photos import real_photos

    found = [photo for photo in real_photos() if photo.path.name == "digital-tk8-window.png"]
    if not found:
        pytest.skip("the real photos (../shared/photos/real) are not beside the project")
    assert read_photo(found[0].path).board == found[0].board


@pytest.mark.parametrize("mode", ["I;16", "I;16B"])
def test_a_16_bit_grey_photo_reads_the_board_the_8_bit_one_does(mode: str) -> None:
    data, seen, _opened_as = mode_cases()[mode]
    reference = read_photo(decode_photo(encoded(seen, "PNG")))
    reading = read_photo(decode_photo(data))
    assert reading.board == reference.board == generate_photo(5, StyleSet.TEST).board


# -- nothing but the one line on standard error -------------------------------------------


def with_corrupt_exif(jpeg: bytes) -> bytes:
    """`jpeg` with an EXIF block whose directory claims more than the block holds (Pillow
    warns about it on standard error unless told not to)."""
    entry = struct.pack("<HHII", 0x0112, 3, 1, 6)
    payload = b"Exif\0\0II*\0" + struct.pack("<IH", 8, 40) + entry * 3 + b"\xff" * 7
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + jpeg[2:]


def test_a_corrupt_exif_block_says_nothing_on_standard_error(tmp_path: Path) -> None:
    """The real command in its own process, where Python's default warning filters apply."""
    path = tmp_path / "photo.jpg"
    path.write_bytes(with_corrupt_exif(generate_photo(5, StyleSet.TEST).jpeg))
    result = subprocess.run(
        [sys.executable, "-m", "gui.launcher", "check", "--photo", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.stderr == ""
    assert result.stdout.startswith("read a 4x4 board:\n")
    assert result.returncode in (0, 1)


SIGNATURES = [b"", b"\xff\xd8\xff\xe0", b"\xff\xd8\xff\xe1", b"\x89PNG\r\n\x1a\n", b"GIF89a", b"BM"]
SIGNATURES += [b"II*\0", b"MM\0*", b"RIFF\0\0\0\0WEBPVP8 ", b"P5 64 64 65535\n", b"P6 64 64 255\n"]


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(prefix=st.sampled_from(SIGNATURES), rest=st.binary(max_size=4096))
@example(prefix=b"", rest=with_corrupt_exif(half_dark_jpeg((64, 48))))
def test_any_bytes_give_a_photo_or_one_photo_error_and_nothing_on_stderr(
    capfd: pytest.CaptureFixture[str], prefix: bytes, rest: bytes
) -> None:
    # capfd reads file descriptor 2 itself: a C library's message would show there too;
    # a Python warning would be printed by a user's interpreter, so none may be raised.
    with warnings.catch_warnings(record=True) as raised:
        warnings.simplefilter("always")
        refusal = None
        try:
            photo = decode_photo(prefix + rest)
        except PhotoError as error:  # the only error type; anything else fails the test
            refusal = str(error)
    if refusal is None:
        assert photo.image.mode == "RGB"
    else:
        assert refusal
        assert "\n" not in refusal
    assert [str(warning.message) for warning in raised] == []
    captured = capfd.readouterr()
    assert captured.err == ""
    assert captured.out == ""


# -- memory bounded in bytes ----------------------------------------------------------------

DECODE_AND_REPORT_PEAK = """
import resource, sys
from core.photo.errors import PhotoError
from core.photo.image import load_photo
try:
    photo = load_photo(sys.argv[1])
    print("decoded", photo.size, photo.image.size)
except PhotoError as error:
    print("refused", error)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


@pytest.mark.parametrize(
    ("kind", "side", "outcome"),
    [("16-bit grey", 10950, "decoded"), ("RGBA", 10950, "refused"), ("RGB", 8190, "decoded")],
)
def test_a_photo_at_the_limits_decodes_in_bounded_memory(
    tmp_path: Path, kind: str, side: int, outcome: str
) -> None:
    """Flat PNGs of 67 to 120 megapixels, a fraction of a megabyte each, decoded in a child
    process whose peak resident memory is read from the kernel. Before the decode was
    bounded in bytes they took 0.8 to 1.4 GB; now about 300 MB (bench/memory.py --photos)."""
    from bench.memory import write_flat_png

    path = tmp_path / "flat.png"
    write_flat_png(path, kind, side, side)
    result = subprocess.run(
        [sys.executable, "-c", DECODE_AND_REPORT_PEAK, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert result.returncode == 0, result.stderr
    said, peak_mb = result.stdout.splitlines()
    assert said.startswith(outcome), said
    assert int(peak_mb) < 600


def test_a_format_pillow_cannot_open_is_not_named(monkeypatch: pytest.MonkeyPatch) -> None:
    # As in the bundle, which leaves WebP's library out: Pillow registers no .webp.
    from core.photo import image as image_module

    registered = {
        suffix: kind for suffix, kind in Image.registered_extensions().items() if suffix != ".webp"
    }
    monkeypatch.setattr(image_module.Image, "registered_extensions", lambda: registered)
    with pytest.raises(PhotoError, match=r"\(JPEG, PNG, BMP, TIFF or GIF\)$"):
        decode_photo(b"not an image")


@pytest.mark.parametrize("form", ["JPEG", "PNG", "GIF", "BMP", "TIFF"])
def test_a_file_cut_short_is_refused_as_cut_short_naming_its_kind(form: str) -> None:
    # A photo copied or downloaded in part: an image of a kind the reader opens, not
    # something else, and the person is told what went wrong with it.
    whole = encoded(board_picture(), form)

    with pytest.raises(PhotoError, match=rf"^this {form} file is cut short"):
        decode_photo(whole[: len(whole) * 3 // 4])
