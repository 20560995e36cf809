"""The spec and the build script take their facts from pyproject.toml and gui.app_info."""

from __future__ import annotations

import ast
import importlib
import tomllib

import pytest

from gui.app_info import APP_ID

import build_info

# packaging/build.py, imported by name at run time: a static `import build` sorts differently
# depending on whether a build/ directory exists, which would make the import order flaky.
build = importlib.import_module("build")

SPEC = build_info.ROOT / "packaging" / "slidecheck.spec"


def test_version_is_the_one_in_pyproject():
    with (build_info.ROOT / "pyproject.toml").open("rb") as stream:
        assert build_info.project_version() == tomllib.load(stream)["project"]["version"]


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        ("0.1.0", (0, 1, 0, 0)),
        ("1.2.3.4", (1, 2, 3, 4)),
        ("2.0rc1", (2, 0, 0, 0)),
        ("7", (7, 0, 0, 0)),
    ],
)
def test_windows_version_has_four_numbers(version, expected):
    assert build_info.windows_version_tuple(version) == expected


def test_info_plist_is_high_dpi_and_carries_the_version():
    plist = build_info.info_plist("3.4.5")
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleShortVersionString"] == "3.4.5"


def test_spec_is_python_and_uses_the_shared_facts():
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert {"project_version", "APP_ID", "info_plist", "windows_version_tuple"} <= attributes
    called = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert {"Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE", "VSVersionInfo"} <= called


def test_bundle_identifier_is_the_app_id():
    assert build_info.APP_ID == APP_ID == "io.github.slidecheck.Slidecheck"


def test_only_xcb_library_warnings_are_fatal():
    log = (
        "1 WARNING: Library not found: could not resolve 'libgtk-3.so.0', dependency of 'x'.\n"
        "2 WARNING: Library not found: could not resolve 'libxcb-cursor.so.0', dependency of "
        "'.../libqxcb.so'.\n"
    )
    fatal = build.missing_xcb_libraries(log)
    assert len(fatal) == 1
    assert "libxcb-cursor" in fatal[0]
    assert build.missing_xcb_libraries(log.splitlines()[0]) == []
    with pytest.raises(SystemExit, match="libxcb-cursor"):
        build.report_missing_libraries(log)
