"""The tile grid: where tiles sit, how their tunnels join, and the routes between rooms.

Geometry (DESIGN §6, base-tiles.md §2): square tiles have ports ``n1 n2 e1 e2 s1 s2 w1 w2``;
turning a tile a quarter clockwise maps n→e→s→w and keeps the index; across a shared edge
index 1 meets index 2. Multi-cell tiles (the 1×2 start tile) name ports ``U.n1``; they are not
rotated. A tunnel that runs to a tile edge is half a tunnel; when the neighbouring cell is
filled the halves join. Connectivity is derived from placement: rebuilt when a tile is turned,
grown when one is placed (the routes the new tile cannot change are kept, :meth:`Geometry.grown`).

A region may instead be laid out as a **slot graph** (:class:`SlotRegion`, declared by the
setup key ``regions``): a fixed set of named slots, each holding at most one tile, and a table
saying which named port of the tile in one slot joins which port of the tile in another.
Tiles of such a region name their ports themselves (the tile key ``ports``), are placed into
a slot (:attr:`~clank.game.state.PlacedTile.slot`) and never turned; a port the table joins
to nothing is closed (a dead end), and a tunnel toward an empty slot is an open edge that a
discovery fills.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from itertools import count
from typing import Any, Protocol

SIDES = ("n", "e", "s", "w")
START_CELLS = {"L": (0, 0), "U": (0, 1)}   # the 1x2 start tile: lower and upper cell (X1)
DELTA = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


def parse_port(name: str) -> tuple[str, str, int] | None:
    """``"e1"`` → ``("", "e", 1)``; ``"U.n2"`` → ``("U", "n", 2)``; anything else → None."""
    cell, _, port = name.rpartition(".")
    if len(port) == 2 and port[0] in DELTA and port[1] in "12":
        return cell, port[0], int(port[1])
    return None


def rotate_side(side: str, quarter_turns: int) -> str:
    """The side a tile's ``side`` faces after turning it clockwise."""
    return _TURNED[side][quarter_turns % 4]


_TURNED = {side: tuple(SIDES[(i + k) % 4] for k in range(4)) for i, side in enumerate(SIDES)}


@dataclass(frozen=True, slots=True)
class End:
    """One end of a tile tunnel: a room, a port, or a portal."""

    kind: str            # "room" | "port" | "portal"
    room: str = ""       # local room id
    cell: str = ""       # port's cell key ("" on square tiles)
    side: str = ""
    idx: int = 0
    name: str = ""       # a named port (tiles of a slot region): "A1", "i1" ...


@dataclass(frozen=True, slots=True)
class TunnelDef:
    """A tunnel printed on a tile: its two ends (a room, a port on the tile's edge or a portal),
    its icons (``boot``, ``lock``, ``monster`` and what packs add) and whether it is one-way
    (normal movement only from ``a`` to ``b``)."""

    a: End
    b: End
    icons: tuple[str, ...] = ()
    one_way: bool = False   # normal movement only from a to b


