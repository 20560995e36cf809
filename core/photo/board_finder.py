"""Finding the board in a photo: the outline of the board (its frame, or its tiles when
it has none) as four corners.

The photo is shrunk to a few hundred pixels and its edges found. The table around the board
is what can be reached from the photo's border without crossing an edge; what cannot is
the board, or something else lying on the table. Of those blobs the one with most edges
inside (a board is full of tile gaps and numbers) is the board, and its outline's convex
hull, cut down to the four corners that keep most of its area and then fitted side by
side, gives the corners.

That outline is the likeliest; `board_outlines` gives others when asked (the reader asks
when the grid in the first reads badly): the hull with a cut-off corner put back, or with
its longest sides carried on until they meet (rounded corners), the same search over the
strongest edges only, and the tiles themselves: regions closed in by edges, near square
and of one size, taken together (a screenshot's tiles, loose blocks).
After all of those comes the lattice of the tiles' own evenly spaced edges
(`core.photo.lattice`), for a board whose edge is lost where its outer tiles are the
table's colour: it reads a board that the shapes do not, but where a shape is the board
the lattice is mostly another part of the photo (text round a screenshot's board).
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageFilter

from core import speedups
from core.photo.errors import PhotoError
from core.photo.geometry import Quad, seen_side_ratio
from core.photo.lattice import lattice_outlines

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from core.photo.image import Photo

BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float32]

#: The side the search works at: enough to place the corners within a pixel or two of the
#: working image, which the grid search then refines.
SEARCH_LONG_SIDE = 320

#: A board covering less than this share of the photo (a tenth of its width) is too small
#: to read.
MIN_BOARD_FRACTION = 0.01

#: The edge thresholds tried, as shares of the photo's strongest edges: all but the
#: faintest edges first, then only strong ones.
EDGE_SHARES = (0.25, 0.5)

#: The edge thresholds tried when looking for the tiles themselves: a screenshot's tiles
#: are often told apart by a faint rim or a slightly other grey.
TILE_EDGE_SHARES = (0.1, 0.2)

#: How many of the outlines found in the whole photo are searched again inside (of those
#: neither most of the photo nor a sliver).
ZOOMED_OUTLINES = 2

#: An outline whose box covers more of the photo than this is not searched again: it
#: would find the same.
MAX_ZOOM_AREA = 0.6

#: Each outline is searched again in its box grown by the first share of its size (the
#: outline itself seen closer: a board found coarsely), then shrunk by the second (inside
#: it only: a sheet or tray whose own edge would again be the shape found).
ZOOM_MARGINS = (0.05, -0.04)

#: An outline filling less of its box (margin included) than this is a sliver, not searched.
MIN_ZOOM_FILL = 0.4

#: An outline found inside another that covers more than this share of it is the other.
MAX_ZOOMED_SHARE = 0.7

#: A shape found inside the photo's first outline is searched right after it when it
#: takes in at most this share of it (see board_outlines).
SHEET_BOARD_SHARE = 0.4

#: A sheet, tray, photo or phone a board lies on is at most this much longer than wide (a
#: phone's screen is up to 21:9).
SHEET_MAX_SIDE_RATIO = 2.4

#: The table's colours are read off this share of the photo's shorter side all round its
#: border (`_table_colour_blob`).
TABLE_BORDER_SHARE = 0.04

#: Colours are binned by chromaticity (red and green shares, this many bins each over
#: the shares' range) and by the square root of their lightness (LIGHTNESS_BINS): shading
#: moves a colour's lightness and leaves its chromaticity.
CHROMA_BINS = 16
LIGHTNESS_BINS = 10

#: A bin holding at least this share of the border's pixels is a colour of the table.
TABLE_COLOUR_SHARE = 0.004

#: How many lightness bins darker than a table colour still count as the table: the
#: shadow the board casts on it.
SHADOW_BINS = 2

#: The side the numbered tiles are looked for at (`_marked_tile_blob`), and the edge
#: thresholds tried there, as shares of the strongest edges.
MARKED_TILES_LONG_SIDE = 640
MARKED_TILE_EDGE_SHARES = (0.15, 0.08)

#: The numbered tiles are looked for (`_marked_tile_blob`) only when every outline found
#: before them takes in more than this share of the image: a checked or patterned table
#: is edges everywhere and shares its colours with the board.
PATTERNED_TABLE_SHARE = 0.5

#: A region closing round marks of at least this share of its own area holds a numeral
#: (or a picture): a tile, not a plain square of the table.
MIN_MARK_SHARE = 0.03

#: A four-corner cut keeping less of the hull's area than this cut off a corner.
CUT_HULL_FRACTION = 0.95

#: Hull sides within this many degrees of each other, one after another, are one side of
#: the shape (a rasterised straight edge's hull bends a degree or two along it).
SIDE_BEND_DEGREES = 10.0

#: The four longest sides of a hull are a quadrilateral's when they make up at least this
#: share of its perimeter (the rest: its rounded or cut corners).
LONG_SIDES_SHARE = 0.6

#: A board's opposite sides, in any photo the reader reads (a square in perspective up to
#: 30 degrees), are within this many degrees of parallel: four longest sides of a hull
#: that are not (two of them the cuts where a group of tiles lacks two corner tiles) are
#: not a board's.
MAX_OPPOSITE_SIDES_BEND = 25.0

#: The sides of a board meet at no sharper corner than this, in degrees, in any photo the
#: reader reads (a square in perspective up to 30 degrees): four longest sides meeting
#: sharper take a diagonal for a side (a hull with a corner cut off, not rounded).
MIN_SIDES_CORNER = 45.0

#: An outline carried past a blob's hull (a cut-off corner put back, sides carried on until
#: they meet) takes in at most this many times the hull's area.
MAX_HULL_GROWTH = 1.5

#: An outline round a blob takes in at least this share of the blob (a four-corner cut of
#: a thin or ragged hull, or sides meeting close in, cuts most of it off).
MIN_BLOB_SHARE = 0.7

#: Two outlines are one unless a corner differs by more than this share of the photo's
#: longer side, or, each taking in more than NEAR_WHOLE_SHARE of the photo, by more than
#: NEAR_WHOLE_APART of it.
APART = 0.02
NEAR_WHOLE_SHARE = 0.6
NEAR_WHOLE_APART = 0.06

NO_BOARD_MESSAGE = (
    "no puzzle board found in this photo: take it from above, with the whole board in view"
)


def _dilate(mask: BoolArray, steps: int = 1) -> BoolArray:
    """Grow a mask by `steps` pixels (3 x 3 neighbourhoods)."""
    grown = mask.copy()
    for _ in range(steps):
        step = grown.copy()
        step[1:, :] |= grown[:-1, :]
        step[:-1, :] |= grown[1:, :]
        step[:, 1:] |= grown[:, :-1]
        step[:, :-1] |= grown[:, 1:]
        step[1:, 1:] |= grown[:-1, :-1]
        step[:-1, :-1] |= grown[1:, 1:]
        step[1:, :-1] |= grown[:-1, 1:]
        step[:-1, 1:] |= grown[1:, :-1]
        grown = step
    return grown


def _erode(mask: BoolArray, steps: int = 1) -> BoolArray:
    return ~_dilate(~mask, steps)


def _border(shape: tuple[int, ...], width: int = 1) -> BoolArray:
    """A mask of the `width` pixels all round an image of `shape`."""
    border = np.zeros(shape[:2], dtype=np.bool_)
    border[:width, :] = border[-width:, :] = border[:, :width] = border[:, -width:] = True
    return border


def reconstruct(seeds: BoolArray, allowed: BoolArray) -> BoolArray:
    """Every `allowed` pixel connected (4-neighbours) to a seed through allowed pixels."""
    twin = speedups.compiled_twins.photo
    if twin is None:
        return reconstruct_pure(seeds, allowed)
    region = np.empty(allowed.shape, dtype=np.bool_)
    twin.reconstruct(
        np.ascontiguousarray(seeds, dtype=np.bool_),
        np.ascontiguousarray(allowed, dtype=np.bool_),
        region,
    )
    return region


def reconstruct_pure(seeds: BoolArray, allowed: BoolArray) -> BoolArray:
    """`reconstruct` in numpy, the compiled twin's reference: whole-image steps, each
    growing the region a pixel, until it stops growing."""
    region = seeds & allowed
    while True:
        previous_count = int(region.sum())
        # Several steps between counts: counting costs as much as a step.
        for _ in range(8):
            grown = region.copy()
            grown[1:, :] |= region[:-1, :]
            grown[:-1, :] |= region[1:, :]
            grown[:, 1:] |= region[:, :-1]
            grown[:, :-1] |= region[:, 1:]
            region = grown & allowed
        if int(region.sum()) == previous_count:
            return region


def edge_strength(pixels: FloatArray) -> FloatArray:
    """The largest colour gradient of the three channels at each pixel."""
    horizontal = np.zeros_like(pixels)
    vertical = np.zeros_like(pixels)
    horizontal[:, 1:-1] = pixels[:, 2:] - pixels[:, :-2]
    vertical[1:-1, :] = pixels[2:, :] - pixels[:-2, :]
    result: FloatArray = np.sqrt(horizontal**2 + vertical**2).max(axis=2).astype(np.float32)
    return result


def _convex_hull(points: npt.NDArray[np.int64]) -> list[tuple[float, float]]:
    """Andrew's monotone chain; points are (x, y); the hull runs clockwise on screen."""
    unique = sorted({(int(x), int(y)) for x, y in points})
    if len(unique) < 3:
        return [(float(x), float(y)) for x, y in unique]

    def cross(o: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> int:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[int, int]] = []
    for point in unique:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], point) <= 0:
            lower.pop()
        lower.append(point)
    upper: list[tuple[int, int]] = []
    for point in reversed(unique):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], point) <= 0:
            upper.pop()
        upper.append(point)
    return [(float(x), float(y)) for x, y in lower[:-1] + upper[:-1]]


