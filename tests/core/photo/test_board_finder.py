"""Finding the board's outline, on drawn boards whose answer is known."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import array_shapes, arrays
from PIL import Image, ImageDraw, ImageFont

from core.photo.board_finder import (
    MARKED_TILES_LONG_SIDE,
    NEAR_WHOLE_APART,
    NEAR_WHOLE_SHARE,
    _blob_outlines,
    _edges_at,
    _marked_tile_blob,
    _may_hold_a_board,
    _table_colour_blob,
    board_outlines,
    label_regions,
    label_regions_pure,
    reconstruct,
    reconstruct_pure,
    region_sizes,
)
from core.photo.geometry import Quad
from core.photo.image import load_photo
from tests.core.conftest import REFUSED, running

if TYPE_CHECKING:
    from collections.abc import Callable

    from tests.core.conftest import Compiled

TABLE = (28, 52, 40)
TILE = (225, 240, 232)


def png_of_board(blank_colour: tuple[int, int, int]) -> bytes:
    """A 4x4 board of light tiles from (200, 150) to (600, 550) on a dark table, its blank in
    the bottom-left corner painted `blank_colour`."""
    image = Image.new("RGB", (800, 700), TABLE)
    draw = ImageDraw.Draw(image)
    for row in range(4):
        for column in range(4):
            left, top = 200 + column * 100, 150 + row * 100
            colour = blank_colour if (row, column) == (3, 0) else TILE
            draw.rectangle((left + 4, top + 4, left + 95, top + 95), fill=colour)
            if colour == TILE:
                draw.text((left + 40, top + 40), str(row * 4 + column + 1), fill=(20, 20, 20))
    stream = io.BytesIO()
    image.save(stream, format="PNG")
    return stream.getvalue()


def worst_corner_distance(found: Quad, expected: Quad) -> float:
    return float(np.abs(found.as_array() - expected.as_array()).max())


BOARD = Quad((200, 150), (600, 150), (600, 550), (200, 550))


def test_a_board_is_outlined_first() -> None:
    photo = load_photo(png_of_board(TILE))

    first = next(board_outlines(photo)).scaled(photo.scale)

    assert worst_corner_distance(first, BOARD) < 20


def test_a_blank_in_the_corner_the_colour_of_the_table_still_gives_the_whole_board() -> None:
    # The table runs into the blank, so the board's shape has a corner cut off; one of the
    # outlines must put the corner back rather than cut the board diagonally.
    photo = load_photo(png_of_board(TABLE))

    outlines = [outline.scaled(photo.scale) for outline in board_outlines(photo)]

    assert min(worst_corner_distance(outline, BOARD) for outline in outlines) < 20
    assert worst_corner_distance(outlines[0], BOARD) > 40


def draw_tiles_blank_last(draw: ImageDraw.ImageDraw) -> None:
    """The tiles of `png_of_board`, its blank in the bottom-right corner."""
    for row in range(4):
        for column in range(4):
            left, top = 200 + column * 100, 150 + row * 100
            if (row, column) != (3, 3):
                draw.rectangle((left + 4, top + 4, left + 95, top + 95), fill=TILE)
                draw.text((left + 40, top + 40), str(row * 4 + column + 1), fill=(20, 20, 20))


def png_of_board_in_a_rounded_frame(radius: int) -> bytes:
    """The 4x4 board of `png_of_board` (its blank bottom right) in a red frame from (180,
    130) to (620, 570) whose corners are rounded `radius` pixels, as a moulded one is."""
    image = Image.new("RGB", (800, 700), TABLE)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((180, 130, 620, 570), radius=radius, fill=(150, 30, 30))
    draw_tiles_blank_last(draw)
    stream = io.BytesIO()
    image.save(stream, format="PNG")
    return stream.getvalue()


@pytest.mark.parametrize("radius", [40, 60, 80])
def test_a_frame_with_rounded_corners_is_outlined_along_its_sides(radius: int) -> None:
    # The hull of a rounded frame has arcs for corners: cut down to four of its points it
    # is a square turned a few degrees (its corners 30 to 70 pixels off); the frame's four
    # straight sides carried on until they meet are the frame's outline.
    photo = load_photo(png_of_board_in_a_rounded_frame(radius))
    frame = Quad((180, 130), (620, 130), (620, 570), (180, 570))

    outlines = [outline.scaled(photo.scale) for outline in board_outlines(photo)]

    assert min(worst_corner_distance(outline, frame) for outline in outlines) < 13


def test_a_side_whose_longest_edge_lies_part_way_along_it_is_one_side() -> None:
    # A hull's straight side can be two edges (a pixel's bend): the top side here is
    # 90 + 110 pixels, the bottom 90 + 110, and the walk round the hull begins at the
    # longest edge, the top's second part. Its first part is the same side, not a fifth.
    from core.photo.board_finder import _long_sides_met

    hull = [(0.0, 0.0), (90.0, 0.0), (200.0, 1.0), (200.0, 61.0), (110.0, 61.0), (0.0, 60.0)]

    quad = _long_sides_met(hull)

    assert quad is not None
    expected = Quad((0, 0), (200, 1), (200, 61), (0, 60))
    assert worst_corner_distance(quad, expected) < 3


def test_a_side_begun_by_a_bit_of_arc_is_one_side_where_the_walk_begins() -> None:
    # The top side's first part (90 px at -0.5 degrees) follows a short edge of the
    # rounded corner (10 px at -9.5 degrees), within a run's bend of it; the walk begins
    # at the top's second part (130 px at +1 degree), more than a run's bend from that
    # arc edge, though the top's first part is the same side.
    from core.photo.board_finder import _long_sides_met

    def step(point: tuple[float, float], length: float, degrees: float) -> tuple[float, float]:
        angle = np.radians(degrees)
        return (point[0] + length * np.cos(angle), point[1] + length * np.sin(angle))

    arc_end = step((3.0, 4.0), 10.0, -9.5)
    top_break = step(arc_end, 90.0, -0.5)
    top_right = step(top_break, 130.0, 1.0)
    bottom_right = (top_right[0], top_right[1] + 60.0)
    hull = [(0.0, 62.0), (0.0, 12.0), (3.0, 4.0), arc_end, top_break, top_right, bottom_right]
    hull.append((bottom_right[0] / 2, 62.5))

    quad = _long_sides_met(hull)

    assert quad is not None
    expected = Quad((0, 2.5), top_right, bottom_right, (0, 62))
    assert worst_corner_distance(quad, expected) < 3


def test_a_hull_with_two_corners_cut_off_is_not_taken_for_a_rounded_board() -> None:
    # A phone app's dark 3x3 found as a group of tiles lacking two corner tiles (top
    # right, bottom right): the hull's cuts are longer than the straight side between
    # them, and its four longest runs, the cuts two of them, met far outside the tiles.
    from core.photo.board_finder import _long_sides_met

    hull = [(27.0, 154.0), (29.0, 116.0), (31.0, 115.0), (100.0, 115.0), (102.0, 116.0)]
    hull += [(140.0, 151.0), (142.0, 153.0), (142.0, 188.0), (141.0, 189.0), (139.0, 190.0)]
    hull += [(64.0, 226.0), (31.0, 226.0), (30.0, 225.0), (27.0, 188.0)]

    assert _long_sides_met(hull) is None


def test_a_board_whose_hull_lost_two_corners_is_outlined_along_its_sides() -> None:
    # An embossed 4x4 turned a degree or two (corpus, embossed__mnist15-27; its hull in
    # the search image): the hull lost its top right and bottom left corners, and its
    # four longest sides, opposite ones near parallel, meet at the board's corners.
    from core.photo.board_finder import _long_sides_met

    hull = [(18.0, 22.0), (20.0, 20.0), (200.0, 20.0), (209.0, 21.0), (269.0, 33.0)]
    hull += [(269.0, 54.0), (266.0, 105.0), (254.0, 237.0), (253.0, 242.0), (252.0, 244.0)]
    hull += [(249.0, 247.0), (247.0, 248.0), (228.0, 248.0), (177.0, 246.0), (71.0, 238.0)]
    hull += [(61.0, 237.0), (31.0, 186.0), (30.0, 177.0), (27.0, 144.0), (20.0, 57.0)]
    hull += [(18.0, 30.0)]

    quad = _long_sides_met(hull)

    assert quad is not None
    expected = Quad((18, 20), (270, 21), (253, 248), (35, 235))
    assert worst_corner_distance(quad, expected) < 3


def test_every_outline_round_a_blob_that_reaches_the_edges_can_be_warped() -> None:
    # A screenshot's tiles cut off at the image's edges leave a blob of thin gaps running
    # to every edge round one large tile: sides carried on from its hull and refitted met
    # in a single point, an outline with no warp, which stopped the reader.
    from core.photo.board_finder import _blob_outlines
    from core.photo.geometry import homography

    blob = np.zeros((320, 320), dtype=bool)
    blob[40:280, 40:280] = True
    for line in (39, 40, 159, 160, 279, 280):
        blob[line, :] = True
        blob[:, line] = True

    for outline in _blob_outlines(blob):
        assert outline.is_convex()
        homography(outline.as_array(), outline.as_array())


def test_regions_are_labelled_one_label_each() -> None:
    from core.photo.board_finder import label_regions

    free = np.array(
        [
            [1, 1, 0, 1],
            [0, 1, 0, 1],
            [1, 0, 0, 1],
            [1, 1, 0, 0],
        ],
        dtype=bool,
    )
    labels = label_regions(free)
    assert (labels[~free] == -1).all()
    # three regions: the top left, the right column, the bottom left
    assert len(set(labels[free].tolist())) == 3
    assert labels[0, 0] == labels[1, 1]
    assert labels[0, 3] == labels[2, 3]
    assert labels[2, 0] == labels[3, 1]


def _flood_filled_regions(free: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """The plain oracle: each region flood-filled from its first pixel in row-major order."""
    height, width = free.shape
    labels = np.full(free.shape, -1, dtype=np.int64)
    for start in range(free.size):
        row, column = divmod(start, width)
        if not free[row, column] or labels[row, column] != -1:
            continue
        labels[row, column] = start
        waiting = [(row, column)]
        while waiting:
            y, x = waiting.pop()
            for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                if 0 <= ny < height and 0 <= nx < width and free[ny, nx] and labels[ny, nx] == -1:
                    labels[ny, nx] = start
                    waiting.append((ny, nx))
    return labels


#: Masks of up to 24 by 24 pixels, any pattern.
small_masks = arrays(
    np.bool_,
    array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=24),
    elements=st.booleans(),
)


@given(small_masks)
def test_regions_are_labelled_as_a_flood_fill_labels_them(free: npt.NDArray[np.bool_]) -> None:
    from core.photo.board_finder import label_regions

    np.testing.assert_array_equal(label_regions(free), _flood_filled_regions(free))


@given(small_masks)
def test_each_region_is_counted_once_with_its_pixels(free: npt.NDArray[np.bool_]) -> None:
    labels = _flood_filled_regions(free)
    names, counts = region_sizes(labels)
    expected_names, expected_counts = np.unique(labels[labels >= 0], return_counts=True)
    np.testing.assert_array_equal(names, expected_names)
    np.testing.assert_array_equal(counts, expected_counts)


def png_of_screenshot() -> bytes:
    """A phone screenshot's 3x3: grey tiles told apart by faint rims, on a grey panel with
    text above and a button below, the blank (bottom right) showing the panel."""
    image = Image.new("RGB", (360, 800), (58, 58, 56))
    draw = ImageDraw.Draw(image)
    draw.text((120, 100), "15-Puzzle", fill=(240, 240, 240))
    draw.text((60, 200), "Order all numbers by tapping squares.", fill=(230, 230, 230))
    greys = [(30, 30, 30), (40, 40, 40), (70, 70, 70), (85, 85, 85), (50, 50, 50)]
    for row in range(3):
        for column in range(3):
            if (row, column) == (2, 2):
                continue
            left, top = 20 + column * 106, 280 + row * 106
            draw.rounded_rectangle(
                (left, top, left + 102, top + 102),
                radius=6,
                fill=greys[(row * 3 + column) % len(greys)],
                outline=(95, 95, 95),
            )
            draw.text((left + 48, top + 45), str(row * 3 + column + 1), fill=(235, 235, 235))
    draw.rectangle((20, 640, 300, 690), outline=(95, 95, 95))
    stream = io.BytesIO()
    image.save(stream, format="PNG")
    return stream.getvalue()


def test_a_screenshots_tiles_give_the_board_when_its_edges_do_not() -> None:
    photo = load_photo(png_of_screenshot())
    expected = Quad((20, 280), (338, 280), (338, 598), (20, 598))
    distances = [worst_corner_distance(found, expected) for found in board_outlines(photo)]
    assert min(distances) < 16  # 5% of the board's side


def png_of_board_on_a_sheet() -> bytes:
    """A small 4x4 board (160 pixels, a fifth of the photo's width) lying on a sheet of paper
    that lies on a dark table: the sheet is the shape the table leaves first."""
    image = Image.new("RGB", (800, 600), TABLE)
    draw = ImageDraw.Draw(image)
    draw.rectangle((150, 100, 650, 500), fill=(235, 235, 228))
    for row in range(4):
        for column in range(4):
            left, top = 320 + column * 40, 220 + row * 40
            if (row, column) != (3, 3):
                draw.rectangle((left + 2, top + 2, left + 37, top + 37), fill=(40, 40, 40))
                draw.text((left + 15, top + 14), str(row * 4 + column + 1), fill=(240, 240, 240))
    draw.rectangle((318, 218, 481, 381), outline=(90, 60, 30), width=3)
    stream = io.BytesIO()
    image.save(stream, format="PNG")
    return stream.getvalue()


def test_a_board_on_a_sheet_is_found_by_searching_inside_the_sheet() -> None:
    photo = load_photo(png_of_board_on_a_sheet())
    outlines = [outline.scaled(photo.scale) for outline in board_outlines(photo)]
    sheet = Quad((150, 100), (650, 100), (650, 500), (150, 500))
    board = Quad((318, 218), (481, 218), (481, 381), (318, 381))
    assert worst_corner_distance(outlines[0], sheet) < 20  # the whole photo's search
    assert min(worst_corner_distance(outline, board) for outline in outlines) < 8


def test_a_sheet_may_hold_a_board_and_a_strip_may_not() -> None:
    """Only a shape that could be a sheet, a tray, a photo or a phone has its inside
    searched right after it: a toolbar's strip of icons first found in a screenshot would
    put each icon before the board."""
    size = (1000, 800)
    sheet = Quad((300, 200), (700, 200), (700, 500), (300, 500))
    tilted_sheet = Quad((500, 150), (750, 400), (500, 650), (250, 400))
    strip = Quad((100, 300), (900, 300), (900, 460), (100, 460))
    phone = Quad((400, 150), (600, 150), (600, 584), (400, 584))  # 19.5:9, a phone's screen
    most_of_the_photo = Quad((10, 10), (990, 10), (990, 790), (10, 790))
    assert _may_hold_a_board(sheet, size)
    assert _may_hold_a_board(tilted_sheet, size)
    assert _may_hold_a_board(phone, size)
    assert not _may_hold_a_board(strip, size)
    assert not _may_hold_a_board(most_of_the_photo, size)  # its inside is the photo


def masks(max_side: int = 40) -> st.SearchStrategy[npt.NDArray[np.bool_]]:
    return arrays(
        np.bool_,
        array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=max_side),
        elements=st.booleans(),
    )


@settings(max_examples=200, deadline=None)
@given(masks(), st.data())
def test_a_region_grows_from_its_seeds_as_a_flood_fill_grows_it(
    compiled: Compiled, allowed: npt.NDArray[np.bool_], data: st.DataObject
) -> None:
    seeds = data.draw(arrays(np.bool_, allowed.shape, elements=st.booleans()))
    labels = _flood_filled_regions(allowed)
    seeded = np.unique(labels[seeds & allowed])
    expected = np.isin(labels, seeded) & allowed
    np.testing.assert_array_equal(reconstruct_pure(seeds, allowed), expected)
    with running(compiled):
        np.testing.assert_array_equal(reconstruct(seeds, allowed), expected)


@settings(max_examples=200, deadline=None)
@given(masks())
def test_the_compiled_labels_are_the_references(
    compiled: Compiled, free: npt.NDArray[np.bool_]
) -> None:
    with running(compiled):
        labels = label_regions(free)
    np.testing.assert_array_equal(labels, label_regions_pure(free))


def test_the_compiled_mask_loops_take_views_and_refuse_what_they_cannot(
    compiled: Compiled,
) -> None:
    mask = np.zeros((5, 6), dtype=bool)
    mask[2, 3] = True
    with running(compiled):
        # a transposed view is copied to a contiguous array before it is handed on
        assert reconstruct(mask.T, np.ones((6, 5), dtype=bool)).all()
        assert (label_regions(~mask.T) == 0).sum() == 29
    region = np.empty((5, 6), dtype=bool)
    with pytest.raises(ValueError, match="shape"):
        compiled.photo.reconstruct(mask, np.ones((6, 5), dtype=bool), region)
    with pytest.raises(ValueError, match=REFUSED):
        compiled.photo.reconstruct(mask.astype(np.uint16), mask, region)
    with pytest.raises(ValueError, match=REFUSED):
        compiled.photo.label_regions(mask, np.empty((5, 6), dtype=np.int32))


def _tiles_blob(missing: set[tuple[int, int]], degrees: float) -> tuple[np.ndarray, Quad]:
    """A 3x3 group of 40-pixel tiles with 6-pixel gaps, turned `degrees` about the middle
    of a 320-pixel search image, without the tiles at (column, row) in `missing`, closed
    over its gaps as `_tile_group_blob` closes it; and the board's outline."""
    from core.photo.board_finder import _dilate, _erode

    angle = np.radians(degrees)
    along = np.array([np.cos(angle), np.sin(angle)])
    down = np.array([-np.sin(angle), np.cos(angle)])
    ys, xs = np.mgrid[0:320, 0:320]
    relative = np.stack([xs - 160.0, ys - 160.0], axis=-1)
    # Board coordinates from the board's top left: 132 pixels a side.
    u = relative @ along + 66.0
    v = relative @ down + 66.0
    blob = np.zeros((320, 320), dtype=bool)
    for column in range(3):
        for row in range(3):
            if (column, row) in missing:
                continue
            left, top = column * 46.0, row * 46.0
            blob |= (u >= left) & (u < left + 40) & (v >= top) & (v < top + 40)
    blob = _erode(_dilate(blob, 3), 3)
    ends = ((0, 0), (132, 0), (132, 132), (0, 132))
    return blob, Quad.from_points([160 + (x - 66) * along + (y - 66) * down for x, y in ends])


@pytest.mark.parametrize("degrees", [0.0, 12.0, 30.0])
def test_a_group_of_tiles_missing_two_corner_tiles_is_outlined_whole(degrees: float) -> None:
    # A phone app's dark 3x3 (the expidle screenshot in perspective): its top right tile is
    # the panel's grey and its bottom right is the blank, so the tiles found as a group lack
    # both; its hull is cut at both corners, which the corner put back or the longest sides
    # do not outline. Every outer row and column keeps a tile: the rectangle round them is
    # the board.
    from core.photo.board_finder import _blob_outlines

    blob, board = _tiles_blob({(2, 0), (2, 2)}, degrees)

    outlines = _blob_outlines(blob, of_tiles=True)

    assert min(worst_corner_distance(outline, board) for outline in outlines) < 4


def checked_cloth(square: int) -> Image.Image:
    """An 800 x 700 tablecloth checked grey and white in `square`-pixel squares turned 30
    degrees."""
    ys, xs = np.mgrid[0:700, 0:800].astype(np.float64)
    turned = np.radians(30)
    u = xs * np.cos(turned) + ys * np.sin(turned)
    v = -xs * np.sin(turned) + ys * np.cos(turned)
    checked = (np.floor(u / square) + np.floor(v / square)) % 2 == 0
    cloth = np.where(checked[..., None], np.array([235, 235, 230]), np.array([110, 110, 115]))
    return Image.fromarray(cloth.astype(np.uint8))


def png_of_board_on_a_checked_cloth(frame_colour: tuple[int, int, int]) -> bytes:
    """The 4x4 board of `png_of_board` in a frame of `frame_colour` from (180, 130) to
    (620, 570), on a tablecloth checked grey and white in 60-pixel squares turned 30
    degrees: edges everywhere round the board, as strong as its own."""
    image = checked_cloth(60)
    draw = ImageDraw.Draw(image)
    draw.rectangle((180, 130, 620, 570), fill=frame_colour)
    draw_tiles_blank_last(draw)
    stream = io.BytesIO()
    image.save(stream, format="PNG")
    return stream.getvalue()


@pytest.mark.parametrize("frame_colour", [(150, 30, 30), (20, 20, 20), (40, 70, 160)])
def test_a_board_on_a_checked_tablecloth_is_outlined_by_the_colours_it_does_not_share(
    frame_colour: tuple[int, int, int],
) -> None:
    # The cloth's squares are edges as strong as the board's, so no shape the table's
    # edges leave is the board; its frame is a colour the cloth's border does not show.
    photo = load_photo(png_of_board_on_a_checked_cloth(frame_colour))
    frame = Quad((180, 130), (620, 130), (620, 570), (180, 570))

    outlines = [outline.scaled(photo.scale) for outline in board_outlines(photo)]

    assert min(worst_corner_distance(outline, frame) for outline in outlines) < 12


def png_of_small_board_of_the_cloths_colours() -> bytes:
    """A 4x4 board of white 44-pixel tiles with dark numerals in a grey frame, from (300,
    250) to (496, 446), on a cloth checked grey and white in 40-pixel squares turned 30
    degrees: its colours are all the cloth's, its tiles the size of the cloth's squares;
    only its numerals are not the cloth's."""
    image = checked_cloth(40)
    draw = ImageDraw.Draw(image)
    draw.rectangle((300, 250, 496, 446), fill=(110, 110, 115))
    numerals = ImageFont.load_default(size=22)
    for row in range(4):
        for column in range(4):
            left, top = 306 + column * 46, 256 + row * 46
            draw.rectangle((left, top, left + 43, top + 43), fill=(235, 235, 230))
            if (row, column) != (3, 3):
                text = str(row * 4 + column + 1)
                draw.text(
                    (left + 22, top + 22), text, fill=(20, 20, 20), font=numerals, anchor="mm"
                )
    stream = io.BytesIO()
    image.save(stream, format="PNG")
    return stream.getvalue()


def test_a_board_of_a_checked_cloths_colours_is_outlined_by_its_numbered_tiles() -> None:
    # Every shape the edges leave is the whole photo, the table's colours reach the board,
    # and the cloth's squares are as square and as alike as the tiles: only the tiles
    # close round numerals.
    photo = load_photo(png_of_small_board_of_the_cloths_colours())
    tiles = Quad((306, 256), (489, 256), (489, 439), (306, 439))

    outlines = [outline.scaled(photo.scale) for outline in board_outlines(photo)]

    assert min(worst_corner_distance(outline, tiles) for outline in outlines) < 10


@pytest.mark.parametrize(
    "png",
    [
        png_of_small_board_of_the_cloths_colours,
        lambda: png_of_board_on_a_checked_cloth((20, 20, 20)),
    ],
    ids=["small board", "black frame"],
)
def test_a_checked_cloth_outlined_again_a_few_pixels_off_is_searched_once(
    png: Callable[[], bytes],
) -> None:
    # A patterned table's edges leave the photo's whole shape at every threshold, each a
    # little off: each searched would spend the placings the board's outlines need.
    photo = load_photo(png())
    width, height = photo.image.size
    most = [
        outline
        for outline in board_outlines(photo)
        if abs(outline.area()) > NEAR_WHOLE_SHARE * width * height
    ]

    assert most
    for index, first in enumerate(most):
        for second in most[index + 1 :]:
            assert worst_corner_distance(first, second) > NEAR_WHOLE_APART * max(width, height)


@settings(max_examples=25, deadline=None)
@given(arrays(np.uint8, array_shapes(min_dims=3, max_dims=3, min_side=3, max_side=40)))
def test_the_table_and_tile_finders_take_any_image(values: npt.NDArray[np.uint8]) -> None:
    # Any picture at all (a flat one, noise, a sliver): a mask of its own size or none.
    rgb = np.ascontiguousarray(np.resize(values, (*values.shape[:2], 3)))
    image = Image.fromarray(rgb).resize((max(8, rgb.shape[1] * 4), max(8, rgb.shape[0] * 4)))
    pixels = np.asarray(image, dtype=np.float32) / 255.0

    table_blob = _table_colour_blob(pixels)
    _, _, strength = _edges_at(image, MARKED_TILES_LONG_SIDE)
    tiles_blob = _marked_tile_blob(strength, 0.15 * float(strength.max()))

    assert table_blob is None or table_blob.shape == pixels.shape[:2]
    assert tiles_blob is None or tiles_blob.shape == strength.shape


def test_a_tile_group_missing_its_corner_tile_is_outlined_whole_first() -> None:
    # Eight tiles of a 3x3 found, the blank's corner not: the group's hull is cut there,
    # and the corner put back is the board. A board's own blob keeps the cut first: a
    # cup or a card pressed against the board's side makes that bump.
    blob = np.zeros((200, 200), dtype=np.bool_)
    blob[40:160, 40:160] = True
    blob[120:160, 120:160] = False
    whole = Quad((40, 40), (160, 40), (160, 160), (40, 160))

    tiles_first = _blob_outlines(blob, of_tiles=True)[0]
    board_first = _blob_outlines(blob)[0]

    assert worst_corner_distance(tiles_first, whole) < 4
    assert worst_corner_distance(board_first, whole) > 30
