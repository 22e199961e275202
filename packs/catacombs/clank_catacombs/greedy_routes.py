"""The greedy bot's route table and the searches it runs on it (:mod:`clank_catacombs.greedy`
plans with them).

The table holds every route the bot may take, whoever plans, by where it ends (the graph a
reverse Dijkstra from the targets walks), kept with the geometry: made from the table of the
layout before (or of other covered icons and turn flags) by looking again only at the rooms
whose routes changed. A :class:`TableSearch` is one seat's search on it (what its supply and
goal allow), run only as far as a decision needs.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable
from typing import Any

ROUTES = "greedy-routes"
"""The table's key in the geometry's ``derived`` data."""

_FLOATS: dict[float, float] = {}
_PRICES: dict[Any, float] = {}     # route cost object (hashed by identity, held here) -> its price
_COST_TERMS: dict[Any, tuple[bool, float, int]] = {}    # the same -> _cost_terms
Edge = tuple[str, str, float, Any]
"""A route of the planner's table: ``(where it ends, from room, cost, condition)``; the
condition is None when anyone may take it, else ``(icons to cover, whether it enters a crypt,
the region of the open edge it leads to or None)``, one shared tuple per value."""
_CONDITIONS: dict[tuple, tuple] = {}
_MOST_LOCKS = [0]
"""The most icons to cover that any route condition made so far asks for (see :func:`lockpicks_told`)."""
_ALLOWED: dict[tuple, dict[tuple, bool]] = {}
"""Per (lockpicks, carries an artifact, regions worth exploring): whether a route of each
condition may be taken (filled as conditions are met)."""


class RouteTable:
    """The planner's route table for one layout and one costs key (see :func:`route_table`)."""

    __slots__ = ("costs_key", "serial", "traced", "base", "into", "rooms", "reading", "portal_rooms", "portals",
                 "dists")

    def __init__(self, costs_key: tuple, serial: int, traced: int, base: dict[str, list[Edge]],
                 into: dict[str, list[Edge]], rooms: dict[str, tuple], reading: frozenset[str],
                 portal_rooms: frozenset[str], portals: tuple[Any, dict[str, list[Edge]]]) -> None:
        self.costs_key = costs_key      # covered icons and the flags route costs read
        self.serial, self.traced = serial, traced   # the layout it was made for, and its rooms traced then
        self.base = base                # the routes by where they end, portal routes aside
        self.into = into                # the same with the portal routes: what the search walks
        self.rooms = rooms              # per room: (route list, reads, seen, edges, portal routes)
        self.reading = reading          # the rooms whose routes' costs read covered icons or flags
        self.portal_rooms = portal_rooms   # the rooms with a route into a portal
        self.portals = portals          # (the portal exits, the routes through portals by end) of the layout
        self.dists: dict[tuple, TableSearch] = {}   # the searches made on it, by what else they read


