"""Fuzzing whole games (issue 11): mixed bots at one table, 2-4 players, promos on and off,
either start side, every invariant of RULES.md Appendix 2 and the core's own state check after
EVERY action. ``make test`` plays 100 games; the slow tier (``--runslow``, run by CI) 1,000."""

from __future__ import annotations

import pytest
from clank import Action, Game
from clank.builtin import RandomBot
from clank.testing import BusyBot

QUICK, SLOW = 100, 1000


def _table(game: Game, seed: int):
    """One bot per seat, mixed: greedy, busy and random in a rotation that depends on the seed."""
    factories = [lambda s: game.registry.bots["greedy"].factory(s), BusyBot, RandomBot]
    bots = [factories[(seed + i) % 3](seed * 16 + i) for i in range(len(game.state.players))]

    class Table:
        def choose(self, view) -> Action:
            return bots[view.seat].choose(view)

    return Table()


def _fuzz(kit, invariants, play_checked, seed: int) -> None:
    players = 2 + seed % 3
    options = {"max_rounds": 80, "first_player": seed % players, "start_side": "AB"[seed // 3 % 2]}
    if seed % 2:
        options["parts"] = ["promos"]
    game = kit.game(players, seed, **options)
    checker = invariants(game)
    play_checked(game, _table(game, seed), checker)
    assert game.over
    checker.check(game, "final")


@pytest.mark.parametrize("block", range(10))
def test_fuzz_quick(kit, invariants, play_checked, block):
    """100 games (10 blocks of 10) with invariants after every action."""
    for seed in range(block * QUICK // 10, (block + 1) * QUICK // 10):
        _fuzz(kit, invariants, play_checked, 10_000 + seed)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(20))
def test_fuzz_slow(kit, invariants, play_checked, block):
    """1,000 games (20 blocks of 50) with invariants after every action."""
    for seed in range(block * SLOW // 20, (block + 1) * SLOW // 20):
        _fuzz(kit, invariants, play_checked, 20_000 + seed)
