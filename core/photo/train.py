"""Train the tile-number network shipped in resources/photo/tile_numbers.npz.

    nice -n 10 .venv/bin/python -m core.photo.train [--photos 800] [--epochs 30]

Deterministic: the photos are generated from seeds 1_000_000 and up in the TRAINING style
set (the test set uses seeds below 1_000_000 and the TEST style set), and numpy's
generator is seeded. Each photo's cells are cut twice by the reader's own code, from the
true grid corners moved by up to 6 percent of a cell, as a person or the corner finder
would place them (the warped board is kept as 8-bit pixels, as a cache of it would be).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from core.photo.geometry import Quad
from core.photo.grid import find_grid
from core.photo.image import decode_photo
from core.photo.recognizer import CLASS_COUNT, MODEL_PATH, FloatArray, Network, cell_features
from core.photo.synthetic import StyleSet, generate_photo

FIRST_TRAINING_SEED = 1_000_000
HIDDEN_UNITS = 192
#: Photos per stream of corner moves (the moves are seeded per block of photos).
BLOCK = 200
CUTS_PER_PHOTO = 2


def training_cells(photo_count: int) -> tuple[FloatArray, np.ndarray]:
    rng = np.random.default_rng(FIRST_TRAINING_SEED)
    features: list[FloatArray] = []
    labels: list[int] = []
    for offset in range(photo_count):
        seed = FIRST_TRAINING_SEED + offset
        if offset % BLOCK == 0:
            rng = np.random.default_rng(seed)
        synthetic = generate_photo(seed, StyleSet.TRAINING)
        photo = decode_photo(synthetic.jpeg)
        corners = synthetic.corners.scaled(1 / photo.scale).as_array()
        cell = np.ptp(corners[:, 0]) / synthetic.board.width
        for _ in range(CUTS_PER_PHOTO):
            moved = corners + rng.uniform(-0.06, 0.06, size=corners.shape) * cell
            grid = find_grid(
                photo.image,
                Quad(*((float(x), float(y)) for x, y in moved)),
                (synthetic.board.width, synthetic.board.height),
                outline_is_grid=True,
            )
            pixels = (np.round(grid.rectified.pixels * 255) / 255).astype(np.float32)
            features.append(cell_features(pixels, grid.column_lines, grid.row_lines))
            labels.extend(synthetic.board.tiles)
        if offset % 100 == 0:
            print(f"photo {offset}/{photo_count}", flush=True)
    return np.concatenate(features), np.asarray(labels)


def train(features: FloatArray, labels: np.ndarray, epochs: int) -> Network:
    rng = np.random.default_rng(11)
    mean = features.mean(axis=0)
    spread = features.std(axis=0) + 1e-3
    inputs = (features - mean) / spread
    count, width = inputs.shape
    w1 = (rng.normal(0, np.sqrt(2 / width), size=(width, HIDDEN_UNITS))).astype(np.float32)
    b1 = np.zeros(HIDDEN_UNITS, dtype=np.float32)
    w2 = (rng.normal(0, np.sqrt(1 / HIDDEN_UNITS), size=(HIDDEN_UNITS, CLASS_COUNT))).astype(
        np.float32
    )
    b2 = np.zeros(CLASS_COUNT, dtype=np.float32)
    parameters = [w1, b1, w2, b2]
    moments = [np.zeros_like(p) for p in parameters]
    squares = [np.zeros_like(p) for p in parameters]
    step, rate, decay = 0, 2e-3, 1e-4
    for epoch in range(epochs):
        order = rng.permutation(count)
        total = 0.0
        for start in range(0, count, 128):
            batch = order[start : start + 128]
            x = inputs[batch]
            # Dropout on the inputs: a glare spot or a speck hides some of them.
            x = x * (rng.random(x.shape) > 0.1) / 0.9
            y = labels[batch]
            hidden = np.maximum(x @ w1 + b1, 0.0)
            scores = hidden @ w2 + b2
            scores -= scores.max(axis=1, keepdims=True)
            probabilities = np.exp(scores)
            probabilities /= probabilities.sum(axis=1, keepdims=True)
            total += float(-np.log(probabilities[np.arange(len(y)), y] + 1e-9).sum())
            grad_scores = probabilities
            grad_scores[np.arange(len(y)), y] -= 1.0
            grad_scores /= len(y)
            grad_w2 = hidden.T @ grad_scores + decay * w2
            grad_b2 = grad_scores.sum(axis=0)
            grad_hidden = (grad_scores @ w2.T) * (hidden > 0)
            grad_w1 = x.T @ grad_hidden + decay * w1
            grad_b1 = grad_hidden.sum(axis=0)
            step += 1
            for index, gradient in enumerate([grad_w1, grad_b1, grad_w2, grad_b2]):
                moments[index] = 0.9 * moments[index] + 0.1 * gradient
                squares[index] = 0.999 * squares[index] + 0.001 * gradient**2
                corrected = moments[index] / (1 - 0.9**step)
                corrected_square = squares[index] / (1 - 0.999**step)
                parameters[index] -= (rate * corrected / (np.sqrt(corrected_square) + 1e-8)).astype(
                    np.float32
                )
        if epoch == epochs * 2 // 3:
            rate /= 4
        print(f"epoch {epoch}: loss {total / count:.4f}", flush=True)
    return Network(
        mean.astype(np.float32),
        spread.astype(np.float32),
        parameters[0],
        parameters[1],
        parameters[2],
        parameters[3],
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=800)
    parser.add_argument("--epochs", type=int, default=30)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    features, labels = training_cells(args.photos)
    print(f"{len(labels)} cells from {args.photos} photos", flush=True)
    held_out = len(labels) // 10
    network = train(features[held_out:], labels[held_out:], args.epochs)
    predicted = network.log_probabilities(features[:held_out]).argmax(axis=1)
    print(f"held-out cells read right alone: {float((predicted == labels[:held_out]).mean()):.4f}")
    network = train(features, labels, args.epochs)
    network.save(MODEL_PATH)
    print(
        f"saved {MODEL_PATH} ({MODEL_PATH.stat().st_size / 1024:.0f} KiB) in "
        f"{time.perf_counter() - began:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
