"""The map's memo (:class:`clank.mapdraw.MapMemo`): what a drawing keeps for the next one of the
same game, and the contract it keeps: a state whose map differs is never answered by the kept
model (a false "unchanged" would show an old map; a false "changed" only costs time)."""

from __future__ import annotations

from types import MappingProxyType

import clank_catacombs
import pytest
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


def test_a_room_state_that_changes_and_changes_back_is_drawn_each_time():
    """The copy of the rooms the memo compares with first is one under which every kept answer's
    reads hold: a change a hook reads, then the state as it was before, each drawn anew (the
    copy taken before the change is not trusted after it)."""
    g = _position()
    memo = MapMemo()
    room = g.state.rooms.setdefault("su-4.reliquary", {})
    room["marks"] = [0]
    first = map_scene(g.state_view(None), memo=memo).document()
    map_scene(g.state_view(None), memo=memo)                  # the copy taken, found equal
    room["marks"] = [1]
    second = map_scene(g.state_view(None), memo=memo).document()
    room["marks"] = [0]
    third = map_scene(g.state_view(None), memo=memo).document()
    assert first != second and third == first
    assert memo.model.signature() == build(g.state_view(None)).signature()


def test_a_stack_running_out_closes_the_open_edges_of_the_kept_tiles():
    """The open edges lead to unexplored dungeon while the region's stack has tiles (X12): when it
    runs out, the memo's map shows them closed though no tile moved."""
    g = _position()
    memo = MapMemo()
    first = build(g.state_view(None), memo=memo)
    assert first.open_edges and all(e.discoverable for e in first.open_edges)
    g.state.stacks["catacombs"] = []
    closed = build(g.state_view(None), memo=memo)
    assert closed.open_edges == build(g.state_view(None)).open_edges
    assert [e.cell for e in closed.open_edges] == [e.cell for e in first.open_edges]
    assert not any(e.discoverable for e in closed.open_edges)


def test_a_tile_laid_changes_only_the_edges_it_faces():
    """A tile laid next to the map: the memo's model keeps the other tiles' items, its open
    edges are those of a map made from nothing (the new tile's, and its neighbours' that it
    closed), the edges that did not change are the same objects."""
    g = _position()
    memo = MapMemo()
    first = build(g.state_view(None), memo=memo)
    place(g, "de-20", 0, 2, 0)
    laid = build(g.state_view(None), memo=memo)
    fresh = build(g.state_view(None))
    assert laid.open_edges == fresh.open_edges != first.open_edges
    assert all(any(e is f for f in first.open_edges) for e in laid.open_edges if e in first.open_edges)
    kept = [t for t in laid.tiles if any(t is u for u in first.tiles)]
    assert len(kept) >= len(first.tiles) - 2 and laid.tiles[-1].id == "de-20"


def test_an_icon_whose_glyph_reads_the_game_is_drawn_anew_on_tiles_kept_since():
    """A tunnel icon's glyph may read the game (here a room's state): its answer is kept with the
    tiles that show it, even through drawings that kept those tiles as they were (a tile laid
    elsewhere), so that when what it read changes, every tile showing the icon is drawn anew."""
    from clank.mapdraw import svg as svg_module
    from clank.registry import RenderDef, Symbol

    g = _position()
    name = next(icon for p in g.state.tiles for t in g.ruleset.tiles[p.tile].tunnels for icon in t.icons)

    def map_icon(view, icon):
        if icon != name:
            return None
        lit = view.room("st-a.crypt").get("lit")
        return Symbol("Z" if lit else "Y", "", f"test icon, {'lit' if lit else 'dark'}")

    renderers = g.ruleset.registry.renderers
    renderers.insert(0, RenderDef("test", map_icon=map_icon))
    try:
        memo = MapMemo()
        assert "test icon, dark" in map_scene(g.state_view(None), memo=memo).document()
        place(g, "de-20", 0, 2, 0)                      # a tile laid: the others kept as they are
        map_scene(g.state_view(None), memo=memo)
        g.state.rooms.setdefault("st-a.crypt", {})["lit"] = True
        shown = map_scene(g.state_view(None), memo=memo).document()
        svg_module.clear_caches()
        assert shown == svg_module.render_svg(build(g.state_view(None)), g.state_view(None))
        assert "test icon, lit" in shown and "test icon, dark" not in shown
    finally:
        renderers.remove(renderers[0])


