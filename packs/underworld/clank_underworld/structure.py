"""The structure the Underworld's rules need of tiles, stated for ``clank validate`` (and every
load of the packs) through ``clank_check_content``; it judges the Underworld's own tiles and
those of every pack that requires it (expansions-design.md §2.2-§2.10; RULES.md U1, U26-U33,
G43).

- A slot tile (one dealt into the Underworld's slots) says ``region: underworld`` (U26), is
  never turned (``rotatable: false``, §2.2) and is not in the Depths (U27); a tile of that
  region is dealt from its stack or is one of its start tiles.
- Its ports are the slot's: ``i1 i2 l r``, each carrying a tunnel (§2.2; a port the joins need
  and the tile lacks is the core's ``unknown-port``).
- It has exactly one ladder room (``ladder_uw``), where the ladder of its slot and every chute
  arrive (U32, U33); ``ladder_uw`` is on Underworld tiles only, ``ladder(X)`` on catacomb tiles
  of the Depths only, lettered with a slot a tile fills (A-E, never the hub).
- The hub (a start tile of the region) has a side the option ``underworld_side`` can pick
  (A or B), each side once.
- A chute leads down into the Underworld: none inside it, none in the Crypt, one per room
  (U33, G43).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from clank.plugin import ContentItem, ContentView, Report

from clank_underworld.area import CHUTE, LADDER
from clank_underworld.common import LADDER_UW, REGION

SLOT_PORTS = ("i1", "i2", "l", "r")
"""The ports of a slot's trapezoid (§2.2): inner edge left and right, the two legs."""
SIDES = ("A", "B")
"""The sides ``underworld_side`` picks (the front, the back)."""
CRYPT = "crypt"


def check(content: ContentView, report: Report) -> None:
    """Every structural rule of the module's docstring, over the tiles of every loaded pack."""
    region = content.setup.get("regions", {}).get(REGION) if isinstance(content.setup.get("regions"), Mapping) else None
    if not isinstance(region, Mapping):
        return                               # the Underworld's area is not loaded: nothing to judge
    starts = [t for t in region.get("start_tiles") or () if isinstance(t, str)]
    slots = [s for s in region.get("slots") or {} if s != region.get("start")]
    dealt = _dealt_stacks(content.setup.get("tile_stacks", {}).get(REGION))
    for tile in content.items("tiles"):
        features = content.features(tile)
        below = tile.get("region") == REGION
        if tile.id in starts:
            continue
        if tile.get("stack") in dealt or below:
            _slot_tile(content, report, tile, features, dealt)
        else:
            _catacomb_tile(report, tile, features, slots)
        _chutes(report, tile, features, below)
    _hub_sides(content, report, starts)


def _dealt_stacks(parts: Any) -> set[str]:
    """The stacks the region's tile stack is built from (``tile_stacks.underworld``)."""
    out: set[str] = set()
    for part in parts if isinstance(parts, Iterable) else ():
        if not isinstance(part, Mapping):
            continue
        for key in ("stack", "add"):
            value = part.get(key)
            for name in [value] if isinstance(value, str) else value or ():
                name = name.get("stack") if isinstance(name, Mapping) else name
                if isinstance(name, str):
                    out.add(name)
    return out


def _slot_tile(content: ContentView, report: Report, tile: ContentItem, features: list, dealt: set[str]) -> None:
    """U26, U27, U32, §2.2: a tile that goes into a slot of the Underworld."""
    if tile.get("region") != REGION:
        report(tile, f"tile {tile.id!r} is in stack {tile.get('stack')!r}, which is dealt into the slots of the "
               f"Underworld, but lies in region {tile.get('region', 'catacombs')!r}: write region: {REGION} (U26)",
               rule="slot-region", at=("region",) if "region" in tile.data else ("stack",),
               key="region" not in tile.data)
    elif tile.get("stack") not in dealt:
        report(tile, f"tile {tile.id!r} lies in the Underworld but its stack {tile.get('stack')!r} is never dealt "
               f"there (the Underworld deals {', '.join(sorted(dealt)) or 'no stack'}): put it in one of those, or "
               f"list it in the region's start_tiles if it is a hub", rule="slot-region", at=("stack",))
    if tile.get("rotatable", True) is not False:
        report(tile, f"tile {tile.id!r} fills a slot of the Underworld, which fixes how it lies: no effect turns it "
               "(§2.2, X15): write rotatable: false", rule="slot-rotatable",
               at=("rotatable",) if "rotatable" in tile.data else ())
    if tile.get("depths") is True:
        report(tile, f"no room of the Underworld is in the Depths (U27): tile {tile.id!r} lies there; "
               "write depths: false", rule="slot-depths", at=("depths",))
    _slot_ports(content, report, tile)
    ladders = [f for f in features if f.name == LADDER_UW]
    if not ladders:
        report(tile, f"tile {tile.id!r} has no ladder room: every Underworld tile has exactly one room showing "
               f"{LADDER_UW}, where the ladder of its slot and every chute arrive (U32, U33)",
               rule="slot-ladder", at=("rooms",), key=True)
    for extra in ladders[1:]:
        report(tile, f"tile {tile.id!r} has a second {LADDER_UW} room ({extra.room!r}; the first is "
               f"{ladders[0].room!r}): ladders and chutes arrive in one room of a slot (U32)",
               rule="slot-ladder", at=extra.at)
    for f in features:
        if f.name == LADDER:
            report(tile, f"{LADDER}({f.arg}) is the Depths end of a ladder, on a catacomb tile: in the "
                   f"Underworld the ladder room is {LADDER_UW}, lettered by the slot its tile fills (U32)",
                   rule="ladder-end", at=f.at)


