"""Decoding a photo: any bytes in, an upright, downscaled RGB image out, or a PhotoError.

Phone photos are 12 MP or more and carry an EXIF orientation; the reader needs about a
megapixel, so JPEGs are decoded straight at a reduced scale (the decoder skips most of the
work) and turned upright as the photo's viewer shows them. Every coordinate the reader
reports is in the upright photo's full size in pixels.

Memory is bounded in bytes, not only pixels: other formats are decoded at full size (Pillow
cannot decode a PNG at a reduced scale), so the decoded image's bytes have a limit of their
own, and everything after the decode (converting the mode, compositing alpha, shrinking) is
done a strip at a time, never as a second full-size copy.

Every mode Pillow opens is shown as a person sees it: 16-bit and 32-bit greys scaled to
8 bits (not clipped to white), palettes looked up, CMYK converted, and transparency
composited on a backdrop that sets the picture off (black behind light content, white
behind dark).
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from PIL import Image

from core.photo.errors import PhotoError
from core.photo.files import MAX_PHOTO_BYTES, read_photo_file, too_large_message
from core.photo.geometry import Quad

if TYPE_CHECKING:
    from pathlib import Path

#: The longest side the reader works at. A 5x5 board across half of it still gets tiles of
#: about 100 pixels, plenty for their numbers.
WORKING_LONG_SIDE = 1000

#: Larger images are refused before decoding, so hostile bytes cannot claim gigabytes.
MAX_PHOTO_PIXELS = 120_000_000

RgbArray = npt.NDArray[np.float32]

#: The kinds of image file the reader is made for, with their suffixes. Each is offered
#: only where this install's Pillow opens it: the bundle leaves WebP out (its library
#: costs more than the size budget has room for).
PHOTO_FORMATS: dict[str, tuple[str, ...]] = {
    "JPEG": (".jpg", ".jpeg", ".jpe", ".jfif"),
    "PNG": (".png",),
    "WebP": (".webp",),
    "BMP": (".bmp",),
    "TIFF": (".tif", ".tiff"),
    "GIF": (".gif",),
}


def readable_formats() -> dict[str, tuple[str, ...]]:
    """The entries of PHOTO_FORMATS that this install's Pillow opens."""
    Image.init()
    registered = Image.registered_extensions()
    return {
        name: suffixes
        for name, suffixes in PHOTO_FORMATS.items()
        if any(suffix in registered for suffix in suffixes)
    }


def _formats_text() -> str:
    names = list(readable_formats())
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


@dataclass(frozen=True, eq=False)
class Photo:
    """A decoded photo, upright, at working size: the whole photo, or a part of it looked
    at closer (`closer_look`).

    `size` is the upright photo's full size in pixels; `scale` and `origin` convert working
    pixels to those (full = origin + working * scale).
    """

    image: Image.Image
    size: tuple[int, int]
    scale: float
    #: Where the working image's top left lies in the full photo (not 0, 0 for a part).
    origin: tuple[float, float] = (0.0, 0.0)
    #: The bytes it was decoded from, for a closer look at a part of it.
    source: bytes | None = field(default=None, repr=False)

    def to_full(self, quad: Quad) -> Quad:
        """A quadrilateral in working pixels, in the full photo's pixels."""
        x0, y0 = self.origin
        return Quad(*((x0 + x * self.scale, y0 + y * self.scale) for x, y in quad.points()))

    def to_working(self, quad: Quad) -> Quad:
        """A quadrilateral in the full photo's pixels, in working pixels."""
        x0, y0 = self.origin
        return Quad(*(((x - x0) / self.scale, (y - y0) / self.scale) for x, y in quad.points()))

    @property
    def pixels(self) -> RgbArray:
        """The working image as an H x W x 3 array of floats in 0..1."""
        return np.asarray(self.image, dtype=np.float32) / 255.0


