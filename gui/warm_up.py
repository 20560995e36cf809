"""The modules of Solve and of the photo reader, imported while the shown window waits for
its first click, and the solution player built.

Start-up leaves the solvers, the solution player, the photo reader and their dialogs to
their first use (issue 21), and importing them then made the first Solve some three frames
slower than the next, the first photo dialog some eight (bench/README.md, "First use,
seventh round"). Once the window has painted its first frame and its layout has settled,
they are imported step by step: the first frame waits for none of them. The Qt-free modules
(core's, numpy, Pillow), some too long to hold the GUI thread for (the searches with the
pattern databases' module, the reader with numpy), are imported on a thread of their own,
which gives the GUI thread its turn as Python switches threads; a step on the GUI thread
imports one of the widgets' modules, so a click or key press that comes meanwhile waits for
one at most. The last of Solve's steps builds the solution player (hidden), the largest part
of a first Solve's price left once its modules were in (bench/README.md, "First use, tenth
round"): the issue lists the player among what may warm up once the first frame is shown.
"""

from __future__ import annotations

import contextlib
import importlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from gui.first_frame import after_first_paint

if TYPE_CHECKING:
    from collections.abc import Sequence

    from PySide6.QtWidgets import QWidget

#: A step on a thread of its own: modules to import, and Qt-free work to do once they are in.
ThreadStep = tuple[str | Callable[[], object], ...]
#: A step on the GUI thread (a module to import, or work to do there) or on a thread of
#: its own.
Step = str | Callable[[], object] | ThreadStep

#: What the first Solve imports, in the order Solve needs them: on a thread, the searches,
#: the solution and its playthrough; then the search's thread, the player's modules and the
#: controller's, one step each.
SOLVE_STEPS: tuple[Step, ...] = (
    (
        "core.search",
        "core.fast_solver",
        "core.solve",
        "core.solution",
        "core.playthrough",
        "core.duplicate_sequences",
    ),
    "gui.solve_worker",
    "gui.solve_progress",
    "gui.playback",
    "gui.transport_icons",
    "gui.solution_player",
    "gui.solve_controller",
)

#: What the first photo dialog imports: on a thread, the reader (Qt-free, with numpy and
#: Pillow), the package its network's weights are read from and the decoders Pillow loads
#: on its first open; then the dialog's modules, one step each.
PHOTO_STEPS: tuple[Step, ...] = (
    (
        "core.photo.reader",
        "core.photo.models",
        "PIL.BmpImagePlugin",
        "PIL.GifImagePlugin",
        "PIL.JpegImagePlugin",
        "PIL.PpmImagePlugin",
        "PIL.PngImagePlugin",
    ),
    "gui.photo_read_runner",
    "gui.photo_view",
    "gui.photo_dialog",
    "gui.photo_import",
)

#: How long after the first frame the imports begin: the window's layout settles first (text
#: that wraps to its new width asks for another pass, and another paint).
SETTLE_MS = 100
#: How often the GUI thread looks whether a thread's imports are done: once a frame.
THREAD_POLL_MS = 16


def solve_steps(
    prepare_search: Callable[[], object], build_player: Callable[[], object]
) -> tuple[Step, ...]:
    """`SOLVE_STEPS`, with `prepare_search` called on their thread once the searches' modules
    are in (the window makes the search of the board it shows ready there: its move
    automaton, which the first Solve of a 4x4 board waited some 110 ms for), and
    `build_player` called on the GUI thread once the player's modules are in."""
    on_thread, *on_gui_thread = SOLVE_STEPS
    assert isinstance(on_thread, tuple)
    return ((*on_thread, prepare_search), *on_gui_thread, build_player)


def _take_each(items: ThreadStep, stop: threading.Event) -> None:
    for item in items:
        if stop.is_set():
            return
        _take(item)


def _take(item: str | Callable[[], object]) -> None:
    """A module imported by its name, or work done by calling it."""
    if callable(item):
        item()
    else:
        _import(item)


def _import(name: str) -> None:
    # An extra not installed (the photo reader's numpy and Pillow) is passed over: the
    # feature's own first use says so, where the person can read it.
    with contextlib.suppress(ImportError):
        importlib.import_module(name)


class WarmUp(QObject):
    """Takes `steps` in turn after `window`'s first frame: a module's name is imported, and
    a callable called, on the GUI thread, once the events that came before it are done; a
    tuple of names is imported on a thread of its own, its callables called there in their
    turn, and the next step waits for it (Qt-free modules and work only)."""

    def __init__(self, window: QWidget, steps: Sequence[Step]) -> None:
        super().__init__(window)
        self._pending = list(steps)
        self._thread: threading.Thread | None = None
        #: Set as the application quits: the thread stops after the module it is importing.
        self._stop = threading.Event()
        self._steps = QTimer(self)
        self._steps.timeout.connect(self._take_next_step)
        after_first_paint(window, self._begin)

    @property
    def done(self) -> bool:
        """Whether every step is done."""
        return not self._pending and self._thread is None

    def _begin(self) -> None:
        if self._pending:
            self._steps.start(SETTLE_MS)
            application = QCoreApplication.instance()
            if application is not None:
                application.aboutToQuit.connect(self.stop)

    def _take_next_step(self) -> None:
        if self._thread is not None:
            if self._thread.is_alive():
                return
            self._thread = None
        if not self._pending:
            self._steps.stop()
            return
        step = self._pending.pop(0)
        if not isinstance(step, tuple):
            _take(step)
            # The next step once the events that came meanwhile are done.
            self._steps.setInterval(0)
            return
        # Not a daemon: one stopped mid-import as the interpreter shuts down may crash it.
        self._thread = threading.Thread(target=_take_each, args=(step, self._stop), name="warm-up")
        self._thread.start()
        self._steps.setInterval(THREAD_POLL_MS)

    def stop(self) -> None:
        """Take no further step; let the thread end, and wait for it (it stops after the
        module it is importing). As the application quits, before the interpreter begins
        to shut down: a module imported after that (concurrent.futures.thread, with the
        searches) fails as it registers what it does at exit."""
        self._pending.clear()
        self._steps.stop()
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
