"""The map as a standalone SVG document: the same tiles, rooms, tunnels, icons, arrows,
portals, open edges and pawns as the terminal drawing, at drawing-board scale, with the
legend beside it. Lines are straight (bent when they would pass under another room); every
icon of a tunnel sits on its line.

Finding where a line bends is most of a drawing's work and depends only on where the tiles
lie: the bends are kept per layout (:data:`_BENDS`), so a map redrawn after its pawns, icons or
contents changed, or with another room highlighted, reuses them."""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from clank.mapdraw.layout import Sheet, arrange, port_fraction
from clank.mapdraw.model import POSITIONS, EndItem, MapModel, RoomItem, TileItem, TunnelItem
from clank.mapdraw.names import fit
from clank.mapdraw.symbols import (
    CLOSED,
    ONE_WAY_SYMBOL,
    PLAYER_HEX,
    PORTAL,
    UNEXPLORED,
    svg_colour,
)

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

Point = tuple[float, float]
LayoutKey = tuple[Any, ...]

_BENDS: OrderedDict[LayoutKey, dict[tuple[Any, ...], Point | None]] = OrderedDict()
_BENDS_SIZE = 1024
"""Each layout's tunnel bends (``bend``'s answer per tile and tunnel), for the layouts drawn
last (a server draws many games at once): a layout is the tiles where they lie and turned as
they are, and the regions."""


def layout_key(model: MapModel) -> LayoutKey:
    """What the places of tiles, rooms, ports and portals on the drawing depend on."""
    return tuple((t.id, t.region, t.x, t.y, t.rot, t.preview) for t in model.tiles), tuple(model.regions)


def _bends_of(model: MapModel) -> dict[tuple[Any, ...], Point | None]:
    key = layout_key(model)
    bends = _BENDS.get(key)
    if bends is None:
        if len(_BENDS) >= _BENDS_SIZE:
            _BENDS.popitem(last=False)    # the layout drawn longest ago
        bends = _BENDS[key] = {}
    else:
        _BENDS.move_to_end(key)
    return bends


