"""The board found as a lattice: rows and columns of evenly spaced edges, whatever the
board's outline looks like.

The board finder outlines a shape that stands out from the table. That fails where the
board's edge does not: cream tiles on white paper, a checkered red-and-white board whose
outer tiles are the table's colour, loose blocks, a label beside the board. The tiles' own
edges still stand out there, evenly spaced in two directions a quarter turn apart. This
finds those directions from the image's edges, turns the image so they run straight, and
fits evenly spaced lines across and down (`grid.axis_candidates`, as inside an outline).
The outline of the lines found is one more hypothesis for the reader: the numbers read in
its cells decide whether it is the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageFilter

from core.photo.errors import PhotoError
from core.photo.geometry import Quad
from core.photo.grid import GUESSED_CELLS, axis_candidates

if TYPE_CHECKING:
    from collections.abc import Callable

    from core.photo.grid import AxisFit

FloatArray = npt.NDArray[np.float32]

#: The long side the lattice is searched at: a board a fifth of the photo's width, four
#: cells a side, still has cells of about 20 pixels.
LATTICE_LONG_SIDE = 400

#: The directions tried: the strongest, and the next if its edges are at least this
#: share of the strongest's (a table's own straight edges can outweigh the tiles').
SECOND_DIRECTION_SHARE = 0.5

#: Two directions closer than this (degrees, of the 90 a lattice repeats in) are one.
DIRECTIONS_APART = 8

#: How much a lattice's lines must stand out from the midpoints between them (as
#: `axis_candidates` measures it), the weaker side: tiles' edges stand out 3 to 17 times
#: on checkered and gapped boards; the stripes of a cloth, a table's grain or a board's
#: numbers taken for lines, under 2.
MIN_LATTICE_CONTRAST = 2.5

#: The most a lattice's pitch across may differ from its pitch down (either way): tiles
#: are near square, a cloth's stripes are not.
MAX_PITCH_RATIO = 1.3


def _grey(image: Image.Image) -> tuple[FloatArray, float]:
    """The image at LATTICE_LONG_SIDE, grey, lightly blurred, and the factor back to the
    image's pixels."""
    factor = max(image.size) / LATTICE_LONG_SIDE
    size = (max(8, round(image.size[0] / factor)), max(8, round(image.size[1] / factor)))
    small = image.convert("RGB").resize(size, Image.Resampling.BOX)
    blurred = small.filter(ImageFilter.GaussianBlur(0.8))
    # The colour channels summed, not luminance: red beside cream is an edge in any of them.
    pixels = np.asarray(blurred, dtype=np.float32).sum(axis=2) / (3 * 255.0)
    return pixels, factor


def _directions(pixels: FloatArray) -> list[float]:
    """The directions (degrees, 0 to 90) in which the image's edges line up most, the
    strongest first: a lattice's edges all lie in one of them or a quarter turn from it."""
    across = np.zeros_like(pixels)
    down = np.zeros_like(pixels)
    across[:, 1:-1] = pixels[:, 2:] - pixels[:, :-2]
    down[1:-1, :] = pixels[2:] - pixels[:-2]
    strength = np.hypot(across, down)
    # The direction of each edge, folded into a quarter turn (a lattice's two families
    # of edges then agree).
    angles = np.degrees(np.arctan2(down, across)) % 90
    strong = strength > np.percentile(strength, 90)
    histogram = np.bincount(
        np.minimum(angles[strong].astype(np.int64), 89), weights=strength[strong], minlength=90
    )
    # Smoothed round the circle: 89 degrees is next to 0.
    padded = np.concatenate([histogram[-2:], histogram, histogram[:2]])
    smooth = np.convolve(padded, np.ones(5) / 5, mode="valid")
    order = [int(i) for i in np.argsort(-smooth)]
    best = order[0]
    directions = [float(best)]
    for other in order[1:]:
        apart = min(abs(other - best), 90 - abs(other - best))
        if apart >= DIRECTIONS_APART:
            if smooth[other] >= SECOND_DIRECTION_SHARE * smooth[best] and _is_peak(smooth, other):
                directions.append(float(other))
            break
    return directions


def _is_peak(values: npt.NDArray[np.float64], index: int) -> bool:
    return bool(values[index] >= values[index - 1] and values[index] >= values[(index + 1) % 90])


