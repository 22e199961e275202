"""What the map shows, as plain data: the placed tiles (and a previewed one), their rooms with
glyphs, pawns and pieces, their tunnels with icons and arrows, open edges and links.

:func:`build` reads one seat's :class:`~clank.game.view.SeatView` (never the game) and the
registered geometry; both outputs (terminal and SVG) draw from the :class:`MapModel` it
returns, so they show the same things. Positions are in world terms: a tile's cells on its
region's grid (``y`` grows northward), a room's place in its cell's 3×3 grid (the ``pos`` its
tile gives, turned with the tile), a port's side and index.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter, itemgetter
from types import SimpleNamespace
from typing import Any, Generic, TypeVar

from clank.actions import Action
from clank.dungeon import DELTA, Geometry
from clank.game.state import KNOCKED_OUT, LIVE, PlacedTile
from clank.mapdraw.memo import MapMemo, plain_copy
from clank.mapdraw.names import local_name, room_label
from clank.mapdraw.symbols import LINK, Glyphs, RoomAnswers, stale_places
from clank.registry import Symbol

POSITIONS = {"nw": (0, 0), "n": (1, 0), "ne": (2, 0), "w": (0, 1), "c": (1, 1), "e": (2, 1),
             "sw": (0, 2), "s": (1, 2), "se": (2, 2)}
"""A room's ``pos`` → (column, row) in its cell's 3×3 grid, row 0 northmost."""
_FREE_ORDER = ((1, 1), (0, 0), (2, 0), (0, 2), (2, 2), (1, 0), (1, 2), (0, 1), (2, 1))


def rotate_pos(col: int, row: int, quarter_turns: int) -> tuple[int, int]:
    """A 3×3 position turned clockwise with its tile."""
    for _ in range(quarter_turns % 4):
        col, row = 2 - row, col
    return col, row


@dataclass(frozen=True)
class Pawn:
    """A player's pawn in a room (knocked-out pawns lie where they fell)."""

    seat: int
    name: str
    knocked_out: bool = False


@dataclass
class RoomItem:
    """A room as drawn: where it is, its readable names, glyphs, pawns and pieces."""

    id: str
    tile: str
    label: str                    # its own short name ("Nave")
    full: str                     # how a player says it ("Nave of Dustveil Reliquary")
    cell_key: str
    cell: tuple[int, int]         # world cell
    col: int
    row: int
    features: list[Symbol] = field(default_factory=list)
    contents: list[Symbol] = field(default_factory=list)
    pawns: list[Pawn] = field(default_factory=list)
    pieces: list[Symbol] = field(default_factory=list)
    highlighted: bool = False
    key: str = ""                 # a key drawn beside a highlighted room ("1")
    exit: bool = False            # a feature styled ``exit``


@dataclass(frozen=True)
class EndItem:
    """One end of a tile tunnel in world terms: a room, a port (cell, side, index) or a portal.

    A named port of a tile in a slot region sits on the side facing the slot it joins, ``at`` a
    fraction along that side (left to right, top to bottom); grid ports leave ``at`` unset and
    sit a third and two thirds along (``layout.PORT_FRACTIONS``)."""

    kind: str
    room: str = ""
    cell: tuple[int, int] = (0, 0)
    side: str = ""
    idx: int = 0
    at: float | None = None


@dataclass(frozen=True)
class IconItem:
    """An icon printed on a tunnel; ``covered`` once paid for good."""

    name: str
    symbol: Symbol
    covered: bool = False


@dataclass
class TunnelItem:
    """A tunnel printed on a tile (half of a joined tunnel when it runs to an edge)."""

    tile: str
    index: int
    a: EndItem
    b: EndItem
    icons: list[IconItem]
    one_way: bool                 # normal movement only from a to b


@dataclass
class TileItem:
    """A placed tile (or the previewed placement of a discovered one)."""

    id: str
    name: str
    region: str
    x: int
    y: int
    rot: int
    cells: dict[str, tuple[int, int]]     # cell key -> world cell
    rooms: list[RoomItem]
    tunnels: list[TunnelItem]
    notes: list[Symbol]
    preview: bool = False
    layout: Layout | None = None          # where its rooms and tunnels' ends lie (shared by its drawings)


Facing = tuple[str, str] | tuple[int, int, str] | None
"""What a port faces, as the geometry keys what fills it (:class:`~clank.dungeon.Geometry`'s
``by_slot`` and ``by_cell``): a slot ``(region, slot)``, a world cell ``(x, y, region)``, or None
(a slot tile's port joining nothing: a dead end)."""
Opening = tuple[tuple[int, int], str, int, float | None, Facing]
"""A port of a placed tile that may lead to unexplored dungeon: its cell, side, index and place
along the side (:class:`OpenEdge`), and what it faces (:data:`Facing`)."""


