"""Every inversion pair of the board as a flat Qt list model, computed row by row on demand.

A 100x100 board has tens of millions of pairs, so nothing is materialised: a row is turned
into its pair by `InversionIndex.pair_at`, which is a bisection plus a cached scan of one
tile's partners. The model holds no puzzle state; it reads the board model's index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractListModel,
    QByteArray,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from core.sequence import first_pair_number_with, reading_position

if TYPE_CHECKING:
    from gui.board_model import BoardModel

ModelIndex = QModelIndex | QPersistentModelIndex

#: The pair as a tuple of tile values (first read, second read).
PAIR_ROLE = Qt.ItemDataRole.UserRole + 1

#: Item views address rows with a C int and lay them out in int pixels; a 100x100 board
#: stays below this (at most 49,985,001 pairs), anything larger is shown up to it.
MAX_ROWS = 50_000_000


class InversionListModel(QAbstractListModel):
    """Row k is inversion pair number k, in the order the pairs are read off the board."""

    def __init__(self, model: BoardModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._model = model
        model.changed.connect(self._on_board_changed)

    @property
    def total_pairs(self) -> int:
        """All inversion pairs of the board (0 while the board is invalid)."""
        index = self._model.inversion_index
        return 0 if index is None else index.count

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return min(self.total_pairs, MAX_ROWS)

    def pair(self, row: int) -> tuple[int, int] | None:
        """The tile values of pair `row`, or None when there is no such row."""
        index = self._model.inversion_index
        if index is None or not 0 <= row < self.rowCount():
            return None
        first, second = index.pair_at(row)
        return index.labels[first], index.labels[second]

    def row_of_first_pair_with(self, tile: int) -> int | None:
        """The row of the first pair `tile` belongs to, or None if it is in no listed pair."""
        index = self._model.inversion_index
        if index is None:
            return None
        position = reading_position(index, tile)
        row = None if position is None else first_pair_number_with(index, position)
        return row if row is not None and row < self.rowCount() else None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.parent().isValid() or index.column() != 0:
            return None
        if role not in _ANSWERED_ROLES:
            return None
        pair = self.pair(index.row())
        if pair is None:
            return None
        first, second = pair
        if role == Qt.ItemDataRole.DisplayRole:
            return f"({first}, {second})"
        if role == PAIR_ROLE:
            return pair
        # Tooltip and screen readers get the meaning, not the punctuation.
        return f"Pair {index.row() + 1:,}: {first} is read before {second} but belongs after it"

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemNeverHasChildren
        )

    def roleNames(self) -> dict[int, QByteArray]:
        names = dict(super().roleNames())
        names[PAIR_ROLE] = QByteArray(b"pair")
        return names

    def _on_board_changed(self) -> None:
        # Any edit can renumber every pair; a reset is the honest signal and costs nothing
        # because rows are computed on demand.
        self.beginResetModel()
        self.endResetModel()


_ANSWERED_ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.AccessibleTextRole,
        PAIR_ROLE,
    }
)
