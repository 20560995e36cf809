"""Test-wide settings: Qt runs offscreen so the suite needs no display, and the optimal
search keeps its tables out of the user's cache folder."""

import atexit
import os
import shutil
import tempfile

from hypothesis import settings

from gui import fast_enums

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# The window's start (gui.launcher) and the bundle make PySide6's enum classes by a
# shortcut: the tests make them the same way (tests/gui/test_fast_enums.py holds the
# shortcut's classes to the enum module's own).
fast_enums.install()

# Property tests run fewer examples at a desk than in CI: a quick run to work by, and the
# full count where it is the gate (.ci/run sets HYPOTHESIS_PROFILE=ci). A test that names
# its own max_examples keeps it in both.
settings.register_profile("dev", max_examples=25)
settings.register_profile("ci", max_examples=100, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# Every test that solves (in process, in the window, or through a child process, which
# inherits this) builds the search's tables in a folder of this run, never in the user's.
if "SLIDECHECK_CACHE_DIR" not in os.environ:
    _tables = tempfile.mkdtemp(prefix="slidecheck-test-tables-")
    os.environ["SLIDECHECK_CACHE_DIR"] = _tables
    atexit.register(shutil.rmtree, _tables, ignore_errors=True)
# The 6-6-3 tables for 4x4 build in seconds; the 7-8 ones the app uses take minutes and
# are the same code at a larger size (bench/solve_optimal.py runs them).
os.environ.setdefault("SLIDECHECK_PATTERN_ENTRIES", "6000000")