@dataclass(slots=True)
class TileDef:
    """A tile as content defines it (immutable during play; ``game.tile_defs[id]``).

    - ``stack``: the stack it is drawn from (``start``, ``depths`` ...), ``region``: the region
      it is placed in, ``side``: which side of a double-sided tile it is; ``rotatable``: whether
      it may turn.
    - ``rooms``: room id on the tile -> ``{"features": [(name, argument)], "cell": key}`` (a
      room's game-wide id is ``"tile.room"``); ``cells``: cell key -> offset from the tile's
      position (the start tile covers two).
    - ``tunnels``: the :class:`TunnelDef` s it prints; ``ports``: named ports (tiles of a slot
      region).
    - ``ext``: the keys packs add (``add_content_key``), compiled; ``data``: the entry as
      content wrote it; ``provisional``: the layout is authored, not the printed one.
    """

    id: str
    name: str
    stack: str
    region: str = "catacombs"
    side: str = ""          # a double-sided tile: which side this is (A, B)
    rotatable: bool = True
    cells: dict[str, tuple[int, int]] = field(default_factory=lambda: {"": (0, 0)})
    rooms: dict[str, dict] = field(default_factory=dict)  # rid -> {"features": [(name, arg)], "cell": key}
    tunnels: list[TunnelDef] = field(default_factory=list)
    provisional: bool = False
    ext: dict = field(default_factory=dict)     # keys packs add (``add_content_key``), compiled
    data: dict = field(default_factory=dict)    # the raw entry
    ports: tuple[str, ...] = ()                 # named ports (tiles of a slot region)
    port_ends: dict = field(default_factory=dict, repr=False, compare=False)
    """Which tunnel ends at each port, made from ``tunnels``: ``(cell, side, idx)`` and, for a
    named port, its name -> ``(tunnel index, whether it is the tunnel's end a)`` (the first
    such end)."""
    room_tunnels: dict = field(default_factory=dict, repr=False, compare=False)
    """The tunnels leaving each room, made from ``tunnels``: room -> ``((tunnel index, whether
    it leaves from its end a), ...)`` in the tunnels' order (a tunnel from a room to itself
    leaves from a)."""
    room_exits: dict = field(default_factory=dict, repr=False, compare=False)
    """``room_tunnels`` with the route each one is when it leads from the room straight to a
    room of this tile (no port between): room -> ``((tunnel index, whether it leaves from its
    end a, that Route or None), ...)``. Such a route is the same in every layout, so every
    geometry of the ruleset's games shares the one object and the cost remembered on it
    (``Route.fixed``, ``Route.priced``)."""
    walks: tuple = field(default=(), repr=False, compare=False)
    """Made from ``tunnels``: for each tunnel, walking it from its end b and from its end a
    (``walks[i][from_a]``), the :class:`Segment` walked and the end reached."""
    has_portal: bool = field(default=False, repr=False, compare=False)
    """Made from ``tunnels``: whether a tunnel ends at a portal."""
    icon_ids: tuple = field(default=(), repr=False, compare=False)
    """Made from ``tunnels``: for each tunnel, the id of each of its icons (``tile#tunnel#i``, how
    covered icons are named)."""
    turns: list = field(default_factory=lambda: [None] * 4, repr=False, compare=False)
    """The :class:`TileTurn` of each quarter turn, made when first traced (:func:`tile_turn`)."""

    def __post_init__(self) -> None:
        self.walks = tuple(((segment(self.id, i, False), t.a), (segment(self.id, i, True), t.b))
                           for i, t in enumerate(self.tunnels))
        self.has_portal = any("portal" in (t.a.kind, t.b.kind) for t in self.tunnels)
        self.icon_ids = tuple(tuple(f"{self.id}#{i}#{k}" for k in range(len(t.icons))) for i, t in enumerate(self.tunnels))
        leaving = self.room_tunnels
        for i, t in enumerate(self.tunnels):
            if t.a.kind == "room":
                leaving[t.a.room] = (*leaving.get(t.a.room, ()), (i, True))
            if t.b.kind == "room" and not (t.a.kind == "room" and t.a.room == t.b.room):
                leaving[t.b.room] = (*leaving.get(t.b.room, ()), (i, False))
        for local, leaving_room in leaving.items():
            exits = []
            for i, from_a in leaving_room:
                seg, far = self.walks[i][from_a]
                inner = Route(room_key(self.id, local), room_end(self.id, far.room), (seg,)) \
                    if far.kind == "room" else None
                exits.append((i, from_a, inner))
            self.room_exits[local] = tuple(exits)
        ends = self.port_ends
        for i, t in enumerate(self.tunnels):
            for is_a, e in ((True, t.a), (False, t.b)):
                if e.kind == "port":
                    ends.setdefault((e.cell, e.side, e.idx), (i, is_a))
                    if e.name:
                        ends.setdefault(e.name, (i, is_a))


class TileTurn:
    """A tile's tunnels as they lie turned a number of quarters clockwise, for tracing: what
    :class:`TileDef` says, with each port's world side worked out once.

    - ``walks[tunnel][from_a]``: the :class:`Segment` walked and where it ends: ``("room",
      to)`` or ``("portal", to)`` (``to`` as a :class:`Route` has it), ``("named", end)`` (a
      named port of a slot region's tile) or ``("port", cx, cy, side, idx, nx, ny, facing,
      facing_idx)``: the port of the tile's cell at offset ``(cx, cy)`` on the world ``side``
      with ``idx``, the neighbouring cell at offset ``(nx, ny)`` and the port there it meets;
    - ``ports``: ``(cell, world side, idx)`` -> ``(tunnel, whether it is the tunnel's end a)``,
      as :meth:`Geometry.tunnel_at_port` finds it.
    """

    __slots__ = ("walks", "ports")

    def __init__(self, tdef: TileDef, quarters: int) -> None:
        walks = []
        for by_end in tdef.walks:
            walks.append(tuple((seg, _step(tdef, far, quarters)) for seg, far in by_end))
        self.walks: tuple[tuple[tuple[Segment, tuple], ...], ...] = tuple(walks)
        self.ports: dict[tuple[str, str, int], tuple[int, bool]] = {
            (key[0], _TURNED[key[1]][quarters], key[2]): found
            for key, found in tdef.port_ends.items() if type(key) is tuple and key[1] in _TURNED}


