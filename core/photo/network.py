"""The tile-number network, run in numpy: three 3x3 convolutions (each with a ReLU and a
2x2 max-pool) over a cell's two pictures, then a hidden layer that also takes the cell's
measures, then a score for each class (blank, 1, ..., MAX_NUMBER).

A model may hold several networks of these layers, trained apart (an ensemble): a cell's
probabilities are then their mean. Networks trained apart err on different cells, so their
mean reads styles that each alone misreads, and is surer only where they agree.

The weights ship inside the package (core/photo/models/tile_numbers.npz), with the format
version, the input shapes and the calibration the reader uses beside them; `load_network`
checks all of it, so a file of another version or a damaged one is one PhotoError, never a
traceback. The trainer (core.photo.training, not shipped) writes the file.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import IO

import numpy as np
import numpy.typing as npt
from threadpoolctl import ThreadpoolController

from core import speedups
from core.photo.cells import CHANNELS, INPUT_SIDE, MEASURE_COUNT, FloatArray
from core.photo.errors import PhotoError
from core.textio import InputError, read_binary_file

#: The largest tile number the network knows (an 8x8 board).
MAX_NUMBER = 63
CLASS_COUNT = MAX_NUMBER + 1  # class 0 is the blank

#: Bumped whenever the inputs, the layers or the file's layout change; a file of another
#: version is refused. Version 2 held one network, its arrays named as in `weight_shapes`;
#: version 3 holds NETWORK_COUNT_NAME networks, the arrays of the i-th prefixed "net{i}_".
FORMAT_VERSION = 3
READABLE_VERSIONS = (2, 3)
NETWORK_COUNT_NAME = "network_count"
#: The most networks a model holds: each costs a reading of every cell.
MAX_NETWORKS = 4

MODEL_PACKAGE = "core.photo.models"
MODEL_NAME = "tile_numbers.npz"
#: The model file is about 300 KiB; a larger one is not ours and is not read.
MAX_MODEL_BYTES = 16 * 1024 * 1024
#: The most an array of the model file may unpack to, and the most arrays it may hold:
#: each is many times what the model has (its largest array is well under a megabyte).
MAX_MODEL_MEMBER_BYTES = 4 * 1024 * 1024
MAX_MODEL_MEMBERS = 64

#: The convolutions' output channels; each halves the picture's side.
CONVOLUTION_CHANNELS = (16, 32, 64)
HIDDEN_UNITS = 128

_FLAT = CONVOLUTION_CHANNELS[-1] * (INPUT_SIDE // 2 ** len(CONVOLUTION_CHANNELS)) ** 2


def weight_shapes() -> dict[str, tuple[int, ...]]:
    """Every weight array's name and shape, convolutions as (in, 3, 3, out)."""
    shapes: dict[str, tuple[int, ...]] = {}
    previous = CHANNELS
    for index, channels in enumerate(CONVOLUTION_CHANNELS):
        shapes[f"conv{index}_weights"] = (previous, 3, 3, channels)
        shapes[f"conv{index}_bias"] = (channels,)
        previous = channels
    shapes["hidden_weights"] = (_FLAT + MEASURE_COUNT, HIDDEN_UNITS)
    shapes["hidden_bias"] = (HIDDEN_UNITS,)
    shapes["output_weights"] = (HIDDEN_UNITS, CLASS_COUNT)
    shapes["output_bias"] = (CLASS_COUNT,)
    return shapes


#: What the reader reads off the model file beside the weights (see core.photo.reader).
CALIBRATION_NAMES = (
    "unsure_margin",
    "guess_margin",
    "max_mean_cost",
    "settled_cost",
    "settled_cell_cost",
)


@cache
def _blas_threads() -> ThreadpoolController:
    """The process's BLAS thread pools, found once (finding them reads the loaded libraries)."""
    return ThreadpoolController()


