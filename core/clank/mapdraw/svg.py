"""The map as SVG: the same tiles, rooms, tunnels, icons, arrows, portals, open edges and pawns
as the terminal drawing, at drawing-board scale, with a legend. Lines are straight (bent when
they would pass under another room of their tile); every icon of a tunnel sits on its line.

A drawing is a tree of keyed elements (:mod:`clank.mapdraw.markup`), an :class:`SvgScene`:
five layers (``tiles``, ``lines``, ``rooms``, ``marks``, ``titles``), each holding a group per
region placed by one ``transform``, each group holding elements keyed by what they draw
(``t:TILE``, ``l:TILE``, ``m:TILE``, ``r:ROOM``, ``e:X,Y:SIDE:N``, ``n:TILE`` a tile's title) in
the region's own coordinates, which never move; the titles are drawn last, over the tunnels'
marks, with a halo, and a map of several regions has each region's name above it (``h:REGION``): a tile laid adds its elements, a pawn that moves changes two
rooms, a region that grows changes its groups' ``transform`` and the drawing's size. A viewer
that shows one drawing after another (the web table) replaces only the elements that changed;
:meth:`SvgScene.document` writes the whole standalone document.

Each element's text is kept by what it shows (``functools.lru_cache``): an unchanged room,
tile or tunnel is never written twice, and the bends of a tile's tunnels (most of a drawing's
work) are found once per tile, place and turn."""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import chain
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from clank.mapdraw.layout import Sheet, arrange, port_fraction, region_boxes
from clank.mapdraw.markup import Leaf, Node, key_attr
from clank.mapdraw.memo import MapMemo
from clank.mapdraw.model import (
    POSITIONS,
    EndItem,
    Layout,
    MapModel,
    OpenEdge,
    Pawn,
    RoomItem,
    TileItem,
    seat_faces,
)
from clank.mapdraw.names import fit
from clank.mapdraw.symbols import (
    CLOSED,
    ONE_WAY_SYMBOL,
    PLAYER_HEX,
    PORTAL,
    UNEXPLORED,
    svg_colour,
)
from clank.registry import Symbol

CELL = 210
"""Pixels per grid cell."""
MARGIN = 36
HEAD = 72
LEGEND_W = 470
LEGEND_CHARS = 60
"""Characters of a legend line (a longer meaning goes on to the next line, never cut)."""
REGION_HEAD = 22
"""Pixels more above the map for the regions' names, when it has several."""
PAWN_ROW = 14
"""Pixels below a room box where its pawns stand."""
PAGE_RATIO = 1.4
"""The width to height of the page a drawing of several regions is arranged for (landscape)."""
ROOM_W, ROOM_H = 66, 38
INSET = (0.2, 0.5, 0.8)
"""Where the three columns (rows) of room positions sit across a cell."""
FONT = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Arial, sans-serif"
TILE_FILL, TILE_STROKE, LINE = "#f3ead7", "#8c7a5b", "#4a4036"
SVG_NS = "http://www.w3.org/2000/svg"
LAYERS = ("tiles", "lines", "rooms", "marks", "titles")
CACHE = 16384
"""Elements kept by what they show (a server draws many games at once)."""

Point = tuple[float, float]
Note = tuple[str, str, str, str]
"""A legend entry an element uses: glyph, kind (``text``, ``icon``, ``arrow``), style, meaning."""
RoomPlace = tuple[str, tuple[int, int], int, int]
"""A room's id, world cell and 3×3 position (what places its box)."""
TunnelEnds = tuple[int, EndItem, EndItem]
"""A tunnel's index and ends."""


@dataclass(frozen=True, slots=True)
class Drawn:
    """One element as drawn, and the legend entries it uses."""

    leaf: Leaf
    notes: tuple[Note, ...] = ()


def _note(sym: Symbol, kind: str = "text") -> Note:
    return sym.glyph, kind, sym.style, sym.meaning


# -- where things lie, in a region's own coordinates (a cell (x, y) spans x*CELL .. (x+1)*CELL
#    across and -y*CELL .. (1-y)*CELL down: y grows northward) ---------------------------------
def cell_xy(cell: tuple[int, int]) -> Point:
    """The top-left corner of a world cell."""
    return cell[0] * CELL, -cell[1] * CELL


def anchor(cell: tuple[int, int], col: int, row: int) -> Point:
    """A room's centre: its 3×3 position, drawn a little inward so the tile's name fits."""
    x, y = cell_xy(cell)
    return x + INSET[col] * CELL, y + INSET[row] * CELL


def port_xy(end: EndItem | OpenEdge) -> Point:
    """Where a port lies on its cell."""
    x, y = cell_xy(end.cell)
    fx, fy = port_fraction(end.side, end.idx, end.at)
    return x + fx * CELL, y + fy * CELL


def _tile_box(cells: tuple[tuple[int, int], ...]) -> tuple[float, float, float, float]:
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    x0, y0 = cell_xy((min(xs), max(ys)))
    return x0, y0, (max(xs) - min(xs) + 1) * CELL, (max(ys) - min(ys) + 1) * CELL


@dataclass(frozen=True, slots=True)
class TileGeometry:
    """Where a tile's tunnels run: each tunnel's ends, bend (None: straight) and the share of
    its line hidden under its end rooms, and where its portals are drawn."""

    paths: dict[int, tuple[Point, Point, Point | None, float, float]]
    portals: dict[int, Point]