# ==========================================================================================
# Whole games: the memo's map equals a map made from nothing at every state
# ==========================================================================================
def _play_and_compare(packs: list[str], players: int, seed: int, rounds: int) -> dict[str, int]:
    """Play a game of ``random`` bots, drawing the spectator's map with a memo after every action
    (as the web table does) and each orientation of a discovered tile with the same memo; at each
    state the memo's model, its SVG document and the map element a page receives equal a model
    and a drawing made from nothing (no memo, no kept elements). How each drawing was made, by
    kind: the model kept, pawns followed, tiles made anew (a hook's answer changed), a tile laid."""
    from clank.api import bot_seed
    from clank.mapdraw import svg as svg_module
    from clank.mapdraw.markup import markup

    g = new_game(packs, players=players, seed=seed, options={"max_rounds": rounds})
    bots = [g.ruleset.registry.make_bot("random", bot_seed(seed, s)) for s in range(players)]
    memo = MapMemo()
    kinds = dict.fromkeys(("kept", "followed", "remade", "laid", "preview"), 0)
    while True:
        view = g.state_view(None)
        before, tiles_before = memo.model, len(memo.model.tiles) if memo.model is not None else 0
        drawn = map_scene(view, memo=memo)
        fresh = build(view)
        assert memo.model.signature() == fresh.signature()
        assert memo.model.open_edges == fresh.open_edges and memo.model.rooms.keys() == fresh.rooms.keys()
        svg_module.clear_caches()
        alike = svg_module.scene(fresh, view)
        assert drawn.document() == alike.document()
        assert markup(drawn.map_node()) == markup(alike.map_node())
        if memo.model is before:
            kinds["kept"] += 1
        elif memo.moved_from is before:
            kinds["followed"] += 1
        else:
            kinds["laid" if len(memo.model.tiles) > tiles_before else "remade"] += 1
        if g.over:
            return kinds
        seat = g.current_player
        for a in g.view(seat).legal_actions():
            if a.kind in ("orient", "place"):
                mine = g.state_view(seat)
                shown = map_scene(mine, preview=a, memo=memo).document()
                svg_module.clear_caches()
                assert shown == svg_module.render_svg(build(mine, a), mine)
                kinds["preview"] += 1
        g.apply(bots[seat].choose(g.view(seat)))


GAMES = [(["catacombs"], 2, 3), (["catacombs", "underworld"], 2, 1), (["catacombs", "party"], 3, 2),
         (["catacombs", "underworld", "party"], 4, 5)]


@pytest.mark.parametrize(("packs", "players", "seed"), GAMES)
def test_the_memos_map_equals_a_map_made_from_nothing_at_every_state(packs, players, seed):
    """Tiles laid, rooms whose hooks answer anew (tokens taken, marks), pawns moving, pieces,
    links, slot tiles and chutes: at every state of a game the map the memo gives (reusing the
    tiles, rooms, shapes, open edges and elements that did not change) is the map made from
    nothing, and each way of making it happens."""
    kinds = _play_and_compare(packs, players, seed, rounds=12)
    assert kinds["kept"] > 50 and kinds["followed"] > 5 and kinds["laid"] > 2 and kinds["remade"] > 0, kinds


@pytest.mark.slow
@pytest.mark.parametrize(("packs", "players"), [(p, n) for p, n, _ in GAMES] + [(["catacombs"], 4)])
@pytest.mark.parametrize("seed", [6, 7, 8])
def test_the_memos_map_equals_a_map_made_from_nothing_on_whole_games(packs, players, seed):
    """The same on whole games (to their end or round 40), more seeds."""
    kinds = _play_and_compare(packs, players, seed, rounds=40)
    assert kinds["laid"] > 2 and kinds["followed"] > 5, kinds