@dataclass(frozen=True, eq=False)
class Layout:
    """Where a placed tile's rooms and tunnels' ends lie, shared by every model that shows the
    tile at this place and turn: a renderer keeps what it works out from it by identity (the
    bends of the tunnels). ``cells``: world cells; ``rooms``: (id, world cell, column, row);
    ``ends``: (tunnel index, end a, end b); ``openings``: its ports that may face an empty cell
    or slot, in the order the open edges are listed."""

    cells: tuple[tuple[int, int], ...]
    rooms: tuple[tuple[str, tuple[int, int], int, int], ...]
    ends: tuple[tuple[int, EndItem, EndItem], ...]
    openings: tuple[Opening, ...] = ()


@dataclass(frozen=True)
class OpenEdge:
    """A port of a placed tile facing an empty cell or slot: the tunnel leads to unexplored
    dungeon (``discoverable``), or a port of a slot tile that joins nothing (a dead end)."""

    region: str
    cell: tuple[int, int]
    side: str
    idx: int
    discoverable: bool
    at: float | None = None


@dataclass
class LinkItem:
    """A passage no tile draws (a ladder, a chute), marked so its two ends pair up: by the slot
    it leads to (a link to a slot of a slot region: ``"C"``, as the menus name it) or by a
    number; ``b`` is its far room (``""`` while the slot it leads to is empty)."""

    key: str
    kind: str
    number: int | str
    a: str
    b: str
    icons: list[IconItem]
    one_way: bool


@dataclass
class MapModel:
    """Everything the map draws for one seat."""

    tiles: list[TileItem]
    regions: list[str]
    rooms: dict[str, RoomItem]
    open_edges: list[OpenEdge]
    links: list[LinkItem]
    glyphs: Glyphs
    players: int
    destination: str | None = None        # where a previewed placement leads

    @property
    def tiles_by_id(self) -> dict[str, TileItem]:
        """The tiles by id."""
        return {t.id: t for t in self.tiles}

    def region_tiles(self, region: str) -> list[TileItem]:
        """The tiles of one region, in placement order."""
        return [t for t in self.tiles if t.region == region]

    def signature(self) -> tuple[Any, ...]:
        """A value equal for two models that draw the same: the tiles where they lie, what each
        room shows, which icons are paid for, the open edges, the links (a redraw of an
        unchanged map is skipped on it)."""
        tiles = tuple((t.id, t.region, t.x, t.y, t.rot, t.preview, tuple(t.notes),
                       tuple(tuple(i.covered for i in tun.icons) for tun in t.tunnels),
                       tuple((r.id, r.label, tuple(r.features), tuple(r.contents), tuple(r.pawns),
                              tuple(r.pieces), r.highlighted, r.key, r.exit) for r in t.rooms))
                      for t in self.tiles)
        links = tuple((lk.key, lk.kind, lk.number, lk.a, lk.b, tuple(i.covered for i in lk.icons), lk.one_way)
                      for lk in self.links)
        return tiles, tuple(self.open_edges), links, tuple(self.regions), self.players, self.destination


def _preview_placement(view: Any, preview: Action | str | None) -> tuple[PlacedTile | None, str | None]:
    """The discovered tile turned as ``preview`` (an ``orient``/``place`` action) says, and the
    room that orientation leads to (known to the deciding seat only)."""
    if preview is None:
        return None, None
    action = Action.parse(preview) if isinstance(preview, str) else preview
    move = view.turn.move
    if action.kind not in ("orient", "place") or not action.args or not move:
        return None, None
    try:
        rot = int(action.args[0])
    except ValueError:
        return None, None
    placed = PlacedTile(move["tile"], move["x"], move["y"], rot, move["region"])
    dest = None
    if action.kind == "orient":
        for outcome in view.orientations():
            if outcome["rot"] == rot and outcome["to"][0] == "room":
                dest = outcome["to"][1]
    return placed, dest


def seat_faces(view: Any) -> list[Any]:
    """What the map reads of each seat (``seat``, ``status``, ``room``, ``ko_room``) as
    attributes: from the view's ``public`` mappings, built without copying the seats' zones."""
    if not hasattr(view, "public"):
        return list(view.players)
    return [SimpleNamespace(**view.public(s)) for s in range(view.seat_count)]


def _pawns(view: Any, faces: list[Any]) -> dict[str, list[Pawn]]:
    out: dict[str, list[Pawn]] = {}
    for p in faces:
        if p.status == LIVE and p.room:
            out.setdefault(p.room, []).append(Pawn(p.seat, view.name(p.seat)))
        elif p.status == KNOCKED_OUT and (p.ko_room or p.room):
            out.setdefault(p.ko_room or p.room, []).append(Pawn(p.seat, view.name(p.seat), True))
    return out


@dataclass(frozen=True, slots=True)
class _RoomShape:
    """What never changes of a placed room: its names and its place."""

    id: str
    label: str
    full: str
    cell_key: str
    cell: tuple[int, int]
    col: int
    row: int
    features: tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True, eq=False)
class _TileShape:
    """What never changes of a placed tile: its name, cells, rooms and tunnels' ends, the ids of
    its rooms and the icons on its tunnels."""

    name: str
    cells: dict[str, tuple[int, int]]
    rooms: tuple[_RoomShape, ...]
    tunnels: tuple[tuple[int, EndItem, EndItem, tuple[str, ...], bool], ...]
    layout: Layout
    room_ids: tuple[str, ...]
    icons: tuple[str, ...]


