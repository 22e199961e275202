"""The Underworld area, its tiles and the ways in and out (RULES.md U1, U26-U34, U27, U39, U40;
expansions-design.md §2): every tile of the pack is played through the public API here."""

from __future__ import annotations

import pytest
from clank.testing import assert_refused

HUB = "uw-start-a"


def ladders(u, room: str) -> dict[str, str]:
    """The link moves from a room: action text -> destination room."""
    return {f"move {key} 0": dest for key, dest, _ in u.game.link_routes(room)}


# -- U1, U26: the area, its start tile and slots ------------------------------------------------

def test_U26_the_start_tile_fills_the_hub_at_setup_and_slots_A_to_E_wait_around_it(u):
    """U26: the Underworld is apart from the catacombs: its start tile in the hub (front side by
    default), five slots A-E for at most five tiles, which are never turned."""
    hub = next(t for t in u.game.state.tiles if t.region == "underworld")
    assert (hub.tile, hub.slot) == (HUB, "hub")
    layout = u.game.slot_layout("underworld")
    assert list(layout.slots) == ["hub", "A", "B", "C", "D", "E"]
    assert layout.neighbours("hub") == ["A", "B", "C", "D", "E"]
    assert layout.neighbours("A") == ["hub", "B"] and layout.neighbours("C") == ["hub", "B", "D"]
    assert len(u.game.state.stacks["underworld"]) == 7
    assert all(not u.game.ruleset.tiles[t].rotatable for t in [HUB, "uw-start-b", *u.game.state.stacks["underworld"]])


def test_U1_a_pawn_is_in_the_underworld_only_on_its_tiles(u):
    """U1: the start tile and Underworld tiles are the Underworld; Underworld Depths tiles are not."""
    from clank_underworld.common import below
    u.at(f"{HUB}.gate")
    assert below(u.game, u.seat)
    u.place("ud-3", 1, 0)
    u.at("ud-3.ladder")
    assert not below(u.game, u.seat)
    u.slot("uw-1", "B")
    u.at("uw-1.mint")
    assert below(u.game, u.seat)


def test_the_start_tile_back_side_is_chosen_by_option(make):
    """U26, U29: ``underworld_side=B`` puts the back side (the Shrine Below) in the hub."""
    b = make(underworld_side="B")
    assert [t.tile for t in b.game.state.tiles if t.region == "underworld"] == ["uw-start-b"]
    with pytest.raises(ValueError):
        make(underworld_side="C")


# -- U27: not the Depths ------------------------------------------------------------------------

def test_U27_no_underworld_room_is_in_the_depths_but_a_knock_out_there_scores_0(u):
    """U27: in_depths never holds below (Blink Spell cannot aim there); knocked out there: 0."""
    u.at(f"{HUB}.gate")
    u.at(f"{HUB}.gate", seat=u.other)
    assert not u.game.ruleset.registry.conditions["in_depths"].test(u.game, u.seat, True)
    assert u.game.teleport_targets(u.other, "player_in_depths") == []
    p = u.game.player(u.other)
    p.artifacts.append(u.game.state.artifact_stack.pop())
    from clank.testing import knock_out
    knock_out(u.game, u.other)
    assert not u.game.scores()[u.other]["eligible"]


# -- U28-U30: setup --------------------------------------------------------------------------------

def test_U28_the_catacomb_stack_holds_3_surface_tiles_then_10_with_3_ladder_tiles(u):
    """U28: 3 Surface tiles on top, then 7 Depths tiles and the 3 kept Underworld Depths tiles
    shuffled together, then the 15 other Depths tiles; 3 Surface and 3 Underworld Depths tiles
    are out of the game unseen."""
    rs = u.game.ruleset
    stack = u.game.state.stacks["catacombs"]
    kinds = [rs.tiles[t].stack for t in stack]
    assert kinds[:3] == ["surface"] * 3 and "surface" not in kinds[3:]
    assert kinds[3:13].count("underworld_depths") == 3 and "underworld_depths" not in kinds[13:]
    assert len(stack) == 28
    out = [rs.tiles[t].stack for t in u.game.state.removed_tiles]
    assert sorted(out) == ["surface"] * 3 + ["underworld_depths"] * 3


