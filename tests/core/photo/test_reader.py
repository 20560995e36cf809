"""The reader on the generated test set, and on photos that are no puzzle.

The test set is seeds 0 to TEST_PHOTO_COUNT - 1 of the TEST style set; the network was
trained on a synthetic world of tiles and on seeds from 1_000_000 of the TRAINING style set
(core/photo/training/train.py), so none of these images, nor their engraved numbers, were
seen in training.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from core.photo import reader
from core.photo.errors import PhotoError
from core.photo.geometry import Corners, Quad
from core.photo.grid import find_grid
from core.photo.reader import PhotoReading, read_photo
from core.photo.recognizer import grids_read
from core.photo.training.synthetic import StyleSet, SyntheticPhoto, font_files, generate_photo

if TYPE_CHECKING:
    from collections.abc import Iterator

    from core.photo.grid import GridFit

TEST_PHOTO_COUNT = 200

#: Floors a little under what the reader reaches on the test set, so a regression fails
#: while another machine's arithmetic (a board whose reading is a near tie) does not.
#: Measured (bench/photo_read.py --accuracy 200): 197 of 200 exact (the issue's target is
#: 0.98); none refused and none with the wrong size; 3 with some cells wrong, each with
#: every wrong cell marked unsure (the target: all).
MIN_EXACT_RATE = 0.97
MIN_WRONG_CELLS_MARKED_RATE = 0.75


@dataclass(frozen=True)
class Outcome:
    synthetic: SyntheticPhoto
    reading: PhotoReading | None
    error: str | None

    @property
    def exact(self) -> bool:
        return self.reading is not None and self.reading.board == self.synthetic.board

    def wrong_cells(self) -> set[tuple[int, int]]:
        """Cells read wrong; every cell when the size or the reading itself failed."""
        board = self.synthetic.board
        everything = {divmod(index, board.width) for index in range(len(board.tiles))}
        if self.reading is None or (self.reading.width, self.reading.height) != (
            board.width,
            board.height,
        ):
            return everything
        return {
            divmod(index, board.width)
            for index, (read, true) in enumerate(
                zip(self.reading.numbers, board.tiles, strict=True)
            )
            if read != true
        }


def read_outcome(synthetic: SyntheticPhoto) -> Outcome:
    try:
        return Outcome(synthetic, read_photo(synthetic.jpeg), None)
    except PhotoError as error:
        return Outcome(synthetic, None, str(error))


@cache
def outcomes_of_the_test_set() -> tuple[Outcome, ...]:
    """Generated and read once per session: the two tests below share them."""
    return tuple(
        read_outcome(generate_photo(seed, StyleSet.TEST)) for seed in range(TEST_PHOTO_COUNT)
    )


def describe(outcomes: list[Outcome]) -> str:
    return "\n".join(
        f"seed {o.synthetic.seed} ({o.synthetic.style}): "
        + (
            o.error
            or f"wrong {sorted(o.wrong_cells())}, unsure {o.reading.unsure if o.reading else ()}"
        )
        for o in outcomes
    )


@pytest.mark.accuracy
def test_most_boards_of_the_test_set_are_read_exactly() -> None:
    outcomes = outcomes_of_the_test_set()
    exact = sum(outcome.exact for outcome in outcomes) / len(outcomes)
    failures = [outcome for outcome in outcomes if not outcome.exact]
    assert exact >= MIN_EXACT_RATE, describe(failures)


@pytest.mark.accuracy
def test_wrong_cells_of_boards_read_with_the_right_size_are_marked_unsure() -> None:
    outcomes = [
        outcome
        for outcome in outcomes_of_the_test_set()
        if outcome.reading is not None and not outcome.exact
    ]
    marked = [o for o in outcomes if o.wrong_cells() <= set(o.reading.unsure)]  # type: ignore[union-attr]
    rate = len(marked) / len(outcomes) if outcomes else 1.0
    assert rate >= MIN_WRONG_CELLS_MARKED_RATE, describe([o for o in outcomes if o not in marked])


def jpeg(image: Image.Image) -> bytes:
    stream = io.BytesIO()
    image.save(stream, format="JPEG", quality=90)
    return stream.getvalue()


def noise_photo() -> bytes:
    rng = np.random.default_rng(5)
    return jpeg(Image.fromarray(rng.integers(0, 256, size=(600, 800, 3), dtype=np.uint8)))


def blank_page() -> bytes:
    return jpeg(Image.new("RGB", (800, 600), (238, 236, 230)))


def page_of_text() -> bytes:
    page = Image.new("RGB", (800, 1000), (245, 245, 240))
    draw = ImageDraw.Draw(page)
    font = ImageFont.truetype(str(font_files(StyleSet.TEST)[0]), 22)
    words = [
        "the",
        "quick",
        "brown",
        "fox",
        "jumps",
        "over",
        "the",
        "lazy",
        "dog",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "11",
        "12",
    ]
    rng = np.random.default_rng(3)
    for line in range(30):
        text = " ".join(str(rng.choice(words)) for _ in range(8))
        draw.text((60, 60 + line * 30), text, font=font, fill=(30, 30, 30))
    return jpeg(page)


@pytest.mark.parametrize("make", [noise_photo, blank_page, page_of_text])
def test_a_photo_of_no_puzzle_is_refused_in_plain_words(make: object) -> None:
    assert callable(make)
    with pytest.raises(PhotoError) as raised:
        read_photo(make())
    message = str(raised.value)
    assert "Traceback" not in message
    assert any(word in message for word in ("no puzzle", "no grid", "cannot be read"))


def test_a_blurred_photo_is_refused() -> None:
    image = generate_photo(3, StyleSet.TEST).image()
    from PIL import ImageFilter

    with pytest.raises(PhotoError):
        read_photo(jpeg(image.filter(ImageFilter.GaussianBlur(12))))


@pytest.mark.parametrize("seed", [2, 5, 7, 9, 12])
def test_corners_dragged_half_a_cell_off_still_read_exactly(seed: int) -> None:
    # A person's corners are rough; the reader straightens the grid from its gaps when the
    # cells read badly. (Before straightening, each of these boards read wrong.)
    synthetic = generate_photo(seed, StyleSet.TEST)
    points = synthetic.corners.as_array()
    pitch = float(np.linalg.norm(points[1] - points[0])) / synthetic.board.width
    points[2] += (0.5 * pitch, -0.45 * pitch)

    reading = read_photo(
        synthetic.jpeg,
        corners=Quad.from_points(points),
        size=(synthetic.board.width, synthetic.board.height),
    )

    assert reading.board == synthetic.board


def test_a_grid_with_one_cell_the_network_cannot_see_is_not_taken_as_placed() -> None:
    # The first placing of this 3x3 sat a part of a cell off: its blank read as a blank
    # and the 6 beside it was left to the blank's place, where the network gave the 6 a
    # probability of 0.003. The mean cost per cell (0.99) passed as placed right.
    synthetic = generate_photo(186, StyleSet.TEST)

    reading = read_photo(synthetic.jpeg)

    assert reading.board == synthetic.board


@st.composite
def drawn_images(draw: st.DrawFn) -> bytes:
    """Small images of rectangles and lines on a plain or noisy ground: shapes that send the
    reader down its board, outline and grid searches, unlike noise, which it refuses early."""
    # From the reader's smallest photo (32 px a side) up.
    width = draw(st.integers(32, 320))
    height = draw(st.integers(32, 320))
    colours = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))
    image = Image.new("RGB", (width, height), draw(colours))
    if draw(st.booleans()):
        seed = draw(st.integers(0, 2**16))
        noise = np.random.default_rng(seed).integers(0, 60, size=(height, width, 3))
        image = Image.fromarray(np.clip(np.asarray(image) + noise, 0, 255).astype(np.uint8))
    pen = ImageDraw.Draw(image)
    for _ in range(draw(st.integers(0, 30))):
        x0, x1 = sorted(draw(st.tuples(st.integers(0, width), st.integers(0, width))))
        y0, y1 = sorted(draw(st.tuples(st.integers(0, height), st.integers(0, height))))
        if draw(st.booleans()):
            pen.rectangle((x0, y0, x1, y1), fill=draw(colours))
        else:
            pen.line((x0, y0, x1, y1), fill=draw(colours), width=draw(st.integers(1, 6)))
    stream = io.BytesIO()
    image.save(stream, format="PNG")
    return stream.getvalue()


# Slow tier: each drawing that is no puzzle is searched to the end before it is refused
# (about 2.5 s each); the default run keeps the arbitrary-bytes property in test_image.
@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn_images())
def test_any_drawn_image_gives_a_reading_or_a_photo_error(data: bytes) -> None:
    try:
        reading = read_photo(data)
    except PhotoError:
        return  # a refusal is an answer; any other exception fails the test
    assert len(reading.cells) == reading.width * reading.height
    assert sorted(reading.numbers) == list(range(reading.width * reading.height))


@pytest.mark.parametrize(
    "turn",
    [Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_270],
    ids=["90", "180", "270"],
)
@pytest.mark.parametrize("seed", [3, 9, 17])
def test_a_board_photographed_turned_a_quarter_or_half_is_read_upright(
    seed: int, turn: Image.Transpose
) -> None:
    synthetic = generate_photo(seed, StyleSet.TEST)
    turned = read_photo(jpeg(synthetic.image().transpose(turn)))
    assert turned.board == synthetic.board
    # the turn that brings it upright: ROTATE_90 turned it counterclockwise, so it takes
    # three more counterclockwise quarters
    assert turned.turns == {Image.Transpose.ROTATE_90: 3, Image.Transpose.ROTATE_180: 2}.get(
        turn, 1
    )


def test_the_search_takes_no_placing_past_its_budget_once_one_can_be_offered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Test photo 24's first grid reads badly (bench/photo_read.py): the reader searches on.
    photo = jpeg(generate_photo(24, StyleSet.TEST).image())
    taken: list[GridFit] = []
    placings = reader._placings

    def counted(*args: Any, **kwargs: Any) -> Iterator[GridFit]:
        for grid in placings(*args, **kwargs):
            taken.append(grid)
            yield grid

    monkeypatch.setattr(reader, "_placings", counted)
    read_photo(photo)
    searched = len(taken)
    assert searched > 1
    taken.clear()
    monkeypatch.setattr(reader, "READ_BUDGET", 0)
    read_photo(photo)
    offerable = reader.shipped_network().calibration["max_mean_cost"]
    assert 1 <= len(taken) < searched
    assert reader.reading_cost(taken[-1]) <= offerable
    assert all(reader.reading_cost(grid) > offerable for grid in taken[:-1])


#: A 4x4 whose top-left 3x3 holds 0 to 8: that part alone reads as a settled 3x3 board.
PART_READS_AS_A_BOARD = (1, 2, 3, 9, 4, 5, 6, 10, 7, 8, 0, 11, 12, 13, 14, 15)


def _drawn_board(
    tiles: tuple[int, ...],
    side: int,
    cell: int = 90,
    frame: tuple[int, int, int] = (40, 40, 44),
) -> Image.Image:
    """Cream tiles with dark numbers, thin gaps, on a frame (dark unless given): the board
    starts at (cell, cell)."""
    image = Image.new("RGB", ((side + 2) * cell, (side + 2) * cell), frame)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(font_files(StyleSet.TEST)[0]), cell // 2)
    for index, number in enumerate(tiles):
        row, column = divmod(index, side)
        left, top = (column + 1) * cell, (row + 1) * cell
        if number == 0:
            continue
        draw.rectangle((left + 3, top + 3, left + cell - 4, top + cell - 4), fill=(236, 226, 200))
        draw.text(
            (left + cell / 2, top + cell / 2),
            str(number),
            font=font,
            fill=(30, 30, 30),
            anchor="mm",
        )
    return image


def _grid_on(
    photo: reader.Photo,
    left: int,
    top: int,
    right: int,
    bottom: int,
    *,
    size: tuple[int, int] | None = None,
) -> GridFit:
    outline = Quad((left, top), (right, top), (right, bottom), (left, bottom))
    return find_grid(photo.image, outline.scaled(1 / photo.scale), size, outline_is_grid=True)


def test_a_settled_part_of_a_board_grows_to_the_whole_board() -> None:
    photo = reader.load_photo(jpeg(_drawn_board(PART_READS_AS_A_BOARD, 4)))
    part = _grid_on(photo, 90, 90, 360, 360)
    assert (part.columns, part.rows) == (3, 3)
    assert part.reading.settled  # the trap: 0 to 8, read surely

    whole = reader._whole_board(photo, part)

    assert (whole.columns, whole.rows) == (4, 4)
    assert whole.reading.settled


def test_a_whole_board_on_its_frame_is_not_grown() -> None:
    photo = reader.load_photo(jpeg(_drawn_board((1, 2, 3, 4, 5, 6, 7, 8, 0), 3)))
    board = _grid_on(photo, 90, 90, 360, 360)
    assert board.reading.settled

    assert reader._whole_board(photo, board) is board


#: A 4x4 whose first three columns hold 0 to 11: read alone, they are a 3x4 board.
COLUMNS_READ_AS_A_BOARD = (1, 2, 3, 12, 4, 5, 6, 13, 7, 8, 9, 14, 10, 11, 0, 15)


def test_a_part_of_a_board_grows_onto_a_line_of_its_tiles_that_reads_no_better() -> None:
    photo = reader.load_photo(jpeg(_drawn_board(COLUMNS_READ_AS_A_BOARD, 4)))
    part = _grid_on(photo, 90, 90, 360, 450, size=(3, 4))
    assert (part.columns, part.rows) == (3, 4)

    grown = reader._grown_best(photo, part)

    assert (grown.columns, grown.rows) == (4, 4)
    assert grown.reading.numbers == COLUMNS_READ_AS_A_BOARD


def test_a_part_of_a_board_two_lines_short_grows_to_the_whole_board() -> None:
    # The top two rows of this 4x4 read as a 4x2 board, the top three as a 4x3.
    tiles = (1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11, 12, 13, 14, 15)
    photo = reader.load_photo(jpeg(_drawn_board(tiles, 4)))
    part = _grid_on(photo, 90, 90, 450, 270, size=(4, 2))

    whole = reader._grown_fully(photo, part)

    assert (whole.columns, whole.rows) == (4, 4)
    assert whole.reading.numbers == tiles


def test_a_board_on_a_frame_of_its_tiles_colour_is_not_grown_onto_the_frame() -> None:
    tiles = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    photo = reader.load_photo(jpeg(_drawn_board(tiles, 3, frame=(220, 210, 186))))
    board = _grid_on(photo, 90, 90, 360, 360, size=(3, 3))
    assert any(reader._tile_like_sides(photo, board))

    assert reader._grown_best(photo, board) is board


def test_a_grid_that_took_in_the_tray_round_a_board_is_trimmed_to_the_board() -> None:
    # A white tray round the board, a line of its cells taken in on the right and at the
    # bottom: they read as blanks, and a board has one.
    tiles = (5, 1, 2, 3, 9, 6, 7, 4, 13, 10, 11, 8, 0, 14, 15, 12)
    photo = reader.load_photo(jpeg(_drawn_board(tiles, 4, frame=(248, 248, 246))))
    taken_in = _grid_on(photo, 90, 90, 540, 540, size=(5, 5))
    assert not taken_in.reading.settled

    trimmed = reader._trimmed_best(photo, taken_in)

    assert (trimmed.columns, trimmed.rows) == (4, 4)
    assert trimmed.reading.numbers == tiles


def test_a_line_of_numbers_faded_past_reading_is_not_trimmed() -> None:
    # On a small board in a large photo the numbers of a line can fade to nothing; those
    # cells read as empty, but they keep the tiles' colour. (The other lines read as a
    # board of their own: trimmed, they would read better.)
    board = _drawn_board((*range(1, 12), 0, 12, 13, 14, 15), 4, frame=(248, 248, 246))
    draw = ImageDraw.Draw(board)
    for column in range(4):
        left = (column + 1) * 90
        draw.rectangle((left + 3, 363, left + 86, 446), fill=(236, 226, 200))
    photo = reader.load_photo(jpeg(board))
    grid = _grid_on(photo, 90, 90, 450, 450, size=(4, 4))
    assert not grid.reading.settled

    assert reader._trimmed_best(photo, grid) is grid


def test_a_board_with_its_blank_on_a_side_is_not_trimmed() -> None:
    photo = reader.load_photo(jpeg(_drawn_board((1, 2, 3, 4, 5, 6, 7, 8, 0), 3)))
    board = _grid_on(photo, 90, 90, 360, 360)
    assert board.reading.settled

    assert reader._trimmed_best(photo, board) is board


def test_when_most_cells_are_doubtful_every_cell_is_marked() -> None:
    # Eleven of sixteen cells blurred past reading: the assignment guesses them, and the
    # number it leaves a clear cell can be wrong while the network is sure of it.
    board = _drawn_board((*range(1, 16), 0), 4)
    for index in range(11):
        row, column = divmod(index, 4)
        box = ((column + 1) * 90, (row + 1) * 90, (column + 2) * 90, (row + 2) * 90)
        board.paste(board.crop(box).filter(ImageFilter.GaussianBlur(9)), box[:2])
    corners = Corners((90, 90), (450, 90), (450, 450), (90, 450))

    reading = read_photo(jpeg(board), corners=corners, size=(4, 4), turns=0)

    assert len(reading.unsure) == 16
    assert all(cell.confidence < reader.unsure_below() for cell in reading.cells)


def _small_6x6_scene(cell: int) -> tuple[tuple[int, ...], bytes]:
    """A drawn 6x6 of `cell`-pixel cells at (2200, 900) in a 4000 x 3000 photo."""
    order = list(range(36))
    random.Random(4).shuffle(order)
    scene = Image.new("RGB", (4000, 3000), (120, 100, 80))
    scene.paste(_drawn_board(tuple(order), 6, cell=cell), (2200, 900))
    return tuple(order), jpeg(scene)


def test_corners_placed_round_a_small_board_are_read_in_a_closer_look() -> None:
    """Cells of 40 photo pixels are 10 in the working image: read there inside a person's
    corners, 8 of 36 numbers came out wrong; in the photo's own pixels, none."""
    tiles, data = _small_6x6_scene(40)
    left, right, top, bottom = 2240, 2480, 940, 1180
    # a few pixels off, as a person drags them
    dragged = Quad(
        (left - 4, top + 3), (right + 3, top - 2), (right - 2, bottom + 4), (left + 3, bottom - 3)
    )
    reading = reader.read_photo(data, corners=dragged)
    assert reading.numbers == tiles
    assert not reading.unsure


