"""How the base game's own actions and decision answers read in a menu (the ``label`` hooks of
:class:`~clank.plugin.ActionKindDef`, :class:`~clank.plugin.DecisionKindDef` and
:class:`~clank.plugin.RoomFeatureDef`): names of cards, tokens, tiles and rooms as a player
says them, never ids or rule ids. Every function reads a seat's view."""

from __future__ import annotations

from typing import Any

SIDES = {(0, 1): "north", (1, 0): "east", (0, -1): "south", (-1, 0): "west"}


def _card(view, card: str | None) -> str:
    cdef = view.card_defs.get(card) if card else None
    return cdef.name if cdef else "an empty slot"


def _token(view, token: str) -> str:
    tdef = view.token_defs.get(token)
    return tdef.name if tdef else token


def _tile(view, tile: str) -> str:
    tdef = view.tile_defs.get(tile)
    return tdef.name if tdef else "the tile"


def cell_words(view, x: int, y: int, region: str) -> str:
    """An empty cell as a player finds it on the map: ``"north of The Crypt Gate"``."""
    for t in view.tiles:
        if t.region != region:
            continue
        for dx, dy in view.tile_defs[t.tile].cells.values():
            side = SIDES.get((x - t.x - dx, y - t.y - dy))
            if side:
                return f"{side} of {_tile(view, t.tile)}"
    return "an empty cell"


# -- action kinds -------------------------------------------------------------------------------
def token_label(view, action) -> str:
    tdef = view.token_defs[action.args[0]]
    return f"use {tdef.name}" + (f": {tdef.text}" if tdef.text else "")


def cash_label(view, action) -> str:
    tdef = view.token_defs[action.args[0]]
    return f"trade {tdef.name} for {tdef.worth_gold} gold"


# -- decisions ----------------------------------------------------------------------------------
def replace_label(view, d: dict[str, Any], action) -> str:
    slot = int(action.args[0])
    return f"replace {_card(view, view.row[slot])} (row slot {slot + 1})"


def rotate_label(view, d: dict[str, Any], action) -> str:
    k = int(action.args[0])
    return f"turn {_tile(view, d['tile'])} {k * 90}° clockwise"


def place_label(view, d: dict[str, Any], action) -> str:
    if action.kind == "put":
        x, y = int(action.args[0]), int(action.args[1])
        room = view.player(d["seat"]).room
        region = view.tile_defs[room.partition(".")[0]].region if room else "catacombs"
        return f"put the next tile {cell_words(view, x, y, region)}"
    r = int(action.args[0])
    return f"lay {_tile(view, d['tile'])} " + (f"turned {r * 90}°" if r else "unturned")


def marble_label(view, d: dict[str, Any], action) -> str:
    if action.kind == "gold":
        return "gain 2 gold"
    return f"teleport into {view.room_name(action.args[0])}"


def remote_mark_label(view, d: dict[str, Any], action) -> str:
    if action.kind == "done":
        return "mark no wayshrine"
    return f"mark the wayshrine of {view.room_name(action.args[0])}"


def take_item_label(view, d: dict[str, Any], action) -> str:
    if action.kind == "done":
        return "take nothing"
    name = _token(view, action.args[0])
    price = int(d.get("price", 0))
    return (f"take {name}" + (f" for {price} gold" if price else "")
            + (f" using {_token(view, action.args[1])}" if len(action.args) > 1 else ""))


# -- room features ------------------------------------------------------------------------------
def reward_gold_label(arg: Any) -> str:
    return f"{int(arg or 1)} gold"


def artifact_label(arg: Any) -> str:
    plus = int(arg.get("plus", 0)) if isinstance(arg, dict) else 0
    return "artifact" + ("+" * plus)