def test_U29_the_start_tile_holds_the_lyre_imps_guardian_enhancers_harpy_and_a_prisoner(u):
    """U29: the lyre; the three imps, ×4 on top; Kerberos with the enhancers, ×2 on top; one harpy
    in the roost; on the front, one random prisoner face up in the prison."""
    r = u.game.state.rooms
    assert r[f"{HUB}.lyre"]["lyre"] == ["magic-lyre"]
    assert r[f"{HUB}.library"]["imps"] == ["imp-archivist", "imp-inkpot", "imp-dogear"]
    assert r[f"{HUB}.lair"]["guardian"] == "guardian-trophy"
    assert r[f"{HUB}.lair"]["enhancers"] == ["enhancer-2x", "enhancer-1-5x", "enhancer-1-5x"]
    assert r[f"{HUB}.roost"]["harpy"] == "harpy"
    assert u.game.ruleset.tokens[r[f"{HUB}.prison"]["prisoner"]].pool == "prisoner"
    assert len(u.game.state.pools["harpy"]) == 5


def test_U29_the_back_side_holds_the_monkey_shrine_and_the_catacombs_shrine_gives_nothing(make):
    """U29: on the back side the three idols lie in the Underworld's shrine; the catacombs shrine
    is covered and gives nothing; there is no prison."""
    b = make(underworld_side="B")
    rooms = b.game.state.rooms
    assert rooms["uw-start-b.shrine"]["tokens"] == ["monkey-idol"] * 3
    assert not rooms["st-a.idols"].get("tokens")
    b.at("st-a.gate")
    b.res(boots=1)
    b.move_to("st-a.idols")
    assert "monkey-idol" not in b.me.tokens
    b.at("uw-start-b.lair")
    b.room("uw-start-b.lair").pop("guardian")
    b.res(boots=1)
    b.move_to("uw-start-b.shrine")
    assert b.me.tokens.count("monkey-idol") == 1
    assert not any("prisoner" in r for r in rooms.values())


def test_U30_pools_market_board_dungeon_deck_and_fate_deck(u):
    """U30: the Underworld's tokens are mixed into the pools (27 prisoners, 17 Major and 29 Minor
    Secrets); the top row gains the River Lamps, the bottom row holds the Underworld items; the
    50 cards are in the dungeon deck; the fate deck is shuffled near it."""
    st = u.game.state
    prisoners = len(st.pools["prisoner"]) + 1            # one waits in the Underworld Prison
    assert (prisoners, len(st.pools["major"]), len(st.pools["minor"])) == (27, 17, 29)
    assert st.market["market"].count("river-lamp") == 2
    assert sorted(set(st.market["underworld"])) == ["boots-of-the-wind", "gauntlets-of-destiny", "jesters-cap",
                                                     "river-boat", "uw-blood-amulet"]
    assert len(st.market["underworld"]) == 9
    assert len(st.dungeon_deck) + 6 == 150
    assert len(st.pools["fate"]) == 22


# -- U31: discovering Underworld tiles ---------------------------------------------------------

def test_U31_moving_off_a_port_of_the_hub_discovers_a_tile_into_that_slot(u):
    """U31: a tunnel toward an empty slot is an open edge; the tile lies as the slot says (no
    orientation to choose) and the move goes on into it."""
    u.at(f"{HUB}.prison")
    u.res(boots=2)
    u.next_tile("uw-3")
    explore = next(a for a in u.legal() if a.startswith("explore uw-start-a#2"))    # B1-prison
    u.do(explore)
    assert [a for a in u.legal() if a.startswith(("orient", "place"))] == ["orient 0 0"]
    u.do("orient 0 0")
    placed = next(t for t in u.game.state.tiles if t.tile == "uw-3")
    assert placed.slot == "B" and placed.rot == 0
    assert u.me.room == "uw-3.tower"                      # B1 meets i1, i1 leads to the tower


