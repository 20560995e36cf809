"""A fresh Python process that runs the window and reports: for what one process's start
and first uses leave behind (modules imported, classes made, what it said on the way out),
which the test's own process, with its windows made before, cannot show."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def run_child(code: str, *arguments: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """Run `code` (`python -c code arguments...`) on the offscreen platform with this
    checkout first on the path, and `environment` added to the test's."""
    return subprocess.run(
        [sys.executable, "-c", code, *arguments],
        capture_output=True,
        text=True,
        env=dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
            **environment,
        ),
        timeout=120,
        check=False,
        cwd=ROOT,
    )


def child_report(code: str, *arguments: str) -> Any:
    """Run `code` as `run_child` does; the JSON it printed last."""
    result = run_child(code, *arguments)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])
