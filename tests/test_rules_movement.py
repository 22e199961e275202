"""Conformance tests of movement, exploration and rooms (RULES.md A6-A18, X1-X14, R1-R11,
K1-K5) with the worked examples TS-14, TS-16 and TS-19 of Appendix 3.

Every tunnel icon (boot, monster, lock) and every base room feature (crypt, monkey_shrine,
artifact, crystal_cave, market, wayshrine, locked_chest, locked_tome, locked_cell,
reward_minor_secret, reward_gold, reward_heal) and the portal tunnel end are exercised.
Orientation rules (TS-14, X9, X10, X7) use small fixture tiles written to a temporary
directory pack, so that each orientation has exactly the stated icons.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clank.testing import assert_refused as refuse
from clank.testing import give_token

pytestmark = pytest.mark.usefixtures("no_legal_cache")


# -- helpers -------------------------------------------------------------------------------
def route(g, a: str, b: str) -> str:
    """The key of the tunnel from room ``a`` to room ``b``."""
    keys = [r.key for r in g.geometry.routes_from(a) if r.to == ("room", b)]
    assert keys, f"no tunnel from {a} to {b}"
    return keys[0]


def moves_to(kit, g, key: str) -> list[str]:
    """The legal ``move`` actions along one tunnel."""
    return [a for a in kit.kinds(g, "move") if a.split()[1] == key]


FIXTURE_TILES = """
- id: fx-14
  name: "Four Ways"
  stack: depths
  depths: true
  rooms:
    a: {pos: n, features: []}
    b: {pos: e, features: []}
    c: {pos: s, features: []}
    d: {pos: w, features: []}
  tunnels:
    - {ends: [n2, a], icons: [lock]}
    - {ends: [e2, b]}
    - {ends: [s2, c], icons: [boot]}
    - {ends: [w2, d], icons: [monster]}
    - {ends: [n1, a]}
    - {ends: [e1, b]}
    - {ends: [s1, c]}
    - {ends: [w1, d]}
- id: fx-locks
  name: "Four Locks"
  stack: depths
  depths: true
  rooms:
    a: {pos: n, features: []}
    b: {pos: s, features: []}
  tunnels:
    - {ends: [n2, a], icons: [lock]}
    - {ends: [e2, a], icons: [lock]}
    - {ends: [s2, b], icons: [lock]}
    - {ends: [w2, b], icons: [lock]}
    - {ends: [n1, a]}
    - {ends: [e1, a]}
    - {ends: [s1, b]}
    - {ends: [w1, b]}
- id: fx-monsters
  name: "Four Monsters"
  stack: depths
  depths: true
  rooms:
    a: {pos: n, features: []}
    b: {pos: s, features: []}
  tunnels:
    - {ends: [n2, a], icons: [monster]}
    - {ends: [e2, a], icons: [monster]}
    - {ends: [s2, b], icons: [monster]}
    - {ends: [w2, b], icons: [monster]}
    - {ends: [n1, a]}
    - {ends: [e1, a]}
    - {ends: [s1, b]}
    - {ends: [w1, b]}
- id: fx-corner
  name: "Bend"
  stack: depths
  depths: true
  rooms:
    a: {pos: c, features: []}
  tunnels:
    - {ends: [w2, n1], icons: [boot]}
    - {ends: [n2, a]}
    - {ends: [e1, a]}
    - {ends: [e2, a]}
    - {ends: [s1, a]}
    - {ends: [s2, a]}
    - {ends: [w1, a]}
