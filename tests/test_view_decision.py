"""A seat's view answers who decides, what it decides and its legal actions from the state
directly (bots ask at every decision): the same answers the game gives (DESIGN §5)."""

from __future__ import annotations

import random

import pytest
from clank import new_game


@pytest.mark.parametrize(("packs", "players", "seed"), [
    (["catacombs"], 4, 3), (["catacombs", "underworld"], 3, 8), (["catacombs", "underworld", "party"], 4, 6)])
def test_a_views_decision_facts_are_the_games_at_every_step(packs, players, seed):
    """At every step of a random game, for every seat and a spectator: ``deciding`` is whether
    the game's current player is that seat, ``pending()`` the game's pending decision when that
    seat decides it (else None), ``legal_actions()`` the game's when that seat decides (else
    nothing); and once the game is over no seat decides. The views are made once: they read the
    game live."""
    game = new_game(packs, players=players, seed=seed, options={"max_rounds": 30})
    rng = random.Random(seed)
    views = [game.view(seat) for seat in (*range(players), None)]
    pending_seen = 0
    while True:
        current = game.current_player
        for view in views:
            deciding = view.seat is not None and current == view.seat
            assert view.deciding is deciding
            decision = game.state.decision
            assert view.pending() is (decision if deciding and decision is not None else None)
            assert view.legal_actions() == (game.legal_actions() if deciding else [])
        pending_seen += game.state.decision is not None
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert current is None and pending_seen > 10
