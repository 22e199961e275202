"""The terminal drawing of one tile at one size: its border, a box per room, every tunnel as a
routed line from room to room, port or portal, with a cell for each icon and one-way arrow.

What a tile looks like at a size depends on the tile and its turn only, so drawings are
computed once and kept (:func:`tile_art`); what changes during a game (pawns, an artifact
taken, a lock opened) is written over them by :mod:`clank.mapdraw.text`.

Inside a cell of ``pw`` × ``ph`` characters (borders included on one side), the ports sit a
third and two thirds along each side; the gaps they leave split the cell into a 3×3 grid of
*zones*, one per room position. A room's box is its zone; lines run through the gaps and
empty zones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clank.mapdraw.model import EndItem, TileItem, TunnelItem
from clank.mapdraw.route import DIRS, Attach, Cell, E, Grid, N, S, W, route, step_dir

ARROWS = {N: "↑", E: "→", S: "↓", W: "←"}
_PORT_DIRS = {"n": N, "e": E, "s": S, "w": W}


def split(pw: int, ph: int) -> tuple[int, int, int, int]:
    """The port columns and rows of a cell: (p1, p2, q1, q2), a third and two thirds along."""
    return int(pw / 3 + 0.5), int(2 * pw / 3 + 0.5), int(ph / 3 + 0.5), int(2 * ph / 3 + 0.5)


@dataclass
class TileArt:
    """A tile's static drawing at one size, in coordinates local to its top-left corner."""

    width: int
    height: int
    border: dict[Cell, int] = field(default_factory=dict)
    lines: dict[Cell, tuple[int, int]] = field(default_factory=dict)    # cell -> (bits, tunnel)
    glyphs: dict[Cell, tuple] = field(default_factory=dict)   # ("icon", t, k) | ("arrow", t, ch) | ("portal", t)
    boxes: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)    # room -> x, y, w, h
    attach: list[tuple[Cell, int, str]] = field(default_factory=list)   # line end, direction into box, room
    ports: dict[tuple[str, str, int], Cell] = field(default_factory=dict)   # (cell key, side, idx) -> cell
    title: tuple[int, int] = (0, 0)            # x and length of the longest free stretch of the top border
    bridges: dict[Cell, str] = field(default_factory=dict)      # a line crossing another: its own stroke
    routed: dict[int, list[Cell]] = field(default_factory=dict)        # tunnel -> its path
    unrouted: list[int] = field(default_factory=list)


