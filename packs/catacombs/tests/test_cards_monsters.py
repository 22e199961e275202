"""Monsters (red banner, A4): fought with Swords from the dungeon row, then to the dungeon discard."""

from __future__ import annotations

import pytest
from clank import IllegalAction


def test_defeated_monster_goes_to_dungeon_discard(t):
    """A4, A19, C12: a defeated monster goes to the dungeon discard; its slot waits for the refill."""
    t.fight("skeleton")
    assert t.game.state.row[0] is None and t.game.state.dungeon_discard == ["skeleton"]
    assert t.pool("swords") == 0


def test_monster_needs_its_swords(t):
    """A4: not enough Swords, no fight."""
    t.row_slot("keymaster")
    t.res(swords=1)
    with pytest.raises(IllegalAction):
        t.do("fight 0")


def test_skeleton(t):
    """Skeleton: +2 gold, +1 Clank!."""
    t.fight("skeleton")
    assert t.me.gold == 2 and t.clank() == 4


def test_animated_wall_without_portal(t):
    """Animated Wall: +1 Boot."""
    t.fight("animated-wall")
    assert t.pool("boots") == 1


def test_animated_wall_after_portal(t):
    """Animated Wall (A11): +1 more Boot when a portal was used this turn."""
    t.tile("de-18", -1, 1)
    t.at("st-a.grotto")
    t.res(boots=1)
    portal = next(a for a in t.legal() if a.startswith("portal "))
    t.do(portal)
    assert t.me.room == "de-18.cache"
    t.fight("animated-wall")
    assert t.pool("boots") == 2


def test_animated_wall_portal_used_later(t):
    """Animated Wall (C11): a portal used after the fight still gives the extra Boot."""
    t.tile("de-18", -1, 1)
    t.at("st-a.grotto")
    t.fight("animated-wall")
    portal = next(a for a in t.legal() if a.startswith("portal "))
    t.do(portal)
    assert t.pool("boots") == 1


def test_animated_wall_arrive_turns_occupied_tiles(t):
    """Animated Wall (C3, X15): on arrival every square tile with a pawn turns 180 degrees."""
    t.tile("su-1", 1, 0)
    t.tile("su-3", -1, 0)
    t.at("su-1.market", seat=1)
    t.safe_row()
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("animated-wall")
    t.end()
    rots = {pt.tile: pt.rot for pt in t.game.state.tiles}
    assert rots["su-1"] == 2 and rots["su-3"] == 0 and rots["st-a"] == 0


def test_crystal_kobold_only_in_cave_or_wayshrine(t):
    """Crystal Kobold (A4, TS-01): not fightable outside a Crystal Cave or Wayshrine."""
    t.row_slot("crystal-kobold")
    t.res(swords=2)
    assert "fight 0" not in t.legal()
    t.at("st-a.grotto")
    assert "fight 0" in t.legal()
    t.at("st-a.niche")
    assert "fight 0" in t.legal()


def test_crystal_kobold_reward(t):
    """Crystal Kobold: +2 Skill."""
    t.at("st-a.grotto")
    t.fight("crystal-kobold")
    assert t.pool("skill") == 2


def test_keymaster(t):
    """Keymaster: +1 lockpick."""
    t.fight("keymaster")
    assert t.me.pool.get("lockpicks", 0) == 4


def test_skeleton_priest_defeat(t):
    """Skeleton Priest: heal 1, +1 Clank!."""
    t.hurt(2)
    t.fight("skeleton-priest")
    assert len(t.me.damage) == 1 and t.clank() == 4


def test_skeleton_priest_arrive(t):
    """Skeleton Priest (C3, C7): on arrival every player makes 1 Clank!."""
    t.safe_row()
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("skeleton-priest")
    t.end()
    assert t.clank(0) == 4 and t.clank(1) == 3


def test_archoverlord_defeat(t):
    """Archoverlord (C7): draw 2; every other player makes 1 Clank!."""
    t.fight("archoverlord")
    assert len(t.me.hand) == 2 and t.clank() == 3 and t.clank(1) == 3


def test_archoverlord_arrive_skips_out_players(make):
    """Archoverlord (C3, E3): on arrival every live player makes 1 Clank!; out players do not."""
    t3 = make(players=3)
    t3.game.player(2).status = "escaped"
    t3.safe_row()
    t3.res(skill=3)
    t3.do("buy 0")
    t3.deck_next("archoverlord")
    t3.end()
    assert (t3.clank(0), t3.clank(1), t3.clank(2)) == (4, 3, 1)


def test_marble_guardian_teleport_into_new_tile(t):
    """Marble Guardian (X11, C8): place the next tile beside yours, then teleport into it."""
    top = t.game.state.stacks["catacombs"][0]
    t.fight("marble-guardian")
    assert t.kind() == "place_tile"
    assert set(t.legal()) == {"put 1 0", "put 1 1", "put -1 0", "put -1 1", "put 0 -1", "put 0 2"}
    assert t.game.state.stacks["catacombs"][0] == top        # not revealed before the cell is chosen
    t.do("put 1 0")
    assert t.game.state.stacks["catacombs"][0] != top
    assert t.kind() == "place_tile" and set(t.legal()) == {"turn 0", "turn 1", "turn 2", "turn 3"}
    t.do("turn 1")
    assert next(pt for pt in t.game.state.tiles if pt.tile == top).rot == 1
    assert t.kind() == "marble_reward"
    rooms = [a for a in t.legal() if a.startswith("enter ")]
    assert rooms and all(a.split()[1].startswith(top + ".") for a in rooms)
    t.do(rooms[0])
    assert t.me.room == rooms[0].split()[1] and t.me.gold == 0


