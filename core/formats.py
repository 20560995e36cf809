"""Reading boards from every text form people paste, and writing the common ones.

Read: grids (cells split by spaces, tabs, commas, `|` or box-drawing lines), rows in
brackets as code writes them (`{12, 1, 10, 2},`, `[[8, 1, 2], [-1, 4, 3], ...]`), slash
notation (`1 2 3/4 5 6/7 8 0`), one flat line (a perfect square, or any length with a
width), the n-puzzle file form (`# comments`, a size line, rows; `WxH` for rectangles) and
JSON (`{"width": .., "height": .., "tiles": [..], "goal": ..}`).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from itertools import chain
from typing import TYPE_CHECKING, Any, NoReturn

from core.board import MAX_CELLS, Board, BoardError, cell_name, find_problems, validate_shape
from core.rule import GOAL_NAMES, Goal, GoalName

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

#: Longest text accepted: room for MAX_CELLS numbers of up to seven digits plus separators.
MAX_TEXT_LENGTH = 64 * 1024 * 1024
#: Longest cell token: longer digit runs cannot be a tile on any board we accept.
_MAX_TOKEN_LENGTH = 16

BLANK_TOKENS = frozenset({"", "0", "_", ".", "x", "X", "-1", "-0"})

# Characters that only draw a table: box drawing (U+2500-U+257F) and ASCII table rules.
_BOX_DRAWING = "".join(chr(c) for c in range(0x2500, 0x2580))
_VERTICAL_BARS = "|\u2502\u2503\u2551\u250a\u250b\u2506\u2507"


class _Patterns:
    """The formats' regular expressions, each compiled the first time it is used: the
    window's start-up imports this module for its names and parses nothing before its
    first frame (bench/README.md, "Start-up, fourth round")."""

    @cached_property
    def line_comment(self) -> re.Pattern[str]:
        return re.compile(r"(//|#).*$", re.MULTILINE)

    @cached_property
    def rule_line(self) -> re.Pattern[str]:
        return re.compile(r"^[\s+\-=:" + re.escape(_BOX_DRAWING) + r"]*$")

    @cached_property
    def innermost_group(self) -> re.Pattern[str]:
        return re.compile(r"[\[{(]([^\[\]{}()]*)[\]})]")

    # A line of words and no digits ("Current state:") labels a pasted board; not a row.
    @cached_property
    def digit(self) -> re.Pattern[str]:
        return re.compile(r"\d")

    @cached_property
    def two_letters(self) -> re.Pattern[str]:
        return re.compile(r"[^\W\d_]{2}")

    @cached_property
    def size_line(self) -> re.Pattern[str]:
        return re.compile(r"^\s*(\d+)\s*(?:[x\u00d7*]\s*(\d+)\s*)?$")

    @cached_property
    def vertical_split(self) -> re.Pattern[str]:
        return re.compile("[" + re.escape(_VERTICAL_BARS) + "]")

    @cached_property
    def whitespace_or_comma(self) -> re.Pattern[str]:
        return re.compile(r"[\s,;]+")

    @cached_property
    def goal_word(self) -> re.Pattern[str]:
        return re.compile(r"\bgoal\b", re.IGNORECASE)

    # Comments, blank lines and caption lines ("Board:") that may come before a JSON board.
    @cached_property
    def json_preamble(self) -> re.Pattern[str]:
        return re.compile(
            r"(?:\s+|//[^\n]*|\#[^\n]*|/\*.*?\*/|(?=[^\W\d_])[^\n\d{\[]*(?:\n|\Z))*+",
            re.DOTALL,
        )

    # An object whose first key is quoted, perhaps inside a list.
    @cached_property
    def json_opening(self) -> re.Pattern[str]:
        return re.compile(r"(?:\[\s*)?\{\s*[\"']")

    # What may follow the JSON board: white space and comments. (Possessive `*+`: once a
    # piece is matched it is never split again, so a failed match costs one pass, not one
    # per way of cutting a run of spaces into pieces.)
    @cached_property
    def json_trailer(self) -> re.Pattern[str]:
        return re.compile(r"(?:\s+|//[^\n]*|\#[^\n]*|/\*.*?\*/)*+\Z", re.DOTALL)


_PATTERNS = _Patterns()
_PLAIN_GRID_BYTES = b"0123456789 \r\n"


@dataclass(frozen=True)
class ParsedBoard:
    """A board read from text, with the goal the text itself named, if it named one."""

    board: Board
    goal: Goal | None = None


def parse_board(text: str, width: int | None = None) -> Board:
    """Read a board from any supported text form.

    `width` is needed only for a flat line whose length is not a perfect square (and is
    checked against the rows of a grid). Raises `BoardError` naming what is wrong and
    where: duplicate, missing or out-of-range tile, no blank or two blanks, ragged rows,
    a cell that is not a number, empty input, or more than `MAX_CELLS` cells.
    """
    return parse_document(text, width).board


def parse_document(
    text: str, width: int | None = None, *, max_cells: int = MAX_CELLS
) -> ParsedBoard:
    """Like `parse_board`, but also returns the goal a JSON document carries.

    `max_cells` lowers the size limit (the window edits boards of up to 100x100): text
    holding more numbers than that is refused before it is split, so a reader with a lower
    limit never pays for a board it would refuse.
    """
    if not isinstance(text, str):
        raise BoardError(f"expected text, got {type(text).__name__}")
    if len(text) > MAX_TEXT_LENGTH:
        raise BoardError(
            f"too large: the input is {len(text):,} characters, the limit is {MAX_TEXT_LENGTH:,}"
        )
    if width is not None and width < 1:
        raise BoardError(f"width must be at least 1, got {width}")
    text = text.lstrip("\ufeff")
    if not text or text.isspace():
        raise BoardError("empty input: no board given")
    json_start = _json_start(text)
    if json_start is not None:
        # A JSON board may hold its goal too: twice the numbers.
        _refuse_more_tokens_than_a_board_holds(text, max_cells, boards=2)
        return _within(_parse_json(text, json_start), max_cells)
    _refuse_more_tokens_than_a_board_holds(text, max_cells)
    return _within(_parse_text(text, width), max_cells)


def _within(document: ParsedBoard, max_cells: int) -> ParsedBoard:
    if document.board.size > max_cells:
        board = document.board
        raise BoardError(
            f"too large: {board.width}x{board.height} is {board.size:,} cells, "
            f"the limit here is {max_cells:,}"
        )
    return document


def _parse_text(text: str, width: int | None) -> ParsedBoard:
    plain_rows = _plain_rows(text)
    if plain_rows is not None:
        if len(plain_rows) > 1:
            board = _plain_grid_board(plain_rows, width)
            if board is not None:
                return ParsedBoard(board)
        if len(plain_rows) == 1:
            board = _plain_flat_board(plain_rows[0], width)
            if board is not None:
                return ParsedBoard(board)
        rows = [row.split() for row in plain_rows]
        return ParsedBoard(_board_from_rows(rows, width, digits_only=True))
    rows, sized = _rows_from_text(text)
    return ParsedBoard(_board_from_rows(rows, width, sized=sized))


# --- how much work the text may ask for -------------------------------------------------

#: Words that may stand beside a board's numbers (captions, comments, a size line).
_TOKEN_ALLOWANCE = 65_536
#: Bytes that end a token when counting them: ASCII white space and cell separators.
#: Non-ASCII bytes (box drawing, non-breaking spaces) count as separators too, so a table
#: drawn with box characters is not taken for more words than it has.
_TOKEN_COUNT_TABLE = bytes(
    0 if byte in b" \t\r\n\v\f,;|" or byte >= 0x80 else 1 for byte in range(256)
)


_TOKEN_COUNT_PIECE = 1 << 20


def _refuse_more_tokens_than_a_board_holds(text: str, max_cells: int, boards: int = 1) -> None:
    """Raise "too large" before any splitting when the text holds more separate words and
    numbers than the largest board has cells (plus room for captions and comments).

    Splitting makes a Python string of every token, tens of bytes each: a 50 MB line of
    short numbers would take gigabytes before the cell count could be checked. Counting
    runs of non-separator bytes takes two passes in C and one copy of the text.
    """
    limit = boards * max_cells + _TOKEN_ALLOWANCE
    if len(text) <= limit:
        return  # too short to hold more tokens than the limit allows
    tokens = 0
    previous_mark = b"\x00"
    # A piece at a time, so the count itself needs no copy of the whole text.
    for start in range(0, len(text), _TOKEN_COUNT_PIECE):
        piece = text[start : start + _TOKEN_COUNT_PIECE]
        marks = previous_mark + piece.encode("utf-8", "surrogatepass").translate(_TOKEN_COUNT_TABLE)
        tokens += marks.count(b"\x00\x01")
        previous_mark = marks[-1:]
    if tokens > limit:
        raise BoardError(
            f"too large: the input holds {tokens:,} numbers or words, "
            f"the largest board{' here' if max_cells < MAX_CELLS else ''} has {max_cells:,} cells"
        )


# --- JSON -------------------------------------------------------------------------------

#: Longest JSON number read as a tile or a size: more digits cannot fit any board, and
#: Python refuses to convert integers of more than 4,300 digits at all.
_MAX_JSON_DIGITS = 16
#: Text read as a Python literal (single-quoted keys) only up to this size: the literal
#: parser builds a syntax tree first, several times the size of the text.
_MAX_LITERAL_LENGTH = 1024 * 1024


def _json_start(text: str) -> int | None:
    """Where the JSON board in `text` starts, if the text is one: after any leading
    comments and caption lines, an object `{"...` or `{'...`, or one wrapped in a list.
    Positions, not copies: the text may be tens of megabytes."""
    preamble = _PATTERNS.json_preamble.match(text)
    start = preamble.end() if preamble else 0
    return start if _PATTERNS.json_opening.match(text, start) else None


def _load_json(text: str, start: int) -> object:
    def bounded_int(digits: str) -> int:
        if len(digits.lstrip("-")) > _MAX_JSON_DIGITS:
            shown = digits if len(digits) <= 20 else digits[:20] + "..."
            raise BoardError(f"JSON number {shown} ({len(digits):,} digits) is out of range")
        return int(digits)

    try:
        value, end = json.JSONDecoder(parse_int=bounded_int).raw_decode(text, start)
    except json.JSONDecodeError as error:
        if "'" in text and len(text) - start <= _MAX_LITERAL_LENGTH:
            literal = _load_python_literal(text[start:])
            if literal is not None:
                return literal
        raise BoardError(
            f"not valid JSON at line {error.lineno}, column {error.colno}: {error.msg}"
        ) from None
    except RecursionError:
        raise BoardError("not valid JSON: nested too deeply") from None
    if not _PATTERNS.json_trailer.match(text, end):
        line = text.count("\n", 0, end) + 1
        raise BoardError(f"unexpected text after the JSON board, on line {line}")
    return value


def _load_python_literal(text: str) -> object | None:
    """A dict written as Python prints it (`{'tiles': [...], 'goal': 'blank-first'}`)."""
    import ast

    try:
        value: object = ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    if isinstance(value, tuple):
        value = list(value)
    return value


def _parse_json(text: str, start: int) -> ParsedBoard:
    data = _load_json(text, start)
    if isinstance(data, list):
        objects = [item for item in data if isinstance(item, dict)]
        if len(data) != 1 or len(objects) != 1:
            raise BoardError(
                f"the JSON list holds {len(data)} items; give one board object "
                "(or one board per line with --batch)"
            )
        data = objects[0]
    if not isinstance(data, dict):
        raise BoardError("JSON board must be an object with width, height and tiles")
    for key in data:
        if isinstance(key, str) and key != "goal" and key.strip().lower() == "goal":
            raise BoardError(f'JSON key {key!r} is not read: write the goal as "goal"')
    tiles_value = data.get("tiles")
    if tiles_value is None:
        raise BoardError('JSON board has no "tiles" list')
    cells = _json_flat(tiles_value)
    width = _json_dimension(data, "width")
    height = _json_dimension(data, "height")
    if isinstance(tiles_value, list) and tiles_value and isinstance(tiles_value[0], list):
        rows_width = len(tiles_value[0])
        width = width if width is not None else rows_width
        height = height if height is not None else len(tiles_value)
    if width is None and height is not None and height > 0:
        width = len(cells) // height
    if width is None and height is None:
        side = math.isqrt(len(cells))
        if side * side != len(cells):
            raise BoardError(f'JSON "tiles" holds {len(cells)} cells, not a square: give "width"')
        width = side
    if height is None and width is not None and width > 0:
        height = len(cells) // width
    try:
        board = _json_board(cells, width, height)
    except TilesWrongError as wrong:
        # A draft of it may still be opened: it must carry the goal the text names.
        wrong.goal = _json_goal(data.get("goal"), wrong.width, wrong.height)
        raise
    goal = _json_goal(data.get("goal"), board.width, board.height)
    return ParsedBoard(board, goal)


def _json_dimension(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardError(f'JSON "{key}" must be a whole number, got {value!r}')
    return value


def _json_flat(value: object) -> list[object]:
    """The items of a JSON tile list, rows flattened."""
    if not isinstance(value, list):
        raise BoardError('JSON "tiles" must be a list of numbers (or of rows)')
    if not any(isinstance(item, list) for item in value):
        return value
    flat: list[object] = []
    for item in value:
        if isinstance(item, list):
            flat.extend(item)
        else:
            flat.append(item)
    return flat


def _json_board(flat: list[object], width: int | None, height: int | None) -> Board:
    if width and height and all(type(item) is int for item in flat):
        # Plain numbers (the usual case) become the board as they are: turning each into
        # a string for the text reader took tens of bytes a cell on a large board.
        try:
            return Board(width, height, tuple(flat))  # type: ignore[arg-type]
        except BoardError:
            pass  # the careful reader below gives the message (or reads 16 as the blank)
    return _board_from_cells(_json_cells(flat), width, height)


def _json_cells(flat: list[object]) -> list[str]:
    cells: list[str] = []
    for position, item in enumerate(flat, start=1):
        if item is None:
            cells.append("")
        elif isinstance(item, bool) or not isinstance(item, int | str):
            shown = repr(item) if len(repr(item)) <= 20 else repr(item)[:20] + "..."
            raise BoardError(f'JSON "tiles" item {position}: {shown} is not a number')
        else:
            cells.append(str(item))
    return cells


def _json_goal(value: object, width: int, height: int) -> Goal | None:
    if value is None:
        return None
    if isinstance(value, str) and value in GOAL_NAMES:
        return GoalName(value)
    if isinstance(value, list):
        try:
            return _json_board(_json_flat(value), width, height)
        except BoardError as error:
            raise BoardError(f'JSON "goal": {error}') from None
    raise BoardError(
        f'JSON "goal" must be "blank-last", "blank-first" or a tile list, got {value!r}'
    )


# --- text to rows of cell tokens -----------------------------------------------------------


def _plain_rows(text: str) -> list[str] | None:
    """The non-empty lines of text made of nothing but ASCII digits, spaces and line
    breaks; else None.

    Such text (what `format_board` writes) has no comments, brackets, separators or table
    rules, so the regular expressions that look for them, each a scan of the whole text,
    can be skipped: on a million-tile board they cost as much as the rule. A lone number
    above other rows may be an n-puzzle size line, which stays with `_rows_from_text`.
    """
    if not text.isascii() or text.encode("ascii").translate(None, _PLAIN_GRID_BYTES):
        return None
    lines = [line for line in text.splitlines() if line and not line.isspace()]
    if len(lines) > 1 and len(lines[0].split()) == 1:
        return None
    return lines


def _plain_grid_board(lines: list[str], width: int | None) -> Board | None:
    """The board that rows of plain numbers make, read a row at a time; None when they do
    not make one, so the careful reader can say why.

    Turning each row into numbers as it is split keeps only one row's worth of strings
    alive: splitting the whole text first held a string object (about 50 bytes) per cell.
    """
    row_width = len(lines[0].split())
    if (width is not None and width != row_width) or len(lines) * row_width > MAX_CELLS:
        return None

    def numbers() -> Iterator[int]:
        for line in lines:
            cells = line.split()
            if len(cells) != row_width:
                raise ValueError("ragged rows")
            yield from map(int, cells)

    try:
        return Board(row_width, len(lines), tuple(numbers()))
    except ValueError:  # ragged rows, a BoardError, or a number too long for `int`
        return None


_FLAT_PIECE = 1 << 16


def _plain_flat_board(line: str, width: int | None) -> Board | None:
    """The board one line of plain numbers makes, split a piece at a time (a string per
    number for a whole 2000x2000 line took hundreds of megabytes); None when it makes
    none, so the careful reader can say why."""

    def numbers() -> Iterator[int]:
        start = 0
        while start < len(line):
            end = line.find(" ", start + _FLAT_PIECE)
            end = len(line) if end < 0 else end
            yield from map(int, line[start:end].split())
            start = end

    try:
        tiles = tuple(numbers())
        count = len(tiles)
        side = width if width is not None else math.isqrt(count)
        if side < 2 or count % side or (width is None and side * side != count):
            return None
        return Board(side, count // side, tiles)
    except ValueError:  # a BoardError, or a number too long for `int`
        return None


def _rows_from_text(text: str) -> tuple[list[list[str]], bool]:
    """Rows of cell tokens, and whether the text fixed the rows (a size line or slashes)."""
    text = _PATTERNS.line_comment.sub("", _strip_block_comments(text))
    if any(bracket in text for bracket in "[{("):
        groups = [
            match.group(1)
            for match in _PATTERNS.innermost_group.finditer(text)
            if any(c.isdigit() for c in match.group(1)) and not _is_subscript(text, match.start())
        ]
        if len(groups) > 1:
            return [_split_bracket_row(group) for group in groups], False
        if groups:
            # One bracketed list: its lines are the rows (or it is one flat row).
            text = groups[0]
    lines = [
        line for line in text.splitlines() if line.strip() and not _PATTERNS.rule_line.match(line)
    ]
    # Leading captions go, but only if rows follow: words between rows are still an error,
    # and text of words alone should say which word is not a number.
    first_row = next((i for i, line in enumerate(lines) if not _is_caption(line)), 0)
    for caption in lines[:first_row]:
        if _PATTERNS.goal_word.search(caption):
            # "Goal: blank-first" above a grid would otherwise be dropped as a caption and
            # the board checked against the default goal: a verdict for another question.
            shown = caption.strip()
            shown = shown if len(shown) <= 40 else shown[:40] + "..."
            raise BoardError(
                f"the text names a goal ({shown!r}) that is not read from a grid: "
                'give the goal with --goal, or as "goal" in a JSON board'
            )
    lines = lines[first_row:]
    if len(lines) == 1 and "/" in lines[0]:
        # Slashes end rows, so even `1 0 2/` is one row of a 3x1 board, not a flat line.
        return [_split_row(part) for part in lines[0].rstrip().rstrip("/").split("/")], True
    if lines and not any(c in _BOX_DRAWING or c in _VERTICAL_BARS for c in lines[0]):
        size = _PATTERNS.size_line.match(lines[0])
        if size and len(lines) > 1:
            declared_width = int(size.group(1))
            declared_height = int(size.group(2) or size.group(1))
            body = [_split_row(line) for line in lines[1:]]
            if (
                declared_width * declared_height >= 2
                and len(body) == declared_height
                and all(len(row) == declared_width for row in body)
            ):
                return body, True
            first_as_row = _split_row(lines[0])
            rows_agree = len({len(row) for row in body}) == 1
            if rows_agree and len(first_as_row) == len(body[0]) > 1:
                # `7 x 4` over rows of three cells is a row with the blank written x,
                # not a size line that disagrees with what follows.
                pass
            elif any(len(row) != 1 for row in body):
                # Rows of several cells under a size line: an n-puzzle file that does not
                # match its own size. (A lone number over one-cell rows is a column board.)
                _raise_size_mismatch(lines[0].strip(), declared_width, declared_height, body)
    rows = [_split_row(line) for line in lines]
    return _drop_trailing_separators([row for row in rows if row]), False


def _strip_block_comments(text: str) -> str:
    """`text` without its `/* ... */` comments; an unclosed one is left as it is.

    A scan with `find`: a lazy regular expression looked for the end of every unclosed
    opening again, quadratic in the length of text full of `/*`.
    """
    if "/*" not in text:
        return text
    pieces = []
    position = 0
    while (start := text.find("/*", position)) >= 0:
        end = text.find("*/", start + 2)
        if end < 0:
            break
        pieces.append(text[position:start])
        position = end + 2
    pieces.append(text[position:])
    return "".join(pieces)


def _is_caption(line: str) -> bool:
    # Two searches, each one pass: a single pattern for "letters and no digit" backtracked
    # quadratically on a long line of letters that ends in a digit.
    return _PATTERNS.digit.search(line) is None and _PATTERNS.two_letters.search(line) is not None


def _drop_trailing_separators(rows: list[list[str]]) -> list[list[str]]:
    """Tell a trailing comma (`1, 2, 3,` as code writes rows) from an empty last cell
    (`4,5,` from a spreadsheet, the blank in the last column).

    Rows are trimmed when every row ends empty (two blanks would be invalid anyway) or
    when trimming is what makes ragged rows agree; otherwise the empty cell is the blank.
    A single line is left whole: only its length and the width can tell, which
    `_board_from_flat_line` knows.
    """
    if len(rows) == 1:
        return rows
    ends_empty = [len(row) > 1 and row[-1] == "" for row in rows]
    if not any(ends_empty):
        return rows
    trimmed = [row[:-1] if empty else row for row, empty in zip(rows, ends_empty, strict=True)]
    if all(ends_empty):
        return trimmed
    if len({len(row) for row in rows}) > 1 and len({len(row) for row in trimmed}) == 1:
        return trimmed
    return rows


def _is_subscript(text: str, opening: int) -> bool:
    """Whether the bracket at `opening` is an array size or index, as in `int puzzle[3][3]`."""
    if text[opening] != "[" or opening == 0:
        return False
    before = text[opening - 1]
    return before.isalnum() or before in "_]"


def _raise_size_mismatch(
    size_line: str, declared_width: int, declared_height: int, body: list[list[str]]
) -> NoReturn:
    for number, row in enumerate(body, start=1):
        if len(row) != declared_width:
            raise BoardError(
                f"ragged rows: row {number} from the top has {_cells(len(row))} but the size line "
                f"{size_line!r} says {declared_width}"
            )
    raise BoardError(
        f"the size line {size_line!r} says {declared_height} "
        f"row{'' if declared_height == 1 else 's'}, but {len(body)} follow"
    )


def _cells(count: int) -> str:
    return f"{count} cell{'' if count == 1 else 's'}"


def _split_bracket_row(group: str) -> list[str]:
    if "," not in group:
        return group.split()
    cells = [cell.strip() for cell in group.split(",")]
    if len(cells) > 1 and cells[-1] == "":
        cells.pop()  # trailing comma, as code writes lists
    return cells


def _split_row(line: str) -> list[str]:
    """Cell tokens of one line; an empty cell between separators is the blank."""
    if _PATTERNS.vertical_split.search(line):
        cells = [cell.strip(" \t" + _BOX_DRAWING) for cell in _PATTERNS.vertical_split.split(line)]
        # Outer borders leave an empty first or last piece that is not a cell.
        if cells and cells[0] == "" and _PATTERNS.vertical_split.match(line.strip()):
            cells = cells[1:]
        if cells and cells[-1] == "" and _PATTERNS.vertical_split.search(line.rstrip()[-1:]):
            cells = cells[:-1]
        return cells
    if "," in line or ";" in line:
        # A trailing empty cell stays for now: `_drop_trailing_separators` decides.
        return [cell.strip() for cell in re.split(r"[,;]", line)]
    if "\t" in line.strip(" "):
        return [cell.strip() for cell in line.strip("\r\n").split("\t")]
    return line.split()


# --- rows to a board -----------------------------------------------------------------------


def _board_from_rows(
    rows: list[list[str]], width: int | None, *, sized: bool = False, digits_only: bool = False
) -> Board:
    """`digits_only`: the caller has seen that every cell is plain ASCII digits."""
    if not rows:
        raise BoardError("empty input: no numbers found")
    if len(rows) == 1 and not sized:
        # One line and no size line: a flat board (a `Wx1` size line makes it one row).
        return _board_from_flat_line(rows[0], width, digits_only=digits_only)
    row_width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if len(row) != row_width:
            if _mostly_words(rows):
                # A note pasted by mistake: its lines are not ragged rows of a board.
                raise BoardError(NO_BOARD_IN_TEXT)
            raise BoardError(
                f"ragged rows: row {number} from the top has {_cells(len(row))} "
                f"but row 1 has {row_width}"
            )
    if width is not None and width != row_width:
        raise BoardError(f"the rows are {row_width} cells wide but the width given is {width}")
    cells = list(chain.from_iterable(rows))
    return _board_from_cells(cells, row_width, len(rows), digits_only=digits_only)


NO_BOARD_IN_TEXT = "no board in this text: it holds words, not rows of numbers"


def _mostly_words(rows: list[list[str]]) -> bool:
    """Whether most cells are neither numbers nor a blank's spelling."""
    cells = [cell.strip() for row in rows for cell in row]
    words = sum(1 for cell in cells if cell not in BLANK_TOKENS and not cell.lstrip("+-").isdigit())
    return words * 2 > len(cells)


