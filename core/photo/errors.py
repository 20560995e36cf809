"""The one error the photo reader raises."""

from __future__ import annotations


class PhotoError(ValueError):
    """A photo that cannot be read as a puzzle: not an image, not a board, too blurred.

    The message is one sentence a person holding the puzzle can act on.
    """
