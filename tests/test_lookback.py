"""Conditions that look back (C11 default (a)) as a mechanism of the core: how the compiler tracks
them, what the turn state keeps, and that it survives saving, cloning and replaying. The cards
that use them are tested in each pack (``packs/<id>/tests/test_lookback.py``)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import clank_catacombs
import pytest
from clank import Game, new_game
from clank.api import game_record, replay
from clank.builtin import RandomBot
from clank.game.effects import Compiler
from clank.registry import Registry, RegistryError
from clank.testing import state_json

MODULES = {"catacombs": clank_catacombs}


def registry() -> Registry:
    reg = Registry()
    reg.add_condition("here", lambda g, s, arg: True, looks_back="room")
    reg.add_condition("holding", lambda g, s, arg: True, looks_back=True)
    reg.add_condition("rich", lambda g, s, arg: True)
    return reg


def test_add_condition_refuses_an_unknown_way_of_looking_back():
    with pytest.raises(RegistryError, match="looks_back must be False, True or 'room'"):
        Registry().add_condition("x", lambda g, s, a: True, looks_back="always")


def test_only_where_C11_holds_and_the_largest_parts_that_look_back_are_tracked():
    """C11 (a): in play and defeat effects (``looking_back``) the largest part of a condition made
    only of conditions that look back is tracked as one, under its text; a part that does not
    look back is read now; elsewhere nothing is tracked."""
    comp = Compiler(registry())
    comp.condition({"here": 1})
    assert comp.tracked_by_room == {} and comp.tracked_by_action == {}
    comp.condition({"all": [{"here": 1}, {"not": {"holding": 2}}]}, looking_back=True)
    assert list(comp.tracked_by_action) == ['{"all":[{"here":1},{"not":{"holding":2}}]}']
    comp.condition({"all": [{"here": 3}, {"rich": 1}], "holding": 4}, looking_back=True)
    assert '{"here":3}' in comp.tracked_by_room and '{"holding":4}' in comp.tracked_by_action
    assert not any("rich" in key for key in (*comp.tracked_by_room, *comp.tracked_by_action))
    comp.card = "lamp"
    comp.condition({"not": {"here": 5}}, looking_back=True)
    assert comp.tracked_by_room['{"not":{"here":5}}'] and comp.users['{"not":{"here":5}}'] == {"lamp"}


def _minipack():
    """The tiny test pack (as tests/test_contract.py loads it): content without conditions."""
    name = "clank_test_minipack"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).parent / "minipack" / "__init__.py")
        assert spec is not None and spec.loader is not None
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]


def test_content_that_uses_none_tracks_none():
    """Only conditions loaded content uses where C11 holds are tracked: none, nothing sampled."""
    game = new_game(["mini"], 3, 0, modules={"mini": _minipack()})
    assert game.ruleset.looking_back == {} and game.lookback_memo is None
    bot = RandomBot(0)
    for _ in range(60):
        game.apply(bot.choose(game.view(game.current_player)))
        assert game.state.turn.held == [] and game.lookback_memo is None


def test_a_save_naming_a_condition_the_ruleset_does_not_track_is_refused():
    """The base game tracks what its cards use (not "in the Depths", which none of them asks); a
    state whose turn names another condition is refused as corrupt."""
    game = new_game(["catacombs"], 2, 0, modules=MODULES)
    assert '{"in_room_feature":"crystal_cave"}' in game.ruleset.looking_back
    assert '{"in_depths":true}' not in game.ruleset.looking_back
    data = json.loads(game.to_json())
    data["state"]["turn"]["held"] = ['{"in_depths":true}']
    data.pop("sha256")
    with pytest.raises(ValueError, match="unknown condition held this turn"):
        Game.from_json(game.ruleset, json.dumps(data))


def _a_turn_with_something_held(seed: int) -> Game:
    """A random base game, played on until a condition that looks back has held this turn."""
    game = new_game(["catacombs"], 3, seed, modules=MODULES)
    bot = RandomBot(seed)
    while not game.over:
        game.apply(bot.choose(game.view(game.current_player)))
        if game.state.turn.held:
            return game
    raise AssertionError("no condition held in a whole game")


@pytest.mark.parametrize("seed", [1, 2])
def test_what_held_is_turn_state_saved_cloned_and_replayed(seed):
    """T12: what held is part of the turn: kept by to_json/from_json, clone and a replay of the
    record, and forgotten when the next turn starts."""
    game = _a_turn_with_something_held(seed)
    held = list(game.state.turn.held)
    assert Game.from_json(game.ruleset, game.to_json()).state.turn.held == held
    assert game.clone().state.turn.held == held
    assert state_json(replay(game_record(game))) == state_json(game)
    turn = game.state.turn_no
    bot = RandomBot(seed)
    while game.state.turn_no == turn and not game.over:
        game.apply(bot.choose(game.view(game.current_player)))
    if not game.over:              # the next turn remembers only what held in it (its start)
        now = game.state.turn.held
        assert all(game.ruleset.looking_back[key](game, game.state.current) for key in now)