def shifted_stack(pictures: FloatArray) -> FloatArray:
    """`shifted_stack_pure`, by the compiled twin where it is built."""
    twin = speedups.compiled_twins.photo
    if twin is None:
        return shifted_stack_pure(pictures)
    shifted = np.empty((3, 3, *pictures.shape), dtype=np.float32)
    twin.shifted_stack(np.ascontiguousarray(pictures, dtype=np.float32), shifted)
    return shifted


def shifted_stack_pure(pictures: FloatArray) -> FloatArray:
    """The pictures (channels, cells, height, width) shifted by each step of a 3 x 3
    window, row r and column c by r - 1 down and c - 1 across, the places a shift leaves
    zero (the padding that keeps the size): (3, 3, channels, cells, height, width). The
    compiled twin (core._photo.shifted_stack) copies the same values."""
    channels, count, height, width = pictures.shape
    # Each shift is copied straight from the pictures into its place; the border it
    # leaves is the zero padding.
    shifted = np.zeros((3, 3, channels, count, height, width), dtype=np.float32)
    for row in range(3):
        down = row - 1
        for column in range(3):
            across = column - 1
            shifted[
                row,
                column,
                :,
                :,
                max(0, -down) : height - max(0, down),
                max(0, -across) : width - max(0, across),
            ] = pictures[
                :,
                :,
                max(0, down) : height - max(0, -down),
                max(0, across) : width - max(0, -across),
            ]
    return shifted


def _convolve(pictures: FloatArray, weights: FloatArray) -> FloatArray:
    """A 3x3 convolution, padded with zeros to keep the size, without its bias; pictures
    are (channels, cells, height, width), weights (channels, 3, 3, out)."""
    channels, count, height, width = pictures.shape
    # The nine shifted pictures stacked along the channels, channels first: one product of
    # the few output channels' weights with every pixel at once. Channels last, a 2-channel
    # first layer makes a product of many short rows, several times slower (bench/README.md).
    shifted = shifted_stack(pictures)
    kernel = weights.transpose(3, 1, 2, 0).reshape(weights.shape[3], 9 * channels)
    result: FloatArray = (kernel @ shifted.reshape(9 * channels, -1)).reshape(
        -1, count, height, width
    )
    return result


def _pooled_layer(convolved: FloatArray, bias: FloatArray) -> FloatArray:
    """The largest of each 2x2 block of `convolved` (channels, cells, height, width), then
    its channel's bias, then the ReLU.

    The bias and the ReLU come after the pool, on a quarter of the values: adding one
    number to a block and taking its largest value commute exactly (rounding keeps
    order), and so do the ReLU and the largest value, so the result is the same to the
    bit."""
    pairs = np.maximum(convolved[..., 0::2], convolved[..., 1::2])
    pooled: FloatArray = np.maximum(pairs[:, :, 0::2], pairs[:, :, 1::2])
    pooled += bias[:, None, None, None]
    np.maximum(pooled, 0.0, out=pooled)
    return pooled


def _convolution_layer(pictures: FloatArray, weights: FloatArray, bias: FloatArray) -> FloatArray:
    """A convolution, its 2x2 max-pool, its bias and its ReLU."""
    return _pooled_layer(_convolve(pictures, weights), bias)


def log_softmax(scores: FloatArray) -> FloatArray:
    shifted = scores - scores.max(axis=1, keepdims=True)
    result: FloatArray = (shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))).astype(
        np.float32
    )
    return result


Weights = dict[str, FloatArray]


def network_scores(weights: Weights, pictures: FloatArray, measures: FloatArray) -> FloatArray:
    """Per cell, each class's score before the softmax from one network's weights, with
    whatever BLAS threads numpy has (`Network.log_probabilities` limits them)."""
    hidden = np.ascontiguousarray(pictures.transpose(1, 0, 2, 3), dtype=np.float32)
    for index in range(len(CONVOLUTION_CHANNELS)):
        hidden = _convolution_layer(
            hidden, weights[f"conv{index}_weights"], weights[f"conv{index}_bias"]
        )
    # The dense layer's weights take each cell's features row, column, channel.
    features = hidden.transpose(1, 2, 3, 0).reshape(hidden.shape[1], -1)
    flat = np.concatenate([features, measures], axis=1)
    dense = np.maximum(flat @ weights["hidden_weights"] + weights["hidden_bias"], 0)
    result: FloatArray = dense @ weights["output_weights"] + weights["output_bias"]
    return result


