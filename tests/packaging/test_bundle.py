"""Smoke tests of the built bundle (`make package`); skipped while dist/slidecheck is missing."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile

import pytest
from PIL import Image

import build_info

EXECUTABLE = build_info.ONEDIR / (
    build_info.EXECUTABLE_NAME + (".exe" if sys.platform == "win32" else "")
)
ARTICLE_BOARD = "12 1 10 2\n7 11 4 14\n5 0 9 15\n8 13 6 3\n"  # 49 inversions, row 2: solvable
LOYD_BOARD = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 0\n"  # 14 and 15 exchanged: unsolvable

pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(not EXECUTABLE.exists(), reason="no bundle: run `make package` first"),
]


def run_bundle(*args: str, stdin: str | None = None, **environment: str):
    return subprocess.run(
        [str(EXECUTABLE), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **environment},
    )


def test_self_test_passes_and_writes_its_log(tmp_path):
    log = tmp_path / "self-test.log"
    result = run_bundle("--self-test", SLIDECHECK_SELF_TEST_LOG=str(log))
    assert result.returncode == 0, result.stderr
    text = log.read_text(encoding="utf-8")
    assert "frozen=True" in text
    assert text.rstrip().endswith("self-test passed")
    if sys.version_info[:2] == (3, 11):
        # packaging/pyi_rth_fast_enums.py ran before PyInstaller's PySide6 hook (gui.fast_enums)
        assert "made by the shortcut, installed before QtCore's import" in text


@pytest.mark.skipif(
    sys.platform in ("win32", "darwin"), reason="Windows and macOS always have a window system"
)
def test_bundle_with_no_display_self_tests_offscreen_and_refuses_the_window(tmp_path):
    """A server or SSH session: the bundle's Qt would abort (exit 134) on its xcb default."""
    home = tmp_path / "home"
    home.mkdir()
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    environment.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"))
    log = tmp_path / "self-test.log"
    self_test = subprocess.run(
        [str(EXECUTABLE), "--self-test"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**environment, "SLIDECHECK_SELF_TEST_LOG": str(log)},
    )
    assert self_test.returncode == 0, self_test.stderr
    text = log.read_text(encoding="utf-8")
    assert "frozen=True, offscreen)" in text
    assert "note: no display" in text
    assert text.rstrip().endswith("self-test passed")
    window = subprocess.run(
        [str(EXECUTABLE)], capture_output=True, text=True, timeout=120, check=False, env=environment
    )
    assert window.returncode == 2, window.stderr
    assert window.stderr.count("\n") == 1
    assert window.stderr.startswith("slidecheck: no display: ")
    assert list(home.iterdir()) == []


@pytest.mark.parametrize(
    ("board", "status", "verdict"), [(ARTICLE_BOARD, 0, "solvable"), (LOYD_BOARD, 1, "unsolvable")]
)
def test_check_reads_a_board_file(tmp_path, board, status, verdict):
    board_file = tmp_path / "board.txt"
    board_file.write_text(board, encoding="utf-8")
    result = run_bundle("check", str(board_file))
    assert result.returncode == status, result.stderr
    assert result.stdout.splitlines()[0] == verdict


def test_check_reports_invalid_input_with_exit_2():
    result = run_bundle("check", "-", stdin="1 2 3\n4 5 5\n7 8 0\n")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip()


def test_version_comes_from_pyproject():
    result = run_bundle("--version")
    assert result.returncode == 0, result.stderr
    assert build_info.project_version() in result.stdout
    # The bundle carries the compiled twins, and says so.
    assert "(compiled speed-ups)" in result.stdout


def test_bundle_leaves_out_what_the_app_never_uses():
    files = {path.name for path in build_info.ONEDIR.rglob("*")}
    assert not any(name.startswith(("QtNetwork", "libQt6Network")) for name in files)
    assert not any("tkinter" in name for name in files)
    assert not any(name.endswith(".qm") for name in files)  # Qt translations
    assert "libqxcb.so" in files or sys.platform != "linux"
    # numpy's random numbers, Fourier transforms and polynomial classes (the spec's
    # UNUSED_NUMPY_PACKAGES); numpy.ma stays, since np.percentile uses it
    internal = build_info.ONEDIR / "_internal"
    assert not any((internal / "numpy" / part).exists() for part in ("random", "fft", "polynomial"))
    assert (internal / "numpy" / "ma").is_dir()