def _slot_ports(content: ContentView, report: Report, tile: ContentItem) -> None:
    """§2.2: the trapezoid's ports, each carrying one tunnel."""
    ports = content.ports(tile)
    for i, port in enumerate(ports):
        if port not in SLOT_PORTS:
            report(tile, f"port {port!r} is not a port of an Underworld slot: its tile has {', '.join(SLOT_PORTS)} "
                   "(inner edge left and right, left and right leg; the rim has none, §2.2)",
                   rule="slot-ports", at=("ports", i) if "ports" in tile.data else ("ports",))
    ends = {end for tunnel in tile.get("tunnels") or () if isinstance(tunnel, Mapping)
            for end in tunnel.get("ends") or ()}
    for i, port in enumerate(ports):
        if port in SLOT_PORTS and port not in ends:
            report(tile, f"port {port!r} carries no tunnel: in the Underworld every port of a tile carries one, "
                   "or the move into that slot could never be completed (§2.2)",
                   rule="slot-ports", at=("ports", i) if "ports" in tile.data else ("ports",))


def _catacomb_tile(report: Report, tile: ContentItem, features: list, slots: list[str]) -> None:
    """U32: the Depths end of a ladder, lettered with a slot a tile fills."""
    for f in features:
        if f.name == LADDER_UW:
            report(tile, f"{LADDER_UW} is the Underworld end of a ladder: a catacomb tile has the Depths end, "
                   f"{LADDER}(X) with X the slot it leads to ({', '.join(slots)}) (U32)", rule="ladder-end", at=f.at)
        elif f.name == LADDER:
            if isinstance(f.arg, str) and f.arg not in slots and slots:
                report(tile, f"ladder({f.arg}) leads nowhere: ladders lead to the ladder room of a slot a tile fills, "
                       f"{', '.join(slots)} (the hub has none, U32)", rule="ladder-letter", at=f.at)
            if tile.get("depths") is not True:
                report(tile, f"ladder({f.arg}) on tile {tile.id!r}, which is not in the Depths: ladders go down from "
                       "Underworld Depths tiles (U28, U32); write depths: true", rule="ladder-end", at=f.at)


def _chutes(report: Report, tile: ContentItem, features: list, below: bool) -> None:
    """U33, G43: chutes go down into the Underworld, from outside it, one per room, not from the Crypt."""
    per_room: dict[str, list] = {}
    for f in features:
        per_room.setdefault(f.room, []).append(f)
    for room, found in per_room.items():
        chutes = [f for f in found if f.name == CHUTE]
        if not chutes:
            continue
        if below:
            report(tile, f"a chute leads down into the Underworld (U33): room {room!r} is already in it, so its chute "
                   "goes nowhere; put chutes on catacomb tiles", rule="chute-place", at=chutes[0].at)
        if any(f.name == CRYPT for f in found):
            report(tile, f"room {room!r} is the Crypt, where no chute may be (G43)", rule="chute-place",
                   at=chutes[0].at)
        for extra in chutes[1:]:
            report(tile, f"room {room!r} has a second chute: a room holds at most one (U33, G43)",
                   rule="chute-place", at=extra.at)


def _hub_sides(content: ContentView, report: Report, starts: list[str]) -> None:
    """The hub's sides: each start tile of the region one side underworld_side picks, once."""
    seen: dict[str, str] = {}
    for tile_id in starts:
        tile = content.get("tiles", tile_id)
        if tile is None:
            continue
        side = tile.get("side")
        if side not in SIDES:
            report(tile, f"hub {tile.id!r} has side {side!r}: the option underworld_side picks side A (the front) "
                   "or B (the back), so this tile is never played; write side: A or side: B",
                   rule="hub-side", at=("side",) if "side" in tile.data else ("id",), key="side" not in tile.data)
        elif side in seen:
            report(tile, f"hub {tile.id!r} has side {side}, like {seen[side]!r}: the hub has one tile per side, so "
                   "one of them is never played", rule="hub-side", at=("side",))
        else:
            seen[side] = tile.id
