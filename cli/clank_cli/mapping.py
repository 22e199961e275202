"""The one place the terminal front ends (line mode and the full-screen table) get the dungeon
map from: the drawing and its legend come from :mod:`clank.mapdraw`, room names from the
engine (the same names its log writes: "move to the nave of the Dustveil Reliquary")."""

from __future__ import annotations

from typing import Any

from clank import mapdraw
from rich.console import RenderableType


def room_label(view: Any, room_id: str) -> str:
    """A room as a sentence names it: ``"the Dustveil Reliquary"``, ``"the nave of the
    Dustveil Reliquary"``, ``"the Crypt"``: the engine's one name of the room
    (:meth:`~clank.game.table.Table.room_name`), the same the log writes and the map labels."""
    return view.room_name(room_id)


def draw_map(view: Any, *, width: int, height: int, preview: Any = None, highlight: Any = None,
             **options: Any) -> RenderableType:
    """The dungeon map of ``view`` fitted to a ``width`` × ``height`` panel; ``preview`` (a
    legal ``orient``/``place`` action) draws the discovered tile in place, ``highlight`` marks
    rooms (ids, or ``{room id: key}`` to draw a key beside each); ``options`` as for
    :func:`clank.mapdraw.draw_map` (``focus``, ``pan``, ``detail``, ``legend_rows``)."""
    return mapdraw.draw_map(view, width=width, height=height, preview=preview, highlight=highlight, **options)


def legend(view: Any) -> list[tuple[str, str, str]]:
    """(glyph, style, meaning) of everything the map draws (the help screen's legend)."""
    return mapdraw.legend(view)
