"""The compiled twins build at the optimisation level their figures were measured at."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig

import pytest

import build_info

#: The compiler setuptools runs for a GCC-style toolchain; empty where Python uses MSVC.
COMPILER = (sysconfig.get_config_var("CC") or "").split()[:1]


@pytest.mark.skipif(
    not COMPILER or shutil.which(COMPILER[0]) is None,
    reason="no GCC-style compiler here (MSVC, or none installed)",
)
def test_each_twin_compiles_at_o2_whatever_python_was_built_with(tmp_path):
    built = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "-b", tmp_path / "lib", "-t", tmp_path / "tmp"],
        cwd=build_info.ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    compiles = [line.split() for line in built.stdout.splitlines() if " -c core/_" in line]
    sources = sorted(words[words.index("-c") + 1] for words in compiles)
    assert sources == sorted(f"core/{path.name}" for path in build_info.ROOT.glob("core/_*.c"))
    for words in compiles:
        # The last -O option given is the one the compiler applies.
        assert [word for word in words if word.startswith("-O")][-1] == "-O2"
    modules = sorted(path.name.split(".")[0] for path in (tmp_path / "lib" / "core").iterdir())
    assert modules == [path.stem for path in sorted(build_info.ROOT.glob("core/_*.c"))]
