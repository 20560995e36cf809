"""Decoding a photo: any bytes in, an upright, downscaled RGB image out, or a PhotoError.

Phone photos are 12 MP or more and carry an EXIF orientation; the reader needs about a
megapixel, so JPEGs are decoded straight at a reduced scale (the decoder skips most of the
work) and turned upright as the photo's viewer shows them. Every coordinate the reader
reports is in the upright photo's full-size pixels.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageOps

from core.photo.errors import PhotoError
from core.photo.files import MAX_PHOTO_BYTES, read_photo_file, too_large_message

#: The longest side the reader works at. A 5x5 board across half of it still gets tiles of
#: about 100 pixels, plenty for their numbers.
WORKING_LONG_SIDE = 1000

#: Larger images are refused before decoding, so hostile bytes cannot claim gigabytes.
MAX_PHOTO_PIXELS = 120_000_000

RgbArray = npt.NDArray[np.float32]


@dataclass(frozen=True, eq=False)
class Photo:
    """A decoded photo, upright, at working size.

    `size` is the upright photo's full size in pixels; `scale` converts working pixels to
    those (full = working * scale).
    """

    image: Image.Image
    size: tuple[int, int]
    scale: float

    @property
    def pixels(self) -> RgbArray:
        """The working image as an H x W x 3 array of floats in 0..1."""
        return np.asarray(self.image, dtype=np.float32) / 255.0


def _draft_request(size: tuple[int, int]) -> tuple[int, int]:
    """The size to ask a JPEG decoder for: the smallest power-of-two reduction whose long
    side is still at least WORKING_LONG_SIDE."""
    width, height = size
    reduction = 1
    while reduction < 8 and max(width, height) // (reduction * 2) >= WORKING_LONG_SIDE:
        reduction *= 2
    return (max(1, width // reduction), max(1, height // reduction))


def decode_photo(data: bytes) -> Photo:
    """Decode image bytes (JPEG, PNG, WebP, BMP, TIFF, GIF: what Pillow reads).

    Raises PhotoError when the bytes are not an image, or are too large.
    """
    if len(data) > MAX_PHOTO_BYTES:
        raise PhotoError(too_large_message(len(data)))
    try:
        with warnings.catch_warnings():
            # The size is checked below, before any pixel is decoded.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            full_size = image.size
            if full_size[0] * full_size[1] > MAX_PHOTO_PIXELS:
                raise PhotoError(
                    f"the image is too large ({full_size[0]} x {full_size[1]} pixels; "
                    f"the limit is {MAX_PHOTO_PIXELS / 1e6:.0f} megapixels)"
                )
            if image.format == "JPEG":
                image.draft("RGB", _draft_request(full_size))
            image.load()
            decoded_size = image.size
            upright = ImageOps.exif_transpose(image)
            rgb = upright.convert("RGB")
    except PhotoError:
        raise
    except Image.DecompressionBombError:
        raise PhotoError(
            f"the image is too large (the limit is {MAX_PHOTO_PIXELS / 1e6:.0f} megapixels)"
        ) from None
    except Exception as error:  # Pillow raises many kinds on bad bytes; all mean one thing.
        raise PhotoError(
            "this file is not an image the reader can open (JPEG, PNG, WebP, BMP, TIFF or GIF)"
        ) from error
    if min(rgb.size) < 32:
        raise PhotoError(f"the image is too small to show a puzzle ({rgb.size[0]} x {rgb.size[1]})")
    # A quarter turn swaps the sides of the full photo as it swapped the decoded ones.
    turned = rgb.size != decoded_size
    upright_size = (full_size[1], full_size[0]) if turned else full_size
    long_side = max(rgb.size)
    if long_side > WORKING_LONG_SIDE * 1.4:
        factor = long_side / WORKING_LONG_SIDE
        working_size = (max(1, round(rgb.size[0] / factor)), max(1, round(rgb.size[1] / factor)))
        rgb = rgb.resize(working_size, Image.Resampling.BILINEAR, reducing_gap=2.0)
    return Photo(image=rgb, size=upright_size, scale=upright_size[0] / rgb.size[0])


def load_photo(source: bytes | str | Path, *, regular_only: bool = False) -> Photo:
    """Decode a photo from its bytes or from a file (read as `read_photo_file` reads it).
    Raises PhotoError (also when the file cannot be read)."""
    if isinstance(source, bytes):
        return decode_photo(source)
    return decode_photo(read_photo_file(source, regular_only=regular_only))
