"""Names and ids shared by the window, the desktop files and the packaged bundle."""

from __future__ import annotations

from functools import cache
from pathlib import Path

APP_NAME = "Slidecheck"
#: One reverse-DNS id everywhere: desktop file, metainfo, icon name, bundle identifier.
APP_ID = "io.github.slidecheck.Slidecheck"
ORGANIZATION = "Slidecheck"


@cache
def app_version() -> str:
    """The version from pyproject.toml: a bundle embeds it at build time (packaging/slidecheck.spec
    adds `gui._bundled_version`), a checkout reads pyproject.toml itself, and an installed wheel
    reads its metadata."""
    try:
        from gui import _bundled_version  # type: ignore[attr-defined]
    except ImportError:
        pass
    else:
        return str(_bundled_version.VERSION)
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.is_file():
        # tomllib costs a few milliseconds; importlib.metadata costs every start tens of them.
        import tomllib

        with pyproject.open("rb") as handle:
            return str(tomllib.load(handle)["project"]["version"])
    from importlib import metadata

    return metadata.version("slidecheck")
