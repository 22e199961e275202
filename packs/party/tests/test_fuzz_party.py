"""Fuzzing Party games (expansions-design.md 6.3): mixed bots (greedy, busy, random) at 5 and 6
players, at 2-4 players with the Party's options, with and without characters; after EVERY
action the core's invariant check and the Party's invariants (conftest.PartyInvariants).
The default run plays a few dozen games; the slow tier (``--runslow``) plays many more."""

from __future__ import annotations

import pytest
from clank.testing import BusyBot

from .conftest import party_game

CONFIGS = [
    (6, {}), (5, {}), (6, {"characters": "on"}), (5, {"characters": "on"}),
    (4, {"party_cards": "on", "cloaks": 2}), (3, {"party_cards": "on", "characters": "on"}),
    (2, {"characters": "on", "cloaks": 1}), (6, {"characters": "whiskers,monkeybot,agnet,dallan,garignar,lenara"}),
]
QUICK, SLOW = 24, 400


def _fuzz(party_invariants, seed: int) -> tuple[int, int]:
    players, options = CONFIGS[seed % len(CONFIGS)]
    game = party_game(players, seed, max_rounds=80, first_player=seed % players, **options)
    kinds = [game.registry.bots["greedy"].factory, BusyBot, game.registry.bots["random"].factory]
    bots = [kinds[(seed + i) % 3](seed * 16 + i) for i in range(players)]
    checker = party_invariants(game)
    checker.check("setup")
    steps = 0
    while not game.over:
        seat = game.current_player
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        steps += 1
        checker.check(f"seed {seed}, action {steps} ({action})")
        assert steps < 30_000, "the game did not end"
    return checker.reacts, checker.arrivals


@pytest.mark.parametrize("block", range(4))
def test_fuzz_party_quick(party_invariants, block):
    """24 games (4 blocks of 6) with every invariant after every action; React and Arrive
    Choice happen in them."""
    reacts = arrivals = 0
    for seed in range(block * QUICK // 4, (block + 1) * QUICK // 4):
        r, a = _fuzz(party_invariants, 30_000 + seed)
        reacts, arrivals = reacts + r, arrivals + a
    assert arrivals > 0


@pytest.mark.slow
@pytest.mark.parametrize("block", range(20))
def test_fuzz_party_slow(party_invariants, block):
    """400 games (20 blocks of 20) with every invariant after every action."""
    for seed in range(block * SLOW // 20, (block + 1) * SLOW // 20):
        _fuzz(party_invariants, 40_000 + seed)


def test_the_checker_catches_a_broken_party_invariant(party_invariants):
    """The checker itself: two artifacts from one room, a React play on one's own turn."""
    game = party_game(6, 1)
    checker = party_invariants(game)
    checker.check()
    game.player(0).ext.setdefault("catacombs", {})["artifact_rooms"] = ["de-01.throne", "de-01.throne"]
    with pytest.raises(AssertionError, match="P6"):
        checker.check()
    game.player(0).ext["catacombs"]["artifact_rooms"] = []
    checker.observe(game, {"event": "react_played", "seat": game.state.current, "card": "eavesdrop", "drew": 1})
    with pytest.raises(AssertionError, match="own turn"):
        checker.check()
