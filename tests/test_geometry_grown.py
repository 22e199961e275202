"""The geometry kept across tile placements (:meth:`Geometry.grown`) and rotations
(:meth:`Geometry.turned`) is the geometry built afresh: every placed room's routes and their
costs, after every action of random games (a grid region and a slot region) and after every
turn of every placed tile of mid-game positions. A placement keeps the route lists of every
room but those that faced the new tile, and of those the routes that did not end where it lies."""

from __future__ import annotations

import random

from clank import dungeon, new_game
from clank.dungeon import End, Geometry, Route, TileDef, TunnelDef, open_side, segment
from clank.game.movement import path_cost
from clank.game.state import PlacedTile

from .test_slot_regions import game as slot_game


def _same_as_fresh(game) -> None:
    kept = game.geometry
    fresh = Geometry(game.ruleset.tiles, game.state.tiles, game.ruleset.regions)
    assert game.placed_rooms() == [f"{t.tile}.{r}" for t in game.state.tiles for r in game.ruleset.tiles[t.tile].rooms]
    for room in game.placed_rooms():
        ours, theirs = kept.routes_from(room), fresh.routes_from(room)
        assert [(r.to, r.segments) for r in ours] == [(r.to, r.segments) for r in theirs], room
        for r, f in zip(ours, theirs, strict=True):
            a, b = game.route_cost(r), path_cost(game, fresh, f.segments)
            assert (a.resources, a.cover, a.damage, a.against) == (b.resources, b.cover, b.damage, b.against)
    assert [(r.origin, r.to, r.segments) for r in kept.portal_exits()] == \
        [(r.origin, r.to, r.segments) for r in fresh.portal_exits()]


def _play(game, seed: int, steps: int) -> int:
    rng = random.Random(seed)
    placed = len(game.state.tiles)
    for _ in range(steps):
        if game.over:
            break
        game.legal_actions()        # routes and costs are remembered before the next placement
        before = game.geometry
        traced = {room: before.routes_from(room) for room in game.placed_rooms()}
        layout = [(t.tile, t.rot) for t in game.state.tiles]
        game.apply(rng.choice(game.legal_actions()))
        if len(game.state.tiles) == len(layout) + 1 and [(t.tile, t.rot) for t in game.state.tiles[:-1]] == layout:
            _kept_all_but_the_rooms_facing(game, traced)
        _same_as_fresh(game)
    return len(game.state.tiles) - placed


def _kept_all_but_the_rooms_facing(game, traced: dict) -> None:
    """After a placement (nothing turned), a room traced before keeps its very route list
    unless one of its routes ended at an open edge the new tile fills."""
    new = game.state.tiles[-1]
    geo = game.geometry
    if new.region in game.ruleset.regions:
        filled = {(new.region, new.slot)}
    else:
        filled = {(new.x + dx, new.y + dy, new.region) for dx, dy in game.ruleset.tiles[new.tile].cells.values()}
    for room, routes in traced.items():
        facing = any(r.to[0] == "open" and open_side(r.to) in filled for r in routes)
        now = geo.routes_from(room)
        assert (now is routes) is not facing, room
        if facing:                      # only the routes that ended where the tile lies are traced again
            assert room in geo.regrown
            kept = [r for r in routes if not (r.to[0] == "open" and open_side(r.to) in filled)]
            assert all(any(r is k for r in now) for k in kept), room


def test_grid_geometry_kept_across_placements_is_the_fresh_one():
    grown = sum(_play(new_game(["catacombs"], players=2, seed=seed), seed, 400) for seed in range(4))
    assert grown > 0


def test_slot_geometry_kept_across_placements_is_the_fresh_one():
    grown = sum(_play(slot_game(seed), seed, 300) for seed in range(4))
    assert grown > 0


