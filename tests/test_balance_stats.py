"""The balance lab's paired bootstrap (issue 32): checked against closed forms on made-up games.

The per-seat win rate is a proportion over independent games, where the Wilson score interval is
the textbook answer: the bootstrap's interval must agree with it closely. A difference between two
identical sides is exactly zero on every resample (the pairing), and the same inputs give the
same intervals to the bit.
"""

from __future__ import annotations

import math

import numpy as np
from clank_cli.lab import stats


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (the oracle)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def columns(values: np.ndarray) -> stats.Columns:
    return stats.Columns(["rate"], values.reshape(-1, 1).astype(float), np.ones((values.size, 1)))


def test_a_proportions_interval_agrees_with_wilson():
    rng = np.random.default_rng(4)
    wins = (rng.random(2000) < 0.3).astype(int)
    draws = stats.resampled([columns(wins)], wins.size, seed=1, resamples=4000)[0]
    lo, hi = stats.interval(draws)
    w_lo, w_hi = wilson(int(wins.sum()), wins.size)
    assert abs(lo[0] - w_lo) < 0.004 and abs(hi[0] - w_hi) < 0.004


def test_a_paired_difference_of_identical_sides_is_zero_on_every_resample():
    values = np.arange(50) % 7
    a, b = stats.resampled([columns(values), columns(values)], 50, seed=2, resamples=300)
    assert np.array_equal(a, b)


def test_the_pairing_narrows_a_difference_that_moves_with_the_game():
    """B = A + 1 on every game: the paired difference is exactly 1 whatever the resample, while
    each side alone varies."""
    rng = np.random.default_rng(5)
    a_vals = rng.integers(0, 60, 300)
    a, b = stats.resampled([columns(a_vals), columns(a_vals + 1)], 300, seed=3, resamples=500)
    assert np.allclose(b - a, 1.0) and np.ptp(a) > 1


def test_the_same_inputs_give_the_same_intervals_and_an_empty_figure_none():
    values = np.array([1, 0, 2, 5, 3])
    first = stats.interval(stats.resampled([columns(values)], 5, seed=9, resamples=200)[0])
    again = stats.interval(stats.resampled([columns(values)], 5, seed=9, resamples=200)[0])
    assert all(np.array_equal(x, y) for x, y in zip(first, again, strict=True))
    empty = stats.Columns(["x"], np.zeros((4, 1)), np.zeros((4, 1)))
    lo, hi = stats.interval(stats.resampled([empty], 4, seed=1, resamples=100)[0])
    assert math.isnan(lo[0]) and math.isnan(hi[0]) and math.isnan(empty.point()[0])
