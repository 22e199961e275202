"""Tile geometry: what a tile's rooms and tunnels must look like to be placed and walked.

Each tunnel end is a room of the tile, a port or ``portal``; a port carries one tunnel; two
ports joined directly sit beside one corner; a portal tunnel leads to a room; a multi-cell
tile (the start tile) names each room's cell; the start tile says its ``side`` and
``depths_cells`` and does not rotate; every room can be entered from the tile's edges and
left to them. A port that carries no tunnel and an unreachable room are warnings.
"""

from __future__ import annotations

import re
from typing import Any

from clank.content.locator import JsonPath
from clank.content.packdata import PackData, as_dict, as_list
from clank.content.packread import Context
from clank.content.problems import did_you_mean
from clank.content.refwalk import entry_refs
from clank.dungeon import DELTA, START_CELLS

"""Cells of a tile with ``stack: start`` and no ``cells`` key: lower ``L``, upper ``U``."""

_CORNERS = {frozenset(p) for p in (("n2", "e1"), ("e2", "s1"), ("s2", "w1"), ("w2", "n1"))}


def _tile_cells(tile: dict[str, Any]) -> dict[str, tuple[int, int]] | None:
    """Cells of a multi-cell tile, or None for a square tile."""
    cells = tile.get("cells")
    if isinstance(cells, dict) and cells:
        return {k: (int(v[0]), int(v[1])) for k, v in cells.items()
                if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v)}
    if tile.get("stack") == "start":
        return dict(START_CELLS)
    return None


def tile_ports(tile: dict[str, Any]) -> list[str]:
    """Every port of a tile: ``n1 ... w2`` on a square tile, ``U.n1 ...`` on a multi-cell one,
    the names a tile of a slot region gives in ``ports``.

    A multi-cell tile has ports on the outer sides of each cell only.
    """
    named = tile.get("ports")
    if isinstance(named, list):
        return [p for p in named if isinstance(p, str)]
    cells = _tile_cells(tile)
    if cells is None:
        return [f"{s}{i}" for s in "nesw" for i in (1, 2)]
    taken = set(cells.values())
    out = []
    for name, (x, y) in cells.items():
        for side, (dx, dy) in DELTA.items():
            if (x + dx, y + dy) not in taken:
                out += [f"{name}.{side}1", f"{name}.{side}2"]
    return out


def check_tiles(ctx: Context, pack: PackData) -> None:
    """The geometry of every tile of one pack."""
    for i, tile in enumerate(pack.tiles):
        if isinstance(tile, dict):
            _check_tile(ctx, pack, tile, (i,))


def _check_tile(ctx: Context, pack: PackData, tile: dict[str, Any], path: JsonPath) -> None:
    """Geometry of one tile: ends, ports, corners, portals, cells, start tile fields, reachability."""
    rooms = as_dict(tile.get("rooms"))
    tunnels = as_list(tile.get("tunnels"))
    ports = tile_ports(tile)
    cells = _tile_cells(tile)
    add = ctx.problems.append
    for rid, room in rooms.items():
        if rid == "portal" or rid in ports or re.fullmatch(r"[nesw][12]", rid):
            add(pack.problem("tiles", (*path, "rooms", rid), "room-id",
                             f"room id {rid!r} is reserved for a port or portal", key=True))
        cell = as_dict(room).get("cell")
        if cells is None and cell is not None:
            add(pack.problem("tiles", (*path, "rooms", rid, "cell"), "tile-cell",
                             "only a multi-cell tile (the start tile) names a room's cell", key=True))
        elif cells is not None and cell not in cells:
            add(pack.problem("tiles", (*path, "rooms", rid), "tile-cell",
                             f"room {rid!r} needs a cell, one of {', '.join(sorted(cells))}", key=True))
    if tile.get("stack") == "start":
        if "side" not in tile:
            add(pack.problem("tiles", path, "start-tile", "a start tile needs 'side'"))
        if tile.get("rotatable") is True:
            add(pack.problem("tiles", (*path, "rotatable"), "start-tile", "the start tile is not rotatable (X15)"))
    for kind, cell, where in entry_refs("tiles", tile, path, ctx.registry):
        if kind == "cell" and (cells is None or cell not in cells):
            add(pack.problem("tiles", where, "tile-cell", f"no cell {cell!r} on this tile"))
    used: dict[str, int] = {}
    edges: list[tuple[str, str, bool]] = []
    for i, tunnel in enumerate(tunnels):
        ends = as_dict(tunnel).get("ends")
        if not (isinstance(ends, list) and len(ends) == 2 and all(isinstance(e, str) for e in ends)):
            continue
        tpath = (*path, "tunnels", i)
        kinds = []
        for j, end in enumerate(ends):
            if end in rooms:
                kinds.append("room")
            elif end == "portal":
                kinds.append("portal")
            elif end in ports:
                kinds.append("port")
                if end in used:
                    add(pack.problem("tiles", (*tpath, "ends", j), "port-reused",
                                     f"port {end!r} already carries tunnel {used[end]} (each port carries one)"))
                else:
                    used[end] = i
            else:
                kinds.append("bad")
                add(pack.problem("tiles", (*tpath, "ends", j), "tunnel-end",
                                 f"tunnel end {end!r} is neither a room of the tile, a port nor 'portal'"
                                 + did_you_mean(end, [*rooms, *ports, "portal"])))
        a, b = ends
        if a == b:
            add(pack.problem("tiles", (*tpath, "ends"), "tunnel-end", f"tunnel joins {a!r} to itself"))
        elif "portal" in kinds and kinds != ["portal", "room"] and kinds != ["room", "portal"] and "bad" not in kinds:
            add(pack.problem("tiles", (*tpath, "ends"), "portal-tunnel", "a portal tunnel must lead to a room"))
        elif kinds == ["port", "port"] and not tile.get("ports") and not _is_corner(a, b):
            add(pack.problem("tiles", (*tpath, "ends"), "corner-tunnel",
                             f"{a}-{b} joins two ports that are not beside one corner"))
        if "bad" not in kinds:
            edges.append((a if kinds[0] == "room" else "", b if kinds[1] == "room" else "",
                          isinstance(tunnel, dict) and tunnel.get("one_way") is True))
    for port in ports:
        if port not in used:
            add(pack.problem("tiles", (*path, "tunnels"), "port-unused",
                             f"port {port} carries no tunnel: a discovery through it cannot be completed (X6)",
                             severity="warning"))
    _check_reachable(ctx, pack, path, list(rooms), edges)


