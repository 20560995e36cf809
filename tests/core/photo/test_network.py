"""The number network in numpy and its model file: the convolution against a plain loop,
the file checked on load (one PhotoError for anything wrong, never a traceback), and the
shipped file found as a package resource."""

from __future__ import annotations

import io
import tracemalloc
import zipfile
from typing import TYPE_CHECKING

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.photo.cells import CHANNELS, INPUT_SIDE, MEASURE_COUNT
from core.photo.errors import PhotoError
from core.photo.network import (
    CALIBRATION_NAMES,
    CLASS_COUNT,
    Network,
    _convolution_layer,
    _convolve,
    _pooled_layer,
    load_network,
    shifted_stack,
    shifted_stack_pure,
    shipped_network,
    weight_shapes,
)
from tests.core.conftest import REFUSED, running

if TYPE_CHECKING:
    from core.speedups import CompiledTwins
    from tests.core.conftest import Compiled


def random_weights(seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {
        name: rng.normal(0, 0.2, size=shape).astype(np.float32)
        for name, shape in weight_shapes().items()
    }


CALIBRATION = {name: float(index + 1) for index, name in enumerate(CALIBRATION_NAMES)}


def random_network(seed: int = 0, networks: int = 1) -> Network:
    return Network(tuple(random_weights(seed + index) for index in range(networks)), CALIBRATION)


def assert_reads_alike(loaded: Network, network: Network) -> None:
    """The same log-probabilities, but what float16 storage moves (never the ranking of
    clear winners)."""
    pictures, measures = random_inputs()
    np.testing.assert_allclose(
        loaded.log_probabilities(pictures, measures),
        network.log_probabilities(pictures, measures),
        atol=0.05,
    )


def random_inputs(cells: int = 3) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(2)
    pictures = rng.random((cells, CHANNELS, INPUT_SIDE, INPUT_SIDE), dtype=np.float32)
    measures = rng.random((cells, MEASURE_COUNT), dtype=np.float32)
    return pictures, measures


def saved(network: Network) -> bytes:
    stream = io.BytesIO()
    network.save(stream)
    return stream.getvalue()


def test_the_convolution_matches_a_plain_loop(twin: CompiledTwins) -> None:
    rng = np.random.default_rng(1)
    pictures = rng.random((2, 5, 6, 3), dtype=np.float32)
    weights = rng.normal(size=(3, 3, 3, 4)).astype(np.float32)
    padded = np.pad(pictures, ((0, 0), (1, 1), (1, 1), (0, 0)))
    expected = np.zeros((2, 5, 6, 4), dtype=np.float32)
    for n in range(2):
        for y in range(5):
            for x in range(6):
                window = padded[n, y : y + 3, x : x + 3, :]  # (3, 3, channels)
                for out in range(4):
                    expected[n, y, x, out] = sum(
                        window[dy, dx, c] * weights[c, dy, dx, out]
                        for dy in range(3)
                        for dx in range(3)
                        for c in range(3)
                    )
    channels_first = np.ascontiguousarray(pictures.transpose(3, 0, 1, 2))
    np.testing.assert_allclose(
        _convolve(channels_first, weights).transpose(1, 2, 3, 0),
        expected,
        rtol=1e-5,
        atol=1e-5,
    )


def test_pooling_keeps_the_largest_of_each_two_by_two_block_plus_the_bias_rectified() -> None:
    rng = np.random.default_rng(2)
    pictures = rng.normal(size=(2, 6, 4, 3)).astype(np.float32)
    bias = rng.normal(size=3).astype(np.float32)
    expected = np.array(
        [
            [
                [
                    [
                        max(pictures[n, 2 * y : 2 * y + 2, 2 * x : 2 * x + 2, c].max() + bias[c], 0)
                        for c in range(3)
                    ]
                    for x in range(2)
                ]
                for y in range(3)
            ]
            for n in range(2)
        ]
    )
    pooled = _pooled_layer(np.ascontiguousarray(pictures.transpose(3, 0, 1, 2)), bias)
    np.testing.assert_array_equal(pooled.transpose(1, 2, 3, 0), expected)


def _pooled(convolved: np.ndarray) -> np.ndarray:
    return np.maximum(
        np.maximum(convolved[..., 0::2, 0::2], convolved[..., 0::2, 1::2]),
        np.maximum(convolved[..., 1::2, 0::2], convolved[..., 1::2, 1::2]),
    )


def test_a_layer_adds_its_bias_and_rectifies_after_the_pool_to_the_same_bit(
    twin: CompiledTwins,
) -> None:
    rng = np.random.default_rng(4)
    pictures = rng.normal(size=(3, 7, 8, 6)).astype(np.float32)
    weights = rng.normal(size=(3, 3, 3, 5)).astype(np.float32)
    bias = rng.normal(size=5).astype(np.float32)
    convolved = _convolve(pictures, weights) + bias[:, None, None, None]
    in_the_usual_order = _pooled(np.maximum(convolved, 0.0))
    np.testing.assert_array_equal(_convolution_layer(pictures, weights, bias), in_the_usual_order)


def pictures_strategy() -> st.SearchStrategy[np.ndarray]:
    """(channels, cells, height, width) float32 pictures of any values, NaN and infinities
    among them: the twins copy them all alike."""
    shapes = st.tuples(st.integers(1, 4), st.integers(1, 3), st.integers(1, 12), st.integers(1, 12))
    return shapes.flatmap(lambda shape: arrays(np.float32, shape))


@settings(max_examples=200, deadline=None)
@given(pictures_strategy())
def test_the_compiled_shifts_are_the_references_to_the_bit(
    compiled: Compiled, pictures: np.ndarray
) -> None:
    with running(compiled):
        shifted = shifted_stack(pictures)
    np.testing.assert_array_equal(shifted, shifted_stack_pure(pictures))


def test_the_compiled_network_loops_refuse_arrays_they_cannot_take(compiled: Compiled) -> None:
    pictures = np.zeros((2, 3, 4, 4), dtype=np.float32)
    with pytest.raises(ValueError, match="shape"):
        compiled.photo.shifted_stack(pictures, np.empty((3, 3, 2, 3, 4, 5), dtype=np.float32))
    with pytest.raises(ValueError, match=REFUSED):
        compiled.photo.shifted_stack(
            pictures.astype(np.float64), np.empty((3, 3, 2, 3, 4, 4), dtype=np.float32)
        )


def test_a_saved_network_loads_with_its_calibration_and_the_same_scores() -> None:
    network = random_network()
    loaded = load_network(io.BytesIO(saved(network)))
    assert loaded.calibration == network.calibration
    pictures, measures = random_inputs()
    log_probabilities = loaded.log_probabilities(pictures, measures)
    assert log_probabilities.shape == (3, CLASS_COUNT)
    np.testing.assert_allclose(np.exp(log_probabilities).sum(axis=1), 1.0, rtol=1e-4)
    assert_reads_alike(loaded, network)


def test_an_ensemble_reads_the_mean_of_its_networks_probabilities() -> None:
    ensemble = random_network(seed=3, networks=2)
    pictures, measures = random_inputs(cells=5)
    alone = [
        Network((weights,), CALIBRATION).log_probabilities(pictures, measures)
        for weights in ensemble.weight_sets
    ]
    # log((p + q) / 2), in float64 and without leaving logs (tiny probabilities underflow)
    expected = np.logaddexp(alone[0].astype(np.float64), alone[1].astype(np.float64)) - np.log(2)
    together = ensemble.log_probabilities(pictures, measures)
    np.testing.assert_allclose(together, expected, atol=1e-5)
    np.testing.assert_allclose(np.exp(together).sum(axis=1), 1.0, rtol=1e-4)
    # the networks disagree, so the mean is neither one of them
    assert not np.allclose(together, alone[0], atol=1e-3)


def test_screening_reads_the_first_network_alone() -> None:
    ensemble = random_network(seed=6, networks=2)
    pictures, measures = random_inputs(cells=4)
    first = Network(ensemble.weight_sets[:1], CALIBRATION)
    np.testing.assert_array_equal(
        ensemble.screening_log_probabilities(pictures, measures),
        first.log_probabilities(pictures, measures),
    )
    assert not np.allclose(
        ensemble.screening_log_probabilities(pictures, measures),
        ensemble.log_probabilities(pictures, measures),
        atol=1e-3,
    )


def test_a_saved_ensemble_loads_with_every_network() -> None:
    ensemble = random_network(seed=5, networks=3)
    loaded = load_network(io.BytesIO(saved(ensemble)))
    assert len(loaded.weight_sets) == 3
    assert_reads_alike(loaded, ensemble)


def test_a_version_2_file_of_one_network_still_loads() -> None:
    # What the trainer wrote before ensembles: one network, its arrays unprefixed.
    network = random_network(seed=7)
    arrays: dict[str, np.ndarray] = {"format_version": np.array(2)}
    arrays.update(
        (name, array.astype(np.float16)) for name, array in network.weight_sets[0].items()
    )
    arrays.update((name, np.array(value)) for name, value in CALIBRATION.items())
    stream = io.BytesIO()
    np.savez_compressed(stream, **arrays)
    loaded = load_network(io.BytesIO(stream.getvalue()))
    assert len(loaded.weight_sets) == 1
    assert_reads_alike(loaded, network)


@pytest.mark.parametrize("count", [0, 5])
def test_a_model_of_too_few_or_too_many_networks_is_not_made(count: int) -> None:
    with pytest.raises(ValueError, match="networks"):
        Network(tuple(random_weights(index) for index in range(count)), CALIBRATION)


def test_the_shipped_network_loads_from_the_package() -> None:
    network = shipped_network()
    assert set(network.calibration) == set(CALIBRATION_NAMES)
    assert network.calibration["unsure_margin"] > 0


def without(data: bytes, name: str) -> bytes:
    with np.load(io.BytesIO(data)) as stored:
        arrays = {key: stored[key] for key in stored.files if key != name}
    stream = io.BytesIO()
    np.savez(stream, **arrays)
    return stream.getvalue()


def replaced(data: bytes, name: str, value: np.ndarray) -> bytes:
    with np.load(io.BytesIO(data)) as stored:
        arrays = {key: stored[key] for key in stored.files}
    arrays[name] = value
    stream = io.BytesIO()
    np.savez(stream, **arrays)
    return stream.getvalue()


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda data: data[: len(data) // 2], "damaged"),
        (lambda data: b"", "damaged"),
        (lambda data: b"not a zip file at all", "damaged"),
        (lambda data: without(data, "format_version"), "another version"),
        (lambda data: replaced(data, "format_version", np.array(1)), "another version"),
        (lambda data: replaced(data, "format_version", np.array("3")), "another version"),
        (lambda data: without(data, "net0_conv0_weights"), "net0_conv0_weights"),
        (lambda data: without(data, "net1_conv2_bias"), "net1_conv2_bias"),
        (lambda data: replaced(data, "net0_hidden_bias", np.zeros(3)), "net0_hidden_bias"),
        (
            lambda data: replaced(data, "net1_output_bias", np.full(CLASS_COUNT, np.nan)),
            "net1_output_bias",
        ),
        (
            lambda data: replaced(data, "net0_output_bias", np.array(["x"] * CLASS_COUNT)),
            "net0_output_bias",
        ),
        (lambda data: without(data, "network_count"), "how many networks"),
        (lambda data: replaced(data, "network_count", np.array(0)), "holds 0 networks"),
        (lambda data: replaced(data, "network_count", np.array(9)), "holds 9 networks"),
        (lambda data: replaced(data, "network_count", np.array(2.0)), "how many networks"),
        (lambda data: replaced(data, "network_count", np.array(3)), "net2_"),
        (lambda data: without(data, "unsure_margin"), "unsure_margin"),
        (lambda data: replaced(data, "unsure_margin", np.array("1.4")), "unsure_margin"),
    ],
)
def test_a_damaged_model_file_is_one_photo_error(damage, said: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(PhotoError, match=said) as raised:
        load_network(io.BytesIO(damage(saved(random_network(networks=2)))))
    assert "\n" not in str(raised.value)


def test_a_model_file_holding_pickled_objects_is_refused() -> None:
    stream = io.BytesIO()
    np.savez(stream, format_version=np.array([object()], dtype=object))
    with pytest.raises(PhotoError):
        load_network(io.BytesIO(stream.getvalue()))


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=4096))
def test_any_bytes_as_a_model_file_load_or_are_one_photo_error(data: bytes) -> None:
    message = ""
    try:
        load_network(io.BytesIO(data))
    except PhotoError as error:
        message = str(error)
    assert "\n" not in message


def test_a_zip_of_other_files_is_one_photo_error() -> None:
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w") as archive:
        archive.writestr("readme.txt", "hello")
    with pytest.raises(PhotoError):
        load_network(io.BytesIO(stream.getvalue()))


def test_a_model_file_that_unpacks_to_gigabytes_is_refused_without_unpacking_it() -> None:
    # 16 MiB of a model file may be anything: here a weight array whose header claims a
    # gigabyte, its 16 MiB of zeros compressed to a few kilobytes.
    stream = io.BytesIO()
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        header, {"descr": "<f4", "fortran_order": False, "shape": (2**28,)}
    )
    with (
        zipfile.ZipFile(stream, "w", compression=zipfile.ZIP_DEFLATED) as archive,
        archive.open("hidden_weights.npy", "w", force_zip64=True) as member,
    ):
        member.write(header.getvalue())
        zeros = bytes(1 << 20)
        for _ in range(16):  # more than any array may unpack to; the header claims more
            member.write(zeros)
    tracemalloc.start()
    try:
        with pytest.raises(PhotoError) as raised:
            load_network(io.BytesIO(stream.getvalue()))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "model file" in str(raised.value)
    assert peak < 64 * 1024 * 1024
