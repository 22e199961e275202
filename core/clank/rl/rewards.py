"""Final rewards: zero on every step until the game ends, then one number per seat.

Each scheme comes with the range of its values and, when the seats' rewards always add up to
the same number, that sum (:class:`RewardSpec`): what OpenSpiel calls a game's minimum and
maximum utility and its utility sum.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

RewardFn = Callable[[Sequence[int]], list[float]]


def rank_reward(totals: Sequence[int]) -> list[float]:
    """+1 for the best score, -1 for the worst, evenly between: each seat earns, for every other
    seat, +1 if it scored more, -1 if less, 0 if the same, divided by the other seats' count
    (two seats: +1 win, -1 loss, 0 tie)."""
    n = len(totals)
    if n < 2:
        return [0.0] * n
    return [sum((a > b) - (a < b) for b in totals) / (n - 1) for a in totals]


def score_difference(totals: Sequence[int]) -> list[float]:
    """A seat's final score minus the best score among the other seats (above 0: it won)."""
    out = []
    for seat, total in enumerate(totals):
        others = [t for s, t in enumerate(totals) if s != seat]
        out.append(float(total - max(others)) if others else 0.0)
    return out


class RewardSpec(NamedTuple):
    """A reward scheme: ``fn`` (final totals → one reward per seat), the lowest and highest reward
    it gives (``-inf``/``inf`` when nothing bounds it) and the sum of every seat's reward when it is
    always the same (``None`` when it is not)."""

    fn: RewardFn
    low: float = -math.inf
    high: float = math.inf
    utility_sum: float | None = None


REWARDS: dict[str, RewardSpec] = {
    "rank": RewardSpec(rank_reward, -1.0, 1.0, 0.0),
    "score_diff": RewardSpec(score_difference),       # scores have no bound (gold has none)
}
"""The reward schemes by name; ``reward=`` also accepts a function of the final score totals
(its range unknown unless ``reward_range=(low, high)`` is given)."""


def reward_spec(reward: str | RewardFn, reward_range: tuple[float, float] | None = None) -> RewardSpec:
    """The :class:`RewardSpec` a ``reward=`` argument names; ``reward_range`` declares the range
    of a function given (a named scheme knows its own)."""
    if callable(reward):
        low, high = reward_range if reward_range is not None else (-math.inf, math.inf)
        if not low <= high:
            raise ValueError(f"reward_range {reward_range!r} must be (low, high) with low <= high")
        return RewardSpec(reward, float(low), float(high))
    if reward not in REWARDS:
        raise ValueError(f"unknown reward {reward!r}; choose one of {sorted(REWARDS)} or pass a function")
    if reward_range is not None:
        raise ValueError(f"reward {reward!r} has its own range {REWARDS[reward][1:3]}: give reward_range "
                         f"only with a reward function of your own")
    return REWARDS[reward]
