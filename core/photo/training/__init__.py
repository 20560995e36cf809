"""Training the tile-number network: the synthetic world of tiles it learns from and the
trainer. Development only: neither the wheel nor the bundle carries this package, and an
import-linter contract keeps the reader from importing it.

    nice .venv/bin/python -m core.photo.training.train --out core/photo/models/tile_numbers.npz

needs the `train` extra (`pip install -e '.[dev,train]'`: torch on the CPU, hershey-fonts)
and, for variety, many fonts: Debian's fonts-liberation, fonts-freefont-ttf,
fonts-urw-base35, fonts-noto-core, fonts-roboto, fonts-open-sans, fonts-lato,
fonts-texgyre, fonts-cantarell, fonts-comic-neue, fonts-crosextra-carlito and -caladea,
fonts-dejavu-extra (168 usable faces here; see cell_world.font_pool).
"""