def test_geometry_kept_across_rotations_is_the_fresh_one():
    """X15 turns tiles where they lie (Animated Wall, Sudden Movement): every turn of every
    rotatable tile of mid-game positions, every room traced before, then turned back."""
    kept = 0
    for seed in range(3):
        game = new_game(["catacombs"], players=2, seed=seed)
        _play(game, seed, 150)
        for placed in list(game.state.tiles):
            if not game.ruleset.tiles[placed.tile].rotatable:
                continue
            for quarter in (1, 2, 3):
                before = game.geometry
                traced = {room: before.routes_from(room) for room in game.placed_rooms()}
                placed.rot = (placed.rot + quarter) % 4
                game.tiles_turned([placed.tile])
                kept += sum(game.geometry.routes_from(room) is routes for room, routes in traced.items())
                _same_as_fresh(game)
                placed.rot = (placed.rot - quarter) % 4
                game.tiles_turned([placed.tile])
                _same_as_fresh(game)
    assert kept > 0                 # rooms away from the turned tile kept their routes


def test_a_tunnel_that_ended_against_a_wall_follows_the_tile_turned_to_meet_it():
    """A room whose tunnel stops against a neighbour's wall (a dead end, dropped) has no route
    through that neighbour, yet turning the neighbour may open one: the turned geometry
    traces that room again."""
    def tile(tile_id: str, port: tuple[str, int]) -> TileDef:
        room = End("room", room="r")
        return TileDef(tile_id, tile_id, "depths", rooms={"r": {"features": [], "cell": ""}},
                       tunnels=[TunnelDef(room, End("port", side=port[0], idx=port[1]))])

    defs = {"a": tile("a", ("e", 1)), "b": tile("b", ("n", 2))}
    a, b = PlacedTile("a", 0, 0), PlacedTile("b", 1, 0)
    geo = Geometry(defs, [a, b])
    assert geo.routes_from("a.r") == [] and geo.routes_from("b.r")[0].to[0] == "open"
    b.rot = 3                        # b's north port 2 now faces west, where a's east port 1 meets it
    turned = geo.turned([a, b], ["b"])
    assert [r.to for r in turned.routes_from("a.r")] == [("room", "b.r")]
    assert [r.to for r in turned.routes_from("a.r")] == [r.to for r in Geometry(defs, [a, b]).routes_from("a.r")]


def test_a_copy_keeps_its_layout_when_the_original_turns_a_tile():
    """A clone shares what the layout decides, but indexes its own placed tiles: turning tiles
    of the original where they lie (X15) after the copy was made leaves the copy's routes as
    the copy's tiles say, for rooms traced before and after the turn."""
    game = new_game(["catacombs"], players=2, seed=1)
    _play(game, 1, 150)
    game.changed()
    game.geometry.routes_from(game.placed_rooms()[0])      # one room traced before the copy
    copy = game.clone()
    turned = [p.tile for p in game.state.tiles if game.ruleset.tiles[p.tile].rotatable]
    for placed in game.state.tiles:
        if placed.tile in turned:
            placed.rot = (placed.rot + 1) % 4
    game.tiles_turned(turned)
    _same_as_fresh(copy)
    _same_as_fresh(game)


def test_a_fork_shares_every_attribute_but_the_indexes_of_its_own_tiles():
    """A clone's geometry (:meth:`Geometry.fork`) holds the very objects of the original's for
    everything the layout decides, and indexes of the copy's own placed tiles; the list of what
    it shares names every attribute a geometry has, so that an attribute added later is not
    silently left at its empty value in clones."""
    game = new_game(["catacombs"], players=2, seed=3)
    _play(game, 3, 120)
    game.geometry.routes_from(game.placed_rooms()[0])
    original = game.geometry
    copy = game.clone()
    forked = copy.geometry
    assert set(vars(original)) == set(dungeon._FORKED) | set(dungeon._FORK_INDEXES)
    for name in dungeon._FORKED:
        assert getattr(forked, name) is getattr(original, name), name
    assert forked.placed == {p.tile: p for p in copy.state.tiles}
    assert all(forked.placed[t] is not original.placed[t] for t in original.placed)
    assert {cell: (p.tile, key) for cell, (p, key) in forked.by_cell.items()} == \
        {cell: (p.tile, key) for cell, (p, key) in original.by_cell.items()}
    assert all(p is forked.placed[p.tile] for p, _ in forked.by_cell.values())
    _same_as_fresh(copy)


