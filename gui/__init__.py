"""Slidecheck's PySide6 window. Importing this package does not import Qt (the `check`
command line goes through `gui.launcher` and must stay Qt-free)."""
