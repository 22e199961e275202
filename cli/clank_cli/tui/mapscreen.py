"""The full-screen map (``tab``): the whole terminal for the dungeon, to plan a route.

The drawing takes the terminal but a side column: rooms named (cells of 9 rows) and panned
with the arrow keys a tile at a time, or the compact overview (``z``); ``c`` centres on the
seat's pawn again. The rooms the seat can reach now carry their keys (the destinations of
:mod:`clank_cli.routes`), and the side column lists each destination with what getting there
costs, then the keys and the whole legend. Pressing a destination's key closes the screen with
its actions (the table plays the move, or asks which way when there are several); ``tab``,
``q`` or escape go back. While a discovered tile is being laid, the placement the table
previews is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from clank import mapdraw
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

from clank_cli import mapping
from clank_cli.routes import Destination, highlight

PAN = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
"""Arrow key → pan step in tiles' cells."""
SIDE_WIDTH = 38
"""Columns of the side list (the map takes the rest); 32 on terminals under 120 columns."""


def side_panel(view: Any, seat: int | None, dests: Sequence[Destination], window: mapdraw.MapWindow | None,
               detail: str) -> RenderableType:
    """Where the seat is, where it can go and at what cost, the keys, and the legend."""
    parts: list[RenderableType] = []
    head = Text()
    if seat is not None:
        p = view.player(seat)
        room = p.room or p.ko_room
        head.append(f"{view.name(seat)} ", style="bold")
        head.append(f"is in {view.room_name(room)}" if room else f"is {p.status.replace('_', ' ')}")
    else:
        head.append("Watching: every pawn is drawn by its seat's number", style="dim")
    parts.append(head)
    if dests:
        table = Table.grid(padding=(0, 1, 0, 0))
        table.add_column(no_wrap=True)
        table.add_column()
        for d in dests:
            table.add_row(Text(f"[{d.key}]", style="bold cyan"),
                          Text.assemble((d.name, "bold" if d.room else ""), (": " + " or ".join(d.costs), "cyan")))
        parts += [Text("\nYou can go to (key: cost)", style="bold"), table]
    elif seat is not None:
        parts.append(Text("\nNo move open now.", style="dim"))
    keys = Text("\n")
    for key, what in (("←↑→↓", "pan"), ("c", "centre"), ("z", "overview" if detail != "compact" else "names"),
                      ("tab", "table")):
        keys.append(key + " ", style="bold cyan")
        keys.append(what + "  ")
    if window is not None and not window.whole:
        keys.append(f"\nshowing {window.cols}×{window.rows} of {window.map_cols}×{window.map_rows} tiles; "
                    "◂▸▴▾ mark more", style="dim")
    parts.append(keys)
    legend = Table.grid(padding=(0, 1, 0, 0))
    legend.add_column(no_wrap=True)
    legend.add_column()
    for glyph, style, meaning in mapping.legend(view):
        legend.add_row(Text(glyph, style=style), Text(meaning, style="dim"))
    parts += [Text("\nLegend", style="bold"), legend]
    return Group(*parts)


class MapScreen(Screen["list[Any] | None"]):
    """The dungeon on the whole terminal (see the module). ``dests``: the seat's destinations
    now (empty while it does not decide)."""

    DEFAULT_CSS = f"""
    MapScreen {{ layout: vertical; }}
    MapScreen > Horizontal {{ height: 1fr; }}
    MapScreen #bigmap {{ width: 1fr; height: 100%; border: round $accent; overflow: hidden hidden; }}
    MapScreen #side {{ width: {SIDE_WIDTH}; height: 100%; border: round $primary-darken-2; padding: 0 1;
                      overflow: hidden hidden; }}
    MapScreen.-narrow #side {{ width: 32; }}
    """

    def __init__(self, view: Any, seat: int | None, dests: Sequence[Destination], preview: Any = None) -> None:
        super().__init__()
        self.view, self.seat, self.dests, self.preview = view, seat, list(dests), preview
        self.pan = (0, 0)
        self.detail = "named"
        self.window: mapdraw.MapWindow | None = None

    def compose(self) -> ComposeResult:
        with Horizontal():
            big = Static(id="bigmap")
            big.border_title = "Dungeon (tab or esc: back to the table)"
            yield big
            yield Static(id="side")

    def on_mount(self) -> None:
        """Draw once the widgets have their sizes."""
        self.set_class(self.app.size.width < 120, "-narrow")
        self.call_after_refresh(self.draw)

    def on_resize(self, _event: Any) -> None:
        """Fit the drawing to the new size."""
        self.set_class(self.app.size.width < 120, "-narrow")
        self.call_after_refresh(self.draw)

    def show(self, view: Any, seat: int | None, dests: Sequence[Destination], preview: Any = None) -> None:
        """Draw another position (the game went on while the map was open)."""
        self.view, self.seat, self.dests, self.preview = view, seat, list(dests), preview
        self.draw()

    def _options(self) -> dict[str, Any]:
        room = self.view.player(self.seat).room if self.seat is not None else None
        return {"preview": self.preview, "highlight": highlight(self.dests) or None,
                "focus": None if self.preview is not None else room, "pan": self.pan,
                "detail": self.detail, "legend_rows": 0}

    def draw(self) -> None:
        """Draw the map into the space the screen has, and the side list."""
        big = self.query_one("#bigmap", Static)
        width, height = big.content_region.width, big.content_region.height
        if width <= 0 or height <= 0:
            return
        options = self._options()
        self.window = mapdraw.map_window(self.view, width=width, height=height, **options)
        big.update(mapdraw.draw_map(self.view, width=width, height=height, **options), layout=False)
        self.query_one("#side", Static).update(side_panel(self.view, self.seat, self.dests, self.window,
                                                          self.detail))

    def on_key(self, event: Any) -> None:
        """Arrows pan, ``c`` centres, ``z`` zooms, a destination's key goes there, ``tab``,
        ``q`` or escape go back to the table."""
        key, ch = event.key, event.character or ""
        event.stop()
        if key in PAN:
            self.move(*PAN[key])
        elif ch == "c" or key == "home":
            self.pan = (0, 0)
            self.draw()
        elif ch == "z":
            self.detail = "compact" if self.detail == "named" else "named"
            self.pan = (0, 0)
            self.draw()
        elif key in ("escape", "tab") or ch == "q":
            self.dismiss(None)
        else:
            chosen = next((d for d in self.dests if d.key == ch), None)
            if chosen is not None:
                self.dismiss(list(chosen.actions))

    def move(self, dx: int, dy: int) -> None:
        """Pan by (dx, dy) tiles, no further than the map goes."""
        if self.window is None:
            return
        (left, right), (up, down) = self.window.pan_range
        x = min(max(self.window.pan[0] + dx, left), right)
        y = min(max(self.window.pan[1] + dy, up), down)
        if (x, y) != self.window.pan:
            self.pan = (x, y)
            self.draw()


__all__ = ["MapScreen", "side_panel"]
