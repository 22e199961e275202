"""Fuzzing whole games with every pack at once: the base game, the Underworld and the Adventuring
Party together, as a player who picks both expansions gets them. Each pack's own fuzz tests play
it beside the base game alone; these games put the three at one table, 2 to 6 seats, mixed bots
(greedy, busy, random), the packs' options on and off, and check the state of the whole family
(RULES.md Appendix 2: conservation of cards, tokens and cubes, ranges, statuses, tiles) after
EVERY action, with a save round trip and a clone every 40 actions. Skipped when the expansion
packs are not installed."""

from __future__ import annotations

import clank_catacombs
import pytest
from clank import Game, new_game
from clank.testing import BusyBot, playout, state_json, state_problems

clank_underworld = pytest.importorskip("clank_underworld")
clank_party = pytest.importorskip("clank_party")
MODULES = {"catacombs": clank_catacombs, "underworld": clank_underworld, "party": clank_party}
PACKS = list(MODULES)

GAMES = [                  # (seats, options): one game each, seed = its index + 70,000
    (2, {}),
    (3, {"characters": "on", "mercy": "on"}),
    (4, {"party_cards": "on", "cloaks": 2, "underworld_side": "B"}),
    (5, {}),
    (6, {"characters": "on", "fixed_dimensions": 5}),
    (6, {"mercy": "on", "first_game_coin": "on"}),
]


def _bots(game: Game, seed: int) -> list:
    kinds = [game.registry.bots["greedy"].factory, BusyBot, game.registry.bots["random"].factory]
    return [kinds[(seed + i) % 3](seed * 16 + i) for i in range(len(game.state.players))]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_every_pack_at_one_table_keeps_every_invariant(index):
    seats, options = GAMES[index]
    seed = 70_000 + index
    game = new_game(PACKS, seats, seed, {"max_rounds": 60, "first_player": seed % seats, **options},
                    modules=MODULES)
    assert state_problems(game) == [], "setup"

    def check(game: Game, action) -> None:
        step = len(game.state.history)
        problems = state_problems(game)
        assert problems == [], f"seed {seed}, action {step} ({action}): {problems}"
        if step % 40 == 0:
            back = Game.from_json(game.ruleset, game.to_json())
            assert state_json(back) == state_json(game), f"seed {seed}, action {step}: save round trip"
            assert back.legal_actions() == game.legal_actions()
            assert state_json(game.clone()) == state_json(game)

    steps = playout(game, _bots(game, seed), max_steps=30_000, after=check)
    assert game.over and steps > 0 and game.legal_actions() == []