def mean_log_probabilities(
    weight_sets: tuple[Weights, ...], pictures: FloatArray, measures: FloatArray
) -> FloatArray:
    """Per cell, the log of the networks' mean probability of each class, with whatever
    BLAS threads numpy has (`Network.log_probabilities` limits them)."""
    each = [log_softmax(network_scores(weights, pictures, measures)) for weights in weight_sets]
    if len(each) == 1:
        return each[0]
    # Each class's largest log taken out first, so that no probability underflows to zero.
    stacked = np.stack(each)
    top = stacked.max(axis=0)
    result: FloatArray = (top + np.log(np.exp(stacked - top).mean(axis=0))).astype(np.float32)
    return result


@dataclass(frozen=True, eq=False)
class Network:
    """One network, or several trained apart whose probabilities are averaged."""

    #: Each network's weights, named as in `weight_shapes`.
    weight_sets: tuple[Weights, ...]
    calibration: dict[str, float]

    def __post_init__(self) -> None:
        if not 1 <= len(self.weight_sets) <= MAX_NETWORKS:
            raise ValueError(f"a model holds 1 to {MAX_NETWORKS} networks")

    def log_probabilities(self, pictures: FloatArray, measures: FloatArray) -> FloatArray:
        """Per cell, the log-probability of each class (blank, 1, ..., MAX_NUMBER), the
        mean of the networks' probabilities. `pictures`: cells x CHANNELS x INPUT_SIDE x
        INPUT_SIDE; `measures`: cells x MEASURE_COUNT (core.photo.cells.network_inputs)."""
        # Products this small gain nothing from BLAS threads, and the threads wait on each
        # other whenever the cores are busy (bench/README.md has the figures).
        with _blas_threads().limit(limits=1, user_api="blas"):
            return mean_log_probabilities(self.weight_sets, pictures, measures)

    def screening_log_probabilities(self, pictures: FloatArray, measures: FloatArray) -> FloatArray:
        """As `log_probabilities`, from the first network alone: enough to order grids
        before any is read whole, at a share of the whole model's cost."""
        with _blas_threads().limit(limits=1, user_api="blas"):
            return mean_log_probabilities(self.weight_sets[:1], pictures, measures)

    def save(self, stream: IO[bytes]) -> None:
        """Write the model file (this version's): weights as float16 (half the size; the
        scores barely move), the format version, the count of networks and the calibration
        beside them."""
        arrays: dict[str, npt.NDArray[np.generic]] = {
            "format_version": np.array(FORMAT_VERSION),
            NETWORK_COUNT_NAME: np.array(len(self.weight_sets)),
        }
        for index, weights in enumerate(self.weight_sets):
            arrays.update(
                (f"net{index}_{name}", array.astype(np.float16)) for name, array in weights.items()
            )
        arrays.update((name, np.array(value)) for name, value in self.calibration.items())
        np.savez_compressed(stream, allow_pickle=False, **arrays)


def _unpacked_arrays(stream: IO[bytes]) -> dict[str, npt.NDArray[np.generic]]:
    """The arrays of an .npz file, each unpacked only up to MAX_MODEL_MEMBER_BYTES: a small
    file can claim gigabytes once unpacked, and np.load would unpack them all. Raises
    ValueError (or zipfile's and numpy's errors) for a file that is no such archive."""
    arrays: dict[str, npt.NDArray[np.generic]] = {}
    with zipfile.ZipFile(stream) as archive:
        members = archive.infolist()
        if len(members) > MAX_MODEL_MEMBERS:
            raise ValueError(f"{len(members)} arrays, more than any model has")
        for member in members:
            with archive.open(member) as packed:
                data = packed.read(MAX_MODEL_MEMBER_BYTES + 1)
            if len(data) > MAX_MODEL_MEMBER_BYTES:
                raise ValueError(f"{member.filename} is larger than any model's array")
            name = member.filename.removesuffix(".npy")
            arrays[name] = np.lib.format.read_array(io.BytesIO(data), allow_pickle=False)
    return arrays


