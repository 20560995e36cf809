"""Physical puzzles unlike the development set's, rendered as 3D scenes by POV-Ray, for
judging the photo reader on boards it has never seen in any form: a classic plastic
15-puzzle in its frame, a red-and-white checkered one, coloured tiles, a wooden tray,
metal tiles, loose blocks on a table; numerals printed, pressed in or raised, in fonts the
training world does not use (Debian's fonts-inter, -linuxlibertine, -b612, -hack,
-league-spartan, -bebas-neue, -cabin, -go, -adf-gillius, -adf-tribun, -quicksand,
-sil-andika), every one with lining figures as puzzles print them; lit by an area light
that casts soft shadows and glints on glossy plastic, photographed from up to 35 degrees
off the vertical, turned any way, the board a quarter to most of the frame; with
`--clutter`, things beside it (a mug, pens, a phone, a book, coins, a printed card) and
sometimes the table's edge, the same boards and cameras otherwise. Nothing here is
drawn by the training generator or derived from the development photos: the light, the
shading, the perspective and the camera are POV-Ray's.

    apt-get install povray fonts-inter fonts-linuxlibertine ...   # the list above
    .venv/bin/python bench/photo_rendered.py write DIR [--count 60] [--first 0] [--clutter]
    .venv/bin/python bench/photo_corpus.py read DIR --save R.json

`write` renders the scenes (seeded: the same seed gives the same scene with the same fonts
installed) and writes DIR/truth.json in photo_corpus's form, named KIND__SEED.jpg, so
`photo_corpus.py read` grades them by kind. Asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

KINDS = ("classic", "checker", "coloured", "wooden", "metal", "loose")

#: Fonts the training world never draws with (core/photo/training/__init__.py lists its
#: packages): bold and regular faces people print puzzle numerals in, all with lining
#: figures (EB Garamond's old-style 3, 4, 5, 7 and 9, which dip below the line and which
#: no puzzle we know prints, were here in the first scenes rendered).
HELD_OUT_FONTS = (
    "/usr/share/fonts/opentype/inter/Inter-Bold.otf",
    "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
    "/usr/share/fonts/opentype/inter/Inter-Black.otf",
    "/usr/share/fonts/opentype/linux-libertine/LinLibertine_RB.otf",
    "/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf",
    "/usr/share/fonts/opentype/linux-libertine/LinLibertine_RZ.otf",
    "/usr/share/fonts/opentype/b612/B612-Bold.otf",
    "/usr/share/fonts/truetype/hack/Hack-Bold.ttf",
    "/usr/share/fonts/opentype/league-spartan/LeagueSpartan-Bold.otf",
    "/usr/share/fonts/opentype/bebas-neue/BebasNeue-Bold.otf",
    "/usr/share/fonts/opentype/cabin/Cabin-Bold.otf",
    "/usr/share/fonts/fonts-go/Go-Bold.ttf",
    "/usr/share/fonts/fonts-go/Go-Medium.ttf",
    "/usr/share/fonts/truetype/adf/GilliusADF-Bold.otf",
    "/usr/share/fonts/truetype/adf/TribunADFStd-Bold.otf",
    "/usr/share/fonts/truetype/quicksand/Quicksand-Bold.ttf",
    "/usr/share/fonts/truetype/andika/Andika-Bold.ttf",
)

#: Pixels a side of each tile's numeral texture.
TEXTURE = 256

Rgb = tuple[float, float, float]


@dataclass(frozen=True)
class Scene:
    kind: str
    width: int
    height: int
    tiles: tuple[int, ...]
    source: str  # the POV-Ray scene
    textures: dict[str, bytes]  # file name -> PNG bytes the scene reads
    image_size: tuple[int, int]
    quality: int
    blur: float
    noise: float


def available_fonts() -> list[str]:
    return [path for path in HELD_OUT_FONTS if Path(path).is_file()]


def _vector(values: Rgb | tuple[float, ...]) -> str:
    return "<" + ", ".join(f"{value:.4f}" for value in values) + ">"


def _numeral_textures(
    number: int, font: str, ink_share: float, rng: random.Random
) -> tuple[bytes, bytes]:
    """The numeral as an alpha mask (printed ink) and as a blurred height map (pressed in
    or raised), both TEXTURE square, centred."""
    mask = Image.new("L", (TEXTURE, TEXTURE), 0)
    draw = ImageDraw.Draw(mask)
    text = str(number)
    size = 200
    face = ImageFont.truetype(font, size)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=face)
    scale = min(ink_share * TEXTURE / (bottom - top), 0.82 * TEXTURE / (right - left))
    face = ImageFont.truetype(font, max(8, int(size * scale)))
    left, top, right, bottom = draw.textbbox((0, 0), text, font=face)
    origin = (
        (TEXTURE - (right - left)) / 2 - left + rng.uniform(-6, 6),
        (TEXTURE - (bottom - top)) / 2 - top + rng.uniform(-6, 6),
    )
    draw.text(origin, text, fill=255, font=face)
    height = mask.filter(ImageFilter.GaussianBlur(3))
    masks = []
    for image in (mask, height):
        stream = io.BytesIO()
        image.save(stream, "PNG")
        masks.append(stream.getvalue())
    return masks[0], masks[1]


def _jitter(colour: Rgb, rng: random.Random, amount: float = 0.05) -> Rgb:
    red, green, blue = (min(1.0, max(0.0, part + rng.uniform(-amount, amount))) for part in colour)
    return red, green, blue


WOOD = (
    "pigment { wood turbulence 0.08 colour_map { [0 rgb %s] [0.6 rgb %s] [1 rgb %s] } "
    "scale %s rotate <90, %d, 0> }"
)


def _wood(rng: random.Random, light: Rgb, scale: float) -> str:
    dark = tuple(part * rng.uniform(0.55, 0.75) for part in light)
    return WOOD % (
        _vector(light),
        _vector(_jitter(light, rng, 0.03)),
        _vector(dark),
        _vector((scale * 0.05, scale * 0.05, scale)),
        rng.randrange(360),
    )


def _table(rng: random.Random) -> str:
    choice = rng.randrange(5)
    if choice == 0:
        light = rng.choice([(0.75, 0.55, 0.35), (0.55, 0.35, 0.2), (0.85, 0.7, 0.5)])
        return _wood(rng, light, 3.0) + " finish { phong 0.2 }"
    if choice == 1:  # a cloth: fine bumps of one colour
        colour = rng.choice([(0.2, 0.3, 0.6), (0.6, 0.6, 0.6), (0.3, 0.5, 0.3), (0.7, 0.2, 0.2)])
        darker = tuple(part * 0.7 for part in colour)
        return (
            f"pigment {{ granite colour_map {{ [0 rgb {_vector(colour)}] "
            f"[1 rgb {_vector(darker)}] }} scale 0.3 }} normal {{ bumps 0.3 scale 0.02 }}"
        )
    if choice == 2:  # a checked tablecloth
        one = rng.choice([(0.9, 0.9, 0.88), (0.95, 0.95, 0.9)])
        two = rng.choice([(0.7, 0.15, 0.15), (0.2, 0.3, 0.7), (0.3, 0.3, 0.3)])
        return (
            f"pigment {{ checker rgb {_vector(one)} rgb {_vector(two)} scale 0.8 "
            f"rotate y*{rng.randrange(90)} }}"
        )
    if choice == 3:  # paper or a light desk
        colour = rng.choice([(0.92, 0.92, 0.9), (0.85, 0.85, 0.8), (0.95, 0.93, 0.85)])
        return f"pigment {{ rgb {_vector(colour)} }} normal {{ bumps 0.05 scale 0.05 }}"
    colour = rng.choice([(0.12, 0.12, 0.12), (0.25, 0.22, 0.2), (0.4, 0.4, 0.42)])
    return (
        f"pigment {{ rgb {_vector(colour)} }} normal {{ bumps 0.1 scale 0.03 }} "
        "finish { phong 0.3 }"
    )


@dataclass(frozen=True)
class Look:
    """How one kind of puzzle looks: each tile's colour and finish, the ink, the frame."""

    tile: list[str]  # a texture per tile number (index = number)
    ink: list[Rgb]  # the numeral's colour per number
    numeral: str  # "printed", "pressed" or "raised"
    frame: str | None  # a texture, or None for loose tiles
    floor: str  # what a hole shows: the tray's floor


