"""Slot regions, links to slots and one-way portal entrances (U-M1 ... U-M4), with the tiny test
pack and a data-only pack of a slot region (``tests/slotpack``): no Underworld loaded.

A slot region is declared in setup (``regions``): named slots with where each is drawn, which
named port of the tile in one slot joins which port of the tile in another, and a start tile
placed into its start slot at setup. Its tiles fill one slot each and never turn.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from clank import new_game
from clank.content.problems import ContentError
from clank.game import audit
from clank.testing import assert_refused, edit, put_pawn, set_pool, state_json

ROOT = Path(__file__).resolve().parent
SLOTS = str(ROOT / "slotpack")


def _load_minipack():
    if "clank_test_minipack" in sys.modules:
        return sys.modules["clank_test_minipack"]
    spec = importlib.util.spec_from_file_location("clank_test_minipack", ROOT / "minipack" / "__init__.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


MODULES = {"mini": _load_minipack()}


def game(seed: int = 1, **options):
    return new_game(["mini", SLOTS], players=2, seed=seed, options=options, modules=MODULES)


def acts(g) -> list[str]:
    g.changed()
    return [str(a) for a in g.legal_actions()]


def fill(g, tile: str, slot: str) -> None:
    """Take a tile from its stack and put it into a slot."""
    g.state.stacks["below"].remove(tile)
    g.place_in_slot(tile, "below", slot, None)
    g.changed()


def stack_first(g, tile: str) -> None:
    with edit(g) as st:
        st.stacks["below"].remove(tile)
        st.stacks["below"].insert(0, tile)


def test_the_region_start_tile_fills_its_start_slot_at_setup_on_the_chosen_side():
    g = game()
    hub = next(t for t in g.state.tiles if t.region == "below")
    assert (hub.tile, hub.slot, hub.x, hub.y) == ("below-hub-a", "hub", 1, 1)
    assert g.state.tiles[0].tile == "below-hub-a"        # placed before the main start tile
    b = game(below_side="B")
    assert [t.tile for t in b.state.tiles if t.region == "below"] == ["below-hub-b"]
    assert g.slot_layout("below").neighbours("hub") == ["N", "S", "E"]
    assert g.slot_layout("catacombs") is None


def test_a_regions_side_option_is_a_game_option_a_misspelt_one_is_refused():
    """A data-only pack declares no options in code: its region's ``side_option`` is one all the
    same, and a misspelt one is refused with the region's option as the nearest."""
    from clank.game.setup import SetupError

    assert [t.tile for t in game(below_side="B").state.tiles if t.region == "below"] == ["below-hub-b"]
    with pytest.raises(SetupError, match=r"'below_sid' \(did you mean 'below_side'\?\)"):
        game(below_sid="B")


def test_a_tunnel_toward_an_empty_slot_is_an_open_edge_and_discovery_fills_the_slot():
    g = game()
    seat = g.state.current
    put_pawn(g, seat, "below-hub-a.hall")
    set_pool(g, seat, boots=3)
    ends = sorted(r.to for r in g.geometry.routes_from("below-hub-a.hall"))
    assert ("open", 1, 2, "N.in", 0, "below") in ends
    stack_first(g, "cave-1")
    explore = next(a for a in g.legal_actions() if a.kind == "explore"
                   and g.geometry.routes_from("below-hub-a.hall")[0].key == a.args[0])
    g.apply(explore)
    assert g.decision()["kind"] == "orient"
    assert [str(a) for a in g.legal_actions() if a.kind in ("orient", "place")] == ["orient 0 0"]   # no turning
    g.apply("orient 0 0")
    placed = next(t for t in g.state.tiles if t.tile == "cave-1")
    assert (placed.slot, placed.x, placed.y, placed.rot) == ("N", 1, 2, 0)
    assert g.player(seat).room == "cave-1.den"
    assert not audit.problems(g)


def test_ports_join_slots_and_a_port_joined_to_nothing_is_closed():
    g = game()
    fill(g, "cave-1", "N")
    fill(g, "cave-2", "E")
    # N.out joins S.out (S empty: an open edge); E.out joins nothing: closed
    assert sorted(r.to for r in g.geometry.routes_from("cave-1.den")) == [
        ("open", 1, 0, "S.out", 0, "below"), ("room", "below-hub-a.hall")]
    assert [r.to for r in g.geometry.routes_from("cave-2.nook")] == [("room", "below-hub-a.hall")]
    assert g.empty_slots_next_to("cave-1") == ["S"] and g.empty_slots_next_to("below-hub-a") == ["S"]
    seat = g.state.current
    put_pawn(g, seat, "cave-1.den")
    set_pool(g, seat, boots=2)
    assert not [a for a in acts(g) if a.startswith("explore")]    # X12: the region's stack is empty


