"""`make package`: build the standalone app into dist/ with packaging/slidecheck.spec.

    .venv/bin/python packaging/build.py              dist/slidecheck/ (onedir) + Linux tarball
    .venv/bin/python packaging/build.py --onefile    dist/onefile/slidecheck (one file)

The PyInstaller log goes to build/pyinstaller.log. A 'Library not found' warning about one of
Qt's xcb libraries fails the build: a bundle built without them cannot open a window on X11.
On Linux the onedir is also packed, with the desktop file, metainfo, icons and install.sh,
into dist/slidecheck-VERSION-linux-ARCH.tar.gz.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import build_info

#: Lines like "WARNING: Library not found: could not resolve 'libxcb-cursor.so.0', dependency
#: of '.../libqxcb.so'"; only those about xcb are fatal, others (GTK for the dropped gtk3 theme
#: plugin, say) are reported.
LIBRARY_NOT_FOUND = re.compile(r"Library not found.*", re.IGNORECASE)

INSTALL_SCRIPT = Path(__file__).resolve().parent / "install.sh"


def run_pyinstaller(onefile: bool) -> str:
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(build_info.ONEFILE_DIST_DIR if onefile else build_info.DIST_DIR),
        "--workpath",
        str(build_info.BUILD_DIR),
        str(Path(__file__).resolve().parent / "slidecheck.spec"),
    ]
    if onefile:
        command += ["--", "--onefile"]
    print("+", " ".join(command), flush=True)
    result = subprocess.run(
        command, cwd=build_info.ROOT, capture_output=True, text=True, check=False
    )
    log = result.stdout + result.stderr
    build_info.BUILD_LOG.parent.mkdir(parents=True, exist_ok=True)
    build_info.BUILD_LOG.write_text(log, encoding="utf-8")
    if result.returncode != 0:
        sys.stderr.write(log)
        raise SystemExit(
            f"PyInstaller failed (exit {result.returncode}); log: {build_info.BUILD_LOG}"
        )
    return log


def missing_xcb_libraries(log: str) -> list[str]:
    """The 'Library not found' warnings that name an xcb library (fatal for the bundle)."""
    return [line for line in LIBRARY_NOT_FOUND.findall(log) if "xcb" in line.lower()]


def report_missing_libraries(log: str) -> None:
    for line in LIBRARY_NOT_FOUND.findall(log):
        print("warning:", line)
    fatal = missing_xcb_libraries(log)
    if fatal:
        raise SystemExit(
            "Qt's xcb platform plugin is missing libraries it needs (install them, e.g. "
            "the libxcb-* packages listed in .ci/run, and build again):\n  " + "\n  ".join(fatal)
        )


def make_linux_tarball(version: str) -> Path:
    """The onedir, install.sh and the desktop integration files under one top directory."""
    top = build_info.linux_archive_name(version)
    archive = build_info.DIST_DIR / f"{top}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(build_info.ONEDIR, arcname=f"{top}/{build_info.EXECUTABLE_NAME}")
        tar.add(INSTALL_SCRIPT, arcname=f"{top}/install.sh")
        tar.add(
            build_info.DESKTOP_FILE,
            arcname=f"{top}/share/applications/{build_info.DESKTOP_FILE.name}",
        )
        tar.add(
            build_info.METAINFO_FILE,
            arcname=f"{top}/share/metainfo/{build_info.METAINFO_FILE.name}",
        )
        tar.add(build_info.HICOLOR_DIR, arcname=f"{top}/share/icons/hicolor")
        tar.add(
            build_info.SVG_ICON,
            arcname=f"{top}/share/icons/hicolor/scalable/apps/{build_info.SVG_ICON.name}",
        )
    return archive


def directory_size(path: Path) -> int:
    """Bytes in regular files, each counted once (the onedir links some Qt libraries)."""
    return sum(
        item.lstat().st_size for item in path.rglob("*") if item.is_file() and not item.is_symlink()
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="build one file instead of a folder")
    parser.add_argument("--no-tarball", action="store_true", help="skip the Linux tarball")
    args = parser.parse_args(argv)

    version = build_info.project_version()
    log = run_pyinstaller(args.onefile)
    report_missing_libraries(log)
    if args.onefile:
        built = build_info.ONEFILE_DIST_DIR / (
            build_info.EXECUTABLE_NAME + (".exe" if sys.platform == "win32" else "")
        )
        print(f"built {built} ({built.stat().st_size / 1e6:.1f} MB), version {version}")
        return 0
    print(
        f"built {build_info.ONEDIR} ({directory_size(build_info.ONEDIR) / 1e6:.1f} MB), "
        f"version {version}"
    )
    if sys.platform.startswith("linux") and not args.no_tarball:
        archive = make_linux_tarball(version)
        print(f"packed {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