def _look(kind: str, count: int, width: int, rng: random.Random) -> Look:
    glossy = (
        f"finish {{ phong {rng.uniform(0.3, 0.9):.2f} phong_size {rng.randrange(20, 80)} "
        "specular 0.2 ambient 0.15 diffuse 0.75 }"
    )
    numeral = "printed"
    if kind == "classic":
        tile = rng.choice([(0.95, 0.95, 0.92), (0.98, 0.93, 0.8), (0.9, 0.9, 0.9)])
        ink = rng.choice([(0.05, 0.05, 0.05), (0.7, 0.05, 0.05), (0.05, 0.1, 0.5)])
        frame = rng.choice([(0.05, 0.05, 0.05), (0.1, 0.15, 0.4), (0.6, 0.05, 0.05)])
        tiles = [f"pigment {{ rgb {_vector(_jitter(tile, rng, 0.01))} }} {glossy}"] * count
        inks = [ink] * count
        numeral = rng.choice(["printed", "printed", "pressed"])
    elif kind == "checker":
        red = rng.choice([(0.75, 0.05, 0.05), (0.6, 0.02, 0.05), (0.1, 0.3, 0.7)])
        white = rng.choice([(0.95, 0.93, 0.88), (0.98, 0.98, 0.95)])
        gold = rng.random() < 0.5
        tiles, inks = [], []
        for number in range(count):
            place = (number - 1) % count
            red_tile = (place // width + place % width) % 2 == 0
            colour = red if red_tile else white
            tiles.append(f"pigment {{ rgb {_vector(colour)} }} {glossy}")
            if gold:
                inks.append((0.85, 0.65, 0.2))
            else:
                inks.append(white if red_tile else red)
        frame = rng.choice([(0.05, 0.05, 0.05), red, (0.3, 0.3, 0.3)])
        numeral = "raised" if gold and rng.random() < 0.6 else "printed"
    elif kind == "coloured":
        palette = [
            (0.85, 0.2, 0.2),
            (0.95, 0.6, 0.1),
            (0.95, 0.85, 0.2),
            (0.2, 0.65, 0.3),
            (0.2, 0.45, 0.85),
            (0.55, 0.3, 0.75),
        ]
        start = rng.randrange(len(palette))
        tiles, inks = [], []
        white_ink = rng.random() < 0.6
        for number in range(count):
            row = (number - 1) % count // width
            colour = palette[(start + row) % len(palette)]
            tiles.append(f"pigment {{ rgb {_vector(colour)} }} {glossy}")
            inks.append((0.97, 0.97, 0.97) if white_ink else (0.05, 0.05, 0.05))
        frame = rng.choice([(0.95, 0.95, 0.95), (0.1, 0.1, 0.1), (0.2, 0.3, 0.6)])
    elif kind == "wooden":
        light = rng.choice([(0.85, 0.68, 0.45), (0.75, 0.55, 0.33), (0.9, 0.8, 0.6)])
        tiles = [
            _wood(rng, _jitter(light, rng, 0.03), 0.6) + " finish { phong 0.1 ambient 0.15 }"
            for _ in range(count)
        ]
        ink = rng.choice([(0.2, 0.1, 0.05), (0.05, 0.05, 0.05), (0.45, 0.25, 0.1)])
        inks = [ink] * count
        numeral = rng.choice(["printed", "pressed", "pressed"])
        frame_texture = _wood(rng, _jitter(light, rng, 0.1), 2.0) + " finish { phong 0.1 }"
        return Look(tiles, inks, numeral, frame_texture, frame_texture)
    elif kind == "metal":
        tiles = [
            "pigment { rgb <0.72, 0.72, 0.74> } finish { metallic reflection 0.15 phong 0.8 "
            "phong_size 60 ambient 0.15 diffuse 0.7 } normal { bumps 0.05 scale 0.01 }"
        ] * count
        inks = [(0.05, 0.05, 0.05)] * count
        frame = (0.5, 0.5, 0.52)
        numeral = "pressed"
    else:  # loose blocks, any colour
        tile = rng.choice([(0.95, 0.95, 0.92), (0.1, 0.1, 0.1), (0.85, 0.7, 0.2), (0.2, 0.4, 0.8)])
        dark = sum(tile) < 1.5
        inks = [(0.95, 0.95, 0.95) if dark else (0.05, 0.05, 0.05)] * count
        tiles = [f"pigment {{ rgb {_vector(tile)} }} {glossy}"] * count
        return Look(tiles, inks, "printed", None, "")
    frame_texture = (
        f"pigment {{ rgb {_vector(frame)} }} finish {{ phong 0.5 phong_size 40 ambient 0.12 }}"
    )
    floor = (
        f"pigment {{ rgb {_vector(tuple(part * 0.8 for part in frame))} }} finish {{ ambient 0.1 }}"
    )
    return Look(tiles, inks, numeral, frame_texture, floor)


def _in_frame(  # noqa: PLR0917 (a camera is these six)
    camera: tuple[float, float, float],
    target: tuple[float, float, float],
    fov: float,
    aspect: float,
    outer: tuple[float, float],
    turn: float,
) -> bool:
    """Whether the board's corners, turned either way by `turn`, fall inside the frame
    with a margin (POV-Ray's camera: right = sky x forward)."""
    eye = np.array(camera)
    forward = np.array(target) - eye
    forward /= np.linalg.norm(forward)
    right = np.cross(np.array([0.0, 0.0, 1.0]), forward)
    right /= np.linalg.norm(right)
    up = np.cross(forward, right)
    spread = math.tan(fov / 2)
    for sign in (1, -1):
        angle = math.radians(turn) * sign
        for x, z in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            px, pz = x * outer[0], z * outer[1]
            point = np.array(
                [
                    px * math.cos(angle) - pz * math.sin(angle),
                    0.2,
                    px * math.sin(angle) + pz * math.cos(angle),
                ]
            )
            ray = point - eye
            depth = ray @ forward
            across = (ray @ right) / depth / spread
            down = (ray @ up) / depth / spread * aspect
            if abs(across) > 0.94 or abs(down) > 0.94:
                return False
    return True


LABELS = ("15 PUZZLE", "SLIDE", "Puzzle 4x4", "No. 15", "GEM PUZZLE", "MADE IN CHINA")


def _label_texture(rng: random.Random, fonts: list[str]) -> bytes:
    """A printed card's face: a line or two of text, dark on light, 512 x 256."""
    card = Image.new(
        "RGB", (512, 256), rng.choice([(240, 235, 220), (250, 250, 250), (230, 200, 60)])
    )
    draw = ImageDraw.Draw(card)
    face = ImageFont.truetype(fonts[rng.randrange(len(fonts))], rng.randrange(48, 80))
    for line, top in ((LABELS[rng.randrange(len(LABELS))], 40), ("1 2 3 4 ... 15", 150)):
        draw.text((30, top), line, fill=(20, 20, 30), font=face)
    stream = io.BytesIO()
    card.save(stream, "PNG")
    return stream.getvalue()


def _clutter(
    rng: random.Random, extent: float, base: float, textures: dict[str, bytes]
) -> list[str]:
    """What lies on a table beside a puzzle: a mug, pens, a phone, a book, coins, a printed
    card or the box's lid with text, and sometimes the table's edge with the floor below.
    Tall things stand beyond the board (the camera looks from the near side), none on it."""
    fonts = available_fonts()
    reach = extent / 2 * math.sqrt(2) + 0.3
    parts = []
    for index in range(rng.randrange(1, 5)):
        thing = rng.choice(["mug", "pen", "pen", "phone", "book", "coin", "card", "card"])
        angle = rng.uniform(0, 2 * math.pi) if thing != "mug" else rng.uniform(0.2, math.pi - 0.2)
        distance = reach + rng.uniform(0.1, 2.5) + (0.6 if thing in ("book", "card") else 0.0)
        x, z = distance * math.cos(angle), distance * math.sin(angle)
        colour = _vector(
            rng.choice(
                [
                    (0.8, 0.1, 0.1),
                    (0.1, 0.2, 0.6),
                    (0.9, 0.9, 0.9),
                    (0.1, 0.1, 0.1),
                    (0.2, 0.6, 0.3),
                    (0.9, 0.7, 0.1),
                ],
            )
        )
        finish = "finish { phong 0.6 phong_size 40 ambient 0.12 }"
        spin = f"rotate y*{rng.uniform(0, 180):.1f}"
        place = f"translate <{x:.3f}, {base:.3f}, {z:.3f}>"
        if thing == "mug":
            radius = rng.uniform(0.35, 0.6)
            parts.append(
                f"difference {{ cylinder {{ 0, y*{radius * 2.2:.3f}, {radius:.3f} }} "
                f"cylinder {{ y*0.1, y*3, {radius * 0.85:.3f} }} "
                f"pigment {{ rgb {colour} }} {finish} {place} }}"
            )
        elif thing == "pen":
            length = rng.uniform(1.2, 2.4)
            parts.append(
                f"cylinder {{ <{-length / 2:.3f}, 0.06, 0>, <{length / 2:.3f}, 0.06, 0>, 0.06 "
                f"pigment {{ rgb {colour} }} {finish} {spin} {place} }}"
            )
        elif thing == "phone":
            parts.append(
                "box { <-0.4, 0, -0.8>, <0.4, 0.08, 0.8> pigment { rgb 0.03 } "
                f"finish {{ phong 0.9 phong_size 90 reflection 0.1 }} {spin} {place} }}"
            )
        elif thing == "book":
            parts.append(
                "box { <-1.1, 0, -1.5>, <1.1, 0.3, 1.5> "
                f"pigment {{ rgb {colour} }} finish {{ ambient 0.12 }} {spin} {place} }}"
            )
        elif thing == "coin":
            parts.append(
                "cylinder { 0, y*0.03, 0.14 pigment { rgb <0.8, 0.65, 0.3> } "
                f"finish {{ metallic phong 0.8 }} {place} }}"
            )
        else:  # a printed card or the puzzle's box lid, text up
            name = f"card{index}.png"
            textures[name] = _label_texture(rng, fonts)
            parts.append(
                "box { <0, 0, 0>, <1, 0.02, 1> "
                f'texture {{ pigment {{ image_map {{ png "{name}" once }} rotate x*90 }} '
                "finish { ambient 0.12 } } "
                f"scale <{rng.uniform(1.6, 2.6):.2f}, 1, {rng.uniform(0.8, 1.3):.2f}> "
                f"translate <-1, 0, -0.5> {spin} {place} }}"
            )
    if rng.random() < 0.4:  # the table ends beyond the board; the floor lies below
        edge = reach + rng.uniform(0.3, 2.0)
        parts.append(
            f"box {{ <{edge:.3f}, {base - 0.002:.3f}, -60>, <60, {base + 0.001:.3f}, 60> "
            f"pigment {{ rgb {rng.uniform(0.05, 0.3):.2f} }} rotate y*{rng.uniform(0, 360):.1f} }}"
        )
    return parts


def scene(seed: int, fonts: list[str], *, clutter: bool = False) -> Scene:
    rng = random.Random(seed)
    kind = KINDS[seed % len(KINDS)]
    width, height = rng.choice([(4, 4)] * 5 + [(3, 3)] * 2 + [(5, 5)] * 2 + [(4, 5), (6, 6)])
    count = width * height
    tiles = list(range(count))
    rng.shuffle(tiles)
    font = fonts[rng.randrange(len(fonts))]
    look = _look(kind, count, width, rng)
    gap = rng.uniform(0.015, 0.09)
    face = 1.0 - gap
    bevel = rng.uniform(0.01, 0.06)
    tile_height = 0.22
    ink_share = rng.uniform(0.42, 0.62)
    textures: dict[str, bytes] = {}
    parts = ["#version 3.7;", "global_settings { assumed_gamma 1.0 max_trace_level 6 }"]

    # The camera: the board turned in its plane, the camera tilted off the vertical.
    turn = rng.choice(
        [rng.uniform(-8, 8)] * 4
        + [rng.choice([90, 180, 270]) + rng.uniform(-6, 6)] * 2
        + [rng.uniform(0, 360)]
    )
    tilt = math.radians(rng.choice([rng.uniform(0, 12), rng.uniform(10, 35)]))
    aspect = rng.choice([(1600, 1200), (1600, 1200), (1200, 1600)])
    fov = math.radians(rng.uniform(45, 65))
    rim = 0.0 if look.frame is None else rng.uniform(0.15, 0.6)
    extent = max(width, height) + 2 * rim
    share = rng.uniform(0.3, 0.85) if aspect[0] > aspect[1] else rng.uniform(0.45, 0.9)
    distance = extent / (share * 2 * math.tan(fov / 2))
    target = (rng.uniform(-0.15, 0.15) * extent, 0.0, rng.uniform(-0.15, 0.15) * extent)
    outer = (width / 2 + rim + 0.1, height / 2 + rim + 0.1)
    while True:  # back off until the whole board is in the frame
        camera = (
            target[0],
            distance * math.cos(tilt),
            target[2] - distance * math.sin(tilt),
        )
        if _in_frame(camera, target, fov, aspect[0] / aspect[1], outer, turn):
            break
        distance *= 1.1
    parts.append(
        f"camera {{ location {_vector(camera)} sky <0, 0, 1> right x*{aspect[0] / aspect[1]:.4f} "
        f"angle {math.degrees(fov):.2f} look_at {_vector(target)} }}"
    )
    # A key light casting soft shadows, and a weak fill.
    key = (rng.uniform(-6, 6), rng.uniform(6, 12), rng.uniform(-6, 6))
    strength = rng.uniform(0.8, 1.3)
    parts.append(
        f"light_source {{ {_vector(key)} rgb {strength:.2f} area_light <1.5, 0, 0>, "
        "<0, 0, 1.5>, 3, 3 adaptive 1 jitter circular orient }"
    )
    parts.append(
        f"light_source {{ {_vector((-key[0], 10, -key[2]))} "
        f"rgb {rng.uniform(0.2, 0.45):.2f} shadowless }}"
    )
    base = -0.1 if look.frame is not None else 0.0
    parts.append(f"plane {{ y, {base - 0.001:.4f} texture {{ {_table(rng)} }} }}")

    board_parts: list[str] = []
    floor_level = base + 0.04
    if look.frame is not None:
        half_w, half_h = width / 2, height / 2
        top = floor_level + tile_height + rng.uniform(-0.05, 0.06)
        board_parts.append(
            "difference { "
            f"box {{ <{-half_w - rim:.4f}, {base:.4f}, {-half_h - rim:.4f}>, "
            f"<{half_w + rim:.4f}, {top:.4f}, {half_h + rim:.4f}> }} "
            f"box {{ <{-half_w - 0.01:.4f}, {floor_level:.4f}, {-half_h - 0.01:.4f}>, "
            f"<{half_w + 0.01:.4f}, {top + 1:.4f}, {half_h + 0.01:.4f}> }} "
            f"texture {{ {look.frame} }} }}"
        )
        board_parts.append(
            f"box {{ <{-half_w:.4f}, {floor_level - 0.01:.4f}, {-half_h:.4f}>, "
            f"<{half_w:.4f}, {floor_level:.4f}, {half_h:.4f}> texture {{ {look.floor} }} }}"
        )
    else:
        floor_level = 0.0
    for index, number in enumerate(tiles):
        if number == 0:
            continue
        row, column = divmod(index, width)
        x = -width / 2 + column + 0.5
        z = height / 2 - row - 0.5
        wobble = ""
        if look.frame is None:
            x += rng.uniform(-0.04, 0.04)
            z += rng.uniform(-0.04, 0.04)
            wobble = f"rotate y*{rng.uniform(-4, 4):.2f}"
        mask, bump = _numeral_textures(number, font, ink_share, rng)
        textures[f"n{number}.png"] = mask
        textures[f"h{number}.png"] = bump
        placed = (
            f"rotate x*90 scale <{face:.4f}, 1, {face:.4f}> "
            f"translate <{-face / 2:.4f}, 0, {-face / 2:.4f}>"
        )
        ink = look.ink[number]
        layers = [f"texture {{ {look.tile[number]} }}"]
        if look.numeral == "printed":
            layers.append(
                f'texture {{ pigment {{ image_pattern {{ png "n{number}.png" once }} {placed} '
                f"colour_map {{ [0 rgbt <0, 0, 0, 1>] [1 rgb {_vector(ink)}] }} }} "
                "finish { ambient 0.12 diffuse 0.75 } }"
            )
        else:
            depth = -3.0 if look.numeral == "pressed" else 3.0
            darker = tuple(part * 0.6 for part in ink)
            layers.append(
                f'texture {{ pigment {{ image_pattern {{ png "n{number}.png" once }} {placed} '
                f"colour_map {{ [0 rgbt <0, 0, 0, 1>] [1 rgbt {_vector((*darker, 0.1))}] }} }} "
                f'normal {{ bump_map {{ png "h{number}.png" once bump_size {depth} }} {placed} }} '
                "finish { ambient 0.12 diffuse 0.75 phong 0.4 } }"
            )
        # A box with its top edges bevelled by four planes: a tile's rounded rim.
        half, top = face / 2, tile_height / 2
        cut = half + top - bevel
        planes = " ".join(
            f"plane {{ <{dx}, 1, {dz}>, {cut / math.sqrt(2):.4f} }}"
            for dx, dz in ((1, 0), (-1, 0), (0, 1), (0, -1))
        )
        board_parts.append(
            f"intersection {{ box {{ <{-half:.4f}, {-top:.4f}, {-half:.4f}>, "
            f"<{half:.4f}, {top:.4f}, {half:.4f}> }} {planes} "
            f"{' '.join(layers)} {wobble} translate <{x:.4f}, {floor_level + top:.4f}, {z:.4f}> }}"
        )
    parts.append("union { " + "\n".join(board_parts) + f" rotate y*{turn:.2f} }}")
    if clutter:
        # Its own random stream: the board, the camera and the light stay the seed's.
        parts.extend(_clutter(random.Random(seed * 7919 + 1), extent, base, textures))
    return Scene(
        kind=f"clutter-{kind}" if clutter else kind,
        width=width,
        height=height,
        tiles=tuple(tiles),
        source="\n".join(parts) + "\n",
        textures=textures,
        image_size=aspect,
        quality=rng.randrange(72, 94),
        blur=rng.choice([0.0, 0.0, 0.6, 1.0]),
        noise=rng.uniform(1.0, 5.0),
    )


def render(
    job: tuple[int, Path, list[str], bool],
) -> tuple[str, tuple[int, int, list[int]]]:
    seed, folder, fonts, clutter = job
    made = scene(seed, fonts, clutter=clutter)
    with tempfile.TemporaryDirectory(dir="/tmp") as work:
        place = Path(work)
        (place / "scene.pov").write_text(made.source)
        for name, data in made.textures.items():
            (place / name).write_bytes(data)
        width, height = made.image_size
        subprocess.run(
            [
                "povray",
                "+Iscene.pov",
                "+Oscene.png",
                f"+W{width}",
                f"+H{height}",
                "-D",
                "+Q9",
                "+WT1",
            ],
            cwd=place,
            check=True,
            capture_output=True,
        )
        image = Image.open(place / "scene.png").convert("RGB")
    if made.blur:
        image = image.filter(ImageFilter.GaussianBlur(made.blur))
    pixels = np.asarray(image, dtype=np.float32)
    noise = np.random.default_rng(seed).normal(0, made.noise, pixels.shape)
    image = Image.fromarray(np.clip(pixels + noise, 0, 255).astype(np.uint8))
    name = f"{made.kind}__{seed:03d}.jpg"
    image.save(folder / name, "JPEG", quality=made.quality)
    return name, (made.width, made.height, list(made.tiles))


def write(folder: Path, count: int, first: int, jobs: int, *, clutter: bool) -> None:
    if shutil.which("povray") is None:
        raise SystemExit("povray is not installed: apt-get install povray")
    fonts = available_fonts()
    if not fonts:
        raise SystemExit("none of the held-out fonts is installed (see this script's docstring)")
    folder.mkdir(parents=True, exist_ok=True)
    truth_path = folder / "truth.json"
    truth = json.loads(truth_path.read_text()) if truth_path.exists() else {}
    with Pool(jobs) as pool:
        for name, board in pool.imap(
            render, [(seed, folder, fonts, clutter) for seed in range(first, first + count)]
        ):
            truth[name] = board
            print(name, flush=True)
    truth_path.write_text(json.dumps(truth))
    print(f"{len(truth)} images in {folder} ({len(fonts)} fonts)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    writing = commands.add_parser("write")
    writing.add_argument("folder", type=Path)
    writing.add_argument("--count", type=int, default=60)
    writing.add_argument("--first", type=int, default=0)
    writing.add_argument("--jobs", type=int, default=2)
    writing.add_argument(
        "--clutter", action="store_true", help="things beside the board, the table's edge"
    )
    showing = commands.add_parser("scene", help="print one seed's POV-Ray scene")
    showing.add_argument("seed", type=int)
    args = parser.parse_args()
    if args.command == "write":
        write(args.folder, args.count, args.first, args.jobs, clutter=args.clutter)
    else:
        print(scene(args.seed, available_fonts()).source)
    return 0


if __name__ == "__main__":
    sys.exit(main())