def test_a_link_to_an_empty_slot_discovers_it_then_enters_the_room_with_its_feature():
    g = game()
    seat = g.state.current
    key = g.add_link("home.door", "", to_slot=("below", "S", "treasure"), one_way=True, kind="drop")
    stack_first(g, "cave-1")
    set_pool(g, seat, boots=1)
    assert f"explore link:{key}" in acts(g)
    g.apply(f"explore link:{key}")
    assert next(t for t in g.state.tiles if t.tile == "cave-1").slot == "S"
    assert g.player(seat).room == "cave-1.den" and g.player(seat).pool.get("boots", 0) == 0
    # now the link leads to that room; one way: never back, not even by teleport
    assert [d for _, d, _ in g.link_routes("home.door")] == ["cave-1.den"]
    assert g.link_routes("cave-1.den") == []
    g.player(seat).teleports.append("adjacent")
    assert "home.door" not in g.teleport_targets(seat, "adjacent")


def test_a_teleport_along_a_link_to_an_empty_slot_discovers_it():
    g = game()
    seat = g.state.current
    g.add_link("home.door", "", to_slot=("below", "E", "treasure"), kind="drop")
    stack_first(g, "cave-2")       # no room of it shows the feature: the tile stays, the pawn too
    g.player(seat).teleports.append("adjacent")
    assert "slot:below:E:treasure" in g.teleport_targets(seat, "adjacent")
    g.changed()
    g.apply("teleport adjacent slot:below:E:treasure")
    assert g.geometry.in_slot("below", "E").tile == "cave-2"
    assert g.player(seat).room == "home.door"
    assert "cannot pass" in g.log[-1]


def test_a_two_way_link_to_a_filled_slot_is_followed_both_ways_for_a_boot():
    g = game()
    seat = g.state.current
    fill(g, "cave-1", "N")
    key = g.add_link("home.hall", "", to_slot=("below", "N", "treasure"), kind="ladder")
    put_pawn(g, seat, "home.hall")
    set_pool(g, seat, boots=2)
    g.apply(f"move link:{key} 0")
    assert g.player(seat).room == "cave-1.den"
    g.apply(f"move link:{key} 0")
    assert g.player(seat).room == "home.hall"
    assert assert_refused(g, f"move link:{key} 0")


def test_a_one_way_tunnel_into_a_portal_is_an_entrance_only():
    g = game()
    seat = g.state.current
    g.place_tile("gateway", 0, 2, 0, "catacombs", None)
    exits = [e.to[1] for e in g.geometry.portal_exits()]
    assert exits == ["gateway.arch"]                     # the hub's entrance is no exit
    put_pawn(g, seat, "below-hub-a.hall")
    set_pool(g, seat, boots=1)
    assert any(a.startswith("portal ") for a in acts(g))
    put_pawn(g, seat, "gateway.arch")
    assert not any(a.startswith("portal ") for a in acts(g))
    g.player(seat).teleports.append("adjacent")
    assert "below-hub-a.hall" not in g.teleport_targets(seat, "adjacent")


def test_the_check_of_a_loaded_state_knows_slots():
    g = game()
    fill(g, "cave-1", "N")
    assert not audit.problems(g)
    with edit(g) as st:
        st.tiles[-1].slot = "S"
        st.tiles.append(type(st.tiles[0])("cave-2", 1, 0, 1, "below", "S"))
        st.stacks["below"].remove("cave-2")
    found = audit.problems(g)
    assert any("two tiles fill the slot S" in p for p in found)
    assert any("is turned" in p for p in found)
    back = type(g).from_json(g.ruleset, game().to_json())
    assert state_json(back) == state_json(game())


def test_a_stack_part_may_keep_only_some_tiles_of_an_added_stack(tmp_path):
    pack = tmp_path / "keep"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: keep\nname: Keep\nversion: 0.0.1\nrequires: [mini]\n"
                                    "files: [setup.yaml, tiles.yaml]\n")
    (pack / "setup.yaml").write_text("tile_stacks:\n  catacombs:\n"
                                     "    - {stack: depths, take: 1, add: [{stack: extra, keep: 1}]}\n"
                                     "    - {rest: true}\n")
    tiles = (ROOT / "slotpack" / "tiles.yaml").read_text().split("- id: gateway")[1]
    (pack / "tiles.yaml").write_text("".join(f"- id: extra-{i}" + tiles.replace("stack: depths", "stack: extra")
                                             for i in range(3)))
    g = new_game(["mini", str(pack)], players=2, seed=3, modules=MODULES)
    stack = g.state.stacks["catacombs"]
    assert len(stack) == 2 + 1 and sum(t.startswith("extra-") for t in stack) == 1
    assert sum(t.startswith("extra-") for t in g.state.removed_tiles) == 2
    assert not audit.problems(g)


def test_slot_regions_are_validated_at_the_line_of_the_mistake(tmp_path):
    import shutil

    pack = tmp_path / "slots"
    shutil.copytree(ROOT / "slotpack", pack)
    setup = (pack / "setup.yaml").read_text()
    (pack / "setup.yaml").write_text(setup.replace("[N.out, S.out]", "[N.out, W.out]")
                                     .replace("[hub.h3, E.in]", "[hub.h3, E.side]"))
    with pytest.raises(ContentError) as err:
        new_game(["mini", str(pack)], players=2, seed=1, modules=MODULES)
    text = str(err.value)
    assert "setup.yaml:13:" in text and "unknown-port" in text and "no port 'side'" in text
    assert "setup.yaml:14:" in text and "unknown-slot" in text and "no slot 'W'" in text