def test_a_6x6_small_in_a_12_megapixel_photo_is_read_in_a_closer_look() -> None:
    """Cells of 60 photo pixels are 15 in the working image: the first search finds a part
    of the board that does not settle. Searched again in the photo's own pixels round that
    part, the whole board reads exactly, its corners in the photo's pixels."""
    tiles, data = _small_6x6_scene(60)
    reading = reader.read_photo(data)
    assert (reading.width, reading.height) == (6, 6)
    assert reading.numbers == tiles
    # the tiles fill the board from a cell in from its top left to a cell short of its end
    assert reading.corners.top_left == pytest.approx((2260, 960), abs=10)
    assert reading.corners.bottom_right == pytest.approx((2620, 1320), abs=10)


@pytest.mark.parametrize("cell", [45, 60])
def test_a_small_board_is_looked_at_closer_as_soon_as_it_is_placed(cell: int) -> None:
    """Its cells (11 or 15 working pixels) read well enough to be the board but cannot
    settle there: the closer look is taken at once, not after a dozen placings round the
    photo's other shapes (which read 61 and 89 grids in all before)."""
    tiles, data = _small_6x6_scene(cell)
    before = grids_read()
    reading = reader.read_photo(data)
    assert reading.numbers == tiles
    assert grids_read() - before <= 40