def test_a_portal_exit_that_ended_at_an_open_edge_reaches_the_tile_placed_there():
    """A portal whose tunnel leads to an open edge has no exit yet; once a tile fills that
    edge, the grown geometry's portal exits lead into the new tile's room."""
    room, portal = End("room", room="r"), End("portal")
    defs = {"p": TileDef("p", "p", "depths", tunnels=[TunnelDef(portal, End("port", side="e", idx=1))]),
            "q": TileDef("q", "q", "depths", rooms={"r": {"features": [], "cell": ""}},
                         tunnels=[TunnelDef(room, End("port", side="w", idx=2))])}
    p, q = PlacedTile("p", 0, 0), PlacedTile("q", 1, 0)
    assert defs["p"].has_portal and not defs["q"].has_portal
    geo = Geometry(defs, [p])
    assert geo.portal_exits() == []
    grown = geo.grown([p, q], q)
    assert [r.to for r in grown.portal_exits()] == [("room", "q.r")]


def test_a_tile_lists_the_tunnels_leaving_each_room_in_its_tunnels_order():
    """``TileDef.room_tunnels`` (what tracing a room's routes walks): each tunnel with a room
    end leaves that room from that end; a tunnel joining two rooms leaves both; one from a room
    back to itself leaves it once, from its end a."""
    r1, r2, port = End("room", room="r1"), End("room", room="r2"), End("port", side="n", idx=1)
    tdef = TileDef("t", "t", "depths", rooms={"r1": {"features": [], "cell": ""}, "r2": {"features": [], "cell": ""}},
                   tunnels=[TunnelDef(r1, port), TunnelDef(End("port", side="e", idx=1), r1),
                            TunnelDef(r1, r2), TunnelDef(r2, r2)])
    assert tdef.room_tunnels == {"r1": ((0, True), (1, False), (2, True)), "r2": ((2, False), (3, True))}
    # what tracing walks: each tunnel from its end b and from its end a, the segment and the end reached
    assert tdef.walks[0] == ((segment("t", 0, False), r1), (segment("t", 0, True), port))
    assert tdef.walks[2][True] == (segment("t", 2, True), r2) and len(tdef.walks) == 4
    assert not tdef.has_portal
    # the tunnels from a room straight to a room of the tile are routes made once, with the tile
    assert tdef.room_exits == {
        "r1": ((0, True, None), (1, False, None), (2, True, Route("t.r1", ("room", "t.r2"), (segment("t", 2, True),)))),
        "r2": ((2, False, Route("t.r2", ("room", "t.r1"), (segment("t", 2, False),))),
               (3, True, Route("t.r2", ("room", "t.r2"), (segment("t", 3, True),))))}


def _traced(geo: Geometry, room: str) -> list[Route]:
    """A room's routes as tracing each tunnel leaving it finds them (dead ends dropped)."""
    tile, _, local = room.partition(".")
    found = [geo.trace(geo.placed[tile], i, from_a, room) for i, from_a in geo.defs[tile].room_tunnels.get(local, ())]
    return [r for r in found if r.to[0] != "dead"]


def test_a_route_between_two_rooms_of_one_tile_is_one_object_for_every_layout_and_game():
    """``TileDef.room_exits``: a tunnel from a room straight to a room of the same tile is the
    same route in every layout, so every geometry of every game of the ruleset lists that one
    object, equal to what tracing it finds; the cost remembered on it is right in each game
    (two games played in turns, each route's cost checked against pricing its tunnels anew)."""
    games = [new_game(["catacombs"], players=4, seed=seed) for seed in (5, 6)]
    rngs = [random.Random(5), random.Random(6)]
    shared = 0
    for _ in range(150):
        for game, rng in zip(games, rngs, strict=True):
            if game.over:
                continue
            game.apply(rng.choice(game.legal_actions()))
            geo = game.geometry
            fresh = Geometry(game.ruleset.tiles, game.state.tiles, game.ruleset.regions)
            for room in game.placed_rooms():
                ours = geo.routes_from(room)
                assert [(r.origin, r.to, r.segments) for r in ours] == \
                    [(r.origin, r.to, r.segments) for r in _traced(fresh, room)], room
                inner = [r for r in ours if len(r.segments) == 1 and r.to[0] == "room" and r.to[1].partition(".")[0] == r.segments[0].tile]
                assert all(any(r is x for x in fresh.routes_from(room)) for r in inner)
                shared += len(inner)
                for r in ours:
                    a, b = game.route_cost(r), path_cost(game, fresh, r.segments)
                    assert (a.resources, a.cover, a.damage, a.against) == (b.resources, b.cover, b.damage, b.against)
    assert shared > 100


