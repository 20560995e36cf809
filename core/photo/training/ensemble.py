"""Join networks trained apart into one model file: the reader averages their
probabilities (core.photo.network). The calibration is measured again on the held-out
boards, read by the networks together, as the trainer measures one network's.

    nice .venv/bin/python -m core.photo.training.ensemble --out core/photo/models/tile_numbers.npz \
        first.npz second.npz [--held-out 300]

Each input is a model file the trainer wrote (one network, or an ensemble already).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from core.photo.errors import PhotoError
from core.photo.network import MAX_NETWORKS, Network, Weights, load_network
from core.photo.training.train import HELD_OUT_BOARDS, calibrate


def joined(models: list[Path], held_out: int = HELD_OUT_BOARDS) -> Network:
    """One model of every network in `models`, calibrated on `held_out` held-out boards.
    Raises PhotoError for a file that is no model, ValueError for too many networks."""
    weight_sets: list[Weights] = []
    for path in models:
        with path.open("rb") as stream:
            weight_sets.extend(load_network(stream).weight_sets)
    if len(weight_sets) > MAX_NETWORKS:
        raise ValueError(f"{len(weight_sets)} networks; a model holds {MAX_NETWORKS} at most")
    uncalibrated = Network(tuple(weight_sets), {})
    return Network(uncalibrated.weight_sets, calibrate(uncalibrated, held_out))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", type=Path, nargs="+", help="model files to join")
    parser.add_argument("--out", type=Path, required=True, help="the model file to write")
    parser.add_argument("--held-out", type=int, default=HELD_OUT_BOARDS)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    try:
        network = joined(args.models, args.held_out)
    except (OSError, PhotoError, ValueError) as error:
        parser.exit(1, f"ensemble: {error}\n")
    print("calibration:", {k: round(v, 3) for k, v in network.calibration.items()}, flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("wb") as stream:
        network.save(stream)
    kib = args.out.stat().st_size / 1024
    print(f"saved {args.out} ({kib:.0f} KiB) in {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
