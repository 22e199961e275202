"""Conditions met at any moment of the turn (C11 and its default (a), T12; R12, U1, U27): each
Underworld card whose condition looks back (docs/conditions.md), played through the public API
with the condition met at the play, met only earlier in the turn and no longer at the play, met
only later, and never.

The Grave Robber case of issue 30 is played exactly: Red starts a turn in a Depths ladder room,
goes down the ladder into the Underworld, then plays Grave Robber: 2 gold, as if it had been
played before going down.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clank.testing import edit, give_token, move_between, set_hand

DOC = Path(__file__).resolve().parents[3] / "docs" / "conditions.md"
LADDER, BELOW = "ud-3.ladder", "uw-2.ladder"       # a Depths ladder room (C) and the Underworld one under it


def ladder(u) -> None:
    """The Depths ladder tile ud-3 beside the start tile, and uw-2 in its slot below (U32)."""
    u.place("ud-3", 1, 0)
    u.slot("uw-2", "C")
    u.res(boots=3, swords=3)


def end_turn(game) -> None:
    """The current seat ends its turn with an empty hand."""
    set_hand(game, game.state.current, [])
    game.apply("end")


# -- Grave Robber: "in the Depths, 1 more gold" (R12, U27) --------------------------------------

def test_C11a_grave_robber_turn_started_in_the_depths_then_down_the_ladder(u):
    """Issue 30: Red starts a turn in a Depths ladder room, goes down the ladder into the
    Underworld (not the Depths, U27), then plays Grave Robber: 1 + 1 gold (C11 default (a))."""
    u.place("ud-3", 1, 0)
    u.safe_row()
    u.at(LADDER)
    end_turn(u.game)                                  # Red's turn ends in the ladder room ...
    end_turn(u.game)                                  # ... the other seat's turn ...
    assert u.game.state.current == u.seat and u.me.room == LADDER    # ... and Red's starts there
    u.hand("grave-robber")
    u.res(boots=1)
    u.do("explore link:ladder0")                      # down the ladder: the slot's tile is discovered
    while u.kind() != "main":
        u.do(u.legal()[0])
    assert u.game.tile_of_room(u.me.room).region == "underworld"
    gold = u.me.gold
    u.play("grave-robber")
    assert u.me.gold == gold + 2


def test_C11_grave_robber_in_the_depths_at_the_play(u):
    """Played in the Depths ladder room before going down: 1 + 1 gold."""
    u.place("ud-3", 1, 0)
    u.at(LADDER)
    u.play("grave-robber")
    assert u.me.gold == 2


def test_C11_grave_robber_never_in_the_depths(u):
    """Control: the turn spent in the Underworld only (U27): 1 gold."""
    ladder(u)
    u.at(BELOW)
    u.play("grave-robber")
    assert u.me.gold == 1


def test_C11_grave_robber_depths_entered_later(u):
    """C11: played in the Underworld, then up the ladder into the Depths: the gold comes then."""
    ladder(u)
    u.at(BELOW)
    u.play("grave-robber")
    move_between(u.game, BELOW, LADDER)
    assert u.me.gold == 2


# -- "In the Underworld" (U1): below, then up the ladder before the play ------------------------

def gained(resource: str):
    """A measure: how much of a resource the current player gained this turn (spending aside)."""
    return lambda u: u.game.turn_stat(f"{resource}_gained")


def healed(u):
    return -len(u.me.damage)


# card: (what its Underworld part gives, how much, what the move down the ladder itself gives)
BELOW_CARDS = {
    "ferry-lantern": (gained("boots"), 1, 0),
    "lost-soul": (gained("undercoins"), 1, 1),    # the Underworld ladder room pays 1 undercoin
    "dirge": (gained("swords"), 1, 0),
    "river-water": (healed, 1, 0),
}


def bonus(u, card: str, act) -> int:
    """What ``act`` (playing the card, or a move after it) changed of the card's measure."""
    measure = BELOW_CARDS[card][0]
    before = measure(u)
    act()
    return measure(u) - before


@pytest.fixture
def below(u):
    ladder(u)
    u.hurt(2)                                 # River Water has something to heal
    return u


@pytest.mark.parametrize("card", BELOW_CARDS)
def test_C11_in_the_underworld_at_the_play(below, card):
    below.at(BELOW)
    base = {"ferry-lantern": 1, "lost-soul": 0, "dirge": 2, "river-water": 0}[card]
    assert bonus(below, card, lambda: below.play(card)) == base + BELOW_CARDS[card][1]


