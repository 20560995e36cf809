"""Photo-like images of sliding-tile boards, with the boards they show.

The recogniser is trained on these and the reader is measured on them. Every image comes
from one seed, so a test names its images by seed and needs no image files: the same seed
gives the same image on every machine that has the same fonts.

Styles: dark numbers on light tiles and light on dark, coloured tiles, tiles with bevels or
wood grain, frames of any colour or none, plain, wooden, cloth and cluttered backgrounds,
the camera tilted up to 30 degrees and turned up to 12, blur, noise, a lighting gradient,
a cast shadow, glare and JPEG compression. The TEST style set draws only on the DejaVu fonts
every Debian-like machine has (fonts-dejavu-core), and adds engraved numbers, which the
TRAINING set never shows.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from core.board import Board
from core.photo.geometry import (
    Quad,
    apply_homography,
    homography,
    pillow_perspective_coefficients,
)

FloatImage = npt.NDArray[np.float32]

#: fonts-dejavu-core's files: the only fonts a bare CI machine is sure to have.
CORE_FONT_FILES = (
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSansMono.ttf",
    "DejaVuSansMono-Bold.ttf",
    "DejaVuSerif.ttf",
    "DejaVuSerif-Bold.ttf",
)
FONT_FOLDERS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), Path("/Library/Fonts"))

#: Board sizes of the test set (the issue's 3x3 to 5x5, and rectangles between them).
TEST_SIZES = ((3, 3), (4, 4), (5, 5), (3, 4), (4, 3), (4, 5), (5, 4), (3, 5), (5, 3))
#: The training set also has 6-wide and 6-high boards, so every number up to 35 is seen.
TRAINING_SIZES = (
    *TEST_SIZES,
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 6),
    (6, 6),
    (5, 6),
    (6, 5),
    (6, 4),
    (4, 6),
    (6, 3),
    (3, 6),
)

#: Pixels per tile on the flat board before it is photographed.
FLAT_PITCH = 96


class StyleSet(Enum):
    """Which variety of images to draw."""

    TRAINING = "training"
    TEST = "test"


class FontsMissingError(RuntimeError):
    """No DejaVu font to draw numbers with (install fonts-dejavu-core)."""


@dataclass(frozen=True, eq=False)
class SyntheticPhoto:
    """One generated photo: its JPEG bytes, the board it shows and where that board is."""

    seed: int
    jpeg: bytes
    board: Board
    #: The outline of the grid of tiles in the image (frame excluded), image pixels.
    corners: Quad
    #: A short description of the style, for test failure messages.
    style: str

    def image(self) -> Image.Image:
        return Image.open(io.BytesIO(self.jpeg)).convert("RGB")


@cache
def font_files(style_set: StyleSet) -> tuple[Path, ...]:
    """The DejaVu fonts a style set draws with, sorted so seeds mean the same everywhere.

    Raises FontsMissingError when there are none.
    """
    found: dict[str, Path] = {}
    for folder in FONT_FOLDERS:
        if folder.is_dir():
            for path in folder.rglob("DejaVu*.ttf"):
                found.setdefault(path.name, path)
    found.pop("DejaVuMathTeXGyre.ttf", None)  # its digits are Serif's; it adds nothing
    names = CORE_FONT_FILES if style_set is StyleSet.TEST else tuple(sorted(found))
    fonts = tuple(found[name] for name in names if name in found)
    if not fonts:
        raise FontsMissingError("no DejaVu fonts found: install fonts-dejavu-core")
    return fonts


@cache
def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


Colour = tuple[int, int, int]


def _hsv(hue: float, saturation: float, value: float) -> Colour:
    """An RGB colour from hue (0..1), saturation and value."""
    sector = (hue % 1.0) * 6.0
    index = int(sector)
    fraction = sector - index
    p = value * (1 - saturation)
    q = value * (1 - saturation * fraction)
    t = value * (1 - saturation * (1 - fraction))
    r, g, b = (
        [(value, t, p), (q, value, p), (p, value, t), (p, q, value), (t, p, value)][index % 5]
        if index < 5
        else (value, p, q)
    )
    return (round(r * 255), round(g * 255), round(b * 255))


def _luminance(colour: Colour) -> float:
    r, g, b = colour
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255.0


def _distance(first: Colour, second: Colour) -> float:
    return math.dist(first, second) / 255.0


@dataclass(frozen=True)
class _BoardStyle:
    tile_colours: tuple[Colour, ...]
    number_colours: tuple[Colour, ...]
    base_colour: Colour
    frame_colour: Colour
    gap: int
    frame: int
    corner_radius: int
    bevel: int
    wood_grain: bool
    engraved: bool
    font: Path
    number_height: float
    description: str


def _board_style(rng: np.random.Generator, style_set: StyleSet, cell_count: int) -> _BoardStyle:
    font = font_files(style_set)[int(rng.integers(len(font_files(style_set))))]
    scheme = str(rng.choice(["light", "light", "dark", "coloured", "wood"]))
    if scheme == "light":
        tile = _hsv(rng.random(), rng.uniform(0, 0.25), rng.uniform(0.8, 1.0))
        number = _hsv(rng.random(), rng.uniform(0, 0.9), rng.uniform(0.0, 0.45))
        tiles, numbers = [tile] * cell_count, [number] * cell_count
    elif scheme == "dark":
        tile = _hsv(rng.random(), rng.uniform(0, 0.8), rng.uniform(0.05, 0.4))
        number = _hsv(rng.random(), rng.uniform(0, 0.4), rng.uniform(0.85, 1.0))
        tiles, numbers = [tile] * cell_count, [number] * cell_count
    elif scheme == "wood":
        tile = _hsv(rng.uniform(0.06, 0.12), rng.uniform(0.3, 0.6), rng.uniform(0.65, 0.9))
        number = _hsv(rng.uniform(0.0, 0.1), rng.uniform(0.3, 0.8), rng.uniform(0.1, 0.3))
        tiles, numbers = [tile] * cell_count, [number] * cell_count
    else:
        palette = [
            _hsv(rng.random(), rng.uniform(0.5, 1.0), rng.uniform(0.5, 1.0))
            for _ in range(int(rng.integers(2, 7)))
        ]
        tiles = [palette[int(rng.integers(len(palette)))] for _ in range(cell_count)]
        numbers = [
            (255, 255, 255) if _luminance(colour) < 0.55 else (20, 20, 20) for colour in tiles
        ]
    # The gaps between tiles show the tray: dark under light tiles, light or dark under dark
    # ones, always in some contrast (a real tray's gaps are also in shadow).
    mean_tile = float(np.mean([_luminance(colour) for colour in tiles]))
    base_value = rng.uniform(0.02, 0.3) if mean_tile > 0.5 else rng.uniform(0.75, 0.95)
    base = _hsv(rng.random(), rng.uniform(0, 0.5), base_value)
    frame = _hsv(rng.random(), rng.uniform(0, 0.9), rng.uniform(0.05, 1.0))
    engraved = style_set is StyleSet.TEST and rng.random() < 0.25
    return _BoardStyle(
        tile_colours=tuple(tiles),
        number_colours=tuple(numbers),
        base_colour=base,
        frame_colour=frame,
        gap=int(rng.integers(2, 12)),
        frame=int(rng.integers(4, 50)) if rng.random() < 0.8 else int(rng.integers(2, 5)),
        corner_radius=int(rng.integers(0, 16)),
        bevel=int(rng.integers(0, 6)) if rng.random() < 0.5 else 0,
        wood_grain=scheme == "wood",
        engraved=engraved,
        font=font,
        number_height=float(rng.uniform(0.34, 0.6)),
        description=f"{scheme} tiles, {font.stem}{', engraved' if engraved else ''}",
    )


def _wood_texture(rng: np.random.Generator, width: int, height: int, strength: float) -> FloatImage:
    """A multiplicative grain: stripes whose phase wanders, about 1 +- strength."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    along = xs * np.cos(angle) + ys * np.sin(angle)
    across = -xs * np.sin(angle) + ys * np.cos(angle)
    wander = 6.0 * np.sin(along / rng.uniform(40, 120) + rng.uniform(0, 6))
    stripes = np.sin((across + wander) / rng.uniform(3, 9))
    grain: FloatImage = (1.0 + strength * stripes).astype(np.float32)
    return grain