@lru_cache(maxsize=CACHE)
def tile_geometry(layout: Layout) -> TileGeometry:
    """The lines of a tile placed as ``layout`` says. Kept by the layout, and worked out where
    the tile's north-west cell is the origin (the bends are most of a drawing's work, and the
    same for a tile turned the same way wherever it lies, in every game)."""
    ox = min(c[0] for c in layout.cells)
    oy = max(c[1] for c in layout.cells)

    def shift(cell: tuple[int, int]) -> tuple[int, int]:
        return cell[0] - ox, cell[1] - oy

    local = _local_geometry(tuple(shift(c) for c in layout.cells),
                            tuple((rid, shift(cell), col, row) for rid, cell, col, row in layout.rooms),
                            tuple((i, *(replace(e, cell=shift(e.cell)) if e.kind == "port" else e for e in (a, b)))
                                  for i, a, b in layout.ends))
    dx, dy = cell_xy((ox, oy))

    def move(point: Point) -> Point:
        return point[0] + dx, point[1] + dy

    return TileGeometry({i: (move(a), move(b), move(c) if c is not None else None, lo, hi)
                         for i, (a, b, c, lo, hi) in local.paths.items()},
                        {i: move(point) for i, point in local.portals.items()})


@lru_cache(maxsize=CACHE)
def _local_geometry(cells: tuple[tuple[int, int], ...], rooms: tuple[RoomPlace, ...],
                    tunnels: tuple[TunnelEnds, ...]) -> TileGeometry:
    anchors = {rid: anchor(cell, col, row) for rid, cell, col, row in rooms}
    boxes: dict[str, tuple[float, float, float, float]] = {
        rid: (ax - ROOM_W / 2, ay - ROOM_H / 2, ROOM_W, ROOM_H) for rid, (ax, ay) in anchors.items()}
    portals = _place_portals(cells, rooms, tunnels, anchors)
    box = _tile_box(cells)
    paths = {}
    for index, a_end, b_end in tunnels:
        a, b = (_end_point(e, anchors, portals, index) for e in (a_end, b_end))
        skip = {e.room for e in (a_end, b_end) if e.kind == "room"}
        ctrl = _bend(a, b, [bx for rid, bx in boxes.items() if rid not in skip], box)
        lo = _leave(a, b, ctrl, a_end, boxes)
        hi = 1 - _leave(b, a, ctrl, b_end, boxes)
        paths[index] = (a, b, ctrl, lo, hi)
    return TileGeometry(paths, portals)


def _end_point(end: EndItem, anchors: dict[str, Point], portals: dict[int, Point], index: int) -> Point:
    if end.kind == "room":
        return anchors[end.room]
    if end.kind == "port":
        return port_xy(end)
    return portals[index]


def _place_portals(cells: tuple[tuple[int, int], ...], rooms: tuple[RoomPlace, ...],
                   tunnels: tuple[TunnelEnds, ...], anchors: dict[str, Point]) -> dict[int, Point]:
    """Each portal of a tile goes between its room and the nearest free room position."""
    by_id = {r[0]: r for r in rooms}
    spots: dict[tuple[int, int], set[tuple[int, int]]] = {}
    out: dict[int, Point] = {}
    for index, a, b in tunnels:
        if "portal" not in (a.kind, b.kind):
            continue
        other = b if a.kind == "portal" else a
        room = by_id.get(other.room) if other.kind == "room" else None
        cell = room[1] if room else cells[0]
        taken = spots.setdefault(cell, {(r[2], r[3]) for r in rooms if r[1] == cell})
        here = (room[2], room[3]) if room else (1, 1)
        free = [p for p in POSITIONS.values() if p not in taken] or [here]
        spot = min(free, key=lambda p: (abs(p[0] - here[0]) + abs(p[1] - here[1]), p))
        taken.add(spot)
        x, y = cell_xy(cell)
        px, py = x + INSET[spot[0]] * CELL, y + INSET[spot[1]] * CELL
        if room is not None:     # nearer the room than the free place
            ax, ay = anchors[room[0]]
            px, py = ax + (px - ax) * 0.7, ay + (py - ay) * 0.7
        out[index] = (px, py)
    return out


def _bend(a: Point, b: Point, others: list[tuple[float, float, float, float]],
          box: tuple[float, float, float, float]) -> Point | None:
    """A control point that takes a line around the rooms it would pass under, or None; the
    bent line stays on its tile."""
    tx, ty, tw, th = box

    def clear(ctrl: Point | None) -> bool:
        for i in range(1, 20):
            x, y = _at(a, b, ctrl, i / 20)
            if ctrl is not None and not (tx + 4 <= x <= tx + tw - 4 and ty + 4 <= y <= ty + th - 4):
                return False
            for bx, by, bw, bh in others:
                if bx - 4 <= x <= bx + bw + 4 and by - 4 <= y <= by + bh + 4:
                    return False
        return True

    if clear(None):
        return None
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1
    nx, ny = -dy / length, dx / length
    for amount in (0.15, 0.25, 0.4, 0.55, 0.7):
        for sign in (1, -1):
            ctrl = (mx + sign * nx * CELL * amount, my + sign * ny * CELL * amount)
            if clear(ctrl):
                return ctrl
    return (mx + nx * CELL * 0.3, my + ny * CELL * 0.3)


