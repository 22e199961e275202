"""One map renderer, two outputs: the dungeon as a terminal drawing and as SVG.

Both read one seat's :class:`~clank.game.view.SeatView` (a player sees only what their seat
may see), the registered geometry, and the packs' render hooks for how their tunnel icons,
room features, room contents, tile notes and pieces look
(:class:`~clank.registry.RenderDef`'s ``map_*`` callbacks and ``piece``). Nothing here names
a pack's component: what no renderer describes gets a generic glyph.

The public API:

- :func:`draw_map` → a :class:`rich.text.Text` fitted into a panel (focused, panned, at a
  chosen detail), and :func:`map_window` → which part of the map it shows;
- :func:`map_svg` → a standalone SVG document of the same map, with its legend;
- :func:`map_scene` → the same drawing as keyed elements (an :class:`~clank.mapdraw.svg.SvgScene`),
  for a viewer that replaces what changed, with a :class:`~clank.mapdraw.memo.MapMemo` per game;
- :func:`legend` → (glyph, rich style, meaning) of everything the map may draw now;
- :func:`room_label` → how a player names a room.

Modules: :mod:`~clank.mapdraw.model` (what is shown), :mod:`~clank.mapdraw.layout`
(where, in cell units), :mod:`~clank.mapdraw.tileart` and
:mod:`~clank.mapdraw.route` (a tile's lines on a character grid),
:mod:`~clank.mapdraw.canvas`, :mod:`~clank.mapdraw.text` (the terminal drawing),
:mod:`~clank.mapdraw.svg`, :mod:`~clank.mapdraw.markup` (keyed elements),
:mod:`~clank.mapdraw.memo` (what a drawing keeps for the next), :mod:`~clank.mapdraw.legend`,
:mod:`~clank.mapdraw.symbols` (glyphs and colours), :mod:`~clank.mapdraw.names`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rich.text import Text

from clank.actions import Action
from clank.mapdraw import legend as _legend
from clank.mapdraw import model as _model
from clank.mapdraw import text as _text
from clank.mapdraw.memo import MapMemo
from clank.mapdraw.names import room_label

if TYPE_CHECKING:
    from clank.mapdraw.svg import SvgScene

Highlight = Iterable[str] | Mapping[str, str] | None
"""Rooms to emphasise: room ids, or room id → a short key drawn beside the room (``"1"``)."""


def draw_map(view: Any, *, width: int, height: int, preview: Action | str | None = None,
             highlight: Highlight = None, focus: str | None = None, pan: tuple[int, int] = (0, 0),
             detail: str = "auto", legend_rows: int | None = None) -> Text:
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
    focus is shown, with ``◂ ▸ ▴ ▾`` where more lies: ``focus`` (a room id) when given, else
    the previewed tile, else the seat's own pawn, else the highlighted rooms.

    - ``pan``: (columns, rows) of tiles to shift the shown part by from there, clamped to the
      map (:func:`map_window` says how far it may go);
    - ``detail``: ``"auto"`` (the largest cells that fit), ``"named"`` (cells with room names,
      cropped when they do not all fit) or ``"compact"``;
    - ``legend_rows``: the most legend lines under the map (None: by the height; 0: none).

    Redraws reuse each tile's routed lines (kept per tile, turn and size), and a map that
    shows the same as one drawn before is not drawn again.
    """
    how = _text.View(focus, pan, detail, legend_rows)
    model = _model.build(view, preview, highlight)
    key = (model.signature(), view.seat, width, height, how, tuple(view.name(s) for s in range(model.players)))
    drawn = _DRAWN.get(key)
    if drawn is None:
        if len(_DRAWN) >= _DRAWN_SIZE:
            _DRAWN.clear()
        drawn = _DRAWN[key] = _text.draw_text(model, view, width, height, how)
    return drawn.copy()


_DRAWN: dict[tuple[Any, ...], Text] = {}
_DRAWN_SIZE = 64
"""Drawings kept by what they show (a redraw of an unchanged map, or of a position seen
before, copies the kept one)."""


