"""The command line: `slidecheck check` (`core.cli.check`, with `--photo` in
`core.cli.photo`) and `slidecheck solve` (`core.cli.solve`), on what they share
(`core.cli.common`). The commands stand on the domain; nothing else in core imports them.
"""

from core.cli.check import main
from core.cli.common import EXIT_INVALID, EXIT_SOLVABLE, EXIT_UNSOLVABLE

__all__ = ["EXIT_INVALID", "EXIT_SOLVABLE", "EXIT_UNSOLVABLE", "main"]
