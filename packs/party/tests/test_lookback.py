"""Conditions met at any moment of the turn (C11 and its default (a), T12): each Party card whose
condition looks back (docs/conditions.md), played through the public API with the condition met
at the play, met only earlier in the turn and no longer at the play, met only later, and never.
Both read where the other pawns are, so they are sampled after every action: "earlier" is the
state after an earlier action of the turn.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clank.testing import move_between

from .conftest import Table

DOC = Path(__file__).resolve().parents[3] / "docs" / "conditions.md"
GATE, IDOLS, CURIOS = "st-a.gate", "st-a.idols", "su-1.curios"   # curios is next to the gate, not the idols

# card: (the room the other pawns wait in, where the player's condition holds, where it does not)
CARDS = {
    "crowd-cover": (GATE, GATE, IDOLS),       # another pawn in your room
    "tag-along": (IDOLS, GATE, CURIOS),       # another pawn in a room next to yours
}


def arrange(card: str) -> Table:
    t = Table(6)
    t.tile("su-1", 1, 0)
    others, _, _ = CARDS[card]
    t.at(others, *[s for s in range(6) if s != t.seat])
    t.hand(t.seat, card, "burgle")
    t.res(boots=3, swords=3)
    seat = str(t.seat)
    t.game.state.clank_area[seat] = t.game.state.clank_area.get(seat, 0) + 5
    t.p().cubes -= 5
    return t


def granted(t: Table, card: str) -> bool:
    """Whether the card's conditional part was given, once it has been played (Crowd Cover:
    5 Clank! in the area, -1 and -2 more; Tag Along: the teleport)."""
    if card == "crowd-cover":
        left = t.game.state.clank_area[str(t.seat)] - t.start_clank
        assert left in (-1, -3)
        return left == -3
    return t.p().teleports == ["to_player_adjacent"]


def play(t: Table, card: str) -> None:
    t.start_clank = t.game.state.clank_area[str(t.seat)]
    t.do(f"play {card}")


@pytest.mark.parametrize("card", CARDS)
def test_C11_met_at_the_play(card):
    t = arrange(card)
    t.at(CARDS[card][1])
    play(t, card)
    assert granted(t, card)


@pytest.mark.parametrize("card", CARDS)
def test_C11a_met_only_earlier_in_the_turn(card):
    """C11 default (a): met after an earlier action of the turn (Burgle played beside the other
    pawns), the player moves away before the card is played."""
    t = arrange(card)
    _, yes, no = CARDS[card]
    t.at(yes)
    t.do("play burgle")
    move_between(t.game, yes, no)
    assert t.p().room == no
    play(t, card)
    assert granted(t, card)


@pytest.mark.parametrize("card", CARDS)
def test_C11_met_only_later_in_the_turn(card):
    """C11: played away from the other pawns, the move that brings the player beside them
    grants it then."""
    t = arrange(card)
    _, yes, no = CARDS[card]
    t.at(no)
    play(t, card)
    assert not granted(t, card)
    move_between(t.game, no, yes)
    assert granted(t, card)


@pytest.mark.parametrize("card", CARDS)
def test_C11_never_met(card):
    t = arrange(card)
    t.at(CARDS[card][2])
    t.do("play burgle")
    play(t, card)
    assert not granted(t, card)


def test_every_party_card_that_looks_back_is_tested_both_ways():
    """docs/conditions.md lists the cards whose condition looks back; each of this pack's is
    played here with the condition met at the play and met only earlier."""
    rows = re.findall(r"^\| `([a-z0-9-]+)` \(card\) \| party \|.*\| \*\*yes\*\*", DOC.read_text(), re.M)
    assert set(rows) == set(CARDS)
