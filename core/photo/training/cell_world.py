"""A wide synthetic world of numbered tiles, drawn a board's worth of cells at a time, for
the number network to learn from.

Each board gets one style: printed numbers in any installed font (sans, serif, mono,
condensed, bold, thin, italic), stroke-drawn handwriting (Hershey stroke fonts whose
strokes are bent and thickened at random), or embossed numbers; dark on light, light on
dark, coloured ink, coloured tiles; tiles with rims, bevels and gaps of any width; uneven
light, glare, noise, blur and JPEG. The blank is a hole showing the tray or the table, an
empty tile, or a tile with a picture. Each cell is cut as the reader cuts it, from lines a
few percent off the true ones, and turned into the network's inputs by the reader's own
`network_inputs`, so the network learns on exactly what it is shown.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from core.photo.cells import FloatArray, cell_crops, network_inputs
from core.photo.network import MAX_NUMBER

if TYPE_CHECKING:
    from collections.abc import Sequence

FONT_FOLDERS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))

#: Font files whose digits are not digits (symbols, dingbats, maths).
_NOT_DIGITS = ("Symbol", "Dingbat", "D050000L", "Math", "Emoji", "OpenSymbol")

#: Hershey stroke fonts whose digits are ordinary ones: roman, script and cursive hands.
HERSHEY_FONTS = (
    "futural",
    "futuram",
    "cursive",
    "scriptc",
    "scripts",
    "rowmand",
    "rowmans",
    "rowmant",
    "timesr",
    "timesrb",
    "timesi",
    "timesib",
)

Colour = tuple[int, int, int]


@cache
def font_pool() -> tuple[Path, ...]:
    """Every installed TrueType or OpenType font with Latin digits, sorted (so a seed draws
    the same fonts on a machine with the same fonts)."""
    found: dict[str, Path] = {}
    for folder in FONT_FOLDERS:
        if not folder.is_dir():
            continue
        for path in folder.rglob("*"):
            if path.suffix.lower() not in {".ttf", ".otf"}:
                continue
            name = path.name
            if any(word in name for word in _NOT_DIGITS):
                continue
            if name.startswith("Noto") and not name.startswith(
                (
                    "NotoSans-",
                    "NotoSerif-",
                    "NotoSansMono-",
                    "NotoSansDisplay-",
                    "NotoSerifDisplay-",
                )
            ):
                continue  # the other Noto fonts are other scripts
            found.setdefault(name, path)
    return tuple(found[name] for name in sorted(found))


@cache
def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


@cache
def _hershey_strokes(font: str, digit: str) -> tuple[tuple[tuple[float, float], ...], ...]:
    """A digit's strokes in the Hershey font, as polylines, y down."""
    from HersheyFonts import HersheyFonts  # dev only: hershey-fonts

    hershey = HersheyFonts()
    hershey.load_default_font(font)
    strokes: list[list[tuple[float, float]]] = []
    for start, end in hershey.lines_for_text(digit):
        if strokes and strokes[-1][-1] == start:
            strokes[-1].append(end)
        else:
            strokes.append([start, end])
    return tuple(tuple(stroke) for stroke in strokes)


def _hsv(hue: float, saturation: float, value: float) -> Colour:
    import colorsys

    r, g, b = colorsys.hsv_to_rgb(hue % 1.0, saturation, value)
    return (round(r * 255), round(g * 255), round(b * 255))


def _luminance(colour: Colour) -> float:
    r, g, b = colour
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255.0


@dataclass(frozen=True)
class _Style:
    tile: Colour
    ink: Colour
    tray: Colour
    font: Path | None  # None: a Hershey hand
    hershey: str
    stroke: float  # Hershey stroke width, a share of the number's height
    wobble: float  # how much a hand bends the strokes
    embossed: bool
    pressed: float  # numerals pressed in (0: printed): the relief's depth, a share of the cell
    relief: tuple[float, float]  # the direction the light falls across a pressed numeral
    grain: float  # the tile's grain or speckle, its strength (0: plain)
    grain_period: float  # a share of the cell between the grain's stripes (0: speckle)
    grain_angle: float
    height: float  # the number's height, a share of the cell's
    spacing: float  # between two digits, a share of a digit's width
    gap: float  # the gap between tiles, a share of the cell
    rim: float  # a lighter or darker rim, a share of the cell (0: none)
    rim_colour: Colour
    cell: int  # pixels between grid lines
    blank_kind: str
    light: float  # strength of the light's gradient
    glare: float
    noise: float
    blur: float
    jpeg: int


