"""The Gymnasium environment: one learner seat, bots in the others."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from clank import IllegalAction
from clank.api import bot_seed
from clank.rl.rewards import RewardFn
from clank.rl.table import EpisodeTable, OnTable, check_illegal_mode


class ClankGymEnv(OnTable, gymnasium.Env):
    """Clank! for one learner against bots (Gymnasium), unwrapped: :func:`clank.rl.gym_env`
    gives it as ``gymnasium.make`` does (order enforcing, the environment checker).

    The learner sits at ``learner`` (seat 0 by default); every other seat is played by a bot
    named as in ``clank simulate --bot``: ``random``, ``greedy``, ``mcts:N`` ... (``opponents``:
    one name for all, or one per other seat in seat order), each seeded from the game seed and
    its seat (:func:`clank.api.bot_seed`). A step applies the learner's action, then lets the
    bots decide until the learner decides again or the game ends, so out-of-turn decisions of
    the learner (a reaction on a bot's turn) are steps too.

    The observation is the learner's view as a float32 vector, within the observation space's
    bounds; ``info["action_mask"]`` (and :meth:`action_masks`, the name sb3-contrib's maskable
    algorithms call) is the int8 mask over the fixed action space, ``info["legal"]`` the same as
    a list of indices. The reward is 0 until the end, then the configured final reward of the
    learner's seat; a game stopped by its round cap or by ``max_game_length`` decisions is
    truncated. An index that is not legal changes nothing in the game: with
    ``illegal_action="terminate"`` (the default, as the AEC environment) the episode ends with
    ``illegal_penalty`` as its last reward and ``info["illegal_action"]`` saying why; with
    ``"penalise"`` it earns ``illegal_penalty`` and the learner decides again (``max_illegal``
    of them in a row truncate the episode); with ``"raise"`` it raises
    :class:`~clank.IllegalAction`. ``illegal_penalty`` defaults to the reward scheme's lowest
    value (-1 for ``rank``).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, packs: str | Sequence[str], players: int = 2, opponents: str | Sequence[str] = "random",
                 learner: int = 0, options: Mapping[str, Any] | None = None, seed: int | None = None,
                 reward: str | RewardFn = "rank", illegal_action: str = "terminate",
                 illegal_penalty: float | None = None, max_illegal: int = 10, render_mode: str | None = None,
                 limits: Mapping[str, int] | None = None, modules: Mapping[str, ModuleType] | None = None, *,
                 reward_range: tuple[float, float] | None = None, max_game_length: int | None = None) -> None:
        check_illegal_mode(illegal_action)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (only 'ansi')")
        self.table = EpisodeTable(packs, players, options, reward, limits, modules, reward_range=reward_range,
                                  max_game_length=max_game_length)
        n = self.table.players
        if not 0 <= learner < n:
            raise ValueError(f"learner seat {learner} is not a seat of a {n}-player game")
        self.learner = learner
        others = [s for s in range(n) if s != learner]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"{len(others)} bot seats, {len(names)} bot names given")
        registry = self.table.ruleset.registry
        for name in names:
            problem = registry.check_bot(name)
            if problem is not None:
                raise ValueError(problem)
        self.opponents = dict(zip(others, names, strict=True))
        self.illegal_action, self.max_illegal = illegal_action, max_illegal
        self.illegal_penalty = self.table.illegal_penalty(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, self.table.high, (self.table.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.table.actions.size)
        self.game_info = self.table.game_info(None if illegal_action == "raise" else self.illegal_penalty)
        """The game as OpenSpiel's game info says it (:meth:`~clank.rl.table.EpisodeTable.game_info`)."""
        self.metadata = {**type(self).metadata, "game_info": self.game_info}
        self._first_seed = seed
        self._bots: dict[int, Any] = {}
        self._illegal = 0
        self._ended = False

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        """Start a game: with ``seed`` the game of that seed; without, the next seed of the
        environment's generator (seeded by the constructor's ``seed`` on the first reset)."""
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        game = self.table.new_game(game_seed)
        registry = game.ruleset.registry
        self._bots = {s: registry.make_bot(name, bot_seed(game_seed, s)) for s, name in self.opponents.items()}
        self._illegal = 0
        self._bots_play()
        self._ended = self.table.game.over or self.table.out_of_time()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self._ended:
            raise RuntimeError("the episode is over: call reset()")
        table = self.table
        try:
            table.apply(action)
        except IllegalAction as exc:
            if self.illegal_action == "raise":
                raise
            self._illegal += 1
            info = self._info()
            info["illegal_action"] = exc.reason
            terminated = self.illegal_action == "terminate"
            truncated = not terminated and self._illegal >= self.max_illegal
            self._ended = terminated or truncated
            return self._observation(), self.illegal_penalty, terminated, truncated, info
        self._illegal = 0
        self._bots_play()
        game = table.game
        if not game.over:
            if table.out_of_time():
                self._ended = True
                return self._observation(), 0.0, False, True, self._info()
            return self._observation(), 0.0, False, False, self._info()
        self._ended = True
        reward = table.final_rewards()[self.learner]
        aborted = bool(game.state.aborted)
        return self._observation(), reward, not aborted, aborted, self._info()

    def _bots_play(self) -> None:
        """Let the bots decide until the learner decides, the game ends or the episode runs out of time."""
        table = self.table
        game, learner, bots, limit = table.game, self.learner, self._bots, table.max_game_length
        history = game.state.history          # one list for the whole game: its length counts the decisions
        while not game.over and game.current_player != learner and len(history) < limit:
            seat = game.current_player
            assert seat is not None        # someone decides while the game runs
            game.apply(bots[seat].choose(game.view(seat)))
            table.refresh()

    def _observation(self) -> np.ndarray:
        return self.table.observe(self.learner)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "legal": self.table.legal_indices()}

    def action_masks(self) -> np.ndarray:
        """The learner's legal-action mask now (int8; all zeros once the game is over)."""
        return self.table.mask()

    def observe_dict(self) -> dict[str, Any]:
        """The structured form of the learner's observation (its view as JSON data, its legal actions)."""
        return self.table.structured(self.learner)

    def render(self) -> str | None:
        """``ansi``: the decision now and the last lines of the game's log."""
        return self.table.render_text() if self.render_mode == "ansi" else None