V = TypeVar("V")


class _RulesetCache(Generic[V]):
    """Values worked out from a ruleset and a key, kept for the ruleset (compared by identity: a
    ruleset's id may be reused); past ``size`` the ones used longest ago go first (a server
    draws many games)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[Any, ...], tuple[Any, V]] = OrderedDict()

    def get(self, ruleset: Any, key: tuple[Any, ...], make: Callable[[], V]) -> V:
        """The value kept for ``ruleset`` and ``key``, else ``make()``'s (then kept)."""
        full = (id(ruleset), *key)
        kept = self._items.get(full)
        if kept is not None and kept[0] is ruleset:
            self._items.move_to_end(full)
            return kept[1]
        value = make()
        if len(self._items) >= self.size:
            self._items.popitem(last=False)
        self._items[full] = (ruleset, value)
        return value


_SHAPES: _RulesetCache[_TileShape] = _RulesetCache(4096)
"""Placed tiles' shapes by ruleset, tile, place, turn and named ports."""


def _shape(view: Any, geo: Geometry, placed: PlacedTile, tdef: Any, named: SlotPorts) -> _TileShape:
    key = (placed.tile, placed.x, placed.y, placed.rot, placed.region, placed.slot, tuple(sorted(named.items())))
    return _SHAPES.get(view.ruleset, key, lambda: _make_shape(view, geo, placed, tdef, named))


def _make_shape(view: Any, geo: Geometry, placed: PlacedTile, tdef: Any, named: SlotPorts) -> _TileShape:
    raw = tdef.data.get("rooms") or {} if isinstance(tdef.data, dict) else {}
    taken: dict[str, set[tuple[int, int]]] = {}
    rooms: list[_RoomShape] = []
    for local, room in tdef.rooms.items():
        cell = room.get("cell", "") if room.get("cell", "") in tdef.cells else next(iter(tdef.cells))
        dx, dy = tdef.cells[cell]
        pos = (raw.get(local) or {}).get("pos") if isinstance(raw.get(local), dict) else None
        used = taken.setdefault(cell, set())
        spot = POSITIONS.get(pos) if isinstance(pos, str) else None
        if spot is None or spot in used:
            spot = next((s for s in _FREE_ORDER if s not in used), (1, 1))
        used.add(spot)
        col, row = rotate_pos(*spot, placed.rot)
        rid = f"{placed.tile}.{local}"
        rooms.append(_RoomShape(rid, local_name(view, rid), room_label(view, rid), cell,
                                (placed.x + dx, placed.y + dy), col, row, tuple(room["features"])))
    tunnels = tuple((i, _end(geo, placed, t.a, named), _end(geo, placed, t.b, named), tuple(t.icons), t.one_way)
                    for i, t in enumerate(tdef.tunnels))
    cells = {k: (placed.x + dx, placed.y + dy) for k, (dx, dy) in tdef.cells.items()}
    layout = Layout(tuple(cells.values()), tuple((r.id, r.cell, r.col, r.row) for r in rooms),
                    tuple((i, a, b) for i, a, b, _, _ in tunnels), _openings(placed.region, cells, tunnels, named))
    return _TileShape(tdef.name, cells, tuple(rooms), tunnels, layout, tuple(r.id for r in rooms),
                      tuple(name for _, _, _, icons, _ in tunnels for name in icons))


def _openings(region: str, cells: Mapping[str, tuple[int, int]],
              tunnels: Iterable[tuple[int, EndItem, EndItem, Any, Any]], named: SlotPorts) -> tuple[Opening, ...]:
    """A placed tile's :data:`Opening` s: a slot tile's named ports (each facing the slot it
    joins), else each port end of its tunnels (facing the cell beyond it)."""
    if named:
        cell = next(iter(cells.values()))
        return tuple((cell, side, idx, at, (region, joined[0]) if joined is not None else None)
                     for side, idx, at, joined in named.values())
    out: list[Opening] = []
    for _, a, b, _, _ in tunnels:
        for end in (a, b):
            if end.kind == "port":
                dx, dy = DELTA[end.side]
                out.append((end.cell, end.side, end.idx, None, (end.cell[0] + dx, end.cell[1] + dy, region)))
    return tuple(out)


def _rooms_of(glyphs: Glyphs, shape: _TileShape, tile: str, answers: tuple[RoomAnswers, ...],
              pawns: Mapping[str, list[Pawn]], pieces: Mapping[str, list[Symbol]],
              passages: Mapping[str, list[Symbol]], keys: Mapping[str, str], preview: bool) -> list[RoomItem]:
    rooms: list[RoomItem] = []
    for r, answer in zip(shape.rooms, answers, strict=True):
        rooms.append(_room_item(glyphs, r, tile, answer, pawns, pieces, passages, keys, preview))
    return rooms