def test_marble_guardian_gold(t):
    """Marble Guardian: ... or gain 2 gold instead of teleporting."""
    t.fight("marble-guardian")
    t.do("put 1 0", "turn 0", "gold")
    assert t.me.gold == 2 and t.me.room == "st-a.crypt"


def test_marble_guardian_no_tile_left(t):
    """Marble Guardian (X12; issue 11 item 3): with the tile stack exhausted nothing happens,
    not even the 2 gold (content-facts: "Dusty Map/Marble Guardian then do nothing")."""
    t.game.state.stacks["catacombs"] = []
    t.fight("marble-guardian")
    assert t.kind() == "main" and t.me.gold == 0 and "nothing happens" in t.game.log[-1]


def test_skeletal_ape(t):
    """Skeletal Ape: +3 gold, +3 Skill, +3 Clank!."""
    t.fight("skeletal-ape")
    assert t.me.gold == 3 and t.pool("skill") == 3 and t.clank() == 6


def test_skeleton_warlock(t):
    """Skeleton Warlock (C2): a Secret Tome from the reserve to the discard pile, +1 Clank!."""
    t.fight("skeleton-warlock")
    assert t.me.discard == ["secret-tome"] and t.game.state.reserve["secret-tome"] == 11
    assert t.clank() == 4


def test_skeleton_warlock_no_tome_left(t):
    """Skeleton Warlock (A2): an empty Secret Tome stack gives nothing but the Clank!."""
    t.game.state.reserve["secret-tome"] = 0
    t.fight("skeleton-warlock")
    assert t.me.discard == [] and t.clank() == 4


def test_the_warden_only_in_depths(t):
    """The Warden (A4, R12): fightable only in the Depths (the start tile's upper half counts)."""
    t.row_slot("the-warden")
    t.res(swords=3)
    assert "fight 0" not in t.legal()
    t.at("st-a.grotto")
    assert "fight 0" in t.legal()


def test_the_warden_frees_two_prisoners(t):
    """The Warden (G14): free 2 prisoners."""
    t.next_token("prisoner", "peasant")
    t.next_token("prisoner", "cleric")
    t.at("st-a.grotto")
    t.fight("the-warden")
    assert {"peasant", "cleric"} <= set(t.me.tokens)
    assert t.me.stats["prisoners_freed"] == 2


def test_the_warden_is_danger(t):
    """The Warden (C4): in the row it adds a cube to the attack draw."""
    t.safe_row()
    t.row_slot("the-warden", 5)
    t.game.state.rage = 0
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("rose-quartz")
    t.end()
    assert any("draws 3 cube" in line for line in t.game.log)


def test_ogre_merchant_gold_outside_market(t):
    """Ogre Merchant (C10): outside a Market only the 5 gold."""
    t.fight("ogre-merchant")
    assert t.kind() == "main" and t.me.gold == 5


def test_ogre_merchant_free_item_in_market(t):
    """Ogre Merchant (K8): in a Market, one market item for free instead."""
    t.tile("su-1", 1, 0)
    t.at("su-1.market")
    t.fight("ogre-merchant")
    assert t.kind() == "choose"
    t.do("option 1")
    assert t.kind() == "take_item"
    assert "item crown-10" in t.legal() and "item crown-9" not in t.legal()
    t.do("item crown-10")
    assert "crown-10" in t.me.tokens and t.me.gold == 0


# Printed data (content-facts.md section 3c): copies, Swords, dragon icon "D", Danger "!".
MONSTERS = [
    ("skeleton", 3, 1, ""),
    ("animated-wall", 2, 2, ""),
    ("crystal-kobold", 2, 2, "D"),
    ("keymaster", 2, 2, ""),
    ("skeleton-priest", 2, 2, ""),
    ("archoverlord", 3, 3, ""),
    ("marble-guardian", 1, 3, "D"),
    ("skeletal-ape", 1, 3, "D"),
    ("skeleton-warlock", 1, 3, "D"),
    ("the-warden", 1, 3, "D!"),
    ("ogre-merchant", 2, 4, "D"),
]


def test_monster_list_is_complete(t):
    """S2, DATA-4: 11 monsters, 20 copies; with blue cards and devices the deck holds 100."""
    cards = t.game.ruleset.cards.values()
    monsters = [c for c in cards if c.kind == "dungeon" and c.type == "monster"]
    assert {c.id for c in monsters} == {row[0] for row in MONSTERS}
    assert sum(c.count for c in monsters) == 20
    st = t.game.state
    assert len(st.dungeon_deck) + len([c for c in st.row if c]) == 100
    assert len({c.id for c in cards if c.kind == "dungeon"}) == 68


@pytest.mark.parametrize("card,count,swords,flags", MONSTERS, ids=[row[0] for row in MONSTERS])
def test_monster_printed_data(t, card, count, swords, flags):
    """C1, A4: copies, Swords to defeat, icons."""
    cdef = t.game.ruleset.cards[card]
    assert (cdef.count, cdef.cost, cdef.dragon_attack, cdef.danger) == (
        count, {"swords": swords}, "D" in flags, "!" in flags)