def _leave(a: Point, b: Point, ctrl: Point | None, end: EndItem,
           boxes: dict[str, tuple[float, float, float, float]]) -> float:
    """The fraction of the line (from ``a``) hidden under the room box at ``a``, and under
    the row of pawns below it (no icon sits on a pawn)."""
    if end.kind != "room":
        return 0.05
    bx, by, bw, bh = boxes[end.room]
    bh += PAWN_ROW
    for i in range(1, 40):
        x, y = _at(a, b, ctrl, i / 40)
        if not (bx <= x <= bx + bw and by <= y <= by + bh):
            return i / 40
    return 0.5


# -- the elements ----------------------------------------------------------------------------
@lru_cache(maxsize=CACHE)
def tile_element(tile: str, name: str, cells: tuple[tuple[int, int], ...], preview: bool) -> Drawn:
    """A tile's background (its name is drawn apart: :func:`title_element`)."""
    x0, y0, w, h = _tile_box(cells)
    stroke = svg_colour("preview") if preview else TILE_STROKE
    dash = ' stroke-dasharray="10 6"' if preview else ""
    flag = ' data-preview="true"' if preview else ""
    return Drawn(Leaf(f"t:{tile}", f'<g{key_attr("t:" + tile)} class="tile" data-tile={quoteattr(tile)} '
                                    f'data-name={quoteattr(name)}{flag}>'
                                    f'<rect x="{x0 + 2}" y="{y0 + 2}" width="{w - 4}" height="{h - 4}" rx="8" '
                                    f'fill="{TILE_FILL}" stroke="{stroke}" stroke-width="3"{dash}/></g>'))


@lru_cache(maxsize=CACHE)
def title_element(tile: str, name: str, cells: tuple[tuple[int, int], ...], preview: bool,
                  notes: tuple[Symbol, ...]) -> Drawn:
    """A tile's name (and notes), drawn above the tunnels' marks with a halo of the tile's
    colour, so that no icon hides it."""
    x0, y0, _, _ = _tile_box(cells)
    shown = ("new: " if preview else "") + name
    spans = "".join(f'<tspan fill="{svg_colour(s.style)}">{escape(s.glyph)} </tspan>' for s in notes)
    key = f"n:{tile}"
    return Drawn(Leaf(key, f'<text{key_attr(key)} class="tile-title" data-tile={quoteattr(tile)} x="{x0 + 10}" '
                           f'y="{y0 + 18}" font-size="12" font-style="italic" fill="#6b5a3e" stroke="{TILE_FILL}" '
                           f'stroke-width="4" paint-order="stroke" stroke-linejoin="round">'
                           f'{spans}{escape(shown)}</text>'),
                 tuple(_note(s) for s in notes))


Icons = tuple[tuple[str, Symbol, bool], ...]
Tunnel = tuple[int, EndItem, EndItem, Icons, bool]
"""A tunnel as drawn: index, ends, icons (name, glyph, covered), one-way."""


@lru_cache(maxsize=CACHE)
def tunnel_elements(tile: str, layout: Layout, icon_sets: tuple[Icons, ...],
                    one_ways: tuple[bool, ...]) -> tuple[Drawn, Drawn]:
    """A tile's tunnel lines (``l:TILE``) and what sits on them (``m:TILE``: icons, one-way
    arrows, portals), its tunnels' icons and one-way flags in the order of ``layout.ends``."""
    geo = tile_geometry(layout)
    tunnels = [(i, a, b, icon_sets[k], one_ways[k]) for k, (i, a, b) in enumerate(layout.ends)]
    lines: list[str] = []
    marks: list[str] = []
    notes: list[Note] = []
    tid = quoteattr(tile)
    for index, a_end, b_end, icons, one_way in tunnels:
        a, b, ctrl, lo, hi = geo.paths[index]
        path = f"M{a[0]:.1f},{a[1]:.1f} " + (f"Q{ctrl[0]:.1f},{ctrl[1]:.1f} " if ctrl else "L") + \
            f"{b[0]:.1f},{b[1]:.1f}"
        words = ", ".join(name + (" (covered)" if covered else "") for name, _, covered in icons)
        lines.append(f'<path class="tunnel" data-tile={tid} data-tunnel="{index}" data-icons={quoteattr(words)} '
                     f'data-one-way="{str(one_way).lower()}" d="{path}" fill="none" stroke="{LINE}" '
                     f'stroke-width="3" stroke-linecap="round"/>')
        n = len(icons) + (1 if one_way else 0)
        for k in range(n):
            f = lo + (hi - lo) * (k + 1) / (n + 1)
            px, py = _at(a, b, ctrl, f)
            if k < len(icons):
                name, sym, covered = icons[k]
                colour = svg_colour("muted" if covered else sym.style)
                notes.append(_note(sym, "icon"))
                slash = (f'<line x1="{px - 7:.1f}" y1="{py + 7:.1f}" x2="{px + 7:.1f}" y2="{py - 7:.1f}" '
                         f'stroke="#fff" stroke-width="2"/>') if covered else ""
                marks.append(f'<g class="icon" data-icon={quoteattr(name)} data-tile={tid} data-tunnel="{index}" '
                             f'data-covered="{str(covered).lower()}"><title>{escape(sym.meaning)}</title>'
                             f'<circle cx="{px:.1f}" cy="{py:.1f}" r="9" fill="{colour}" stroke="#fff" '
                             f'stroke-width="1.5"/><text x="{px:.1f}" y="{py + 4:.1f}" font-size="11" '
                             f'font-weight="bold" text-anchor="middle" fill="#fff">{escape(sym.glyph)}</text>'
                             f'{slash}</g>')
            else:
                ux, uy = _tangent(a, b, ctrl, f)
                notes.append(_note(ONE_WAY_SYMBOL, "arrow"))
                marks.append(f'<g class="one-way" data-tile={tid} data-tunnel="{index}">'
                             f'<title>{escape(ONE_WAY_SYMBOL.meaning)}</title>'
                             f'<polygon points="{_arrow(px, py, ux, uy)}" fill="#222"/></g>')
        for end in (a_end, b_end):
            if end.kind == "portal":
                px, py = geo.portals[index]
                notes.append(_note(PORTAL))
                colour = svg_colour(PORTAL.style)
                marks.append(f'<g class="portal" data-tile={tid}><title>{escape(PORTAL.meaning)}</title>'
                             f'<circle cx="{px:.1f}" cy="{py:.1f}" r="11" fill="#fffaf0" stroke="{colour}" '
                             f'stroke-width="3"/><circle cx="{px:.1f}" cy="{py:.1f}" r="4" fill="{colour}"/></g>')
    return (Drawn(Leaf(f"l:{tile}", f'<g{key_attr("l:" + tile)} class="lines">{"".join(lines)}</g>')),
            Drawn(Leaf(f"m:{tile}", f'<g{key_attr("m:" + tile)} class="marks">{"".join(marks)}</g>'),
                  tuple(notes)))


