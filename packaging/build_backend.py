"""The project's build backend: setuptools, with two of its warnings silenced.

pyproject.toml declares the optional compiled twins under `[[tool.setuptools.ext-modules]]`,
which setuptools marks experimental and warns about on every build step, and an editable
install of a project whose packages sit at the top level warns that folders named like them
may shadow them (that layout is fixed by design). Both warnings are known and harmless, and
they buried the two quick-start commands' output, so this backend hides exactly those two.
"""

from __future__ import annotations

import warnings

warnings.filterwarnings("ignore", message=r".*ext-modules.*experimental")
warnings.filterwarnings("ignore", message=r"Editable installation")

from setuptools.build_meta import *  # noqa: E402, F403  (the whole PEP 517/660 interface)