class _Builder:
    def __init__(self, tile: TileItem, pw: int, ph: int) -> None:
        self.tile, self.pw, self.ph = tile, pw, ph
        self.p1, self.p2, self.q1, self.q2 = split(pw, ph)
        xs = [c[0] for c in tile.cells.values()]
        ys = [c[1] for c in tile.cells.values()]
        self.minx, self.maxy = min(xs), max(ys)
        self.local = {key: (wx - self.minx, self.maxy - wy) for key, (wx, wy) in tile.cells.items()}
        self.by_world = {w: key for key, w in tile.cells.items()}
        ncx = max(c[0] for c in self.local.values()) + 1
        ncy = max(c[1] for c in self.local.values()) + 1
        self.art = TileArt(ncx * pw + 1, ncy * ph + 1)
        self.grid = Grid(self.art.width, self.art.height)
        self.portals: dict[int, Cell] = {}
        self.trunks: dict[str, set[Cell]] = {}
        self.ends: set[Cell] = set()
        self.doorsteps: set[Cell] = set()      # the cell inside each port: never an icon there
        self.crowd: set[Cell] = set()

    # -- the frame -------------------------------------------------------------------------
    def border(self) -> None:
        occupied = set(self.local.values())
        pw, ph, bits = self.pw, self.ph, self.art.border
        for cx, cy in occupied:
            x0, y0 = cx * pw, cy * ph
            edges = []
            if (cx, cy - 1) not in occupied:
                edges.append(((x0, y0), (x0 + pw, y0)))
            if (cx, cy + 1) not in occupied:
                edges.append(((x0, y0 + ph), (x0 + pw, y0 + ph)))
            if (cx - 1, cy) not in occupied:
                edges.append(((x0, y0), (x0, y0 + ph)))
            if (cx + 1, cy) not in occupied:
                edges.append(((x0 + pw, y0), (x0 + pw, y0 + ph)))
            for (ax, ay), (bx, by) in edges:
                if ay == by:
                    for x in range(ax, bx + 1):
                        bits[(x, ay)] = bits.get((x, ay), 0) | (E if x < bx else 0) | (W if x > ax else 0)
                else:
                    for y in range(ay, by + 1):
                        bits[(ax, y)] = bits.get((ax, y), 0) | (S if y < by else 0) | (N if y > ay else 0)
        self.grid.blocked.update(bits)

    def zone(self, key: str, col: int, row: int) -> tuple[int, int, int, int]:
        cx, cy = self.local[key]
        xs = ((1, self.p1 - 1), (self.p1 + 1, self.p2 - 1), (self.p2 + 1, self.pw - 1))[col]
        ys = ((1, self.q1 - 1), (self.q1 + 1, self.q2 - 1), (self.q2 + 1, self.ph - 1))[row]
        x0, y0 = cx * self.pw + xs[0], cy * self.ph + ys[0]
        return x0, y0, max(1, xs[1] - xs[0] + 1), max(1, ys[1] - ys[0] + 1)

    def boxes(self) -> None:
        """A room's box is as wide as what it shows (its name on large cells, its glyphs with
        room for pawns on compact ones), centred in its zone; the rest of the zone is free
        for lines."""
        for room in self.tile.rooms:
            zx, zy, zw, zh = self.zone(room.cell_key, room.col, room.row)
            glyphs = sum(len(s.glyph) for s in room.features)
            want = max(len(room.label), glyphs + 4) if zh >= 2 else max(1, glyphs) + 2
            w = max(1, min(zw, want))
            h = min(zh, 2)
            box = (zx + (zw - w) // 2, zy + (zh - h) // 2, w, h)
            self.art.boxes[room.id] = box
            x, y, w, h = box
            self.grid.blocked.update((x + i, y + j) for i in range(w) for j in range(h))
        self.crowd = self.grid.blocked.copy()

    def port(self, end: EndItem) -> tuple[Cell, int] | None:
        key = self.by_world.get(end.cell)
        if key is None or end.side not in _PORT_DIRS or (end.at is None and end.idx not in (1, 2)):
            return None
        cx, cy = self.local[key]
        pw, ph, p1, p2, q1, q2 = self.pw, self.ph, self.p1, self.p2, self.q1, self.q2
        if end.at is not None:         # a slot tile's named port: its place along the side
            along_x = min(pw - 1, max(1, int(end.at * pw + 0.5)))
            along_y = min(ph - 1, max(1, int(end.at * ph + 0.5)))
            cell = {"n": (cx * pw + along_x, cy * ph), "s": (cx * pw + along_x, (cy + 1) * ph),
                    "e": ((cx + 1) * pw, cy * ph + along_y), "w": (cx * pw, cy * ph + along_y)}[end.side]
        else:
            first = end.idx == 1
            cell = {"n": (cx * pw + (p1 if first else p2), cy * ph),
                    "s": (cx * pw + (p2 if first else p1), (cy + 1) * ph),
                    "e": ((cx + 1) * pw, cy * ph + (q1 if first else q2)),
                    "w": (cx * pw, cy * ph + (q2 if first else q1))}[end.side]
        self.art.ports[(key, end.side, end.idx)] = cell
        dx, dy = DIRS[_PORT_DIRS[end.side]]
        self.doorsteps.add((cell[0] - dx, cell[1] - dy))
        return cell, _PORT_DIRS[end.side]

    # -- ends of tunnels -------------------------------------------------------------------
    def around(self, box: tuple[int, int, int, int]) -> tuple[list[Attach], dict[Cell, int]]:
        """Where a line may end at a box, and what ending there costs: beside its first row
        (free), beside its second row or over and under its middle (a little more)."""
        x, y, w, h = box
        out: dict[Cell, tuple[int, int]] = {}
        out[(x - 1, y)] = (E, 0)
        out[(x + w, y)] = (W, 0)
        for j in range(1, h):
            out[(x - 1, y + j)] = (E, 2)
            out[(x + w, y + j)] = (W, 2)
        mid = x + w // 2
        for i in {mid - 1, mid, mid + (1 if w % 2 else 0)}:
            if x <= i < x + w:
                out.setdefault((i, y - 1), (S, 1))
                out.setdefault((i, y + h), (N, 1))
        ok = {c: v for c, v in out.items() if self.grid.inside(c) and c not in self.grid.blocked}
        return [(c, d) for c, (d, _) in ok.items()], {c: cost for c, (_, cost) in ok.items()}

    def place_portal(self, t: int, room: str | None) -> None:
        box = self.art.boxes.get(room) if room else None
        used = {(b[0], b[1]) for b in self.art.boxes.values()}
        spots: list[Cell] = []
        keys = [r.cell_key for r in self.tile.rooms if r.id == room] or list(self.local)
        for key in keys:
            for col in range(3):
                for row in range(3):
                    z = self.zone(key, col, row)
                    if (z[0], z[1]) not in used:
                        spots.append((z[0] + z[2] // 2, z[1] + z[3] // 2))
        free = [c for c in spots if c not in self.grid.blocked and c not in self.portals.values()
                and c not in self.doorsteps]
        if not free:
            free = [(x, y) for x in range(1, self.art.width - 1) for y in range(1, self.art.height - 1)
                    if (x, y) not in self.grid.blocked and (x, y) not in self.doorsteps]
        if not free:
            return
        cx, cy = (box[0] + box[2] / 2, box[1] + box[3] / 2) if box else (self.art.width / 2, self.art.height / 2)
        cell = min(free, key=lambda c: (abs(c[0] - cx) + abs(c[1] - cy) * 2, c))
        self.portals[t] = cell
        self.grid.blocked.add(cell)
        self.art.glyphs[cell] = ("portal", t)

    def terminal(self, t: int, end: EndItem) -> tuple[list[Attach], Cell, dict[Cell, int]] | None:
        """Where a tunnel's end may be joined, the end's centre, and extra costs of joining."""
        if end.kind == "room":
            box = self.art.boxes.get(end.room)
            if box is None:
                return None
            cells, costs = self.around(box)
            return cells, (box[0] + box[2] // 2, box[1]), costs
        if end.kind == "port":
            found = self.port(end)
            if found is None:
                return None
            cell, out = found
            return [(cell, out)], cell, {}
        portal = self.portals.get(t)
        if portal is None:
            return None
        cells, costs = self.around((portal[0], portal[1], 1, 1))
        return cells, portal, {}

    # -- tunnels ---------------------------------------------------------------------------
    def branches(self, room: str) -> list[Attach]:
        """Cells of a room's trunk a new line may branch from (a free side, a free cell there)."""
        out: list[Attach] = []
        for cell in self.trunks.get(room, ()):
            bits = self.grid.lines.get(cell, 0)
            for d, (dx, dy) in DIRS.items():
                nxt = (cell[0] + dx, cell[1] + dy)
                if not bits & d and self.grid.inside(nxt) and nxt not in self.grid.blocked \
                        and nxt not in self.grid.lines:
                    out.append((cell, 0))
                    break
        return out

    def tunnels(self, first: tuple[int, ...] = ()) -> None:
        """Route every tunnel, those in ``first`` first, then the shortest first. A line from
        a room to a port or portal may branch off another such line of the same room before
        any icon (a trunk): the junction then reads "from this room, either way"."""
        tunnels = self.tile.tunnels
        for t in tunnels:                  # the ports first: their doorsteps stay free
            for end in (t.a, t.b):
                if end.kind == "port":
                    self.port(end)
        for t in tunnels:
            if "portal" in (t.a.kind, t.b.kind):
                other = t.b if t.a.kind == "portal" else t.a
                self.place_portal(t.index, other.room if other.kind == "room" else None)
        jobs = []
        for t in tunnels:
            ta, tb = self.terminal(t.index, t.a), self.terminal(t.index, t.b)
            if ta is None or tb is None:
                self.art.unrouted.append(t.index)
                continue
            dist = abs(ta[1][0] - tb[1][0]) + abs(ta[1][1] - tb[1][1])
            jobs.append((dist, t.index, t))
        jobs.sort(key=lambda j: (j[1] not in first, j[0], j[1]))
        for *_, t in jobs:
            self.route_one(t)

    def route_one(self, t: TunnelItem) -> None:
        """Route one tunnel, draw it, place its icons, grow its room's trunk."""
        start, goal = self.terminal(t.index, t.a), self.terminal(t.index, t.b)   # again: earlier lines took cells
        assert start is not None and goal is not None   # a tunnel routed has both ends on the tile (see draw)
        starts, _, start_cost = start
        goals, _, goal_cost = goal
        rooms = [e.room for e in (t.a, t.b) if e.kind == "room"]
        trunk_room = rooms[0] if len(rooms) == 1 else None
        if trunk_room == t.a.room:
            starts = starts + self.branches(trunk_room)
        elif trunk_room is not None:
            goals = goals + self.branches(trunk_room)
        path = route(self.grid, starts, goals, start_cost=start_cost, goal_cost=goal_cost, crowd=self.crowd,
                     no_cross=self.ends) or route(self.grid, starts, goals, relaxed=True)
        if path is None:
            self.art.unrouted.append(t.index)
            return
        start_dir, end_dir = dict(starts)[path[0]], dict(goals)[path[-1]]
        before = set(self.grid.lines)
        bridges = {c: step_dir(path[i - 1], c) for i, c in enumerate(path)
                   if c in before and 0 < i < len(path) - 1}
        self.grid.draw(path, start_dir, end_dir)
        for c in path:
            self.art.lines[c] = (self.grid.lines[c], t.index)
            self.crowd.add(c)
        for c, d in bridges.items():
            self.art.bridges[c] = "│" if d in (N, S) else "─"
        for c in (path[0], path[-1]):      # no line crosses where another one ends
            if c not in self.grid.blocked and c not in self.trunks.get(trunk_room or "", ()):
                self.ends.add(c)
        if t.a.kind == "room" and start_dir:
            self.art.attach.append((path[0], start_dir, t.a.room))
        if t.b.kind == "room" and end_dir:
            self.art.attach.append((path[-1], end_dir, t.b.room))
        self.art.routed[t.index] = path
        self.icons(t, path, set(bridges) | ({path[0]} if not start_dir else set()) |
                   ({path[-1]} if not end_dir else set()))
        if trunk_room is not None:
            cells = path if trunk_room == t.a.room else path[::-1]
            trunk = self.trunks.setdefault(trunk_room, set())
            for c in cells:
                if c in self.grid.blocked:         # an icon, an arrow, a port: the trunk ends
                    break
                if c not in bridges:
                    trunk.add(c)

    def icons(self, t: TunnelItem, path: list[Cell], crossing: set[Cell]) -> None:
        """Give each icon (and the one-way arrow) a cell: on the line, toward its middle, not
        beside a room's text ("F" beside "Nave" would read "FNave"), not at a port's doorstep;
        a line too short for them gets them beside it."""
        wanted: list[tuple] = [("icon", t.index, k) for k in range(len(t.icons))]
        if t.one_way:
            wanted.append(("arrow", t.index, ""))
        if not wanted:
            return
        blocked = self.grid.blocked
        k = len(wanted)
        order = [i for i, c in enumerate(path)
                 if c not in blocked and c not in crossing and c not in self.doorsteps and not self.beside_box(c)]
        start = max(0, min(len(order) - k, len(order) // 2 - k // 2))
        cells: list[tuple[Cell, int]] = []
        for i in order[start:start + k]:
            prev = path[i - 1] if i > 0 else None
            nxt = path[i + 1] if i + 1 < len(path) else None
            d = _step(prev, path[i]) if prev else _step(path[i], nxt) if nxt else E
            cells.append((path[i], d))
        mid = path[len(path) // 2]
        d = _step(path[0], path[-1]) if len(path) > 1 else E
        spare = sorted({(c[0] + dx, c[1] + dy) for c in path for dx, dy in DIRS.values()},
                       key=lambda c: (abs(c[0] - mid[0]) + abs(c[1] - mid[1]), c))
        for c in spare:               # too short a line: beside it, nearest its middle
            if len(cells) >= k:
                break
            if self.grid.inside(c) and c not in blocked and c not in self.grid.lines and \
                    c not in self.doorsteps and not self.beside_box(c) and c not in (x for x, _ in cells):
                cells.append((c, d))
        if len(cells) < k:            # nothing better: on the line wherever it is free
            for c in path:
                if len(cells) < k and c not in blocked and c not in crossing and c not in (x for x, _ in cells):
                    cells.append((c, d))
        for (cell, d), what in zip(cells, wanted, strict=False):
            self.art.glyphs[cell] = ("arrow", t.index, ARROWS[d]) if what[0] == "arrow" else what
            blocked.add(cell)

    def beside_box(self, cell: Cell) -> bool:
        """Whether a cell touches a room's box on its row (left or right of its text)."""
        x, y = cell
        for bx, by, bw, bh in self.art.boxes.values():
            if by <= y < by + bh and (x == bx - 1 or x == bx + bw):
                return True
        return False

    def title(self) -> None:
        best = (0, 0)
        run_start, run = 0, 0
        for x in range(1, self.art.width - 1):
            if self.art.border.get((x, 0)) == E | W and (x, 0) not in self.grid.lines:
                if run == 0:
                    run_start = x
                run += 1
                if run > best[1]:
                    best = (run_start, run)
            else:
                run = 0
        self.art.title = best


def _step(a: Cell, b: Cell | None) -> int:
    if b is None:
        return E
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) >= abs(dy):
        return E if dx > 0 else W
    return S if dy > 0 else N


def build_art(tile: TileItem, pw: int, ph: int) -> TileArt:
    """Draw a tile at a size (uncached). Tunnels are routed shortest first; when one finds no
    way through, the drawing starts again with the ones that failed routed first."""
    first: tuple[int, ...] = ()
    best: TileArt | None = None
    for _ in range(4):
        b = _Builder(tile, pw, ph)
        b.border()
        b.boxes()
        b.tunnels(first)
        b.title()
        if best is None or len(b.art.unrouted) < len(best.unrouted):
            best = b.art
        if not b.art.unrouted:
            break
        first = (*b.art.unrouted, *first)
    assert best is not None
    return best


_CACHE: dict[tuple, TileArt] = {}
_CACHE_SIZE = 1024


def tile_art(tile: TileItem, pw: int, ph: int) -> TileArt:
    """A tile's drawing at a size, computed once per tile, turn and size (what placement fixes:
    the tile's own data, its turn and the cell size) and kept for later redraws."""
    key = (tile.id, tile.rot, pw, ph)
    art = _CACHE.get(key)
    if art is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        art = _CACHE[key] = build_art(tile, pw, ph)
    return art


__all__ = ["ARROWS", "TileArt", "build_art", "split", "tile_art"]
