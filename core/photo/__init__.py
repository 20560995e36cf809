"""Reading a sliding-tile puzzle from a photo (numpy and Pillow: the `photo` extra).

Qt-free like the rest of core. The entry point is `read_photo`; see core.photo.reader.
Importing this package without numpy or Pillow installed raises ImportError; callers that
want to say what to install check `photo_support_missing()` first.
"""

from __future__ import annotations

import importlib.util


def photo_support_missing() -> tuple[str, ...]:
    """The packages the reader needs that are not installed (empty when it can run)."""
    needed = ("numpy", "PIL", "threadpoolctl")
    return tuple(name for name in needed if importlib.util.find_spec(name) is None)
