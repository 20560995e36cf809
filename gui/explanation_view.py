"""Why the verdict is what it is: the rule for this width, the numbers, the conclusion.

The sentences are core's `Verdict.steps`; this view only lays them out, one paragraph a
step with the conclusion in bold, as selectable text a person can copy.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTextBrowser, QWidget

from gui.board_model import BoardModel


class ExplanationView(QTextBrowser):
    """The verdict's steps as read-only rich text (objectName "explanationView")."""

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self.setObjectName("explanationView")
        self.setAccessibleName("Explanation")
        self.setOpenLinks(False)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        # Tab moves on to the next widget instead of being swallowed by the document.
        self.setTabChangesFocus(True)
        model.changed.connect(self._refresh)
        self._refresh()

    def _refresh(self) -> None:
        verdict = self._model.verdict
        if verdict is None:
            problems = self._model.problems
            paragraphs = [
                "<p>The explanation appears once the board is complete and valid.</p>",
                *(f"<p>{escape(_sentence(problem.message))}</p>" for problem in problems),
            ]
        else:
            *reasoning, conclusion = verdict.steps
            paragraphs = [f"<p>{escape(step)}</p>" for step in reasoning]
            paragraphs.append(f"<p><b>{escape(conclusion)}</b></p>")
        self.setHtml("".join(paragraphs))


def _sentence(message: str) -> str:
    """A problem message (lower-case fragment) as a sentence."""
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