def _room_item(glyphs: Glyphs, r: _RoomShape, tile: str, answer: RoomAnswers, pawns: Mapping[str, list[Pawn]],
               pieces: Mapping[str, list[Symbol]], passages: Mapping[str, list[Symbol]], keys: Mapping[str, str],
               preview: bool) -> RoomItem:
    feats, contents = glyphs.room_glyphs(r.id, r.features, answer)
    return RoomItem(
        id=r.id, tile=tile, label=r.label, full=r.full, cell_key=r.cell_key, cell=r.cell, col=r.col, row=r.row,
        features=feats, contents=[*([] if preview else contents), *passages.get(r.id, ())],
        pawns=[] if preview else list(pawns.get(r.id, ())), pieces=[] if preview else list(pieces.get(r.id, ())),
        highlighted=r.id in keys, key=keys.get(r.id, ""), exit=any(f.style == "exit" for f in feats))


SlotPorts = dict[str, tuple[str, int, float, tuple[str, str] | None]]
"""A slot tile's named ports: name -> (side, index on that side, place along it, joined slot and port)."""


def _facing(dx: int, dy: int) -> str:
    """The side of a slot's drawing cell facing another slot ``dx, dy`` away (``y`` northward):
    straight across, or above/below for a slot on a diagonal."""
    if dy == 0:
        return "e" if dx > 0 else "w"
    return "n" if dy > 0 else "s"


def slot_ports(view: Any, placed: PlacedTile, tdef: Any) -> SlotPorts:
    """Where a slot tile's named ports are drawn: each on the side facing the slot it joins,
    spread along that side in the order of the slots they face (west to east, north to south);
    a port joining nothing goes to the emptiest side. Empty for a tile on a grid."""
    layout = view.slot_layout(placed.region) if placed.slot else None
    if layout is None or not tdef.ports:
        return {}
    sx, sy = layout.slots.get(placed.slot, (0, 0))
    sides: dict[str, list[tuple[tuple[int, int], str, tuple[str, str] | None]]] = {s: [] for s in "nesw"}
    loose: list[str] = []
    for name in tdef.ports:
        joined = layout.joins.get((placed.slot, name))
        if joined is None or joined[0] not in layout.slots:
            loose.append(name)
            continue
        tx, ty = layout.slots[joined[0]]
        side = _facing(tx - sx, ty - sy)
        sides[side].append(((tx, -ty) if side in "ns" else (-ty, tx), name, joined))
    for name in loose:
        side = min("nesw", key=lambda s: len(sides[s]))
        sides[side].append(((99, 99), name, None))
    out: SlotPorts = {}
    for side, ports in sides.items():
        ports.sort(key=lambda p: (p[0], p[1]))
        for i, (_, name, joined) in enumerate(ports, 1):
            out[name] = (side, i, i / (len(ports) + 1), joined)
    return out


def _end(geo: Geometry, placed: PlacedTile, end: Any, named: SlotPorts) -> Any:
    if end.kind == "room":
        return EndItem("room", room=f"{placed.tile}.{end.room}")
    if end.kind == "port" and end.name:
        dx, dy = geo.defs[placed.tile].cells.get(end.cell, (0, 0))
        side, idx, at, _ = named.get(end.name, ("s", 1, 0.5, None))
        return EndItem("port", cell=(placed.x + dx, placed.y + dy), side=side, idx=idx, at=at)
    if end.kind == "port":
        x, y, side, idx = geo.world_port(placed, end)
        return EndItem("port", cell=(x, y), side=side, idx=idx)
    return EndItem("portal")


def _tunnels(glyphs: Glyphs, shape: _TileShape, tile: str, covered: tuple[tuple[int, int], ...]) -> list[TunnelItem]:
    return [TunnelItem(tile, i, a, b, [IconItem(name, glyphs.icon(name), (i, k) in covered)
                                       for k, name in enumerate(icons)], one_way)
            for i, a, b, icons, one_way in shape.tunnels]


def _covered_by_tile(covered: Iterable[str]) -> dict[str, tuple[tuple[int, int], ...]]:
    """The icons paid for good (``"tile#tunnel#icon"``), by tile: (tunnel, icon) pairs."""
    out: dict[str, list[tuple[int, int]]] = {}
    for entry in covered:
        parts = entry.split("#")
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            out.setdefault(parts[0], []).append((int(parts[1]), int(parts[2])))
    return {tile: tuple(sorted(pairs)) for tile, pairs in out.items()}


_edge = lru_cache(maxsize=4096)(OpenEdge)
"""An open edge, the same object for the same values (a drawing keeps what it drew of each by
identity, and a frozen dataclass is slow to make)."""


def _open_edges(view: Any, geo: Geometry, tiles: Iterable[TileItem]) -> list[OpenEdge]:
    """The ports facing empty cells or slots of ``geo`` (the geometry of ``tiles``): each
    tile's openings (:class:`Layout`), discoverable while its region's stack has tiles left;
    a slot tile's port joining nothing is a dead end."""
    return _edges_facing(view, geo, tiles)[0]


