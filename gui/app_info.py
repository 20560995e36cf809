"""Names and ids shared by the window, the desktop files and the packaged bundle."""

from __future__ import annotations

from importlib import metadata

APP_NAME = "Slidecheck"
#: One reverse-DNS id everywhere: desktop file, metainfo, icon name, bundle identifier.
APP_ID = "io.github.slidecheck.Slidecheck"
ORGANIZATION = "Slidecheck"


def app_version() -> str:
    """The version from pyproject.toml (installed metadata); a bundle embeds it at build time."""
    try:
        return metadata.version("slidecheck")
    except metadata.PackageNotFoundError:
        from gui import _bundled_version  # type: ignore[attr-defined]  # written by packaging

        return str(_bundled_version.VERSION)
