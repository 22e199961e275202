"""The one place the terminal front ends get the dungeon map from.

ADAPTER (issue 9, item 6): the map renderer ``clank.cli.mapdraw`` (tiles as boxes, tunnels as
lines with their icons, SVG) is being built on its own branch. Until it lands, these functions
draw the map with the table of :func:`clank.cli.render.dungeon_map` and name rooms here; when
it lands, each function below becomes a call of its ``mapdraw`` namesake and nothing else of
the front ends changes.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

LEGEND: list[tuple[str, str, str]] = [
    ("@P1", "bold red", "a player's pawn (xP1: knocked out)"),
    ("name", "green", "a room, then its features"),
    ("artifact 5", "yellow", "what lies in a room now (artifacts, idols, marks)"),
    ("▶", "bold", "the player whose turn it is"),
]
"""Glyph, style and meaning of what the map shows (the help screen's legend)."""


def room_label(view: Any, room_id: str) -> str:
    """A room as a player names it: ``"the nave of Dustveil Reliquary"``."""
    tile, _, local = room_id.partition(".")
    tdef = view.ruleset.tiles.get(tile)
    if tdef is None:
        return "a room"
    return f"the {local.replace('_', ' ')} of {tdef.name}"


def draw_map(view: Any, *, width: int, height: int, preview: Any = None,
             highlight: Any = None) -> RenderableType:
    """The dungeon map of ``view`` for a panel of ``width`` × ``height`` (the panel crops it).
    ``preview`` (a legal ``orient``/``place`` action) draws the discovered tile in place;
    ``highlight`` names rooms to stress. The adapter draws the tile table and says where the
    previewed placement leads above it."""
    from clank.cli import render  # render imports this module for room names

    drawn = render.dungeon_map(view)
    if preview is None:
        return drawn
    return Group(Text("preview: " + render.action_label(view, preview), style="bold yellow"), drawn)


def legend(view: Any) -> list[tuple[str, str, str]]:
    """(glyph, style, meaning) of everything the map draws."""
    return list(LEGEND)