def _edges_facing(view: Any, geo: Geometry, tiles: Iterable[TileItem]) -> tuple[list[OpenEdge], list[Facing]]:
    """:func:`_open_edges`, and what each faces."""
    by_cell, by_slot = geo.by_cell, geo.by_slot
    left: dict[str, bool] = {}
    out: list[OpenEdge] = []
    facings: list[Facing] = []
    for tile in tiles:
        region = tile.region
        discoverable = left.get(region)
        if discoverable is None:
            discoverable = left[region] = view.stack_size(region) > 0
        for cell, side, idx, at, facing in tile.layout.openings if tile.layout is not None else ():
            if facing is None:
                out.append(_edge(region, cell, side, idx, False, at))
            elif facing in (by_slot if len(facing) == 2 else by_cell):
                continue
            else:
                out.append(_edge(region, cell, side, idx, discoverable, at))
            facings.append(facing)
    return out, facings


KeptEdges = tuple[list[OpenEdge], list[Facing], int]
"""The open edges of a kept model, what each faces, and how many of the placed tiles they are
the edges of (the first ones)."""


def _grown_edges(view: Any, geo: Geometry, kept: KeptEdges, placed: list[PlacedTile],
                 tiles: list[TileItem]) -> tuple[list[OpenEdge], list[Facing]]:
    """:func:`_edges_facing` of ``tiles`` (``placed``'s items) from the edges kept of their first
    ones (the stacks as empty as then): those the tiles laid since fill are gone, theirs follow."""
    edges, facings, count = kept
    if count == len(tiles):
        return edges, facings
    filled: set[Facing] = set()
    for p, tile in zip(placed[count:], tiles[count:], strict=True):
        if p.region in geo.regions:
            filled.add((p.region, p.slot))
        else:
            filled.update((x, y, p.region) for x, y in tile.cells.values())
    out, faced = [], []
    for edge, facing in zip(edges, facings, strict=True):
        if facing not in filled:
            out.append(edge)
            faced.append(facing)
    more, more_facing = _edges_facing(view, geo, tiles[count:])
    return out + more, faced + more_facing


def _links(view: Any, glyphs: Glyphs) -> list[LinkItem]:
    out = []
    for n, link in enumerate(view.links, 1):
        icons = [IconItem(name, glyphs.icon(name), f"{link['key']}#{k}" in view.covered)
                 for k, name in enumerate(link.get("icons", ()))]
        mark: int | str = n
        far = link["b"]
        target = link.get("to_slot")
        if target:                    # a link to a slot: marked by its slot, its far room the one showing its feature
            region, slot, feature = target
            mark = str(slot)
            far = view.slot_room(region, slot, feature) or ""
        out.append(LinkItem(link["key"], str(link.get("kind", "link")), mark, link["a"], far, icons,
                            bool(link.get("one_way"))))
    return out


def _link_marks(links: list[LinkItem], rooms: Iterable[str]) -> dict[str, list[Symbol]]:
    """Each link's mark in the rooms at its two ends, by room: ``≈C`` (the slot it leads to) or
    ``≈2``; the links of one kind leaving one room share a mark (``≈ABCDE``: a chute to five
    slots), and a room shows a mark once. ``rooms``: the rooms on the map (a link's end
    elsewhere has no mark)."""
    placed = set(rooms)
    out: dict[str, list[Symbol]] = {}
    shared: dict[tuple[str, str], int] = {}
    for link in links:
        kind = link.kind.replace("_", " ")
        one_way = " (one way)" if link.one_way else ""
        for room, near in ((link.a, True), (link.b, False)):
            if room not in placed:
                continue
            marks = out.setdefault(room, [])
            mark = f"{LINK.glyph}{link.number}"
            at = shared.get((room, link.kind)) if near else None
            if at is not None:                 # another link of this kind leaves the room: one mark
                old = marks[at]
                to = old.glyph[len(LINK.glyph):] + str(link.number)
                marks[at] = Symbol(old.glyph + str(link.number), old.style, f"{kind}s{one_way}: to {', '.join(to)}")
                continue
            if any(s.glyph == mark for s in marks):
                continue
            if near:
                shared[(room, link.kind)] = len(marks)
            marks.append(Symbol(mark, LINK.style, f"{kind}{one_way} {link.number}"))
    return out


_PLACEMENT = attrgetter("tile", "x", "y", "rot", "region", "slot")
"""A placed tile's place as a tuple (read in C)."""
_REGION = itemgetter(4)
"""The region of a placed tile's place (:data:`_PLACEMENT`)."""


def map_inputs(view: Any) -> tuple[Any, ...]:
    """Everything :func:`build` reads of a view besides the packs' render hooks: the placed
    tiles, each seat's name, status and room, the pieces, the icons paid for, the links and
    whether tiles are left in each region's stack (the map shows only that: an open edge leads
    to unexplored dungeon or to none). The pieces, paid icons and links are the game's own
    values (not copied: a :class:`~clank.mapdraw.memo.MapMemo` keeps a copy and compares them
    with it). Two views with equal inputs, whose hooks answer the same, draw the same map (the
    memo checks the hooks' reads itself)."""
    tiles = tuple(map(_PLACEMENT, view.tiles))
    seats = []                           # plain loops: a generator runs a frame of its own (read per state)
    for s in range(view.seat_count):
        p = view.public(s)
        seats.append((p["status"], p["room"], p["ko_room"], view.name(s)))
    left = []
    for region in dict.fromkeys(map(_REGION, tiles)):
        left.append(view.stack_size(region) > 0)
    return (tiles, tuple(seats), view.pieces, view.covered, view.links, tuple(left))