def test_a_route_whose_icons_read_nothing_keeps_its_cost_and_a_locked_one_is_priced_again():
    """``Route.fixed``: a route without a lock or an icon a turn flag cancels is priced once and
    keeps its price on the route (so every geometry that keeps the route reads it there, and a
    route traced again along the same tunnels finds it in ``Ruleset.fixed_costs``); a
    route over a lock is priced again once the lock is covered (A9)."""
    game = new_game(["catacombs"], players=2, seed=3)
    rng = random.Random(3)
    locked = plain = None
    for _ in range(600):
        icons = game.registry.tunnel_icons
        for room in game.placed_rooms():
            for r in game.geometry.routes_from(room):
                names = [n for s in r.segments for n in game.geometry.tunnel(s).icons]
                if any(icons[n].covers for n in names) and not any(
                        icons[n].cost_ignored_by or icons[n].damage_ignored_by for n in names):
                    locked = locked or r
                elif not any(icons[n].covers or icons[n].cost_ignored_by or icons[n].damage_ignored_by for n in names):
                    plain = plain or r
        if locked is not None and plain is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert locked is not None and plain is not None
    cost = game.route_cost(plain)
    assert plain.fixed is cost and game.route_cost(plain) is cost
    again = Route(plain.origin, plain.to, plain.segments)    # traced again: the same tunnels, the same price
    assert again.fixed is None and game.route_cost(again) is cost and game.ruleset.fixed_costs[plain.segments] is cost
    before = game.route_cost(locked)
    assert locked.fixed is None and before.cover
    copy = game.clone()                # shares the routes, and covers nothing more
    game.state.covered.extend(before.cover)
    after = game.route_cost(locked)
    assert copy.route_cost(locked) is before and game.route_cost(locked) is after     # each its own price
    assert not after.cover and after.resources.get("lockpicks", 0) == 0
    assert (after.resources, after.damage) == (path_cost(game, game.geometry, locked.segments).resources,
                                               path_cost(game, game.geometry, locked.segments).damage)


def test_a_route_priced_again_only_when_what_its_icons_read_changed():
    """``Route.priced`` names what the route's icons read (A8, A9): a route over a monster whose
    damage a turn flag cancels, and no lock, keeps its price when a lock elsewhere is covered and
    is priced again when the flag is set; a route over a lock and no such icon keeps its price
    when a flag is set and is priced again when the lock is covered."""
    game = new_game(["catacombs"], players=2, seed=3)
    rng = random.Random(3)
    icons = game.registry.tunnel_icons
    monster = locked = None
    for _ in range(600):
        for room in game.placed_rooms():
            for r in game.geometry.routes_from(room):
                names = [icons[n] for s in r.segments for n in game.geometry.tunnel(s).icons]
                flagged = any(i.cost_ignored_by or i.damage_ignored_by for i in names)
                covers = any(i.covers for i in names)
                if flagged and not covers:
                    monster = monster or r
                elif covers and not flagged:
                    locked = locked or r
        if monster is not None and locked is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert monster is not None and locked is not None
    flag = next(i.damage_ignored_by or i.cost_ignored_by for s in monster.segments
                for i in (icons[n] for n in game.geometry.tunnel(s).icons) if i.damage_ignored_by or i.cost_ignored_by)
    hurt, lock = game.route_cost(monster), game.route_cost(locked)
    assert hurt.damage and lock.cover
    kept = monster.priced
    game.state.covered.extend(lock.cover)                 # the lock covered: the monster's price is kept
    assert game.route_cost(monster) is hurt and monster.priced is kept
    opened = game.route_cost(locked)
    assert not opened.cover and opened is not lock
    kept = locked.priced
    game.state.turn.flags.append(flag)                   # the flag set: the lock's price is kept
    assert game.route_cost(locked) is opened and locked.priced is kept
    spared = game.route_cost(monster)
    for route, cost in ((monster, spared), (locked, opened)):
        fresh = path_cost(game, game.geometry, route.segments)
        assert (cost.resources, cost.cover, cost.damage) == (fresh.resources, fresh.cover, fresh.damage)
    assert spared.damage < hurt.damage