def _one_dark_tile(number: str) -> Image.Image:
    """One tile of a phone app's board, a shape of its own on the app's grey."""
    image = Image.new("RGB", (400, 400), (60, 60, 58))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((60, 60, 340, 340), radius=12, fill=(24, 26, 22), outline=(90, 90, 90))
    font = ImageFont.truetype(str(font_files(StyleSet.TEST)[0]), 90)
    draw.text((200, 200), number, font=font, fill=(235, 235, 235), anchor="mm")
    return image


def test_an_outline_whose_grid_reads_as_no_board_is_not_searched_for_its_tiles_area() -> None:
    # A single tile taken for the board: its grid reads as no board at all, and the tile's
    # colour fills it, so its tiles' area would be read in every count of cells again.
    photo = reader.load_photo(jpeg(_one_dark_tile("2")))
    outline = Quad((60.0, 60.0), (340.0, 60.0), (340.0, 340.0), (60.0, 340.0)).scaled(
        1 / photo.scale
    )
    grid = find_grid(photo.image, outline)
    assert reader.reading_cost(grid) > reader.UNREAD_SCREEN_COST
    searched = list(reader._grid_outlines(photo, outline, False, [grid]))
    assert searched == [(outline, False, False)]
    # A board's own outline whose grid reads badly but like a board is searched further.
    synthetic = generate_photo(24, StyleSet.TEST)
    board_photo = reader.load_photo(synthetic.jpeg)
    board_outline = next(reader.board_outlines(board_photo))
    board_grid = find_grid(board_photo.image, board_outline)
    if reader.reading_settles(board_grid):
        pytest.skip("test photo 24's first grid settles: nothing more to search")
    assert reader.reading_cost(board_grid) <= reader.UNREAD_SCREEN_COST
    assert len(list(reader._grid_outlines(board_photo, board_outline, False, [board_grid]))) == 2


def test_an_outline_too_small_for_a_board_of_readable_tiles_is_not_read() -> None:
    # A 3x3 drawn at 90-pixel cells: its outline is read; a numeral's box inside a tile
    # (under MIN_CELLS cells of MIN_CELL_SIDE in the photo's own pixels, grown by every
    # factor the search grows outlines by) is not.
    photo = reader.load_photo(jpeg(_drawn_board((1, 2, 3, 4, 5, 6, 7, 8, 0), 3)))
    board = Quad((90, 90), (360, 90), (360, 360), (90, 360)).scaled(1 / photo.scale)
    side = int(reader.MIN_CELLS * reader.MIN_CELL_SIDE / max(reader.GROWN_OUTLINES)) - 1
    speck = Quad((120, 120), (120 + side, 120), (120 + side, 120 + side), (120, 120 + side))
    speck = speck.scaled(1 / photo.scale)

    def placed(outline: Quad) -> list[GridFit]:
        return list(reader._placings(photo, [outline], None, outline_is_grid=False, turns=(0,)))

    assert placed(speck) == []
    assert placed(board)