@lru_cache(maxsize=CACHE)
def room_element(rid: str, label: str, full: str, place: tuple[tuple[int, int], int, int],
                 glyphs: tuple[Symbol, ...], pawns: tuple[Pawn, ...], highlighted: bool, key: str,
                 exit_: bool) -> Drawn:
    """A room: its box, short name, glyphs (features, what lies there, pieces) and pawns."""
    ax, ay = anchor(*place)
    x, y, w, h = ax - ROOM_W / 2, ay - ROOM_H / 2, ROOM_W, ROOM_H
    stroke = svg_colour("preview") if highlighted else svg_colour("exit") if exit_ else "#6b5a3e"
    width = 3 if highlighted or exit_ else 1.2
    spans = " ".join(f'<tspan fill="{svg_colour(s.style)}">{escape(s.glyph)}</tspan>' for s in glyphs)
    prefix = f"{key}: " if key else ""
    kind = "room reachable" if highlighted else "room"
    out = [f'<g{key_attr("r:" + rid)} class="{kind}" data-room={quoteattr(rid)} data-label={quoteattr(full)}>'
           f'<title>{escape(full)}</title>'
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="6" fill="#fffaf0" '
           f'stroke="{stroke}" stroke-width="{width}"/>'
           f'<text x="{x + w / 2:.1f}" y="{y + 14:.1f}" font-size="10" font-weight="bold" '
           f'text-anchor="middle" fill="#2b2118">{escape(prefix + fit(label, 12))}</text>'
           f'<text x="{x + w / 2:.1f}" y="{y + 30:.1f}" font-size="13" text-anchor="middle">{spans}</text>']
    for k, pawn in enumerate(pawns):
        cx, cy = x + 9 + k * 16, y + h + 4
        colour = PLAYER_HEX[pawn.seat % len(PLAYER_HEX)]
        ko = ' opacity="0.55"' if pawn.knocked_out else ""
        out.append(f'<g class="pawn" data-seat="{pawn.seat}" data-player={quoteattr(pawn.name)}{ko}>'
                   f'<title>{escape(pawn.name)}{" (knocked out)" if pawn.knocked_out else ""}</title>'
                   f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="8" fill="{colour}" stroke="#222" stroke-width="1"/>'
                   f'<text x="{cx:.1f}" y="{cy + 4:.1f}" font-size="10" font-weight="bold" text-anchor="middle" '
                   f'fill="#fff">{pawn.seat + 1}</text>'
                   + (f'<line x1="{cx - 7:.1f}" y1="{cy - 7:.1f}" x2="{cx + 7:.1f}" y2="{cy + 7:.1f}" '
                      f'stroke="#222" stroke-width="2"/>' if pawn.knocked_out else "") + "</g>")
    out.append("</g>")
    return Drawn(Leaf(f"r:{rid}", "".join(out)), tuple(_note(s) for s in glyphs))


def _room_drawn(room: RoomItem) -> Drawn:
    return room_element(room.id, room.label, room.full, (room.cell, room.col, room.row),
                        (*room.features, *room.contents, *room.pieces), tuple(room.pawns), room.highlighted,
                        room.key, room.exit)


@lru_cache(maxsize=CACHE)
def edge_element(edge: OpenEdge) -> Drawn:
    """A port leading to unexplored dungeon (or, with no tile left, nowhere)."""
    px, py = port_xy(edge)
    dx, dy = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}[edge.side]
    cx, cy = px + dx * 14, py + dy * 14
    sym = UNEXPLORED if edge.discoverable else CLOSED
    colour = svg_colour(sym.style)
    key = f"e:{edge.cell[0]},{edge.cell[1]}:{edge.side}:{edge.idx}"
    return Drawn(Leaf(key, f'<g{key_attr(key)} class="open-edge" data-side="{edge.side}"><title>'
                           f'{escape(sym.meaning)}</title><line x1="{px:.1f}" y1="{py:.1f}" x2="{cx:.1f}" '
                           f'y2="{cy:.1f}" stroke="{LINE}" stroke-width="3" stroke-dasharray="3 3"/>'
                           f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" fill="#fffaf0" stroke="{colour}" '
                           f'stroke-width="2"/><text x="{cx:.1f}" y="{cy + 4:.1f}" font-size="12" '
                           f'font-weight="bold" text-anchor="middle" fill="{colour}">{escape(sym.glyph)}</text></g>'),
                 (_note(sym),))


