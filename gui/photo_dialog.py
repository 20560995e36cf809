"""The reading of a photo, shown for a look before anything is checked.

The photo with its corners, grid and each cell's reading (gui.photo_view), the size as
guessed with presets and spin boxes to change it, a line saying how many cells to check, and
"Use This Board". Dragging a corner or changing the size asks for a new reading (after a
short pause, so a drag does not queue a read per mouse move); reads run off the GUI thread
(gui.photo_read_runner). Unsure cells are corrected here, by clicking one and typing its number:
the window's editor then gets the board as the user confirmed it, in one undoable step.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from core.board import cell_name
from core.draft import Draft
from gui.photo_read_runner import PhotoReadRunner, ReadOutcome, ReadRequest
from gui.photo_view import PhotoView

if TYPE_CHECKING:
    from core import Goal
    from core.photo.geometry import Quad
    from core.photo.image import Photo
    from core.photo.reader import PhotoReading

#: Pause after the last corner move or size change before reading again.
REREAD_DELAY_MS = 250
#: The sizes offered in the list; any other is set with the spin boxes.
PRESET_SIZES = ((3, 3), (4, 4), (5, 5))
OTHER_SIZE = "Other"
#: The corner keys, said under the photo for those who do not hover it.
CORNER_KEYS_NOTE = (
    "Keyboard: Ctrl+Tab picks a corner, the arrow keys move it (Shift: further), Esc lets "
    "it go; the arrow keys or a click choose a cell to type into; Ctrl+[ and Ctrl+] turn the "
    "board a quarter when its top is not where the reader put it."
)
#: Unsure cells named one by one in the note the window shows after loading (the rest
#: are counted).
NAMED_CELLS = 2
#: Where the corners go when no board was found: a frame inside the photo to drag.
UNFOUND_INSET = 0.2


class ReadState(Enum):
    """Where the dialog's reading stands."""

    READING = "reading"
    READ = "read"
    FAILED = "failed"


def _size_text(width: int, height: int) -> str:
    return f"{width} \u00d7 {height}"


