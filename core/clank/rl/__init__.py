"""Learning environments over any chosen packs: PettingZoo (every seat a learner) and Gymnasium
(one learner against bots). Needs the optional extra ``clank-engine[rl]`` (pettingzoo,
gymnasium, numpy); see ``docs/rl.md``.

>>> from clank import rl
>>> aec = rl.env(packs=["catacombs"], players=2, seed=1)                # PettingZoo AEC, wrapped
>>> single = rl.gym_env(packs=["catacombs"], opponents="greedy", seed=1)  # Gymnasium, as gymnasium.make gives it
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:
    raise ImportError(f"clank.rl needs the optional extra 'rl' (pettingzoo, gymnasium, numpy): "
                      f"pip install 'clank-engine[rl]' ({exc})") from exc

from pettingzoo.utils import wrappers  # noqa: E402

from clank.rl.aec import ClankAECEnv, agent_name  # noqa: E402
from clank.rl.layout import ActionLayout, ActionSpaceOverflow, Block  # noqa: E402
from clank.rl.observation import ObservationEncoder  # noqa: E402
from clank.rl.policy import LayoutMismatch, load_policy, save_policy  # noqa: E402
from clank.rl.rewards import REWARDS, RewardSpec, rank_reward, score_difference  # noqa: E402
from clank.rl.single import ClankGymEnv  # noqa: E402

if TYPE_CHECKING:
    from clank.rl.rewards import RewardFn

GYM_ID = "clank/Clank-v1"
"""The id ``gymnasium.make`` knows the single-agent environment by (its keywords as :func:`gym_env`'s)."""
if GYM_ID not in gymnasium.registry:
    gymnasium.register(id=GYM_ID, entry_point="clank.rl.single:ClankGymEnv")


class SharedModules(dict):
    """Pack modules given to ``gymnasium.make`` (``modules=``): the environment's spec keeps its
    keywords and copies them deeply to make the environment again; a module is shared, not copied."""

    def __deepcopy__(self, memo: dict) -> SharedModules:
        return self


def raw_env(packs: str | Sequence[str], players: int = 4, options: Mapping[str, Any] | None = None,
            seed: int | None = None, reward: str | RewardFn = "rank", **kwargs: Any) -> ClankAECEnv:
    """The PettingZoo AEC environment unwrapped (:class:`ClankAECEnv`; the arguments as :func:`env`)."""
    return ClankAECEnv(packs, players, options, seed, reward, **kwargs)


def env(packs: str | Sequence[str], players: int = 4, options: Mapping[str, Any] | None = None,
        seed: int | None = None, reward: str | RewardFn = "rank", **kwargs: Any) -> Any:
    """A PettingZoo AEC environment, wrapped as PettingZoo's own classic environments are: an
    out-of-range index is refused (``AssertOutOfBoundsWrapper``), and so is a call out of order,
    such as ``step()`` before ``reset()`` (``OrderEnforcingWrapper``); ``env.unwrapped`` is the
    :class:`ClankAECEnv`.

    ``packs`` (ids or directories), ``players`` seats, game ``options`` as ``new_game`` takes
    them, the first episode's ``seed``, ``reward`` (``"rank"``, ``"score_diff"`` or a function
    of the final totals, with ``reward_range=(low, high)``); ``illegal_action``
    (``"terminate"``, the default, ``"penalise"`` or ``"raise"``), ``illegal_penalty``,
    ``max_illegal``, ``max_game_length``, ``render_mode="ansi"``, ``limits=`` (the action
    layout's sizes, :data:`clank.rl.layout.DEFAULT_LIMITS`), ``modules=`` (pack modules
    registered directly, as ``new_game`` takes them)."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
        raw_env(packs, players, options, seed, reward, **kwargs)))


def gym_env(packs: str | Sequence[str], players: int = 2, opponents: str | Sequence[str] = "random",
            options: Mapping[str, Any] | None = None, seed: int | None = None, reward: str | RewardFn = "rank",
            **kwargs: Any) -> gymnasium.Env:
    """A Gymnasium environment as ``gymnasium.make(GYM_ID, ...)`` gives it (order enforcing, the
    environment checker; ``env.unwrapped`` is the :class:`ClankGymEnv`): one learner (seat
    ``learner=0``) against ``opponents`` (bot names: ``random``, ``greedy``, ``mcts:N``; one for
    all or one per other seat); the other arguments as :func:`env`."""
    if kwargs.get("modules") is not None:
        kwargs["modules"] = SharedModules(kwargs["modules"])
    return gymnasium.make(GYM_ID, packs=packs, players=players, opponents=opponents, options=options, seed=seed,
                          reward=reward, **kwargs)


__all__ = ["GYM_ID", "REWARDS", "ActionLayout", "ActionSpaceOverflow", "Block", "ClankAECEnv", "ClankGymEnv",
           "LayoutMismatch", "ObservationEncoder", "RewardSpec", "agent_name", "env", "gym_env", "load_policy",
           "rank_reward", "raw_env", "save_policy", "score_difference"]
