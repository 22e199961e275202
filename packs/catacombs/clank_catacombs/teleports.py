"""Teleport target kinds of base cards (C8, N5: card text overrides 'adjacent')."""

from __future__ import annotations

from clank.plugin import Registry

from clank_catacombs.depths import haunted, in_depths


def wayshrines(game, seat):
    """Waystone: from a wayshrine to another wayshrine."""
    here = game.player(seat).room
    if not game.room_has(here, "wayshrine"):
        return []
    return [r for r in game.placed_rooms() if game.room_has(r, "wayshrine") and r != here]


def haunted_tile(game, seat):
    """Spectral Rider: any room of another haunted tile."""
    here = game.player(seat).room
    tile = here.partition(".")[0] if here else None
    return [r for r in game.placed_rooms() if r.partition(".")[0] != tile and haunted(game.tile_of_room(r))]


def player_in_depths(game, seat):
    """Blink Spell: another player's room in the Depths."""
    out = []
    for p in game.players:
        if p.seat != seat and p.status == "live" and p.room and in_depths(game, p.room) and p.room not in out:
            out.append(p.room)
    return out


def register(registry: Registry) -> None:
    registry.add_teleport_kind("wayshrine", wayshrines, "From a wayshrine to another wayshrine.")
    registry.add_teleport_kind("haunted_tile", haunted_tile, "Any room of another haunted tile.")
    registry.add_teleport_kind("player_in_depths", player_in_depths, "Another player's room in the Depths.")