def _cut_to(hull: list[tuple[float, float]], vertices: int) -> list[tuple[float, float]]:
    """Cut a convex polygon down to `vertices` vertices, each time dropping the vertex whose
    loss takes least area."""
    polygon = list(hull)
    while len(polygon) > vertices:
        losses = []
        for index, (x, y) in enumerate(polygon):
            px, py = polygon[index - 1]
            nx, ny = polygon[(index + 1) % len(polygon)]
            losses.append(abs((x - px) * (ny - py) - (y - py) * (nx - px)))
        del polygon[int(np.argmin(losses))]
    return polygon


def _fit_sides(corners: list[tuple[float, float]], outline: npt.NDArray[np.float64]) -> Quad:
    """Refit each side to the outline points lying along it, and meet the sides at new
    corners; rounded corners and a pixel's jitter then move the corners little."""
    lines = []
    for index in range(4):
        start = np.asarray(corners[index])
        end = np.asarray(corners[(index + 1) % 4])
        direction = end - start
        length = float(np.hypot(*direction))
        unit = direction / length
        normal = np.array([-unit[1], unit[0]])
        relative = outline - start
        along = relative @ unit
        across = relative @ normal
        near = (np.abs(across) < max(2.0, 0.03 * length)) & (along > 0.15 * length)
        near &= along < 0.85 * length
        if near.sum() < 5:
            lines.append((start, unit))
            continue
        chosen = outline[near]
        centre = chosen.mean(axis=0)
        _, _, axes = np.linalg.svd(chosen - centre, full_matrices=False)
        lines.append((centre, axes[0]))
    fitted = []
    for index in range(4):
        (p1, d1), (p2, d2) = lines[index - 1], lines[index]
        meeting = _meet(p1, d1, p2, d2)
        if meeting is None:
            fitted.append(corners[index])
            continue
        point = p1 + meeting[0] * d1
        fitted.append((float(point[0]), float(point[1])))
    return Quad.from_points(fitted)


