"""The environment variables the app reads, each read and checked in one place.

A variable set to something the app cannot use is an error the person who set it has to
hear about, in one line naming the variable and what it accepts: quietly falling back to
the default hides the mistake, and a traceback (int() of '²', of a 5,000-digit number)
says nothing useful. An unset or empty variable means the default.
"""

from __future__ import annotations

import os
from pathlib import Path

_SHOWN_LENGTH = 300


class SetupError(ValueError):
    """The environment the app runs in cannot be used as it is: a variable's value, or
    something foreign where the app keeps its files. The message is one line."""


def whole_number(name: str, *, minimum: int, maximum: int) -> int | None:
    """$`name` as a whole number from `minimum` to `maximum`, or None when it is unset or
    empty. Raises `SetupError` for anything else (only ASCII digits: `int()` would also
    take '١٢', and `str.isdigit` passes '²', which `int()` then refuses)."""
    value = os.environ.get(name, "")
    if not value:
        return None
    accepts = f"{name} accepts a whole number from {minimum} to {maximum}"
    digits = value.strip()
    if not (digits.isascii() and digits.isdigit()):
        raise SetupError(f"{accepts} in the digits 0-9, not {_shown(value)}")
    # Bounded before int(): a few thousand digits would be refused with a traceback.
    if len(digits.lstrip("0")) > len(str(maximum)) or not minimum <= int(digits) <= maximum:
        raise SetupError(f"{accepts}, not {_shown(value)}")
    return int(digits)


def switch(name: str) -> bool:
    """$`name` as on (1) or off (0, or unset or empty). Raises `SetupError` otherwise."""
    value = os.environ.get(name, "")
    if value.strip() in ("", "0"):
        return False
    if value.strip() == "1":
        return True
    raise SetupError(f"{name} accepts 1 (on) or 0 (off), not {_shown(value)}")


def folder(name: str) -> Path | None:
    """$`name` as an absolute folder path (the folder need not exist yet), or None when it is
    unset or empty. Raises `SetupError` for a relative path (it would depend on where the
    app was started; '~' is not expanded) or a path where something other than a folder
    sits."""
    value = os.environ.get(name, "")
    if not value:
        return None
    path = Path(value)
    if not path.is_absolute():
        raise SetupError(f"{name} accepts an absolute folder path, not {_shown(value)}")
    if path.exists() and not path.is_dir():
        raise SetupError(f"{name} accepts a folder, and {_shown(value)} is not one")
    return path


def file_path(name: str) -> Path | None:
    """$`name` as the path of a file to write, or None when it is unset or empty. Raises
    `SetupError` when a folder sits there (nothing could be written at that name)."""
    value = os.environ.get(name, "")
    if not value:
        return None
    path = Path(value)
    if path.is_dir():
        raise SetupError(f"{name} accepts a file path, and {_shown(value)} is a folder")
    return path


def _shown(value: str) -> str:
    """The value as the message quotes it: escaped, and cut when long."""
    # Long enough for any real path; a value of thousands of digits is cut.
    return (
        ascii(value) if len(value) <= _SHOWN_LENGTH else ascii(value[:_SHOWN_LENGTH])[:-1] + "...'"
    )


#: Overrides the pattern tables' cache folder (tests point it at a temporary folder).
CACHE_DIR_VARIABLE = "SLIDECHECK_CACHE_DIR"
#: Overrides the compiled twin's table budget, `COMPILED_MAX_ENTRIES`: a smaller number
#: builds smaller, weaker tables sooner (the tests use 6,000,000, 6-6-3 for 4x4).
MAX_ENTRIES_VARIABLE = "SLIDECHECK_PATTERN_ENTRIES"
#: The largest pattern table (placements of one group) the compiled twin builds: 7-tile
#: groups for the 15-puzzle (57,657,600 placements, 2 bits each once compact), beside one
#: 8-tile table over the budget that every 4x4 goal shares (core.pattern_db.partition).
COMPILED_MAX_ENTRIES = 60_000_000


def cache_dir_override() -> Path | None:
    """$SLIDECHECK_CACHE_DIR, the pattern tables' folder, or None for the user's cache
    folder (core.pattern_db.cache_dir). Raises `SetupError` (see `folder`)."""
    return folder(CACHE_DIR_VARIABLE)


def max_entries_override() -> int | None:
    """$SLIDECHECK_PATTERN_ENTRIES (1 to `COMPILED_MAX_ENTRIES`), or None when unset.
    Raises `SetupError` for any other value: a larger budget would ask the compiled twin for
    tables of billions of entries (its placement index is 32 bits), and a value it ignored
    would hide the mistake."""
    return whole_number(MAX_ENTRIES_VARIABLE, minimum=1, maximum=COMPILED_MAX_ENTRIES)


def check_environment() -> None:
    """Check every variable the app reads, before any work starts, so a bad one fails at
    once rather than halfway through (a table build, a search). Raises `SetupError`.

    The variables are read here, not through the modules that use them: the window's
    start-up runs this, and core.pattern_db (platformdirs, the thread pool) is not needed
    before the first search."""
    from core import speedups

    speedups.pure_python_forced()
    cache_dir_override()
    max_entries_override()
