"""Reserve cards (A2, A5) and the starting deck (S16), played through the API."""

from __future__ import annotations

from collections import Counter

import pytest
from clank import IllegalAction


def test_mercenary_from_reserve(t):
    """Mercenary (A2): 2 Skill from the reserve stack into the discard pile; play +1 Skill +2 Swords."""
    t.res(skill=2)
    t.do("reserve mercenary")
    assert t.me.discard == ["mercenary"] and t.game.state.reserve["mercenary"] == 14
    t.play("mercenary")
    assert t.pool("skill") == 1 and t.pool("swords") == 2


def test_explore_from_reserve(t):
    """Explore (A2): 3 Skill; play +2 Skill +1 Boot."""
    t.res(skill=3)
    t.do("reserve explore")
    assert t.me.discard == ["explore"] and t.game.state.reserve["explore"] == 14
    t.play("explore")
    assert t.pool("skill") == 2 and t.pool("boots") == 1


def test_secret_tome_from_reserve(t):
    """Secret Tome (A2, E8): 7 Skill; no play effect; worth 7 VP."""
    t.res(skill=7)
    t.do("reserve secret-tome")
    assert t.game.state.reserve["secret-tome"] == 11
    t.play("secret-tome")
    assert t.me.pool.get("skill", 0) == 0 and t.kind() == "main"
    t.me.play.clear()
    t.me.deck = ["secret-tome"]
    t.me.discard = []
    assert t.score()["cards"] == 7


def test_reserve_needs_skill(t):
    """A2: not enough Skill, no acquisition."""
    t.res(skill=6)
    with pytest.raises(IllegalAction):
        t.do("reserve secret-tome")


def test_empty_reserve_stack(t):
    """A2: an empty reserve stack cannot be bought from."""
    t.game.state.reserve["explore"] = 0
    t.res(skill=10)
    assert "reserve explore" not in t.legal()
    with pytest.raises(IllegalAction):
        t.do("reserve explore")


def test_goblin_fought_repeatedly(t):
    """Goblin (A5, INV-11): 2 Swords for 1 gold, again and again; it never leaves the reserve."""
    t.res(swords=6)
    t.do("fight-reserve goblin", "fight-reserve goblin", "fight-reserve goblin")
    assert t.me.gold == 3 and t.pool("swords") == 0
    assert t.game.state.reserve["goblin"] == 1
    assert "goblin" not in t.me.discard and "goblin" not in t.game.state.dungeon_discard
    assert "fight-reserve goblin" not in t.legal()


def test_goblin_is_not_bought(t):
    """A5: the Goblin is fought with Swords, never acquired with Skill."""
    t.res(skill=10)
    assert not [a for a in t.legal() if "goblin" in a]


def test_starting_deck(t):
    """S16: every player owns 6 Burgle, 2 Stumble, 1 Sidestep, 1 Scramble and 3 lockpicks."""
    for p in t.game.state.players:
        owned = Counter(p.deck + p.hand + p.discard + p.play)
        assert owned == {"burgle": 6, "stumble": 2, "sidestep": 1, "scramble": 1}
        assert p.pool.get("lockpicks", 0) == 3


def test_burgle(t):
    """Burgle: +1 Skill."""
    t.play("burgle")
    assert t.pool("skill") == 1


def test_stumble(t):
    """Stumble (T8): +1 Clank!."""
    t.play("stumble")
    assert t.clank() == 4 and t.me.cubes == 26


def test_stumble_with_empty_supply(t):
    """Stumble (T8, TS-06): no cube left in the supply: nothing placed, no error."""
    t.res(cubes=0)
    t.play("stumble")
    assert t.clank() == 3


def test_sidestep(t):
    """Sidestep: +1 Boot."""
    t.play("sidestep")
    assert t.pool("boots") == 1


def test_scramble(t):
    """Scramble: +1 Skill, +1 Boot."""
    t.play("scramble")
    assert t.pool("skill") == 1 and t.pool("boots") == 1


def test_starters_worth_nothing(t):
    """E8: starting cards score 0."""
    for card in ("burgle", "stumble", "sidestep", "scramble", "mercenary", "explore"):
        assert t.game.ruleset.cards[card].points == 0


def test_pending_negative_clank_is_lost_at_end_of_turn(t):
    """T9, TS-06: pending negative Clank! vanishes at the end of the turn."""
    t.game.state.clank_area[str(t.seat)] = 0
    t.play("sneak-attack")
    assert t.me.pending_neg == 2
    t.end()
    assert t.me.pending_neg == 0


def test_end_of_turn_draws_five_and_discards_play(t):
    """D1 step 1, A1: played and acquired cards go to the discard pile; 5 new cards are drawn."""
    t.play("burgle", "burgle")
    t.res(skill=2)
    t.do("reserve mercenary")
    seat = t.seat
    t.end()
    p = t.game.player(seat)
    assert len(p.hand) == 5 and p.play == [] and p.pool == {"lockpicks": 3}
    assert Counter(p.discard + p.deck + p.hand)["mercenary"] == 1
