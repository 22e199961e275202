"""What both environments share: the game of an episode, its layouts, seeding, rewards, bounds
and what a game can last."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

import numpy as np

from clank import Action, Game, IllegalAction, new_game
from clank.api import configure_game, content_hash, split_packs
from clank.rl.bounds import ContentBounds
from clank.rl.layout import (
    LAYOUT_FORMAT,
    LINK,
    ONE_WAY,
    TURN,
    TURN_KINDS,
    ActionLayout,
    Situation,
    content_names,
    situation,
)
from clank.rl.observation import ObservationEncoder
from clank.rl.rewards import RewardFn, reward_spec

DECISIONS_PER_TURN = 100
"""What :attr:`EpisodeTable.max_game_length` allows a turn on average: far above what any
game plays (a few dozen at most), a bound the environments enforce."""
UNCAPPED_ROUNDS = 100
"""The rounds :attr:`EpisodeTable.max_game_length` counts for a game with no round cap."""
ILLEGAL_MODES = ("terminate", "penalise", "raise")
"""What an environment does with an index that is not legal now (``illegal_action=``)."""
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


def check_illegal_mode(mode: str, modes: Sequence[str] = ILLEGAL_MODES) -> str:
    """``mode`` if it is one of ``modes``, else a ``ValueError`` naming them."""
    if mode not in modes:
        raise ValueError(f"illegal_action must be one of {tuple(modes)}, not {mode!r}")
    return mode


class EpisodeTable:
    """One game at a time for an environment: built from packs, players, options and a seed;
    the legal actions of the decision now, as indices; the final rewards; the bounds of the
    observations and rewards and the longest a game may last (:meth:`game_info`)."""

    def __init__(self, packs: str | Sequence[str], players: int, options: Mapping[str, Any] | None,
                 reward: str | RewardFn, limits: Mapping[str, int] | None,
                 modules: Mapping[str, ModuleType] | None = None, *,
                 reward_range: tuple[float, float] | None = None, max_game_length: int | None = None) -> None:
        self.packs = split_packs(packs)
        self.options = dict(options or {})
        self.modules = dict(modules) if modules else None
        self.ruleset, self.players, _ = configure_game(self.packs, players, self.options, self.modules)
        self.reward = reward_spec(reward, reward_range)
        self.actions, self.encoder, self.layout_id = layouts(self.ruleset, self.players, limits)
        self.memories = [self.encoder.memory() for _ in range(self.players)]
        probe = new_game(self.packs, self.players, seed=0, options=self.options, modules=self.modules)
        self.max_rounds = int(probe.state.config.get("max_rounds") or 0)
        """The game's round cap (0: none): a game that reaches it stops, truncated."""
        self.max_game_length = int(max_game_length or
                                   (self.max_rounds or UNCAPPED_ROUNDS) * self.players * DECISIONS_PER_TURN)
        """The most decisions (of every seat) an episode holds: one that reaches it is truncated."""
        if self.max_game_length < 1:
            raise ValueError(f"max_game_length must be at least 1, not {max_game_length}")
        self.high = self.encoder.high(ContentBounds(self.ruleset, self.players, probe, self.max_rounds))
        """The highest value of each observation number (``inf`` where the content bounds nothing)."""
        self._game: Game | None = None
        self._legal: tuple[dict[int, Action], list[int]] | None = None
        self._turn = Situation(TURN, (), self._links)

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
            raise RuntimeError("no episode yet: call reset() first")
        return self._game

    @property
    def started(self) -> bool:
        """Whether an episode was started."""
        return self._game is not None

    def refresh(self) -> None:
        """Forget the indexed legal actions: the game moved (they are indexed again when asked for)."""
        self._legal = None

    def _indexed(self) -> tuple[dict[int, Action], list[int]]:
        if self._legal is None:
            game = self.game
            kind = game.decision_kind
            where = self._turn if kind in TURN_KINDS else situation(kind, game.state.decision, self._links)
            mapping = {} if kind == "over" else self.actions.encode(where, game.legal_actions())
            self._legal = (mapping, sorted(mapping))
        return self._legal

    def _links(self) -> dict[str, str]:
        """Each link leaving the deciding seat's room, by key: ``link>`` and where it leads (a room,
        or the slot a link toward an empty slot opens)."""
        game = self.game
        seat = game.current_player
        room = None if seat is None else game.player(seat).room
        one_way = {f"link:{link['key']}" for link in game.state.links if link.get("one_way")}
        out = {key: LINK + (ONE_WAY if key in one_way else "") + dest for key, dest, _ in game.link_routes(room)}
        out.update((key, LINK + (ONE_WAY if key in one_way else "") + target)
                   for key, target, _ in game.link_openings(room))
        return out

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

    def action_for(self, index: Any) -> Action:
        """The legal action an index stands for now; :class:`IllegalAction` if none."""
        try:
            return self.legal[int(index)]
        except (KeyError, TypeError, ValueError):
            try:
                meaning = self.actions.describe(int(index))
            except (IndexError, TypeError, ValueError):
                meaning = f"outside 0..{self.actions.size - 1}"
            raise IllegalAction(str(index), f"action index {index} ({meaning}) is not legal now") from None

    def apply(self, index: Any) -> Action:
        """Apply the action an index stands for (the state is unchanged if it is not legal)."""
        action = self.action_for(index)
        self.game.apply(action)
        self.refresh()
        return action

    @property
    def decisions(self) -> int:
        """The decisions made in the episode so far (every seat's)."""
        return len(self.game.state.history)

    def out_of_time(self) -> bool:
        """Whether the episode reached :attr:`max_game_length` with its game still going."""
        game = self.game
        return len(game.state.history) >= self.max_game_length and not game.over

    def final_rewards(self) -> list[float]:
        """Each seat's reward at the end of the game."""
        return [float(r) for r in self.reward.fn([s["total"] for s in self.game.scores()])]

    def illegal_penalty(self, given: float | None) -> float:
        """The reward of an illegal index: ``given``, else the reward scheme's lowest value (-1
        when it has none), so that no illegal index is worth more than a legal game's worst end."""
        if given is not None:
            return float(given)
        return self.reward.low if math.isfinite(self.reward.low) else -1.0

    def game_info(self, penalty: float | None = None) -> dict[str, Any]:
        """What a game of this environment is, as OpenSpiel's game info says it: seats, distinct
        actions, observation shape, the lowest and highest final reward and their sum when it
        is constant, the most decisions a game holds, the round cap and the layout id;
        ``reward_range``: the rewards a step may give (the illegal-index ``penalty`` included)."""
        low, high = self.reward.low, self.reward.high
        if penalty is not None:
            low, high = min(low, penalty), max(high, penalty)
        return {"num_players": self.players, "num_distinct_actions": self.actions.size,
                "observation_shape": (self.encoder.size,), "min_utility": self.reward.low,
                "max_utility": self.reward.high, "utility_sum": self.reward.utility_sum,
                "max_game_length": self.max_game_length, "max_rounds": self.max_rounds,
                "reward_range": (min(low, 0.0), max(high, 0.0)), "layout_id": self.layout_id}

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
    def game(self) -> Game:
        """The game of the current episode (a :class:`clank.Game`)."""
        return self.table.game
