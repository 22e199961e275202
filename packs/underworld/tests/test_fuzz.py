"""Fuzzing whole Underworld games (expansions-design.md §6.3): random, busy and greedy bots at one
table, 2-4 players, either start side, the variants on and off, with the core's check of the
state and the Underworld's invariants after EVERY action. The fast tier plays a few games of
each mix; the slow tier (``--runslow``) 1,000."""

from __future__ import annotations

import pytest
from clank import Action, new_game
from clank.testing import BusyBot, check_game

QUICK, SLOW = 12, 1000


def _bots(game, seed: int, mix: str):
    from clank.plugin import act  # noqa: F401  (the contract is all the bots need)

    greedy = game.registry.bots["greedy"].factory
    random = game.registry.bots["random"].factory
    kinds = {"random": [random], "greedy": [greedy], "mixed": [greedy, BusyBot, random]}[mix]
    return [kinds[(seed + i) % len(kinds)](seed * 16 + i) for i in range(len(game.state.players))]


def _fuzz(checked, seed: int, mix: str) -> None:
    players = 2 + seed % 3
    options = {"max_rounds": 60, "underworld_side": "AB"[seed // 3 % 2], "first_player": seed % players}
    if seed % 4 == 1:
        options["fixed_dimensions"] = 5
    if seed % 4 == 2:
        options["mercy"] = "on"
    game = new_game(["catacombs", "underworld"], players, seed, options)
    checked(game, _bots(game, seed, mix))
    assert game.over


@pytest.mark.parametrize("mix", ["random", "greedy", "mixed"])
def test_fuzz_quick(checked, mix):
    """A few games of each mix with every invariant after every action (§6.3, INV-34..36)."""
    for seed in range(QUICK if mix != "random" else QUICK // 2):
        _fuzz(checked, 30_000 + seed, mix)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(20))
def test_fuzz_slow(checked, block):
    """1,000 games (20 blocks of 50), mixed bots, invariants after every action."""
    for seed in range(block * SLOW // 20, (block + 1) * SLOW // 20):
        _fuzz(checked, 40_000 + seed, "mixed")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_with_the_underworld(players):
    """The game contract (clone, serialise, same seed same game, illegal actions refused) holds with
    the Underworld, for 2 to 4 players."""
    check_game(["catacombs", "underworld"], players=players, seeds=(players,))


def test_a_bot_cannot_read_another_seats_face_down_fate_card():
    """Hidden information: another seat's face-down fate card is absent from a seat's view."""
    game = new_game(["catacombs", "underworld"], 2, 5)
    seat, other = game.state.current, 1 - game.state.current
    game.state.pools["fate"].remove("fate-temperance")
    game.player(other).tokens.append("fate-temperance")
    view = game.view(seat)
    assert "fate-temperance" not in str(view.to_dict())
    assert "fate-temperance" not in view.player(other).tokens
    assert "fate-temperance" in game.view(other).me.tokens
    assert Action("end") in game.legal_actions() or game.legal_actions()