def _board_from_flat_line(
    cells: list[str], width: int | None, *, digits_only: bool = False
) -> Board:
    if len(cells) > 1 and cells[-1] == "":
        cells = _flat_line_cells(cells, width)
    count = len(cells)
    if width is None:
        side = math.isqrt(count)
        if side * side != count or side < 2:
            # A bad token explains the problem better than the count does.
            for index, cell in enumerate(cells):
                _cell_value(cell, index, count, 1)
            if count == 1:
                # One is a square: the reason is that no board has a single cell.
                validate_shape(1, 1)
            raise WidthNeededError(
                f"one line of {count} cell{'' if count == 1 else 's'} is not a square board: "
                "give the width "
                "(--width W), or write one row per line",
                count,
            )
        width = side
    if count % width:
        raise BoardError(f"{count} cells do not fill rows of width {width}")
    return _board_from_cells(cells, width, count // width, digits_only=digits_only)


def _flat_line_cells(cells: list[str], width: int | None) -> list[str]:
    """A flat line that ends in a separator: is the empty last cell the blank, or is the
    separator a trailing comma as code writes lists?

    It is the blank when no other cell is one and the cells, the empty one included, fill
    the board (`1,2,3,4,5,6,7,8,` is a 3x3; `2,1,` with width 1 is a column 2, 1, blank);
    otherwise the separator is dropped (`1, 2, 3, 4, 5, 6, 7, 8, 0,`).
    """
    whole, trimmed = len(cells), len(cells) - 1

    def fills(count: int) -> bool:
        if width is not None:
            return count % width == 0
        side = math.isqrt(count)
        return side >= 2 and side * side == count

    has_other_blank = any(cell.strip() in BLANK_TOKENS for cell in cells[:-1])
    if not has_other_blank and fills(whole):
        return cells
    if fills(trimmed) or not fills(whole):
        return cells[:-1]
    return cells


def _board_from_cells(
    cells: list[str], width: int | None, height: int | None, *, digits_only: bool = False
) -> Board:
    count = len(cells)
    if width is None or width <= 0:
        raise BoardError("the board's width is not given")
    if height is None:
        height = count // width
    if count > MAX_CELLS:
        raise BoardError(f"too large: {count:,} cells, the limit is {MAX_CELLS:,}")
    validate_shape(width, height)
    if count != width * height:
        raise BoardError(f"a {width}x{height} board needs {width * height} cells, got {count}")
    try:
        # Fast path for the common all-numeric case; any oddity falls back to the careful one.
        # `int` alone would also take "1_0", "+6" or non-ASCII digits, which the careful
        # path rejects; only plain ASCII digit strings may take the shortcut.
        if not digits_only:
            joined = "".join(cells)
            # (bytes.isdigit takes ASCII digits only, and is several times quicker than str's.)
            if not (joined.isascii() and joined.encode("ascii").isdigit()):
                raise ValueError("not plain digits")
        if all(len(cell) <= _MAX_TOKEN_LENGTH for cell in cells[:1]):
            # `Board` checks that the tiles are a permutation; checking here as well would
            # do that work twice. Its `BoardError` (a ValueError) sends us the careful way.
            return Board(width, height, tuple(map(int, cells)))
    except ValueError:
        pass
    values = [_cell_value(cell, index, width, height) for index, cell in enumerate(cells)]
    if 0 not in values and count in values:
        # Some programs write the blank as W*H (16 on a 4x4) when no other blank is present.
        values[values.index(count)] = 0
    problems = find_problems(width, height, values)
    if problems:
        raise TilesWrongError(problems[0].message, width, height, values)
    return Board(width, height, tuple(values))


def parse_goal(text: str, width: int, height: int) -> Board:
    """A custom goal for a `width` x `height` board, from any text `parse_board` reads.

    Raises `BoardError` when the text is no board, or a board of another shape.
    """
    try:
        goal = parse_board(text, width)
    except WidthNeededError:
        raise BoardError(f"a goal for this board has {width * height} cells") from None
    if (goal.width, goal.height) != (width, height):
        raise BoardError(f"the goal is {goal.width}x{goal.height}; the board is {width}x{height}")
    return goal


class WidthNeededError(BoardError):
    """One line of numbers whose count is not a square: it makes a board only once its
    width is known. `widths` are the widths its cells fill exactly."""

    def __init__(self, message: str, cell_count: int) -> None:
        super().__init__(message)
        self.cell_count = cell_count

    @property
    def widths(self) -> list[int]:
        count = self.cell_count
        return [width for width in range(1, count + 1) if count % width == 0 and count >= 2]


@dataclass(frozen=True)
class ShapeChoice:
    """One shape the numbers of a pasted text could make: `width` x `height`, and when the
    text left the blank out, the cell index it goes in (`blank_at`)."""

    width: int
    height: int
    blank_at: int | None = None

    @property
    def label(self) -> str:
        """'3 wide \u00d7 5 high', or '4\u00d74, blank left out'."""
        width, height = self.width, self.height
        size = f"{width}\u00d7{height}" if width == height else f"{width} wide \u00d7 {height} high"
        return size if self.blank_at is None else f"{size}, blank left out"


@dataclass(frozen=True)
class ShapeQuestion:
    """The shapes to offer for text whose numbers make a board only once its shape is
    known, and which of them is likeliest (the one to preselect)."""

    count: int
    choices: tuple[ShapeChoice, ...]
    likeliest: int


def shape_question(text: str, *, max_side: int | None = None) -> ShapeQuestion | None:
    """Which shapes `text` could be, when it does not read as a board by itself; None when
    it reads as one, or is no board whatever the shape (`parse_document` says why).

    Two cases ask: one line of numbers whose count is not a square (every width its cells
    fill), and the tiles of a board with the blank left out: the numbers 1..n with n one
    less than a square, or than a board one cell wider than high (or higher than wide),
    the sizes puzzles come in. People type the 15 numbers of a 15-puzzle and skip the
    hole; reading them as a 3x5 whose tile 15 is the blank gives a verdict on a board no
    one has. Those shapes come first, and the blank goes where the text shows a gap (a
    row one number short, a wider space, a blank line), else last. `max_side` drops
    shapes with a longer side (the window edits boards of up to 100x100).
    """
    count = 0
    widths: list[int] = []
    side_limit = max_side if max_side is not None else MAX_CELLS
    try:
        parse_document(text, max_cells=min(side_limit * side_limit, MAX_CELLS))
    except WidthNeededError as needed:
        count, widths = needed.cell_count, needed.widths
    except (ValueError, RecursionError):
        pass
    else:
        column = _single_column(text)
        if column is None:
            return None
        # A list typed one number per line reads as a board one tile wide, which no one
        # means: ask as for one line.
        count = len(column)
        widths = [width for width in range(1, count + 1) if count % width == 0]
    missing = _blank_left_out_choices(text, side_limit)
    if missing:
        count = missing[0].width * missing[0].height - 1
    fill = [
        ShapeChoice(width, count // width)
        for width in widths
        if width <= side_limit and count // width <= side_limit
    ]
    choices = tuple(missing) + tuple(fill)
    if not choices:
        return None
    if missing:
        likeliest = 0
    else:
        # Of the widths alone, the squarest board is the likeliest.
        likeliest = min(range(len(fill)), key=lambda i: abs(fill[i].width - fill[i].height))
    return ShapeQuestion(count, choices, likeliest)


def read_in_shape(text: str, choice: ShapeChoice, *, max_cells: int = MAX_CELLS) -> ParsedBoard:
    """The board `text` makes in the shape `choice` (one of `shape_question`'s).

    Raises `BoardError` as `parse_document` does.
    """
    if choice.blank_at is None:
        column = _single_column(text)
        if column is not None:
            text = " ".join(column)  # one number per line: a list, as one line is
        return parse_document(text, choice.width, max_cells=max_cells)
    _refuse_more_tokens_than_a_board_holds(text, max_cells)
    cells = _tokens_of(text)
    cells.insert(choice.blank_at, "0")
    return _within(ParsedBoard(_board_from_cells(cells, choice.width, choice.height)), max_cells)


#: The fewest lines of one number each read as a list to shape, not as a board one tile
#: wide (a 1x2 or 1x3 line of tiles typed down the page is left as it is).
MIN_COLUMN_LINES = 4


def _single_column(text: str) -> list[str] | None:
    """The numbers of text that holds one number on each of MIN_COLUMN_LINES lines or
    more (no size line, no JSON); None for any other text."""
    if _json_start(text) is not None:
        return None
    try:
        rows, sized = _rows_from_text(text)
    except (ValueError, RecursionError):
        return None
    if sized or len(rows) < MIN_COLUMN_LINES or any(len(row) != 1 for row in rows):
        return None
    return [row[0] for row in rows]


def _tokens_of(text: str) -> list[str]:
    rows, _sized = _rows_from_text(text)
    return list(chain.from_iterable(rows))


def _blank_left_out_choices(text: str, side_limit: int) -> list[ShapeChoice]:
    """The usual shapes one cell larger than the numbers in `text`, when they are exactly
    the tiles 1..n (no blank written, no duplicate); the likeliest first."""
    if _json_start(text) is not None:
        return []  # JSON says its size; a short list of tiles is a mistake, not a shape
    try:
        rows, _sized = _rows_from_text(text)
    except (ValueError, RecursionError):
        return []
    cells = list(chain.from_iterable(rows))
    count = len(cells)
    sizes = [(w, h) for w, h in _usual_sizes(count + 1) if w <= side_limit and h <= side_limit]
    if not sizes:
        return []
    try:
        values = [_cell_value(cell, index, count, 1) for index, cell in enumerate(cells)]
    except ValueError:
        return []
    if sorted(values) != list(range(1, count + 1)):
        return []  # a blank (0, _, ...) is written, or these are not the tiles 1..n
    lines = _plain_rows(text)
    row_lines = lines if lines is not None and len(lines) == len(rows) else None
    choices = []
    for width, height in sizes:
        blank_at = _blank_in_short_row(rows, row_lines, width, height)
        fits = blank_at is not None
        if blank_at is None:
            blank_at = _widest_gap(text, count)
        choices.append((not fits, width != height, ShapeChoice(width, height, blank_at)))
    # Shapes whose rows the text already shows first, then squares, wide before tall.
    return [choice for *_key, choice in sorted(choices, key=lambda c: c[:2])]


def _usual_sizes(cells: int) -> list[tuple[int, int]]:
    """Squares, and boards one cell wider than high or higher than wide, of `cells` cells
    (the sizes sliding puzzles come in), from 2x2 up."""
    side = math.isqrt(cells)
    if side * side == cells:
        return [(side, side)] if side >= 2 else []
    # w * (w + 1) == cells has w = isqrt(cells) when it has a solution.
    if side >= 2 and side * (side + 1) == cells:
        return [(side + 1, side), (side, side + 1)]
    return []


def _blank_in_short_row(
    rows: list[list[str]], lines: list[str] | None, width: int, height: int
) -> int | None:
    """Rows of `width` cells but one that is a cell short: the blank is in that row, at
    its gap (see `_gap_in_line`) or at its end; None when the rows are not so."""
    lengths = [len(row) for row in rows]
    if len(rows) != height or sorted(lengths) != [width - 1] + [width] * (height - 1):
        return None
    short = lengths.index(width - 1)
    within = width - 1
    if lines is not None:
        full = [line for number, line in enumerate(lines) if number != short]
        gap = _gap_in_line(lines[short], full)
        if gap is not None:
            within = gap
    return short * width + within


def _space_runs(line: str) -> list[int]:
    """The lengths of the spaces before each number of a line (0 for none before the first)."""
    runs = []
    position = 0
    for match in re.finditer(r"\S+", line):
        runs.append(match.start() - position)
        position = match.end()
    return runs


def _gap_in_line(line: str, full_lines: list[str]) -> int | None:
    """Where in a row one number short the missing cell is, by its spacing: before the
    number that follows a wider space than any the full rows have (a grid typed with its
    columns lined up); None when no space stands out."""
    widest_elsewhere = max((max(_space_runs(other), default=0) for other in full_lines), default=0)
    runs = _space_runs(line)
    widest = max(runs, default=0)
    if widest <= widest_elsewhere or runs.count(widest) != 1:
        return None
    return runs.index(widest)


def _widest_gap(text: str, count: int) -> int:
    """Where in a text of plain numbers the left-out blank goes: at the one blank line
    between numbers, else at the one space wider than every other; else last."""
    if _plain_rows(text) is None:
        return count
    separators = []  # (line breaks, spaces) before each number after the first
    previous_end = None
    for match in re.finditer(r"\S+", text):
        if previous_end is not None:
            between = text[previous_end : match.start()]
            breaks = between.count("\n")
            separators.append((breaks, 0 if breaks else len(between)))
        previous_end = match.end()
    blank_lines = [i for i, (breaks, _spaces) in enumerate(separators) if breaks >= 2]
    if blank_lines:
        return blank_lines[0] + 1 if len(blank_lines) == 1 else count
    runs = [spaces for breaks, spaces in separators if not breaks]
    widest = max(runs, default=0)
    if len(runs) > 1 and runs.count(widest) == 1:
        return next(i for i, sep in enumerate(separators) if sep == (0, widest)) + 1
    return count


class TilesWrongError(BoardError):
    """A board of a good shape whose numbers are not a permutation (a duplicate, a tile out
    of range, two blanks, ...): still worth showing, with its problems marked."""

    def __init__(self, message: str, width: int, height: int, values: list[int]) -> None:
        super().__init__(message)
        self.width, self.height, self.values = width, height, values
        self.goal: Goal | None = None


def _cell_value(cell: str, index: int, width: int, height: int) -> int:
    token = cell.strip()
    if token in BLANK_TOKENS:
        return 0
    where = cell_name(index, width, height)
    shown = token if len(token) <= 20 else token[:20] + "..."
    # One optional sign, then ASCII digits: "++0" or "-+3" are not numbers, and int()
    # would raise a plain ValueError for them.
    digits = token[1:] if token[:1] in "+-" else token
    is_number = digits.isdigit() and digits.isascii()
    if len(token) > _MAX_TOKEN_LENGTH and is_number:
        raise BoardError(f"{where}: {shown} is out of range")
    if not is_number:
        raise BoardError(f"{where}: {shown!r} is not a number")
    return int(token)


# --- writing -------------------------------------------------------------------------------


class BoardFormat(StrEnum):
    """The text forms `format_board` writes (and `parse_board` reads back)."""

    GRID = "grid"
    SLASH = "slash"
    JSON = "json"
    NPUZZLE = "npuzzle"


FORMATS = tuple(BoardFormat)


def format_board(board: Board, form: str = "grid", goal: str | Board | None = None) -> str:
    """Write `board` as text that `parse_board` reads back.

    `form` is "grid" (rows of right-aligned numbers; one-row boards get a `Wx1` size line
    so they are not mistaken for a flat square), "slash" (`1 2 3/4 5 6/7 8 0`), "json", or
    "npuzzle" (size line then rows; `WxH` for rectangles). `goal` is written into JSON only.
    """
    if form == "grid":
        return board.grid_text()
    if form == "slash":
        if board.height == 1:
            return " ".join(map(str, board.tiles)) + "/\n"
        return "/".join(" ".join(map(str, row)) for row in board.rows()) + "\n"
    if form == "json":
        data: dict[str, Any] = {
            "width": board.width,
            "height": board.height,
            "tiles": list(board.tiles),
        }
        if isinstance(goal, Board):
            data["goal"] = list(goal.tiles)
        elif goal is not None:
            data["goal"] = goal
        return json.dumps(data) + "\n"
    if form == "npuzzle":
        size = str(board.width) if board.width == board.height else f"{board.width}x{board.height}"
        body = format_board(board, "grid").splitlines()
        if board.height == 1:
            body = body[1:]
        return "\n".join(["# slidecheck board", size, *body]) + "\n"
    raise ValueError(f"unknown board format {form!r}; expected one of {', '.join(FORMATS)}")


def cells_from_rows(rows: Sequence[Sequence[str]]) -> list[str]:
    """Flatten rows of cell tokens (a helper for callers that collect cells themselves)."""
    return [cell for row in rows for cell in row]
