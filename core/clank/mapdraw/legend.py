"""The legend: what each glyph on the map means, for both outputs and a help screen."""

from __future__ import annotations

from typing import Any

from clank.mapdraw.model import build
from clank.mapdraw.symbols import (
    CLOSED,
    LINK,
    ONE_WAY_SYMBOL,
    PORTAL,
    UNEXPLORED,
    Glyphs,
    pawn_style,
    rich_style,
)

Entry = tuple[str, str, str]


def entries(view: Any) -> list[Entry]:
    """(glyph, rich style, meaning): the pawns, the core's marks, every registered tunnel icon,
    every room feature and tile note the loaded tiles may show, and what lies on the map now
    (room contents, pieces), each glyph once, in that order: the same legend for every view
    (the help, the full-screen map, the SVG picture)."""
    glyphs = Glyphs(view)
    out: list[Entry] = []
    seen: set[str] = set()

    def add(glyph: str, style: str, meaning: str) -> None:
        if glyph and meaning and glyph not in seen:
            seen.add(glyph)
            out.append((glyph, style, meaning))

    for seat in range(len(view.players)):
        out.append((str(seat + 1), pawn_style(seat), f"{view.name(seat)}'s pawn"))
    out.append(("1", pawn_style(0, True), "a knocked-out pawn (struck through)"))
    for sym in (ONE_WAY_SYMBOL, PORTAL, UNEXPLORED, CLOSED):
        add(sym.glyph, rich_style(sym.style), sym.meaning)
    if view.links:
        add(LINK.glyph + "1", rich_style(LINK.style), LINK.meaning)
    for name in view.registry.tunnel_icons:
        sym = glyphs.icon(name)
        add(sym.glyph, rich_style(sym.style), sym.meaning)
    out.append(("", "dim", "a dimmed icon is paid for good: it costs nothing now"))
    for tdef in view.ruleset.tiles.values():
        for local, room in tdef.rooms.items():
            for name, arg in room["features"]:
                sym = glyphs.feature(f"{tdef.id}.{local}", name, arg)
                add(sym.glyph, rich_style(sym.style), sym.meaning)
    for tdef in view.ruleset.tiles.values():      # what a tile may carry (haunted, the Depths), placed or not
        for sym in glyphs.tile(tdef.id):
            add(sym.glyph, rich_style(sym.style), sym.meaning)
    model = build(view)
    for tile in model.tiles:
        for sym in tile.notes:
            add(sym.glyph, rich_style(sym.style), sym.meaning)
        for room in tile.rooms:
            for sym in room.contents + room.pieces:
                add(sym.glyph, rich_style(sym.style), sym.meaning)
    return out
