"""Application start-up. Placeholder until the main window lands (issue 3)."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str]) -> int:
    from PySide6.QtWidgets import QApplication, QLabel

    app = QApplication([sys.argv[0], *argv])
    label = QLabel("Slidecheck: the window is on its way. Try `slidecheck check`.")
    label.resize(480, 120)
    label.show()
    return app.exec()
