"""One map renderer, two outputs: the dungeon as a terminal drawing and as SVG.

Both read one seat's :class:`~clank.game.view.SeatView` (a player sees only what their seat
may see), the registered geometry, and the packs' render hooks for how their tunnel icons,
room features, room contents, tile notes and pieces look
(:class:`~clank.registry.RenderDef`'s ``map_*`` callbacks and ``piece``). Nothing here names
a pack's component: what no renderer describes gets a generic glyph.

The public API:

- :func:`draw_map` → a :class:`rich.text.Text` fitted into a panel;
- :func:`map_svg` → a standalone SVG document of the same map, with its legend;
- :func:`legend` → (glyph, rich style, meaning) of everything the map may draw now;
- :func:`room_label` → how a player names a room.

Modules: :mod:`~clank.cli.mapdraw.model` (what is shown), :mod:`~clank.cli.mapdraw.layout`
(where, in cell units), :mod:`~clank.cli.mapdraw.tileart` and
:mod:`~clank.cli.mapdraw.route` (a tile's lines on a character grid),
:mod:`~clank.cli.mapdraw.canvas`, :mod:`~clank.cli.mapdraw.text` (the terminal drawing),
:mod:`~clank.cli.mapdraw.svg`, :mod:`~clank.cli.mapdraw.legend`,
:mod:`~clank.cli.mapdraw.symbols` (glyphs and colours), :mod:`~clank.cli.mapdraw.names`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from clank.actions import Action
from clank.cli.mapdraw import legend as _legend
from clank.cli.mapdraw import model as _model
from clank.cli.mapdraw import svg as _svg
from clank.cli.mapdraw import text as _text
from clank.cli.mapdraw.names import room_label
from rich.text import Text

Highlight = Iterable[str] | Mapping[str, str] | None
"""Rooms to emphasise: room ids, or room id → a short key drawn beside the room (``"1"``)."""


def draw_map(view: Any, *, width: int, height: int, preview: Action | str | None = None,
             highlight: Highlight = None) -> Text:
    """The dungeon as seen by ``view``'s seat, drawn for a terminal panel of ``width`` ×
    ``height`` characters (the result never exceeds it).

    - Tiles are boxes named on their top border; rooms show their short name (large panels)
      and glyphs: features, what lies there, pieces, then pawns (the seat's number on its
      colour); tunnels are lines carrying their icons and one-way arrows; ``◎`` is a
      portal; ``?`` marks a tunnel leading to unexplored dungeon; a short legend of what is
      drawn follows the map when rows are left.
    - ``preview``: an ``orient``/``place`` action of the tile being discovered; the tile is
      drawn in place, turned as that action says, with a bright border, and the room that
      orientation leads to is highlighted.
    - ``highlight``: rooms to emphasise (drawn reversed), e.g. move destinations; a mapping
      gives each room a key drawn beside it (``{"su-4.nave": "1"}``).

    A 60×24 panel gets the compact drawing (one line per room); panels with room for cells of
    9 rows get names. When even compact cells do not fit, the part of the map around the
    preview, the highlighted rooms or the seat's pawn is shown, with ``◂ ▸ ▴ ▾`` where more
    lies. Redraws reuse each tile's routed lines (kept per tile, turn and size).
    """
    return _text.draw_text(_model.build(view, preview, highlight), view, width, height)


def map_svg(view: Any, *, preview: Action | str | None = None, highlight: Highlight = None,
            title: str | None = None) -> str:
    """The same map as a standalone SVG document (UTF-8 text): tiles with their names,
    rooms with names and glyphs, tunnels with icons and arrows, portals, open edges, pawns,
    and the legend. ``preview`` and ``highlight`` as for :func:`draw_map`; ``title`` heads
    the picture (default: the round and whose turn it is)."""
    return _svg.render_svg(_model.build(view, preview, highlight), view, title)


def legend(view: Any) -> list[tuple[str, str, str]]:
    """(glyph, rich style, meaning) of everything the map may show in this game now: the
    pawns, the core's marks (portals, arrows, open edges), every registered tunnel icon, the
    glyph of every room feature the loaded tiles print, and what lies on the map now. Both
    outputs and a help screen use it."""
    return _legend.entries(view)


__all__ = ["Highlight", "draw_map", "legend", "map_svg", "room_label"]