def test_U31_a_tile_leg_toward_an_empty_slot_discovers_the_neighbouring_slot(u):
    """U31: the legs of a tile face the neighbouring slots; slot A's left leg faces the wall."""
    u.slot("uw-3", "B")
    geo = u.game.geometry
    ends = sorted(r.to for r in geo.routes_from("uw-3.ladder") if r.to[0] == "open")
    assert ("open", 2, 2, "A.r", 0, "underworld") in ends       # B's l leg faces A's r leg
    u.slot("uw-1", "A")
    assert all(r.to[0] != "dead" for r in u.game.geometry.routes_from("uw-1.market"))
    assert not any(r.to[0] == "open" and r.to[3].startswith("hub") for r in u.game.geometry.routes_from("uw-1.market"))
    # A's l leg is closed: the market's l tunnel leads nowhere (dropped)
    tunnels = [t for t in u.game.ruleset.tiles["uw-1"].tunnels if t.a.name == "l" or t.b.name == "l"]
    assert tunnels and len(u.game.geometry.routes_from("uw-1.market")) == 2


def test_U31_a_discovered_tile_stays_when_the_move_cannot_be_paid(u):
    """U31 default (as X9): a toll booth beyond the edge without an undercoin: the tile stays,
    the move does not happen and costs nothing."""
    u.at(f"{HUB}.library")
    u.res(boots=1, undercoins=0)
    u.next_tile("uw-4")                         # i1-ladder carries a toll booth
    explore = next(a for a in u.legal() if a.startswith("explore uw-start-a#0"))   # A1-library
    u.do(explore)
    assert u.legal()[:1] == ["place 0"]
    u.do("place 0")
    assert u.game.geometry.in_slot("underworld", "A").tile == "uw-4"
    assert u.me.room == f"{HUB}.library" and u.pool("boots") == 1


def test_U31_an_empty_underworld_stack_discovers_nothing(u):
    """U31, X12: with the Underworld stack empty no edge of it is explored and no ladder leads
    toward an empty slot."""
    u.place("ud-3", 1, 0)
    u.game.state.removed_tiles.extend(u.game.state.stacks["underworld"])
    u.game.state.stacks["underworld"].clear()
    u.at(f"{HUB}.prison")
    u.res(boots=2)
    assert not [a for a in u.legal() if a.startswith("explore")]
    u.at("ud-3.ladder")
    assert not [a for a in u.legal() if a.startswith("explore link")]


# -- U32: ladders ---------------------------------------------------------------------------------

def test_U32_a_ladder_leads_down_for_a_boot_discovering_its_slot_and_back_up(u):
    """U32: 1 Boot down to the ladder room of the slot with the ladder's letter (its tile is
    discovered first), and 1 Boot back up; a ladder token marks the pair."""
    u.place("ud-3", 1, 0)                       # ladder C
    u.at("ud-3.ladder")
    u.res(boots=2)
    u.next_tile("uw-7")
    down = next(a for a in u.legal() if a.startswith("explore link:ladder"))
    u.do(down)
    assert u.game.geometry.in_slot("underworld", "C").tile == "uw-7"
    assert u.me.room == "uw-7.ladder" and u.pool("boots") == 1
    assert u.room("uw-7.ladder")["ladder_token"] == "ladder-c"
    up = ladders(u, "uw-7.ladder")
    assert list(up.values()) == ["ud-3.ladder"]
    u.do(next(iter(up)))
    assert u.me.room == "ud-3.ladder" and u.pool("boots") == 0


def test_U32_up_only_to_an_existing_depths_room_of_that_letter_and_a_choice_of_two(u):
    """U32: a slot's ladder room climbs only to Depths ladder rooms of its letter that exist; with
    two (UD-3 and UD-6 are both C) the climber chooses."""
    u.slot("uw-1", "B")
    assert ladders(u, "uw-1.ladder") == {}
    u.place("ud-3", 1, 0)
    u.place("ud-6", 2, 0)
    u.slot("uw-7", "C")
    assert sorted(ladders(u, "uw-7.ladder").values()) == ["ud-3.ladder", "ud-6.ladder"]


