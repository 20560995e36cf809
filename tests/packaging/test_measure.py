"""packaging/measure.py's size rule, issue 16's: the bundle may outgrow the hello world, up
to 1.5x, only for the photo reader's numpy and Pillow; without them it stays within it."""

from __future__ import annotations

import measure


def test_a_bundle_within_the_hello_world_passes() -> None:
    assert measure.size_verdict(160.0, 45.0, 165.0) == ""


def test_the_reader_libraries_may_take_the_bundle_past_the_hello_world() -> None:
    # today's figures: 171.3 MB, of which numpy and Pillow are 49.4 MB, against 165.3 MB
    assert measure.size_verdict(171.3, 49.4, 165.3) == ""


def test_growth_outside_the_reader_libraries_fails() -> None:
    verdict = measure.size_verdict(171.3, 5.0, 165.3)
    assert "numpy and Pillow" in verdict


def test_no_bundle_over_one_and_a_half_times_the_hello_world_passes() -> None:
    verdict = measure.size_verdict(260.0, 200.0, 165.0)
    assert "1.5x" in verdict


def test_each_run_starts_the_programs_in_the_last_runs_order_reversed() -> None:
    # Started always first, the hello world would meet the machine as the run found it and
    # the bundle as the hello world left it: a bias in every pair, not noise.
    assert list(measure.in_turns(["hello", "reference", "slidecheck"], 3)) == [
        "hello",
        "reference",
        "slidecheck",
        "slidecheck",
        "reference",
        "hello",
        "hello",
        "reference",
        "slidecheck",
    ]


def test_no_runs_start_nothing() -> None:
    assert list(measure.in_turns(["hello", "slidecheck"], 0)) == []