def build(view: Any, preview: Action | str | None = None,
          highlight: Iterable[str] | Mapping[str, str] | None = None, memo: MapMemo | None = None) -> MapModel:
    """The map one seat sees, with ``preview`` (an ``orient``/``place`` action of the tile
    being discovered) drawn in place and ``highlight`` rooms marked (a mapping gives each a
    key to draw beside it).

    ``memo``: what the drawing of the same game before kept; the model it kept is returned as it
    is when nothing the map reads has changed, and the hooks' answers are reused while what
    they read is unchanged. A drawing without preview and highlight is kept in the memo."""
    plain = preview is None and not highlight
    if memo is not None and preview is not None and not highlight:
        drawn = _with_preview(view, build(view, memo=memo), preview, memo)
        memo.discard()
        if drawn is not None:
            return drawn
    if memo is None or not plain:
        model = _build(view, preview, highlight, memo)
        if memo is not None:
            memo.discard()
        return model
    inputs = map_inputs(view)
    if memo.model is not None:
        try:
            stale = memo.check(view)
            if not stale:                # no kept answer is stale: the same model, or its pawns moved
                if inputs == memo.inputs:
                    return memo.model
                moved = _follow_pawns(view, memo, inputs)
                if moved is not None:
                    return moved
            count = len(memo.inputs[0])                # the edges kept while tiles were only laid since
            grown = inputs[0][:count] == memo.inputs[0] and inputs[5] == memo.inputs[5] and memo.facings is not None
            model = _build(view, None, None, memo, inputs[0],
                           (memo.model.open_edges, memo.facings, count) if grown else None, stale)
        finally:
            memo.uncheck()
    else:
        model = _build(view, None, None, memo, inputs[0])
    pieces, covered, links = plain_copy(inputs[2:5])          # the game's own values: copies kept
    memo.keep((inputs[0], inputs[1], pieces, covered, links, inputs[5]), model)
    return model


def _follow_pawns(view: Any, memo: MapMemo, inputs: tuple[Any, ...]) -> MapModel | None:
    """The kept model with the pawns where they are now, when nothing else the map reads changed
    (the tiles, the pieces, the paid icons, the links, the stacks, and every value a render hook
    read, which the caller checked: the common change of a move): only the tiles whose rooms'
    pawns changed are made anew, as :func:`_build` would make them. None when something else
    changed."""
    kept = memo.inputs
    if memo.model is None or kept is None or inputs[0] != kept[0] or inputs[2:] != kept[2:]:
        return None
    model: MapModel = memo.model
    faces = seat_faces(view)
    pawns = _pawns(view, faces)
    retile = set()                       # the tiles of the rooms a pawn left or came to (plain loops: no frames)
    for was, now in zip(kept[1], inputs[1], strict=False):
        if was != now:
            for room in (was[1], was[2], now[1], now[2]):
                if room in model.rooms:
                    retile.add(model.rooms[room].tile)
    drawn = dict(memo.tiles)
    tiles: list[TileItem] = []
    rooms = model.rooms
    for tile in model.tiles:
        if tile.id not in retile:
            tiles.append(tile)
            continue
        state, item = drawn[tile.id]
        now = tuple(tuple(pawns.get(r.id, ())) for r in tile.rooms)
        if now != tuple(room[0] for room in state[5]):
            item = TileItem(tile.id, tile.name, tile.region, tile.x, tile.y, tile.rot, tile.cells,
                            [_moved_room(r, p) for r, p in zip(tile.rooms, now, strict=True)], tile.tunnels,
                            tile.notes, tile.preview, tile.layout)
            drawn[tile.id] = ((*state[:5], tuple((p, *room[1:]) for p, room in zip(now, state[5], strict=True)),
                               *state[6:]), item)
            if rooms is model.rooms:
                rooms = dict(rooms)
            rooms.update((r.id, r) for r in item.rooms)
        tiles.append(item)
    moved = MapModel(tiles, model.regions, rooms, model.open_edges, model.links, model.glyphs, len(faces))
    memo.tiles = drawn
    if memo.shown is not None:
        memo.shown = (pawns, *memo.shown[1:])
    memo.follow((kept[0], inputs[1], *kept[2:]), moved)      # the seats' places are new tuples: no copy
    return moved


def _moved_room(room: RoomItem, pawns: tuple[Pawn, ...]) -> RoomItem:
    """``room`` with ``pawns`` in it (the same room, or a new one when they differ)."""
    if tuple(room.pawns) == pawns:
        return room
    return RoomItem(room.id, room.tile, room.label, room.full, room.cell_key, room.cell, room.col, room.row,
                    room.features, room.contents, list(pawns), room.pieces, room.highlighted, room.key, room.exit)


