"""The compiled twins' build flags; everything else about the build is in pyproject.toml.

pyproject.toml declares the twins (`[[tool.setuptools.ext-modules]]`). setuptools compiles
them with the flags this Python was built with, `-O3 -fwrapv` among them for CPython on
Linux, and the optimal search built at -O3 ran slower than at -O2, the level the project
measures its figures at (bench/README.md, "The build flags"). Compilers that take GCC's
options get `-O2` after Python's own flags, so it wins; MSVC keeps its defaults.
"""

from __future__ import annotations

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: setuptools' names for compilers that take GCC's options: gcc or clang, and MinGW.
GCC_STYLE_COMPILERS = frozenset({"unix", "mingw32", "cygwin"})
#: Placed after Python's own flags, where a later -O overrides an earlier one.
GCC_STYLE_FLAGS = ("-O2",)


class BuildCompiledTwins(build_ext):
    """setuptools' build_ext, with the twins' flags for a GCC-style compiler."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type in GCC_STYLE_COMPILERS:
            for extension in self.extensions:
                extension.extra_compile_args = [*extension.extra_compile_args, *GCC_STYLE_FLAGS]
        super().build_extensions()


setup(cmdclass={"build_ext": BuildCompiledTwins})