def load_network(stream: IO[bytes]) -> Network:
    """Read a model file. Raises PhotoError, in one line, when it is not one of this version
    (damaged, truncated, of another format or shape, or unpacking to more than a model)."""
    try:
        arrays = _unpacked_arrays(stream)
    except (
        OSError,
        ValueError,
        EOFError,
        zipfile.BadZipFile,
        KeyError,
        zlib.error,  # a member's compressed data damaged
        NotImplementedError,  # a compression method zipfile lacks
        RuntimeError,  # an encrypted member
    ) as error:
        raise PhotoError(f"the number recogniser's model file is damaged ({error})") from None
    version = arrays.get("format_version")
    if (
        version is None
        or version.shape != ()
        or version.dtype.kind not in "iu"
        or int(version) not in READABLE_VERSIONS
    ):
        raise PhotoError(
            f"the number recogniser's model file is of another version "
            f"({None if version is None else version.tolist()}, this reader reads "
            f"{', '.join(map(str, READABLE_VERSIONS))})"
        )
    prefixes = [""] if int(version) == 2 else _network_prefixes(arrays)
    weight_sets = tuple(_weights(arrays, prefix) for prefix in prefixes)
    calibration: dict[str, float] = {}
    for name in CALIBRATION_NAMES:
        value = arrays.get(name)
        if (
            value is None
            or value.shape != ()
            or value.dtype.kind not in "iuf"
            or not np.isfinite(value)
        ):
            raise PhotoError(f"the number recogniser's model file has no {name}")
        calibration[name] = float(value)
    return Network(weight_sets, calibration)


def _network_prefixes(arrays: dict[str, npt.NDArray[np.generic]]) -> list[str]:
    """The array-name prefix of each network a version 3 file holds."""
    count = arrays.get(NETWORK_COUNT_NAME)
    if count is None or count.shape != () or count.dtype.kind not in "iu":
        raise PhotoError("the number recogniser's model file does not say how many networks")
    if not 1 <= int(count) <= MAX_NETWORKS:
        raise PhotoError(
            f"the number recogniser's model file holds {int(count)} networks "
            f"(1 to {MAX_NETWORKS} are read)"
        )
    return [f"net{index}_" for index in range(int(count))]


def _weights(arrays: dict[str, npt.NDArray[np.generic]], prefix: str) -> Weights:
    """One network's weights, their names prefixed `prefix` in the file, each checked."""
    weights: Weights = {}
    for name, shape in weight_shapes().items():
        array = arrays.get(prefix + name)
        if (
            array is None
            or array.shape != shape
            or array.dtype.kind != "f"
            or not np.all(np.isfinite(array))
        ):
            raise PhotoError(f"the number recogniser's model file has no usable {prefix}{name}")
        weights[name] = array.astype(np.float32)
    return weights


@cache
def shipped_network() -> Network:
    """The network shipped in the package. Raises PhotoError when it is missing or
    damaged."""
    where = f"{MODEL_PACKAGE}/{MODEL_NAME}"
    try:
        with resources.as_file(resources.files(MODEL_PACKAGE).joinpath(MODEL_NAME)) as path:
            # Read as every user file is: a regular file, its size checked before reading.
            data = read_binary_file(
                str(path), MAX_MODEL_BYTES, regular_only=True, what="model file", name=""
            )
    except (OSError, ModuleNotFoundError, InputError) as error:
        raise PhotoError(
            f"the number recogniser's model file is missing ({where}: {error})"
        ) from None
    return load_network(io.BytesIO(data))