def _is_corner(a: str, b: str) -> bool:
    ca, _, pa = a.rpartition(".")
    cb, _, pb = b.rpartition(".")
    return ca == cb and frozenset((pa, pb)) in _CORNERS


def check_regions(ctx: Context, packs: list[PackData]) -> None:
    """Slot regions (setup ``regions``): every join names two slots of the region, each port
    end at most once; every port a join names for a slot exists on every tile that may fill
    it (the region's start tiles for its start slot, its other tiles for the other slots).
    A port no such tile has is a mistake of the join, reported there; a port only some lack is
    reported at each tile that lacks it (one problem per tile and port)."""
    tiles: dict[str, tuple[PackData, int, dict[str, Any]]] = {}
    for pack in packs:
        for i, tile in enumerate(pack.tiles):
            if isinstance(tile, dict) and isinstance(tile.get("id"), str):
                tiles.setdefault(tile["id"], (pack, i, tile))
    all_starts: dict[str, list[str]] = {}     # start_tiles add up when the setups merge
    for pack in packs:
        for name, region in as_dict(pack.setup.get("regions")).items():
            all_starts.setdefault(name, []).extend(t for t in as_list(as_dict(region).get("start_tiles"))
                                                   if isinstance(t, str))
    for pack in packs:
        for name, region in as_dict(pack.setup.get("regions")).items():
            region = as_dict(region)
            slots = as_dict(region.get("slots"))
            starts = all_starts[name]
            start = region.get("start")
            if start is not None and start not in slots:
                ctx.problems.append(pack.problem("setup", ("regions", name, "start"), "unknown-slot",
                                                 f"region {name!r} has no slot {start!r}" + did_you_mean(str(start), slots)))
            fill = [t for t in tiles.values() if t[2].get("region") == name and t[2].get("id") not in starts]
            seen: dict[str, int] = {}
            missing: dict[tuple[str, str], list[str]] = {}
            for i, join in enumerate(as_list(region.get("joins"))):
                for j, end in enumerate(as_list(join)):
                    if not isinstance(end, str):
                        continue
                    where = ("regions", name, "joins", i, j)
                    slot, _, port = end.partition(".")
                    if slot not in slots:
                        ctx.problems.append(pack.problem("setup", where, "unknown-slot",
                                                         f"region {name!r} has no slot {slot!r}" + did_you_mean(slot, slots)))
                        continue
                    if end in seen:
                        ctx.problems.append(pack.problem("setup", where, "port-reused",
                                                         f"{end} is already joined by join {seen[end]}"))
                    seen.setdefault(end, i)
                    candidates = [tiles[t] for t in starts if t in tiles] if slot == start else fill
                    lacking = [tile for _, _, tile in candidates if port not in tile_ports(tile)]
                    if lacking and len(lacking) == len(candidates):   # no tile has it: the join is wrong
                        ctx.problems.append(pack.problem("setup", where, "unknown-port",
                                                         f"{end}: the tiles that may fill slot {slot!r} have no port {port!r} "
                                                         f"(tile {lacking[0]['id']!r} has {', '.join(tile_ports(lacking[0]))})"))
                        continue
                    for tile in lacking:       # the others have it: these tiles are wrong
                        wanted = missing.setdefault((tile["id"], port), [])
                        if slot not in wanted:
                            wanted.append(slot)
            for (tid, port), wanted in missing.items():
                owner, index, tile = tiles[tid]
                at = (index, "ports") if "ports" in tile else (index,)
                ctx.problems.append(owner.problem("tiles", at, "unknown-port",
                                                  f"tile {tid!r} has no port {port!r}: it may fill slot "
                                                  f"{' or '.join(wanted)} of region {name!r}, whose joins need that "
                                                  f"port of every tile there (add {port} to its ports)"))


def _check_reachable(ctx: Context, pack: PackData, path: JsonPath, rooms: list[str],
                     edges: list[tuple[str, str, bool]]) -> None:
    """Every room can be entered from outside the tile and left to it ("" is outside)."""
    forward: dict[str, set[str]] = {}
    backward: dict[str, set[str]] = {}
    for a, b, one_way in edges:
        forward.setdefault(a, set()).add(b)
        backward.setdefault(b, set()).add(a)
        if not one_way:
            forward.setdefault(b, set()).add(a)
            backward.setdefault(a, set()).add(b)

    def closure(graph: dict[str, set[str]]) -> set[str]:
        seen, todo = {""}, [""]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    entered, left = closure(forward), closure(backward)
    for rid in rooms:
        if rid not in entered or rid not in left:
            how = "entered from" if rid not in entered else "left to"
            ctx.problems.append(pack.problem("tiles", (*path, "rooms", rid), "room-unreachable",
                                             f"room {rid!r} cannot be {how} any tile edge or portal",
                                             severity="warning", key=True))