def _meet(
    start1: npt.NDArray[np.float64],
    direction1: npt.NDArray[np.float64],
    start2: npt.NDArray[np.float64],
    direction2: npt.NDArray[np.float64],
) -> tuple[float, float] | None:
    """Where two lines meet, as (t, u) with start1 + t direction1 = start2 + u direction2;
    None when they are within about 3 degrees of parallel (they would meet far off)."""
    cross = float(direction1[0] * direction2[1] - direction1[1] * direction2[0])
    if abs(cross) < 0.05 * float(np.hypot(*direction1) * np.hypot(*direction2)):
        return None
    t, u = np.linalg.solve(np.column_stack([direction1, -direction2]), start2 - start1)
    return float(t), float(u)


def _smallest_angle(quad: Quad) -> float:
    """The smallest inner angle of a quadrilateral, in degrees."""
    points = quad.as_array()
    angles = []
    for index in range(4):
        to_previous = points[index - 1] - points[index]
        to_next = points[(index + 1) % 4] - points[index]
        cosine = to_previous @ to_next / (np.hypot(*to_previous) * np.hypot(*to_next))
        angles.append(float(np.degrees(np.arccos(np.clip(cosine, -1.0, 1.0)))))
    return min(angles)


def _corner_restored(hull: list[tuple[float, float]]) -> Quad | None:
    """A board with one corner cut off (a dark corner tile taken for the table) leaves a
    five-sided hull. Dropping one side and carrying its two neighbours on until they meet
    makes a quadrilateral; of those no more than half again the hull's area, the one most
    like a rectangle (whose smallest angle is largest) puts the corner back, where dropping
    another side leaves a sharp corner."""
    if len(hull) < 5:
        return None
    points = np.asarray(_cut_to(hull, 5), dtype=np.float64)
    largest_area = MAX_HULL_GROWTH * abs(Quad.polygon_area(hull))
    best: tuple[float, Quad] | None = None
    for dropped in range(5):
        # The side from point `dropped` to the next goes; its neighbours meet.
        before_start, before_end = points[dropped - 1], points[dropped]
        after_start, after_end = points[(dropped + 1) % 5], points[(dropped + 2) % 5]
        direction = before_end - before_start
        meeting = _meet(before_start, direction, after_start, after_end - after_start)
        if meeting is None or meeting[0] < 1 or meeting[1] > 0:
            continue  # no corner there: parallel, or the sides meet behind the dropped one
        corner = before_start + meeting[0] * direction
        quad = Quad.from_points([corner, *(points[(dropped + k) % 5] for k in (2, 3, 4))])
        if not quad.is_convex() or abs(quad.area()) > largest_area:
            continue
        squareness = _smallest_angle(quad)
        if best is None or squareness > best[0]:
            best = (squareness, quad)
    return None if best is None else best[1]


