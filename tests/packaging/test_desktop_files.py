"""The desktop file and AppStream metainfo: valid, and carrying the one application id."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from xml.etree import ElementTree

import pytest

from gui.app_info import APP_ID

import build_info


def read_desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(build_info.DESKTOP_FILE, encoding="utf-8")
    return parser["Desktop Entry"]


def test_files_are_named_after_the_app_id():
    assert build_info.DESKTOP_FILE.name == f"{APP_ID}.desktop"
    assert build_info.METAINFO_FILE.name == f"{APP_ID}.metainfo.xml"
    assert build_info.DESKTOP_FILE.is_file()
    assert build_info.METAINFO_FILE.is_file()


def test_desktop_entry_launches_slidecheck_with_its_themed_icon():
    entry = read_desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Icon"] == APP_ID
    assert entry["Exec"].split()[0] == build_info.EXECUTABLE_NAME
    assert entry["Terminal"] == "false"


def test_metainfo_names_the_app_id_its_launcher_and_the_current_version():
    component = ElementTree.parse(build_info.METAINFO_FILE).getroot()
    assert component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == f"{APP_ID}.desktop"
    assert component.findtext("provides/binary") == build_info.EXECUTABLE_NAME
    newest_release = component.find("releases/release")
    assert newest_release is not None
    assert newest_release.get("version") == build_info.project_version()


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils")
def test_desktop_file_validates():
    result = subprocess.run(
        ["desktop-file-validate", str(build_info.DESKTOP_FILE)],
        check=False,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in (result.stdout + result.stderr).lower()


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream is not installed")
def test_metainfo_validates():
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(build_info.METAINFO_FILE)],
        check=False,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