def route_table(game, geo, held: RouteTable | None, costs_key: tuple) -> RouteTable:
    """Every route the planner may use, whoever plans, by where it ends (``into[end]``, the
    graph the reverse search walks): an :data:`Edge` from a room to a room, to the sink
    ``@open`` (an open edge) or to a room beyond a portal. What the seat's supply and goal
    allow is left to :class:`TableSearch`.

    Made from the entry of each room: ``(its route list, what its routes' costs read, what that
    was, its edges, its portal routes)``. A room keeps its entry while its route list is the very
    list it was made from and what its routes' costs read is as it was (:func:`_reads`). The
    entries are taken from another table where they can be: from this layout's table for other
    covered icons or flags (``held``: only the rooms whose costs read those are looked at again),
    or from the table of the layout this one grew from, when that table was made before it grew
    (only the rooms ``Geometry.regrown`` names are looked at again, and those that read if the
    covered icons or flags differ); the other rooms' edges are not touched. The routes through
    portals are taken from the other table too while the portal exits, the rooms' portal routes
    and the covered icons and flags are the same."""
    changed: Collection[str]
    if held is not None:
        base, changed = held, ()
    else:
        before = geo.inherited
        geo.inherited = None
        parent = before.get(ROUTES) if before is not None else None
        if parent is not None and geo.grown_from == (parent.serial, parent.traced):
            base, changed = parent, geo.regrown
        else:
            base, changed = None, ()
    asks = (game.route_cost, crypt_rooms(game), reading_icons(game), game.memo(_TUNNEL_READS, dict))
    reading: frozenset[str]
    portal_rooms: frozenset[str]
    into: dict[str, list[Edge]]
    if base is None:                    # made from nothing: every room is new to it
        into, rooms, reading, portal_rooms = {}, {}, frozenset(), frozenset()
        todo: Iterable[str] = game.placed_rooms()
    else:
        into, rooms, reading, portal_rooms = dict(base.base), dict(base.rooms), base.reading, base.portal_rooms
        # rooms whose costs read locks or flags: looked at again unless those are as they were
        todo = changed if base.costs_key == costs_key else (*changed, *reading)
    own: set[str] = set()               # the ends whose lists are this table's (the rest are shared)
    seen_now = None
    portals_kept = base is not None and base.costs_key == costs_key
    for room in todo:
        routes = geo.routes_from(room)
        old = rooms.get(room)
        if old is not None and old[0] is routes:
            if old[1] is None:
                continue
            if seen_now is None:
                seen_now = (frozenset(game.covered), game.turn.flags)
            if _seen(old[1], *seen_now) == old[2]:
                continue
        was = rooms[room] = room_entry(game, geo, room, routes, seen_now, asks)
        if was[4] or (old is not None and old[4]):
            portals_kept = False
        if old is not None:
            for edge in old[3]:
                end = edge[0]
                if end not in own:
                    into[end] = [*into[end]]
                    own.add(end)
                into[end].remove(edge)
        for edge in was[3]:
            end = edge[0]
            found = into.get(end)
            if found is None:
                into[end] = [edge]
                own.add(end)
            elif end in own:
                found.append(edge)
            else:
                into[end] = [*found, edge]
                own.add(end)
        if (was[1] is not None) != (room in reading):
            reading = reading ^ {room}
        if bool(was[4]) != (room in portal_rooms):
            portal_rooms = portal_rooms ^ {room}
    if not portal_rooms:
        return RouteTable(costs_key, geo.serial, geo.traced(), into, into, rooms, reading, portal_rooms, (None, {}))
    exits = geo.portal_exits()
    if portals_kept and base is not None and base.portals[0] is exits:
        portals = base.portals
    else:
        portals = (exits, _portal_edges(game, exits, rooms, portal_rooms))
    full = dict(into)
    for end, through in portals[1].items():
        full[end] = [*full.get(end, ()), *through]
    return RouteTable(costs_key, geo.serial, geo.traced(), into, full, rooms, reading, portal_rooms, portals)


def room_entry(game, geo, room: str, routes: list, seen_now: tuple | None, asks: tuple) -> tuple:
    """A room's entry of the route table: ``(routes, reads, seen, edges, portal routes)``;
    ``asks``: the game's ``route_cost``, the rooms that show a crypt, the icons whose price
    reads the game and what each tunnel's icons read (see :func:`_reads`), looked up once per
    table."""
    entries: list[Edge] = []
    through_portal: list | tuple = ()
    reading: list | tuple = ()          # the routes whose price reads the game
    route_cost, crypts, keyed, per_tunnel = asks
    costs = _COST_TERMS
    for r in routes:
        to = r.to
        kind = to[0]
        if kind == "portal":
            through_portal = [*through_portal, r]
            continue
        cost = r.fixed                   # priced for good (its icons read nothing)
        if cost is None:
            cost = route_cost(r)
            if r.fixed is None:
                reading = [*reading, r]
        known = costs.get(cost)
        if known is None:
            known = _cost_terms(cost)
        if known[0]:                     # against an arrow
            continue
        if kind == "room":
            end = to[1]
            n = known[2]
            if n or end in crypts:
                key = (n, end in crypts, None)
                entries.append((end, room, known[1], _CONDITIONS.get(key) or _condition(*key)))
            else:
                entries.append((end, room, known[1], None))
        elif kind == "open":
            key = (known[2], False, to[5])
            entries.append(("@open", room, known[1], _CONDITIONS.get(key) or _condition(*key)))
    reads = _reads(game, geo, reading, keyed, per_tunnel) if reading and keyed else None
    if reads is None:
        return routes, None, None, entries, through_portal
    if seen_now is None:
        seen_now = (frozenset(game.covered), game.turn.flags)
    return routes, reads, _seen(reads, *seen_now), entries, through_portal


