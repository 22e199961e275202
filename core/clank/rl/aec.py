"""The PettingZoo AEC environment: every seat an agent, one decision per step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from clank import Game, IllegalAction
from clank.rl.rewards import RewardFn
from clank.rl.table import EpisodeTable, OnTable, check_illegal_mode


def agent_name(seat: int) -> str:
    """The agent of a seat: ``player_0`` for seat 0."""
    return f"player_{seat}"


def _deciding(game: Game) -> int:
    """The seat that decides in a game that goes on."""
    seat = game.current_player
    assert seat is not None            # asked only while the game runs
    return seat


class ClankAECEnv(OnTable, AECEnv):
    """Clank! for several learners (PettingZoo's agent-environment cycle), unwrapped:
    :func:`clank.rl.env` gives it wrapped as PettingZoo's own environments are.

    Agents are the seats, ``player_0`` .. ``player_{N-1}``. The agent selected is always the seat
    that decides now (``game.decision()["seat"]``): the player whose turn it is, or another seat
    answering a reaction or a question every player answers. Each observation is a dict:
    ``observation`` (the seat's view as a float32 vector, :class:`~clank.rl.observation.ObservationEncoder`,
    within the bounds of the observation space) and ``action_mask`` (int8 over the fixed action
    space, :class:`~clank.rl.layout.ActionLayout`; zeros for a seat that does not decide now).
    Rewards are 0 until the game ends, then the configured final reward for every seat; a game
    stopped by its round cap (``max_rounds``) or by ``max_game_length`` decisions truncates
    instead of terminating. :meth:`observe_dict` gives the same view as JSON data.

    An index that is not legal changes nothing in the game; with ``illegal_action="terminate"``
    (the default) the episode ends: the agent that gave it earns ``illegal_penalty``, every other
    agent 0, and every agent is terminated (as PettingZoo's ``TerminateIllegalWrapper`` does);
    with ``"penalise"`` the agent earns ``illegal_penalty`` and decides again (``max_illegal``
    of them in a row truncate the episode); with ``"raise"`` it raises :class:`~clank.IllegalAction`.
    ``illegal_penalty`` defaults to the reward scheme's lowest value (-1 for ``rank``).
    """

    metadata = {"name": "clank_v1", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, packs: str | Sequence[str], players: int = 4, options: Mapping[str, Any] | None = None,
                 seed: int | None = None, reward: str | RewardFn = "rank", render_mode: str | None = None,
                 limits: Mapping[str, int] | None = None, modules: Mapping[str, ModuleType] | None = None, *,
                 illegal_action: str = "terminate", illegal_penalty: float | None = None, max_illegal: int = 10,
                 reward_range: tuple[float, float] | None = None, max_game_length: int | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (only 'ansi')")
        self.illegal_action = check_illegal_mode(illegal_action)
        self.table = EpisodeTable(packs, players, options, reward, limits, modules, reward_range=reward_range,
                                  max_game_length=max_game_length)
        self.illegal_penalty = self.table.illegal_penalty(illegal_penalty)
        self.max_illegal = max_illegal
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.table.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size = self.table.actions.size
        obs = spaces.Dict({"observation": spaces.Box(0.0, self.table.high, (self.table.encoder.size,), np.float32),
                           "action_mask": spaces.Box(0, 1, (size,), np.int8)})
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.game_info = self.table.game_info(None if illegal_action == "raise" else self.illegal_penalty)
        """The game as OpenSpiel's game info says it (:meth:`EpisodeTable.game_info`)."""
        self.metadata = {**type(self).metadata, "game_info": self.game_info}
        self._first_seed = seed
        self._seeds = np.random.default_rng(seed)
        self._illegal = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a game: with ``seed`` the game of that seed; without, the next seed of the
        environment's own sequence (itself seeded by the constructor's ``seed``)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = seed
        elif self._first_seed is not None:
            game_seed, self._first_seed = self._first_seed, None
        else:
            game_seed = int(self._seeds.integers(2**31))
        self.table.new_game(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._illegal = 0
        self.agent_selection = agent_name(_deciding(self.table.game))

    def _started(self, what: str) -> None:
        if not self.table.started:
            raise RuntimeError(f"{what} before reset(): call reset() first")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._started("observe()")
        seat = self._seat[agent]
        ended = self.terminations.get(agent, True) or self.truncations.get(agent, True)
        deciding = self.table.game.current_player == seat and not ended
        mask = self.table.mask() if deciding else np.zeros(self.table.actions.size, dtype=np.int8)
        return {"observation": self.table.observe(seat), "action_mask": mask}

    def observe_dict(self, agent: str) -> dict[str, Any]:
        """The structured form of an agent's observation (its view as JSON data, its legal actions)."""
        self._started("observe_dict()")
        return self.table.structured(self._seat[agent])

    def step(self, action: int | None) -> None:
        self._started("step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} decides now: give an action index, not None")
        try:
            self.table.apply(action)
        except IllegalAction as exc:
            if self.illegal_action == "raise":
                raise
            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            self._illegal_index(agent, exc.reason)
            return
        self._illegal = 0
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        game = self.table.game
        if game.over:
            for a, reward in zip(self.agents, self.table.final_rewards(), strict=True):
                self.rewards[a] = reward
                (self.truncations if game.state.aborted else self.terminations)[a] = True
            self.agent_selection = self.agents[0]
        elif self.table.out_of_time():
            self._end(self.truncations)
        else:
            self.agent_selection = agent_name(_deciding(game))
        self._accumulate_rewards()

    def _illegal_index(self, agent: str, reason: str) -> None:
        """An index not legal now: the game is unchanged; the agent earns the penalty, and the
        episode ends (``terminate``, or ``penalise`` after ``max_illegal`` in a row) or goes on."""
        self.rewards[agent] = self.illegal_penalty
        self.infos[agent] = {**self.infos[agent], "illegal_action": reason}
        self._illegal += 1
        if self.illegal_action == "terminate":
            self._end(self.terminations)
        elif self._illegal >= self.max_illegal:
            self._end(self.truncations)
        self._accumulate_rewards()

    def _end(self, how: dict[str, bool]) -> None:
        """End the episode for every agent (``how``: the terminations or the truncations)."""
        for a in self.agents:
            how[a] = True
        self._deads_step_first()

    def render(self) -> str | None:
        """``ansi``: the decision now and the last lines of the game's log."""
        return self.table.render_text() if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""