def _long_sides_met(hull: list[tuple[float, float]]) -> Quad | None:
    """The quadrilateral whose sides are the hull's four longest, carried on until they
    meet: a board with rounded corners (an app's tiles, a moulded frame) has a hull whose
    corners are arcs, and cutting that hull down to four of its corners picks points along
    the arcs, a quadrilateral turned a few degrees off the board's own sides. None when
    the four longest sides are not most of the hull, or do not meet in a convex shape."""
    points = np.asarray(hull, dtype=np.float64)
    count = len(points)
    if count < 4:
        return None
    edges = np.roll(points, -1, axis=0) - points
    lengths = np.hypot(edges[:, 0], edges[:, 1])
    angles = np.degrees(np.arctan2(edges[:, 1], edges[:, 0]))

    def bend(first: float, second: float) -> float:
        return abs((second - first + 180.0) % 360.0 - 180.0)

    # Runs of edges bending little, from the longest edge on round the hull: each run
    # is (its length, its first point, its last point, its first edge's direction).
    start = int(np.argmax(lengths))
    runs: list[tuple[float, npt.NDArray[np.float64], npt.NDArray[np.float64], float]] = []
    for step in range(count):
        index = (start + step) % count
        end = points[(index + 1) % count]
        if runs and bend(runs[-1][3], float(angles[index])) <= SIDE_BEND_DEGREES:
            length, first, _, direction = runs[-1]
            runs[-1] = (length + float(lengths[index]), first, end, direction)
        else:
            runs.append((float(lengths[index]), points[index], end, float(angles[index])))
    # The walk began at the longest edge, which may lie part way along a side: the run it
    # ends with is then that side's beginning. That run's first edge may be a bit of the
    # arc before the side, so its direction is taken from end to end.
    last_chord = runs[-1][2] - runs[-1][1]
    last_direction = float(np.degrees(np.arctan2(last_chord[1], last_chord[0])))
    if len(runs) > 1 and bend(runs[0][3], last_direction) <= SIDE_BEND_DEGREES:
        length, first, _, direction = runs.pop()
        runs[0] = (runs[0][0] + length, first, runs[0][2], direction)
    if len(runs) < 4:
        return None
    longest = sorted(sorted(range(len(runs)), key=lambda run: -runs[run][0])[:4])
    sides = [runs[run] for run in longest]
    if sum(side[0] for side in sides) < LONG_SIDES_SHARE * float(lengths.sum()):
        return None
    directions = [float(np.degrees(np.arctan2(*(end - first)[::-1]))) for _, first, end, _ in sides]
    for index in range(2):
        # Opposite sides run round the hull the opposite way: parallel, they bend 180.
        if 180.0 - bend(directions[index], directions[index + 2]) > MAX_OPPOSITE_SIDES_BEND:
            return None
    corners = []
    for index in range(4):
        _, before_start, before_end, _ = sides[index - 1]
        _, after_start, after_end, _ = sides[index]
        along = before_end - before_start
        meeting = _meet(before_start, along, after_start, after_end - after_start)
        if meeting is None:
            return None
        corner = before_start + meeting[0] * along
        corners.append((float(corner[0]), float(corner[1])))
    quad = Quad.from_points(corners)
    if not quad.is_convex() or _smallest_angle(quad) < MIN_SIDES_CORNER:
        return None
    return quad


def _bounding_rectangle(hull: list[tuple[float, float]]) -> Quad:
    """The rectangle of least area round a convex hull, one side along one of its edges:
    a board whose outer rows and columns each keep a tile, but has tiles missing at its
    corners (the blank, a tile the colour of the table), fills that rectangle, where its
    hull is cut at each missing corner."""
    points = np.asarray(hull, dtype=np.float64)
    edges = np.roll(points, -1, axis=0) - points
    edges = edges[np.hypot(edges[:, 0], edges[:, 1]) > 0]
    alongs = edges / np.hypot(edges[:, 0], edges[:, 1])[:, None]
    acrosses = np.column_stack([-alongs[:, 1], alongs[:, 0]])
    # Each point's place along and across every edge: edges x points.
    firsts, seconds = alongs @ points.T, acrosses @ points.T
    best = int(np.argmin(np.ptp(firsts, axis=1) * np.ptp(seconds, axis=1)))
    first, second = firsts[best], seconds[best]
    return Quad.from_points(
        [
            a * alongs[best] + b * acrosses[best]
            for a, b in (
                (first.min(), second.min()),
                (first.max(), second.min()),
                (first.max(), second.max()),
                (first.min(), second.max()),
            )
        ]
    )


def _board_blob(strength: FloatArray, threshold: float) -> BoolArray | None:
    """The blob the table leaves that is likeliest the board: of the shapes an edge cuts off
    from the photo's border, the one with most edges inside for its size."""
    edges = _dilate(strength > threshold)
    free = ~edges
    table = reconstruct(_border(free.shape), free)
    # The open table stops at the first edge; the blobs it leaves are the board and things.
    candidates = _erode(~table, 2)
    best: tuple[float, BoolArray] | None = None
    remaining = candidates.copy()
    minimum_area = MIN_BOARD_FRACTION * candidates.size
    for _ in range(4):
        if remaining.sum() < minimum_area:
            break
        core = remaining
        while True:
            smaller = _erode(core, 3)
            if not smaller.any():
                break
            core = smaller
        seed = np.zeros_like(remaining)
        seed_index = np.unravel_index(int(np.argmax(core)), core.shape)
        seed[seed_index] = True
        blob = reconstruct(seed, remaining)
        remaining &= ~blob
        area = int(blob.sum())
        if area < minimum_area:
            continue
        inside_edges = float((strength[blob] > threshold).mean())
        score = inside_edges * area
        if best is None or score > best[0]:
            best = (score, blob)
    return None if best is None else best[1]


def _colour_bins(pixels: FloatArray) -> npt.NDArray[np.int64]:
    """Each pixel's colour bin: chromaticity (CHROMA_BINS a share) by lightness."""
    total = pixels.sum(axis=2) + 1e-3
    # A chromaticity share is at most 1 but, off the grey axis, rarely above 2/3.
    scale = CHROMA_BINS * 1.5
    red = np.clip((pixels[..., 0] / total * scale).astype(np.int64), 0, CHROMA_BINS - 1)
    green = np.clip((pixels[..., 1] / total * scale).astype(np.int64), 0, CHROMA_BINS - 1)
    lightness = np.sqrt(total / 3.0) * LIGHTNESS_BINS
    light = np.clip(lightness.astype(np.int64), 0, LIGHTNESS_BINS - 1)
    bins: npt.NDArray[np.int64] = (red * CHROMA_BINS + green) * LIGHTNESS_BINS + light
    return bins


