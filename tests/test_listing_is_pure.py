"""Listing the legal actions reads the game and never changes it (DESIGN §5: the state is
data; a listing is a question about it). A seeded sweep over positions of every pack, alone
and together: at each step a fresh listing (on a clone, whose listing is never cached) must
leave the state byte-identical, as must a seat's view listing them.

Found by a pack whose room feature read a room's state through ``game.room(room)`` while its
``may_enter`` was asked during the listing: that method makes an empty entry for a room that
has none. Packs read a room with ``game.room_state(room)``, which never writes.
"""

from __future__ import annotations

import json
import random

import pytest
from clank import Game, new_game
from clank.playcheck import contract_problem

CONFIGS = [(("catacombs",), 4, 11), (("catacombs", "underworld"), 4, 12), (("catacombs", "party"), 5, 13),
           (("catacombs", "underworld", "party"), 6, 14), (("catacombs", "underworld"), 2, 15)]


def _state(game: Game) -> str:
    return json.dumps(game.state.to_dict(), sort_keys=True)


def _label(value: object) -> str:
    return "+".join(value) if isinstance(value, tuple) else str(value)


@pytest.mark.parametrize(("packs", "players", "seed"), CONFIGS, ids=_label)
def test_listing_the_legal_actions_leaves_the_state_as_it_was(packs: tuple[str, ...], players: int, seed: int):
    game = new_game(list(packs), players, seed)
    rng = random.Random(seed)
    steps = 0
    while not game.over and steps < 600:
        probe = game.clone()
        before = _state(probe)
        legal = probe.legal_actions()
        assert _state(probe) == before, f"listing the legal actions at step {steps} changed the state"
        view = game.clone().view(probe.current_player)
        assert view.legal_actions() == legal
        game.apply(rng.choice(legal))
        steps += 1
    assert steps > 100


def test_a_listing_that_changes_the_state_is_a_broken_contract(monkeypatch):
    """validate --play and simulate --check report a listing that writes to the game."""
    from clank.game import turn

    game = new_game(["catacombs"], 2, 3)
    assert contract_problem(game) is None
    listing = turn.legal

    def writing(g, orienting=False):
        g.rooms.setdefault("nowhere.room", {})
        return listing(g, orienting)

    monkeypatch.setattr(turn, "legal", writing)
    assert contract_problem(game) == "listing the legal actions changes the game's state"