def _tile_drawn(tile: TileItem) -> tuple[Drawn, Drawn, Drawn, Drawn]:
    layout = tile.layout or Layout(tuple(tile.cells.values()), tuple((r.id, r.cell, r.col, r.row) for r in tile.rooms),
                                   tuple((t.index, t.a, t.b) for t in tile.tunnels))
    icons = tuple(tuple((i.name, i.symbol, i.covered) for i in t.icons) for t in tile.tunnels)
    lines, marks = tunnel_elements(tile.id, layout, icons, tuple(t.one_way for t in tile.tunnels))
    return (tile_element(tile.id, tile.name, layout.cells, tile.preview), lines, marks,
            title_element(tile.id, tile.name, layout.cells, tile.preview, tuple(tile.notes)))


@lru_cache(maxsize=CACHE)
def text_leaf(key: str, tag: str, attrs: str, text: str) -> Leaf:
    """A small element holding text (the title, the heading)."""
    return Leaf(key, f"<{tag}{key_attr(key)}{attrs}>{escape(text)}</{tag}>")


Entry = tuple[str, str, str]
"""A legend entry: its key (``p0`` a player's pawn, ``g:GLYPH`` a glyph), its mark (SVG elements
in a 20×20 box) and its words."""


@lru_cache(maxsize=CACHE)
def legend_entry(key: str, mark: tuple[str, ...], words: str) -> Entry:
    """One legend entry; ``mark``: ``("pawn", seat)``, or a note's kind, style and glyph."""
    if mark[0] == "pawn":
        seat = int(mark[1])
        colour = PLAYER_HEX[seat % len(PLAYER_HEX)]
        svg = (f'<circle cx="10" cy="10" r="8" fill="{colour}" stroke="#222"/><text x="10" y="14" font-size="10" '
               f'font-weight="bold" text-anchor="middle" fill="#fff">{seat + 1}</text>')
    else:
        kind, style, glyph = mark
        colour = svg_colour(style)
        if kind == "icon":
            svg = (f'<circle cx="10" cy="10" r="9" fill="{colour}"/><text x="10" y="14" font-size="11" '
                   f'font-weight="bold" text-anchor="middle" fill="#fff">{escape(glyph)}</text>')
        elif kind == "arrow":
            svg = f'<polygon points="{_arrow(10, 10, 1, 0)}" fill="#222"/>'
        elif len(glyph) > 2:       # a wide mark (≈ABCDE): from the left, the words start after it
            svg = f'<text x="0" y="15" font-size="14" fill="{colour}">{escape(glyph)}</text>'
        else:
            svg = f'<text x="10" y="15" font-size="14" text-anchor="middle" fill="{colour}">{escape(glyph)}</text>'
    return key, svg, words


@lru_cache(maxsize=1024)
def legend_entries(players: tuple[tuple[int, str, str], ...], used: tuple[Note, ...]) -> tuple[Entry, ...]:
    """The legend: the pawn of each player, then each glyph the drawing uses."""
    out = []
    for seat, name, status in players:
        state = {"escaped": " (escaped)", "knocked_out": " (knocked out)"}.get(status, "")
        out.append(legend_entry(f"p{seat}", ("pawn", str(seat)), name + state))
    for glyph, kind, style, meaning in used:
        out.append(legend_entry(f"g:{glyph}", (kind, style, glyph), meaning))
    return tuple(out)


