"""Facts about the build that the spec, build.py and the tests share.

The version comes from pyproject.toml (the one source of metadata); the id from gui.app_info.
Nothing here imports PyInstaller or Qt, so the tests can check it quickly.
"""

from __future__ import annotations

import platform
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gui.app_info import APP_ID, APP_NAME  # noqa: E402  (after the path set-up above)

RESOURCES = ROOT / "resources"
ICON_DIR = RESOURCES / "icons"
DESKTOP_FILE = RESOURCES / f"{APP_ID}.desktop"
METAINFO_FILE = RESOURCES / f"{APP_ID}.metainfo.xml"
SVG_ICON = ICON_DIR / f"{APP_ID}.svg"
ICO_ICON = ICON_DIR / f"{APP_ID}.ico"
ICNS_ICON = ICON_DIR / f"{APP_ID}.icns"
HICOLOR_DIR = ICON_DIR / "hicolor"

#: The executable's and the onedir's name: dist/slidecheck/slidecheck.
EXECUTABLE_NAME = "slidecheck"
DIST_DIR = ROOT / "dist"
ONEDIR = DIST_DIR / EXECUTABLE_NAME
#: The one-file variant gets a folder of its own: its file would take the onedir's name.
ONEFILE_DIST_DIR = DIST_DIR / "onefile"
BUILD_DIR = ROOT / "build" / "pyinstaller"
BUILD_LOG = ROOT / "build" / "pyinstaller.log"

__all__ = ["APP_ID", "APP_NAME"]


def project_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as stream:
        return str(tomllib.load(stream)["project"]["version"])


def windows_version_tuple(version: str) -> tuple[int, int, int, int]:
    """Windows wants four 16-bit numbers: "1.2.3" -> (1, 2, 3, 0); "0.2.0rc1" -> (0, 2, 0, 0)."""
    numbers: list[int] = []
    for part in version.split(".")[:4]:
        digits = ""
        for character in part:
            if not character.isdigit():
                break
            digits += character
        numbers.append(int(digits or 0))
    numbers += [0] * (4 - len(numbers))
    return (numbers[0], numbers[1], numbers[2], numbers[3])


def info_plist(version: str) -> dict[str, object]:
    """The macOS Info.plist keys PyInstaller does not set by itself."""
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHighResolutionCapable": True,
        "NSRequiresAquaSystemAppearance": False,  # follow the system's dark mode
        "LSApplicationCategoryType": "public.app-category.puzzle-games",
        "NSHumanReadableCopyright": "MIT licence, Slidecheck developers",
    }


def linux_archive_name(version: str) -> str:
    """slidecheck-0.1.0-linux-x86_64: the tarball's name and its top directory."""
    return f"{EXECUTABLE_NAME}-{version}-linux-{platform.machine()}"
