"""Train the tile-number network and write the model file the reader loads.

    nice .venv/bin/python -m core.photo.training.train --out core/photo/models/tile_numbers.npz \
        [--boards 9000] [--photos 400] [--epochs 14] [--cells-cache cells.npz]

Needs the `train` extra (torch on the CPU, hershey-fonts) and as many fonts as the machine
has (Debian's fonts-* packages; core/photo/training/__init__.py lists them). Deterministic
for a given machine: every board is drawn from its seed. The training cells are boards of
the wide world (cell_world) and the cells of generated photos (training.synthetic,
TRAINING styles, cut by the reader's own grid from the true corners moved a few percent).
The calibration stored with the weights (how close a cell's reading may come to another
before it is marked unsure, and so on) is measured on boards held out from training, read
jointly as the reader reads them.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from core.photo.assignment import assignment_margins, solve_assignment
from core.photo.cells import FloatArray, cell_crops, network_inputs
from core.photo.geometry import Quad
from core.photo.grid import find_grid
from core.photo.image import decode_photo
from core.photo.network import (
    CALIBRATION_NAMES,
    CLASS_COUNT,
    CONVOLUTION_CHANNELS,
    Network,
    load_network,
    weight_shapes,
)
from core.photo.training.cell_world import draw_board, draw_boards
from core.photo.training.synthetic import StyleSet, generate_photo

FIRST_BOARD_SEED = 5_000_000
FIRST_PHOTO_SEED = 1_000_000
#: Boards held out of training for the calibration, of the sizes people photograph.
HELD_OUT_SIZES = (9, 16, 25)
HELD_OUT_BOARDS = 300


def photo_cells(seed: int) -> tuple[FloatArray, FloatArray, list[int]]:
    """A generated photo's cells, cut from the true corners moved up to 5% of a cell."""
    synthetic = generate_photo(seed, StyleSet.TRAINING)
    photo = decode_photo(synthetic.jpeg)
    corners = synthetic.corners.scaled(1 / photo.scale).as_array()
    cell = np.ptp(corners[:, 0]) / synthetic.board.width
    moved = corners + np.random.default_rng(seed).uniform(-0.05, 0.05, size=corners.shape) * cell
    grid = find_grid(
        photo.image,
        Quad(*((float(x), float(y)) for x, y in moved)),
        (synthetic.board.width, synthetic.board.height),
        outline_is_grid=True,
    )
    crops = cell_crops(grid.rectified.pixels, grid.column_lines, grid.row_lines)
    pictures, measures = network_inputs(crops)
    return pictures, measures, list(synthetic.board.tiles)


def _photo_block(seeds: list[int]) -> tuple[FloatArray, FloatArray, np.ndarray]:
    parts = [photo_cells(seed) for seed in seeds]
    return (
        np.concatenate([p for p, _, _ in parts]),
        np.concatenate([m for _, m, _ in parts]),
        np.asarray([n for _, _, numbers in parts for n in numbers]),
    )


def _held_out_board(seed: int) -> tuple[FloatArray, FloatArray, list[int]]:
    count = HELD_OUT_SIZES[seed % len(HELD_OUT_SIZES)]
    return draw_board(seed, count, numbers=list(range(count)))


def _blocks(first: int, count: int, size: int) -> list[list[int]]:
    return [
        list(range(start, min(first + count, start + size)))
        for start in range(first, first + count, size)
    ]


def gather(
    boards: int, photos: int, first_board: int = FIRST_BOARD_SEED
) -> tuple[FloatArray, FloatArray, np.ndarray]:
    began = time.perf_counter()
    with Pool(2) as pool:
        world = pool.map(draw_boards, _blocks(first_board, boards, 100))
        generated = pool.map(_photo_block, _blocks(FIRST_PHOTO_SEED, photos, 20)) if photos else []
    parts = world + generated
    pictures = np.concatenate([p for p, _, _ in parts])
    measures = np.concatenate([m for _, m, _ in parts])
    labels = np.concatenate([y for _, _, y in parts])
    print(f"{len(labels)} cells drawn in {time.perf_counter() - began:.0f} s", flush=True)
    return pictures, measures, labels


def gather_cached(
    cache: Path | None, boards: int, photos: int, first_board: int = FIRST_BOARD_SEED
) -> tuple[FloatArray, FloatArray, np.ndarray]:
    """`gather`'s cells, kept in `cache` (an .npz) for the next run with the same counts and
    seeds: drawing them is most of a short run, and trying another rate or epoch count on
    the same cells need not draw them again. A cache of other counts is drawn anew."""
    wanted = np.array([boards, photos, first_board])
    if cache is not None and cache.is_file():
        with np.load(cache) as stored:
            if np.array_equal(stored["drawn"], wanted):
                print(f"cells read from {cache}", flush=True)
                return stored["pictures"], stored["measures"], stored["labels"]
    pictures, measures, labels = gather(boards, photos, first_board)
    if cache is not None:
        with cache.open("wb") as stream:
            np.savez(stream, drawn=wanted, pictures=pictures, measures=measures, labels=labels)
    return pictures, measures, labels


