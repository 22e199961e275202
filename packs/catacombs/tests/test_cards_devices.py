"""Devices (purple banner, A3): used from the dungeon row for Skill, then to the dungeon discard."""

from __future__ import annotations

import pytest
from clank import IllegalAction


def test_used_device_goes_to_dungeon_discard_slot_stays_empty(t):
    """A3, A19, C12: a used device leaves the row for the dungeon discard; no refill before the end."""
    t.use("darkened-alcove")
    assert t.game.state.row[0] is None
    assert t.game.state.dungeon_discard == ["darkened-alcove"]
    assert "darkened-alcove" not in t.me.discard


def test_device_needs_its_skill(t):
    """A3: a device cannot be used without its Skill."""
    t.row_slot("darkened-alcove")
    t.res(skill=1)
    with pytest.raises(IllegalAction):
        t.do("use 0")


def test_wishing_well_costs_3_gold(t):
    """Wishing Well (A3): no Skill, but 3 gold must be spent to use it; then draw 2."""
    t.row_slot("wishing-well")
    t.res(gold=2, skill=5)
    assert "use 0" not in t.legal()
    t.res(gold=4)
    t.do("use 0")
    assert t.me.gold == 1 and len(t.me.hand) == 2 and t.pool("skill") == 5


def test_wishing_well_with_grand_theft_still_costs_gold(t):
    """Grand Theft's lockpick replaces Skill only: the Wishing Well still wants its 3 gold."""
    t.row_slot("wishing-well")
    t.play("grand-theft")
    t.do("option 1")
    t.res(gold=0)
    assert "use 0 alt" not in t.legal()
    t.res(gold=3)
    t.do("use 0 alt")
    assert t.me.gold == 0 and t.me.pool.get("lockpicks", 0) == 2


def test_wishing_well_is_danger(t):
    """Wishing Well (C4, D5b): in the row it adds 1 cube to each attack draw."""
    t.safe_row()
    t.row_slot("wishing-well", 5)
    t.game.state.rage = 0                           # 2 cubes + 1 Danger
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("rose-quartz")
    t.end()
    assert any("draws 3 cube" in line for line in t.game.log)


def test_darkened_alcove(t):
    """Darkened Alcove (T9): -2 Clank!."""
    t.use("darkened-alcove")
    assert t.clank() == 1


def test_underground_river_heal(t):
    """Underground River (C10): heal 1 ..."""
    t.hurt(2)
    t.use("underground-river")
    assert t.kind() == "choose"
    t.do("option 0")
    assert len(t.me.damage) == 1 and t.pool("boots") == 0


def test_underground_river_boot(t):
    """Underground River (C10): ... or +1 Boot, never both."""
    t.hurt(2)
    t.use("underground-river")
    t.do("option 1")
    assert len(t.me.damage) == 2 and t.pool("boots") == 1


def test_locked_trunk(t):
    """Locked Trunk: 3 Skill and 1 lockpick: take a Major Secret (resolved at once, G1)."""
    t.next_token("major", "greater-skill-boost")
    t.use("locked-trunk")
    assert t.me.pool.get("lockpicks", 0) == 3 - 0                   # the helper added the lockpick it cost
    assert t.pool("skill") == 5
    assert "greater-skill-boost" in t.game.state.token_box


def test_locked_trunk_needs_a_lockpick(t):
    """Locked Trunk: without a lockpick it cannot be used."""
    t.row_slot("locked-trunk")
    t.res(skill=3, lockpicks=0)
    assert "use 0" not in t.legal()


def test_thieves_shrine_gold(t):
    """Thieves' Shrine (C10): +2 gold."""
    t.use("thieves-shrine")
    t.do("option 0")
    assert t.me.gold == 2