def _with_preview(view: Any, base: MapModel, preview: Action | str, memo: MapMemo) -> MapModel | None:
    """``base`` (the map without preview) with the discovered tile drawn turned as ``preview``
    says: only that tile is drawn anew, and the open edges worked out again. None when the
    preview reaches beyond the tile (its destination, or a link, on another tile): then the
    whole map is built again."""
    trial, dest = _preview_placement(view, preview)
    if trial is None:
        return base
    placed = [*view.tiles, trial]
    tdef = view.ruleset.tiles[trial.tile]
    shape = _shape(view, view.geometry, trial, tdef, slot_ports(view, trial, tdef))   # its own ports: any geometry
    own = {r.id for r in shape.rooms}
    if (dest is not None and dest not in own) or any(link.a in own or link.b in own for link in base.links):
        return None
    glyphs = Glyphs(view, memo)
    answers = tuple(glyphs.room_answers(r.id, r.features) for r in shape.rooms)
    rooms = _rooms_of(glyphs, shape, trial.tile, answers, {}, {}, {}, {dest: ""} if dest else {}, True)
    tile = TileItem(trial.tile, shape.name, trial.region, trial.x, trial.y, trial.rot % 4, shape.cells, rooms,
                    _tunnels(glyphs, shape, trial.tile, ()), [s for s in glyphs.tile(trial.tile) if s.glyph], True,
                    shape.layout)
    tiles = [*base.tiles, tile]
    regions = list(base.regions) if trial.region in base.regions else \
        sorted([*base.regions, trial.region], key=lambda r: view.slot_layout(r) is not None)
    edges = _open_edges(view, Geometry(view.ruleset.tiles, placed), tiles)
    return MapModel(tiles, regions, {**base.rooms, **{r.id: r for r in rooms}}, edges, base.links, base.glyphs,
                    base.players, dest)


def _dirty_tiles(memo: MapMemo, stale: set[Any], pawns: Mapping[str, list[Pawn]], pieces: Mapping[str, list[Symbol]],
                 passages: Mapping[str, list[Symbol]], covered: Mapping[str, Any]) -> set[str] | None:
    """The tiles of the memo's model that may show something new: those a stale answer is about,
    those with a room whose pawns, pieces or link marks changed, those whose paid icons changed
    (a tile laid is new: it has no item to keep). None: any tile may (a stale answer about what
    every tile may show, or nothing kept to compare with)."""
    places = stale_places(stale)
    if places is None or memo.shown is None or memo.model is None:
        return None
    rooms = memo.model.rooms
    changed, out = places
    for before, now in zip(memo.shown[:3], (pawns, pieces, passages), strict=True):
        for rid in before.keys() | now.keys():
            if before.get(rid) != now.get(rid):
                changed.add(rid)
    for rid in changed:
        room = rooms.get(rid)
        if room is not None:
            out.add(room.tile)
    was = memo.shown[3]
    for tid in was.keys() | covered.keys():
        if was.get(tid) != covered.get(tid):
            out.add(tid)
    return out


def _remade(glyphs: Glyphs, shape: _TileShape, p: PlacedTile, state: tuple[Any, ...],
            before: tuple[tuple[Any, ...], TileItem], pawns: Mapping[str, list[Pawn]],
            pieces: Mapping[str, list[Symbol]], passages: Mapping[str, list[Symbol]], keys: Mapping[str, str],
            covered: Mapping[str, tuple[tuple[int, int], ...]]) -> TileItem:
    """A tile item made anew for a tile that lies as it did (``before``: what it showed and its
    item): its rooms that show the same, its tunnels (the same paid icons and icons' glyphs) and
    its notes are the items before (a drawing redraws only what is new)."""
    was, item = before
    rooms = []
    for k, r in enumerate(shape.rooms):
        if was[1][k] == state[1][k] and was[5][k] == state[5][k]:
            rooms.append(item.rooms[k])
        else:
            rooms.append(_room_item(glyphs, r, p.tile, state[1][k], pawns, pieces, passages, keys, state[3]))
    tunnels = item.tunnels if was[4] == state[4] and was[6] == state[6] else \
        _tunnels(glyphs, shape, p.tile, covered.get(p.tile, ()))
    notes = item.notes if was[2] == state[2] else list(state[2])
    return TileItem(p.tile, shape.name, p.region, p.x, p.y, p.rot % 4, shape.cells, rooms, tunnels, notes,
                    state[3], shape.layout)


