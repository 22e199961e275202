"""The tile grid: where tiles sit, how their tunnels join, and the routes between rooms.

Geometry (DESIGN §6, base-tiles.md §2): square tiles have ports ``n1 n2 e1 e2 s1 s2 w1 w2``;
turning a tile a quarter clockwise maps n→e→s→w and keeps the index; across a shared edge
index 1 meets index 2. Multi-cell tiles (the 1×2 start tile) name ports ``U.n1``; they are not
rotated. A tunnel that runs to a tile edge is half a tunnel; when the neighbouring cell is
filled the halves join. Connectivity is derived from placement and recomputed whenever a
tile is placed or turned.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
    return SIDES[(SIDES.index(side) + quarter_turns) % 4]


@dataclass(frozen=True)
class End:
    """One end of a tile tunnel: a room, a port, or a portal."""

    kind: str            # "room" | "port" | "portal"
    room: str = ""       # local room id
    cell: str = ""       # port's cell key ("" on square tiles)
    side: str = ""
    idx: int = 0


@dataclass(frozen=True)
class TunnelDef:
    """A tunnel printed on a tile."""

    a: End
    b: End
    icons: tuple[str, ...] = ()
    one_way: bool = False   # normal movement only from a to b


@dataclass
class TileDef:
    """A tile as content defines it (immutable during play)."""

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


@dataclass(frozen=True)
class Segment:
    """A traversal of one tile tunnel inside a route."""

    tile: str
    tunnel: int
    forward: bool   # traversed from end a to end b


@dataclass(frozen=True)
class Route:
    """A whole tunnel from a room: through corner tunnels and joined halves to its far end.

    ``to`` is ``("room", room_id)``, ``("open", x, y, side, idx)`` (an open tile edge) or
    ``("portal",)``.
    """

    origin: str
    to: tuple
    segments: tuple[Segment, ...]

    @property
    def key(self) -> str:
        """Identifies the route among those leaving its origin room."""
        s = self.segments[0]
        return f"{s.tile}#{s.tunnel}"


def room_key(tile_id: str, room: str) -> str:
    """The game-wide id of a room."""
    return f"{tile_id}.{room}"


class Geometry:
    """Derived connectivity of the placed tiles; rebuilt when the tile layout changes."""

    def __init__(self, tiles: dict[str, TileDef], placed: list) -> None:
        self.defs = tiles
        self.by_cell: dict[tuple[int, int, str], tuple] = {}   # (x, y, region) -> (placed, cell key)
        self.placed = {p.tile: p for p in placed}
        for p in placed:
            tdef = tiles[p.tile]
            for key, (dx, dy) in tdef.cells.items():
                self.by_cell[(p.x + dx, p.y + dy, p.region)] = (p, key)
        self._routes: dict[str, list[Route]] = {}
        self._portals: list[Route] | None = None
        self.costs: dict[int, tuple] = {}   # id(route) -> (validity key, cost): see movement.route_cost

    # -- ports ---------------------------------------------------------------------------
    def world_port(self, p, end: End) -> tuple[int, int, str, int]:
        """Where a tile port lies in the world: ``(x, y, side, idx)``."""
        dx, dy = self.defs[p.tile].cells[end.cell]
        return p.x + dx, p.y + dy, rotate_side(end.side, p.rot), end.idx

    def local_port(self, p, cell: str, side: str, idx: int) -> tuple[str, str, int]:
        """Inverse of :meth:`world_port` for a port of ``p`` on world side ``side``."""
        return cell, rotate_side(side, -p.rot), idx

    def tunnel_at_port(self, p, cell: str, side: str, idx: int) -> tuple[int, bool] | None:
        """The tunnel of placed tile ``p`` whose end is that world port: (index, end is a)."""
        lcell, lside, lidx = self.local_port(p, cell, side, idx)
        for i, t in enumerate(self.defs[p.tile].tunnels):
            for is_a, e in ((True, t.a), (False, t.b)):
                if e.kind == "port" and e.cell == lcell and e.side == lside and e.idx == lidx:
                    return i, is_a
        return None

    # -- routes --------------------------------------------------------------------------
    def trace(self, p, tunnel: int, from_a: bool, origin: str) -> Route:
        """Follow a tunnel of tile ``p`` starting at one of its ends until a room, portal or open edge."""
        segs: list[Segment] = []
        region = p.region
        for _ in range(64):
            t = self.defs[p.tile].tunnels[tunnel]
            segs.append(Segment(p.tile, tunnel, from_a))
            far = t.b if from_a else t.a
            if far.kind == "room":
                return Route(origin, ("room", room_key(p.tile, far.room)), tuple(segs))
            if far.kind == "portal":
                return Route(origin, ("portal",), tuple(segs))
            x, y, side, idx = self.world_port(p, far)
            dx, dy = DELTA[side]
            nxt = self.by_cell.get((x + dx, y + dy, region))
            if nxt is None:
                return Route(origin, ("open", x, y, side, idx, region), tuple(segs))
            np_, ncell = nxt
            found = self.tunnel_at_port(np_, ncell, OPPOSITE[side], 3 - idx)
            if found is None:   # the neighbour has no tunnel there: a dead end
                return Route(origin, ("dead",), tuple(segs))
            p, (tunnel, from_a) = np_, found
        return Route(origin, ("dead",), tuple(segs))

    def routes_from(self, room_id: str) -> list[Route]:
        """Every tunnel leaving a room, fully traced (dead ends dropped)."""
        cached = self._routes.get(room_id)
        if cached is not None:
            return cached
        tile_id, _, local = room_id.partition(".")
        p = self.placed.get(tile_id)
        out: list[Route] = []
        if p is not None:
            for i, t in enumerate(self.defs[tile_id].tunnels):
                if t.a.kind == "room" and t.a.room == local:
                    r = self.trace(p, i, True, room_id)
                elif t.b.kind == "room" and t.b.room == local:
                    r = self.trace(p, i, False, room_id)
                else:
                    continue
                if r.to[0] != "dead":
                    out.append(r)
        self._routes[room_id] = out
        return out

    def portal_exits(self) -> list[Route]:
        """Routes from every portal end in the dungeon to the room beyond it."""
        if self._portals is None:
            exits = []
            for p in self.placed.values():
                for i, t in enumerate(self.defs[p.tile].tunnels):
                    if t.a.kind == "portal":
                        exits.append(self.trace(p, i, True, f"portal:{p.tile}#{i}"))
                    elif t.b.kind == "portal":
                        exits.append(self.trace(p, i, False, f"portal:{p.tile}#{i}"))
            self._portals = [r for r in exits if r.to[0] == "room"]
        return self._portals

    def tunnel(self, seg: Segment) -> TunnelDef:
        """The tile tunnel a segment traverses."""
        return self.defs[seg.tile].tunnels[seg.tunnel]

    def cell_free(self, x: int, y: int, region: str) -> bool:
        """Whether no tile covers that cell."""
        return (x, y, region) not in self.by_cell


def tile_of(room_id: str) -> str:
    """The tile id of a room id."""
    return room_id.partition(".")[0]
