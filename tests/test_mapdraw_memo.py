"""The map's memo (:class:`clank.mapdraw.MapMemo`): what a drawing keeps for the next one of the
same game, and the contract it keeps: a state whose map differs is never answered by the kept
model (a false "unchanged" would show an old map; a false "changed" only costs time)."""

from __future__ import annotations

from types import MappingProxyType

import clank_catacombs
from clank import new_game
from clank.mapdraw import MapMemo, map_scene
from clank.mapdraw.memo import plain_copy
from clank.mapdraw.model import build
from clank.testing import place

MODULES = {"catacombs": clank_catacombs}


def _position():
    g = new_game(["catacombs"], players=2, seed=11, modules=MODULES)
    for tile, x, y, rot in (("su-4", 1, 0, 0), ("su-1", -1, 0, 1), ("de-07", 1, 1, 2)):
        place(g, tile, x, y, rot)
    g.changed()
    return g


def test_plain_copy_is_equal_and_apart_from_the_original():
    """The memo's copies: equal to the value, untouched when the value changes in place; a value
    marshal refuses (a mapping proxy, an object) is copied as plain data or as equal to nothing."""
    value = {"a": [1, {"b": (2, "x")}], "c": {3, 4}, "d": None, "e": 1.5}
    copy = plain_copy(value)
    assert copy == value and copy is not value
    value["a"][1]["b"] = (3, "x")
    assert copy != value
    proxy = MappingProxyType({"k": [1]})
    assert plain_copy(proxy) == proxy
    odd = [object()]
    assert plain_copy(odd) != odd


def test_a_piece_or_a_link_changed_in_place_is_drawn():
    """The memo compares the game's pieces and links with copies of them: a piece moved by
    changing its dict in place is drawn at the next drawing (the kept model is not reused)."""
    g = _position()
    memo = MapMemo()
    v = g.state_view(None)
    first = build(v, memo=memo)
    assert build(g.state_view(None), memo=memo) is first
    g.state.pieces["p1"] = {"kind": "ghost", "room": "su-4.reliquary"}
    second = build(g.state_view(None), memo=memo)
    assert second is not first and second.signature() == build(g.state_view(None)).signature()
    g.state.pieces["p1"]["room"] = "de-07.stacks"           # changed in place
    third = build(g.state_view(None), memo=memo)
    assert third is not second and third.signature() == build(g.state_view(None)).signature()
    assert [s for s in third.rooms["de-07.stacks"].pieces]


def test_a_room_change_no_hook_reads_keeps_the_model_and_one_it_reads_does_not():
    """``room(id)`` reads ``rooms`` only: while ``rooms`` equals the memo's copy, the rooms'
    reads are not asked again; a change of ``rooms`` no hook read (a room not on the map) keeps
    the model, a change a hook reads (a wayshrine mark, drawn by the pack's ``map_room``) draws
    the room anew, whether the room's state is replaced or changed in place."""
    g = _position()
    memo = MapMemo()
    before = map_scene(g.state_view(None), memo=memo).document()
    model = memo.model
    g.state.rooms["de-99.nowhere"] = {"marks": [0]}
    assert build(g.state_view(None), memo=memo) is model
    assert build(g.state_view(None), memo=memo) is model
    g.state.rooms["su-4.reliquary"]["marks"] = [1]
    after = map_scene(g.state_view(None), memo=memo).document()
    assert memo.model is not model and after != before and "wayshrine mark: P2" in after
    g.state.rooms["su-4.reliquary"]["marks"].append(0)        # changed in place
    again = map_scene(g.state_view(None), memo=memo).document()
    assert again != after and memo.model.signature() == build(g.state_view(None)).signature()
    assert [s.meaning for s in memo.model.rooms["su-4.reliquary"].contents if s.glyph == "•"] == \
        ["wayshrine mark: P2's", "wayshrine mark: P1's"]
