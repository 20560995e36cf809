"""Names and ids shared by the window, the desktop files and the packaged bundle."""

from __future__ import annotations

APP_NAME = "Slidecheck"
#: One reverse-DNS id everywhere: desktop file, metainfo, icon name, bundle identifier.
APP_ID = "io.github.slidecheck.Slidecheck"
ORGANIZATION = "Slidecheck"


def app_version() -> str:
    """The version from pyproject.toml: a bundle embeds it at build time (packaging/slidecheck.spec
    adds `gui._bundled_version`), a checkout reads the installed metadata."""
    try:
        from gui import _bundled_version  # type: ignore[attr-defined]
    except ImportError:
        # Imported only here: importlib.metadata costs a bundle's start-up tens of milliseconds.
        from importlib import metadata

        return metadata.version("slidecheck")
    return str(_bundled_version.VERSION)
