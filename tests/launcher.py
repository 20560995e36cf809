"""Running the real `slidecheck` entry point in a child process, as a user's shell would."""

from __future__ import annotations

import subprocess
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence


def run_launcher(
    arguments: Sequence[str], env: Mapping[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """`python -m gui.launcher ARGUMENTS` with `env`; its exit status and text output."""
    return subprocess.run(
        [sys.executable, "-m", "gui.launcher", *arguments],
        capture_output=True,
        text=True,
        env=dict(env),
        timeout=timeout,
        check=False,
    )
