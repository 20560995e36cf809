"""Training the tile-number network: the synthetic world of tiles it learns from and the
trainer. Development only: neither the wheel nor the bundle carries this package, and an
import-linter contract keeps the reader from importing it.

    nice .venv/bin/python -m core.photo.training.train --out core/photo/models/tile_numbers.npz

needs torch (pip install torch) and, for variety, many fonts (see cell_world.font_pool).
"""