def _build(view: Any, preview: Action | str | None, highlight: Iterable[str] | Mapping[str, str] | None,
           memo: MapMemo | None, places: tuple[tuple[Any, ...], ...] | None = None,
           edges: KeptEdges | None = None, stale: set[Any] | None = None) -> MapModel:
    """The model made from the view, reusing what ``memo`` kept: the hooks' answers whose reads
    are unchanged, each tile's shape (by ``places``, the placed tiles' places as
    :func:`map_inputs` reads them, given with the memo when no preview is drawn), each tile
    item that shows the same as before, and ``edges``, the open edges of the kept model when
    its tiles lie as they did (tiles laid since aside) and the stacks are as empty. ``stale``: the keys of the memo's
    stale answers (:meth:`~clank.mapdraw.memo.MapMemo.check` of this view, just made): a tile
    none of whose rooms shows anything new (answers, pawns, pieces, link marks, paid icons) is
    the kept tile, not looked at."""
    glyphs = Glyphs(view, memo)
    keys: dict[str, str] = dict(highlight) if isinstance(highlight, Mapping) else \
        {r: "" for r in (highlight or ())}
    trial, dest = _preview_placement(view, preview)
    if dest is not None and dest not in keys:
        keys[dest] = ""
    placed = list(view.tiles) + ([trial] if trial is not None else [])
    geo = Geometry(view.ruleset.tiles, placed) if trial is not None else view.geometry
    faces = seat_faces(view)
    pawns = _pawns(view, faces)
    pieces: dict[str, list[Symbol]] = {}
    for piece in view.pieces.values():
        if piece.get("room"):
            pieces.setdefault(piece["room"], []).append(glyphs.piece(piece))
    covered = _covered_by_tile(view.covered)
    regions: list[str] = []
    shapes: list[tuple[PlacedTile, _TileShape]] = []
    keeper = memo if places is not None else None     # the memo, when it keeps this model
    made: dict[tuple[Any, ...], _TileShape] = {}
    for i, p in enumerate(placed):
        if p.region not in regions:
            regions.append(p.region)
        shape = keeper.shapes.get(places[i]) if keeper is not None and places is not None else None
        if shape is None:
            tdef = view.ruleset.tiles[p.tile]
            shape = _shape(view, geo, p, tdef, slot_ports(view, p, tdef))
        if places is not None:
            made[places[i]] = shape
        shapes.append((p, shape))
    if keeper is not None:
        keeper.shapes = made
    links = _links(view, glyphs)
    passages = _link_marks(links, (r.id for _, shape in shapes for r in shape.rooms))   # at each link's ends
    kept = memo.tiles if memo is not None else {}
    dirty = _dirty_tiles(memo, stale, pawns, pieces, passages, covered) if memo is not None and stale is not None \
        else None
    tiles: list[TileItem] = []
    drawn: dict[str, tuple[tuple[Any, ...], TileItem]] = {}
    for p, shape in shapes:
        if dirty is not None and p.tile not in dirty:
            before = kept.get(p.tile)
            if before is not None and before[0][0] is shape:      # shows what it showed: kept as it is
                glyphs.keep_tile(p.tile, shape.room_ids, shape.icons)
                drawn[p.tile] = before
                tiles.append(before[1])
                continue
        is_preview = p is trial
        said, shown, notes_ = [], [], []     # plain loops: a generator runs a frame of its own (per tile)
        for r in shape.rooms:
            said.append(glyphs.room_answers(r.id, r.features))
        for s in glyphs.tile(p.tile):
            if s.glyph:
                notes_.append(s)
        for r in shape.rooms:
            shown.append((tuple(pawns.get(r.id, ())), tuple(pieces.get(r.id, ())), keys.get(r.id),
                          tuple(passages.get(r.id, ()))))
        icons = []
        for name in shape.icons:
            icons.append(glyphs.icon(name))
        answers, notes = tuple(said), tuple(notes_)
        # what the tile shows besides its shape: a tile showing the same as in the drawing before is reused
        state = (shape, answers, notes, is_preview, covered.get(p.tile, ()), tuple(shown), tuple(icons))
        before = kept.get(p.tile)
        if before is not None and before[0] == state:
            tile = before[1]
        elif before is not None and before[0][0] is shape and before[0][3] == is_preview:
            tile = _remade(glyphs, shape, p, state, before, pawns, pieces, passages, keys, covered)
        else:
            rooms = _rooms_of(glyphs, shape, p.tile, answers, pawns, pieces, passages, keys, is_preview)
            tile = TileItem(p.tile, shape.name, p.region, p.x, p.y, p.rot % 4, shape.cells, rooms,
                            _tunnels(glyphs, shape, p.tile, covered.get(p.tile, ())), list(notes), is_preview,
                            shape.layout)
        drawn[p.tile] = (state, tile)
        tiles.append(tile)
    if memo is not None and preview is None and not highlight:
        memo.tiles, memo.shown = drawn, (pawns, pieces, passages, covered)
    # the grid regions first (the dungeon one enters), then the regions of slots below them
    regions.sort(key=lambda r: view.slot_layout(r) is not None)
    by_id = {r.id: r for t in tiles for r in t.rooms}
    if keeper is not None:
        open_edges, keeper.facings = _grown_edges(view, geo, edges, placed, tiles) if edges is not None else \
            _edges_facing(view, geo, tiles)
    else:
        open_edges = _open_edges(view, geo, tiles)
    return MapModel(tiles, regions, by_id, open_edges, links, glyphs, len(faces), dest)


__all__ = ["POSITIONS", "EndItem", "IconItem", "Layout", "LinkItem", "MapModel", "OpenEdge", "Pawn", "RoomItem",
           "TileItem", "TunnelItem", "build", "map_inputs", "slot_ports"]
