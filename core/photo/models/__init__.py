"""The number network's model file (tile_numbers.npz), read by core.photo.network."""