def _draw_flat_board(
    rng: np.random.Generator, board: Board, style: _BoardStyle
) -> tuple[Image.Image, Image.Image, Quad]:
    """The board seen straight on: image, outline mask, and the tile grid's corners."""
    pitch, gap, frame = FLAT_PITCH, style.gap, style.frame
    width = board.width * pitch + 2 * frame
    height = board.height * pitch + 2 * frame
    image = Image.new("RGB", (width, height), style.frame_colour)
    draw = ImageDraw.Draw(image)
    draw.rectangle(
        (frame - gap // 2, frame - gap // 2, width - frame + gap // 2, height - frame + gap // 2),
        fill=style.base_colour,
    )
    tile_size = pitch - gap
    font_size = max(8, round(style.number_height * tile_size / 0.73))
    font = _font(style.font, font_size)
    for index, number in enumerate(board.tiles):
        if number == 0:
            continue
        row, column = divmod(index, board.width)
        left = frame + column * pitch + gap // 2
        top = frame + row * pitch + gap // 2
        box = (left, top, left + tile_size - 1, top + tile_size - 1)
        colour = style.tile_colours[index]
        if style.bevel:
            darker = tuple(round(c * 0.6) for c in colour)
            lighter = tuple(min(255, round(c * 1.2 + 30)) for c in colour)
            draw.rounded_rectangle(box, style.corner_radius, fill=darker)
            inner = (box[0], box[1], box[2] - style.bevel, box[3] - style.bevel)
            draw.rounded_rectangle(inner, style.corner_radius, fill=lighter)
            face = (
                box[0] + style.bevel,
                box[1] + style.bevel,
                box[2] - style.bevel,
                box[3] - style.bevel,
            )
            draw.rounded_rectangle(face, style.corner_radius, fill=colour)
        else:
            draw.rounded_rectangle(box, style.corner_radius, fill=colour)
        text = str(number)
        centre_x = left + tile_size / 2 + rng.uniform(-0.04, 0.04) * tile_size
        centre_y = top + tile_size / 2 + rng.uniform(-0.04, 0.04) * tile_size
        text_box = draw.textbbox((0, 0), text, font=font)
        text_width = text_box[2] - text_box[0]
        used_font = font
        if text_width > 0.86 * tile_size:
            used_font = _font(style.font, max(8, int(font_size * 0.86 * tile_size / text_width)))
        if style.engraved:
            highlight = tuple(min(255, c + 90) for c in colour)
            draw.text(
                (centre_x + 2, centre_y + 2), text, font=used_font, anchor="mm", fill=highlight
            )
        draw.text(
            (centre_x, centre_y),
            text,
            font=used_font,
            anchor="mm",
            fill=style.number_colours[index],
        )
    if style.wood_grain:
        grain = _wood_texture(rng, width, height, 0.06)
        pixels = np.asarray(image, dtype=np.float32) * grain[:, :, None]
        image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, width - 1, height - 1), min(frame, 12) if frame > 4 else 0, fill=255
    )
    grid = Quad(
        (frame, frame),
        (width - frame, frame),
        (width - frame, height - frame),
        (frame, height - frame),
    )
    return image, mask, grid


