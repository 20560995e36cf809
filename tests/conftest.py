"""Test-wide settings: Qt runs offscreen so the suite needs no display, and the optimal
search keeps its tables out of the user's cache folder."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Every test that solves (in process, in the window, or through a child process, which
# inherits this) builds the search's tables in a folder of this run, never in the user's.
if "SLIDECHECK_CACHE_DIR" not in os.environ:
    _tables = tempfile.mkdtemp(prefix="slidecheck-test-tables-")
    os.environ["SLIDECHECK_CACHE_DIR"] = _tables
    atexit.register(shutil.rmtree, _tables, ignore_errors=True)
# The 6-6-3 tables for 4x4 build in seconds; the 7-7-1 ones the app uses take minutes and
# are the same code at a larger size (bench/solve_optimal.py runs them).
os.environ.setdefault("SLIDECHECK_PATTERN_ENTRIES", "6000000")