@lru_cache(maxsize=1024)
def legend_rows(entries: tuple[Entry, ...], top: int = HEAD) -> tuple[Leaf, int]:
    """The legend drawn as rows under its title from ``top`` down, and its height: a meaning
    longer than a line goes on to the next lines (never cut), the words after a wide mark
    (``≈ABCDE``) start after it."""
    rows = [f'<text x="0" y="{top + 12}" font-size="14" font-weight="bold" fill="#3b2f20">Legend</text>']
    y = top + 22
    for key, mark, words in entries:
        y += 22
        glyph = key[2:] if key.startswith("g:") else ""
        indent = 28 if len(glyph) <= 2 else 12 + 10 * len(glyph)
        lines = wrap_words(words, LEGEND_CHARS - (indent - 28) // 7)
        text = "".join(f'<tspan x="{indent}" dy="{0 if i == 0 else 15}">{escape(line)}</tspan>'
                       for i, line in enumerate(lines))
        rows.append(f'<g class="legend-entry" transform="translate(0 {y - 14})">{mark}<text x="{indent}" y="14" '
                    f'font-size="12" fill="#2b2118">{text}</text></g>')
        y += 15 * (len(lines) - 1)
    return Leaf("rows", f'<g{key_attr("rows")} class="legend">{"".join(rows)}</g>'), y - top + 10


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words (a longer word
    stands alone)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines or [""]


# -- the drawing -------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class SvgScene:
    """A map drawn as keyed elements: ``title``, the map's size (legend apart), its five
    ``layers`` (each a group per region, links among the lines, the regions' names among the
    titles) and the ``legend``'s entries (a viewer may show them its own way: the web table
    lists them beside the map); ``top``: where the map (and the legend) starts below the
    heading."""

    title: str
    width: int
    height: int
    layers: tuple[Node, ...]
    legend: tuple[Entry, ...]
    top: int = HEAD

    def head(self) -> tuple[Leaf, ...]:
        """The title, background and heading elements."""
        return (text_leaf("title", "title", "", self.title),
                Leaf("background", f'<rect{key_attr("background")} class="background" x="0" y="0" width="100%" '
                                   f'height="100%" fill="#fbf8f1"/>'),
                text_leaf("heading", "text", f' class="heading" x="{MARGIN}" y="28" font-size="18" '
                                             f'font-weight="bold" fill="#3b2f20"', self.title))

    def map_node(self) -> Node:
        """The map alone, an ``<svg>`` element keyed ``map`` (the web table lists its legend
        apart)."""
        return Node("map", "svg", (("xmlns", SVG_NS), ("class", "map"), ("width", str(self.width)),
                                   ("height", str(self.height)), ("viewBox", f"0 0 {self.width} {self.height}"),
                                   ("font-family", FONT)), (*self.head(), *self.layers))

    def document(self) -> str:
        """The standalone SVG document: the map with its legend beside it."""
        rows, legend_height = legend_rows(self.legend, self.top)
        width = self.width + LEGEND_W
        height = max(self.height, self.top + legend_height + MARGIN)
        legend = Node("legend", "g", (("id", "legend"), ("transform", f"translate({self.width} 0)")), (rows,))
        root = Node("map", "svg", (("xmlns", SVG_NS), ("width", str(width)), ("height", str(height)),
                                   ("viewBox", f"0 0 {width} {height}"), ("font-family", FONT)),
                    (*self.head(), *self.layers, legend))
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + root.markup() + "\n"


@dataclass(frozen=True, slots=True)
class TileDrawn:
    """A tile's elements in each layer, the legend entries its title, marks and rooms use, and
    those of each room."""

    back: Leaf
    lines: Leaf
    marks: Leaf
    title: Leaf
    rooms: tuple[Leaf, ...]
    notes: tuple[tuple[Note, ...], tuple[Note, ...], tuple[Note, ...]]
    room_notes: tuple[tuple[Note, ...], ...]


def _draw_tile(tile: TileItem, before: tuple[TileItem, TileDrawn] | None = None) -> TileDrawn:
    """A tile's elements; ``before``: an item of the same tile drawn before, and its drawing: when
    it lies alike with the same tunnels and notes (the model's very lists), only its rooms that
    are not the rooms before are drawn."""
    if before is not None:
        old, was = before
        if old.layout is tile.layout and old.tunnels is tile.tunnels and old.notes is tile.notes and \
                old.preview == tile.preview and old.name == tile.name and len(old.rooms) == len(tile.rooms):
            leaves, notes = list(was.rooms), list(was.room_notes)
            for k, (room, old_room) in enumerate(zip(tile.rooms, old.rooms, strict=True)):
                if room is not old_room:
                    drawn = _room_drawn(room)
                    leaves[k] = drawn.leaf
                    if drawn.notes != notes[k]:
                        notes[k] = drawn.notes
            if all(map(operator.is_, notes, was.room_notes)):     # what the rooms use is as it was
                return TileDrawn(was.back, was.lines, was.marks, was.title, tuple(leaves), was.notes, was.room_notes)
            return TileDrawn(was.back, was.lines, was.marks, was.title, tuple(leaves),
                             (was.notes[0], was.notes[1], tuple(n for room in notes for n in room)), tuple(notes))
    back, lines, marks, title = _tile_drawn(tile)
    rooms = tuple(_room_drawn(room) for room in tile.rooms)
    return TileDrawn(back.leaf, lines.leaf, marks.leaf, title.leaf, tuple(d.leaf for d in rooms),
                     (title.notes, marks.notes, tuple(n for d in rooms for n in d.notes)),
                     tuple(d.notes for d in rooms))


def scene(model: MapModel, view: Any, title: str | None = None, memo: MapMemo | None = None) -> SvgScene:
    """The drawing of a map model (``title`` heads it: default, the round and whose turn it is).
    With a memo, what the drawing before drew is reused: a tile item it drew (the same object)
    is not drawn again, and a region's group whose elements are the same is the same group."""
    keep = memo is not None and model is memo.model
    kept: dict[Any, Any] = memo.elements if memo is not None else {}
    tiles = sorted(model.tiles, key=lambda t: t.preview)
    sheet = page_sheet(model)
    top = HEAD + (REGION_HEAD if len(sheet.boxes) > 1 else 0)      # room for the regions' names
    offsets = {r: (MARGIN + (b.col0 - b.minx) * CELL, top + (b.row0 + b.maxy) * CELL) for r, b in sheet.boxes.items()}
    elements: dict[Any, Any] = {}
    leaves: dict[str, dict[str, list[Leaf]]] = {layer: {r: [] for r in model.regions} for layer in LAYERS}
    for tile in tiles:
        before = kept.get(("tile", tile.id))          # the item of this tile drawn last, and its drawing
        drawn = before[1] if before is not None and before[0] is tile else _draw_tile(tile, before)
        elements[("tile", tile.id)] = (tile, drawn)
        region = tile.region
        leaves["tiles"][region].append(drawn.back)
        leaves["lines"][region].append(drawn.lines)
        leaves["marks"][region].append(drawn.marks)
        leaves["titles"][region].append(drawn.title)
        leaves["rooms"][region].extend(drawn.rooms)
    edges = kept.get("edges")
    if edges is None or edges[0] is not model.open_edges:   # an edge drawn before (the same object) is not drawn again
        drawn_before = dict(zip(map(id, edges[0]), edges[1], strict=True)) if edges is not None else {}
        edges = (model.open_edges, tuple(drawn_before.get(id(edge)) or edge_element(edge) for edge in model.open_edges))
    elements["edges"] = edges
    for edge, drawn_edge in zip(*edges, strict=True):
        leaves["marks"][edge.region].append(drawn_edge.leaf)
    layers = []
    for layer in LAYERS:
        groups: list[Node | Leaf] = []
        for region in model.regions:
            items = tuple(leaves[layer][region])
            transform = f"translate({offsets[region][0]} {offsets[region][1]})"
            group = kept.get((layer, region))
            if group is None or group.children != items or group.attrs[2][1] != transform:
                group = Node(f"g:{region}", "g", (("class", "region"), ("data-region", region),
                                                  ("transform", transform)), items)
            elements[(layer, region)] = group
            groups.append(group)
        if layer == "lines":
            groups.extend(_links(model, offsets))
        elif layer == "titles" and len(sheet.boxes) > 1:
            groups.extend(region_heading(region, MARGIN + box.col0 * CELL, top + box.row0 * CELL)
                          for region, box in sheet.boxes.items())
        layers.append(Node(layer, "g", (), tuple(groups)))
    notes_used = elements["used"] = _used(model.regions, _notes_by_region(tiles, model.regions, elements))
    if keep and memo is not None:
        memo.elements = elements
    return SvgScene(title if title is not None else default_title(view), 2 * MARGIN + max(1, sheet.cols) * CELL,
                    top + max(1, sheet.rows) * CELL + MARGIN, tuple(layers),
                    legend_entries(_legend_players(view), notes_used), top)


def _used(regions: list[str], notes: Mapping[int, Mapping[str, list[tuple[Note, ...]]]]) -> tuple[Note, ...]:
    """The legend entries a drawing uses, each glyph once, in the legend's order: the tiles'
    notes, the tunnels' marks (then the open edges'), the rooms', each region in turn."""
    used: dict[str, Note] = {}
    everyone = chain.from_iterable(chain.from_iterable(notes[k][region] for k in range(3) for region in regions))
    for note in dict.fromkeys(everyone):      # each note once, where it first comes (in C: most repeat)
        if note[0] and note[3] and note[0] not in used:
            used[note[0]] = note
    return tuple(used.values())


def _legend_players(view: Any) -> tuple[tuple[int, str, str], ...]:
    return tuple((p.seat, view.name(p.seat), p.status) for p in seat_faces(view))


def updated_scene(drawn: SvgScene, before: MapModel, model: MapModel, view: Any, title: str,
                  memo: MapMemo) -> SvgScene | None:
    """The drawing of ``model`` made from ``drawn``, the drawing of ``before`` (whose elements
    ``memo`` keeps), when the map lies as it did: the same tiles in the same order and places,
    the same open edges, links and regions, some tile items new (pawns moved, a room's contents
    changed, icons paid for). Only those tiles' elements that changed are drawn again
    (:func:`_draw_tile`), and only the groups holding them are new; the legend is worked out
    again only when what those tiles use changed. None when the map does not lie as it did
    (:func:`scene` draws it)."""
    if model.regions != before.regions or model.open_edges is not before.open_edges or \
            len(model.tiles) != len(before.tiles) or model.links != before.links:
        return None
    kept = memo.elements
    changed: list[tuple[TileItem, TileItem]] = []
    for old, tile in zip(before.tiles, model.tiles, strict=True):
        if old is not tile:
            if old.id != tile.id or old.layout is not tile.layout or old.preview or tile.preview:
                return None
            changed.append((old, tile))
    elements = dict(kept)
    swapped: dict[str, dict[int, Leaf]] = {}       # by layer: each leaf drawn again, by the leaf before
    regions: dict[str, set[str]] = {}             # by layer: the regions whose group changed
    notes_changed = False
    for old, tile in changed:
        was: TileDrawn = kept[("tile", old.id)][1]
        now = _draw_tile(tile, (old, was))
        elements[("tile", tile.id)] = (tile, now)
        if was.back is not now.back or was.lines is not now.lines or was.marks is not now.marks or \
                was.title is not now.title:             # not when only rooms changed (pawns moved)
            for kind, a, b in (("tiles", was.back, now.back), ("lines", was.lines, now.lines),
                               ("marks", was.marks, now.marks), ("titles", was.title, now.title)):
                if a is not b:
                    swapped.setdefault(kind, {})[id(a)] = b
                    regions.setdefault(kind, set()).add(tile.region)
        if was.rooms is not now.rooms:
            rooms = swapped.setdefault("rooms", {})
            for a, b in zip(was.rooms, now.rooms, strict=True):
                if a is not b:
                    rooms[id(a)] = b
            regions.setdefault("rooms", set()).add(tile.region)
        notes_changed = notes_changed or now.notes is not was.notes
    layers = []
    for layer in drawn.layers:
        swap = swapped.get(layer.key)
        if swap is None:
            layers.append(layer)
            continue
        groups: list[Node | Leaf] = []
        for group in layer.children:
            if isinstance(group, Node) and group.key.startswith("g:") and group.attrs[1][1] in regions[layer.key]:
                children = tuple(map(swap.get, map(id, group.children), group.children))   # in C: no frames
                group = elements[(layer.key, group.attrs[1][1])] = Node(group.key, group.tag, group.attrs, children)
            groups.append(group)
        layers.append(Node(layer.key, layer.tag, layer.attrs, tuple(groups)))
    if notes_changed:
        elements["used"] = _used(model.regions, _notes_by_region(model.tiles, model.regions, elements))
    memo.elements = elements
    return SvgScene(title, drawn.width, drawn.height, tuple(layers),
                    legend_entries(_legend_players(view), elements["used"]), drawn.top)


def _notes_by_region(tiles: Iterable[TileItem], regions: list[str],
                     elements: Mapping[Any, Any]) -> dict[int, dict[str, list[tuple[Note, ...]]]]:
    """The legend entries each drawn tile of ``tiles`` (in that order) and each open edge use, by
    kind (the tile's notes, its tunnels' marks and the edges', its rooms') and region."""
    notes: dict[int, dict[str, list[tuple[Note, ...]]]] = {k: {r: [] for r in regions} for k in range(3)}
    for tile in tiles:
        drawn: TileDrawn = elements[("tile", tile.id)][1]
        for k in range(3):
            notes[k][tile.region].append(drawn.notes[k])
    for edge, drawn_edge in zip(*elements["edges"], strict=True):
        notes[1][edge.region].append(drawn_edge.notes)
    return notes


def page_sheet(model: MapModel) -> Sheet:
    """The regions side by side or one above the other, whichever fits a landscape page better
    (the larger of the width and the height times :data:`PAGE_RATIO`, the smaller)."""
    def size(sheet: Sheet) -> float:
        return max(2 * MARGIN + sheet.cols * CELL + LEGEND_W, (HEAD + REGION_HEAD + sheet.rows * CELL) * PAGE_RATIO)
    extents = region_boxes(model)
    return min((arrange(model, stacked=False, extents=extents), arrange(model, stacked=True, extents=extents)), key=size)


@lru_cache(maxsize=CACHE)
def region_heading(region: str, x: float, y: float) -> Leaf:
    """A region's name (``Catacombs``, ``Underworld``) above its top-left corner ``(x, y)``."""
    key = f"h:{region}"
    return Leaf(key, f'<text{key_attr(key)} class="region-heading" data-region={quoteattr(region)} x="{x + 4}" '
                     f'y="{y - 30}" font-size="16" font-weight="bold" fill="#3b2f20">'
                     f'{escape(region.replace("_", " ").title())}</text>')


def _links(model: MapModel, offsets: Mapping[str, tuple[float, float]]) -> list[Leaf]:
    """The passages no tile draws (a ladder, a chute), from room to room across regions."""
    out = []
    tiles = model.tiles_by_id
    for link in model.links:
        ra, rb = model.rooms.get(link.a), model.rooms.get(link.b)
        if ra is None or rb is None:
            continue
        (ax, ay), (bx, by) = (anchor(r.cell, r.col, r.row) for r in (ra, rb))
        oa, ob = offsets[tiles[ra.tile].region], offsets[tiles[rb.tile].region]
        a, b = (ax + oa[0], ay + oa[1]), (bx + ob[0], by + ob[1])
        mx, my = (a[0] + b[0]) / 2 + 30, (a[1] + b[1]) / 2
        key = f"k:{link.key}"
        out.append(Leaf(key, f'<path{key_attr(key)} class="link" data-kind={quoteattr(link.kind)} '
                             f'd="M{a[0]:.1f},{a[1]:.1f} Q{mx:.1f},{my:.1f} {b[0]:.1f},{b[1]:.1f}" fill="none" '
                             f'stroke="{svg_colour("portal")}" stroke-width="2.5" stroke-dasharray="8 5"/>'))
    return out


def _at(a: Point, b: Point, ctrl: Point | None, f: float) -> Point:
    if ctrl is None:
        return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
    g = 1 - f
    return (g * g * a[0] + 2 * g * f * ctrl[0] + f * f * b[0], g * g * a[1] + 2 * g * f * ctrl[1] + f * f * b[1])


def _tangent(a: Point, b: Point, ctrl: Point | None, f: float) -> Point:
    p, q = _at(a, b, ctrl, max(0.0, f - 0.01)), _at(a, b, ctrl, min(1.0, f + 0.01))
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1
    return dx / length, dy / length


def _arrow(x: float, y: float, ux: float, uy: float, size: float = 9) -> str:
    tip = (x + ux * size, y + uy * size)
    back = (x - ux * size * 0.6, y - uy * size * 0.6)
    left = (back[0] - uy * size * 0.7, back[1] + ux * size * 0.7)
    right = (back[0] + uy * size * 0.7, back[1] - ux * size * 0.7)
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in (tip, left, right))


def default_title(view: Any) -> str:
    """"Round 4, P2's turn" (or that the game is over)."""
    if view.over:
        return f"The dungeon at the end of the game (round {view.round})"
    return f"Round {view.round}, {view.name(view.current)}'s turn"


def render_svg(model: MapModel, view: Any, title: str | None = None) -> str:
    """The standalone SVG document of a map model."""
    return scene(model, view, title).document()


def clear_caches() -> None:
    """Forget every element kept (tests compare kept drawings with fresh ones)."""
    for fn in (tile_geometry, _local_geometry, tile_element, title_element, tunnel_elements, room_element,
               edge_element, text_leaf, legend_entry, legend_entries, legend_rows, region_heading):
        fn.cache_clear()