def _table_colour_blob(pixels: FloatArray) -> BoolArray | None:
    """The board as what the table's colours do not reach: the largest shape that cannot
    be reached from the photo's border through the colours the border shows (and their
    neighbours, and a shade or two darker for the board's shadow). A checked or patterned
    tablecloth is edges everywhere, so `_board_blob` finds the whole photo; its colours
    are few, and a board's frame or tiles are mostly others. The table's colours are
    reached through a pixel narrower than two only where they were wider, so a highlight
    along a dark frame does not let the table in."""
    bins = _colour_bins(pixels)
    border = _border(bins.shape, max(2, round(TABLE_BORDER_SHARE * min(bins.shape))))
    counts = np.bincount(bins[border], minlength=CHROMA_BINS * CHROMA_BINS * LIGHTNESS_BINS)
    seen = (counts >= TABLE_COLOUR_SHARE * int(border.sum())).reshape(
        CHROMA_BINS, CHROMA_BINS, LIGHTNESS_BINS
    )
    # A bin next to a table colour on any axis is one too; the padding's empty bins roll in
    # at the ends, not the far end's.
    padded = np.pad(seen, 1)
    table_colours = seen.copy()
    for axis in range(3):
        for step in (-1, 1):
            table_colours |= np.roll(padded, step, axis=axis)[1:-1, 1:-1, 1:-1]
    for darker in range(1, SHADOW_BINS + 1):
        table_colours[..., :-darker] |= seen[..., darker:]
    allowed = table_colours.reshape(-1)[bins]
    narrow = _erode(allowed, 1)
    table = _dilate(reconstruct(border & narrow, narrow), 1) & allowed
    rest = _erode(~table, 2)
    labels = label_regions(rest)
    names, counts = region_sizes(labels)
    if len(names) == 0 or int(counts.max()) < MIN_BOARD_FRACTION * labels.size:
        return None
    if int(counts.max()) > (1.0 - MIN_BOARD_FRACTION) * labels.size:
        return None  # the table's colours reached nothing: the board is not told apart
    return _dilate(labels == names[int(np.argmax(counts))], 2)


def _closes_round_a_mark(region: BoolArray) -> bool:
    """Whether a region (cut to its box) closes round edges of its own taking up at least
    MIN_MARK_SHARE of it: a tile round its numeral; a plain square of a checked
    tablecloth does not."""
    inside = np.pad(region, 1)
    outside = reconstruct(_border(inside.shape), ~inside)
    return int((~inside & ~outside).sum()) >= MIN_MARK_SHARE * int(region.sum())


def _edges_at(image: Image.Image, long_side: int) -> tuple[float, FloatArray, FloatArray]:
    """The image shrunk to `long_side` and blurred a pixel, with the factor from its pixels
    to the image's, its pixels (0 to 1) and their edge strength."""
    factor = max(image.size) / long_side
    size = (max(8, round(image.size[0] / factor)), max(8, round(image.size[1] / factor)))
    small = image.resize(size, Image.Resampling.BOX).filter(ImageFilter.GaussianBlur(1.0))
    pixels = np.asarray(small, dtype=np.float32) / 255.0
    return factor, pixels, edge_strength(pixels)


def _marked_tile_blob(strength: FloatArray, threshold: float) -> BoolArray | None:
    """The board as its numbered tiles, in edges seen at MARKED_TILES_LONG_SIDE: regions
    closed in by edges (over `threshold`) that are near square, fairly filled, and close
    round a mark (`_closes_round_a_mark`), the largest group of them of about one size
    taken together with the gaps between them (None without three such). On a checked
    tablecloth the cloth's squares are as square and as alike as the tiles, but hold no
    numeral; at SEARCH_LONG_SIDE a small board's numerals cut its tiles apart, so the
    tiles are looked for at twice the side."""
    labels = label_regions(~_dilate(strength > threshold))
    height, width = labels.shape
    flat = labels.ravel()
    free = np.nonzero(flat >= 0)[0]
    names, counts = region_sizes(labels)
    # Each free pixel's region as an index into `names`.
    index_of = np.zeros(flat.size, dtype=np.int64)
    index_of[names] = np.arange(len(names))
    inverse = index_of[flat[free]]
    ys, xs = np.divmod(free, width)
    tops = np.full(len(names), height)
    bottoms = np.zeros(len(names), dtype=np.int64)
    lefts = np.full(len(names), width)
    rights = np.zeros(len(names), dtype=np.int64)
    np.minimum.at(tops, inverse, ys)
    np.maximum.at(bottoms, inverse, ys)
    np.minimum.at(lefts, inverse, xs)
    np.maximum.at(rights, inverse, xs)
    box_heights, box_widths = bottoms - tops + 1, rights - lefts + 1
    squareness = np.minimum(box_heights, box_widths) / np.maximum(box_heights, box_widths)
    shaped = (
        (counts >= labels.size / 2500)
        & (counts <= labels.size / 6)
        & (squareness > 0.6)
        & (counts / (box_heights * box_widths) > 0.35)
    )
    tiles = []
    for index in np.nonzero(shaped)[0]:
        box = (slice(tops[index], bottoms[index] + 1), slice(lefts[index], rights[index] + 1))
        region = labels[box] == names[index]
        if _closes_round_a_mark(region):
            tiles.append((box, region))
    if len(tiles) < 3:
        return None
    areas = np.array([float(region.sum()) for _, region in tiles])
    best = _largest_group_of_one_size(areas, 0.5)
    if len(best) < 3:
        return None
    blob = np.zeros(labels.shape, dtype=np.bool_)
    for member in best:
        box, region = tiles[member]
        blob[box] |= region
    return _gaps_closed(blob, areas[best])