"""


@pytest.fixture(scope="module")
def fixture_pack(tmp_path_factory) -> str:
    """A directory pack adding the fixture tiles above to the Depths stack."""
    d: Path = tmp_path_factory.mktemp("fixturepack")
    (d / "pack.yaml").write_text('id: fixtures\nname: Fixture tiles\nversion: "1.0"\n'
                                 "requires: [catacombs]\nfiles: [tiles.yaml]\n")
    (d / "tiles.yaml").write_text(FIXTURE_TILES)
    return str(d)


def explorer(kit, fixture_pack, tile: str, boots: int = 1, **pool):
    """Red (seat 0) in st-a.gate about to explore east (st-a#11) into ``tile``."""
    g = kit.game(2, seed=0, extra_packs=[fixture_pack])
    kit.stack_top(g, tile)
    kit.pawn(g, 0, "st-a.gate")
    kit.hand(g, 0, ["sidestep", "mercenary"])
    kit.pool(g, 0, boots=boots, **pool)
    return g


# ==========================================================================================
# A6 - A8: Boots, footprints, monsters
# ==========================================================================================
def test_a6_a_move_costs_one_boot_and_pawns_never_block(kit):
    """A6: one tunnel, one Boot; another pawn in the destination changes nothing."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    kit.pawn(g, 1, "st-a.niche")
    kit.pool(g, 0, boots=1)
    key = route(g, "st-a.gate", "st-a.crypt")
    assert moves_to(kit, g, key) == []                      # A18: no artifact
    key = route(g, "st-a.gate", "st-a.grotto")
    assert moves_to(kit, g, key) == [f"move {key} 0"]
    kit.pawn(g, 1, "st-a.grotto")
    g.apply(f"move {key} 0")
    p = g.player(0)
    assert p.room == g.player(1).room == "st-a.grotto"
    assert p.pool["boots"] == 0


def test_a6_no_boots_no_move(kit):
    """A6: without Boots no tunnel can be followed."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    key = route(g, "st-a.gate", "st-a.grotto")
    assert kit.kinds(g, "move") == [] and kit.kinds(g, "explore") == []
    assert "cannot pay" in refuse(g, f"move {key} 0")


def test_a7_footprint_costs_an_extra_boot(kit):
    """A7, tunnel icon ``boot``: idols -> grotto costs 2 Boots."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.idols")
    key = route(g, "st-a.idols", "st-a.grotto")
    kit.pool(g, 0, boots=1)
    assert moves_to(kit, g, key) == []
    kit.pool(g, 0, boots=2)
    g.apply(f"move {key} 0")
    assert g.player(0).pool["boots"] == 0 and g.player(0).room == "st-a.grotto"


def test_a7_footprints_on_both_halves_add_up(kit):
    """A7 DEFAULT, X6: a tunnel crossing two tiles carries the footprints of both (1 + 2 Boots)."""
    g = kit.game(2, start_side="B")
    kit.place(g, "su-1", 1, 1, 0)                           # su-1 w2 (footprint) meets st-b U.e1 (footprint)
    kit.pawn(g, 0, "st-b.cave")
    key = route(g, "st-b.cave", "su-1.curios")
    kit.pool(g, 0, boots=2)
    assert moves_to(kit, g, key) == []
    kit.pool(g, 0, boots=3)
    g.apply(f"move {key} 0")
    assert g.player(0).pool["boots"] == 0 and g.player(0).room == "su-1.curios"


def test_a8_monsters_swords_prevent_damage_by_choice(kit):
    """A8, tunnel icon ``monster``: each icon deals 1 damage; each Sword spent prevents 1."""
    g = kit.game(2)
    kit.place(g, "de-15", 1, 1, 0)                          # grotto -(monster|monster)- spine
    kit.pawn(g, 0, "st-a.grotto")
    key = route(g, "st-a.grotto", "de-15.spine")
    kit.pool(g, 0, boots=1, swords=1)
    assert moves_to(kit, g, key) == [f"move {key} 0", f"move {key} 1"]
    g.apply(f"move {key} 1")
    p = g.player(0)
    assert len(p.damage) == 1 and p.damage == ["own"] and p.pool["swords"] == 0


def test_a8_taking_all_the_damage(kit):
    """A8: the player may take the damage instead of spending Swords."""
    g = kit.game(2)
    kit.place(g, "de-15", 1, 1, 0)
    kit.pawn(g, 0, "st-a.grotto")
    key = route(g, "st-a.grotto", "de-15.spine")
    kit.pool(g, 0, boots=1, swords=2)
    assert moves_to(kit, g, key) == [f"move {key} {k}" for k in (0, 1, 2)]
    cubes = g.player(0).cubes
    g.apply(f"move {key} 0")
    assert len(g.player(0).damage) == 2 and g.player(0).cubes == cubes - 2
    assert g.player(0).pool["swords"] == 2


def test_h4_monster_damage_that_would_knock_out_must_be_prevented(kit):
    """A8, H4: with 8 damage only the choices leaving the meter below 10 are offered; with no
    Sword and no room on the meter the tunnel is closed."""
    g = kit.game(2)
    kit.place(g, "de-15", 1, 1, 0)
    kit.pawn(g, 0, "st-a.grotto")
    key = route(g, "st-a.grotto", "de-15.spine")
    kit.damage(g, 0, 8)
    kit.pool(g, 0, boots=1, swords=1)
    assert moves_to(kit, g, key) == [f"move {key} 1"]
    kit.pool(g, 0, swords=0)
    assert moves_to(kit, g, key) == []
    kit.pool(g, 0, swords=2)
    assert moves_to(kit, g, key) == [f"move {key} 1", f"move {key} 2"]


def test_h4_monster_damage_needs_cubes_in_supply(kit):
    """H4: voluntary damage needs that many cubes in the supply."""
    g = kit.game(2)
    kit.place(g, "de-15", 1, 1, 0)
    kit.pawn(g, 0, "st-a.grotto")
    key = route(g, "st-a.grotto", "de-15.spine")
    p = g.player(0)
    g.state.bag["0"] = p.cubes - 1
    p.cubes = 1
    kit.pool(g, 0, boots=1, swords=1)
    assert moves_to(kit, g, key) == [f"move {key} 1"]


# ==========================================================================================
# A9 locks, A10 one-way, A11 portals
# ==========================================================================================
def test_a9_lock_spends_a_lockpick_and_stays_covered(kit):
    """A9, tunnel icon ``lock``: passing spends a lockpick placed on the icon; it stays covered
    for everyone."""
    g = kit.game(2)
    kit.place(g, "su-4", 1, 0, 0)
    kit.pawn(g, 0, "su-4.nave")
    key = route(g, "su-4.nave", "su-4.reliquary")
    kit.pool(g, 0, boots=1, lockpicks=0)
    assert moves_to(kit, g, key) == []
    assert "cannot pay" in refuse(g, f"move {key} 0")
    kit.pool(g, 0, lockpicks=2)
    g.apply(f"move {key} 0")
    assert g.player(0).pool.get("lockpicks", 0) == 1
    assert len(g.state.covered) == 1
    back = route(g, "su-4.reliquary", "su-4.nave")
    kit.pool(g, 0, boots=1)
    g.apply(f"move {back} 0")                                 # covered: free for her too
    assert g.player(0).pool.get("lockpicks", 0) == 1
    kit.hand(g, 0, [])
    g.apply("end")
    kit.pawn(g, 1, "su-4.nave")                               # and for anyone
    kit.pool(g, 1, boots=1, lockpicks=0)
    assert moves_to(kit, g, key) == [f"move {key} 0"]
    g.apply(f"move {key} 0")
    assert g.player(1).room == "su-4.reliquary" and g.player(1).pool.get("lockpicks", 0) == 0


def test_a9_two_locks_on_two_tiles_need_two_lockpicks(kit):
    """A9, X6: a tunnel showing a lock on each of its two tiles needs both covered at once."""
    g = kit.game(2)
    kit.place(g, "de-06", 1, 0, 0)                            # e1 -> shrine, lock
    kit.place(g, "de-12", 2, 0, 2)                            # (turned) w2 -> curios, lock
    kit.pawn(g, 0, "de-06.shrine")
    key = route(g, "de-06.shrine", "de-12.curios")
    kit.pool(g, 0, boots=1, lockpicks=1)
    assert moves_to(kit, g, key) == []
    kit.pool(g, 0, lockpicks=2)
    g.apply(f"move {key} 0")
    assert g.player(0).pool.get("lockpicks", 0) == 0 and len(g.state.covered) == 2


def test_a10_one_way_tunnel(kit):
    """A10: normal movement only along the arrow; teleport ignores it (C8); so does the
    Catacombs Map (G15)."""
    g = kit.game(2, start_side="B")
    kit.pawn(g, 0, "st-b.idols")
    key = route(g, "st-b.idols", "st-b.cave")
    kit.pool(g, 0, boots=3)
    assert moves_to(kit, g, key) == []
    assert "cannot pay" in refuse(g, f"move {key} 0")
    g.player(0).teleports.append("adjacent")
    assert "teleport adjacent st-b.cave" in kit.acts(g)
    give_token(g, 0, "catacombs-map")
    assert moves_to(kit, g, key) == [f"move {key} 0"]
    kit.pawn(g, 0, "st-b.cave")
    g.player(0).tokens.remove("catacombs-map")
    g.state.pools["major"].append("catacombs-map")
    back = route(g, "st-b.cave", "st-b.idols")
    assert moves_to(kit, g, back) == [f"move {back} 0"]       # along the arrow


def test_a11_portal_move_costs_one_boot_in_total(kit):
    """A11, portal: room -> portal -> any other portal -> room costs 1 Boot; the move may go on."""
    g = kit.game(2)
    kit.place(g, "su-5", 1, 0, 0)                             # keep -> portal
    kit.pawn(g, 0, "st-a.grotto")
    kit.pool(g, 0, boots=2)
    portals = kit.kinds(g, "portal")
    assert portals == ["portal st-a#5 su-5#1 0"]
    g.apply(portals[0])
    p = g.player(0)
    assert p.room == "su-5.keep" and p.pool["boots"] == 1
    assert g.player(0).stats.get("portal_used") == 1
    assert kit.kinds(g, "move")                                # may keep moving


def test_a11_icons_on_portal_tunnels_apply(kit):
    """A11: the icons of both portal tunnels apply (su-1's portal tunnel carries a lock)."""
    g = kit.game(2)
    kit.place(g, "su-1", 1, 0, 0)
    kit.pawn(g, 0, "st-a.grotto")
    kit.pool(g, 0, boots=1, lockpicks=0)
    assert kit.kinds(g, "portal") == []
    kit.pool(g, 0, lockpicks=1)
    assert kit.kinds(g, "portal") == ["portal st-a#5 su-1#1 0"]
    g.apply("portal st-a#5 su-1#1 0")
    assert g.player(0).pool.get("lockpicks", 0) == 0 and g.player(0).room == "su-1.market"


def test_a11_a_lone_portal_cannot_be_entered(kit):
    """A11 DEFAULT (b): no other portal in the dungeon, no portal move."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.grotto")
    kit.pool(g, 0, boots=3)
    assert kit.kinds(g, "portal") == []
    assert all(a.split()[2] != "portal" for a in kit.kinds(g, "teleport"))


def test_a11_c8_portals_are_adjacent_for_teleports(kit):
    """A11, C8: a teleport can go room -> portal -> portal -> room, ignoring icons."""
    g = kit.game(2)
    kit.place(g, "su-1", 1, 0, 0)
    kit.pawn(g, 0, "st-a.grotto")
    kit.pool(g, 0, lockpicks=0)
    g.player(0).teleports.append("adjacent")
    assert "teleport adjacent su-1.market" in kit.acts(g)
    g.apply("teleport adjacent su-1.market")
    assert g.player(0).room == "su-1.market" and g.state.covered == []


# ==========================================================================================
# C8, T13, R4, TS-19: teleports and crystal caves
# ==========================================================================================
def test_c8_teleport_ignores_icons(kit):
    """C8: teleport costs no Boots and ignores monsters and locks."""
    g = kit.game(2)
    kit.place(g, "de-15", 1, 1, 0)
    kit.pawn(g, 0, "st-a.grotto")
    g.player(0).teleports.append("adjacent")
    targets = sorted(a.split()[2] for a in kit.kinds(g, "teleport"))
    assert targets == ["de-15.spine", "st-a.gate", "st-a.idols"]
    g.apply("teleport adjacent de-15.spine")
    p = g.player(0)
    assert p.room == "de-15.spine" and p.damage == [] and p.teleports == []


def test_ts19_crystal_cave_exhaustion_and_teleport(kit):
    """TS-19 (R4, C8, T13): after entering a cave no Boots move (normal or portal) is allowed; a
    held teleport is, even into another cave (still exhausted); next turn Boots work again."""
    g = kit.game(2)
    kit.place(g, "de-15", 1, 1, 0)                             # spine: another Crystal Cave
    kit.place(g, "su-5", 1, 0, 0)                              # a second portal
    kit.pawn(g, 0, "st-a.gate")
    kit.hand(g, 0, [])
    kit.pool(g, 0, boots=3)
    g.player(0).teleports.append("adjacent")
    g.apply(f"move {route(g, 'st-a.gate', 'st-a.grotto')} 0")
    assert g.has_flag("exhausted")
    assert kit.kinds(g, "move") == [] and kit.kinds(g, "portal") == [] and kit.kinds(g, "explore") == []
    assert "exhausted" in refuse(g, "portal st-a#5 su-5#1 0")
    assert "teleport adjacent de-15.spine" in kit.acts(g)
    g.apply("teleport adjacent de-15.spine")
    assert g.player(0).room == "de-15.spine" and g.has_flag("exhausted")
    assert kit.kinds(g, "move") == []
    g.apply("end")
    kit.end_turn(g)                                            # seat 1
    kit.pawn(g, 0, "st-a.grotto")                              # starts the turn in a cave
    kit.pool(g, 0, boots=3)
    assert not g.has_flag("exhausted")
    assert kit.kinds(g, "move") and kit.kinds(g, "portal") == ["portal st-a#5 su-5#1 0"]


def test_r4_starting_in_a_cave_does_not_exhaust_but_reentering_does(kit):
    """R4: starting in a cave is not entering it; leaving and coming back exhausts."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.grotto")
    kit.pool(g, 0, boots=3)
    g.apply(f"move {route(g, 'st-a.grotto', 'st-a.gate')} 0")
    assert not g.has_flag("exhausted")
    g.apply(f"move {route(g, 'st-a.gate', 'st-a.grotto')} 0")
    assert g.has_flag("exhausted") and g.player(0).pool["boots"] == 1


# ==========================================================================================
# A12 - A14, A18: rooms
# ==========================================================================================
def test_a13_artifact_taken_by_choice_raises_rage(kit):
    """A13, feature ``artifact``: entering does not take it; taking it is an action; rage +1."""
    g = kit.game(2)
    kit.place(g, "su-4", 1, 0, 0)
    assert g.state.rooms["su-4.reliquary"]["artifacts"] == ["artifact-5"]
    kit.pawn(g, 0, "su-4.nave")
    kit.pool(g, 0, boots=1, lockpicks=1)
    g.apply(f"move {route(g, 'su-4.nave', 'su-4.reliquary')} 0")
    p = g.player(0)
    assert p.artifacts == []                                   # never forced on entry
    assert kit.kinds(g, "room") == ["room artifact artifact-5"]
    rage = g.state.rage
    g.apply("room artifact artifact-5")
    assert p.artifacts == ["artifact-5"] and g.state.rage == rage + 1
    assert g.state.rooms["su-4.reliquary"]["artifacts"] == []


def test_a13_k2_artifact_limit_and_backpack(kit):
    """A13, K2: one artifact at a time; a Backpack raises the limit by one."""
    g = kit.game(2)
    kit.place(g, "su-5", 1, 0, 0)                              # strongroom: artifact-5
    kit.pawn(g, 0, "su-5.strongroom")
    give_token(g, 0, "artifact-20")
    assert kit.kinds(g, "room") == []
    give_token(g, 0, "backpack")
    assert kit.kinds(g, "room") == ["room artifact artifact-5"]
    g.apply("room artifact artifact-5")
    assert sorted(g.player(0).artifacts) == ["artifact-20", "artifact-5"]


def test_r2_artifact_rooms_plus_and_double_plus(kit):
    """R2: a plain room takes the top artifact, '+' the 2nd, '++' the 3rd; the rest keep order."""
    g = kit.game(2)
    assert g.state.artifact_stack[:4] == ["artifact-5", "artifact-7", "artifact-10", "artifact-12"]
    kit.place(g, "de-09", 3, 3, 0)                             # nest: artifact(plus=2)
    assert g.state.rooms["de-09.nest"]["artifacts"] == ["artifact-10"]
    assert g.state.artifact_stack[:3] == ["artifact-5", "artifact-7", "artifact-12"]
    kit.place(g, "de-04", 4, 3, 0)                             # gallery: artifact(plus=1)
    assert g.state.rooms["de-04.gallery"]["artifacts"] == ["artifact-7"]
    kit.place(g, "de-01", 5, 3, 0)                             # throne: artifact
    assert g.state.rooms["de-01.throne"]["artifacts"] == ["artifact-5"]
    assert g.state.artifact_stack == ["artifact-12", "artifact-15", "artifact-17", "artifact-20"]


def test_r2_short_stack_and_empty_stack(kit):
    """R2: too few artifacts below the top -> the bottom one; an empty stack -> nothing."""
    g = kit.game(2)
    g.state.artifact_stack[:] = ["artifact-17", "artifact-20"]
    kit.place(g, "de-09", 3, 3, 0)                             # ++ with 1 below the top
    assert g.state.rooms["de-09.nest"]["artifacts"] == ["artifact-20"]
    kit.place(g, "de-01", 4, 3, 0)
    assert g.state.rooms["de-01.throne"]["artifacts"] == ["artifact-17"]
    kit.place(g, "de-02", 5, 3, 0)
    assert g.state.rooms["de-02.heart"].get("artifacts", []) == []


def _opener(kit, tile: str, room: str, x: int = 1, y: int = 0):
    g = kit.game(2)
    kit.place(g, tile, x, y, 0)
    kit.pawn(g, 0, room)
    return g


def test_a14_locked_chest(kit):
    """A14, R6, feature ``locked_chest``: a lockpick for a random Major Secret, once per game."""
    g = _opener(kit, "su-4", "su-4.vault")
    p = g.player(0)
    top = g.state.pools["major"][-1]
    assert kit.kinds(g, "room") == ["room locked_chest"]
    g.apply("room locked_chest")
    assert p.pool.get("lockpicks", 0) == 2
    held = p.tokens + g.state.token_box
    assert top in held
    assert kit.kinds(g, "room") == []                          # the icon is covered for good
    assert "not available" in refuse(g, "room locked_chest")


def test_a14_locked_tome(kit):
    """A14, R6, feature ``locked_tome``: a Secret Tome from the reserve into the discard pile."""
    g = _opener(kit, "su-2", "su-2.scriptorium", 1, 1)
    p = g.player(0)
    g.apply("room locked_tome")
    assert "secret-tome" in p.discard and g.state.reserve["secret-tome"] == 11
    assert p.pool.get("lockpicks", 0) == 2


def test_a14_locked_cell(kit):
    """A14, R6, feature ``locked_cell``: two random prisoners; one if only one is left."""
    g = _opener(kit, "su-5", "su-5.keep")
    p = g.player(0)
    g.state.pools["prisoner"][:] = ["peasant", "peasant", "mayor"]
    g.apply("room locked_cell")
    assert sorted(p.tokens) == ["mayor", "peasant"] and p.stats["prisoners_freed"] == 2
    g2 = _opener(kit, "su-5", "su-5.keep")
    g2.state.pools["prisoner"][:] = ["peasant"]
    g2.apply("room locked_cell")
    assert g2.player(0).tokens == ["peasant"]


def test_a14_needs_a_lockpick_and_a_reward_left(kit):
    """A14: no lockpick, or an empty reward pool/stack, and the lockpick may not be spent."""
    g = _opener(kit, "su-4", "su-4.vault")
    kit.pool(g, 0, lockpicks=0)
    assert kit.kinds(g, "room") == []
    kit.pool(g, 0, lockpicks=1)
    g.state.token_box.extend(g.state.pools["major"])
    g.state.pools["major"].clear()
    assert kit.kinds(g, "room") == []
    g = _opener(kit, "su-2", "su-2.scriptorium", 1, 1)
    g.state.reserve["secret-tome"] = 0
    assert "room locked_tome" not in kit.acts(g)


def test_a18_crypt_refused_without_an_artifact(kit):
    """A18, feature ``crypt``: an artifact-less player may not enter the Crypt, by any means."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    kit.pool(g, 0, boots=2)
    g.player(0).teleports.append("adjacent")
    key = route(g, "st-a.gate", "st-a.crypt")
    assert moves_to(kit, g, key) == []
    assert "teleport adjacent st-a.crypt" not in kit.acts(g)
    refuse(g, f"move {key} 0")


def test_a18_crypt_with_an_artifact_ends_movement(kit):
    """A18, E1: entering the Crypt with an artifact; no further move this turn, other actions yes."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    give_token(g, 0, "artifact-10")
    kit.pool(g, 0, boots=3, skill=3)
    g.player(0).teleports.append("adjacent")
    g.apply(f"move {route(g, 'st-a.gate', 'st-a.crypt')} 0")
    assert g.state.turn.escaping
    assert kit.kinds(g, "move") == [] and kit.kinds(g, "teleport") == []
    assert "A18" in refuse(g, f"move {route(g, 'st-a.crypt', 'st-a.gate')} 0")
    assert "reserve explore" in kit.acts(g)                    # may still acquire


def test_a12_r9_starting_in_a_reward_room_gives_nothing(kit):
    """A12, R9: starting the turn in a reward room is not entering it."""
    g = _opener(kit, "su-2", "su-2.counting", 1, 1)
    kit.hand(g, 0, [])
    g.apply("end")
    kit.end_turn(g)
    assert g.player(0).gold == 0


def test_r9_gold_reward_once_per_room_per_turn(kit):
    """R9, feature ``reward_gold``: gold on entry, once per room per turn; a later turn pays again."""
    g = _opener(kit, "su-2", "su-2.stalls", 1, 1)
    kit.pool(g, 0, boots=4)
    into = route(g, "su-2.stalls", "su-2.counting")
    out = route(g, "su-2.counting", "su-2.stalls")
    g.apply(f"move {into} 0")
    assert g.player(0).gold == 1
    g.apply(f"move {out} 0")
    g.apply(f"move {into} 0")
    assert g.player(0).gold == 1
    kit.hand(g, 0, [])
    g.apply("end")
    kit.end_turn(g)
    kit.pool(g, 0, boots=2)
    g.apply(f"move {out} 0")
    g.apply(f"move {into} 0")
    assert g.player(0).gold == 2


def test_r9_different_rooms_each_pay_in_one_turn(kit):
    """R9: two gold rooms both pay in the same turn (su-4's nave and de-04's landing)."""
    g = kit.game(2)
    kit.place(g, "su-4", 1, 0, 0)
    kit.pawn(g, 0, "su-4.vault")
    kit.pool(g, 0, boots=2)
    g.apply(f"move {route(g, 'su-4.vault', 'su-4.nave')} 0")
    kit.place(g, "de-04", 3, 3, 0)
    g.player(0).teleports.append("adjacent")
    kit.pawn(g, 0, "de-04.stairwell")
    g.apply(f"move {route(g, 'de-04.stairwell', 'de-04.landing')} 0")
    assert g.player(0).gold == 1 + 2


def test_r9_minor_secret_reward(kit):
    """R9, feature ``reward_minor_secret``: a random Minor Secret, revealed and resolved."""
    g = _opener(kit, "su-1", "su-1.market")
    g.state.pools["minor"].append("dragon-egg")
    kit.pool(g, 0, boots=1)
    rage = g.state.rage
    g.apply(f"move {route(g, 'su-1.market', 'su-1.curios')} 0")
    assert "dragon-egg" in g.player(0).tokens and g.state.rage == rage + 1   # G20
    g.state.token_box.extend(g.state.pools["minor"])
    g.state.pools["minor"].clear()
    kit.pool(g, 0, boots=2)
    g.apply(f"move {route(g, 'su-1.curios', 'su-1.market')} 0")
    g.apply(f"move {route(g, 'su-1.market', 'su-1.curios')} 0")   # nothing left: nothing, no error
    assert g.player(0).tokens == ["dragon-egg"]


def test_r9_heal_reward(kit):
    """R9, feature ``reward_heal``: entering heals 1 (H6: own cube back to the supply)."""
    g = _opener(kit, "su-3", "su-3.bazaar")
    kit.damage(g, 0, 2)
    cubes = g.player(0).cubes
    kit.pool(g, 0, boots=1)
    g.apply(f"move {route(g, 'su-3.bazaar', 'su-3.well')} 0")
    assert len(g.player(0).damage) == 1 and g.player(0).cubes == cubes + 1


def test_r10_monkey_shrine(kit):
    """R9, R10, feature ``monkey_shrine``: one idol per entry (once per turn) until none is left."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    kit.pool(g, 0, boots=6)
    into = route(g, "st-a.gate", "st-a.idols")
    out = route(g, "st-a.idols", "st-a.gate")
    g.apply(f"move {into} 0")
    assert g.player(0).tokens == ["monkey-idol"]
    g.apply(f"move {out} 0")
    g.apply(f"move {into} 0")
    assert g.player(0).tokens == ["monkey-idol"]
    g.state.rooms["st-a.idols"]["tokens"] = []
    g.state.turn.rewards.clear()
    g.apply(f"move {out} 0")
    g.apply(f"move {into} 0")
    assert g.player(0).tokens == ["monkey-idol"]


def test_ts16_wayshrine_gold_one_two_three(kit):
    """TS-16 (R11, G9), feature ``wayshrine``: the k-th wayshrine marked pays k gold; one mark
    per player per shrine; no mark without a cube; the Monk scores 1 per mark."""
    g = kit.game(2)
    kit.place(g, "de-15", 1, 1, 0)
    kit.place(g, "de-16", 3, 3, 0)
    p = g.player(0)
    cubes = p.cubes
    for room, gold in (("st-a.niche", 1), ("de-15.shrine", 3), ("de-16.shrine", 6)):
        kit.pawn(g, 0, room)
        assert kit.kinds(g, "room") == ["room wayshrine"]
        g.apply("room wayshrine")
        assert p.gold == gold
        assert g.state.rooms[room]["marks"] == [0]
    assert p.cubes == cubes - 3
    kit.pawn(g, 0, "st-a.niche")                               # marking A again
    assert kit.kinds(g, "room") == []
    assert refuse(g, "room wayshrine")
    give_token(g, 0, "monk")
    assert ("Monk", 3) in g.scores()[0]["lines"]
    # no cube left in the supply: no mark
    g2 = kit.game(2)
    kit.pawn(g2, 0, "st-a.niche")
    q = g2.player(0)
    g2.state.bag["0"] = q.cubes
    q.cubes = 0
    assert kit.kinds(g2, "room") == []


def test_p7_wayshrine_has_four_spaces(kit):
    """R11, P7: a wayshrine holds at most 4 marks (positions set up directly)."""
    g = kit.game(4)
    kit.pawn(g, 0, "st-a.niche")
    g.state.rooms["st-a.niche"]["marks"] = [1, 2, 3, 9]
    assert kit.kinds(g, "room") == []


def test_k1_k5_market(kit):
    """K1-K5, feature ``market``: 7 gold each; crowns highest first; Amulet only with 5 damage and
    heals 2; Burglar's Kit gives 2 lockpicks; several purchases per turn."""
    g = _opener(kit, "su-1", "su-1.market")
    p = g.player(0)
    kit.pool(g, 0, gold=6)
    assert kit.kinds(g, "room") == []
    kit.pool(g, 0, gold=28)
    offers = kit.kinds(g, "room")
    assert offers == ["room market backpack", "room market burglars-kit", "room market crown-10"]
    g.apply("room market crown-10")
    assert p.gold == 21 and "crown-10" in p.tokens
    assert "room market crown-9" in kit.kinds(g, "room")
    g.apply("room market burglars-kit")
    assert p.pool.get("lockpicks", 0) == 3 + 2
    kit.damage(g, 0, 5)
    assert "room market blood-amulet" in kit.kinds(g, "room")
    g.apply("room market blood-amulet")
    assert len(p.damage) == 3 and p.gold == 7
    g.apply("room market crown-9")
    assert p.gold == 0 and g.state.market["market"].count("crown-8") == 1


def test_k7_coupon_takes_five_off(kit):
    """K7, G5: the Coupon takes 5 gold off one purchase and leaves the game."""
    g = _opener(kit, "su-1", "su-1.market")
    give_token(g, 0, "coupon")
    kit.pool(g, 0, gold=2)
    assert "room market backpack coupon" in kit.kinds(g, "room")
    g.apply("room market backpack coupon")
    assert g.player(0).gold == 0 and "coupon" not in g.player(0).tokens


# ==========================================================================================
# X - exploration
# ==========================================================================================
def test_x2_x3_x13_exploring_reveals_the_top_surface_tile_beyond_the_edge(kit):
    """X2, X3, X13: following a tunnel to an open edge reveals the top of the stack (a Surface
    tile first) in the empty cell beyond; nothing is paid before it is oriented."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    kit.pool(g, 0, boots=1)
    top = g.state.stacks["catacombs"][0]
    assert g.ruleset.tiles[top].stack == "surface"
    assert "explore st-a#11" in kit.kinds(g, "explore")
    g.apply("explore st-a#11")
    d = g.decision()
    assert d["kind"] == "orient" and d["seat"] == 0
    assert g.state.turn.move["tile"] == top
    assert g.player(0).pool["boots"] == 1                      # X8: nothing paid yet
    orient = [a for a in kit.acts(g) if a.startswith(("orient", "place"))]
    assert orient
    assert "end" not in kit.acts(g) and kit.kinds(g, "move") == []
    g.apply(orient[0])
    placed = [t for t in g.state.tiles if t.tile == top]
    assert len(placed) == 1 and (placed[0].x, placed[0].y) == (1, 0)
    assert g.state.stacks["catacombs"][0] != top


def test_ts14_orientation_constrained_by_icons_and_pausing(kit, fixture_pack):
    """TS-14 (X6, X8): with 1 Boot and no lockpick, the lock and footprint orientations are not
    selectable; playing +1 Boot during the pause opens the footprint one."""
    g = explorer(kit, fixture_pack, "fx-14", lockpicks=0)
    g.apply("explore st-a#11")
    orient = kit.kinds(g, "orient")
    # entering through world w2: rot 0 -> local w2 (monster), 1 -> s2 (footprint),
    # 2 -> e2 (nothing), 3 -> n2 (lock)
    assert orient == ["orient 0 0", "orient 2 0"]
    assert "play sidestep" in kit.acts(g)                       # pausing for help (X8)
    g.apply("play sidestep")
    assert kit.kinds(g, "orient") == ["orient 0 0", "orient 1 0", "orient 2 0"]
    g.apply("play mercenary")                                   # a Sword: the monster can be prevented
    assert kit.kinds(g, "orient") == ["orient 0 0", "orient 0 1", "orient 1 0", "orient 2 0"]
    g.apply("orient 0 0")                                       # icons apply to the rest of the move
    p = g.player(0)
    assert p.room == "fx-14.d" and len(p.damage) == 1
    assert p.pool["boots"] == 1 and p.pool["swords"] == 2


def test_x8_orientation_with_a_lock_when_holding_a_lockpick(kit, fixture_pack):
    """X8: with a lockpick the lock orientation is passable and the lock gets covered."""
    g = explorer(kit, fixture_pack, "fx-14", lockpicks=1)
    g.apply("explore st-a#11")
    assert "orient 3 0" in kit.kinds(g, "orient")
    g.apply("orient 3 0")
    assert g.player(0).room == "fx-14.a" and g.player(0).pool.get("lockpicks", 0) == 0
    assert len(g.state.covered) == 1


def test_x9_no_passable_orientation_places_the_tile_and_stays(kit, fixture_pack):
    """X9: every orientation needs a lockpick she lacks: she places it anyhow, stays, pays nothing."""
    g = explorer(kit, fixture_pack, "fx-locks", lockpicks=0)
    g.apply("explore st-a#11")
    assert kit.kinds(g, "orient") == []
    assert kit.kinds(g, "place") == [f"place {r}" for r in range(4)]
    g.apply("place 2")
    p = g.player(0)
    assert p.room == "st-a.gate" and p.pool["boots"] == 1
    assert any(t.tile == "fx-locks" and t.rot == 2 for t in g.state.tiles)


def test_x10_only_lethal_orientations_force_the_damage(kit, fixture_pack):
    """X10, H4, E2, D12: every orientation passes a monster she cannot absorb: she must still
    choose one, takes the damage and lies knocked out in the destination room."""
    g = explorer(kit, fixture_pack, "fx-monsters")
    kit.hand(g, 0, [])
    kit.damage(g, 0, 9)
    g.apply("explore st-a#11")
    assert kit.kinds(g, "orient") == [f"orient {r} 0" for r in range(4)]
    g.apply("orient 0 0")
    p = g.player(0)
    assert p.status == "knocked_out" and p.ko_room == "fx-monsters.b"
    assert g.state.current == 1 and g.decision()["seat"] == 1


def test_x7_corner_tunnel_discovers_a_second_tile_in_the_same_move(kit, fixture_pack):
    """X7: a corner tunnel on the new tile leads to another open edge: a second tile is
    discovered in the same move, which costs 1 Boot plus every icon of the whole path."""
    g = explorer(kit, fixture_pack, "fx-corner", boots=2)
    g.state.stacks["catacombs"].remove("fx-14")
    g.state.stacks["catacombs"].insert(1, "fx-14")
    g.apply("explore st-a#11")
    assert "orient 0 0" in kit.kinds(g, "orient")               # w2 -> n1, footprint
    g.apply("orient 0 0")
    move = g.state.turn.move
    assert move and move["tile"] == "fx-14" and (move["x"], move["y"]) == (1, 1)
    assert g.player(0).pool["boots"] == 2                       # nothing paid yet
    # entering fx-14 from the south through world s2: rot 0 -> s2 (footprint: 3 Boots, no),
    # rot 1 -> w2... any orientation whose icons she can pay
    orient = kit.kinds(g, "orient")
    assert orient
    g.apply(orient[0])
    p = g.player(0)
    assert p.room.startswith("fx-14.")
    assert p.pool["boots"] == 0                                 # 1 + the footprint of fx-corner


def test_x12_empty_stack_closes_open_edges(kit):
    """X12: no tile left, no discovery, by Boots or by teleport."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    kit.pool(g, 0, boots=2)
    g.player(0).teleports.append("adjacent")
    assert kit.kinds(g, "explore")
    g.state.removed_tiles.extend(g.state.stacks["catacombs"])
    g.state.stacks["catacombs"].clear()
    g.changed()
    assert kit.kinds(g, "explore") == []
    assert not any("open:" in a for a in kit.kinds(g, "teleport"))
    assert refuse(g, "explore st-a#11")


def test_x14_discovery_by_teleport_every_completing_orientation_is_allowed(kit, fixture_pack):
    """X14, C8: a teleport off an open edge; every orientation completing the tunnel is allowed
    (icons ignored) and she arrives in its room, paying nothing."""
    g = explorer(kit, fixture_pack, "fx-14", boots=0, lockpicks=0)
    g.player(0).teleports.append("adjacent")
    assert "teleport adjacent open:st-a#11" in kit.acts(g)
    g.apply("teleport adjacent open:st-a#11")
    assert kit.kinds(g, "orient") == [f"orient {r} 0" for r in range(4)]
    g.apply("orient 3 0")                                       # the lock orientation
    p = g.player(0)
    assert p.room == "fx-14.a" and p.pool.get("lockpicks", 0) == 0 and g.state.covered == []


def test_r5_haunted_tile_adds_a_ghost(kit):
    """R5, X11: placing a haunted tile moves a ghost cube from the bank to the Clank! area;
    with none left in the bank nothing happens."""
    g = kit.game(2)
    kit.place(g, "de-19", 3, 3, 0)
    assert g.state.bank["ghost"] == 4 and g.state.clank_area["ghost"] == 1
    g.state.bank["ghost"] = 0
    g.state.clank_area["ghost"] = 5
    kit.place(g, "de-20", 4, 3, 0)
    assert g.state.bank["ghost"] == 0 and g.state.clank_area["ghost"] == 5


def test_x3_a_tile_placed_by_a_card_during_a_pause_never_overlaps(kit, fixture_pack):
    """X3, INV-26: while a discovered tile waits for its orientation, a card that places a tile
    (Marble Guardian) may not use the cell being explored."""
    g = explorer(kit, fixture_pack, "fx-14")
    kit.row(g, ["marble-guardian", "swindle", "pillage", "payoff", "bard", "lightstick"])
    kit.pool(g, 0, swords=3)
    g.apply("explore st-a#11")
    g.apply("fight 0")
    assert g.decision()["kind"] == "place_tile"
    cells = {tuple(int(v) for v in a.split()[1:3]) for a in kit.acts(g)}
    assert cells and (1, 0) not in cells
    g.apply(kit.acts(g)[0])
    g.apply(kit.acts(g)[0])                                     # the revealed tile's orientation
    assert g.decision()["kind"] == "marble_reward"
    assert kit.acts(g) == ["gold"]                              # X8: no teleport mid-move
    g.apply("gold")
    assert g.decision()["kind"] == "orient" and g.player(0).room == "st-a.gate"
    g.apply(kit.kinds(g, "orient")[0])
    cells = [(t.x, t.y) for t in g.state.tiles]
    assert len(cells) == len(set(cells)) == 3


def test_x7_x12_a_corner_into_an_empty_stack_is_not_passable(kit, fixture_pack):
    """X7, X12: if the new tile's corner tunnel runs to another open edge and no tile is left,
    that orientation cannot be followed."""
    g = explorer(kit, fixture_pack, "fx-corner", boots=2)
    stack = g.state.stacks["catacombs"]
    g.state.removed_tiles.extend(stack[1:])
    del stack[1:]
    g.apply("explore st-a#11")
    assert "orient 0 0" not in kit.kinds(g, "orient")
    assert kit.kinds(g, "orient")                               # the other sides lead to the room
    g.apply(kit.kinds(g, "orient")[0])
    assert g.player(0).room == "fx-corner.a"


def test_a12_entering_by_teleport_triggers_the_room(kit):
    """A12, R9: entering by teleport is entering: the gold reward pays."""
    g = _opener(kit, "su-2", "su-2.stalls", 1, 1)
    g.player(0).teleports.append("adjacent")
    g.apply("teleport adjacent su-2.counting")
    assert g.player(0).gold == 1


def test_a12_a18_teleporting_into_the_crypt_with_an_artifact_escapes(kit):
    """A12, A18, E1: the Crypt reached by teleport with an artifact is an escape at end of turn."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    give_token(g, 0, "artifact-7")
    g.player(0).teleports.append("adjacent")
    kit.hand(g, 0, [])
    g.apply("teleport adjacent st-a.crypt")
    assert g.state.turn.escaping
    g.apply("end")
    assert g.player(0).status == "escaped" and g.player(0).tokens == ["mastery"]
