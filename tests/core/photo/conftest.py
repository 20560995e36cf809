"""Photo tests need numpy, Pillow and the DejaVu fonts the generator draws with."""

from __future__ import annotations

import pytest

from core.photo import photo_support_missing

if photo_support_missing():  # pragma: no cover - the dev extra installs them
    pytest.skip("numpy and Pillow are needed (the photo extra)", allow_module_level=True)