def _style(rng: np.random.Generator) -> _Style:
    scheme = rng.choice(["light", "light", "dark", "dark", "coloured", "low", "wood"])
    if scheme == "light":
        tile = _hsv(rng.random(), rng.uniform(0, 0.3), rng.uniform(0.7, 1.0))
        ink = _hsv(rng.random(), rng.uniform(0, 1.0), rng.uniform(0.0, 0.55))
    elif scheme == "dark":
        tile = _hsv(rng.random(), rng.uniform(0, 0.8), rng.uniform(0.03, 0.4))
        ink = _hsv(rng.random(), rng.uniform(0, 0.6), rng.uniform(0.7, 1.0))
    elif scheme == "coloured":
        tile = _hsv(rng.random(), rng.uniform(0.5, 1.0), rng.uniform(0.4, 1.0))
        ink = (
            _hsv(rng.random(), rng.uniform(0, 0.3), rng.uniform(0.85, 1.0))
            if _luminance(tile) < 0.55
            else _hsv(rng.random(), rng.uniform(0, 0.5), rng.uniform(0, 0.3))
        )
    elif scheme == "wood":
        tile = _hsv(rng.uniform(0.05, 0.12), rng.uniform(0.3, 0.7), rng.uniform(0.55, 0.9))
        ink = _hsv(rng.uniform(0.0, 0.1), rng.uniform(0.3, 0.9), rng.uniform(0.05, 0.35))
    else:  # low contrast: the same hue a little lighter or darker (embossed, faded)
        hue, saturation = rng.random(), rng.uniform(0, 0.8)
        value = rng.uniform(0.3, 0.8)
        tile = _hsv(hue, saturation, value)
        ink = _hsv(hue, saturation * rng.uniform(0.5, 1.2), value + rng.choice([-1, 1]) * 0.25)
    mean = _luminance(tile)
    tray = _hsv(
        rng.random(),
        rng.uniform(0, 0.6),
        rng.uniform(0.0, 0.3) if mean > 0.4 else rng.uniform(0, 0.95),
    )
    hand = rng.random() < 0.3
    fonts = font_pool()
    rim_on = rng.random() < 0.5
    return _Style(
        tile=tile,
        ink=ink,
        tray=tray,
        font=None if hand or not fonts else fonts[int(rng.integers(len(fonts)))],
        hershey=HERSHEY_FONTS[int(rng.integers(len(HERSHEY_FONTS)))],
        stroke=float(rng.uniform(0.04, 0.16)),
        wobble=float(rng.uniform(0.0, 0.06)),
        embossed=bool(rng.random() < 0.1),
        pressed=float(rng.uniform(0.012, 0.04)) if rng.random() < 0.12 else 0.0,
        relief=_direction(rng),
        grain=float(rng.uniform(0.04, 0.3))
        if rng.random() < (0.6 if scheme == "wood" else 0.15)
        else 0.0,
        grain_period=float(rng.choice([0.0, rng.uniform(0.02, 0.15), rng.uniform(0.02, 0.15)])),
        grain_angle=float(rng.normal(0, 0.3) + rng.choice([0, math.pi / 2])),
        height=float(rng.uniform(0.3, 0.85)),
        spacing=float(rng.uniform(-0.05, 0.45)),
        gap=float(rng.choice([0.0, rng.uniform(0.0, 0.03), rng.uniform(0.02, 0.1)])),
        rim=float(rng.uniform(0.02, 0.1)) if rim_on else 0.0,
        rim_colour=_hsv(rng.random(), rng.uniform(0, 0.5), rng.uniform(0, 1)),
        cell=int(rng.integers(40, 150)),
        blank_kind=str(rng.choice(["hole", "hole", "empty", "picture", "dark"])),
        light=float(rng.uniform(0, 0.35)),
        glare=float(rng.uniform(0, 1) if rng.random() < 0.25 else 0.0),
        noise=float(rng.uniform(0, 0.05)),
        blur=float(rng.uniform(0, 1.6)),
        jpeg=int(rng.integers(35, 96)),
    )