def build_model() -> Any:
    """The network in torch, laid out as core.photo.network runs it."""
    import torch
    from torch import nn

    class TileNumbers(nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            layers: list[nn.Module] = []
            previous = 2
            for channels in CONVOLUTION_CHANNELS:
                layers += [nn.Conv2d(previous, channels, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
                previous = channels
            self.convolutions = nn.Sequential(*layers)
            shapes = weight_shapes()
            self.hidden = nn.Linear(*shapes["hidden_weights"])
            self.output = nn.Linear(*shapes["output_weights"])
            self.dropout = nn.Dropout(0.3)

        def forward(self, pictures: torch.Tensor, measures: torch.Tensor) -> torch.Tensor:
            features = self.convolutions(pictures)
            # numpy's layout: (cells, height, width, channels), flattened in that order
            flat = features.permute(0, 2, 3, 1).flatten(1)
            hidden = torch.relu(self.hidden(torch.cat([flat, measures], dim=1)))
            return self.output(self.dropout(hidden))

    return TileNumbers()


def train(
    pictures: FloatArray,
    measures: FloatArray,
    labels: np.ndarray,
    epochs: int,
    *,
    initial: dict[str, FloatArray] | None = None,
    max_rate: float = 3e-3,
) -> dict[str, FloatArray]:
    """The network trained on the cells, from random weights or from `start` (a model's
    weights, to teach it new styles without losing what it reads well)."""
    import torch

    torch.manual_seed(7)
    torch.set_num_threads(2)
    model = build_model()
    if initial is not None:
        import_weights(model, initial)
    optimiser = torch.optim.AdamW(model.parameters(), lr=max_rate, weight_decay=1e-4)
    steps = epochs * ((len(labels) + 127) // 128)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=max_rate, total_steps=steps)
    x = torch.from_numpy(pictures)
    m = torch.from_numpy(measures)
    y = torch.from_numpy(labels.astype(np.int64))
    generator = torch.Generator().manual_seed(3)
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(y), generator=generator)
        total, right = 0.0, 0
        began = time.perf_counter()
        for start in range(0, len(y), 128):
            batch = order[start : start + 128]
            scores = model(x[batch], m[batch])
            loss = torch.nn.functional.cross_entropy(scores, y[batch], label_smoothing=0.02)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(batch)
            right += int((scores.argmax(1) == y[batch]).sum())
        print(
            f"epoch {epoch}: loss {total / len(y):.4f}, right {right / len(y):.4f} "
            f"({time.perf_counter() - began:.0f} s)",
            flush=True,
        )
    model.eval()
    return export_weights(model)


def export_weights(model: Any) -> dict[str, FloatArray]:
    """The model's weights in the numpy network's layout (core.photo.network)."""
    import torch

    weights: dict[str, FloatArray] = {}
    convolutions = [layer for layer in model.convolutions if isinstance(layer, torch.nn.Conv2d)]
    for index, layer in enumerate(convolutions):
        weights[f"conv{index}_weights"] = layer.weight.detach().permute(1, 2, 3, 0).numpy().copy()
        weights[f"conv{index}_bias"] = layer.bias.detach().numpy().copy()
    weights["hidden_weights"] = model.hidden.weight.detach().T.numpy().copy()
    weights["hidden_bias"] = model.hidden.bias.detach().numpy().copy()
    weights["output_weights"] = model.output.weight.detach().T.numpy().copy()
    weights["output_bias"] = model.output.bias.detach().numpy().copy()
    return weights


def import_weights(model: Any, weights: dict[str, FloatArray]) -> None:
    """Load numpy-layout weights (`export_weights`) into the torch model."""
    import torch

    convolutions = [layer for layer in model.convolutions if isinstance(layer, torch.nn.Conv2d)]
    with torch.no_grad():
        for index, layer in enumerate(convolutions):
            layer.weight.copy_(
                torch.from_numpy(weights[f"conv{index}_weights"]).permute(3, 0, 1, 2)
            )
            layer.bias.copy_(torch.from_numpy(weights[f"conv{index}_bias"]))
        model.hidden.weight.copy_(torch.from_numpy(weights["hidden_weights"]).T)
        model.hidden.bias.copy_(torch.from_numpy(weights["hidden_bias"]))
        model.output.weight.copy_(torch.from_numpy(weights["output_weights"]).T)
        model.output.bias.copy_(torch.from_numpy(weights["output_bias"]))


def calibrate(network: Network, boards: int = HELD_OUT_BOARDS) -> dict[str, float]:
    """The reader's thresholds, measured on `boards` held-out boards read jointly: the
    unsure margin just above every wrong cell's margin, the settled costs (per cell on the
    mean and for the dearest cell) above what boards read right cost."""
    wrong_margins: list[float] = []
    right_margins: list[float] = []
    board_costs: list[float] = []
    right_cell_costs: list[float] = []
    seeds = range(FIRST_BOARD_SEED - boards, FIRST_BOARD_SEED)
    for seed in seeds:
        pictures, measures, numbers = _held_out_board(seed)
        count = len(numbers)
        costs = -network.log_probabilities(pictures, measures)[:, :count].astype(np.float64)
        chosen, reduced = solve_assignment(costs)
        margins = assignment_margins(chosen, reduced)
        for read, true, margin in zip(chosen, numbers, margins, strict=True):
            (right_margins if read == true else wrong_margins).append(float(margin))
        if list(chosen) == numbers:
            chosen_costs = costs[np.arange(count), list(chosen)]
            board_costs.append(float(chosen_costs.mean()))
            right_cell_costs.extend(float(cost) for cost in chosen_costs)
    wrong = np.array(wrong_margins) if wrong_margins else np.zeros(1)
    right = np.array(right_margins)
    unsure = float(np.percentile(wrong, 98)) + 0.5 if wrong_margins else 4.0
    print(
        f"held-out boards: {len(board_costs)}/{len(seeds)} read exactly; wrong cells "
        f"{len(wrong_margins)} (margins up to {wrong.max():.1f}); right cells under the unsure "
        f"margin {unsure:.1f}: {float((right < unsure).mean()):.3f}",
        flush=True,
    )
    return {
        "unsure_margin": unsure,
        "guess_margin": 1.0,
        "max_mean_cost": max(3.0, 3 * float(np.percentile(board_costs, 99))),
        # A placing with no unsure cell is taken when it reads under this per cell. The
        # world's boards read far under it; real photos of boards read right, at 0.6 to 0.9
        # (bench/README.md): the network is less sure off its own world.
        "settled_cost": max(1.0, 2 * float(np.percentile(board_costs, 99))),
        # ... and no cell reads above this: on real photos read right the dearest cell
        # costs up to 4.5, on a grid a part of a cell off 5.7 (bench/README.md).
        "settled_cell_cost": max(5.0, float(np.percentile(right_cell_costs, 99.9))),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="the model file to write")
    parser.add_argument("--boards", type=int, default=9000)
    parser.add_argument("--photos", type=int, default=400)
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument(
        "--start-from", type=Path, help="a model file whose weights training starts from"
    )
    parser.add_argument("--max-rate", type=float, default=3e-3, help="the peak learning rate")
    parser.add_argument(
        "--keep-calibration",
        action="store_true",
        help="with --start-from, store that model's calibration instead of one measured here",
    )
    parser.add_argument(
        "--first-board", type=int, default=FIRST_BOARD_SEED, help="the first world board's seed"
    )
    parser.add_argument(
        "--cells-cache",
        type=Path,
        help="an .npz keeping the drawn cells for the next run with the same counts",
    )
    args = parser.parse_args(argv)
    began = time.perf_counter()
    start = None
    kept: dict[str, float] | None = None
    if args.start_from is not None:
        with args.start_from.open("rb") as stream:
            starting = load_network(stream)
        if len(starting.weight_sets) != 1:
            parser.error("--start-from takes a model of one network, not an ensemble")
        start = starting.weight_sets[0]
        kept = dict(starting.calibration) if args.keep_calibration else None
    pictures, measures, labels = gather_cached(
        args.cells_cache, args.boards, args.photos, args.first_board
    )
    assert labels.max() < CLASS_COUNT
    weights = train(pictures, measures, labels, args.epochs, initial=start, max_rate=args.max_rate)
    network = Network((weights,), dict.fromkeys(CALIBRATION_NAMES, 0.0))
    calibration = calibrate(network)
    if kept is not None:
        # The held-out boards include the hardest styles (numerals pressed in, grained
        # tiles), whose wrong cells come close: their margin marks half the cells of real
        # photos read right (bench/README.md). The starting model's margins are kept.
        print(
            "calibration measured (not stored):", {k: round(v, 3) for k, v in calibration.items()}
        )
        calibration = kept
    print("calibration:", {k: round(v, 3) for k, v in calibration.items()}, flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("wb") as stream:
        Network((weights,), calibration).save(stream)
    kib = args.out.stat().st_size / 1024
    print(f"saved {args.out} ({kib:.0f} KiB) in {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
