"""Conditions met at any moment of the turn (C11 and its default (a), T12): each base card whose
condition looks back (docs/conditions.md), played through the public API with the condition met
at the play, met only earlier in the turn and no longer at the play, and (for an ``if`` without
``else``) met only later; and a control where it is never met.

Where the shipped rules give no way to lose what a condition asks for (a crown, a monkey idol),
the test takes it away by hand between two actions: it checks the mechanism, which a pack whose
rules do take such things relies on.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clank import new_game
from clank.testing import edit, give_token, move_between, place, set_hand, set_pool, write_pack

DOC = Path(__file__).resolve().parents[3] / "docs" / "conditions.md"

# card: (tiles to place, a room where its condition holds, a room next to it where it does not)
ROOM_CARDS = {
    "lie-in-wait": ((), "st-a.grotto", "st-a.gate"),                      # a Crystal Cave (R4)
    "robbery": (("su-1",), "su-1.market", "su-1.curios"),                 # a Market room (K1)
    "spectral-rider": (("su-1", "de-19", "de-20"), "de-19.vigil", "su-1.curios"),   # a haunted tile (R5)
}
TILES = {"su-1": (1, 0), "de-19": (1, 1), "de-20": (-1, 1)}


def granted(t, card: str) -> bool:
    """Whether the conditional part of ``card`` was given (after playing it)."""
    if card == "lie-in-wait":
        return t.clank() == 1                                   # 3 starting Clank!, -2
    if card in ("robbery", "floating-skull"):
        return t.me.teleports == ["adjacent"]
    if card == "spectral-rider":
        return t.kind() == "may"                                # may teleport to another haunted tile
    if card == "boots-of-the-ape-lord":
        return "ignore_exhaustion" in t.game.state.turn.flags
    if card == "corrupt-advisor":
        return t.clank(t.other().seat) == 2 + 2                 # 2 starting Clank!, +2 instead of +1
    raise AssertionError(card)


def arrange(t, card: str) -> tuple[str, str]:
    tiles, yes, no = ROOM_CARDS[card]
    for tile in tiles:
        place(t.game, tile, *TILES[tile])
    t.res(boots=2, swords=2)
    return yes, no


# -- conditions of where the pawn is (looks_back="room") ------------------------------------------

@pytest.mark.parametrize("card", ROOM_CARDS)
def test_C11_met_at_the_play(t, card):
    """C11: in the room when the card is played."""
    yes, _ = arrange(t, card)
    t.at(yes)
    t.play(card)
    assert granted(t, card)


@pytest.mark.parametrize("card", ROOM_CARDS)
def test_C11a_met_only_earlier_in_the_turn(t, card):
    """C11 default (a): in the room earlier this turn, moved out before the card is played."""
    yes, no = arrange(t, card)
    move_between(t.game, yes, no)
    assert t.me.room == no
    t.play(card)
    assert granted(t, card)


@pytest.mark.parametrize("card", ROOM_CARDS)
def test_C11_met_only_later_in_the_turn(t, card):
    """C11 (TS-04): played away from such a room nothing is granted (the control: never met so
    far); the room entered afterwards grants it then."""
    yes, no = arrange(t, card)
    t.at(no)
    t.play(card)
    assert not granted(t, card)
    move_between(t.game, no, yes)
    assert granted(t, card)


def test_C11a_lie_in_wait_a_cave_teleported_out_of(t):
    """C11 default (a), RULES's own example: entering the Crystal Cave exhausts (R4), a teleport
    takes the pawn out, then Lie in Wait is played: -2 Clank!."""
    t.at("st-a.gate")
    t.res(boots=1)
    t.do("move st-a#3 0")
    assert t.me.room == "st-a.grotto"
    t.me.teleports.append("adjacent")
    t.do("teleport adjacent st-a.gate")
    t.play("lie-in-wait")
    assert t.clank() == 1


def test_C11a_ogre_merchant_market_left_before_the_fight(t):
    """C11 default (a), C10: a Market room visited earlier this turn opens the Ogre Merchant's
    free market item when it is defeated elsewhere."""
    place(t.game, "su-1", *TILES["su-1"])
    t.res(boots=2)
    move_between(t.game, "su-1.market", "su-1.curios")
    t.fight("ogre-merchant")
    assert t.kind() == "choose"
    t.do("option 1")
    assert t.kind() == "take_item"


def test_C11_ogre_merchant_in_a_market_and_never(t, make):
    """C10: in a Market room the choice is offered; never in one this turn, only the 5 gold."""
    place(t.game, "su-1", *TILES["su-1"])
    t.at("su-1.market")
    t.fight("ogre-merchant")
    assert t.kind() == "choose"
    other = make()
    other.fight("ogre-merchant")
    assert other.kind() == "main" and other.me.gold == 5


# -- conditions of what the player holds (looks_back=True) ------------------------------------

HOLDING = {"boots-of-the-ape-lord": "monkey-idol", "corrupt-advisor": "crown-10", "floating-skull": "crown-10"}


@pytest.mark.parametrize("card", HOLDING)
def test_C11_holding_at_the_play(t, card):
    """T12: holding the token when the card is played."""
    give_token(t.game, t.seat, HOLDING[card])
    t.play(card)
    assert granted(t, card)


@pytest.mark.parametrize("card", HOLDING)
def test_C11a_held_only_earlier_in_the_turn(t, card):
    """C11 default (a), T12: held after an earlier action of the turn, gone when the card is
    played (taken away by hand: no shipped rule takes a crown or an idol back)."""
    token = HOLDING[card]
    t.hand(card, "burgle")
    give_token(t.game, t.seat, token)
    t.play("burgle")                                        # an action: what holds after it is seen
    with edit(t.game) as st:
        st.players[t.seat].tokens.remove(token)
        st.token_box.append(token)
    t.play(card)
    assert granted(t, card)


@pytest.mark.parametrize("card", HOLDING)
def test_C11_held_never(t, card):
    """Control: never held this turn, nothing is granted."""
    t.play("burgle")
    t.play(card)
    assert not granted(t, card)


@pytest.mark.parametrize("card", ["boots-of-the-ape-lord", "floating-skull"])
def test_C11_held_only_later_in_the_turn(t, card):
    """C11: played first, the token taken afterwards grants it then (a crown bought at the
    market, K1; the monkey idol taken at its shrine, A16)."""
    t.play(card)
    assert not granted(t, card)
    if card == "floating-skull":
        place(t.game, "su-1", *TILES["su-1"])
        t.at("su-1.market")
        t.res(gold=7)
        t.do("room market crown-10")
    else:
        t.res(boots=1)
        move_between(t.game, "st-a.gate", "st-a.idols")      # the shrine gives an idol on entry
        assert "monkey-idol" in t.me.tokens
    assert granted(t, card)


def test_C11a_librarian_tome_trashed_before_the_play(t):
    """C11 default (a), C13: a Secret Tome in the discard pile earlier this turn, trashed by a
    Riot before Librarian is played: Librarian still draws 2."""
    t.hand("riot", "librarian")
    t.me.discard.append("secret-tome")
    t.me.stats["prisoners_freed"] = 3                       # Riot may trash (G14)
    t.play("riot")
    t.do("pick discard secret-tome")
    assert "secret-tome" in t.game.state.box
    t.play("librarian")
    assert len(t.me.hand) == 2


def test_C11_librarian_tome_at_the_play_later_and_never(t, make):
    """C11: a Secret Tome in the discard pile at the play draws 2 at once; acquired only after
    the play, the 2 cards come then (a watcher); never there, none."""
    t.me.discard.append("secret-tome")
    t.play("librarian")
    assert len(t.me.hand) == 2
    later = make()
    later.play("librarian")
    assert later.me.hand == []
    later.res(skill=7)
    later.do("reserve secret-tome")
    assert len(later.me.hand) == 2
    never = make()
    never.play("librarian")
    assert never.me.hand == []


def test_C11a_companion_trashed_from_play_still_counts(t):
    """C11 (Rebel Leader) and its default (a): a companion played and then trashed from the play
    area still makes "another companion in your play area this turn" (companion_in_play counts
    the companions played, which never falls)."""
    t.me.stats["prisoners_freed"] = 3
    t.play("scavenger", "riot")
    t.do("pick play scavenger")
    assert "scavenger" not in t.me.play
    t.play("rebel-scribe")
    assert len(t.me.hand) == 1


def test_C11_a_companion_alone_draws_nothing(t):
    """Control: Rebel Scribe with no other companion this turn draws nothing."""
    t.play("rebel-scribe")
    assert t.me.hand == []


# -- the audit ---------------------------------------------------------------------------------

TESTED = {*ROOM_CARDS, "ogre-merchant", *HOLDING, "librarian"}


def test_every_base_card_that_looks_back_is_tested_both_ways():
    """docs/conditions.md lists the cards whose condition looks back; each of this pack's is
    played here with the condition met at the play and met only earlier."""
    rows = re.findall(r"^\| `([a-z0-9-]+)` \(card\) \| catacombs \|.*\| \*\*yes\*\*", DOC.read_text(), re.M)
    assert set(rows) == TESTED


def test_been_in_room_feature_is_kept_for_older_packs(tmp_path):
    """The base pack's ``been_in_room_feature`` (Lie in Wait's before conditions looked back) is
    kept as the same condition as ``in_room_feature``: a pack written for it still loads and plays
    by C11 default (a)."""
    pack = write_pack(tmp_path, "old-pack", {
        "cards.yaml": "- id: old-ambush\n  name: Old Ambush\n  kind: dungeon\n  type: item\n"
                      "  count: 1\n  cost: {skill: 3}\n  play:\n"
                      "    - if: {been_in_room_feature: crystal_cave}\n      then: [clank: -2]\n",
    })
    game = new_game(["catacombs", str(pack)], players=2, seed=0)
    set_hand(game, 0, ["old-ambush"])
    set_pool(game, 0, boots=2)
    move_between(game, "st-a.grotto", "st-a.gate")
    game.apply("play old-ambush")
    assert game.state.clank_area["0"] == 1