class PhotoDialog(QDialog):
    """Shows a decoded photo's reading; `draft()` is the board to load when accepted."""

    def __init__(self, photo: Photo, name: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("photoDialog")
        self.setWindowTitle(
            f"Read Board from Photo \u2014 {name}" if name else "Read Board from Photo"
        )
        self.photo = photo
        self.read_runner = PhotoReadRunner(self)
        self.reading: PhotoReading | None = None
        self.state = ReadState.READING
        self.error = ""
        #: Corners the user placed (None: let the reader find them).
        self._user_corners: Quad | None = None
        #: Size the user chose (None: let the reader guess it).
        self._user_size: tuple[int, int] | None = None
        #: Quarter turns the user chose for the corners they placed (None: the reader
        #: decides which way is up).
        self._user_turns: int | None = None
        #: Whether the view has zoomed to the board found (it does so once).
        self._focused = False
        #: Numbers the user typed, by cell index, over the reading.
        self.typed: dict[int, int] = {}

        self.message = QLabel("Reading the photo\u2026", self)
        self.message.setObjectName("photoMessage")
        self.message.setWordWrap(True)
        self.view = PhotoView(self)
        self.view.set_photo(photo)
        self.keys_note = QLabel(CORNER_KEYS_NOTE, self)
        self.keys_note.setObjectName("photoKeysNote")
        self.keys_note.setWordWrap(True)

        self.size_list = QComboBox(self)
        self.size_list.setObjectName("photoSizeList")
        for width, height in PRESET_SIZES:
            self.size_list.addItem(_size_text(width, height))
        self.size_list.addItem(OTHER_SIZE)
        self.size_list.setAccessibleName("Board size")
        self.width_spin = QSpinBox(self)
        self.width_spin.setObjectName("photoWidthSpin")
        self.height_spin = QSpinBox(self)
        self.height_spin.setObjectName("photoHeightSpin")
        from core.photo.grid import MAX_CELLS_PER_SIDE, MIN_CELLS

        for spin, what in ((self.width_spin, "Columns"), (self.height_spin, "Rows")):
            spin.setRange(MIN_CELLS, MAX_CELLS_PER_SIDE)
            spin.setValue(4)
            spin.setAccessibleName(what)
        # The list agrees with the spin boxes before the first reading (a photo with no
        # board found never sends one).
        self.size_list.setCurrentIndex(self.preset_index(4, 4))
        self.size_note = QLabel(self)
        self.size_note.setObjectName("photoSizeNote")
        size_label = QLabel("&Size:", self)
        size_label.setBuddy(self.size_list)

        self.turn_left_button = QPushButton("Turn \u21ba", self)
        self.turn_left_button.setObjectName("turnLeftButton")
        self.turn_left_button.setShortcut(QKeySequence("Ctrl+["))
        self.turn_left_button.setToolTip("Turn the board a quarter to the left (Ctrl+[)")
        self.turn_left_button.setAccessibleName("Turn the board left")
        self.turn_right_button = QPushButton("Turn \u21bb", self)
        self.turn_right_button.setObjectName("turnRightButton")
        self.turn_right_button.setShortcut(QKeySequence("Ctrl+]"))
        self.turn_right_button.setToolTip("Turn the board a quarter to the right (Ctrl+])")
        self.turn_right_button.setAccessibleName("Turn the board right")
        for button in (self.turn_left_button, self.turn_right_button):
            button.setEnabled(False)

        self.buttons = QDialogButtonBox(self)
        self.use_button = QPushButton("&Use This Board", self)
        self.use_button.setObjectName("useThisBoardButton")
        self.use_button.setDefault(True)
        self.use_button.setEnabled(False)
        self.buttons.addButton(self.use_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)

        size_row = QHBoxLayout()
        size_row.addWidget(size_label)
        size_row.addWidget(self.size_list)
        size_row.addSpacing(8)
        size_row.addWidget(self.width_spin)
        size_row.addWidget(QLabel("\u00d7", self))
        size_row.addWidget(self.height_spin)
        size_row.addWidget(self.size_note)
        size_row.addSpacing(8)
        size_row.addWidget(self.turn_left_button)
        size_row.addWidget(self.turn_right_button)
        size_row.addStretch(1)
        size_row.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.keys_note)
        layout.addLayout(size_row)
        self.setTabOrder(self.view, self.size_list)
        self.setTabOrder(self.size_list, self.width_spin)
        self.setTabOrder(self.width_spin, self.height_spin)
        self.setTabOrder(self.height_spin, self.turn_left_button)
        self.setTabOrder(self.turn_left_button, self.turn_right_button)
        self.setTabOrder(self.turn_right_button, self.use_button)

        self._reread_timer = QTimer(self)
        self._reread_timer.setSingleShot(True)
        self._reread_timer.setInterval(REREAD_DELAY_MS)

        self.turn_left_button.clicked.connect(lambda: self.turn(1))
        self.turn_right_button.clicked.connect(lambda: self.turn(3))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.read_runner.finished.connect(self._show_outcome)
        self.view.corners_changed.connect(self._corners_moved)
        self.view.number_typed.connect(self._number_typed)
        self.size_list.activated.connect(self._preset_chosen)
        self.width_spin.valueChanged.connect(self._spun)
        self.height_spin.valueChanged.connect(self._spun)
        self._reread_timer.timeout.connect(self.read)
        self.resize(900, 720)
        self.read()

    # -- reading ----------------------------------------------------------------------

    def read(self) -> None:
        """Read the photo again with the corners and size the user set (if any)."""
        self._reread_timer.stop()
        self.state = ReadState.READING
        self.use_button.setEnabled(False)
        self.message.setText("Reading the photo\u2026")
        self.read_runner.request(
            ReadRequest(self.photo, self._user_corners, self._user_size, self._user_turns)
        )

    @property
    def reread_pending(self) -> bool:
        return self._reread_timer.isActive()

    def _schedule_read(self) -> None:
        self.state = ReadState.READING
        self.use_button.setEnabled(False)
        self._reread_timer.start()

    def _show_outcome(self, outcome: ReadOutcome) -> None:
        if self.reread_pending:
            return  # the user has changed something since: the next read answers
        reading: PhotoReading | None = outcome.reading  # type: ignore[assignment]
        if reading is None:
            self._show_failure(outcome.error or "the photo could not be read")
            return
        self.reading = reading
        self.state = ReadState.READ
        self.error = ""
        self.view.set_turns(reading.corners.upright_turns())
        for button in (self.turn_left_button, self.turn_right_button):
            button.setEnabled(True)
        if self._user_corners is None:
            self.view.set_corners(reading.corners)
            if not self._focused:
                # Once: a view that moved with every reading would move under the pointer.
                self._focused = True
                self.view.focus_on(reading.corners)
        self.view.set_reading(reading, outcome.request.corners)
        self._show_size(reading.width, reading.height, guessed=reading.size_guessed)
        self.view.set_typed(self.typed)
        self._say_what_to_check()

    def _show_failure(self, error: str) -> None:
        self.reading = None
        self.state = ReadState.FAILED
        self.error = error
        self.view.set_reading(None)
        if self.view.corners() is None:
            # Nothing found to drag from: a frame in the middle of the photo, to put on the
            # board's corners by hand.
            from core.photo.geometry import Quad

            width, height = self.photo.size
            left, right = width * UNFOUND_INSET, width * (1 - UNFOUND_INSET)
            top, bottom = height * UNFOUND_INSET, height * (1 - UNFOUND_INSET)
            self.view.set_corners(Quad((left, top), (right, top), (right, bottom), (left, bottom)))
        self.message.setText(
            f"No board read: {error}. Drag the four corners onto the corners of the tiles "
            "(or pick one with Ctrl+Tab and move it with the arrow keys), or choose another "
            "photo."
        )
        self.use_button.setEnabled(False)

    def _say_what_to_check(self) -> None:
        reading = self.reading
        if reading is None:
            return
        unsure = [
            index
            for index, cell in enumerate(reading.cells)
            if cell.unsure and index not in self.typed
        ]
        count = len(reading.cells)
        problems = Draft.of(reading.board).with_changes(self.typed.items()).analysis.problems
        if self.typed and problems:
            # A correction made the board invalid (two 7s, say): said here, where it can
            # be put right, not only after Use This Board.
            first = problems[0].message
            text = f"Your correction leaves a problem: {first[:1].upper()}{first[1:]}."
            if len(problems) > 1:
                text += f" ({len(problems) - 1} more.)"
            self.message.setText(
                text + " Click a cell and type its number to put it right; Use This Board "
                "takes the board as it is, problems marked."
            )
            self.use_button.setEnabled(True)
            return
        if unsure:
            cells = "1 cell" if len(unsure) == 1 else f"{len(unsure)} cells"
            first = (
                "Check the cell outlined in orange"
                if len(unsure) == 1
                else "Check the cells outlined in orange"
            )
            text = (
                f"{cells} of {count} to check. {first} against the puzzle: click a cell and "
                "type its number (Space for the blank) to correct it."
            )
        else:
            text = (
                f"All {count} cells read. Compare the numbers with the photo, click a cell and "
                "type to correct one, then Use This Board."
            )
        self.message.setText(text)
        self.use_button.setEnabled(True)

    # -- the user's changes -----------------------------------------------------------

    def _corners_moved(self, corners: Quad) -> None:
        self._user_corners = corners
        self._schedule_read()

    def turn(self, quarter_turns: int) -> None:
        """Turn the board read a quarter counterclockwise per turn (3: one clockwise), when
        the reader took the wrong side for its top: the same cells, named from another
        corner, read again that way up; numbers typed stay on their tiles."""
        reading = self.reading
        if reading is None:
            return
        from core.photo.recognizer import turn_order

        order, _, _ = turn_order(reading.width, reading.height, quarter_turns)
        self.typed = {new: self.typed[old] for new, old in enumerate(order) if old in self.typed}
        self._user_corners = reading.corners.turned(quarter_turns)
        self._user_turns = 0
        if self._user_size is not None and quarter_turns % 2:
            self._user_size = (self._user_size[1], self._user_size[0])
        self.view.set_corners(self._user_corners)
        self.view.set_turns(self._user_corners.upright_turns())
        self.view.set_typed(self.typed)
        self.read()

    def set_size(self, width: int, height: int) -> None:
        """Read the board as `width` x `height` cells (the presets and spin boxes)."""
        if self._user_size == (width, height):
            return
        self._user_size = (width, height)
        self.typed.clear()
        self._show_size(width, height, guessed=False)
        self.view.set_grid_size(width, height)
        self.view.set_typed(self.typed)
        self._schedule_read()

    def preset_index(self, width: int, height: int) -> int:
        """The size list's entry for `width` x `height`: a preset, or Other."""
        # By position, not findData: the list's data come back from Qt as lists, not tuples.
        sizes = list(PRESET_SIZES)
        return sizes.index((width, height)) if (width, height) in sizes else len(sizes)

    def _preset_chosen(self, index: int) -> None:
        if index >= len(PRESET_SIZES):
            self.width_spin.setFocus()
            return
        self.set_size(*PRESET_SIZES[index])

    def _spun(self, _value: int) -> None:
        self.set_size(self.width_spin.value(), self.height_spin.value())

    def _show_size(self, width: int, height: int, *, guessed: bool) -> None:
        for spin, value in ((self.width_spin, width), (self.height_spin, height)):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        self.size_list.setCurrentIndex(self.preset_index(width, height))
        self.size_note.setText("(guessed from the photo)" if guessed else "")

    def _number_typed(self, cell: int, number: int) -> None:
        self.typed[cell] = number
        self.view.set_typed(self.typed)
        self._say_what_to_check()

    # -- the answer -------------------------------------------------------------------

    def draft(self, goal: Goal) -> Draft | None:
        """The board read, with the user's corrections, to put in the editor (None before a
        reading). A correction may leave a duplicate: the editor shows it as for typing."""
        if self.reading is None:
            return None
        return Draft.of(self.reading.board, goal).with_changes(self.typed.items())

    def unsure_count(self) -> int:
        """Unsure cells the user has not typed over."""
        return len(self.unchecked_cells())

    def unchecked_cells(self) -> list[tuple[int, int]]:
        """(cell index, number read) of each unsure cell the user has not typed over."""
        if self.reading is None:
            return []
        return [
            (index, cell.number)
            for index, cell in enumerate(self.reading.cells)
            if cell.unsure and index not in self.typed
        ]

    def check_note(self) -> str:
        """Which cells to check on the board loaded, named as everywhere (core's
        `cell_name`): 'check row 2 from the bottom, column 2 (read as 11) and 1 more'.
        Empty when there is none."""
        reading, cells = self.reading, self.unchecked_cells()
        if reading is None or not cells:
            return ""
        named = [
            f"{cell_name(index, reading.width, reading.height)} "
            f"(read as {'the blank' if number == 0 else number})"
            for index, number in cells[:NAMED_CELLS]
        ]
        more = len(cells) - len(named)
        listed = "; ".join(named)
        return f"check {listed}" + (f" and {more} more" if more else "")

    def accept(self) -> None:
        if self.state is not ReadState.READ or self.reread_pending:
            return  # Enter while a reading is on its way: nothing to accept yet
        super().accept()

    def done(self, result: int) -> None:
        self._reread_timer.stop()
        self.read_runner.shutdown()
        super().done(result)
