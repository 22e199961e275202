"""What both environments share: the game of an episode, its layouts, seeding and rewards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

import numpy as np

from clank import Action, Game, IllegalAction, new_game
from clank.api import configure_game, content_hash, split_packs
from clank.rl.layout import LAYOUT_FORMAT, ActionLayout, content_names
from clank.rl.observation import ObservationEncoder
from clank.rl.rewards import RewardFn, reward_fn

OBS_HIGH = 1.0e6
"""The observation space's upper bound (no count in a game comes near it)."""
_LAYOUTS: dict[tuple, tuple[ActionLayout, ObservationEncoder, str]] = {}


def layouts(ruleset: Any, players: int, limits: Mapping[str, int] | None) -> tuple[ActionLayout, ObservationEncoder, str]:
    """The action layout, observation encoder and layout id of a ruleset (built once per process)."""
    key = (id(ruleset), players, tuple(sorted((limits or {}).items())))
    found = _LAYOUTS.get(key)
    if found is None:
        actions = ActionLayout(ruleset, limits)
        encoder = ObservationEncoder(ruleset, content_names(ruleset), players)
        layout_id = f"{LAYOUT_FORMAT}-{content_hash(ruleset)[:16]}-{actions.layout_id[:8]}-{players}p"
        found = _LAYOUTS[key] = (actions, encoder, layout_id)
    return found


class EpisodeTable:
    """One game at a time for an environment: built from packs, players, options and a seed;
    the legal actions of the decision now, as indices; the final rewards."""

    def __init__(self, packs: str | Sequence[str], players: int, options: Mapping[str, Any] | None,
                 reward: str | RewardFn, limits: Mapping[str, int] | None,
                 modules: Mapping[str, ModuleType] | None = None) -> None:
        self.packs = split_packs(packs)
        self.options = dict(options or {})
        self.modules = dict(modules) if modules else None
        self.ruleset, self.players, _ = configure_game(self.packs, players, self.options, self.modules)
        self.reward = reward_fn(reward)
        self.actions, self.encoder, self.layout_id = layouts(self.ruleset, self.players, limits)
        self.memories = [self.encoder.memory() for _ in range(self.players)]
        self._game: Game | None = None
        self._legal: tuple[dict[int, Action], list[int]] | None = None

    def new_game(self, seed: int) -> Game:
        """Start the episode's game (seed ``seed``)."""
        game = self._game = new_game(self.packs, self.players, seed=seed, options=self.options, modules=self.modules)
        self.refresh()
        return game

    @property
    def game(self) -> Game:
        """The episode's game (``RuntimeError`` before the first :meth:`new_game`: reset the
        environment first)."""
        if self._game is None:
            raise RuntimeError("no episode yet: reset the environment first")
        return self._game

    def refresh(self) -> None:
        """Forget the indexed legal actions: the game moved (they are indexed again when asked for)."""
        self._legal = None

    def _indexed(self) -> tuple[dict[int, Action], list[int]]:
        if self._legal is None:
            game = self.game
            mapping = {} if game.over else self.actions.encode(game.decision_kind, game.legal_actions())
            self._legal = (mapping, sorted(mapping))
        return self._legal

    @property
    def legal(self) -> dict[int, Action]:
        """``{index: action}`` for the deciding seat, in listing order (read-only)."""
        return self._indexed()[0]

    def legal_indices(self) -> list[int]:
        """The legal indices of the deciding seat, ascending (a new list)."""
        return list(self._indexed()[1])

    def mask(self) -> np.ndarray:
        """The legal-action mask of the deciding seat (int8, 1 for a legal index; a new array)."""
        mask = np.zeros(self.actions.size, dtype=np.int8)
        for index in self._indexed()[1]:      # a few indices: one item write each beats NumPy's fancy indexing
            mask[index] = 1
        return mask

    def observe(self, seat: int) -> np.ndarray:
        """The vector of one seat's view."""
        return self.encoder.encode(self.game.view(seat), self.memories[seat])

    def action_for(self, index: int) -> Action:
        """The legal action an index stands for now; :class:`IllegalAction` if none."""
        try:
            return self.legal[int(index)]
        except (KeyError, TypeError, ValueError):
            meaning = self.actions.describe(int(index)) if 0 <= int(index) < self.actions.size else "out of range"
            raise IllegalAction(str(index), f"action index {index} ({meaning}) is not legal now") from None

    def apply(self, index: int) -> Action:
        """Apply the action an index stands for (the state is unchanged if it is not legal)."""
        action = self.action_for(index)
        self.game.apply(action)
        self.refresh()
        return action

    def final_rewards(self) -> list[float]:
        """Each seat's reward at the end of the game."""
        return [float(r) for r in self.reward([s["total"] for s in self.game.scores()])]

    def render_text(self) -> str | None:
        """The decision now and the last lines of the game's log (the ``ansi`` render mode)."""
        game = self._game
        if game is None:
            return None
        return "\n".join([*game.log[-5:], f"-- {game.decision().get('prompt', '')}"])

    def structured(self, seat: int) -> dict[str, Any]:
        """The dict form of a seat's observation: its view as JSON data, the layout id and, when it
        decides, its legal actions by index."""
        game = self.game
        legal = self.legal if game.current_player == seat else {}
        return {"layout": self.layout_id, "seat": seat, "view": game.view_dict(seat),
                "legal": {i: str(a) for i, a in legal.items()}}


class OnTable:
    """What both environments show of their :class:`EpisodeTable` (``self.table``)."""

    table: EpisodeTable

    @property
    def layout_id(self) -> str:
        """The version of the observation and action layouts (content hash, limits, seats)."""
        return self.table.layout_id

    @property
    def game(self) -> Game | None:
        """The game of the current episode (a :class:`clank.Game`)."""
        return self.table.game
