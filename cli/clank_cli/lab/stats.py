"""The paired bootstrap over games: one set of resamples for every figure of a run.

Every figure of the lab is a ratio of two sums over games (``sum(num) / sum(den)``): a seat's win
rate (its wins over games), the mean score (points over players), a card's holders' win rate
(holders' wins over holders), its pick rate (turns picked over turns offered). A resample draws
``n`` games with replacement (as multinomial counts ``w``), and the figure on it is
``w @ num / w @ den``; a *pair* of games (A's and B's game of one seed) is drawn together, so a
difference B - A on a resample keeps the pairing. The 95% interval is the 2.5th and 97.5th
percentiles of the resampled values (the percentile bootstrap).

All resamples are drawn once from a generator seeded by the run (deterministic) and applied to
every figure at once as matrix products, in chunks that bound memory. Per-game values are
integers (wins count :data:`~clank_cli.lab.setups.WIN_UNITS`), so the sums are exact in floating
point whatever order the product adds them in: the same rows give the same intervals to the bit.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

RESAMPLES = 2000
"""Bootstrap resamples per run (``--resamples``)."""
CHUNK = 100
"""Resamples drawn and applied at a time (memory: ``CHUNK`` x games weights)."""
LEVEL = 0.95
"""The intervals' coverage."""


@dataclass
class Columns:
    """Per-game numerators and denominators of named ratio figures: ``num`` and ``den`` are
    ``games x figures`` arrays, ``names`` the figures' names in column order."""

    names: list[str]
    num: np.ndarray
    den: np.ndarray

    def point(self) -> np.ndarray:
        """Each figure on all the games (NaN where the denominator sums to 0)."""
        return ratio(self.num.sum(axis=0), self.den.sum(axis=0))

    def totals(self) -> np.ndarray:
        """Each figure's denominator summed over the games (how much data it stands on)."""
        return self.den.sum(axis=0)

    def take(self, names: list[str]) -> Columns:
        """The columns of ``names``, in that order."""
        index = {n: i for i, n in enumerate(self.names)}
        cols = [index[n] for n in names]
        return Columns(list(names), self.num[:, cols], self.den[:, cols])


def ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """``num / den`` with NaN where ``den`` is 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


def resampled(sides: list[Columns], games: int, seed: int, resamples: int = RESAMPLES) -> list[np.ndarray]:
    """For each side, its figures on each resample of the games (``resamples x figures``); the
    sides are resampled together (paired)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    out: list[list[np.ndarray]] = [[] for _ in sides]
    uniform = np.full(games, 1.0 / games)
    done = 0
    while done < resamples:
        size = min(CHUNK, resamples - done)
        weights = rng.multinomial(games, uniform, size=size).astype(np.float64)
        for i, side in enumerate(sides):
            out[i].append(ratio(weights @ side.num, weights @ side.den))
        done += size
    return [np.vstack(parts) for parts in out]


def interval(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The percentile interval of each column of resampled values (resamples where a figure is
    undefined, with no data in the resample, are left out; NaN when none is left)."""
    tail = (1 - LEVEL) / 2 * 100
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)     # a column without any defined value
        lo, hi = np.nanpercentile(values, [tail, 100 - tail], axis=0)
    return lo, hi
