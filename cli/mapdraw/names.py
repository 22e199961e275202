"""Readable names of rooms: how a player says them, and the short forms the map prints.

A room id is ``TILE.LOCAL`` (``su-4.reliquary``); players never see it. A room named after
its tile (the ``reliquary`` of "Dustveil Reliquary") is called by the tile's name, cut after
the matching word ("The Crypt" on "The Crypt Gate", but "Scriptorium of Ash" whole); another
room by its own name and its tile's ("Nave of Dustveil Reliquary").
"""

from __future__ import annotations

from typing import Any


def local_name(room_id: str) -> str:
    """The room's own name, capitalised: ``su-2.counting_house`` → ``"Counting house"``."""
    local = room_id.partition(".")[2] or room_id
    text = local.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def room_label(view: Any, room_id: str) -> str:
    """The short readable name of a room as a player says it: ``"Dustveil Reliquary"`` for
    the room the tile is named after, ``"Nave of Dustveil Reliquary"`` for another one.
    Never an internal id (an unknown room is named by its own words)."""
    tile_id, _, local = room_id.partition(".")
    tdef = view.ruleset.tiles.get(tile_id)
    own = local_name(room_id)
    if tdef is None:
        return own
    name = tdef.name.strip()
    words = name.split()
    wanted = local.replace("_", " ").lower().split()
    if len(wanted) == 1:
        want = wanted[0]
        for i, word in enumerate(words):
            w = word.lower().strip("'’,.:;!?")
            w = w[:-2] if w.endswith(("'s", "’s")) else w
            if want in (w, w + "s") or w == want + "s":
                rest = [x.lower() for x in words[i + 1:]]
                return name if rest and rest[0] in ("of", "and", "&") else " ".join(words[: i + 1])
    article = name[:4].lower() == "the "
    return f"{own} of {'the ' + name[4:] if article else name}"


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
