"""The photo reader on the real photos made harder: each photo of ../shared/photos/real
turned, made small on a grained or noisy table, put in perspective, shrunk, recompressed,
lit with glare or dimmed, repainted as a checkered red-and-cream puzzle with gold or
pressed-in numerals or as wooden blocks, as the photos the reader is judged on may be. The
real set is small and shot close; this asks whether the reader holds where the issue says
it must (a board a fifth of the photo's width, tilted to 45 degrees, perspective to 30, glare).

    .venv/bin/python bench/photo_stress.py [--transforms wood40 small25 ...] [--every 2]

Prints, per transform, the photos read exactly out of those tried and each one that was
not, with whether its wrong cells were marked unsure. Each transform is seeded, so a run
repeats. A turned photo can lose a corner of the board out of the frame; that photo is
then not a fair case, and the figures say so only by its name. Asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.photo.errors import PhotoError
from core.photo.reader import read_photo
from tests.core.photo.real_photos import REAL_PHOTOS, RealPhoto, real_photos

#: The photos are shrunk to this long side first: the transforms then cost little, and a
#: 12 MP photo is read at about 1000 pixels anyway.
LONG_SIDE = 1600


def _noisy_table(size: tuple[int, int], seed: int) -> Image.Image:
    """A table of blotchy noise with faint stripes (cloth, carpet)."""
    rng = np.random.default_rng(seed)
    width, height = size
    base = rng.uniform(60, 200, 3)
    noise = rng.normal(0, 1, (height // 8 + 1, width // 8 + 1, 1))
    blotches = np.clip(base + 25 * noise, 0, 255).astype(np.uint8)
    image = Image.fromarray(blotches).resize((width, height), Image.Resampling.BILINEAR)
    rows = np.arange(height)[:, None, None]
    wobble = rng.normal(0, 0.5, (1, width, 1)).cumsum(axis=1) * 0.05
    stripes = 15 * np.sin(rows / rng.uniform(4, 12) + wobble)
    return Image.fromarray(
        np.clip(np.asarray(image, dtype=np.float32) + stripes, 0, 255).astype(np.uint8)
    )


def _wood(size: tuple[int, int], seed: int) -> Image.Image:
    """A table of strong wavy grain."""
    rng = np.random.default_rng(seed)
    width, height = size
    rows = np.arange(height, dtype=np.float32)[:, None]
    columns = np.arange(width, dtype=np.float32)[None, :]
    grain = 18 * np.sin(rows / rng.uniform(4, 9) + 3 * np.sin(columns / 90))
    grain += 8 * np.sin(columns / 23)
    base = rng.uniform(60, 170, 3)
    table = np.stack([base[channel] + grain for channel in range(3)], axis=-1)
    return Image.fromarray(np.clip(table, 0, 255).astype(np.uint8), "RGB")


def _on(table: Image.Image, photo: Image.Image, seed: int) -> Image.Image:
    """`photo` (RGBA: its transparent parts show the table) laid somewhere on `table`."""
    place = random.Random(seed)
    x = place.randint(0, table.size[0] - photo.size[0])
    y = place.randint(0, table.size[1] - photo.size[1])
    table.paste(photo, (x, y), photo)
    return table


def turned(photo: Image.Image, degrees: float, seed: int) -> Image.Image:
    rgba = photo.convert("RGBA").rotate(degrees, resample=Image.Resampling.BICUBIC)
    return _on(_noisy_table(photo.size, seed), rgba, 0)


def small(
    photo: Image.Image, share: float, seed: int, *, degrees: float = 0, wood: bool = False
) -> Image.Image:
    """The photo at `share` of its size, laid on a table filling a photo of the same size."""
    width, height = photo.size
    shrunk = photo.resize((int(width * share), int(height * share)), Image.Resampling.LANCZOS)
    rgba = shrunk.convert("RGBA")
    if degrees:
        rgba = rgba.rotate(degrees, resample=Image.Resampling.BICUBIC, expand=True)
    table = _wood(photo.size, seed) if wood else _noisy_table(photo.size, seed)
    return _on(table, rgba, seed)


def in_perspective(photo: Image.Image, amount: float, seed: int) -> Image.Image:
    """The photo as seen tipped away: its top edge `amount` of the width narrower each side."""
    width, height = photo.size
    inset = amount * width
    corners_seen = [(inset, 0), (width - inset, 0), (width, height), (0, height)]
    corners_source = [(0, 0), (width, 0), (width, height), (0, height)]
    rows = []
    for (x, y), (source_x, source_y) in zip(corners_seen, corners_source, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -source_x * x, -source_x * y])
        rows.append([0, 0, 0, x, y, 1, -source_y * x, -source_y * y])
    targets = [value for corner in corners_source for value in corner]
    coefficients = np.linalg.solve(np.array(rows, float), np.array(targets, float))
    rgba = photo.convert("RGBA").transform(
        photo.size, Image.Transform.PERSPECTIVE, tuple(coefficients), Image.Resampling.BICUBIC
    )
    return _on(_noisy_table(photo.size, seed), rgba, 0)


def shrunk_to(photo: Image.Image, side: int) -> Image.Image:
    copy = photo.copy()
    copy.thumbnail((side, side), Image.Resampling.LANCZOS)
    return copy


def recompressed(photo: Image.Image, quality: int) -> Image.Image:
    stream = io.BytesIO()
    photo.save(stream, format="JPEG", quality=quality)
    stream.seek(0)
    return Image.open(stream).convert("RGB")


def with_glare(photo: Image.Image, seed: int, *, strength: float, radius: float) -> Image.Image:
    """A bright oval of light somewhere in the middle of the photo."""
    rng = np.random.default_rng(seed)
    width, height = photo.size
    pixels = np.asarray(photo, dtype=np.float32)
    rows, columns = np.mgrid[0:height, 0:width]
    centre_x, centre_y = rng.uniform(0.3, 0.7) * width, rng.uniform(0.3, 0.7) * height
    spread = radius * max(width, height)
    light = np.exp(
        -((columns - centre_x) ** 2 / (2 * spread**2) + (rows - centre_y) ** 2 / (0.72 * spread**2))
    )
    return Image.fromarray(np.clip(pixels + strength * light[..., None], 0, 255).astype(np.uint8))


def dimmed(photo: Image.Image, seed: int) -> Image.Image:
    """Dark, darker to the left, and noisy (a room's lamp to one side)."""
    pixels = np.asarray(photo, dtype=np.float32) / 255
    ramp = np.linspace(0.25, 1.0, pixels.shape[1])[None, :, None]
    noise = np.random.default_rng(seed).normal(0, 6, pixels.shape)
    return Image.fromarray(np.clip(pixels**1.3 * ramp * 255 + noise, 0, 255).astype(np.uint8))


#: A classic puzzle's colours: tiles alternately red and cream, numerals gold.
RED_TILE = (165, 28, 34)
CREAM_TILE = (236, 228, 208)
GOLD = (206, 164, 62)
#: A pale wooden block's colour.
WOOD = (205, 160, 110)


def _cell_masks(photo: Image.Image) -> list[tuple[int, np.ndarray]] | None:
    """Each cell's (row + column, mask of its pixels), from the reader's own exact reading
    of the untouched photo; None when that reading is not there to build on."""
    stream = io.BytesIO()
    photo.save(stream, format="PNG")
    try:
        reading = read_photo(stream.getvalue())
    except PhotoError:
        return None
    masks = []
    for cell in reading.cells:
        outline = Image.new("L", photo.size, 0)
        ImageDraw.Draw(outline).polygon(list(cell.quad.points()), fill=255)
        masks.append((cell.row + cell.column, np.asarray(outline) > 0))
    return masks


def _numeral_share(pixels: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """How much each pixel is the cell's numeral rather than its tile, 0 to 1: its colour's
    distance from the cell's typical colour, against the cell's strongest."""
    typical = np.median(pixels[mask], axis=0)
    ink = np.sqrt(((pixels - typical) ** 2).sum(axis=2))
    return np.clip(ink / max(float(np.percentile(ink[mask], 97)), 1.0), 0, 1)


def wooden(photo: Image.Image, seed: int) -> Image.Image:
    """The board's tiles as wooden blocks: strong grain across every tile (each its own
    piece of wood) with dark burnt numerals."""
    masks = _cell_masks(photo)
    if masks is None:
        return photo
    pixels = np.asarray(photo, dtype=np.float32)
    result = pixels.copy()
    grain = np.asarray(_wood(photo.size, seed), dtype=np.float32).mean(axis=2, keepdims=True)
    # The grain's light and dark about a pale wood's colour (the table's own colour varies).
    wood = np.clip(np.array(WOOD, dtype=np.float32) + 1.5 * (grain - grain.mean()), 0, 255)
    burnt = np.array((60, 35, 20), dtype=np.float32)
    for _parity, mask in masks:
        share = _numeral_share(pixels, mask)[..., None]
        result[mask] = (wood * (1 - share) + burnt * share)[mask]
    return Image.fromarray(np.clip(result, 0, 255).astype(np.uint8))


def recoloured(photo: Image.Image, *, embossed: bool) -> Image.Image:
    """The board's tiles repainted as a classic puzzle's: alternately red and cream, with
    gold numerals (`embossed`: numerals in the tile's own colour pressed in, a little darker
    than the tile, with a light lower and a dark upper edge). The photo's light and shade
    are kept. A photo the reader cannot read untouched is returned as it is (its miss is
    then not this transform's)."""
    masks = _cell_masks(photo)
    if masks is None:
        return photo
    pixels = np.asarray(photo, dtype=np.float32)
    result = pixels.copy()
    brightness = pixels.mean(axis=2)
    for parity, mask in masks:
        share = _numeral_share(pixels, mask)
        tile = np.array(RED_TILE if parity % 2 else CREAM_TILE, dtype=np.float32)
        shade = np.clip(brightness / max(float(np.median(brightness[mask])), 1.0), 0.6, 1.3)
        if embossed:
            # A numeral pressed in: in shadow along its upper edge, lit along its lower one.
            step = max(1, round(mask.sum() ** 0.5 / 40))
            shadow = np.clip(share - np.roll(share, step, axis=0), 0, 1)
            lit = np.clip(share - np.roll(share, -step, axis=0), 0, 1)
            painted = tile * (1 - 0.3 * share[..., None]) + 60 * lit[..., None]
            painted -= 60 * shadow[..., None]
        else:
            painted = tile * (1 - share[..., None]) + np.array(GOLD) * share[..., None]
        painted = painted * shade[..., None]
        result[mask] = painted[mask]
    return Image.fromarray(np.clip(result, 0, 255).astype(np.uint8))


Transform = Callable[[Image.Image, int], Image.Image]

TRANSFORMS: dict[str, Transform] = {
    "wood40": lambda photo, seed: small(photo, 0.4, seed, wood=True),
    "wood30": lambda photo, seed: small(photo, 0.3, seed, wood=True),
    "rot20": lambda photo, seed: turned(photo, 20, seed),
    "rot-30": lambda photo, seed: turned(photo, -30, seed),
    "rot45": lambda photo, seed: turned(photo, 45, seed),
    "small35": lambda photo, seed: small(photo, 0.35, seed),
    "small25": lambda photo, seed: small(photo, 0.25, seed),
    "small35rot30": lambda photo, seed: small(photo, 0.35, seed, degrees=30),
    "persp15": lambda photo, seed: in_perspective(photo, 0.15, seed),
    "persp25": lambda photo, seed: in_perspective(photo, 0.25, seed),
    "low640": lambda photo, seed: shrunk_to(photo, 640),
    "low400": lambda photo, seed: shrunk_to(photo, 400),
    "jpeg15": lambda photo, seed: recompressed(photo, 15),
    "glare": lambda photo, seed: with_glare(photo, seed, strength=140, radius=0.07),
    "strong-glare": lambda photo, seed: with_glare(photo, seed, strength=230, radius=0.12),
    "dim": dimmed,
    "checker": lambda photo, seed: recoloured(photo, embossed=False),
    "embossed": lambda photo, seed: recoloured(photo, embossed=True),
    "wooden": wooden,
}


def _grade(photo: RealPhoto, transformed: Image.Image) -> str:
    stream = io.BytesIO()
    transformed.save(stream, format="JPEG", quality=90)
    try:
        reading = read_photo(stream.getvalue())
    except PhotoError:
        return "refused"
    board = photo.board
    if (reading.width, reading.height) != (board.width, board.height):
        return f"wrong size {reading.width}x{reading.height}"
    wrong = {
        divmod(index, board.width)
        for index, (read, true) in enumerate(zip(reading.numbers, board.tiles, strict=True))
        if read != true
    }
    if not wrong:
        return "exact"
    return f"{len(wrong)} wrong, {len(wrong - set(reading.unsure))} of them unmarked"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=REAL_PHOTOS)
    parser.add_argument("--transforms", nargs="+", choices=list(TRANSFORMS), default=None)
    parser.add_argument(
        "--every", type=int, default=1, help="try every Nth photo only (2: half, quicker)"
    )
    args = parser.parse_args()
    photos = real_photos(args.folder)[:: max(1, args.every)]
    if not photos:
        print(f"no photos with a truth.tsv in {args.folder}")
        return 1
    for name in args.transforms or list(TRANSFORMS):
        began = time.perf_counter()
        misses = []
        for seed, photo in enumerate(photos):
            with Image.open(photo.path) as opened:
                original = opened.convert("RGB")
            original.thumbnail((LONG_SIDE, LONG_SIDE))
            outcome = _grade(photo, TRANSFORMS[name](original, seed))
            if outcome != "exact":
                misses.append(f"    {photo.path.name}: {outcome}")
        exact = len(photos) - len(misses)
        seconds = time.perf_counter() - began
        print(f"{name}: {exact} of {len(photos)} exact ({seconds:.0f} s)", flush=True)
        for line in misses:
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
