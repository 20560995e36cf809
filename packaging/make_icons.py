"""Render every icon file from the one SVG master in resources/icons.

Writes the hicolor PNG tree (16..512 px), a Windows .ico and a macOS .icns. The outputs are
committed, so a build never needs this script; run it after editing the SVG:

    .venv/bin/python packaging/make_icons.py

Only Qt is used (QtSvg renders, QImage encodes PNG): .ico and .icns are both simple containers
of PNG images, assembled here byte by byte rather than adding an imaging dependency.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gui.app_info import APP_ID  # noqa: E402  (after the path set-up above)

ICON_DIR = ROOT / "resources" / "icons"
SVG_MASTER = ICON_DIR / f"{APP_ID}.svg"
ICO_FILE = ICON_DIR / f"{APP_ID}.ico"
ICNS_FILE = ICON_DIR / f"{APP_ID}.icns"
HICOLOR_DIR = ICON_DIR / "hicolor"

#: The sizes desktops look up in the hicolor theme.
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: Windows picks from these for the taskbar, Explorer views and the title bar.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: OSType of each PNG entry in an .icns file, with its pixel size (the @2x types reuse sizes).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


def hicolor_png_path(size: int) -> Path:
    return HICOLOR_DIR / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def render_png(svg_bytes: bytes, size: int) -> bytes:
    """The SVG drawn on a transparent size x size canvas, encoded as PNG."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(QByteArray(svg_bytes))
    if not renderer.isValid():
        raise ValueError(f"{SVG_MASTER} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    encoded = QByteArray()
    buffer = QBuffer(encoded)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError(f"could not encode the {size} px PNG")
    buffer.close()
    return bytes(encoded.data())


def ico_container(pngs: dict[int, bytes]) -> bytes:
    """An ICONDIR header, one 16-byte entry per image, then the PNG payloads (Vista and later)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = b""
    for size in sizes:
        dimension_byte = 0 if size >= 256 else size  # 0 means 256 in the ICO format
        entries += struct.pack(
            "<BBBBHHII", dimension_byte, dimension_byte, 0, 0, 1, 32, len(pngs[size]), offset
        )
        offset += len(pngs[size])
    return header + entries + b"".join(pngs[size] for size in sizes)


def icns_container(pngs: dict[int, bytes]) -> bytes:
    """'icns' + total length, then (OSType, length including its 8-byte header, PNG) entries."""
    body = b"".join(
        ostype + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for ostype, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    svg_bytes = SVG_MASTER.read_bytes()
    wanted = set(HICOLOR_SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_TYPES}
    pngs = {size: render_png(svg_bytes, size) for size in sorted(wanted)}
    for size in HICOLOR_SIZES:
        path = hicolor_png_path(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pngs[size])
    ICO_FILE.write_bytes(ico_container({size: pngs[size] for size in ICO_SIZES}))
    ICNS_FILE.write_bytes(icns_container(pngs))
    print(f"wrote {len(HICOLOR_SIZES)} PNGs, {ICO_FILE.name} and {ICNS_FILE.name} in {ICON_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
