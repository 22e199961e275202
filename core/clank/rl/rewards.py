"""Final rewards: zero on every step until the game ends, then one number per seat."""

from __future__ import annotations

from collections.abc import Callable, Sequence

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


REWARDS: dict[str, RewardFn] = {"rank": rank_reward, "score_diff": score_difference}
"""The reward schemes by name; ``reward=`` also accepts a function of the final score totals."""


def reward_fn(reward: str | RewardFn) -> RewardFn:
    """The reward function a ``reward=`` argument names."""
    if callable(reward):
        return reward
    if reward not in REWARDS:
        raise ValueError(f"unknown reward {reward!r}; choose one of {sorted(REWARDS)} or pass a function")
    return REWARDS[reward]