def _draft_request(size: tuple[int, int], long_side: int) -> tuple[int, int]:
    """The size to ask a JPEG decoder for: the smallest power-of-two reduction whose long
    side is still at least `long_side`."""
    width, height = size
    reduction = 1
    while reduction < 8 and max(width, height) // (reduction * 2) >= long_side:
        reduction *= 2
    return (max(1, width // reduction), max(1, height // reduction))


#: The formats whose decoder gives the picture at a half, a quarter or an eighth of its size
#: for little more than the cost of that size: JPEG, and MPO (the JPEG many phones write,
#: with a second picture after it, a preview or a depth map; Pillow reads the first).
DRAFTED_FORMATS = frozenset({"JPEG", "MPO"})

#: Most bytes Pillow's full-size decode of one image may take. A PNG's pixels take 4 bytes
#: each in colour (1 in grey or a palette, 2 in 16-bit grey), so colour PNGs up to 67 MP are
#: read; a JPEG is measured at the reduced scale it is decoded at.
MAX_DECODED_BYTES = 256 * 1024 * 1024

#: Each strip converted and shrunk at a time takes about this many bytes.
_STRIP_BYTES = 4 * 1024 * 1024

_EXIF_ORIENTATION = 0x0112
#: What a viewer does for each EXIF orientation (as ImageOps.exif_transpose).
_UPRIGHT = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}

_ALPHA_MODES = frozenset({"RGBA", "RGBa", "LA", "La", "PA"})
_DEEP_GREY_MODES = frozenset({"I", "F"})


def _decoded_bytes_per_pixel(mode: str) -> int:
    """Bytes a pixel of `mode` takes in Pillow's memory (not in the file)."""
    if mode in {"1", "L", "P"}:
        return 1
    if mode.startswith("I;16"):
        return 2
    return 4


def _grey_range(image: Image.Image) -> tuple[float, float]:
    """The values that show as black and white for a deep grey image (16-bit, 32-bit or
    float): its format's full range where the format says it, else the range its values
    fit (0..1 for floats, 0..255, 0..65535), else its own lowest to highest value."""
    if image.mode.startswith("I;16") or (image.mode == "I" and image.format == "PNG"):
        return 0.0, 65535.0
    extrema = image.getextrema()
    low, high = float(extrema[0]), float(extrema[1])  # type: ignore[arg-type]
    if image.mode == "F" and low >= 0.0 and high <= 1.0:
        return 0.0, 1.0
    for top in (255.0, 65535.0):
        if low >= 0.0 and high <= top:
            return 0.0, top
    return (low, high) if high > low else (low, low + 1.0)


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in _ALPHA_MODES or (image.mode == "P" and "transparency" in image.info)


def _backdrop(image: Image.Image, rows: int) -> tuple[int, int, int, int]:
    """What the transparent parts of `image` are shown on: black behind light content,
    white behind dark, as a viewer's backdrop sets a cut-out off. A window screenshot is a
    white window in a transparent margin: on white its edge would be gone, and with it
    the board's outline. Measured a strip at a time, weighted by opacity."""
    weighted = opacity = 0.0
    width, height = image.size
    for top in range(0, height, rows):
        strip = image.crop((0, top, width, min(height, top + rows))).convert("RGBA").convert("LA")
        values = np.asarray(strip, dtype=np.float64)
        weighted += float((values[..., 0] * values[..., 1]).sum())
        opacity += float(values[..., 1].sum())
    light = opacity > 0 and weighted / opacity > 127.5
    return (0, 0, 0, 255) if light else (255, 255, 255, 255)


def _strip_to_rgb(
    strip: Image.Image,
    grey_range: tuple[float, float] | None,
    backdrop: tuple[int, int, int, int] | None,
) -> Image.Image:
    """One strip of the decoded image, as a person sees it, in RGB; transparent parts on
    `backdrop`."""
    if grey_range is not None:
        low, high = grey_range
        values = np.asarray(strip, dtype=np.float32)
        scaled = np.clip((values - low) * (255.0 / (high - low)), 0.0, 255.0)
        return Image.fromarray(np.rint(scaled).astype(np.uint8), "L").convert("RGB")
    if backdrop is not None:
        rgba = strip.convert("RGBA")
        behind = Image.new("RGBA", rgba.size, backdrop)
        return Image.alpha_composite(behind, rgba).convert("RGB")
    # Palettes are looked up, "1" is black and white, CMYK and YCbCr are converted.
    return strip if strip.mode == "RGB" else strip.convert("RGB")


def _shrunk_rgb(image: Image.Image, factor: int) -> Image.Image:
    """`image` in RGB, shrunk by `factor` (each output pixel the mean of a factor x factor
    block, as Image.reduce), converted and shrunk a strip at a time."""
    width, height = image.size
    grey_range = (
        _grey_range(image)
        if image.mode in _DEEP_GREY_MODES or image.mode.startswith("I;16")
        else None
    )
    if factor == 1 and grey_range is None and image.mode == "RGB":
        return image.copy()  # small; the caller closes the decoded image
    rows = factor * max(1, _STRIP_BYTES // max(1, width * 4 * factor))
    backdrop = _backdrop(image, rows) if _has_alpha(image) else None
    shrunk = Image.new("RGB", (-(-width // factor), -(-height // factor)))
    for top in range(0, height, rows):
        strip = image.crop((0, top, width, min(height, top + rows)))
        strip = _strip_to_rgb(strip, grey_range, backdrop)
        shrunk.paste(strip.reduce(factor) if factor > 1 else strip, (0, top // factor))
    return shrunk


def decode_photo(data: bytes) -> Photo:
    """Decode image bytes (JPEG, PNG, BMP, TIFF, GIF, and WebP where Pillow has it), in any mode
    Pillow opens, as a person sees it.

    Raises PhotoError when the bytes are not an image, or are too large; nothing else, and
    nothing is written to standard error (a damaged file's warnings are not the user's).
    """
    if len(data) > MAX_PHOTO_BYTES:
        raise PhotoError(too_large_message(len(data)))
    try:
        return replace(_decoded(data, WORKING_LONG_SIDE), source=data)
    except PhotoError:
        raise
    except Image.DecompressionBombError:
        raise PhotoError(
            f"the image is too large (the limit is {MAX_PHOTO_PIXELS / 1e6:.0f} megapixels)"
        ) from None
    except MemoryError:
        raise PhotoError("the image is too large to decode in the memory available") from None
    except Exception as error:  # Pillow raises many kinds on bad bytes; all mean one thing.
        raise PhotoError(
            f"this file is not an image the reader can open ({_formats_text()})"
        ) from error


#: What Pillow's error says when the file ends before the image does.
TRUNCATED_SAYS = "image file is truncated"


def _decoded(data: bytes, working_long_side: int) -> Photo:
    """`data` decoded by `_decode_opened`, saying nothing on standard error."""
    with warnings.catch_warnings():
        # The size is checked before any pixel is decoded; and a damaged EXIF block or
        # chunk only means the photo is read without it.
        warnings.simplefilter("ignore")
        with Image.open(io.BytesIO(data)) as image:
            try:
                return _decode_opened(image, working_long_side)
            except OSError as error:
                # Pillow says so only in words, the same for every format it decodes.
                if TRUNCATED_SAYS not in str(error):
                    raise
                raise PhotoError(
                    f"this {image.format or 'image'} file is cut short: it was not saved, "
                    "copied or downloaded in full"
                ) from error


def _decode_opened(image: Image.Image, working_long_side: int) -> Photo:
    """The opened image decoded, upright, at about `working_long_side` on its long side
    (at its own size when that is not much larger)."""
    full_size = image.size
    if full_size[0] * full_size[1] > MAX_PHOTO_PIXELS:
        raise PhotoError(
            f"the image is too large ({full_size[0]} x {full_size[1]} pixels; "
            f"the limit is {MAX_PHOTO_PIXELS / 1e6:.0f} megapixels)"
        )
    if image.format in DRAFTED_FORMATS:
        image.draft("RGB", _draft_request(full_size, working_long_side))
    width, height = image.size
    per_pixel = _decoded_bytes_per_pixel(image.mode)
    if width * height * per_pixel > MAX_DECODED_BYTES:
        limit = MAX_DECODED_BYTES // per_pixel
        raise PhotoError(
            f"the image is too large ({full_size[0]} x {full_size[1]} pixels; "
            f"the limit for an image of this kind is {limit / 1e6:.0f} megapixels)"
        )
    image.load()
    decoded_size = image.size
    if min(decoded_size) < 32:
        raise PhotoError(
            f"the image is too small to show a puzzle ({decoded_size[0]} x {decoded_size[1]})"
        )
    try:
        orientation = image.getexif().get(_EXIF_ORIENTATION)
    except Exception:  # a damaged EXIF block: the photo as stored
        orientation = None
    long_side = max(decoded_size)
    # As Image.resize with reducing_gap=2 would: shrink by whole blocks to about twice the
    # working size, then resample smoothly the rest of the way.
    factor = 1
    if long_side > working_long_side * 1.4:
        factor = max(1, int(long_side / working_long_side / 2))
    rgb = _shrunk_rgb(image, factor)
    turn = _UPRIGHT.get(orientation) if isinstance(orientation, int) else None
    if turn is not None:
        rgb = rgb.transpose(turn)
    # A quarter turn swaps the sides of the full photo as it swapped the decoded ones.
    turned = turn in {
        Image.Transpose.TRANSPOSE,
        Image.Transpose.TRANSVERSE,
        Image.Transpose.ROTATE_90,
        Image.Transpose.ROTATE_270,
    }
    upright_size = (full_size[1], full_size[0]) if turned else full_size
    if long_side > working_long_side * 1.4:
        scale = long_side / working_long_side
        turned_decoded = (decoded_size[1], decoded_size[0]) if turned else decoded_size
        working_size = (
            max(1, round(turned_decoded[0] / scale)),
            max(1, round(turned_decoded[1] / scale)),
        )
        # The box is the decoded image's extent in shrunk pixels (the last block may be
        # part of one), so the result matches one resize of the whole decoded image.
        box = (0.0, 0.0, turned_decoded[0] / factor, turned_decoded[1] / factor)
        rgb = rgb.resize(working_size, Image.Resampling.BILINEAR, box=box)
    if rgb.mode != "RGB":
        rgb = rgb.convert("RGB")
    return Photo(image=rgb, size=upright_size, scale=upright_size[0] / rgb.size[0])


#: A closer look is taken only when it shows the part at least this many times as large as
#: the working image does.
CLOSER_LOOK_GAIN = 1.3


def closer_look(photo: Photo, box: tuple[float, float, float, float]) -> Photo | None:
    """The part of the photo inside `box` (left, top, right, bottom in the full photo's
    pixels) decoded again from its bytes, at up to WORKING_LONG_SIDE on the part's long
    side: a board small in a large photo gets the photo's own pixels instead of the
    working image's few. None when the photo has few more pixels there than the working
    image shows, or its bytes were not kept, or cannot be decoded again."""
    width, height = photo.size
    left, top = max(0.0, box[0]), max(0.0, box[1])
    right, bottom = min(float(width), box[2]), min(float(height), box[3])
    part = max(right - left, bottom - top)
    if photo.source is None or part < 1:
        return None
    long_side = min(max(width, height), round(max(width, height) * WORKING_LONG_SIDE / part))
    if long_side < CLOSER_LOOK_GAIN * max(photo.image.size):
        return None
    try:
        whole = _decoded(photo.source, long_side)
    except (PhotoError, MemoryError, OSError, ValueError):
        return None
    crop = (
        int(left / whole.scale),
        int(top / whole.scale),
        min(whole.image.size[0], int(np.ceil(right / whole.scale))),
        min(whole.image.size[1], int(np.ceil(bottom / whole.scale))),
    )
    if min(crop[2] - crop[0], crop[3] - crop[1]) < 32:
        return None
    return Photo(
        image=whole.image.crop(crop),
        size=photo.size,
        scale=whole.scale,
        origin=(crop[0] * whole.scale, crop[1] * whole.scale),
        source=photo.source,
    )


def load_photo(source: bytes | str | Path, *, regular_only: bool = False) -> Photo:
    """Decode a photo from its bytes or from a file (read as `read_photo_file` reads it).
    Raises PhotoError (also when the file cannot be read)."""
    if isinstance(source, bytes):
        return decode_photo(source)
    return decode_photo(read_photo_file(source, regular_only=regular_only))