def _background(
    rng: np.random.Generator,
    size: tuple[int, int],
    avoid: Colour,
    board_box: tuple[float, float, float, float],
) -> Image.Image:
    width, height = size
    while True:
        colour = _hsv(rng.random(), rng.uniform(0, 0.7), rng.uniform(0.1, 0.95))
        if _distance(colour, avoid) > 0.3:
            break
    kind = str(rng.choice(["plain", "wood", "cloth", "clutter"]))
    pixels = np.empty((height, width, 3), dtype=np.float32)
    pixels[:] = colour
    if kind == "wood":
        pixels *= _wood_texture(rng, width, height, 0.08)[:, :, None]
    elif kind == "cloth":
        coarse = rng.normal(1.0, 0.05, size=(height // 8 + 1, width // 8 + 1)).astype(np.float32)
        noise = Image.fromarray(coarse, mode="F").resize((width, height), Image.Resampling.BILINEAR)
        pixels *= np.asarray(noise, dtype=np.float32)[:, :, None]
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    if kind == "clutter":
        draw = ImageDraw.Draw(image)
        for _ in range(int(rng.integers(2, 6))):
            x, y = rng.uniform(0, width), rng.uniform(0, height)
            w, h = rng.uniform(0.05, 0.3) * width, rng.uniform(0.05, 0.3) * height
            shape = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            if (
                shape[0] < board_box[2]
                and shape[2] > board_box[0]
                and shape[1] < board_box[3]
                and shape[3] > board_box[1]
            ):
                continue  # things lie beside the board, not under it
            fill = _hsv(rng.random(), rng.uniform(0, 1), rng.uniform(0.1, 1))
            if rng.random() < 0.5:
                draw.ellipse(shape, fill=fill)
            else:
                draw.rectangle(shape, fill=fill)
    return image


def _camera(
    rng: np.random.Generator, flat_size: tuple[int, int], image_size: tuple[int, int]
) -> npt.NDArray[np.float64]:
    """Where the flat board's corners land in the photo: a camera tilted up to 30 degrees
    and turned up to 12, the board filling 40 to 85 percent of the photo's short side."""
    flat_width, flat_height = flat_size
    width, height = image_size
    half = np.array(
        [
            [-flat_width / 2, -flat_height / 2, 0.0],
            [flat_width / 2, -flat_height / 2, 0.0],
            [flat_width / 2, flat_height / 2, 0.0],
            [-flat_width / 2, flat_height / 2, 0.0],
        ]
    ) / max(flat_width, flat_height)
    tilt = np.radians(rng.uniform(0, 30))
    axis_angle = rng.uniform(0, 2 * np.pi)
    axis = np.array([np.cos(axis_angle), np.sin(axis_angle), 0.0])
    # Rodrigues' formula: a tilt about an axis lying in the board.
    cross = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    tilt_matrix = np.eye(3) + np.sin(tilt) * cross + (1 - np.cos(tilt)) * cross @ cross
    turn = np.radians(rng.uniform(-12, 12))
    turn_matrix = np.array(
        [[np.cos(turn), -np.sin(turn), 0], [np.sin(turn), np.cos(turn), 0], [0, 0, 1]]
    )
    rotated = half @ (turn_matrix @ tilt_matrix).T
    focal = rng.uniform(0.8, 1.3)
    depth = rotated[:, 2] + focal * rng.uniform(1.0, 1.6)
    projected = rotated[:, :2] * (focal / depth)[:, None]
    projected -= (projected.max(axis=0) + projected.min(axis=0)) / 2
    span = projected.max(axis=0) - projected.min(axis=0)
    fill = rng.uniform(0.4, 0.85)
    scale = fill * min(width / span[0], height / span[1])
    projected *= scale
    room = (np.array([width, height]) - span * scale) / 2
    offset = np.array([width / 2, height / 2]) + rng.uniform(-0.8, 0.8, size=2) * room
    corners: npt.NDArray[np.float64] = projected + offset
    return corners


def generate_photo(seed: int, style_set: StyleSet = StyleSet.TEST) -> SyntheticPhoto:
    """The photo for `seed`. Raises FontsMissingError without DejaVu fonts."""
    rng = np.random.default_rng([seed, 0 if style_set is StyleSet.TRAINING else 1])
    sizes = TEST_SIZES if style_set is StyleSet.TEST else TRAINING_SIZES
    width, height = sizes[int(rng.integers(len(sizes)))]
    board = Board(width, height, tuple(int(t) for t in rng.permutation(width * height)))
    style = _board_style(rng, style_set, width * height)
    flat, mask, flat_grid = _draw_flat_board(rng, board, style)

    long_side = int(rng.integers(900, 1400))
    image_size = (long_side, long_side * 3 // 4)
    if rng.random() < 0.35:
        image_size = (image_size[1], image_size[0])
    flat_corners = np.array(
        [[0, 0], [flat.width, 0], [flat.width, flat.height], [0, flat.height]], dtype=np.float64
    )
    photo_corners = _camera(rng, flat.size, image_size)
    flat_to_photo = homography(flat_corners, photo_corners)
    photo_to_flat = np.asarray(np.linalg.inv(flat_to_photo), dtype=np.float64)
    coefficients = pillow_perspective_coefficients(photo_to_flat)

    edge_colour = style.frame_colour
    low, high = photo_corners.min(axis=0), photo_corners.max(axis=0)
    pad = 0.08 * (high - low)
    board_box = (low[0] - pad[0], low[1] - pad[1], high[0] + pad[0], high[1] + pad[1])
    background = _background(rng, image_size, edge_colour, board_box)
    warped_mask = mask.transform(
        image_size, Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BILINEAR
    )
    if rng.random() < 0.7:  # the board's own shadow on the table
        offset = (int(rng.integers(-12, 13)), int(rng.integers(-12, 13)))
        shadow = Image.new("L", image_size, 0)
        shadow.paste(warped_mask, offset)
        shadow = shadow.filter(ImageFilter.GaussianBlur(rng.uniform(3, 10)))
        darkness = rng.uniform(0.3, 0.6)
        shade = np.asarray(shadow, dtype=np.float32)[:, :, None] / 255.0
        pixels = np.asarray(background, dtype=np.float32) * (1 - darkness * shade)
        background = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    warped = flat.transform(
        image_size, Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BICUBIC
    )
    background.paste(warped, (0, 0), warped_mask)
    pixels = np.asarray(background, dtype=np.float32) / 255.0
    pixels = _light(rng, pixels, photo_corners)
    photo = Image.fromarray(np.clip(pixels * 255.0 + 0.5, 0, 255).astype(np.uint8))
    blur = rng.uniform(0.0, 1.8)
    if blur > 0.3:
        photo = photo.filter(ImageFilter.GaussianBlur(blur))
    noise_level = rng.uniform(0.0, 0.03)
    if noise_level > 0.005:
        noisy = np.asarray(photo, dtype=np.float32) + rng.normal(
            0.0, noise_level * 255.0, size=(image_size[1], image_size[0], 3)
        ).astype(np.float32)
        photo = Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8))
    stream = io.BytesIO()
    photo.save(stream, format="JPEG", quality=int(rng.integers(55, 96)))
    grid_points = apply_homography(flat_to_photo, flat_grid.as_array())
    grid_in_photo = Quad(*((float(x), float(y)) for x, y in grid_points))
    return SyntheticPhoto(
        seed=seed,
        jpeg=stream.getvalue(),
        board=board,
        corners=grid_in_photo,
        style=f"{width}x{height}, {style.description}, blur {blur:.1f}",
    )


def _light(
    rng: np.random.Generator, pixels: FloatImage, board_corners: npt.NDArray[np.float64]
) -> FloatImage:
    """Room light: a gradient across the photo, sometimes a cast shadow and a glare spot."""
    height, width = pixels.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = (xs * np.cos(angle) + ys * np.sin(angle)) / max(width, height)
    field = 1.0 + rng.uniform(-0.25, 0.25) * (ramp - ramp.mean())
    if rng.random() < 0.4:  # a soft-edged shadow of something between the lamp and the board
        shadow_angle = rng.uniform(0, 2 * np.pi)
        across = xs * np.cos(shadow_angle) + ys * np.sin(shadow_angle)
        centre = board_corners.mean(axis=0)
        edge = centre[0] * np.cos(shadow_angle) + centre[1] * np.sin(shadow_angle)
        edge += rng.uniform(-0.2, 0.2) * max(width, height)
        softness = rng.uniform(5, 40)
        inside = 1.0 / (1.0 + np.exp(-(across - edge) / softness))
        field = field * (1.0 - rng.uniform(0.15, 0.45) * inside)
    lit = pixels * field[:, :, None].astype(np.float32)
    if rng.random() < 0.5:  # glare: a bright spot where the lamp reflects off the tiles
        spot = (
            board_corners[int(rng.integers(4))] * rng.uniform(0.2, 0.8)
            + board_corners.mean(axis=0) * 0
        )
        spot = board_corners.mean(axis=0) + (spot - board_corners.mean(axis=0)) * rng.uniform(0, 1)
        radius = rng.uniform(0.03, 0.1) * max(width, height)
        glow = np.exp(-((xs - spot[0]) ** 2 + (ys - spot[1]) ** 2) / (2 * radius**2))
        strength = rng.uniform(0.3, 0.7)
        lit = lit + (strength * glow)[:, :, None] * (1.0 - lit)
    result: FloatImage = lit.astype(np.float32)
    return result