def test_thieves_shrine_trash_two_burgles(t):
    """Thieves' Shrine (C9): trash up to 2 Burgles from play area or discard pile."""
    t.me.discard.extend(["burgle", "burgle", "stumble"])
    t.play("burgle")
    t.use("thieves-shrine")
    t.do("option 1")
    assert t.kind() == "pick"
    assert "pick hand burgle" not in t.legal()
    t.do("pick play burgle", "pick discard burgle")
    assert t.game.state.box == ["burgle", "burgle"]
    assert t.me.discard == ["burgle", "stumble"]


def test_thieves_shrine_trash_may_stop_early(t):
    """Thieves' Shrine: "up to" 2 — one Burgle is enough."""
    t.me.discard.extend(["burgle", "burgle"])
    t.use("thieves-shrine")
    t.do("option 1", "pick discard burgle", "done")
    assert t.game.state.box == ["burgle"]


def test_thieves_shrine_arrive_returns_black_cubes(t):
    """Thieves' Shrine (C3): on arrival 3 black cubes go from the bank to the bag."""
    st = t.game.state
    st.bank["black"] = 4
    bag = st.bag["black"]
    t.safe_row()
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("thieves-shrine")
    t.end()
    assert st.bank["black"] == 1 and st.bag["black"] == bag + 3


def test_black_market_two_different_options(t):
    """Black Market: two different options among gold, trash, lockpick."""
    t.me.discard.append("stumble")
    t.use("black-market")
    assert t.kind() == "choose" and len(t.game.legal_actions()) == 3
    t.do("option 0")                                   # +2 gold
    assert t.kind() == "choose" and len(t.game.legal_actions()) == 2
    t.do("option 1")                                   # +1 lockpick (the trash option moved up)
    assert t.me.gold == 2 and t.me.pool.get("lockpicks", 0) == 4
    assert t.kind() == "main"


def test_black_market_trash(t):
    """Black Market (C9): the trash option trashes a card from play area or discard pile."""
    t.me.discard.append("stumble")
    t.use("black-market")
    t.do("option 1")
    assert t.kind() == "pick"
    t.do("pick discard stumble")
    t.do("option 1")                                   # then +1 lockpick
    assert t.game.state.box == ["stumble"] and t.me.pool.get("lockpicks", 0) == 4


def test_dusty_map_places_a_tile_anywhere(make):
    """Dusty Map (promo, X11): place the next tile at an empty spot of the map; no move."""
    p = make(options={"parts": ["promos"]})
    p.tile("su-1", 1, 0)
    top = p.game.state.stacks["catacombs"][0]
    p.use("dusty-map")
    assert p.kind() == "place_tile"
    puts = p.legal()
    assert "put 2 0" in puts and "put -1 0" in puts      # beside su-1 and beside the start tile
    p.do("put 2 0", "turn 3")
    placed = {(pt.tile, pt.x, pt.y) for pt in p.game.state.tiles}
    assert (top, 2, 0) in placed and p.me.room == "st-a.crypt" and p.me.gold == 0


# Printed data (content-facts.md section 3b): copies, Skill to use, dragon icon "D", Danger "!".
DEVICES = [
    ("wishing-well", 1, 0, "D!"),
    ("darkened-alcove", 2, 2, "D"),
    ("underground-river", 2, 2, "D"),
    ("locked-trunk", 1, 3, "D"),
    ("thieves-shrine", 2, 4, ""),
    ("black-market", 1, 5, ""),
]


def test_device_list_is_complete(t):
    """S2, DATA-4: 6 devices, 9 copies."""
    devices = [c for c in t.game.ruleset.cards.values() if c.kind == "dungeon" and c.type == "device"]
    assert {c.id for c in devices} == {row[0] for row in DEVICES}
    assert sum(c.count for c in devices) == 9


@pytest.mark.parametrize("card,count,skill,flags", DEVICES, ids=[row[0] for row in DEVICES])
def test_device_printed_data(t, card, count, skill, flags):
    """C1: copies, Skill to use, icons; devices are worth no VP."""
    cdef = t.game.ruleset.cards[card]
    assert (cdef.count, cdef.cost["skill"], cdef.dragon_attack, cdef.danger, cdef.points) == (
        count, skill, "D" in flags, "!" in flags, 0)