def _step(tdef: TileDef, far: End, quarters: int) -> tuple:
    """Where a tunnel walk of a tile turned ``quarters`` ends (see :class:`TileTurn`)."""
    if far.kind == "room":
        return ("room", room_end(tdef.id, far.room))
    if far.kind == "portal":
        return ("portal", ("portal",))
    if far.name:
        return ("named", far)
    cx, cy = tdef.cells[far.cell]
    side = _TURNED[far.side][quarters]
    dx, dy = DELTA[side]
    return ("port", cx, cy, side, far.idx, cx + dx, cy + dy, OPPOSITE[side], 3 - far.idx)


def tile_turn(tdef: TileDef, rot: int) -> TileTurn:
    """The :class:`TileTurn` of a tile turned ``rot`` quarters (made once per tile and turn)."""
    quarters = rot % 4
    found = tdef.turns[quarters]
    if found is None:
        found = tdef.turns[quarters] = TileTurn(tdef, quarters)
    return found


@dataclass(frozen=True, slots=True)
class Segment:
    """A traversal of one tile tunnel inside a route."""

    tile: str
    tunnel: int
    forward: bool   # traversed from end a to end b
    key: str = field(init=False, repr=False, compare=False)
    """``tile#tunnel``: the key of a route that starts with this segment (made once: the
    segments every route holds are shared, see :func:`segment`)."""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", f"{self.tile}#{self.tunnel}")
        object.__setattr__(self, "_hash", hash((self.tile, self.tunnel, self.forward)))

    def __hash__(self) -> int:         # worked out once: routes' segments key their costs
        return self._hash


class Route:
    """A whole tunnel from a room: through corner tunnels and joined halves to its far end.

    ``to`` is ``("room", room_id)``, ``("open", x, y, side, idx, region)`` (an open tile edge:
    the cell it leads from and the port's world side and index) or ``("portal",)``. An open
    edge toward an empty slot of a slot region is ``("open", x, y, "SLOT.PORT", 0, region)``:
    ``x, y`` is where the empty slot is drawn, ``SLOT.PORT`` the slot and the port of the tile
    that will fill it where the tunnel continues (see :func:`slot_edge`).

    A value (equal and hashed by ``origin``, ``to`` and ``segments``), never changed once made
    but for the two prices the movement rules remember on it. A plain class rather than a
    frozen dataclass: the geometry makes routes whenever it traces, and a frozen dataclass's
    ``__init__`` sets each field through ``object.__setattr__``.
    """

    __slots__ = ("origin", "to", "segments", "key", "fixed", "priced")

    origin: str
    to: tuple
    segments: tuple[Segment, ...]
    key: str
    """Identifies the route among those leaving its origin room: ``tile#tunnel`` of its first
    segment."""
    fixed: Any
    """What following the route costs when no icon on it reads the game (no lock a payment
    covers, no cost or damage a turn flag cancels): set by ``movement.route_cost`` the first
    time it prices the route, read from then on by every geometry that keeps the route (a
    route between two rooms of one tile, ``TileDef.room_exits``, by every game of the ruleset)."""
    priced: Any
    """For a route whose icons read the game: ``((the covered icons, the turn flags), its cost,
    what its icons read)`` of the last time ``movement.route_cost`` priced it (valid while what
    they read is as it was: ``ruleset.READS_COVERED``, ``READS_FLAGS`` or both; the pair is
    shared by the routes a game priced for the same ones)."""

    def __init__(self, origin: str, to: tuple, segments: tuple[Segment, ...]) -> None:
        self.origin = origin
        self.to = to
        self.segments = segments
        self.key = segments[0].key
        self.fixed = None
        self.priced = None

    def __eq__(self, other: object) -> bool:
        if type(other) is not Route:
            return NotImplemented
        return (self.origin, self.to, self.segments) == (other.origin, other.to, other.segments)

    def __hash__(self) -> int:
        return hash((self.origin, self.to, self.segments))

    def __repr__(self) -> str:
        return f"Route(origin={self.origin!r}, to={self.to!r}, segments={self.segments!r})"


