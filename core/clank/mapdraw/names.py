"""Readable names of rooms as the map prints them, and fitting text into a few columns.

The names come from the engine (:meth:`clank.game.table.Table.room_label`, the one name the
log, the menus and the map share: :mod:`clank.game.naming`); this module only picks the form
the map needs.
"""

from __future__ import annotations

from typing import Any


def local_name(view: Any, room_id: str) -> str:
    """The room's own name, where space is short: ``"Nave"``, ``"Counting house"``."""
    return view.room_label(room_id, short=True)


def room_label(view: Any, room_id: str) -> str:
    """The readable name of a room as a heading writes it: ``"Dustveil Reliquary"`` for the
    room the tile is named after, ``"Nave of the Dustveil Reliquary"`` for another one. Never
    an internal id (an unknown room is named by its own words)."""
    return view.room_label(room_id)


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns with an ellipsis: ``fit("Scriptorium", 6)`` →
    ``"Scrip…"``."""
    if width <= 0:
        return ""
    if len(text) <= width:
        return text
    if width == 1:
        return text[0]
    return text[: width - 1].rstrip() + "…"
