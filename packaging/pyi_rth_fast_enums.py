"""The bundle's first runtime hook (packaging/slidecheck.spec): PySide6's enum classes are
made by gui.fast_enums' shortcut from here on.

PyInstaller runs a spec's own runtime hooks before those of its hooks, and its PySide6 hook
imports QtCore (to register qt.conf), which makes QtCore's first enum classes, QLocale's
Language, Country and Script among them (some 800 members): installed here, the shortcut
makes those too (bench/README.md, "Start-up, ninth round").
"""

from gui.fast_enums import install

install()
