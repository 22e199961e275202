"""With the party pack installed and loaded, a 2-4-player game without its options is the base
game: the same seed and the same bots give the same actions, the same log, the same scores and
the same state (its digest), the list of loaded packs in the configuration excepted."""

from __future__ import annotations

import hashlib
import json

import pytest
from clank import Action, game_record
from clank.testing import BusyBot

from .conftest import base_game, party_game


def _play(game, seed: int):
    """Mixed bots (greedy, busy, random) by seat, as the core's fuzz test seats them."""
    kinds = [game.registry.bots["greedy"].factory, BusyBot, game.registry.bots["random"].factory]
    bots = [kinds[(seed + i) % 3](seed * 16 + i) for i in range(len(game.state.players))]
    while not game.over:
        seat = game.current_player
        action = bots[seat].choose(game.view(seat))
        assert isinstance(action, Action)
        game.apply(action)
    state = game.state.to_dict()
    packs = state["config"].pop("packs")
    digest = hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()
    record = game_record(game)
    return {"digest": digest, "actions": record["actions"], "log": game.log, "scores": game.scores(),
            "winners": game.winners(), "options": record["options"], "packs": sorted(packs)}


def _compare(players: int, seed: int) -> None:
    base = _play(base_game(players, seed, max_rounds=80), seed)
    party = _play(party_game(players, seed, max_rounds=80), seed)
    assert base["packs"] == ["catacombs"] and party["packs"] == ["catacombs", "party"]
    for key in ("actions", "log", "scores", "winners", "options", "digest"):
        assert party[key] == base[key], f"{key} differs with the party pack loaded (seed {seed})"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_two_to_four_players_without_options_is_the_base_game(players, seed):
    _compare(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_without_options_is_the_base_game_many_seeds(players):
    for seed in range(100, 160):
        _compare(players, seed)


def test_greedy_alone_plays_the_same_game():
    """The greedy bot at every seat (the simulation's default) plays the base game's game."""
    def run(game):
        bots = [game.registry.bots["greedy"].factory(7 + i) for i in range(4)]
        while not game.over:
            game.apply(bots[game.current_player].choose(game.view(game.current_player)))
        return game.state.history, game.scores()
    assert run(party_game(4, 7, max_rounds=80)) == run(base_game(4, 7, max_rounds=80))