def _blob_outlines(blob: BoolArray, *, of_tiles: bool = False) -> list[Quad]:
    """Quadrilaterals round a blob, likeliest first: its hull cut to four corners and fitted
    side by side; then, when that cut off much of the hull, the hull with a cut-off corner
    put back, and the hull's four longest sides carried on until they meet (`_long_sides_met`),
    fitted side by side too. A blob `of_tiles` (`_tile_group_blob`) has its hull cut
    wherever a corner tile was not found: its corner put back comes first, and last the
    rectangle round it (`_bounding_rectangle`)."""
    grown = _dilate(blob, 2)
    outline_mask = grown & ~_erode(grown, 1)
    ys, xs = np.nonzero(outline_mask)
    outline = np.column_stack([xs, ys]).astype(np.float64)
    hull = _convex_hull(outline.astype(np.int64))
    if len(hull) < 4:
        return []
    quads = []
    four_corners = _cut_to(hull, 4)
    quad = _fit_sides(four_corners, outline)
    if _takes_in(quad, grown):
        quads.append(quad)
    hull_area = abs(Quad.polygon_area(hull))
    kept = abs(Quad.polygon_area(four_corners)) / max(hull_area, 1.0)
    if kept < CUT_HULL_FRACTION:
        restored = _corner_restored(hull)
        if restored is not None:
            # A tile group's hull is cut where a corner tile was not found (the blank,
            # most often): the corner put back is likelier than the cut.
            quads.insert(0 if of_tiles else len(quads), restored)
        sides = _long_sides_met(hull)
        if sides is not None:
            fitted = _fit_sides(list(sides.points()), outline)
            if abs(fitted.area()) <= MAX_HULL_GROWTH * hull_area and _takes_in(fitted, grown):
                quads.append(fitted)
        if of_tiles:
            rectangle = _bounding_rectangle(hull)
            if abs(rectangle.area()) <= MAX_HULL_GROWTH * hull_area:
                quads.append(rectangle)
    return quads


def _takes_in(quad: Quad, blob: BoolArray) -> bool:
    """Whether a quadrilateral is convex and takes in at least MIN_BLOB_SHARE of `blob`'s
    area: refitted sides can meet in a sliver, or a point, which outlines nothing."""
    return quad.is_convex() and abs(quad.area()) >= MIN_BLOB_SHARE * float(blob.sum())


def label_regions(free: BoolArray) -> npt.NDArray[np.int64]:
    """Each 4-connected region of `free` pixels labelled with the smallest flat index in it
    (-1 elsewhere)."""
    twin = speedups.compiled_twins.photo
    if twin is None:
        return label_regions_pure(free)
    labels = np.empty(free.shape, dtype=np.int64)
    twin.label_regions(np.ascontiguousarray(free, dtype=np.bool_), labels)
    return labels