def _turned(pixels: FloatArray, degrees: float) -> tuple[FloatArray, npt.NDArray[np.float64]]:
    """`pixels` turned so edges at `degrees` run straight across, with room for all of it,
    and the affine map from the turned image's pixels back to `pixels`' (2 x 3)."""
    height, width = pixels.shape
    radians = np.radians(degrees)
    cosine, sine = np.cos(radians), np.sin(radians)
    side_width = abs(width * cosine) + abs(height * sine)
    side_height = abs(width * sine) + abs(height * cosine)
    size = (int(np.ceil(side_width)), int(np.ceil(side_height)))
    # A turned pixel (u, v) is at (x, y) = centre + R (u - turned centre, v - turned centre).
    centre = np.array([width / 2, height / 2])
    turned_centre = np.array([size[0] / 2, size[1] / 2])
    rotation = np.array([[cosine, -sine], [sine, cosine]])
    offset = centre - rotation @ turned_centre
    to_source = np.hstack([rotation, offset[:, None]])
    image = Image.fromarray(pixels, mode="F")
    turned = image.transform(
        size, Image.Transform.AFFINE, tuple(to_source.ravel()), Image.Resampling.BILINEAR
    )
    inside = Image.fromarray(np.ones_like(pixels), mode="F").transform(
        size, Image.Transform.AFFINE, tuple(to_source.ravel()), Image.Resampling.NEAREST
    )
    # Outside the photo is no edge: its border with the photo must not count as one.
    result = np.asarray(turned, dtype=np.float32)
    mask = np.asarray(inside, dtype=np.float32) > 0.5
    fill = float(np.median(result[mask])) if mask.any() else 0.0
    return np.where(mask, result, fill).astype(np.float32), to_source


def _edge_profile(values: FloatArray, axis: int, within: slice) -> FloatArray:
    """How strongly edges run along `axis` at each position across it, over `within` of
    the other axis only: a high percentile, so a line of tiles stands out however much of
    the photo is table."""
    # Axis 0: lines down, so edges across each row; axis 1: the same, the image turned.
    lines = values[within, :] if axis == 0 else values[:, within].T
    edges = np.abs(lines[:, 2:] - lines[:, :-2])
    profile: FloatArray = np.pad(np.percentile(edges, 75, axis=0), 1).astype(np.float32)
    return profile


def _likeliest(fits: list[AxisFit], floor: float) -> AxisFit | None:
    return fits[0] if fits[0].contrast >= floor else None


def _widest(fits: list[AxisFit], floor: float) -> AxisFit | None:
    """The widest fit that stands out enough: a board's outer edges, one tile's edge
    against a frame or the table, stand out less than the double edges between tiles, so
    the likeliest fit can leave the outer rows and columns out."""
    standing = [fit for fit in fits if fit.contrast >= floor]
    return max(standing, key=lambda fit: fit.pitch * fit.cells, default=None)


def _fits(profile: FloatArray) -> list[AxisFit]:
    length = len(profile)
    return axis_candidates(
        profile, GUESSED_CELLS, (1, length - 2), (1, length - 2), limit=len(GUESSED_CELLS)
    )


def _span(fit: AxisFit, length: int) -> slice:
    return slice(max(0, int(fit.start)), min(length, int(np.ceil(fit.end)) + 1))


def _tiles_like(across: AxisFit, down: AxisFit) -> bool:
    """Whether lines fitted across and down look like tiles' edges: standing out clearly
    on both sides, with near-square cells."""
    ratio = across.pitch / down.pitch
    return (
        min(across.contrast, down.contrast) >= MIN_LATTICE_CONTRAST
        and 1 / MAX_PITCH_RATIO <= ratio <= MAX_PITCH_RATIO
    )


def _lattice(
    turned: FloatArray, pick: Callable[[list[AxisFit], float], AxisFit | None]
) -> tuple[AxisFit, AxisFit] | None:
    """Lines across and down in `turned` that look like tiles' edges, each axis's fit
    chosen by `pick`; None when there are none."""
    height, width = turned.shape
    try:
        # Columns first over the whole height, rows over the columns found, then the
        # columns again over the rows found: the table around loses its say each time.
        # Lines that do not stand out at any step are no tiles (and cost no more fits).
        # (Over the whole height the table around still dilutes the tiles' lines.)
        across = pick(_fits(_edge_profile(turned, 0, slice(0, height))), MIN_LATTICE_CONTRAST / 2)
        if across is None:
            return None
        down = pick(_fits(_edge_profile(turned, 1, _span(across, width))), MIN_LATTICE_CONTRAST)
        if down is None:
            return None
        across = pick(_fits(_edge_profile(turned, 0, _span(down, height))), MIN_LATTICE_CONTRAST)
    except PhotoError:
        return None
    if across is None or not _tiles_like(across, down):
        return None
    return across, down


def lattice_outlines(image: Image.Image) -> list[Quad]:
    """The outlines of the evenly spaced lattices of edges in `image` (its pixels), the
    likeliest first; empty when none stands out."""
    pixels, factor = _grey(image)
    outlines = []
    for degrees in _directions(pixels):
        turned, to_source = _turned(pixels, degrees)
        lattices: list[tuple[AxisFit, AxisFit]] = []
        for pick in (_likeliest, _widest):
            lattice = _lattice(turned, pick)
            if lattice is not None and lattice not in lattices:
                lattices.append(lattice)
        for across, down in lattices:
            corners = np.array(
                [
                    [across.start, down.start],
                    [across.end, down.start],
                    [across.end, down.end],
                    [across.start, down.end],
                ]
            )
            points = (to_source[:, :2] @ corners.T).T + to_source[:, 2]
            outlines.append(Quad.from_points((points + 0.5) * factor))
    return outlines
