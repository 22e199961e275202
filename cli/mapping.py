"""The one place the terminal front ends (line mode and the full-screen table) get the dungeon
map from: the drawing, its legend and room names come from :mod:`clank.cli.mapdraw`; this
module words room names for sentences ("move to the nave of Dustveil Reliquary")."""

from __future__ import annotations

from typing import Any

from clank.cli import mapdraw
from rich.console import RenderableType


def room_label(view: Any, room_id: str) -> str:
    """A room as a sentence names it: ``"the Dustveil Reliquary"``, ``"the nave of Dustveil
    Reliquary"``, ``"the Crypt"`` (the map's label, :func:`clank.cli.mapdraw.room_label`,
    with its article)."""
    label = mapdraw.room_label(view, room_id)
    if label.startswith("The "):
        return "the " + label[4:]
    tile = view.ruleset.tiles.get(room_id.partition(".")[0])
    if tile is not None and tile.name.startswith(label):
        return "the " + label                      # the room the tile is named after
    return "the " + label[:1].lower() + label[1:]   # "Nave of ..." -> "the nave of ..."


def draw_map(view: Any, *, width: int, height: int, preview: Any = None,
             highlight: Any = None) -> RenderableType:
    """The dungeon map of ``view`` fitted to a ``width`` × ``height`` panel; ``preview`` (a
    legal ``orient``/``place`` action) draws the discovered tile in place, ``highlight`` marks
    rooms (ids, or ``{room id: key}`` to draw a key beside each)."""
    return mapdraw.draw_map(view, width=width, height=height, preview=preview, highlight=highlight)


def legend(view: Any) -> list[tuple[str, str, str]]:
    """(glyph, style, meaning) of everything the map draws (the help screen's legend)."""
    return mapdraw.legend(view)