_SEGMENTS: dict[tuple[str, int, bool], Segment] = {}
_SERIALS = count()
_ROOM_ENDS: dict[tuple[str, str], tuple[str, str]] = {}


def _interned(table: dict, key: tuple, make: Callable[[], Any]) -> Any:
    """One shared value per key (``make()`` the first time); the table is emptied past 100,000
    entries (many rulesets' tiles in one process: stay bounded)."""
    found = table.get(key)
    if found is None:
        if len(table) > 100_000:
            table.clear()
        found = table[key] = make()
    return found


def segment(tile: str, tunnel: int, forward: bool) -> Segment:
    """The :class:`Segment` of those values, shared by every route that traverses it (a value:
    routes of every geometry hold the same few)."""
    found = _SEGMENTS.get((tile, tunnel, forward))
    if found is None:
        found = _interned(_SEGMENTS, (tile, tunnel, forward), lambda: Segment(tile, tunnel, forward))
    return found


def slot_edge(to: tuple) -> tuple[str, str] | None:
    """The ``(slot, port)`` an open edge leads into when it faces an empty slot, else None."""
    side = to[3]
    if len(side) > 1:
        slot, _, port = side.partition(".")
        return slot, port
    return None


@dataclass(frozen=True, slots=True)
class SlotRegion:
    """A region laid out as a fixed slot graph (setup key ``regions``).

    - ``slots``: slot name -> ``(x, y)``, where the slot is drawn on the region's map;
    - ``joins``: ``(slot, port) -> (slot, port)``, both ways: the port of the tile in one slot
      meets that port of the tile in the other; a port of a placed tile that joins nothing is
      closed;
    - ``start``: the slot the region's start tile takes at setup, ``start_tiles`` the tiles it
      may be (one per side) and ``side_option`` the game option naming the side.
    Two slots are *next to* each other when a join connects them (:meth:`neighbours`).
    """

    name: str
    slots: dict[str, tuple[int, int]]
    joins: dict[tuple[str, str], tuple[str, str]]
    start: str = ""
    start_tiles: tuple[str, ...] = ()
    side_option: str = ""

    @classmethod
    def from_setup(cls, name: str, data: dict) -> SlotRegion:
        """Build a region from its setup entry (already validated)."""
        slots = {str(k): (int(v[0]), int(v[1])) for k, v in (data.get("slots") or {}).items()}
        joins: dict[tuple[str, str], tuple[str, str]] = {}
        for a, b in data.get("joins") or ():
            sa, _, pa = str(a).partition(".")
            sb, _, pb = str(b).partition(".")
            joins[(sa, pa)] = (sb, pb)
            joins[(sb, pb)] = (sa, pa)
        return cls(name, slots, joins, str(data.get("start", "")), tuple(data.get("start_tiles") or ()),
                   str(data.get("side_option", "")))

    def neighbours(self, slot: str) -> list[str]:
        """The slots a join connects to ``slot``, in declaration order of the slots."""
        near = {b[0] for a, b in self.joins.items() if a[0] == slot and b[0] != slot}
        return [s for s in self.slots if s in near]


def open_side(to: tuple) -> tuple:
    """Where an open edge (a route's ``to``) leads: ``(x, y, region)``, the free cell beyond
    it, or ``(region, slot)``, the empty slot it faces."""
    side = to[3]
    if len(side) > 1:
        return to[5], side.partition(".")[0]
    dx, dy = DELTA[side]
    return to[1] + dx, to[2] + dy, to[5]


def room_key(tile_id: str, room: str) -> str:
    """The game-wide id of a room."""
    return f"{tile_id}.{room}"


def room_end(tile_id: str, room: str) -> tuple[str, str]:
    """``("room", room id)``: where a route that ends in that room leads (one tuple per room,
    shared by every route and geometry)."""
    found = _ROOM_ENDS.get((tile_id, room))
    if found is None:
        found = _interned(_ROOM_ENDS, (tile_id, room), lambda: ("room", room_key(tile_id, room)))
    return found