@dataclass(frozen=True)
class MapWindow:
    """The part of the map a drawing shows, in tiles' cells: the first column and row shown,
    how many of each, the whole map's size, whether rooms are named, the pan applied and the
    pans that would show another part (``((left, right), (up, down))``)."""

    col0: int
    row0: int
    cols: int
    rows: int
    map_cols: int
    map_rows: int
    named: bool
    pan: tuple[int, int]
    pan_range: tuple[tuple[int, int], tuple[int, int]]

    @property
    def whole(self) -> bool:
        """Whether the whole map is in sight."""
        return self.cols >= self.map_cols and self.rows >= self.map_rows


def map_window(view: Any, *, width: int, height: int, preview: Action | str | None = None,
               highlight: Highlight = None, focus: str | None = None, pan: tuple[int, int] = (0, 0),
               detail: str = "auto", legend_rows: int | None = None) -> MapWindow:
    """Which part of the map :func:`draw_map` with the same arguments shows (a screen that
    pans uses it to keep ``pan`` within the map)."""
    how = _text.View(focus, pan, detail, legend_rows)
    f = _text.fit_panel(_model.build(view, preview, highlight), max(1, width), max(1, height), view.seat, how)
    return MapWindow(f.col0, f.row0, f.cols, f.rows, f.sheet.cols, f.sheet.rows, f.ph >= _text.LARGE_PH,
                     f.pan, f.pan_range)


def map_svg(view: Any, *, preview: Action | str | None = None, highlight: Highlight = None,
            title: str | None = None) -> str:
    """The same map as a standalone SVG document (UTF-8 text): tiles with their names,
    rooms with names and glyphs, tunnels with icons and arrows, portals, open edges, pawns,
    and the legend. ``preview`` and ``highlight`` as for :func:`draw_map`; ``title`` heads
    the picture (default: the round and whose turn it is). Elements drawn before are reused
    (:mod:`clank.mapdraw.svg`)."""
    return map_scene(view, preview=preview, highlight=highlight, title=title).document()


def map_scene(view: Any, *, preview: Action | str | None = None, highlight: Highlight = None,
              title: str | None = None, memo: MapMemo | None = None) -> SvgScene:
    """The map as :func:`map_svg` draws it, as keyed elements (:class:`~clank.mapdraw.svg.SvgScene`:
    each tile, room, tunnel and mark keyed by what it shows, in coordinates that do not move
    when the map grows), for a viewer that replaces only what changed from one drawing to the
    next. ``memo`` (a :class:`~clank.mapdraw.memo.MapMemo` per game) makes the next drawing of
    the same game reuse what did not change (the model, the render hooks' answers)."""
    import clank.mapdraw.svg as _svg  # the table never needs SVG (imported so: no Python code runs when imported)

    model = _model.build(view, preview, highlight, memo)
    title = title if title is not None else _svg.default_title(view)
    kept = memo.drawing if memo is not None else None
    if kept is not None and kept[0] is model:
        drawn = kept[1] if kept[1].title == title else replace(kept[1], title=title)
    else:
        drawn = None
        if kept is not None and memo is not None and model is memo.model:   # the tiles that changed redrawn
            drawn = _svg.updated_scene(kept[1], kept[0], model, view, title, memo)
        if drawn is None:
            drawn = _svg.scene(model, view, title, memo)
    if memo is not None and model is memo.model:
        memo.drawing = (model, drawn)
    return drawn


def legend(view: Any) -> list[tuple[str, str, str]]:
    """(glyph, rich style, meaning) of everything the map may show in this game now: the
    pawns, the core's marks (portals, arrows, open edges), every registered tunnel icon, the
    glyph of every room feature the loaded tiles print, and what lies on the map now. Both
    outputs and a help screen use it."""
    return _legend.entries(view)


__all__ = ["Highlight", "MapMemo", "MapWindow", "draw_map", "legend", "map_scene", "map_svg", "map_window", "room_label"]