def test_U32_exhaustion_forbids_a_ladder_with_boots_not_a_teleport(u):
    """U32 default: a Crystal Cave's exhaustion (R4) forbids climbing with Boots; a teleport along
    the ladder still works."""
    u.place("ud-3", 1, 0)
    u.slot("uw-7", "C")
    u.at("ud-3.ladder")
    u.res(boots=1)
    u.game.set_flag("exhausted")
    assert not [a for a in u.legal() if "link:" in a]
    u.me.teleports.append("adjacent")
    assert "teleport adjacent uw-7.ladder" in u.legal()


# -- U33: chutes ----------------------------------------------------------------------------------

def test_U33_a_chute_leads_down_to_any_ladder_room_and_never_up(u):
    """U33: 1 Boot down to any Underworld ladder room A-E (an empty slot is discovered); one way
    only: no move or teleport goes up a chute."""
    u.place("ud-3", 1, 0)
    u.at("ud-3.chute")
    u.res(boots=1)
    downs = [a for a in u.legal() if a.startswith("explore link:chute")]
    assert len(downs) == 5
    u.next_tile("uw-4")
    u.do(downs[3])                              # slot D
    assert u.game.geometry.in_slot("underworld", "D").tile == "uw-4"
    assert u.me.room == "uw-4.ladder"
    assert not any(d == "ud-3.chute" for _, d, _ in u.game.link_routes("uw-4.ladder"))
    u.me.teleports.append("adjacent")
    assert "ud-3.chute" not in u.game.teleport_targets(u.seat, "adjacent")
    u.me.teleports.append("link")
    assert "ud-3.chute" not in u.game.teleport_targets(u.seat, "link")


# -- U34: the return portal -------------------------------------------------------------------------

def test_U34_the_return_portal_leads_out_of_any_other_portal_and_nothing_comes_in(u):
    """U34: from the gate, into the return portal and out of another portal of the dungeon (its
    Boot and both tunnels' icons); no move, teleport or portal exit arrives through it."""
    u.at(f"{HUB}.gate")
    u.res(boots=2, swords=0)
    portal = [a for a in u.legal() if a.startswith("portal ")]
    assert portal and all("uw-start-a" not in a.split()[2] for a in portal)
    u.do(portal[0])
    assert u.me.room == "st-a.grotto" and u.pool("boots") == 1
    assert all(e.to[1] != f"{HUB}.gate" for e in u.game.geometry.portal_exits())
    u.me.teleports.append("adjacent")
    assert f"{HUB}.gate" not in u.game.teleport_targets(u.seat, "adjacent")


# -- every tile, played ----------------------------------------------------------------------------

@pytest.mark.parametrize("tile", [f"uw-{i}" for i in range(1, 8)])
def test_every_underworld_tile_is_reached_by_a_ladder_and_left_toll_free_for_the_hub(make, tile):
    """§2.9: every Underworld tile has one ladder room, where ladders and chutes arrive, and a path
    to the hub with no toll booth and no lock; it is never turned, in any slot."""
    for slot in ("A", "D"):
        u = make()
        u.place("ud-3", 1, 0)
        u.at("ud-3.chute")
        u.res(boots=1)
        u.next_tile(tile)
        u.do(f"explore {next(k for k, t, _ in u.game.link_openings('ud-3.chute') if t.split(':')[2] == slot)}")
        assert u.game.geometry.in_slot("underworld", slot).tile == tile
        assert u.me.room == f"{tile}.ladder" and u.game.room_has(u.me.room, "ladder_uw")
        # toll-free: breadth-first over tunnels without toll booths or locks reaches the gate
        seen, todo = {u.me.room}, [u.me.room]
        while todo:
            room = todo.pop()
            for r in u.game.geometry.routes_from(room):
                icons = {i for s in r.segments for i in u.game.geometry.tunnel(s).icons}
                if r.to[0] == "room" and not icons & {"toll", "lock"} and r.to[1] not in seen:
                    seen.add(r.to[1])
                    todo.append(r.to[1])
        assert f"{HUB}.gate" in seen


@pytest.mark.parametrize("tile,letter", [("ud-1", "A"), ("ud-2", "B"), ("ud-3", "C"), ("ud-4", "D"),
                                         ("ud-5", "E"), ("ud-6", "C")])
