"""One readable name per room (issue 9): the engine's rule, the room's ``name`` in the tile
data, a pack's ``room_name`` render callback; the log, the menus and the map use the same name."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from clank import new_game
from clank.game.naming import RoomName, name_room, tile_reference
from clank.testing import move_between, place, set_pool

ROOT = Path(__file__).resolve().parents[1]


def _minipack():
    if "clank_test_minipack" in sys.modules:
        return sys.modules["clank_test_minipack"]
    init = ROOT / "tests" / "minipack" / "__init__.py"
    spec = importlib.util.spec_from_file_location("clank_test_minipack", init)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("tile,room,label,short,sentence", [
    ("Sunken Chapel", "t.chapel", "Sunken Chapel", "Chapel", "the Sunken Chapel"),
    ("Sunken Chapel", "t.nave", "Nave of the Sunken Chapel", "Nave", "the nave of the Sunken Chapel"),
    ("The Iron Gate", "t.gate", "The Iron Gate", "Gate", "the Iron Gate"),
    ("The Iron Gate", "t.well", "Well of the Iron Gate", "Well", "the well of the Iron Gate"),
    ("The Iron Gate Hall", "t.gate", "The Iron Gate", "Gate", "the Iron Gate"),
    ("Hall of Echoes", "t.hall", "Hall of Echoes", "Hall", "the Hall of Echoes"),
    ("Hall of Echoes", "t.throne", "Throne of the Hall of Echoes", "Throne", "the throne of the Hall of Echoes"),
    ("Glimmerhold", "t.nook", "Nook of Glimmerhold", "Nook", "the nook of Glimmerhold"),
    ("Pilgrims' Rest", "t.well", "Well of Pilgrims' Rest", "Well", "the well of Pilgrims' Rest"),
    ("Weaver's Den", "t.den", "Weaver's Den", "Den", "the Weaver's Den"),
    ("Sunken Chapel", "t.counting_house", "Counting house of the Sunken Chapel", "Counting house",
     "the counting house of the Sunken Chapel"),
    ("Bells and Candles", "t.bells", "Bells and Candles", "Bells", "the Bells and Candles"),
])
def test_the_generic_rule(tile, room, label, short, sentence):
    assert name_room(tile, room) == RoomName(label, short, sentence)


def test_a_given_name_replaces_the_id_words_and_keeps_its_capitals():
    assert name_room("Sunken Chapel", "t.till", "counting house").sentence == "the counting house of the Sunken Chapel"
    assert name_room("Sunken Chapel", "t.till", "Saint's Rest") == RoomName(
        "Saint's Rest of the Sunken Chapel", "Saint's Rest", "the Saint's Rest of the Sunken Chapel")
    assert name_room(None, "lost.room_x") == RoomName("Room x", "Room x", "the room x")


def test_tile_references():
    assert tile_reference("The Iron Gate") == "the Iron Gate"
    assert tile_reference("Sunken Chapel") == "the Sunken Chapel"
    assert tile_reference("Glimmerhold") == "Glimmerhold"
    assert tile_reference("Pilgrims' Rest") == "Pilgrims' Rest"


def test_data_names_and_the_render_callback_reach_the_log_menus_and_views():
    g = new_game(["mini"], players=2, seed=0, modules={"mini": _minipack()})
    assert g.room_name("home.hall") == "the entrance hall of Home"            # `name:` in the tile data
    assert g.room_label("home.hall") == "Entrance hall of Home"
    assert g.room_label("home.hall", short=True) == "Entrance hall"
    assert g.room_name("crypt2.gold") == "the Gold Heap"                       # the pack's callback
    assert g.room_label("crypt2.gold") == "The Gold Heap"
    assert g.room_name("home.door") == "the door of Home"                      # the generic rule
    view = g.view(0)
    assert view.room_name("home.hall") == g.room_name("home.hall")
    assert view.room_label("home.hall", short=True) == "Entrance hall"
    set_pool(g, 0, boots=2)
    move_between(g, "home.door", "home.hall")
    assert any(line.startswith("P1 moves to the entrance hall of Home") for line in g.log), g.log[-3:]


def test_the_base_game_log_menus_and_map_name_a_room_alike():
    from clank.mapdraw import room_label
    from clank_cli import render
    from clank_cli.mapping import room_label as sentence

    g = new_game(["catacombs"], players=2, seed=1)
    place(g, "su-2", 1, 0, 0)
    view = g.view(0)
    assert g.room_name("su-2.counting") == "the counting house of Tinkers' Row"   # the pack's data name
    assert sentence(view, "su-4.nave") == "the nave of the Dustveil Reliquary" == g.room_name("su-4.nave")
    assert room_label(view, "su-4.nave") == "Nave of the Dustveil Reliquary"
    assert render.room_name(view, "st-a.crypt") == "the Crypt"
