"""Learning environments over any chosen packs: PettingZoo (every seat a learner) and Gymnasium
(one learner against bots). Needs the optional extra ``clank-engine[rl]`` (pettingzoo,
gymnasium, numpy); see ``docs/rl.md``.

>>> from clank import rl
>>> aec = rl.env(packs=["catacombs"], players=2, seed=1)                # PettingZoo AEC
>>> single = rl.gym_env(packs=["catacombs"], opponents="greedy", seed=1)  # Gymnasium
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:
    raise ImportError(f"clank.rl needs the optional extra 'rl' (pettingzoo, gymnasium, numpy): "
                      f"pip install 'clank-engine[rl]' ({exc})") from exc

from clank.rl.aec import ClankAECEnv, agent_name  # noqa: E402
from clank.rl.layout import ActionLayout, ActionSpaceOverflow, Block  # noqa: E402
from clank.rl.observation import ObservationEncoder  # noqa: E402
from clank.rl.rewards import REWARDS, rank_reward, score_difference  # noqa: E402
from clank.rl.single import ClankGymEnv  # noqa: E402

if TYPE_CHECKING:
    from clank.rl.rewards import RewardFn


def env(packs: str | Sequence[str], players: int = 4, options: Mapping[str, Any] | None = None,
        seed: int | None = None, reward: str | RewardFn = "rank", **kwargs: Any) -> ClankAECEnv:
    """A PettingZoo AEC environment: ``packs`` (ids or directories), ``players`` seats, game
    ``options`` as ``new_game`` takes them, the first episode's ``seed``, ``reward`` (``"rank"``,
    ``"score_diff"`` or a function of the final totals); ``render_mode="ansi"``, ``limits=``
    (the action layout's sizes, :data:`clank.rl.layout.DEFAULT_LIMITS`), ``modules=`` (pack
    modules registered directly, as ``new_game`` takes them)."""
    return ClankAECEnv(packs, players, options, seed, reward, **kwargs)


def gym_env(packs: str | Sequence[str], players: int = 2, opponents: str | Sequence[str] = "random",
            options: Mapping[str, Any] | None = None, seed: int | None = None, reward: str | RewardFn = "rank",
            **kwargs: Any) -> ClankGymEnv:
    """A Gymnasium environment: one learner (seat ``learner=0``) against ``opponents`` (bot names:
    ``random``, ``greedy``, ``mcts:N``; one for all or one per other seat); the other arguments
    as :func:`env`, plus ``illegal_action``, ``illegal_penalty`` and ``max_illegal``."""
    return ClankGymEnv(packs, players, opponents, options=options, seed=seed, reward=reward, **kwargs)


__all__ = ["REWARDS", "ActionLayout", "ActionSpaceOverflow", "Block", "ClankAECEnv", "ClankGymEnv",
           "ObservationEncoder", "agent_name", "env", "gym_env", "rank_reward", "score_difference"]