def test_every_underworld_depths_tile_has_a_lettered_ladder_down_to_its_slot(make, tile, letter):
    """§2.10: an Underworld Depths tile is a Depths catacomb tile whose ladder room leads down to
    the slot of its letter; turning the tile keeps the ladder."""
    u = make()
    u.place(tile, 1, 0, rot=1)
    assert u.game.tile_of_room(f"{tile}.ladder").ext["depths"]
    u.at(f"{tile}.ladder")
    u.res(boots=1)
    u.do(next(a for a in u.legal() if a.startswith("explore link:ladder")))
    assert u.game.geometry.in_slot("underworld", letter) is not None
    assert u.me.room.endswith(".ladder") and u.game.tile_of_room(u.me.room).region == "underworld"


def test_the_start_tile_front_rooms_are_joined_as_the_ring_and_the_lair(u):
    """§2.8: every room of the hub reaches the gate with no toll booth and no lock."""
    geo = u.game.geometry
    for room in ("lair", "lyre", "library", "roost", "prison"):
        dests = {r.to[1] for r in geo.routes_from(f"{HUB}.{room}") if r.to[0] == "room"}
        assert dests, room
    assert {r.to[1] for r in geo.routes_from(f"{HUB}.gate") if r.to[0] == "room"} == {
        f"{HUB}.lair", f"{HUB}.library", f"{HUB}.lyre"}


# -- U39: haunted tiles; U40: the Marble Guardian -------------------------------------------------

def test_U39_a_haunted_underworld_tile_adds_a_ghost_while_the_bank_has_one(u):
    """U39: placing a haunted Underworld tile (UW-2) adds a ghost cube; with none left, nothing."""
    bank = u.game.state.bank
    before = bank["ghost"]
    u.slot("uw-2", "A")
    assert bank["ghost"] == before - 1 and u.game.state.clank_area.get("ghost", 0) == 1
    u.game.state.clank_area["ghost"] += bank["ghost"]
    bank["ghost"] = 0
    u.slot("uw-5", "B")
    assert u.game.state.clank_area["ghost"] == 5


def test_U40_the_marble_guardian_below_places_the_next_tile_in_a_slot_next_to_yours(u):
    """U40: defeated by a player in the Underworld, the Marble Guardian places the next Underworld
    tile in an empty slot next to the player's tile, then the teleport-or-2-gold choice."""
    u.at(f"{HUB}.gate")
    u.next_tile("uw-6")
    u.fight("marble-guardian")
    assert u.kind() == "place_tile"
    assert u.legal() == [f"slot {s}" for s in "ABCDE"]
    u.do("slot C")
    assert u.game.geometry.in_slot("underworld", "C").tile == "uw-6"
    assert u.kind() == "marble_reward"
    u.do("gold")
    assert u.me.gold == 2


def test_U40_no_empty_slot_next_to_yours_gives_2_gold(make):
    """U40 default: no empty slot next to the player's tile (slot A: the hub and B), or an empty
    Underworld stack: nothing is placed and the player gains 2 gold."""
    u = make()
    u.slot("uw-1", "A")
    u.slot("uw-2", "B")
    u.at("uw-1.market")
    u.fight("marble-guardian")
    assert u.me.gold == 2 and u.kind() == "main"
    v = make()
    v.game.state.removed_tiles.extend(v.game.state.stacks["underworld"])
    v.game.state.stacks["underworld"].clear()
    v.at(f"{HUB}.gate")
    v.fight("marble-guardian")
    assert v.me.gold == 2 and v.kind() == "main"


def test_the_dusty_map_places_a_catacomb_tile_even_from_below(make):
    """§2.13: the Dusty Map places catacomb tiles only."""
    u = make(parts=["promos"])
    u.at(f"{HUB}.gate")
    u.use("dusty-map")
    assert u.kind() == "place_tile"
    u.do(u.legal()[0])
    assert u.game.ruleset.tiles[u.game.state.decision["tile"]].region == "catacombs"


def test_a_refused_move_along_a_link_changes_nothing(u):
    """The action contract holds for links: an illegal ladder move is refused with a reason."""
    u.place("ud-3", 1, 0)
    u.at("ud-3.ladder")
    u.res(boots=0)
    assert assert_refused(u.game, "explore link:ladder0")