# What a fork of a geometry shares with it: every attribute but the three indexes of its placed
# tiles, which it makes for the copy's own tiles (a test checks this names every attribute).
# Listed rather than copied from ``__dict__``, which a compiled build (benchmarks/compiled.py)
# does not have.
_FORKED = ("defs", "regions", "_routes", "_blocked", "_portals", "_portal_traces", "_facing",
           "_slot_rooms", "_stale", "derived", "_room_ids", "inherited", "serial", "grown_from",
           "regrown")
_FORK_INDEXES = ("placed", "by_cell", "by_slot")


class Placed(Protocol):
    """A placed tile as the geometry reads it (the game's :class:`~clank.game.state.PlacedTile`):
    which tile, its cell, its rotation, its region and, in a slot region, its slot."""

    tile: str
    x: int
    y: int
    rot: int
    region: str
    slot: str


class Geometry:
    """Derived connectivity of the placed tiles; rebuilt when the tile layout changes (grown
    when a tile is added)."""

    def __init__(self, tiles: dict[str, TileDef], placed: list,
                 regions: dict[str, SlotRegion] | None = None) -> None:
        self.defs = tiles
        self.regions = regions or {}
        self.by_cell: dict[tuple[int, int, str], tuple[Placed, str]] = {}   # (x, y, region) -> (placed, cell key)
        self.by_slot: dict[tuple[str, str], Placed] = {}       # (region, slot) -> placed
        self.placed: dict[str, Placed] = {}
        for p in placed:
            self.placed[p.tile] = p
            if p.region in self.regions:
                self.by_slot[(p.region, p.slot)] = p
                continue
            tdef = tiles[p.tile]
            for key, (dx, dy) in tdef.cells.items():
                self.by_cell[(p.x + dx, p.y + dy, p.region)] = (p, key)
        self._routes: dict[str, list[Route]] = {}
        self._blocked: dict[str, tuple[str, ...]] = {}   # room -> tiles its dead-ended tunnels cross or end at
        self._portals: list[Route] | None = None
        self._portal_traces: list[Route] = []     # every portal end traced, whatever it reached
        self._facing: dict[tuple, tuple[str, ...]] = {}   # open edge's far side (open_side) -> rooms tracing to it
        self._slot_rooms: dict[tuple[str, str, str], str | None] = {}
        # room -> (its routes in a smaller layout, the open edges' far sides tiles have filled
        # since): the routes ending at one of those sides are traced again, the rest kept (grown)
        self._stale: dict[str, tuple[list[Route], frozenset]] = {}
        self.derived: dict = {}   # what rules and bots derive from this layout (dropped with it); keys namespaced
        self._room_ids: list[str] | None = None
        self.inherited: dict | None = None   # ``derived`` of the geometry this one grew from (see grown)
        self.serial = next(_SERIALS)
        """Names this layout among the geometries of the process (a fork keeps it: same layout)."""
        self.grown_from: tuple[int, int] | None = None
        """For a geometry made by :meth:`grown` or :meth:`turned`: the ``serial`` of the one it
        came from and how many rooms that one had traced then (:meth:`traced`); None otherwise.
        When nothing was derived from the one it came from, this is what that one came from (as
        ``inherited``)."""
        self.regrown: tuple[str, ...] = ()
        """For a geometry made by :meth:`grown` or :meth:`turned`: the rooms whose route lists may
        differ from those of the geometry ``grown_from`` names (the new tiles' rooms, the rooms
        traced again); every other room that one had traced then keeps the very same list."""

    def with_tile(self, p) -> Geometry:
        """This geometry with one more placed tile ``p`` (a trial placement): what
        ``Geometry(defs, [*placed, p], regions)`` builds, without walking every tile again."""
        geo = Geometry(self.defs, [], self.regions)
        geo.by_cell = dict(self.by_cell)
        geo.by_slot = dict(self.by_slot)
        geo.placed = {**self.placed, p.tile: p}
        if p.region in self.regions:
            geo.by_slot[(p.region, p.slot)] = p
        else:
            for key, (dx, dy) in self.defs[p.tile].cells.items():
                geo.by_cell[(p.x + dx, p.y + dy, p.region)] = (p, key)
        return geo

    def grown(self, placed: list, new) -> Geometry:
        """The geometry after the tile ``new`` (the last of ``placed``) was added to this one's
        tiles: built afresh, but keeping the traced routes of every room none of whose routes
        ends at an open edge the new tile fills. A route that ends at a room, a portal or
        another open edge never enters the new tile, so it is the same. The rooms to trace again
        are looked up by the places the new tile fills (an index kept as routes are traced), not
        found by walking every room; of their routes only those that ended at a filled place are
        traced again, when the room's routes are first asked for (:meth:`_retrace`), the others
        are kept. The kept rooms' route lists are the same objects, and the
        new geometry's ``inherited`` is this one's ``derived`` (or, when nothing was derived
        from this one, what it inherited): what was derived from a kept list may be used again
        (a reader takes it once and drops it, ``inherited = None``; only dicts are passed on,
        never a chain of layouts). The portal exits are kept too unless the new tile has a
        portal or one of them ended at an open edge it fills. A kept route keeps its remembered
        cost (``Route.fixed``, ``Route.priced``). The new geometry indexes this
        one's tiles and ``new``: the objects ``placed`` holds, as this one was built from them."""
        geo = self.with_tile(new)
        geo.inherited = self.derived if self.derived else self.inherited
        tdef = self.defs[new.tile]
        filled: list[tuple[Any, ...]]
        if new.region in self.regions:
            filled = [(new.region, new.slot)]
        else:
            filled = []
            for dx, dy in tdef.cells.values():    # loops, not comprehensions (at every tile placed)
                filled.append((new.x + dx, new.y + dy, new.region))
        if self._portals is not None and not tdef.has_portal:
            for r in self._portal_traces:
                if r.to[0] == "open" and open_side(r.to) in filled:
                    break
            else:                               # no portal end changed
                geo._portals, geo._portal_traces = self._portals, self._portal_traces
        routes, facing = dict(self._routes), dict(self._facing)
        known = self._routes
        stale: dict[str, tuple[list[Route], frozenset]] = {}
        for room, pending in self._stale.items():
            if room not in known:
                stale[room] = pending
        for room in tdef.rooms:               # traced before the tile lay here: nothing leaves them
            routes.pop(room_key(new.tile, room), None)
            stale.pop(room_key(new.tile, room), None)
        for side in filled:
            for room in facing.pop(side, ()):
                was = routes.pop(room, None)
                if was is not None:
                    stale[room] = (was, frozenset(filled))
                elif room in stale:
                    stale[room] = (stale[room][0], stale[room][1].union(filled))
        geo._routes, geo._blocked, geo._facing, geo._stale = routes, dict(self._blocked), facing, stale
        new_rooms = []
        for room in tdef.rooms:
            new_rooms.append(room_key(new.tile, room))
        self._descend(geo, (*new_rooms, *stale))
        return geo

    def _descend(self, geo: Geometry, regrown: tuple[str, ...]) -> None:
        """Tell ``geo``, made from this layout, where it comes from (``grown_from``, ``regrown``):
        from this one, or, when nothing was derived from this one, from what this one came from."""
        if self.derived or self.grown_from is None:
            geo.grown_from, geo.regrown = (self.serial, len(self._routes)), regrown
        else:
            geo.grown_from, geo.regrown = self.grown_from, (*self.regrown, *regrown)

    def turned(self, placed: list, tiles: Collection[str]) -> Geometry:
        """The geometry of ``placed`` after its tiles ``tiles`` were turned where they lie
        (their ``rot`` changed; cells stay where they are): built afresh, but keeping the traced
        routes of every room none of whose tunnels, followed to their ends or to a wall, crosses
        or meets a turned tile. ``inherited`` and route costs as for :meth:`grown`."""
        geo = Geometry(self.defs, placed, self.regions)
        geo.inherited = self.derived if self.derived else self.inherited
        geo._facing = dict(self._facing)      # a listed room that no longer faces a place: traced again, no harm
        turned = set(tiles)
        blocked = self._blocked
        dropped = []
        for room, routes in self._routes.items():
            crossed = room.partition(".")[0] in turned or not turned.isdisjoint(blocked.get(room, ()))
            for r in routes:                 # loops, not any(): every traced route of the layout
                if crossed:
                    break
                for s in r.segments:
                    if s.tile in turned:
                        crossed = True
                        break
            if crossed:
                dropped.append(room)
                continue
            geo._routes[room] = routes
            if room in blocked:
                geo._blocked[room] = blocked[room]
        self._descend(geo, (*dropped, *self._stale))
        return geo

    def fork(self, placed: list) -> Geometry:
        """The same connectivity for a copy of the game (a clone) whose placed tiles are
        ``placed`` (equal to this geometry's, but the copy's own objects): what the layout alone
        decides is shared (the routes too: a route's remembered cost says which covered icons
        and flags it holds for, see ``Route.priced``). The
        copy's tiles are the ones indexed, so that turning a tile of either game in place
        leaves the other's geometry as it was."""
        new = Geometry(self.defs, [], self.regions)     # no tiles: nothing traced, nothing indexed
        for name in _FORKED:
            setattr(new, name, getattr(self, name))
        mine = {p.tile: p for p in placed}
        new.placed = mine
        new.by_cell = {cell: (mine[p.tile], key) for cell, (p, key) in self.by_cell.items()}
        if self.by_slot:
            new.by_slot = {slot: mine[p.tile] for slot, p in self.by_slot.items()}
        return new

    def traced(self) -> int:
        """How many rooms' routes this geometry has traced (or kept) so far: it only grows."""
        return len(self._routes)

    def room_ids(self) -> list[str]:
        """Every room of every placed tile, in placement order (a new list each call; the
        ids are made once per layout)."""
        found = self._room_ids
        if found is None:
            defs = self.defs
            found = self._room_ids = [room_key(tile, local) for tile in self.placed for local in defs[tile].rooms]
        return list(found)

    # -- ports ---------------------------------------------------------------------------
    def world_port(self, p, end: End) -> tuple[int, int, str, int]:
        """Where a tile port lies in the world: ``(x, y, side, idx)``."""
        dx, dy = self.defs[p.tile].cells[end.cell]
        return p.x + dx, p.y + dy, _TURNED[end.side][p.rot % 4], end.idx

    def tunnel_at_named_port(self, p, name: str) -> tuple[int, bool] | None:
        """The tunnel of placed tile ``p`` ending at its named port ``name``: (index, end is a)."""
        return self.defs[p.tile].port_ends.get(name) if name else None

    def tunnel_at_port(self, p, cell: str, side: str, idx: int) -> tuple[int, bool] | None:
        """The tunnel of placed tile ``p`` whose end is that world port (turned back by the
        tile's rotation to the tile's own side): (index, end is a)."""
        return self.defs[p.tile].port_ends.get((cell, _TURNED[side][-p.rot % 4], idx))

    # -- routes --------------------------------------------------------------------------
    def trace(self, p, tunnel: int, from_a: bool, origin: str) -> Route:
        """Follow a tunnel of tile ``p`` starting at one of its ends until a room, portal or open edge."""
        segs: list[Segment] = []
        region = p.region
        defs = self.defs
        by_cell = self.by_cell
        turn = defs[p.tile].turns[p.rot % 4] or tile_turn(defs[p.tile], p.rot)
        for _ in range(64):
            seg, step = turn.walks[tunnel][from_a]
            segs.append(seg)
            kind = step[0]
            if kind == "port":
                _, cx, cy, side, idx, nx, ny, facing, facing_idx = step
                cell = by_cell.get((p.x + nx, p.y + ny, region))
                if cell is None:
                    return Route(origin, ("open", p.x + cx, p.y + cy, side, idx, region), tuple(segs))
                p, ncell = cell
                turn = defs[p.tile].turns[p.rot % 4] or tile_turn(defs[p.tile], p.rot)
                found = turn.ports.get((ncell, facing, facing_idx))
                if found is None:   # the neighbour has no tunnel there: a dead end (at that tile)
                    return Route(origin, ("dead", p.tile), tuple(segs))
                tunnel, from_a = found
                continue
            if kind != "named":              # a room or a portal
                return Route(origin, step[1], tuple(segs))
            far = step[1]                    # a named port: the slot graph says where it leads
            sr = self.regions.get(region)
            if sr is None or (joined := sr.joins.get((p.slot, far.name))) is None:   # a closed port
                return Route(origin, ("dead",), tuple(segs))
            slot, port = joined
            nxt = self.by_slot.get((region, slot))
            if nxt is None:
                x, y = sr.slots[slot]
                return Route(origin, ("open", x, y, f"{slot}.{port}", 0, region), tuple(segs))
            found = self.tunnel_at_named_port(nxt, port)
            if found is None:
                return Route(origin, ("dead", nxt.tile), tuple(segs))
            p, (tunnel, from_a) = nxt, found
            turn = defs[p.tile].turns[p.rot % 4] or tile_turn(defs[p.tile], p.rot)
        return Route(origin, ("dead",), tuple(segs))

    def route_from(self, room_id: str, key: str) -> Route:
        """The route keyed ``key`` leaving a room (the last of that key, as a dict of them by key
        would keep; KeyError if none), found by a loop: no dict of every route is made."""
        found = None
        for r in self.routes_from(room_id):
            if r.key == key:
                found = r
        if found is None:
            raise KeyError(key)
        return found

    def routes_from(self, room_id: str) -> list[Route]:
        """Every tunnel leaving a room, fully traced (dead ends dropped)."""
        cached = self._routes.get(room_id)
        if cached is not None:
            return cached
        if room_id in self._stale:
            return self._retrace(room_id)
        tile_id, _, local = room_id.partition(".")
        p = self.placed.get(tile_id)
        out: list[Route] = []
        if p is not None:
            for i, from_a, inner in self.defs[tile_id].room_exits.get(local, ()):
                if inner is not None:          # to a room of the same tile: the same in every layout
                    out.append(inner)
                    continue
                self._keep(room_id, self.trace(p, i, from_a, room_id), out)
        self._routes[room_id] = out
        return out

    def _keep(self, room_id: str, r: Route, out: list[Route]) -> None:
        """A route of a room just traced: kept in ``out`` and, when it ends at an open edge,
        indexed by the place beyond (``_facing``); a dead end is left out and the tiles it
        crosses or stops at noted (``_blocked``)."""
        to = r.to
        if to[0] != "dead":
            out.append(r)
            if to[0] == "open":
                side = open_side(to)
                self._facing[side] = (*self._facing.get(side, ()), room_id)
        else:
            self._blocked[room_id] = (*self._blocked.get(room_id, ()), *to[1:], *(s.tile for s in r.segments))

    def _retrace(self, room_id: str) -> list[Route]:
        """The routes of a room the layout grew next to (``_stale``): each route that ended at
        an open edge a tile has filled since is traced again from its first segment, the others
        are kept (the same objects, in the same order), as tracing every tunnel afresh would
        find them."""
        before, filled = self._stale[room_id]
        out: list[Route] = []
        for r in before:
            to = r.to
            if to[0] != "open" or open_side(to) not in filled:
                out.append(r)
                continue
            first = r.segments[0]
            self._keep(room_id, self.trace(self.placed[first.tile], first.tunnel, first.forward, room_id), out)
        self._routes[room_id] = out
        return out

    def portal_exits(self) -> list[Route]:
        """Routes from every portal end in the dungeon to the room beyond it. A one-way tunnel
        *into* a portal is an entrance only: no move, portal exit or teleport comes out of it."""
        if self._portals is None:
            exits = []
            for p in self.placed.values():
                tdef = self.defs[p.tile]
                if not tdef.has_portal:          # most tiles: no tunnel to look at
                    continue
                for i, t in enumerate(tdef.tunnels):
                    if t.a.kind == "portal":
                        exits.append(self.trace(p, i, True, f"portal:{p.tile}#{i}"))
                    elif t.b.kind == "portal" and not t.one_way:
                        exits.append(self.trace(p, i, False, f"portal:{p.tile}#{i}"))
            self._portal_traces = exits
            self._portals = [r for r in exits if r.to[0] == "room"]
        return self._portals

    def tunnel(self, seg: Segment) -> TunnelDef:
        """The tile tunnel a segment traverses."""
        return self.defs[seg.tile].tunnels[seg.tunnel]

    def cell_free(self, x: int, y: int, region: str) -> bool:
        """Whether no tile covers that cell (of a grid region)."""
        return (x, y, region) not in self.by_cell

    def in_slot(self, region: str, slot: str):
        """The placed tile in a slot of a slot region, or None."""
        return self.by_slot.get((region, slot))

    def slot_room(self, region: str, slot: str, feature: str, feature_set) -> str | None:
        """The first room (in the tile's order) showing ``feature`` on the tile in a slot, or
        None when the slot is empty or no room shows it. ``feature_set(room_id)`` gives the
        features a room shows (the ruleset's :meth:`room_feature_set`)."""
        key = (region, slot, feature)
        if key not in self._slot_rooms:
            p = self.by_slot.get((region, slot))
            found = None
            if p is not None:
                found = next((room_key(p.tile, r) for r in self.defs[p.tile].rooms
                              if feature in feature_set(room_key(p.tile, r))), None)
            self._slot_rooms[key] = found
        return self._slot_rooms[key]


def tile_of(room_id: str) -> str:
    """The tile id of a room id."""
    return room_id.partition(".")[0]