class SvgMap:
    """One SVG drawing of a map model."""

    def __init__(self, model: MapModel, view: Any, title: str | None) -> None:
        self.model, self.view = model, view
        self.sheet: Sheet = page_sheet(model)
        self.head = HEAD + (REGION_HEAD if len(self.sheet.boxes) > 1 else 0)   # room for the regions' names
        self.title = title if title is not None else default_title(view)
        self.parts: list[str] = []
        self.used: dict[str, tuple[str, str, str]] = {}     # glyph -> (kind, style, meaning)
        self.room_boxes: dict[str, tuple[float, float, float, float]] = {}
        self.portal_points: dict[tuple[str, int], Point] = {}
        self.bends = _bends_of(model)

    # -- coordinates -----------------------------------------------------------------------
    def cell_xy(self, region: str, cell: tuple[int, int]) -> Point:
        col, row = self.sheet.cell(region, *cell)
        return MARGIN + col * CELL, self.head + row * CELL

    def anchor(self, tile: TileItem, room: RoomItem) -> Point:
        """A room's centre: its 3×3 position, drawn a little inward so the tile's name fits."""
        x, y = self.cell_xy(tile.region, room.cell)
        return x + INSET[room.col] * CELL, y + INSET[room.row] * CELL

    def port_xy(self, region: str, end: EndItem) -> Point:
        x, y = self.cell_xy(region, end.cell)
        fx, fy = port_fraction(end.side, end.idx, end.at)
        return x + fx * CELL, y + fy * CELL

    def note(self, glyph: str, kind: str, style: str, meaning: str) -> None:
        if glyph and meaning and glyph not in self.used:
            self.used[glyph] = (kind, style, meaning)

    # -- the document ----------------------------------------------------------------------
    def render(self) -> str:
        width = 2 * MARGIN + max(1, self.sheet.cols) * CELL + LEGEND_W
        body_h = self.head + max(1, self.sheet.rows) * CELL + MARGIN
        tiles = sorted(self.model.tiles, key=lambda t: t.preview)
        for tile in tiles:
            for room in tile.rooms:
                ax, ay = self.anchor(tile, room)
                self.room_boxes[room.id] = (ax - ROOM_W / 2, ay - ROOM_H / 2, ROOM_W, ROOM_H)
            self.place_portals(tile)
        layers: dict[str, list[str]] = {"tiles": [], "lines": [], "rooms": [], "marks": [], "titles": []}
        for tile in tiles:
            layers["tiles"].extend(self.tile(tile))
            layers["titles"].extend(self.tile_title(tile))
        layers["titles"].extend(self.region_headings())
        for tile in tiles:
            for tunnel in tile.tunnels:
                lines, marks = self.tunnel(tile, tunnel)
                layers["lines"].extend(lines)
                layers["marks"].extend(marks)
        layers["marks"].extend(self.open_edges())
        layers["lines"].extend(self.links())
        for tile in tiles:
            for room in tile.rooms:
                layers["rooms"].extend(self.room(tile, room))
        legend, legend_h = self.legend(2 * MARGIN + max(1, self.sheet.cols) * CELL)
        height = max(body_h, self.head + legend_h + MARGIN)
        head = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family={quoteattr(FONT)}>',
            f'<title>{escape(self.title)}</title>',
            f'<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#fbf8f1"/>',
            f'<text class="heading" x="{MARGIN}" y="28" font-size="18" font-weight="bold" fill="#3b2f20">'
            f'{escape(self.title)}</text>',
        ]
        groups = [f'<g id="{name}">' + "".join(items) + "</g>" for name, items in layers.items()]
        return "\n".join([*head, *groups, legend, "</svg>"]) + "\n"

    # -- tiles and rooms ---------------------------------------------------------------------
    def tile(self, tile: TileItem) -> list[str]:
        xs = [c[0] for c in tile.cells.values()]
        ys = [c[1] for c in tile.cells.values()]
        x0, y0 = self.cell_xy(tile.region, (min(xs), max(ys)))
        w, h = (max(xs) - min(xs) + 1) * CELL, (max(ys) - min(ys) + 1) * CELL
        stroke = svg_colour("preview") if tile.preview else TILE_STROKE
        dash = ' stroke-dasharray="10 6"' if tile.preview else ""
        for s in tile.notes:
            self.note(s.glyph, "text", s.style, s.meaning)
        flag = ' data-preview="true"' if tile.preview else ""
        return [f'<g class="tile" data-tile={quoteattr(tile.id)} data-name={quoteattr(tile.name)}{flag}>'
                f'<rect x="{x0 + 2}" y="{y0 + 2}" width="{w - 4}" height="{h - 4}" rx="8" fill="{TILE_FILL}" '
                f'stroke="{stroke}" stroke-width="3"{dash}/></g>']

    def tile_title(self, tile: TileItem) -> list[str]:
        """A tile's name (and notes), drawn above the tunnels' marks with a halo of the tile's
        colour, so that no icon hides it."""
        xs = [c[0] for c in tile.cells.values()]
        ys = [c[1] for c in tile.cells.values()]
        x0, y0 = self.cell_xy(tile.region, (min(xs), max(ys)))
        name = ("new: " if tile.preview else "") + tile.name
        notes = "".join(f'<tspan fill="{svg_colour(s.style)}">{escape(s.glyph)} </tspan>' for s in tile.notes)
        return [f'<text class="tile-title" data-tile={quoteattr(tile.id)} x="{x0 + 10}" y="{y0 + 18}" font-size="12" '
                f'font-style="italic" fill="#6b5a3e" stroke="{TILE_FILL}" stroke-width="4" paint-order="stroke" '
                f'stroke-linejoin="round">{notes}{escape(name)}</text>']

    def region_headings(self) -> list[str]:
        """Each region's name above it (``Catacombs``, ``Underworld``) when the map has several."""
        if len(self.sheet.boxes) < 2:
            return []
        out = []
        for region, box in self.sheet.boxes.items():
            x, y = MARGIN + box.col0 * CELL, self.head + box.row0 * CELL
            out.append(f'<text class="region-heading" data-region={quoteattr(region)} x="{x + 4}" y="{y - 30}" '
                       f'font-size="16" font-weight="bold" fill="#3b2f20">'
                       f'{escape(region.replace("_", " ").title())}</text>')
        return out

    def room(self, tile: TileItem, room: RoomItem) -> list[str]:
        x, y, w, h = self.room_boxes[room.id]
        stroke = svg_colour("preview") if room.highlighted else svg_colour("exit") if room.exit else "#6b5a3e"
        width = 3 if room.highlighted or room.exit else 1.2
        glyphs = []
        for s in room.features + room.contents + room.pieces:
            glyphs.append(f'<tspan fill="{svg_colour(s.style)}">{escape(s.glyph)}</tspan>')
            self.note(s.glyph, "text", s.style, s.meaning)
        key = f"{room.key}: " if room.key else ""
        kind = "room reachable" if room.highlighted else "room"
        out = [f'<g class="{kind}" data-room={quoteattr(room.id)} data-label={quoteattr(room.full)}>'
               f'<title>{escape(room.full)}</title>'
               f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="6" fill="#fffaf0" '
               f'stroke="{stroke}" stroke-width="{width}"/>'
               f'<text x="{x + w / 2:.1f}" y="{y + 14:.1f}" font-size="10" font-weight="bold" '
               f'text-anchor="middle" fill="#2b2118">{escape(key + fit(room.label, 12))}</text>'
               f'<text x="{x + w / 2:.1f}" y="{y + 30:.1f}" font-size="13" text-anchor="middle">'
               f'{" ".join(glyphs)}</text>']
        for k, pawn in enumerate(room.pawns):
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
        return out

    def place_portals(self, tile: TileItem) -> None:
        """Each portal of a tile goes between its room and the nearest free room position."""
        spots: dict[tuple[int, int], set[tuple[int, int]]] = {}
        for t in tile.tunnels:
            if "portal" not in (t.a.kind, t.b.kind):
                continue
            other = t.b if t.a.kind == "portal" else t.a
            room = self.model.rooms.get(other.room) if other.kind == "room" else None
            cell = room.cell if room else next(iter(tile.cells.values()))
            taken = spots.setdefault(cell, {(r.col, r.row) for r in tile.rooms if r.cell == cell})
            here = (room.col, room.row) if room else (1, 1)
            free = [p for p in POSITIONS.values() if p not in taken] or [here]
            spot = min(free, key=lambda p: (abs(p[0] - here[0]) + abs(p[1] - here[1]), p))
            taken.add(spot)
            x, y = self.cell_xy(tile.region, cell)
            fx, fy = INSET[spot[0]], INSET[spot[1]]
            px, py = x + fx * CELL, y + fy * CELL
            if room is not None:     # nearer the room than the free place
                ax, ay = self.anchor(tile, room)
                px, py = ax + (px - ax) * 0.7, ay + (py - ay) * 0.7
            self.portal_points[(tile.id, t.index)] = (px, py)

    # -- tunnels -----------------------------------------------------------------------------
    def end_point(self, tile: TileItem, tunnel: TunnelItem, end: EndItem) -> Point:
        if end.kind == "room":
            room = self.model.rooms[end.room]
            return self.anchor(tile, room)
        if end.kind == "port":
            return self.port_xy(tile.region, end)
        return self.portal_points[(tile.id, tunnel.index)]

    def tunnel(self, tile: TileItem, t: TunnelItem) -> tuple[list[str], list[str]]:
        a, b = self.end_point(tile, t, t.a), self.end_point(tile, t, t.b)
        where = (tile.id, tile.region, tile.x, tile.y, t.index)
        if where in self.bends:
            ctrl = self.bends[where]
        else:
            skip = {e.room for e in (t.a, t.b) if e.kind == "room"}
            ctrl = self.bends[where] = self.bend(a, b, skip, tile)
        path = f"M{a[0]:.1f},{a[1]:.1f} " + (f"Q{ctrl[0]:.1f},{ctrl[1]:.1f} " if ctrl else "L") + \
            f"{b[0]:.1f},{b[1]:.1f}"
        icons = ", ".join(i.name + (" (covered)" if i.covered else "") for i in t.icons)
        lines = [f'<path class="tunnel" data-tile={quoteattr(tile.id)} data-tunnel="{t.index}" '
                 f'data-icons={quoteattr(icons)} data-one-way="{str(t.one_way).lower()}" d="{path}" '
                 f'fill="none" stroke="{LINE}" stroke-width="3" stroke-linecap="round"/>']
        marks: list[str] = []
        lo = self.leave(a, b, ctrl, t.a)
        hi = 1 - self.leave(b, a, ctrl, t.b)
        n = len(t.icons) + (1 if t.one_way else 0)
        for k in range(n):
            f = lo + (hi - lo) * (k + 1) / (n + 1)
            px, py = _at(a, b, ctrl, f)
            if k < len(t.icons):
                icon = t.icons[k]
                colour = svg_colour("muted" if icon.covered else icon.symbol.style)
                self.note(icon.symbol.glyph, "icon", icon.symbol.style, icon.symbol.meaning)
                slash = (f'<line x1="{px - 7:.1f}" y1="{py + 7:.1f}" x2="{px + 7:.1f}" y2="{py - 7:.1f}" '
                         f'stroke="#fff" stroke-width="2"/>') if icon.covered else ""
                marks.append(f'<g class="icon" data-icon={quoteattr(icon.name)} data-tile={quoteattr(tile.id)} '
                             f'data-tunnel="{t.index}" data-covered="{str(icon.covered).lower()}">'
                             f'<title>{escape(icon.symbol.meaning)}</title>'
                             f'<circle cx="{px:.1f}" cy="{py:.1f}" r="9" fill="{colour}" stroke="#fff" '
                             f'stroke-width="1.5"/><text x="{px:.1f}" y="{py + 4:.1f}" font-size="11" '
                             f'font-weight="bold" text-anchor="middle" fill="#fff">{escape(icon.symbol.glyph)}</text>'
                             f'{slash}</g>')
            else:
                ux, uy = _tangent(a, b, ctrl, f)
                self.note(ONE_WAY_SYMBOL.glyph, "arrow", ONE_WAY_SYMBOL.style, ONE_WAY_SYMBOL.meaning)
                marks.append(f'<g class="one-way" data-tile={quoteattr(tile.id)} data-tunnel="{t.index}">'
                             f'<title>{escape(ONE_WAY_SYMBOL.meaning)}</title>'
                             f'<polygon points="{_arrow(px, py, ux, uy)}" fill="#222"/></g>')
        for end in (t.a, t.b):
            if end.kind == "portal":
                px, py = self.portal_points[(tile.id, t.index)]
                self.note(PORTAL.glyph, "text", PORTAL.style, PORTAL.meaning)
                marks.append(f'<g class="portal" data-tile={quoteattr(tile.id)}><title>{escape(PORTAL.meaning)}'
                             f'</title><circle cx="{px:.1f}" cy="{py:.1f}" r="11" fill="#fffaf0" '
                             f'stroke="{svg_colour(PORTAL.style)}" stroke-width="3"/><circle cx="{px:.1f}" '
                             f'cy="{py:.1f}" r="4" fill="{svg_colour(PORTAL.style)}"/></g>')
        return lines, marks

    def bend(self, a: Point, b: Point, skip: set[str], tile: TileItem) -> Point | None:
        """A control point that takes a line around the rooms it would pass under, or None;
        the bent line stays on its tile."""
        others = [box for rid, box in self.room_boxes.items() if rid not in skip]
        xs = [c[0] for c in tile.cells.values()]
        ys = [c[1] for c in tile.cells.values()]
        tx, ty = self.cell_xy(tile.region, (min(xs), max(ys)))
        tw, th = (max(xs) - min(xs) + 1) * CELL, (max(ys) - min(ys) + 1) * CELL

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

    def leave(self, a: Point, b: Point, ctrl: Point | None, end: EndItem) -> float:
        """The fraction of the line (from ``a``) hidden under the room box at ``a``, and under
        the row of pawns below it (no icon sits on a pawn)."""
        if end.kind != "room":
            return 0.05
        bx, by, bw, bh = self.room_boxes[end.room]
        bh += PAWN_ROW
        for i in range(1, 40):
            x, y = _at(a, b, ctrl, i / 40)
            if not (bx <= x <= bx + bw and by <= y <= by + bh):
                return i / 40
        return 0.5

    def open_edges(self) -> list[str]:
        out = []
        for edge in self.model.open_edges:
            px, py = self.port_xy(edge.region, EndItem("port", cell=edge.cell, side=edge.side, idx=edge.idx,
                                                          at=edge.at))
            dx, dy = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}[edge.side]
            cx, cy = px + dx * 14, py + dy * 14
            sym = UNEXPLORED if edge.discoverable else CLOSED
            self.note(sym.glyph, "text", sym.style, sym.meaning)
            out.append(f'<g class="open-edge" data-side="{edge.side}"><title>{escape(sym.meaning)}</title>'
                       f'<line x1="{px:.1f}" y1="{py:.1f}" x2="{cx:.1f}" y2="{cy:.1f}" stroke="{LINE}" '
                       f'stroke-width="3" stroke-dasharray="3 3"/><circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" '
                       f'fill="#fffaf0" stroke="{svg_colour(sym.style)}" stroke-width="2"/>'
                       f'<text x="{cx:.1f}" y="{cy + 4:.1f}" font-size="12" font-weight="bold" text-anchor="middle" '
                       f'fill="{svg_colour(sym.style)}">{escape(sym.glyph)}</text></g>')
        return out

    def links(self) -> list[str]:
        out = []
        tiles = self.model.tiles_by_id
        for link in self.model.links:
            ra, rb = self.model.rooms.get(link.a), self.model.rooms.get(link.b)
            if ra is None or rb is None:
                continue
            a, b = self.anchor(tiles[ra.tile], ra), self.anchor(tiles[rb.tile], rb)
            mx, my = (a[0] + b[0]) / 2 + 30, (a[1] + b[1]) / 2
            out.append(f'<path class="link" data-kind={quoteattr(link.kind)} d="M{a[0]:.1f},{a[1]:.1f} '
                       f'Q{mx:.1f},{my:.1f} {b[0]:.1f},{b[1]:.1f}" fill="none" stroke="{svg_colour("portal")}" '
                       f'stroke-width="2.5" stroke-dasharray="8 5"/>')
        return out

    # -- legend ------------------------------------------------------------------------------
    def legend(self, x0: float) -> tuple[str, float]:
        rows: list[str] = []
        y = self.head + 12
        rows.append(f'<text x="{x0}" y="{y}" font-size="14" font-weight="bold" fill="#3b2f20">Legend</text>')
        y += 10
        for p in self.view.players:
            y += 22
            colour = PLAYER_HEX[p.seat % len(PLAYER_HEX)]
            status = {"escaped": " (escaped)", "knocked_out": " (knocked out)"}.get(p.status, "")
            rows.append(f'<g class="legend-entry"><circle cx="{x0 + 10}" cy="{y - 4}" r="8" fill="{colour}" '
                        f'stroke="#222"/><text x="{x0 + 10}" y="{y}" font-size="10" font-weight="bold" '
                        f'text-anchor="middle" fill="#fff">{p.seat + 1}</text><text x="{x0 + 28}" y="{y}" '
                        f'font-size="12" fill="#2b2118">{escape(self.view.name(p.seat))}{status}</text></g>')
        for glyph, (kind, style, meaning) in self.used.items():
            y += 22
            colour = svg_colour(style)
            if kind == "icon":
                mark = (f'<circle cx="{x0 + 10}" cy="{y - 4}" r="9" fill="{colour}"/><text x="{x0 + 10}" '
                        f'y="{y}" font-size="11" font-weight="bold" text-anchor="middle" fill="#fff">'
                        f'{escape(glyph)}</text>')
            elif kind == "arrow":
                mark = f'<polygon points="{_arrow(x0 + 10, y - 4, 1, 0)}" fill="#222"/>'
            else:
                mark = (f'<text x="{x0 + 10}" y="{y}" font-size="14" text-anchor="middle" fill="{colour}">'
                        f'{escape(glyph)}</text>')
            if kind == "text" and len(glyph) > 2:    # a wide mark (≈ABCDE): the words start after it
                mark = (f'<text x="{x0}" y="{y}" font-size="14" fill="{colour}">{escape(glyph)}</text>')
            indent = 28 if len(glyph) <= 2 else 12 + 10 * len(glyph)
            lines = wrap_words(meaning, LEGEND_CHARS - (indent - 28) // 7)
            text = "".join(f'<tspan x="{x0 + indent}" dy="{0 if i == 0 else 15}">{escape(line)}</tspan>'
                           for i, line in enumerate(lines))
            rows.append(f'<g class="legend-entry">{mark}<text x="{x0 + indent}" y="{y}" font-size="12" '
                        f'fill="#2b2118">{text}</text></g>')
            y += 15 * (len(lines) - 1)
        return '<g id="legend">' + "".join(rows) + "</g>", y - self.head + 10


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


def page_sheet(model: MapModel) -> Sheet:
    """The regions side by side or one above the other, whichever fits a landscape page better
    (the larger of the width and the height times :data:`PAGE_RATIO`, the smaller)."""
    def size(sheet: Sheet) -> float:
        return max(2 * MARGIN + sheet.cols * CELL + LEGEND_W, (HEAD + REGION_HEAD + sheet.rows * CELL) * PAGE_RATIO)
    sheets = [arrange(model, stacked=False), arrange(model, stacked=True)]
    return min(sheets, key=size)


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


def default_title(view: Any) -> str:
    """"Round 4, P2's turn" (or that the game is over)."""
    if view.over:
        return f"The dungeon at the end of the game (round {view.round})"
    return f"Round {view.round}, {view.name(view.current)}'s turn"


def render_svg(model: MapModel, view: Any, title: str | None = None) -> str:
    """The SVG document of a map model."""
    return SvgMap(model, view, title).render()