def region_sizes(
    labels: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The regions' labels in `label_regions`' labelling, ascending, and their pixel counts.
    A label is a flat index into the image, so counting every index beats sorting the
    labels (np.unique)."""
    counts = np.bincount(labels[labels >= 0], minlength=labels.size)
    names = np.flatnonzero(counts)
    return names, counts[names]


def label_regions_pure(free: BoolArray) -> npt.NDArray[np.int64]:
    """`label_regions` in numpy, the compiled twin's reference.

    The regions left between dilated edges are long and winding, so spreading labels pixel
    by pixel takes hundreds of rounds. Instead each row's runs of free pixels are joined
    to the runs they touch in the next row (union-find over runs, a few thousand of
    them), and every run takes its region's first run's first pixel."""
    height, width = free.shape
    bordered = np.zeros((height, width + 2), dtype=np.int8)
    bordered[:, 1:-1] = free
    steps = np.diff(bordered, axis=1)
    run_rows, run_starts = np.nonzero(steps == 1)
    _, run_ends = np.nonzero(steps == -1)  # one past each run's last pixel
    row_first_run = np.searchsorted(run_rows, np.arange(height + 2))
    uppers: list[npt.NDArray[np.intp]] = []
    lowers: list[npt.NDArray[np.intp]] = []
    for row in range(height - 1):
        upper = slice(row_first_run[row], row_first_run[row + 1])
        lower_first = row_first_run[row + 1]
        lower = slice(lower_first, row_first_run[row + 2])
        # The lower runs touching each upper run: those ending after it starts and
        # starting before it ends, a contiguous range since runs in a row are ordered.
        first = np.searchsorted(run_ends[lower], run_starts[upper], side="right")
        last = np.searchsorted(run_starts[lower], run_ends[upper], side="left")
        counts = np.maximum(last - first, 0)
        total = int(counts.sum())
        if total == 0:
            continue
        ends = np.cumsum(counts)
        uppers.append(np.repeat(np.arange(upper.start, upper.stop), counts))
        lowers.append(
            np.repeat(first + lower_first, counts)
            + np.arange(total)
            - np.repeat(ends - counts, counts)
        )
    parent = list(range(len(run_rows)))

    def root(run: int) -> int:
        while parent[run] != run:
            parent[run] = parent[parent[run]]
            run = parent[run]
        return run

    if uppers:
        for upper_run, lower_run in zip(
            np.concatenate(uppers).tolist(), np.concatenate(lowers).tolist(), strict=True
        ):
            first_root, second_root = root(upper_run), root(lower_run)
            # The smaller run index stays the root: runs are in row-major order, so the
            # root's first pixel is the region's smallest flat index.
            if first_root < second_root:
                parent[second_root] = first_root
            elif second_root < first_root:
                parent[first_root] = second_root
    roots = np.array([root(run) for run in range(len(parent))], dtype=np.int64)
    run_firsts = run_rows.astype(np.int64) * width + run_starts
    lengths = run_ends - run_starts
    labels = np.full(height * width, -1, dtype=np.int64)
    within = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    labels[np.repeat(run_firsts, lengths) + within] = np.repeat(run_firsts[roots], lengths)
    return labels.reshape(height, width)


def _tile_group_blob(strength: FloatArray, threshold: float) -> BoolArray | None:
    """The board as the tiles themselves: regions closed in by edges that are near square,
    filled, and of one size (a screenshot's tiles, loose blocks, tiles with clear gaps),
    taken together with the gaps between them. None without at least three such."""
    edges = _dilate(strength > threshold)
    labels = label_regions(~edges)
    names, counts = region_sizes(labels)
    tiles = []
    for name, count in zip(names, counts, strict=True):
        if not (labels.size / 900 <= count <= labels.size / 6):
            continue
        region = labels == name
        rows = np.nonzero(region.any(axis=1))[0]
        columns = np.nonzero(region.any(axis=0))[0]
        box_height = int(rows[-1] - rows[0] + 1)
        box_width = int(columns[-1] - columns[0] + 1)
        squareness = min(box_height, box_width) / max(box_height, box_width)
        if squareness > 0.6 and count / (box_height * box_width) > 0.45:
            tiles.append((int(count), region))
    if len(tiles) < 3:
        return None
    areas = np.array([area for area, _ in tiles], dtype=np.float64)
    best = _largest_group_of_one_size(areas, 0.6)
    if len(best) < 3:
        return None
    blob = np.zeros(labels.shape, dtype=np.bool_)
    for index in best:
        blob |= tiles[index][1]
    return _gaps_closed(blob, areas[best])


def _largest_group_of_one_size(areas: npt.NDArray[np.float64], ratio: float) -> list[int]:
    """The indices of the largest group of `areas` within `ratio` of one of them: the
    tiles, among the other regions of a photo."""
    best: list[int] = []
    for area in areas:
        group = [i for i, other in enumerate(areas) if ratio * area <= other <= area / ratio]
        if len(group) > len(best):
            best = group
    return best


def _gaps_closed(blob: BoolArray, tile_areas: npt.NDArray[np.float64]) -> BoolArray:
    """A group of tiles taken together with the gaps between them (a sixth of a tile's
    side, at least two pixels)."""
    gap = max(2, round(float(np.sqrt(np.median(tile_areas))) * 0.15))
    return _erode(_dilate(blob, gap), gap)


def _outlines_in(image: Image.Image) -> Iterator[Quad]:
    """Outlines the board may have in `image`, in its pixels, likeliest first, each found
    only when asked for: from the image's edges, then from its strongest edges only (a
    patterned table is all edges), then as what the table's colours do not reach, then,
    when every outline so far was most of the image, as a group of the tiles that hold
    numerals, seen closer, then as a group of tiles."""
    factor, pixels, strength = _edges_at(image, SEARCH_LONG_SIDE)
    strongest = float(np.percentile(strength, 99.5))
    # The share of the image the smallest outline so far takes in.
    smallest = 1.0

    def numbered_tiles() -> Iterator[tuple[BoolArray | None, float, bool]]:
        # Only where every shape so far was most of the photo: a patterned table. Run
        # when the chain reaches it, so it sees the outlines yielded before.
        if smallest > PATTERNED_TABLE_SHARE:
            # The edges once for every share: seen closer than the other blobs', they take
            # as long to find as the blobs in them.
            # Never past twice the image's own pixels (a small crop searched alone):
            # scaled up further it shows nothing new, at four times the pixels.
            marked_side = min(MARKED_TILES_LONG_SIDE, 2 * max(image.size))
            marked_factor, _, marked_strength = _edges_at(image, marked_side)
            marked_strongest = float(np.percentile(marked_strength, 99.5))
            for share in MARKED_TILE_EDGE_SHARES:
                threshold = max(0.02, share * marked_strongest)
                yield _marked_tile_blob(marked_strength, threshold), marked_factor, True

    blobs = chain(
        (
            (_board_blob(strength, max(0.08, share * strongest)), factor, False)
            for share in EDGE_SHARES
        ),
        ((_table_colour_blob(pixels), factor, False),),
        numbered_tiles(),
        (
            (_tile_group_blob(strength, max(0.02, share * strongest)), factor, True)
            for share in TILE_EDGE_SHARES
        ),
    )
    image_area = float(image.size[0] * image.size[1])
    for blob, blob_factor, of_tiles in blobs:
        if blob is None:
            continue
        for quad in _blob_outlines(blob, of_tiles=of_tiles):
            # Pixel centres: a blob's pixel i spans image pixels i*f .. (i+1)*f.
            outline = Quad(
                *(((x + 0.5) * blob_factor, (y + 0.5) * blob_factor) for x, y in quad.points())
            )
            smallest = min(smallest, abs(outline.area()) / image_area)
            yield outline


def _zoom_box(
    outline: Quad, size: tuple[int, int], margin_share: float
) -> tuple[int, int, int, int] | None:
    """The part of the image to search again inside `outline`: its bounding box grown by
    `margin_share` of its size (shrunk, when negative). None when that is most of the
    image (searching it would find the same) or the outline is a sliver."""
    points = outline.as_array()
    margin = margin_share * float(np.ptp(points, axis=0).max())
    left, top = np.maximum(points.min(axis=0) - margin, 0)
    right, bottom = np.minimum(points.max(axis=0) + margin, size)
    box = (int(left), int(top), int(np.ceil(right)), int(np.ceil(bottom)))
    box_area = (box[2] - box[0]) * (box[3] - box[1])
    if box_area > MAX_ZOOM_AREA * size[0] * size[1] or min(box[2] - box[0], box[3] - box[1]) < 32:
        return None
    # A sliver (an edge between two tiles taken for a shape) holds no board: a board's
    # outline, square or turned up to 45 degrees, fills at least half its box.
    if abs(outline.area()) < MIN_ZOOM_FILL * box_area:
        return None
    return box


def board_outlines(photo: Photo) -> Iterator[Quad]:
    """Outlines the board may have, in working-image pixels, likeliest first, each found
    only when asked for: the shapes found in the whole photo, then its lattices, then those
    found searching again inside the first ZOOMED_OUTLINES of them that `_zoom_box` allows
    (a board lying on a sheet, a tray or a box lid is inside the outline first found, and
    small in the photo; searched alone its own edges stand out). The small shapes inside
    the first outline (at most SHEET_BOARD_SHARE of it) come right after it when it may be
    a sheet (`_may_hold_a_board`). Raises PhotoError, after the last, when there was no
    board-like shape in the photo."""
    found: list[Quad] = []
    size = photo.image.size
    whole: list[Quad] = []
    # The shapes inside the photo's first outline too large to be searched at once, when
    # its inside was searched at once.
    inside_first: list[Quad] | None = None
    for outer in _new_outlines(
        chain(_outlines_in(photo.image), lattice_outlines(photo.image)), found, size
    ):
        whole.append(outer)
        yield outer
        if len(whole) > 1 or not _may_hold_a_board(outer, size):
            continue
        # A board lying on a sheet or a tray, small in the photo, is a small shape inside
        # the first outline: searched next, before the photo's other shapes (mostly parts
        # of the sheet). A large one is most often a part of the board that outline is.
        inside_first = []
        yield from _new_outlines(_small_inside(photo, outer, inside_first), found, size)
    zoomable = [outer for outer in whole if _zoom_box(outer, size, 0.0) is not None]
    for outer in zoomable[:ZOOMED_OUTLINES]:
        inner_outlines = (
            inside_first
            if outer is whole[0] and inside_first is not None
            else _inside(photo, outer)
        )
        yield from _new_outlines(inner_outlines, found, size)
    if not found:
        raise PhotoError(NO_BOARD_MESSAGE)


def _may_hold_a_board(outer: Quad, size: tuple[int, int]) -> bool:
    """Whether `outer` may be a sheet, a tray or a photo a board lies on: searchable
    inside (`_zoom_box`), and no strip (a toolbar, a label) in its true proportions."""
    if _zoom_box(outer, size, 0.0) is None:
        return False
    return 1 / SHEET_MAX_SIDE_RATIO <= seen_side_ratio(outer, size) <= SHEET_MAX_SIDE_RATIO


def _small_inside(photo: Photo, outer: Quad, larger: list[Quad]) -> Iterator[Quad]:
    """The outlines `_inside` `outer` that take in at most SHEET_BOARD_SHARE of it; the
    others are put in `larger`."""
    for inner in _inside(photo, outer):
        if abs(inner.area()) > SHEET_BOARD_SHARE * abs(outer.area()):
            larger.append(inner)
        else:
            yield inner


def _inside(photo: Photo, outer: Quad) -> Iterator[Quad]:
    """The outlines found searching alone the part of the photo `outer` takes in (at each
    of ZOOM_MARGINS), in the photo's working pixels, but those that are most of `outer`
    (`outer` found again)."""
    size = photo.image.size
    for margin_share in ZOOM_MARGINS:
        box = _zoom_box(outer, size, margin_share)
        if box is None:
            continue
        for inner in _outlines_in(photo.image.crop(box)):
            outline = Quad(*((x + box[0], y + box[1]) for x, y in inner.points()))
            if abs(outline.area()) <= MAX_ZOOMED_SHARE * abs(outer.area()):
                yield outline


def _new_outlines(
    outlines: Iterable[Quad], found: list[Quad], size: tuple[int, int]
) -> Iterator[Quad]:
    """Those of `outlines` not too near one in `found` (which gains each yielded)."""
    for outline in outlines:
        if all(_apart(outline, known, size) for known in found):
            found.append(outline)
            yield outline


def _apart(first: Quad, second: Quad, size: tuple[int, int]) -> bool:
    """Whether two outlines differ by more than a hair (APART), or, both most of the photo,
    by more than NEAR_WHOLE_APART: a patterned table or a photo's border outlined again
    and again, each a few pixels off, would each be searched."""
    distance = float(np.abs(first.as_array() - second.as_array()).max())
    photo_area = size[0] * size[1]
    near_whole = min(abs(first.area()), abs(second.area())) > NEAR_WHOLE_SHARE * photo_area
    return distance > (NEAR_WHOLE_APART if near_whole else APART) * max(size)


def find_board_outline(photo: Photo) -> Quad:
    """The board's likeliest outline in working-image pixels. Raises PhotoError when there
    is no board-like shape in the photo."""
    return next(board_outlines(photo))