def test_the_size_rule_counts_the_reader_libraries_the_bundle_holds():
    """packaging/measure.py subtracts numpy and Pillow by their onedir folders."""
    import measure

    internal = build_info.ONEDIR / "_internal"
    assert all((internal / name).is_dir() for name in measure.READER_LIBRARIES)


@pytest.mark.skipif(sys.platform != "linux", reason="the tarball and install.sh are Linux only")
def test_tarball_installs_under_a_prefix_and_uninstalls(tmp_path):
    archive = (
        build_info.DIST_DIR
        / f"{build_info.linux_archive_name(build_info.project_version())}.tar.gz"
    )
    if not archive.exists():
        pytest.skip("no tarball: `make package` makes it")
    with tarfile.open(archive) as tar:
        tar.extractall(tmp_path / "unpacked", filter="tar")
    top = tmp_path / "unpacked" / build_info.linux_archive_name(build_info.project_version())
    prefix = tmp_path / "prefix"
    environment = {**os.environ, "PREFIX": str(prefix)}
    subprocess.run([str(top / "install.sh")], env=environment, check=True, capture_output=True)

    launcher = prefix / "bin" / "slidecheck"
    board_file = tmp_path / "board.txt"
    board_file.write_text(LOYD_BOARD, encoding="utf-8")
    result = subprocess.run(
        [str(launcher), "check", str(board_file)], capture_output=True, text=True, check=False
    )
    assert (result.returncode, result.stdout.strip()) == (1, "unsolvable")
    desktop = prefix / "share" / "applications" / f"{build_info.APP_ID}.desktop"
    assert f'Exec="{prefix}/lib/slidecheck/slidecheck" %f' in desktop.read_text(encoding="utf-8")
    icons = prefix / "share" / "icons" / "hicolor"
    assert (icons / "256x256" / "apps" / f"{build_info.APP_ID}.png").is_file()
    assert (icons / "scalable" / "apps" / f"{build_info.APP_ID}.svg").is_file()
    assert (prefix / "share" / "metainfo" / f"{build_info.APP_ID}.metainfo.xml").is_file()

    subprocess.run(
        [str(top / "install.sh"), "--uninstall"], env=environment, check=True, capture_output=True
    )
    assert not launcher.exists()
    assert not desktop.exists()
    assert not (prefix / "lib" / "slidecheck").exists()


def test_the_bundle_reads_a_photo(tmp_path):
    # numpy's and Pillow's vendored libraries must survive the build (stripping them left
    # numpy unloadable), and the reader's model must be in the bundle.
    from core.photo.training.synthetic import StyleSet, generate_photo

    photo = generate_photo(7, StyleSet.TEST)
    path = tmp_path / "puzzle.jpg"
    path.write_bytes(photo.jpeg)
    result = run_bundle("check", "--photo", str(path), "--json")
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    import json

    read = json.loads(result.stdout)["photo"]
    assert (read["width"], read["height"]) == (photo.board.width, photo.board.height)


def test_the_bundle_draws_the_debug_image(tmp_path):
    # The debug image draws with ImageDraw, which imports ImageFont: both must be bundled
    # (without FreeType, which the drawing never needs).
    from core.photo.training.synthetic import StyleSet, generate_photo

    path = tmp_path / "puzzle.jpg"
    path.write_bytes(generate_photo(7, StyleSet.TEST).jpeg)
    debug = tmp_path / "read.png"
    result = run_bundle("check", "--photo", str(path), "--debug-image", str(debug))
    assert result.returncode in (0, 1), result.stderr
    with Image.open(debug) as drawn:
        assert drawn.size[0] > 0


def test_the_bundle_names_only_the_photo_formats_it_reads(tmp_path):
    # The bundle leaves WebP's library out: a refusal must not offer it.
    path = tmp_path / "notes.jpg"
    path.write_text("not a photo")
    result = run_bundle("check", "--photo", str(path))
    assert result.returncode == 2
    assert "(JPEG, PNG, BMP, TIFF or GIF)" in result.stderr
    webp = tmp_path / "puzzle.webp"
    Image.new("RGB", (64, 64), "white").save(webp, format="WEBP")
    refused = run_bundle("check", "--photo", str(webp))
    assert refused.returncode == 2
    assert "not an image the reader can open" in refused.stderr


def test_solve_runs_from_the_bundle(tmp_path):
    result = run_bundle(
        "solve", "-", stdin="4 1 0\n5 3 2\n7 8 6\n", SLIDECHECK_CACHE_DIR=str(tmp_path)
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["8 moves, optimal", "URRDLLUU"]