def _portal_edges(game, exits: list, rooms: dict[str, tuple], portal_rooms: frozenset[str]) -> dict[str, list[Edge]]:
    """The routes through portals, by where they end: each portal route leads to the room beyond
    every other portal (``exits``), for half a Boot more."""
    out: dict[str, list[Edge]] = {}
    for room in portal_rooms:
        for r in rooms[room][4]:
            cost = game.route_cost(r)
            if cost.against:
                continue
            n = len(cost.cover)
            c = _price(cost) + 0.5
            cond = _condition(n, False, None) if n else None
            origin = f"portal:{r.segments[-1].tile}#{r.segments[-1].tunnel}"
            for ex in exits:
                if ex.origin != origin:
                    end = ex.to[1]
                    out.setdefault(end, []).append((end, room, c, cond))
    return out


def _reads(game, geo, routes, keyed: frozenset[str],
           per_tunnel: dict[tuple[str, int], tuple]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """What the costs of a room's routes (portal routes aside) read of the game, as
    ``movement.path_cost`` prices icons: the icons that a payment covers (``tile#tunnel#i``)
    and the turn flags that cancel an icon's cost or damage; None when they read nothing. The
    routes have been priced (``route_cost``): a route whose price is kept on it reads nothing.
    ``per_tunnel``: :func:`_tunnel_reads` by tile and tunnel, filled as tunnels are met (kept
    per ruleset, in its memo ``_TUNNEL_READS``)."""
    ids: list[str] = []
    flags: list[str] = []
    for r in routes:
        if r.fixed is not None or r.to[0] == "portal":     # priced for good: its icons read nothing
            continue
        for seg in r.segments:
            found = per_tunnel.get((seg.tile, seg.tunnel))
            if found is None:
                found = per_tunnel[(seg.tile, seg.tunnel)] = _tunnel_reads(game, geo, seg.tile, seg.tunnel, keyed)
            for icon_id, icon_flags in found:
                if icon_id is not None:
                    ids.append(icon_id)
                for f in icon_flags:
                    if f not in flags:
                        flags.append(f)
    return (tuple(ids), tuple(flags)) if ids or flags else None


_TUNNEL_READS = ("greedy-tunnel-reads",)


def _tunnel_reads(game, geo, tile: str, tunnel: int, keyed: frozenset[str]) -> tuple[tuple[str | None, tuple], ...]:
    """Per icon of a tile tunnel whose price reads the game (``keyed``), in the tunnel's order:
    its id when a payment covers it (``tile#tunnel#i``), and the turn flags that cancel its
    cost or damage (printed: known once per ruleset)."""
    icons = game.registry.tunnel_icons
    out = []
    for i, name in enumerate(geo.defs[tile].tunnels[tunnel].icons):
        if name in keyed:
            icon = icons[name]
            out.append((f"{tile}#{tunnel}#{i}" if icon.covers else None,
                        tuple(f for f in (icon.cost_ignored_by, icon.damage_ignored_by) if f)))
    return tuple(out)


def _seen(reads: tuple[tuple[str, ...], tuple[str, ...]], covered: frozenset[str], flags: list[str]) -> int:
    """What ``reads`` (see :func:`_reads`) finds now, one bit each: which of its icons are
    covered, which of its flags are set."""
    ids, names = reads
    seen = 0
    bit = 1
    for i in ids:
        if i in covered:
            seen |= bit
        bit <<= 1
    for f in names:
        if f in flags:
            seen |= bit
        bit <<= 1
    return seen


def _condition(n: int, crypt: bool, region: str | None) -> tuple:
    """The condition of a route (see :data:`Edge`), one shared tuple per value (every condition
    is made here once: the most locks one asks for is noted, :func:`lockpicks_told`)."""
    if n > _MOST_LOCKS[0]:
        _MOST_LOCKS[0] = n
    key = (n, crypt, region)
    return _CONDITIONS.setdefault(key, key) if len(_CONDITIONS) < 1000 else key


def _cost_terms(cost) -> tuple[bool, float, int]:
    """What the table reads of a route's cost: whether it goes against an arrow, its price
    (:func:`_price`) and how many icons its payment covers (remembered per cost object, as
    the price)."""
    found = (bool(cost.against), _price(cost), len(cost.cover))
    if len(_COST_TERMS) > 1000:
        _COST_TERMS.clear()
    _COST_TERMS[cost] = found
    return found


def _price(cost) -> float:
    """What the planner counts for a route's cost: Boots, 1.5 per damage, 0.5 for a lock
    (remembered per cost object: route costs are shared, a few per ruleset)."""
    found = _PRICES.get(cost)
    if found is None:
        c = float(cost.boots) + 1.5 * cost.damage + (0.5 if cost.cover else 0.0)
        found = _FLOATS.setdefault(c, c) if len(_FLOATS) < 1000 else c     # a few values: one object each
        if len(_PRICES) > 1000:
            _PRICES.clear()
        _PRICES[cost] = found
    return found


def lockpicks_told(lockpicks: int) -> int:
    """The lockpicks a :class:`TableSearch` on any table made so far tells apart: as many, up to
    the most icons a route condition asks to cover (a search with more lockpicks than any lock
    asks for is the same search, so seats with 2 and 3 lockpicks share it)."""
    most = _MOST_LOCKS[0]
    return lockpicks if lockpicks < most else most


def crypt_rooms(game) -> frozenset[str]:
    """The rooms of every tile that show a crypt (what a room shows is printed: known once per
    ruleset)."""
    return game.memo(("greedy-crypt-rooms",), lambda: frozenset(
        room for tile, tdef in game.tile_defs.items() for local in tdef.rooms
        if game.room_has(room := f"{tile}.{local}", "crypt")))


def reading_icons(game) -> frozenset[str]:
    """The tunnel icons whose price reads the game: a cost a payment covers (which icons are
    covered) or a cost or damage a turn flag cancels (known once per ruleset)."""
    return game.memo(("greedy-reading-icons",), lambda: frozenset(
        name for name, icon in game.registry.tunnel_icons.items()
        if icon.covers or icon.cost_ignored_by or icon.damage_ignored_by))


def icon_flags(game) -> frozenset[str]:
    """The turn flags that cancel a tunnel icon's cost or damage: the only flags route costs
    read (known once per ruleset)."""
    return game.memo(("greedy-icon-flags",), lambda: frozenset(
        f for icon in game.registry.tunnel_icons.values() for f in (icon.cost_ignored_by, icon.damage_ignored_by) if f))


class TableSearch:
    """:func:`shortest` along the route table's edges, reversed, that one seat may take (no
    lock it cannot pick, the Crypt only with an artifact, open edges only of regions worth
    exploring), run only as far as it is asked (:meth:`upto`) and resumed from there when
    asked for more: the distances it has settled are those of the whole search."""

    __slots__ = ("into", "dist", "heap", "lockpicks", "has_art", "open_regions")

    def __init__(self, into: dict[str, list[Edge]], start: dict[str, float], lockpicks: int, has_art: bool,
                 open_regions: frozenset[str]) -> None:
        self.into = into
        self.dist = dict(start)
        heap: list[tuple[float, str]] = []
        self.heap = heap
        for n, d in start.items():     # a loop, not a comprehension (a search per plan or so)
            heap.append((d, n))
        heapq.heapify(heap)
        self.lockpicks, self.has_art, self.open_regions = lockpicks, has_art, open_regions

    def upto(self, room: str | None) -> dict[str, float]:
        """The distances, settled at least up to ``room``'s (every room when None or when
        ``room`` is out of reach): the rooms nearer than it have theirs; an entry for a room
        as far or farther may still be above its distance."""
        dist, heap = self.dist, self.heap
        if not heap:
            return dist
        here = dist.get(room) if room is not None else None
        if here is not None and heap[0][0] >= here:      # nothing left in the heap is nearer
            return dist
        into, lockpicks, has_art, open_regions = self.into, self.lockpicks, self.has_art, self.open_regions
        allowed = _ALLOWED.get((lockpicks, has_art, open_regions))     # condition -> whether this seat may pass
        if allowed is None:
            if len(_ALLOWED) > 1000:
                _ALLOWED.clear()
            allowed = _ALLOWED[(lockpicks, has_art, open_regions)] = {}
        allowed_get = allowed.get
        pop, push = heapq.heappop, heapq.heappush
        get = dist.get
        while heap:
            d, node = pop(heap)
            if d > dist[node]:
                continue
            for _end, frm, c, cond in into.get(node, ()):
                if cond is not None:
                    ok = allowed_get(cond)
                    if ok is None:
                        n, crypt, region = cond
                        ok = allowed[cond] = not ((n and lockpicks < n) or (crypt and not has_art)
                                                  or (region is not None and region not in open_regions))
                    if not ok:
                        continue
                nd = d + c
                if nd < get(frm, 1e9):
                    dist[frm] = nd
                    push(heap, (nd, frm))
            if node == room:
                break
        return dist