@pytest.mark.parametrize("card", BELOW_CARDS)
def test_C11a_in_the_underworld_only_earlier_in_the_turn(below, card):
    """C11 default (a): below earlier this turn, up the ladder before the card is played."""
    move_between(below.game, BELOW, LADDER)
    assert below.game.tile_of_room(below.me.room).region == "catacombs"
    base = {"ferry-lantern": 1, "lost-soul": 0, "dirge": 2, "river-water": 0}[card]
    assert bonus(below, card, lambda: below.play(card)) == base + BELOW_CARDS[card][1]


@pytest.mark.parametrize("card", BELOW_CARDS)
def test_C11_in_the_underworld_only_later(below, card):
    """C11: played above, then down the ladder: the Underworld part comes on arrival."""
    below.at(LADDER)
    below.play(card)
    _, more, move = BELOW_CARDS[card]
    assert bonus(below, card, lambda: move_between(below.game, LADDER, BELOW)) == move + more


@pytest.mark.parametrize("card", BELOW_CARDS)
def test_C11_never_in_the_underworld(below, card):
    below.at(LADDER)
    base = {"ferry-lantern": 1, "lost-soul": 0, "dirge": 2, "river-water": 0}[card]
    assert bonus(below, card, lambda: below.play(card)) == base


# -- Ghostly Escort: "on a haunted tile, 1 more boot" (R5) ---------------------------------------

@pytest.fixture
def haunted(u):
    u.place("su-1", 1, 0)
    u.place("de-19", 1, 1)                    # a haunted Depths tile, next to su-1's curios
    u.res(boots=2, swords=2)
    return u


@pytest.mark.parametrize(("where", "more"), [("now", 1), ("earlier", 1), ("later", 1), ("never", 0)])
def test_C11_ghostly_escort(haunted, where, more):
    """C11 and its default (a): on a haunted tile at the play, only earlier this turn or only
    later, 1 more Boot; never on one, none."""
    u = haunted
    if where == "earlier":
        move_between(u.game, "de-19.vigil", "su-1.curios")       # off the haunted tile
    else:
        u.at("de-19.vigil" if where == "now" else "su-1.curios")
    boots = gained("boots")
    before = boots(u)
    u.play("ghostly-escort")
    if where == "later":
        move_between(u.game, "su-1.curios", "de-19.vigil")
    got = boots(u) - before - 1                                  # beyond its own Boot
    assert got == more


# -- Tarot Reader: "if you hold a fate card, gain 2 gold" (U12) ----------------------------------

FATE = "fate-fool"


def test_C11_tarot_reader_holding_a_fate_card(u):
    give_token(u.game, u.seat, FATE)
    u.play("tarot-reader")
    assert u.me.gold == 2


def test_C11a_tarot_reader_fate_card_held_only_earlier(u):
    """C11 default (a), T12: a fate card held after an earlier action of the turn, gone when
    Tarot Reader is played (taken away by hand: a fate card is only ever swapped, U12)."""
    u.hand("tarot-reader", "burgle")
    give_token(u.game, u.seat, FATE)
    u.play("burgle")
    with edit(u.game) as st:
        st.players[u.seat].tokens.remove(FATE)
        st.pools["fate"].append(FATE)
    u.play("tarot-reader")
    assert u.me.gold == 2


def test_C11_tarot_reader_fate_card_only_later_and_never(u, make):
    """C11: a fate card held only after the play gives the 2 gold then; never held, none."""
    u.hand("tarot-reader", "burgle")
    u.play("tarot-reader")
    assert u.me.gold == 0
    give_token(u.game, u.seat, FATE)
    u.play("burgle")
    assert u.me.gold == 2
    never = make()
    never.play("tarot-reader")
    assert never.me.gold == 0


# -- the audit ---------------------------------------------------------------------------------

TESTED = {"grave-robber", *BELOW_CARDS, "ghostly-escort", "tarot-reader"}


def test_every_underworld_card_that_looks_back_is_tested_both_ways():
    """docs/conditions.md lists the cards whose condition looks back; each of this pack's is
    played here with the condition met at the play and met only earlier."""
    rows = re.findall(r"^\| `([a-z0-9-]+)` \(card\) \| underworld \|.*\| \*\*yes\*\*", DOC.read_text(), re.M)
    assert set(rows) == TESTED