def _direction(rng: np.random.Generator) -> tuple[float, float]:
    angle = rng.uniform(0, 2 * math.pi)
    return (math.cos(angle), math.sin(angle))


def _grain(style: _Style, rng: np.random.Generator, full: int) -> FloatArray:
    """A tile's texture about 1: wavy stripes of wood grain, or a fine speckle of stone or
    moulded plastic; each tile is its own piece, so each cell draws its own."""
    if style.grain_period == 0:
        speckle = rng.normal(0, 1, size=(full // 3 + 2, full // 3 + 2)).astype(np.float32)
        grown = Image.fromarray(speckle, mode="F").resize((full, full), Image.Resampling.BICUBIC)
        texture = np.asarray(grown, dtype=np.float32) / 2
    else:
        ys, xs = np.mgrid[0:full, 0:full].astype(np.float32) / style.cell
        angle = style.grain_angle + rng.normal(0, 0.15)
        across = np.cos(angle) * ys - np.sin(angle) * xs
        along = np.cos(angle) * xs + np.sin(angle) * ys
        wave = rng.uniform(0, 0.6) * np.sin(along * rng.uniform(1, 5) + rng.uniform(0, 7))
        period = style.grain_period * rng.uniform(0.7, 1.4)
        texture = np.sin((across + wave * period * 3) / period * 2 * math.pi)
        texture = np.sign(texture) * np.abs(texture) ** rng.uniform(0.4, 1.5)
    return (1 + style.grain * texture).astype(np.float32)


def _pressed_in(pixels: FloatArray, layer: FloatArray, style: _Style, size: int) -> FloatArray:
    """Numerals pressed into the tile: hardly any ink of their own, in shadow along the edge
    the light falls from and lit along the other."""
    shift = max(1, round(style.pressed * size))
    dx, dy = (round(shift * component) for component in style.relief)
    shifted = np.roll(layer, (dy, dx), axis=(0, 1))
    shadow = np.clip(layer - shifted, 0, 1)
    lit = np.clip(shifted - layer, 0, 1)
    pixels = _mix(pixels, (0, 0, 0), shadow * 0.55)
    pixels = _mix(pixels, (255, 255, 255), lit * 0.45)
    return pixels * (1 - 0.15 * layer[..., None])


def _hand_mask(text: str, style: _Style, rng: np.random.Generator, height: int) -> Image.Image:
    """Stroke-drawn digits, each bent, scaled and placed a little differently."""
    glyphs = []
    for digit in text:
        strokes = _hershey_strokes(style.hershey, digit)
        corners = np.array([p for polyline in strokes for p in polyline], dtype=np.float64)
        top, bottom = corners[:, 1].min(), corners[:, 1].max()
        left, right = corners[:, 0].min(), corners[:, 0].max()
        span = max(bottom - top, 1.0)
        size = height * rng.uniform(0.85, 1.1)
        scale = size / span
        slant = rng.uniform(-0.25, 0.25)
        squeeze = rng.uniform(0.75, 1.25)
        bend = rng.normal(0, style.wobble * size, size=(4,))
        placed = []
        for polyline in strokes:
            line = []
            for x, y in polyline:
                u, v = (x - left) * scale * squeeze, (y - top) * scale
                u += slant * (size - v) + bend[0] * math.sin(v / size * 3 + bend[1])
                v += bend[2] * math.sin(u / size * 3 + bend[3])
                line.append((u, v))
            placed.append(line)
        glyphs.append((placed, (right - left) * scale * squeeze + abs(slant) * size))
    width = int(sum(w for _, w in glyphs) * (1 + style.spacing) + height * 0.6)
    canvas = Image.new("L", (max(width, 8), int(height * 1.6)), 0)
    draw = ImageDraw.Draw(canvas)
    stroke = max(1, round(style.stroke * height * rng.uniform(0.8, 1.2)))
    x = height * 0.3
    for placed, glyph_width in glyphs:
        dy = rng.uniform(-0.08, 0.08) * height + height * 0.3
        for line in placed:
            path = [(x + u, dy + v) for u, v in line]
            draw.line(path, fill=255, width=stroke, joint="curve")
            for px, py in (path[0], path[-1]):
                r = stroke / 2
                draw.ellipse((px - r, py - r, px + r, py + r), fill=255)
        x += glyph_width * (1 + style.spacing) + stroke
    box = canvas.getbbox()
    return canvas.crop(box) if box else canvas


def _printed_mask(text: str, style: _Style, rng: np.random.Generator, height: int) -> Image.Image:
    assert style.font is not None
    font = _font(style.font, max(8, int(height * 1.35)))
    if len(text) > 1 and style.spacing > 0.25:
        # wide-set digits, one at a time
        masks = [_printed_mask(digit, style, rng, height) for digit in text]
        gap = int(style.spacing * 0.4 * height)
        width = sum(mask.width for mask in masks) + gap * (len(masks) - 1)
        canvas = Image.new("L", (width, max(mask.height for mask in masks)), 0)
        x = 0
        for mask in masks:
            canvas.paste(mask, (x, canvas.height - mask.height))
            x += mask.width + gap
        return canvas
    left, top, right, bottom = (round(value) for value in font.getbbox(text))
    canvas = Image.new("L", (right - left + 4, bottom - top + 4), 0)
    ImageDraw.Draw(canvas).text((2 - left, 2 - top), text, font=font, fill=255)
    box = canvas.getbbox()
    return canvas.crop(box) if box else canvas


def _number_mask(number: int, style: _Style, rng: np.random.Generator, size: int) -> Image.Image:
    """The number's ink as a mask on a size x size canvas (the cell, lines at its edges)."""
    height = max(6, round(style.height * size * rng.uniform(0.92, 1.08)))
    text = str(number)
    if style.font is None:
        glyph = _hand_mask(text, style, rng, height)
    else:
        glyph = _printed_mask(text, style, rng, height)
    # the number fits inside its tile
    limit = 0.97 * size
    factor = min(1.0, limit / max(glyph.width, 1), limit / max(glyph.height, 1))
    if factor < 1.0 or glyph.height != height:
        factor = min(factor, height / max(glyph.height, 1)) if glyph.height > height else factor
        glyph = glyph.resize(
            (max(1, round(glyph.width * factor)), max(1, round(glyph.height * factor))),
            Image.Resampling.LANCZOS,
        )
    angle = rng.normal(0, 4)
    glyph = glyph.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    canvas = Image.new("L", (size, size), 0)
    x = (size - glyph.width) / 2 + rng.normal(0, 0.04) * size
    y = (size - glyph.height) / 2 + rng.normal(0, 0.04) * size
    canvas.paste(glyph, (round(x), round(y)))
    return canvas


def _picture_mask(rng: np.random.Generator, size: int) -> Image.Image:
    """A picture on a blank tile: a few shapes and strokes (a hand, a logo, a star)."""
    canvas = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(canvas)
    for _ in range(int(rng.integers(1, 6))):
        points = rng.uniform(0.15, 0.85, size=(int(rng.integers(3, 7)), 2)) * size
        kind = rng.integers(3)
        flat = [(float(x), float(y)) for x, y in points]
        if kind == 0:
            draw.polygon(flat, fill=int(rng.integers(120, 256)))
        elif kind == 1:
            draw.line(flat, fill=255, width=max(1, int(size * rng.uniform(0.02, 0.08))))
        else:
            (x0, y0), (x1, y1) = np.sort(points[:2], axis=0)
            draw.ellipse((x0, y0, x1 + 2, y1 + 2), outline=255, width=max(1, size // 30))
    return canvas


def _mix(base: FloatArray, colour: Colour, mask: npt.NDArray[np.floating]) -> FloatArray:
    target = np.array(colour, dtype=np.float32) / 255.0
    weight = mask[..., None].astype(np.float32)
    result: FloatArray = base * (1 - weight) + target * weight
    return result


def _paste(layer: FloatArray, mask: Image.Image, left: int, top: int) -> None:
    """Lay a size x size mask onto the layer with its top left at (left, top), clipped."""
    values = np.asarray(mask, dtype=np.float32) / 255.0
    height, width = values.shape
    x0, y0 = max(0, left), max(0, top)
    x1, y1 = min(layer.shape[1], left + width), min(layer.shape[0], top + height)
    if x1 > x0 and y1 > y0:
        region = values[y0 - top : y1 - top, x0 - left : x1 - left]
        layer[y0:y1, x0:x1] = np.maximum(layer[y0:y1, x0:x1], region)


def _draw_cell(number: int, style: _Style, rng: np.random.Generator) -> tuple[FloatArray, float]:
    """One cell with a margin of its neighbours round it (pixels 0..1) and where its lines
    are (the cell spans margin .. margin + style.cell on both axes)."""
    size = style.cell
    margin = max(4, size // 4)
    full = size + 2 * margin
    pixels = np.empty((full, full, 3), dtype=np.float32)
    pixels[:] = np.array(style.tray, dtype=np.float32) / 255.0
    gap = style.gap * size
    tile = np.zeros((full, full), dtype=np.float32)
    # this tile and the neighbours' edges: tiles sit between the gaps round each line
    for line_x in (margin - size, margin, margin + size):
        for line_y in (margin - size, margin, margin + size):
            x0, y0 = line_x + gap / 2, line_y + gap / 2
            x1, y1 = line_x + size - gap / 2, line_y + size - gap / 2
            xs0, ys0 = max(0, round(x0)), max(0, round(y0))
            xs1, ys1 = min(full, round(x1)), min(full, round(y1))
            if xs1 > xs0 and ys1 > ys0:
                tile[ys0:ys1, xs0:xs1] = 1.0
    hole = number == 0 and style.blank_kind in {"hole", "dark"}
    if hole:
        tile[margin : margin + size, margin : margin + size] = 0.0
        if style.blank_kind == "dark":
            pixels[margin : margin + size, margin : margin + size] *= rng.uniform(0.2, 0.7)
    pixels = _mix(pixels, style.tile, tile)
    if style.grain > 0:
        pixels *= (1 + (_grain(style, rng, full) - 1) * tile)[..., None]
    if style.rim > 0:
        inner = tile.copy()
        steps = max(1, round(style.rim * size))
        eroded = (
            np.asarray(
                Image.fromarray((inner * 255).astype(np.uint8)).filter(
                    ImageFilter.MinFilter(2 * steps + 1)
                ),
                dtype=np.float32,
            )
            / 255.0
        )
        pixels = _mix(pixels, style.rim_colour, (tile - eroded) * rng.uniform(0.3, 0.9))
    if number > 0 or rng.random() < 0.5:
        layer = np.zeros((full, full), dtype=np.float32)
        if number > 0:
            _paste(layer, _number_mask(number, style, rng, size), margin, margin)
        # The neighbours' numbers reach in where tiles are packed tight and the lines are
        # placed a little off.
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if rng.random() < 0.5:
                neighbour = _number_mask(int(rng.integers(1, MAX_NUMBER + 1)), style, rng, size)
                _paste(layer, neighbour, margin + dx * size, margin + dy * size)
        if style.embossed:
            shift = max(1, size // 40)
            shadow = np.roll(layer, (shift, shift), axis=(0, 1))
            light = np.roll(layer, (-shift, -shift), axis=(0, 1))
            pixels = _mix(pixels, (0, 0, 0), shadow * 0.5)
            pixels = _mix(pixels, (255, 255, 255), light * 0.4)
        if style.pressed > 0:
            pixels = _pressed_in(pixels, layer, style, size)
        else:
            pixels = _mix(pixels, style.ink, layer)
    elif style.blank_kind == "picture":
        mask = np.asarray(_picture_mask(rng, size), dtype=np.float32) / 255.0
        layer = np.zeros((full, full), dtype=np.float32)
        layer[margin : margin + size, margin : margin + size] = mask
        colour = _hsv(rng.random(), rng.uniform(0, 1), rng.uniform(0, 1))
        pixels = _mix(pixels, colour, layer)
    return pixels, float(margin)


def _photograph(pixels: FloatArray, style: _Style, rng: np.random.Generator) -> FloatArray:
    """Light, glare, blur, noise and JPEG, as a camera adds them."""
    height, width = pixels.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (np.cos(angle) * xs / width + np.sin(angle) * ys / height) * style.light
    pixels = pixels * (1 - style.light / 2 + ramp)[..., None]
    if style.glare > 0 and rng.random() < 0.5:
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        radius = rng.uniform(0.1, 0.5) * width
        spot = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * radius**2)) * style.glare * 0.7
        pixels = pixels + (1 - pixels) * spot[..., None]
    image = Image.fromarray((np.clip(pixels, 0, 1) * 255).astype(np.uint8))
    if style.blur > 0.2:
        image = image.filter(ImageFilter.GaussianBlur(style.blur * style.cell / 100))
    noisy = np.asarray(image, dtype=np.float32) / 255.0
    noisy = noisy + rng.normal(0, style.noise, size=noisy.shape).astype(np.float32)
    image = Image.fromarray((np.clip(noisy, 0, 1) * 255).astype(np.uint8))
    stream = io.BytesIO()
    image.save(stream, format="JPEG", quality=style.jpeg)
    return np.asarray(Image.open(stream).convert("RGB"), dtype=np.float32) / 255.0


def _cut(pixels: FloatArray, margin: float, size: int, rng: np.random.Generator) -> FloatArray:
    """The cell as the reader cuts it, from lines up to a few percent off."""
    offsets = rng.normal(0, 0.035, size=4) * size
    left, top = margin + offsets[0], margin + offsets[1]
    right, bottom = margin + size + offsets[2], margin + size + offsets[3]
    (crop,) = cell_crops(pixels, (left, right), (top, bottom))
    return crop


def board_numbers(rng: np.random.Generator, count: int) -> list[int]:
    """A board's worth of numbers: the blank and count - 1 numbers, the low ones likelier
    (most puzzles are 3x3 to 5x5)."""
    numbers = {0}
    while len(numbers) < count:
        band = rng.random()
        top = 15 if band < 0.45 else 35 if band < 0.8 else MAX_NUMBER
        numbers.add(int(rng.integers(1, top + 1)))
    ordered = sorted(numbers)
    rng.shuffle(ordered)
    return ordered


def draw_board(
    seed: int, count: int = 12, numbers: list[int] | None = None
) -> tuple[FloatArray, FloatArray, list[int]]:
    """One board's cells in one style, as the network sees them: (pictures, measures,
    numbers), the blank as 0; `count` numbers drawn at random unless `numbers` are given."""
    rng = np.random.default_rng(seed)
    style = _style(rng)
    if numbers is None:
        numbers = board_numbers(rng, count)
    else:
        numbers = [int(n) for n in rng.permutation(numbers)]
    crops = []
    for number in numbers:
        pixels, margin = _draw_cell(number, style, rng)
        photo = _photograph(pixels, style, rng)
        crops.append(_cut(photo, margin, style.cell, rng))
    pictures, measures = network_inputs(crops)
    return pictures, measures, numbers


def draw_boards(seeds: Sequence[int]) -> tuple[FloatArray, FloatArray, np.ndarray]:
    pictures, measures, labels = [], [], []
    for seed in seeds:
        board_pictures, board_measures, numbers = draw_board(seed)
        pictures.append(board_pictures)
        measures.append(board_measures)
        labels.extend(numbers)
    return np.concatenate(pictures), np.concatenate(measures), np.asarray(labels)
